/**
 * docs/requirements.md §18: a guest's quote list is found by a random token in an httpOnly cookie that lasts 30
 * days from the list's last change; the server keeps only the token's hash (server/modules/quote-lists).
 *
 * docs/decisions/021 (amended): on https the cookie is `__Host-` prefixed (Secure, Path=/, no
 * Domain), so a sibling subdomain cannot plant a list in this shop's browsers; the plain name is
 * only for http, in development. Beside it, a cookie that lasts the browser session says that the
 * list was written from this browser in this session: a keyed hash of the token, which only the
 * shop can make. At sign-in a guest's list joins the account only when it carries that mark.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { QUOTE_LIST_UNUSED_DAYS } from '../../core/quotes/quote-list-texts';

/** The cookie's name over http (development); over https it is `__Host-` prefixed. */
export const QUOTE_LIST_COOKIE = 'storefront.quote_list';
const BROWSER_SESSION_COOKIE = 'storefront.quote_list_session';

/** Whether the shop is served over https (PUBLIC_URL), which decides the cookies' names. */
export function servedOverHttps(publicUrl: string): boolean {
  return publicUrl.startsWith('https://');
}

const hostOnly = (name: string, secure: boolean) => (secure ? `__Host-${name}` : name);

/** The name the list's cookie has on a shop served over https (`secure`) or http. */
export function quoteListCookieName(secure: boolean): string {
  return hostOnly(QUOTE_LIST_COOKIE, secure);
}

function cookieOf(headers: Headers, name: string): string | null {
  const cookies = headers.get('cookie') ?? '';
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || null;
  }
  return null;
}

/**
 * The guest's list token the request carries, if any. Over https only the `__Host-` cookie counts:
 * one without the prefix may have been set by another host of the domain.
 */
export function quoteListTokenOf(headers: Headers, secure: boolean): string | null {
  return cookieOf(headers, quoteListCookieName(secure));
}

const attributes = (secure: boolean) => `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** The Set-Cookie of a guest's list token; `secure` when the shop is served over https. */
export function quoteListCookie(token: string, secure: boolean): string {
  const maxAge = QUOTE_LIST_UNUSED_DAYS * 24 * 60 * 60;
  return `${quoteListCookieName(secure)}=${token}; Max-Age=${maxAge}; ${attributes(secure)}`;
}

/** The Set-Cookie that forgets the token (its list joined an account, or is gone). */
export function clearedQuoteListCookie(secure: boolean): string {
  return `${quoteListCookieName(secure)}=; Max-Age=0; ${attributes(secure)}`;
}

function browserSessionMark(token: string, secret: string): string {
  return createHmac('sha256', secret).update(`quote-list-session:${token}`).digest('base64url');
}

/**
 * The Set-Cookie that marks the list of `token` as written from this browser in this session: no
 * Max-Age, so the browser forgets it when it closes.
 */
export function quoteListSessionCookie(token: string, secure: boolean, secret: string): string {
  const name = hostOnly(BROWSER_SESSION_COOKIE, secure);
  return `${name}=${browserSessionMark(token, secret)}; ${attributes(secure)}`;
}

export function clearedQuoteListSessionCookie(secure: boolean): string {
  return `${hostOnly(BROWSER_SESSION_COOKIE, secure)}=; Max-Age=0; ${attributes(secure)}`;
}

/** Whether the list of `token` was written from this browser in this browser session. */
export function quoteListMadeInThisSession(
  headers: Headers,
  token: string,
  secure: boolean,
  secret: string,
): boolean {
  const mark = cookieOf(headers, hostOnly(BROWSER_SESSION_COOKIE, secure));
  if (!mark) return false;
  const expected = Buffer.from(browserSessionMark(token, secret));
  const given = Buffer.from(mark);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
