/**
 * A route's `headers` export for pages whose actions sign in or out (server/modules/identity):
 * React Router builds a document's headers from here, not from the action's reply, so the
 * cookies and Retry-After of the action are passed on.
 */
import { copyAuthReplyHeaders } from '../modules/identity';

export function authActionHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  return copyAuthReplyHeaders(actionHeaders, new Headers());
}
