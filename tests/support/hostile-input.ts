/**
 * Random and hostile text for the property tests of docs/decisions/010: very long strings, the whole of
 * Unicode (astral planes, right-to-left, combining marks), control characters and NUL, and SQL
 * and HTML fragments, alone and mixed into ordinary text.
 */
import fc from 'fast-check';

export const HOSTILE_FRAGMENTS = [
  "'; drop table products; --",
  "' OR '1'='1",
  '1; SELECT pg_sleep(10)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'שלום עולם',
  '𝕳𝖊𝖑𝖑𝖔 😀👩🏽‍🔧',
  'e\u0301\u0301\u0301',
  '\u200B\uFEFF',
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '%00%27',
  "=cmd|' /C calc'!A0",
  '\r\n\t',
  ' ',
] as const;

const controlCharacter = fc
  .integer({ min: 0, max: 0x1f })
  .chain((code) => fc.constantFrom(String.fromCharCode(code), String.fromCharCode(0x7f)));

/** Up to 100,000 characters: a fragment repeated to a random length. */
const veryLong = fc
  .tuple(fc.constantFrom(...HOSTILE_FRAGMENTS, 'a', '€'), fc.integer({ min: 1_000, max: 100_000 }))
  .map(([fragment, length]) =>
    fragment.repeat(Math.ceil(length / fragment.length)).slice(0, length),
  );

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_FRAGMENTS),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: controlCharacter, maxLength: 40 }),
  veryLong,
  fc
    .array(
      fc.oneof(fc.constantFrom(...HOSTILE_FRAGMENTS), fc.string({ unit: 'binary', maxLength: 20 })),
      {
        maxLength: 8,
      },
    )
    .map((parts) => parts.join('')),
);

/**
 * A form as an attacker might post it: every field valid except a random few, which get hostile
 * text or go missing. With no field chosen it is a valid form, so both outcomes are exercised.
 */
export function hostileForm<T extends Record<string, string>>(
  valid: T,
): fc.Arbitrary<Partial<Record<keyof T, string>>> {
  const names = Object.keys(valid) as (keyof T & string)[];
  return fc
    .subarray(names)
    .chain((chosen) =>
      fc.tuple(
        ...chosen.map((name) =>
          fc
            .option(hostileText, { freq: 6, nil: undefined })
            .map((value) => [name, value] as const),
        ),
      ),
    )
    .map((replacements) => {
      const form: Partial<Record<keyof T, string>> = { ...valid };
      for (const [name, value] of replacements) {
        if (value === undefined) delete form[name];
        else form[name] = value;
      }
      return form;
    });
}
