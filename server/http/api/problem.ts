/**
 * docs/requirements.md §11: every refusal of `/api/v1` is an RFC 9457 problem (`application/problem+json`): the
 * spec's message in `detail`, and a refused body's field errors in `errors`.
 */
import type { ZodError } from 'zod';
import { apiTexts, type Problem } from '../../../core/api/api-schemas';
import { type DomainError, httpStatusOf } from '../../modules/errors';
import { API_BASE_PATH } from './base-path';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export function problemBody(status: number, detail: string, errors?: Problem['errors']): Problem {
  return {
    type: 'about:blank',
    title: titles[status] ?? 'Error',
    status,
    detail,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}

export function problemResponse(
  status: number,
  detail: string,
  options: { errors?: Problem['errors']; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(problemBody(status, detail, options.errors)), {
    status,
    headers: {
      'Content-Type': PROBLEM_CONTENT_TYPE,
      'Cache-Control': 'no-store',
      ...options.headers,
    },
  });
}

/** A JSON Pointer to a field (RFC 6901), for `errors[].pointer`. */
function pointerOf(path: readonly PropertyKey[]): string {
  return `#/${path.map((part) => String(part).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

/** A body or query that failed its schema: 422, the first message in `detail`, all in `errors`. */
export function invalidInputResponse(error: ZodError): Response {
  const errors = error.issues.map((issue) => ({
    pointer: pointerOf(issue.path),
    detail: issue.message,
  }));
  return problemResponse(422, errors[0]?.detail ?? apiTexts.invalid, { errors });
}

/** A module's refusal as its problem; anything else is not ours to describe. */
export function domainProblemResponse(error: DomainError, retryAfterSeconds?: number): Response {
  // `invalid` from a module is a well-formed request the rules refuse: 422, as for a schema.
  const status = error.code === 'invalid' ? 422 : httpStatusOf[error.code];
  return problemResponse(status, error.message, {
    headers: retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {},
  });
}

/**
 * A refusal made in front of every route (a NUL in the address, a body too large, a foreign
 * Origin): a problem for the JSON API, which promises one for every refusal, plain text elsewhere.
 */
export function frontDoorRefusal(path: string, status: number, text: string): Response {
  if (path === API_BASE_PATH || path.startsWith(`${API_BASE_PATH}/`)) {
    return problemResponse(status, text);
  }
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=UTF-8' } });
}
