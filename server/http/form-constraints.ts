/**
 * A page's form limits as plain loader data (docs/decisions/020): `required`, `maxLength`, `min`… derived
 * from each form's `core/` schema here on the server, so the page's JavaScript needs no zod to
 * render them, and the limits stay written once. A form finds its own with
 * `useFormConstraints(key)` (app/components/forms/lazy-form.ts), keyed by the intent it posts.
 */
import { getZodConstraint } from '@conform-to/zod/v4';
import type { z } from 'zod';

export type FormConstraintsData = Record<string, ReturnType<typeof getZodConstraint>>;

export function formConstraints(schemas: Record<string, z.ZodType>): FormConstraintsData {
  return Object.fromEntries(
    Object.entries(schemas).map(([key, schema]) => [key, getZodConstraint(schema)]),
  );
}

/** The limits of every form a page's action answers, keyed by the intent each form posts. */
export function intentConstraints(
  intents: Record<string, { schema?: z.ZodType }>,
): FormConstraintsData {
  return formConstraints(
    Object.fromEntries(
      Object.entries(intents).flatMap(([name, { schema }]) => (schema ? [[name, schema]] : [])),
    ),
  );
}
