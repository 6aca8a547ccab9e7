/**
 * docs/requirements.md §14: what an action answers about a form it refused. Conform's
 * `submission.reply()` sends the whole submitted form back as `initialValue` (a 2 MB message was
 * answered with 2 MB); the reply built here echoes only the schema's own fields, each cut to the
 * schema's limit, with the field errors.
 */
import type { Submission, SubmissionResult } from '@conform-to/react';
import { z } from 'zod';

/** The echo of a field whose schema names no length (a number, a choice). */
const UNBOUNDED_FIELD_ECHO_CHARACTERS = 200;

type FormSchema = z.ZodObject;

/** The longest text the field's schema accepts, looking through optional, default and pipes. */
function maxLengthOf(field: z.core.$ZodType): number | null {
  let current: z.core.$ZodType = field;
  for (let depth = 0; depth < 8; depth += 1) {
    if (current instanceof z.ZodString) return current.maxLength;
    if (
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable ||
      current instanceof z.ZodDefault
    ) {
      current = current.unwrap();
    } else if (current instanceof z.ZodPipe) {
      current = current.in;
    } else {
      return null;
    }
  }
  return null;
}

/**
 * Control characters other than tab and line breaks are never kept (PostgreSQL refuses NUL), and
 * each one is six characters in the answer's JSON (`\u0000`): the echo drops them, then cuts.
 */
// eslint-disable-next-line no-control-regex
const UNKEPT_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function cut(value: string, maxCharacters: number): string {
  const kept = value.replace(UNKEPT_CONTROL_CHARACTERS, '');
  return kept.length <= maxCharacters ? kept : [...kept].slice(0, maxCharacters).join('');
}

/**
 * The form as a server action hands it to Conform: the schema's own fields, one value each (a
 * text, or an uploaded file that the schema checks). Conform reads `__intent__` and `__state__`
 * as JSON (garbage there threw, a 500) and echoes them; only the browser's own validation uses
 * them, never a submitted form.
 */
export function schemaFieldsOf(formData: FormData, schema: FormSchema): FormData {
  const fields = new FormData();
  const shape: Record<string, z.core.$ZodType> = schema.shape;
  let kept = 0;
  for (const [name, value] of formData) {
    // A list's items arrive as `lines[0].quantity` (docs/requirements.md §10's offer lines): kept by the list's
    // own name, one value per field name, at most a form's worth of them.
    if (!Object.hasOwn(shape, fieldRoot(name)) || fields.has(name)) continue;
    if (kept >= SCHEMA_FIELDS_MAX) break;
    fields.set(name, value);
    kept += 1;
  }
  return fields;
}

/** The most fields a form of ours sends (the offer composer: 50 lines of 4, and the rest). */
const SCHEMA_FIELDS_MAX = 400;

/** `lines[0].quantity` → `lines`: the schema field a submitted name belongs to. */
function fieldRoot(name: string): string {
  return name.split(/[.[]/, 1)[0] ?? name;
}

/** `submission.reply(options)` with the echo capped: known fields only, each within its limit. */
export function cappedReply(
  submission: Submission<unknown, string[]>,
  schema: FormSchema,
  options?: Parameters<Submission<unknown, string[]>['reply']>[0],
): SubmissionResult<string[]> {
  const reply = submission.reply(options);
  const shape: Record<string, z.core.$ZodType> = schema.shape;
  const known = (name: string) => Object.hasOwn(shape, fieldRoot(name));
  const initialValue = reply.initialValue
    ? Object.fromEntries(
        Object.entries(reply.initialValue).flatMap(([name, value]) => {
          const field = shape[name];
          if (!field || typeof value !== 'string') return [];
          const limit = maxLengthOf(field) ?? UNBOUNDED_FIELD_ECHO_CHARACTERS;
          return [[name, cut(value, limit)]];
        }),
      )
    : reply.initialValue;
  const error = reply.error
    ? Object.fromEntries(Object.entries(reply.error).filter(([name]) => name === '' || known(name)))
    : reply.error;
  return {
    status: reply.status,
    initialValue,
    error,
    fields: reply.fields?.filter(known),
  };
}
