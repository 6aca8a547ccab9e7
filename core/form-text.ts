/** Text fields as forms post them, before the rules of each form apply. */
import { z } from 'zod';

/**
 * A text field whose value can be stored: PostgreSQL text cannot hold NUL (U+0000) and refuses
 * the whole write, so it is dropped here rather than turning a pasted value into a server error.
 */
export function formText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite((value) => value.replaceAll('\u0000', ''));
}
