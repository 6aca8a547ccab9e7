/**
 * docs/requirements.md §12 "Lists that find things": what an admin's search box asks for, worked out once so the
 * database can answer it through its indexes (server/db/admin-search.ts). Pure; no database.
 */

/** docs/requirements.md §12: the admin lists' search box takes at most 100 characters. */
export const ADMIN_SEARCH_MAX_CHARACTERS = 100;

/** An Indian mobile's national number has 10 digits; +91 and a leading 0 come before them. */
const NATIONAL_DIGITS = 10;
/** Fewer digits than this match too many numbers to be a mobile search. */
const MIN_MOBILE_DIGITS = 4;
/** How references (Q-20261124-0001) and order numbers (ORD-20261124-0001) begin. */
const CODE_PATTERN = /^(q|ord)-\d/i;
/** A tsquery of more words than this is no longer a name. */
const MAX_NAME_WORDS = 8;

export interface AdminSearch {
  /** The query lower-cased: an e-mail's prefix. */
  lowered: string;
  /** The query upper-cased without spaces: a reference's (Q-…) or order number's (ORD-…) prefix. */
  code: string;
  /**
   * The digits a mobile number ends with, reversed (the index holds each number's digits
   * reversed, so "ends with" is a prefix): the last 10 when more are given, so "+91 98765 43210",
   * "098765 43210" and "9876543210" find the same number. Null unless the query reads as a number.
   */
  reversedMobileDigits: string | null;
  /**
   * The words, lower-cased, each of which must begin a word of the name (["asha", "rao"]); letters
   * and digits only, so nothing of tsquery's own syntax (& | ! : * ( ) ' \) can reach the
   * database. Null when the query is not a name.
   */
  namePrefixes: readonly string[] | null;
}

/** Null when there is nothing to search for. */
export function adminSearch(query: string): AdminSearch | null {
  const trimmed = query.trim();
  if (trimmed === '') return null;
  const digits = trimmed.replace(/\D/g, '');
  const readsAsNumber = /^[\d\s+()./-]+$/.test(trimmed) && digits.length >= MIN_MOBILE_DIGITS;
  const allWords = trimmed
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  // A one-letter prefix ("a:*") reads the posting lists of every word that begins with it: the
  // initial in "A Rao" adds nothing that "rao" does not find, so only a lone initial is kept.
  const longWords = allWords.filter((word) => word.length > 1);
  const words = (longWords.length > 0 ? longWords : allWords).slice(0, MAX_NAME_WORDS);
  // A number, a reference (Q-…) or an order number (ORD-…) is not a name: no name lookup for it.
  const readsAsName = !readsAsNumber && !CODE_PATTERN.test(trimmed);
  return {
    lowered: trimmed.toLowerCase(),
    code: trimmed.toUpperCase().replace(/\s+/g, ''),
    reversedMobileDigits: readsAsNumber
      ? [...digits.slice(-NATIONAL_DIGITS)].reverse().join('')
      : null,
    namePrefixes: readsAsName && words.length > 0 ? words : null,
  };
}

/** A LIKE pattern matching values that start with `prefix` (its own % _ \ taken literally). */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
