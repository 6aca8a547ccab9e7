import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonBoundsProblem, JSON_DEPTH_MAX, wellFormedJson } from './json-bounds';
import { schemaShapeOf, UNBOUNDED_LIST_MAX } from './schema-paths';

const shape = schemaShapeOf(
  z.object({
    name: z.string(),
    lines: z
      .array(z.object({ productId: z.string(), tags: z.array(z.string()).max(2) }))
      .max(3, 'At most three lines'),
  }),
);

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('the bounds of a JSON body, read from its text', () => {
  it('lets a body within its schema through', () => {
    const body = JSON.stringify({
      name: 'Asha [,] {"x"}',
      lines: [
        { productId: 'a', tags: ['x', 'y'] },
        { productId: 'b,[', tags: [] },
        { productId: 'c', tags: ['z'] },
      ],
    });
    expect(jsonBoundsProblem(body, shape)).toBeNull();
  });

  it("refuses an array longer than its schema's maximum, wherever it sits", () => {
    const four = JSON.stringify({ lines: [1, 2, 3, 4].map(() => ({ productId: 'a' })) });
    expect(jsonBoundsProblem(four, shape)).toEqual({
      kind: 'array-too-long',
      pointer: '#/lines',
      max: 3,
      message: 'At most three lines',
    });
    const tags = JSON.stringify({ lines: [{ productId: 'a', tags: ['x', 'y', 'z'] }] });
    expect(jsonBoundsProblem(tags, shape)).toEqual({
      kind: 'array-too-long',
      pointer: '#/lines/0/tags',
      max: 2,
    });
    // Strings as items are counted too, commas inside them are not.
    expect(jsonBoundsProblem('{"lines":[{"tags":["a,b","c"]}]}', shape)).toBeNull();
    expect(jsonBoundsProblem('{"lines":[{"tags":["a","b","c"]}]}', shape)).not.toBeNull();
  });

  it('follows an escaped key to its schema field', () => {
    const body = '{"l\\u0069nes":[{},{},{},{}]}';
    expect(jsonBoundsProblem(body, shape)).toMatchObject({ kind: 'array-too-long', max: 3 });
  });

  it('caps an array the schema does not name', () => {
    const long = JSON.stringify({ other: Array.from({ length: UNBOUNDED_LIST_MAX + 1 }, () => 0) });
    expect(jsonBoundsProblem(long, shape)).toMatchObject({ kind: 'array-too-long' });
    const fits = JSON.stringify({ other: Array.from({ length: UNBOUNDED_LIST_MAX }, () => 0) });
    expect(jsonBoundsProblem(fits, shape)).toBeNull();
  });

  it(`refuses nesting deeper than ${JSON_DEPTH_MAX}, before reading any further`, () => {
    expect(jsonBoundsProblem(nested(JSON_DEPTH_MAX), undefined)).toBeNull();
    expect(jsonBoundsProblem(nested(JSON_DEPTH_MAX + 1), undefined)).toEqual({
      kind: 'too-deep',
      depth: JSON_DEPTH_MAX + 1,
    });
    // A hundred thousand brackets are answered at the ninth.
    expect(jsonBoundsProblem('{"a":'.repeat(100_000), shape)).toMatchObject({ kind: 'too-deep' });
  });

  it('leaves text that is not JSON to the parser', () => {
    expect(jsonBoundsProblem('not json', shape)).toBeNull();
    expect(jsonBoundsProblem('"unterminated', shape)).toBeNull();
    expect(jsonBoundsProblem(']]]', shape)).toBeNull();
  });
});

describe('a JSON body made well-formed before anything stores it', () => {
  it('replaces a lone surrogate escape in a value or a key with U+FFFD', () => {
    const text = JSON.stringify({ note: 'ab\ud835', '\udc00k': ['\ud835\udd73 ok', 'z\udc00'] });
    expect(JSON.parse(wellFormedJson(text))).toEqual({
      note: 'ab\uFFFD',
      '\uFFFDk': ['\ud835\udd73 ok', 'z\uFFFD'],
    });
  });
  it('leaves a paired surrogate, an escaped backslash and text that is not JSON as they are', () => {
    const paired = JSON.stringify({ note: '𝕳 😀 \\ud835' });
    expect(wellFormedJson(paired)).toBe(paired);
    expect(wellFormedJson('{"note": "\\ud835"')).toBe('{"note": "\\ud835"');
  });
});
