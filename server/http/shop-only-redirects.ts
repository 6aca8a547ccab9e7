/**
 * docs/requirements.md §14 as a class: whatever builds a redirect (our routes, React Router's data
 * redirects, Better Auth's mail links with their callbackURL), the answer never sends a browser
 * outside the shop. Better Auth 1.7 resolves dot segments in a callbackURL, so `/.//evil.example`
 * came back as `Location: //evil.example`; the routes' own targets go through safeRedirectTarget.
 */
import type { MiddlewareHandler } from 'hono';

/** The headers a browser (or React Router's client, for `.data` requests) follows. */
const REDIRECT_HEADERS = ['Location', 'X-Remix-Redirect'];

/**
 * Whether a redirect target lands on the shop, read as a browser reads it. A raw control
 * character, space or backslash is refused outright: browsers drop or reinterpret them.
 */
export function isInsideShop(target: string, shopUrl: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (/[\u0000-\u0020\u007f\\]/.test(target) || target.startsWith('//')) return false;
  try {
    const shop = new URL(shopUrl);
    return new URL(target, shop).origin === shop.origin;
  } catch {
    return false;
  }
}

/**
 * The one place outside the shop a redirect may go: WhatsApp's click-to-chat, where "Send on
 * WhatsApp" (docs/requirements.md §10, admin.quotations.whatsapp.ts) takes the owner with the customer's private
 * link. Only this exact origin and path; no route forwards a target it was given.
 */
export function isWhatsAppChat(target: string): boolean {
  try {
    const url = new URL(target);
    return url.origin === 'https://wa.me' && /^\/\d{7,15}$/.test(url.pathname);
  } catch {
    return false;
  }
}

/** Replaces a redirect out of the shop by one to its home page, and reports it. */
export function shopOnlyRedirects(
  publicUrl: string,
  onRefused: (header: string, target: string) => void,
): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const header of REDIRECT_HEADERS) {
      const target = c.res.headers.get(header);
      if (target === null || isInsideShop(target, publicUrl) || isWhatsAppChat(target)) continue;
      onRefused(header, target);
      try {
        c.res.headers.set(header, '/');
      } catch {
        // Response.redirect() answers have immutable headers: answer a copy instead. Emptied
        // first, because Hono copies the old answer's headers onto a new one.
        const copy = new Response(c.res.body, c.res);
        copy.headers.set(header, '/');
        c.res = undefined;
        c.res = copy;
      }
    }
  };
}
