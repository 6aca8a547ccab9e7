/**
 * Route actions sign people in through `auth.api` (so the forms work without JavaScript and our
 * hooks run). This turns its answer into what an action needs: the value, the cookies to set, or
 * the error's status and message (spec §8: "Sign In Error" with the server message).
 */
import { isAPIError } from 'better-auth/api';
import type { AppContext } from './app-context';

export type AuthCallResult<T> =
  | { ok: true; value: T; headers: Headers }
  | { ok: false; status: number; message: string; headers: Headers };

export async function callAuth<T>(
  app: Pick<AppContext, 'logger'>,
  call: () => Promise<{ headers: Headers; response: T }>,
): Promise<AuthCallResult<T>> {
  try {
    const { headers, response } = await call();
    return { ok: true, value: response, headers: replyHeaders(headers) };
  } catch (error) {
    if (isAPIError(error)) {
      const headers = replyHeaders(new Headers(error.headers));
      return {
        ok: false,
        status: error.statusCode,
        message: error.body?.message ?? error.message,
        headers,
      };
    }
    app.logger.error({ err: error }, 'identity call failed');
    return {
      ok: false,
      status: 500,
      message: 'An unexpected error occurred. Please try again.',
      headers: new Headers(),
    };
  }
}

/** Only the cookies and Retry-After of Better Auth's answer belong on the page's response. */
function replyHeaders(source: Headers): Headers {
  const headers = new Headers();
  for (const cookie of source.getSetCookie()) headers.append('Set-Cookie', cookie);
  const retryAfter = source.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
}

/**
 * A route's `headers` export for pages whose actions sign in or out: React Router builds a
 * document's headers from here, so the cookies and Retry-After of the action are passed on.
 */
export function authActionHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  return replyHeaders(actionHeaders);
}
