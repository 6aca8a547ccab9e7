/**
 * issue 17: one definition per API operation: its OpenAPI route (from core/'s zod schemas), who
 * may call it, and whether it honours `Idempotency-Key`. The access check and the idempotency
 * claim run as the route's first middleware, before the body is read or validated.
 */
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX_CHARACTERS, problemSchema } from '../../../core/api-schemas';
import type { PublicForm } from '../form-guard';
import { checkAccess, type ApiAccess, type ApiEnv } from './context';
import { idempotentCreate } from './idempotency';
import { PROBLEM_CONTENT_TYPE } from './problem';

const problem = (description: string) => ({
  description,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
});

/** The refusals any operation may answer with; each is a Problem. */
const refusals = {
  400: problem('The request is malformed (a header or cursor that is not ours).'),
  401: problem('No credentials, or an API key or token that is not valid.'),
  403: problem('The caller may not do this (a customer, or a key without the scope).'),
  404: problem('No such resource, or not one the caller may see.'),
  409: problem('The resource is not in a state that allows this.'),
  415: problem('The body is not JSON.'),
  422: problem('A field is invalid: `errors` lists each with its message.'),
  429: problem('Too many requests; `Retry-After` says when to try again.'),
} as const;

const idempotencyHeader = z.object({
  'idempotency-key': z.string().max(IDEMPOTENCY_KEY_MAX_CHARACTERS).optional().meta({
    description:
      'A key of your choosing (a UUID): a retry with the same key and body returns the first answer and creates nothing new. Kept 24 hours.',
  }),
});

/** The OpenAPI security requirement of an access rule. */
function securityOf(access: ApiAccess) {
  if (access.kind === 'public') return [];
  if (access.kind === 'customer') return [{ bearerToken: [] }, { sessionCookie: [] }];
  // issue 29: a customer by token or session, or a guest by the list's cookie, or none yet.
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
    /** A check of the body of its own, before the route's schema (issue 29: which form it is). */
    checkBody?: MiddlewareHandler<ApiEnv>;
  },
) {
  const { access, idempotent, form, checkBody, ...route } = config;
  return createRoute({
    ...route,
    ...(idempotent ? { request: { ...route.request, headers: idempotencyHeader } } : {}),
    security: securityOf(access),
    middleware: [
      checkAccess(access, form),
      ...(idempotent ? [idempotentCreate()] : []),
      ...(checkBody ? [checkBody] : []),
    ],
    responses: { ...refusals, ...route.responses },
  } as unknown as R & { path: P });
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
