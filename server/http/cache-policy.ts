/**
 * Which responses a shared cache (a CDN, a proxy) may keep (docs/requirements.md §16 "caching where it is safe"):
 * the public catalogue and content pages, fetched by a visitor without a session, when they
 * answered 200. Everything else is `private, no-store`: a page rendered for a signed-in user, a
 * form's reply or an account page must never be handed to someone else.
 */
import { currencyOfAcceptLanguage } from '../../core/money/display-currency';

/**
 * A minute fresh, then up to ten more minutes served stale while one request refreshes it.
 * Pages carry no price or stock (spec §1: sold by quotation), so a catalogue edit showing up to a
 * minute late misleads no one, and a CDN answers every visitor but one per minute from its copy.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * docs/decisions/026: before a buyer chooses a currency, a page shows approximate amounts in their
 * browser's region's currency (Accept-Language), so a shared copy is kept per that currency: the
 * in-process page cache keys on it, and a CDN is told to vary on the header. A chosen currency
 * (its cookie) makes the page the browser's own, like the quote list's cookie.
 */
export const PUBLIC_PAGE_VARY = 'Cookie, Accept-Language';

/** The part of a shared page's key that its amounts depend on: '' or the region's currency. */
export function sharedPageVariant(acceptLanguage: string | null): string {
  return currencyOfAcceptLanguage(acceptLanguage) ?? '';
}

/** The catalogue and content pages of spec §2 that are the same for every visitor. */
const PUBLIC_PAGE_PATHS = [
  /^\/$/,
  /^\/shop(\/[^/]+)?$/,
  /^\/product\/[^/]+$/,
  /^\/blog(\/[^/]+)?$/,
  /^\/(about|customisations|faq|shipping|privacy|terms|artisans|payment|contact)$/,
];

export interface CacheDecisionInput {
  method: string;
  /** The URL path, `.data` requests (React Router's loader data) included. */
  path: string;
  /** The URL's query string (`?q=…`), or ''. */
  search: string;
  /** The request carries a session cookie (valid or not). */
  hasSession: boolean;
  /** The client is a crawler: its pages differ (no welcome pop-up), so they stay out of shared caches. */
  isBot: boolean;
  status: number;
  /** The response sets a cookie, which belongs to one browser only. */
  setsCookie: boolean;
  /** The Cache-Control the route chose itself, if any. */
  routeCacheControl: string | null;
}

/** The page a `.data` request reads the loaders of: `/product/x.data` → `/product/x`. */
function pagePathOf(path: string): string {
  if (path === '/_root.data') return '/';
  return path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
}

export function isPublicPagePath(path: string): boolean {
  const pagePath = pagePathOf(path);
  return PUBLIC_PAGE_PATHS.some((pattern) => pattern.test(pagePath));
}

/**
 * A request whose successful answer is the same for every visitor: an anonymous read of a public
 * page by a person (crawlers get a page without the welcome pop-up).
 */
/**
 * docs/requirements.md §20: a search of the shop (`/shop?q=…`) reaches its loader every time, where a search that
 * finds nothing is counted for the owner; a cached copy would hide the repeats.
 */
function isShopSearch(path: string, search: string): boolean {
  return /^\/shop(\/[^/]+)?$/.test(pagePathOf(path)) && new URLSearchParams(search).has('q');
}

export function isSharedPageRequest(
  input: Pick<CacheDecisionInput, 'method' | 'path' | 'search' | 'hasSession' | 'isBot'>,
): boolean {
  const reads = input.method === 'GET' || input.method === 'HEAD';
  return (
    reads &&
    !input.hasSession &&
    !input.isBot &&
    isPublicPagePath(input.path) &&
    !isShopSearch(input.path, input.search)
  );
}

/** The Cache-Control a response leaves with, and whether it must vary on the Cookie header. */
export function cacheDecision(input: CacheDecisionInput): {
  cacheControl: string;
  varyOnCookie: boolean;
} {
  const reads = input.method === 'GET' || input.method === 'HEAD';
  const publicPage = isPublicPagePath(input.path);
  // The anonymous and the signed-in page share one URL: a browser cache must tell them apart.
  const varyOnCookie = reads && publicPage;
  if (!reads || input.hasSession || input.setsCookie) {
    return { cacheControl: PRIVATE_CACHE_CONTROL, varyOnCookie };
  }
  if (input.routeCacheControl) return { cacheControl: input.routeCacheControl, varyOnCookie };
  const shared = isSharedPageRequest(input) && input.status === 200;
  return { cacheControl: shared ? PUBLIC_PAGE_CACHE_CONTROL : PRIVATE_CACHE_CONTROL, varyOnCookie };
}
