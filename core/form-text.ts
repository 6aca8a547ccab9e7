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
 * The key of a stored row as a form or an address names it (a product's id). One PostgreSQL can
 * compare: a key with NUL, or longer than any key we make, names no row rather than failing.
 */
export const rowKey = z
  .string()
  .min(1)
  .max(200)
  .refine((key) => !key.includes('\u0000'));
