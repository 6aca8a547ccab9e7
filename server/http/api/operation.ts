/**
 * docs/requirements.md §11: one definition per API operation: its OpenAPI route (from core/'s zod schemas), who
 * may call it, and whether it honours `Idempotency-Key`. The access check and the idempotency
 * claim run as the route's first middleware, before the body is read or validated.
 */
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  apiTexts,
  IDEMPOTENCY_KEY_MAX_CHARACTERS,
  problemSchema,
} from '../../../core/api/api-schemas';
import {
  JSON_BODY_MAX_BYTES,
  jsonBoundsProblem,
  wellFormedJson,
} from '../../../core/forms/json-bounds';
import { formShapeOf } from '../../../core/forms/schema-paths';
import type { PublicForm } from '../form-guard';
import { checkAccess, type ApiAccess, type ApiEnv } from './context';
import { idempotentCreate } from './idempotency';
import { PROBLEM_CONTENT_TYPE, problemResponse } from './problem';

const problem = (description: string) => ({
  description,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
});

/** The refusals any operation may answer with; each is a Problem. */
const refusals = {
  400: problem(
    'The request is malformed (a header or cursor that is not ours, a JSON body nested too deep).',
  ),
  401: problem('No credentials, or an API key or token that is not valid.'),
  403: problem('The caller may not do this (a customer, or a key without the scope).'),
  404: problem('No such resource, or not one the caller may see.'),
  409: problem('The resource is not in a state that allows this.'),
  413: problem(`The JSON body is larger than ${JSON_BODY_MAX_BYTES / 1024} KB.`),
  415: problem('The body is not JSON.'),
  422: problem('A field is invalid: `errors` lists each with its message.'),
  429: problem('Too many requests; `Retry-After` says when to try again.'),
} as const;

const idempotencyHeader = z.object({
  'idempotency-key': z.string().max(IDEMPOTENCY_KEY_MAX_CHARACTERS).optional().meta({
    description:
      'A key of your choosing (a UUID): a retry with the same key and body returns the first answer and creates nothing new. Kept 24 hours, per API key or account; for a guest, per quote list (its cookie). A guest without a quote list’s cookie is not answered from a key: each request is its own.',
  }),
});

/** The OpenAPI security requirement of an access rule. */
function securityOf(access: ApiAccess) {
  if (access.kind === 'public') return [];
  if (access.kind === 'customer') return [{ bearerToken: [] }, { sessionCookie: [] }];
  // docs/requirements.md §18: a customer by token or session, or a guest by the list's cookie, or none yet.
  if (access.kind === 'buyer') {
    return [{ bearerToken: [] }, { sessionCookie: [] }, { quoteListCookie: [] }, {}];
  }
  return [{ apiKey: [access.scope] }, { sessionCookie: [] }];
}

export function operation<
  const P extends string,
  const R extends Omit<RouteConfig, 'path' | 'middleware' | 'security'> & { path: P },
>(
  config: R & {
    access: ApiAccess;
    idempotent?: boolean;
    form?: PublicForm;
    /** A check of the body of its own, before the route's schema (docs/requirements.md §18: which form it is). */
    checkBody?: MiddlewareHandler<ApiEnv>;
  },
) {
  const { access, idempotent, form, checkBody, ...route } = config;
  const jsonBody = (
    route.request?.body?.content as Record<string, { schema?: unknown }> | undefined
  )?.['application/json']?.schema as z.ZodType | undefined;
  return createRoute({
    ...route,
    ...(idempotent ? { request: { ...route.request, headers: idempotencyHeader } } : {}),
    security: securityOf(access),
    middleware: [
      checkAccess(access, form),
      ...(jsonBody ? [boundedJsonBody(jsonBody)] : []),
      ...(idempotent ? [idempotentCreate()] : []),
      ...(checkBody ? [checkBody] : []),
    ],
    responses: { ...refusals, ...route.responses },
  } as unknown as R & { path: P });
}

/**
 * docs/requirements.md §14, decision 004: a JSON body's size, depth and arrays are checked on its
 * text, after the caller is known and before anything parses it: a larger body is answered 413,
 * one nested too deep 400, and an array longer than its schema allows 422 with the schema's own
 * message and the array's pointer, as the schema itself would answer it.
 */
function boundedJsonBody(schema: z.ZodType): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const contentType = c.req.header('content-type') ?? '';
    // Any other encoding is the route's validator's to refuse (415).
    if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType.trim())) return next();
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > JSON_BODY_MAX_BYTES) return problemResponse(413, apiTexts.bodyTooLarge);
    // A body without a declared length is read to its end (the app caps every body) and measured.
    const text = await c.req.text();
    if (Buffer.byteLength(text, 'utf8') > JSON_BODY_MAX_BYTES) {
      return problemResponse(413, apiTexts.bodyTooLarge);
    }
    const problem = jsonBoundsProblem(text, formShapeOf(schema));
    if (problem?.kind === 'too-deep') return problemResponse(400, apiTexts.bodyTooDeep);
    if (problem) {
      // A list too long is a field error, answered as the schema answers it (422, its message).
      const detail =
        problem.message ?? `The array at ${problem.pointer} can hold at most ${problem.max} items.`;
      return problemResponse(422, detail, { errors: [{ pointer: problem.pointer, detail }] });
    }
    // Every later reader (the route's schema, the module, the idempotency key) reads this text.
    // (Hono keeps each body reading as a promise; its type says the value.)
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(wellFormedJson(text));
    await next();
  };
}

/** The JSON content of a response or body. */
export function json<S extends z.ZodType>(schema: S, description = '') {
  return { description, content: { 'application/json': { schema } } } as const;
}

/**
 * The request's JSON as sent, for the module: the route's schema has already checked it (for the
 * field errors), and the module parses it again with the same core/ schema, as it does the pages'
 * raw form fields (a parsed body would not parse twice: its empty texts are already nulls, its rupees already
 * paise).
 */
export async function sentBody(c: Context): Promise<Record<string, unknown>> {
  return (await c.req.json()) as Record<string, unknown>;
}
