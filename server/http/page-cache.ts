/**
 * A short-lived in-process copy of the anonymous catalogue pages (docs/decisions/009: `/product/{id}` at
 * 500 req/s). Rendering a page costs about 20 ms of CPU, nearly all of it React and the loaders'
 * queries, the same for every visitor without a session; this process keeps the rendered page
 * for a few seconds, under the rules a CDN follows for the page's `public` Cache-Control
 * (server/http/cache-policy.ts), so it never serves anything a shared cache could not.
 *
 * Every copy is served with the new response's own CSP nonce: the nonce it was rendered with is
 * replaced throughout, so a nonce is never handed out twice. A write through this process (any
 * successful form action) and a `catalogue_changed` notification from any process empty it.
 */

/** Short enough that a review or answer written through another process shows within seconds. */
export const PAGE_CACHE_TTL_MS = 5_000;
/** At about 100 KB a page, the copies never hold more than some 25 MB. */
export const PAGE_CACHE_MAX_ENTRIES = 256;

interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
  expiresAt: number;
}

export interface PageCache {
  /** The stored page for `key` as a new response carrying `nonce`, or null. */
  read(key: string, nonce: string): Response | null;
  /** Keeps a copy of `response` (rendered with `nonce`) and answers a response to send instead. */
  store(key: string, response: Response, nonce: string): Promise<Response>;
  clear(): void;
  readonly size: number;
}

export function createPageCache({
  ttlMs = PAGE_CACHE_TTL_MS,
  maxEntries = PAGE_CACHE_MAX_ENTRIES,
  now = Date.now,
}: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}): PageCache {
  const pages = new Map<string, CachedPage>();

  const respond = (page: CachedPage, nonce: string) =>
    new Response(page.nonce && nonce ? page.body.replaceAll(page.nonce, nonce) : page.body, {
      status: page.status,
      headers: page.headers,
    });

  return {
    read(key, nonce) {
      const page = pages.get(key);
      if (!page) return null;
      if (page.expiresAt <= now()) {
        pages.delete(key);
        return null;
      }
      return respond(page, nonce);
    },
    async store(key, response, nonce) {
      const page: CachedPage = {
        status: response.status,
        headers: [...response.headers.entries()],
        body: await response.text(),
        nonce,
        expiresAt: now() + ttlMs,
      };
      pages.delete(key);
      // Oldest first: a Map keeps insertion order, so the first key is the one to drop.
      while (pages.size >= maxEntries) {
        const oldest = pages.keys().next().value;
        if (oldest === undefined) break;
        pages.delete(oldest);
      }
      pages.set(key, page);
      return respond(page, nonce);
    },
    clear() {
      pages.clear();
    },
    get size() {
      return pages.size;
    },
  };
}
