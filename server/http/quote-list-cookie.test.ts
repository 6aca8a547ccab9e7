/**
 * docs/decisions/021 (amended): on https the quote list's cookies are `__Host-` cookies, which
 * no other host of the domain can set, and only they are read.
 */
import { describe, expect, it } from 'vitest';
import {
  clearedQuoteListCookie,
  QUOTE_LIST_COOKIE,
  quoteListCookie,
  quoteListMadeInThisSession,
  quoteListSessionCookie,
  quoteListTokenOf,
} from './quote-list-cookie';

const TOKEN = 'a'.repeat(43);
const SECRET = 'quote-list-cookie-test-secret-quote-list';
const requestWith = (...cookies: string[]) =>
  new Headers({ Cookie: cookies.map((cookie) => cookie.split(';')[0]).join('; ') });

describe('the quote list cookie', () => {
  it('is a __Host- cookie on https: Secure, Path=/ and no Domain', () => {
    for (const cookie of [
      quoteListCookie(TOKEN, true),
      quoteListSessionCookie(TOKEN, true, SECRET),
      clearedQuoteListCookie(true),
    ]) {
      expect(cookie).toMatch(/^__Host-storefront\.quote_list(_session)?=/);
      expect(cookie).toContain('; Secure');
      expect(cookie).toContain('Path=/;');
      expect(cookie).not.toMatch(/domain=/i);
    }
  });

  it('keeps the plain name over http, for development', () => {
    expect(quoteListCookie(TOKEN, false)).toMatch(new RegExp(`^${QUOTE_LIST_COOKIE}=${TOKEN};`));
    expect(quoteListCookie(TOKEN, false)).not.toContain('Secure');
  });

  it('reads only the __Host- cookie on https: one a sibling host set is not a list', () => {
    expect(quoteListTokenOf(requestWith(`${QUOTE_LIST_COOKIE}=${TOKEN}`), true)).toBeNull();
    expect(quoteListTokenOf(requestWith(quoteListCookie(TOKEN, true)), true)).toBe(TOKEN);
  });

  it('marks a list as made in this browser session for its own token only', () => {
    const mark = quoteListSessionCookie(TOKEN, true, SECRET);
    // A session cookie: no Max-Age nor Expires, so the browser forgets it when it closes.
    expect(mark).not.toMatch(/max-age|expires/i);
    expect(quoteListMadeInThisSession(requestWith(mark), TOKEN, true, SECRET)).toBe(true);
    expect(quoteListMadeInThisSession(requestWith(mark), 'b'.repeat(43), true, SECRET)).toBe(false);
    expect(quoteListMadeInThisSession(requestWith(), TOKEN, true, SECRET)).toBe(false);
    const otherShop = quoteListSessionCookie(TOKEN, true, 'another-secret-another-secret-another');
    expect(quoteListMadeInThisSession(requestWith(otherShop), TOKEN, true, SECRET)).toBe(false);
  });
});
