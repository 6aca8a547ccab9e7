/** Text fields as forms post them, before the rules of each form apply. */
import { z } from 'zod';

/**
 * A text field whose value can be stored: PostgreSQL text cannot hold NUL (U+0000) and refuses
 * the whole write, so it is dropped here rather than turning a pasted value into a server error.
 */
export function formText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite((value) => value.replaceAll('\u0000', ''));
}

/**
 * docs/requirements.md §14 "Content and files": characters that show nothing themselves but change
 * how the text around them reads. The bidirectional controls: embeddings and overrides
 * (U+202A–U+202E), isolates (U+2066–U+2069) and marks (U+200E, U+200F, U+061C); the zero-width
 * characters (U+200B–U+200D, the word joiner U+2060 and the invisible operators U+2061–U+2064);
 * and the byte-order mark (U+FEFF). In a name they make two names that look the same differ
 * ("Kalakriti" and "Kala\u200Bkriti"), or show a name, and the text after it, written backwards.
 */
const INVISIBLE_CHARACTER = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

export const INVISIBLE_CHARACTERS_MESSAGE =
  'Please remove the invisible characters, such as zero-width spaces or text-direction marks';

/** Whether every character of `value` shows: none of the invisible ones above. */
export function hasOnlyVisibleCharacters(value: string): boolean {
  return !INVISIBLE_CHARACTER.test(value);
}

/**
 * A text field that others see as a name or a label (the shop's name and settings, a person's or
 * a company's name, a product's name, an address line): its invisible characters are refused
 * with a message, never dropped in silence. A name is shown inside other text ("Review by {name}",
 * a mail's subject), where a direction control would reorder the words around it. Long prose (a
 * review, a message, notes) stays `formText`: it is shown as a paragraph of its own, where the
 * bidirectional algorithm ends every control, and it may need a joiner (an emoji sequence, a word
 * in an Indian script).
 */
export function visibleText(params?: Parameters<typeof z.string>[0]) {
  return formText(params).refine(hasOnlyVisibleCharacters, INVISIBLE_CHARACTERS_MESSAGE);
}

/**
 * The key of a stored row as a form or an address names it (a product's id). One PostgreSQL can
 * compare: a key with NUL, or longer than any key we make, names no row rather than failing.
 */
export const rowKey = z
  .string()
  .min(1)
  .max(200)
  .refine((key) => !key.includes('\u0000'));
