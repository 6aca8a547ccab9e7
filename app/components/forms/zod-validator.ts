/**
 * The browser's half of a form's check, loaded with the form's schema on first use (docs/decisions/020):
 * the same Conform parse of the same `core/` schema that the server's answer pipeline runs
 * (server/http/answer.ts), so both say the same messages.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import type { FormValidator } from './lazy-form';

export function zodValidator(schema: z.ZodType): FormValidator {
  return (formData) => parseWithZod(formData, { schema, disableAutoCoercion: true });
}
