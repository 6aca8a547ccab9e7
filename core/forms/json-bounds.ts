/**
 * A JSON body's bounds, checked on its text before anything parses it into objects
 * (docs/requirements.md §14, decision 004 amended 2026-11-28): how deep it nests, and how long each of its
 * arrays is against its schema's own maximum (schema-paths.ts). One pass over the characters,
 * holding one frame per open bracket, so a hostile body costs no more than its length.
 */
import { UNBOUNDED_LIST_MAX, type SchemaShape } from './schema-paths';

/** The largest JSON body the API reads; no request of ours comes near it. */
export const JSON_BODY_MAX_BYTES = 256 * 1024;
/** The deepest nesting the API reads; its schemas nest four levels at most. */
export const JSON_DEPTH_MAX = 8;

export type JsonBoundsProblem =
  | { kind: 'too-deep'; depth: number }
  | { kind: 'array-too-long'; pointer: string; max: number; message?: string };

interface Frame {
  kind: 'object' | 'array';
  /** The schema's shape here; undefined where the schema has no such key. */
  shape: SchemaShape | undefined;
  /** Items so far (an array's), or whether a key is awaited (an object's). */
  items: number;
  awaitingKey: boolean;
  key: string | null;
  /** A JSON Pointer to this container, for the problem's answer. */
  pointer: string;
}

function childShape(frame: Frame | undefined, root: SchemaShape | undefined) {
  if (!frame) return root;
  if (frame.kind === 'array') return frame.shape?.list?.item;
  const key = frame.key ?? '';
  return frame.shape?.fields?.get(key) ?? frame.shape?.record;
}

function childPointer(frame: Frame | undefined): string {
  if (!frame) return '#';
  const step = frame.kind === 'array' ? String(frame.items - 1) : (frame.key ?? '');
  return `${frame.pointer}/${step.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/**
 * The first bound the text breaks, or null. Text that is not JSON is left to the parser, which
 * refuses it on its own: this only counts brackets, commas and keys outside strings.
 */
export function jsonBoundsProblem(
  text: string,
  schema: SchemaShape | undefined,
  depthMax = JSON_DEPTH_MAX,
): JsonBoundsProblem | null {
  const stack: Frame[] = [];
  let index = 0;
  while (index < text.length) {
    const character = text[index]!;
    if (character === '"') {
      // A string: skipped whole; an object's key is kept to follow the schema's shape.
      let end = index + 1;
      let escaped = false;
      while (end < text.length) {
        const inner = text[end]!;
        if (inner === '\\') escaped = true;
        else if (inner === '"') break;
        end += inner === '\\' ? 2 : 1;
      }
      const top = stack[stack.length - 1];
      if (top?.kind === 'object' && top.awaitingKey) {
        const raw = text.slice(index + 1, end);
        let key = raw;
        if (escaped) {
          try {
            key = JSON.parse(`"${raw}"`) as string;
          } catch {
            key = raw;
          }
        }
        top.key = key;
        top.awaitingKey = false;
      } else if (top?.kind === 'array' && top.items === 0) {
        top.items = 1;
      }
      index = end + 1;
      continue;
    }
    if (character === '{' || character === '[') {
      const parent = stack[stack.length - 1];
      if (parent?.kind === 'array' && parent.items === 0) parent.items = 1;
      if (stack.length + 1 > depthMax) return { kind: 'too-deep', depth: stack.length + 1 };
      stack.push({
        kind: character === '{' ? 'object' : 'array',
        shape: childShape(parent, schema),
        items: 0,
        awaitingKey: character === '{',
        key: null,
        pointer: childPointer(parent),
      });
    } else if (character === '}' || character === ']') {
      stack.pop();
    } else if (character === ',') {
      const top = stack[stack.length - 1];
      if (top?.kind === 'object') {
        top.awaitingKey = true;
        top.key = null;
      } else if (top?.kind === 'array') {
        top.items += 1;
      }
    } else if (!/\s/.test(character)) {
      // The first value of an array that is not a container (a number, true, a string above).
      const top = stack[stack.length - 1];
      if (top?.kind === 'array' && top.items === 0) top.items = 1;
    }
    const top = stack[stack.length - 1];
    if (top?.kind === 'array') {
      const max = top.shape?.list?.max ?? UNBOUNDED_LIST_MAX;
      if (top.items > max) {
        const message = top.shape?.list?.message;
        return {
          kind: 'array-too-long',
          pointer: top.pointer,
          max,
          ...(message ? { message } : {}),
        };
      }
    }
    index += 1;
  }
  return null;
}

/** A UTF-16 half with no partner: JSON's `\ud835` escape makes one, which no text can encode. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text with each lone surrogate replaced by U+FFFD, as a UTF-8 decoder reads a broken byte. */
export function wellFormedText(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * A bounded JSON body with every string and key made well-formed (docs/requirements.md §14: bad
 * input gets a 4xx, never a 5xx). A lone surrogate is the one thing JSON carries that no other
 * body can: forms and files are decoded from UTF-8, which has none. Stored as it came, it breaks
 * PostgreSQL's `json` (the activity log, events, jobs) with a 5xx. Text that is not JSON is
 * returned unchanged, for the parser to refuse. Call only after `jsonBoundsProblem` passed.
 */
export function wellFormedJson(text: string): string {
  // Decoded from UTF-8, the text itself has none; only an escape can make one.
  if (!/\\u[dD][89a-fA-F]/.test(text)) return text;
  try {
    const value: unknown = JSON.parse(text, (_key, item: unknown) => {
      if (typeof item === 'string') return wellFormedText(item);
      if (item && typeof item === 'object' && !Array.isArray(item)) {
        return Object.fromEntries(
          Object.entries(item).map(([name, inner]) => [wellFormedText(name), inner]),
        );
      }
      return item;
    });
    return JSON.stringify(value);
  } catch {
    return text;
  }
}
