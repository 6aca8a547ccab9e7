/**
 * docs/requirements.md §14 ("the actor is checked before any work"): a route for signed-in users reads a
 * visitor's post only when it declares a small length. That is enough for the route to shape its
 * sign-in answer (which form asked, which page to go back to) and never lets a visitor make the
 * server parse a large body. Node's HTTP parser reads no more than the declared length.
 */
import { requireUser } from '../modules/kernel';
import type { AppContext } from './app-context';

/** The largest community or wishlist form, percent-encoded, fits well within this. */
export const VISITOR_BODY_LIMIT = 32 * 1024;

export function visitorBodyIsSmall(request: Request): boolean {
  const declared = request.headers.get('content-length');
  return declared !== null && /^\d+$/.test(declared) && Number(declared) <= VISITOR_BODY_LIMIT;
}

/**
 * An answer pipeline `guard`: a visitor whose post is not small is asked to sign in before the
 * body is read (the route's forms need a signed-in user; the modules check again).
 */
export function refuseLargeVisitorBody(app: Pick<AppContext, 'actor'>, request: Request): void {
  if (!app.actor && !visitorBodyIsSmall(request)) requireUser(app.actor);
}
