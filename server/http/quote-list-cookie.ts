/**
 * issue 29: a guest's quote list is found by a random token in an httpOnly cookie that lasts 30
 * days from the list's last change; the server keeps only the token's hash (server/modules/quote-lists).
 */
import { QUOTE_LIST_UNUSED_DAYS } from '../../core/quote-list-texts';

export const QUOTE_LIST_COOKIE = 'storefront.quote_list';

/** The guest's list token the request carries, if any. */
export function quoteListTokenOf(headers: Headers): string | null {
  const cookies = headers.get('cookie') ?? '';
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === QUOTE_LIST_COOKIE) return value.join('=') || null;
  }
  return null;
}

/** The Set-Cookie of a guest's list token; `secure` when the shop is served over https. */
export function quoteListCookie(token: string, secure: boolean): string {
  const maxAge = QUOTE_LIST_UNUSED_DAYS * 24 * 60 * 60;
  return `${QUOTE_LIST_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie that forgets the token (its list joined an account, or is gone). */
export function clearedQuoteListCookie(secure: boolean): string {
  return `${QUOTE_LIST_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
