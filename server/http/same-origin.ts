/**
 * docs/requirements.md §14: one check of every state-changing request against the shop's own origin
 * (PUBLIC_URL), in front of every route: pages, `.data` posts, resource routes, /api/auth/*, the
 * event stream and the JSON API. React Router checks Origin on page and `.data` posts only, and
 * SameSite=Lax cookies still travel with a form posted from a page on another port of this host.
 */
import type { MiddlewareHandler } from 'hono';
import { frontDoorRefusal } from './api/problem';

/** Methods that only read: the browser may send them from anywhere. */
const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Fetch Metadata values a browser sends for a request the shop's own pages (or the user) made. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

export const CROSS_ORIGIN_REFUSAL = 'This request came from another site and was refused.';

export interface RequestOriginFacts {
  method: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
  authorization: string | undefined;
  cookie: string | undefined;
}

/** Whether a request may go on to its route; `shopOrigin` is PUBLIC_URL's origin. */
export function isAllowedOrigin(request: RequestOriginFacts, shopOrigin: string): boolean {
  if (READING_METHODS.has(request.method.toUpperCase())) return true;
  // docs/requirements.md §14: an API client that signs its calls with a bearer token and sends no cookie cannot be
  // made to send them by another site: a browser adds cookies on its own, never this header.
  if (!request.cookie && /^bearer\s+\S/i.test(request.authorization ?? '')) return true;
  // An opaque origin (`Origin: null`: sandboxed frames, data: pages, some redirects) is foreign.
  if (request.origin !== undefined) return request.origin === shopOrigin;
  if (request.secFetchSite !== undefined) {
    return OWN_FETCH_SITES.has(request.secFetchSite.toLowerCase());
  }
  // Neither header: not a browser (curl, a server, a mail client's one-click unsubscribe). Forging
  // a cross-site request needs a victim's browser, and every browser in use sends one of the two.
  return true;
}

/**
 * Refuses a foreign state-changing request with 403 before anything reads its body, looks up a
 * session or runs a route.
 */
export function sameOriginGuard(publicUrl: string): MiddlewareHandler {
  const shopOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    const allowed = isAllowedOrigin(
      {
        method: c.req.method,
        origin: c.req.header('origin'),
        secFetchSite: c.req.header('sec-fetch-site'),
        authorization: c.req.header('authorization'),
        cookie: c.req.header('cookie'),
      },
      shopOrigin,
    );
    if (!allowed) return frontDoorRefusal(c.req.path, 403, CROSS_ORIGIN_REFUSAL);
    await next();
  };
}
