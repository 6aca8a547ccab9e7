/**
 * The conditions on quotation requests that more than one module reads (docs/requirements.md §12's search, issue
 * 16's "needs reply"), written once here, below the modules (docs/design.md §3: modules do not import
 * each other): the quotations' list, the orders' search by their request, the week's tiles.
 */
import { lte, or, type SQL } from 'drizzle-orm';
import { adminSearch } from '../../core/search/admin-search';
import { lowered, nameMatches, reversedDigits, startsWith } from './admin-search';
import { quotationRequests } from './schema';

/**
 * docs/requirements.md §12: the search matches the reference (Q-…, from its start), the e-mail (from its start),
 * the mobile (by the digits it ends with, so +91 and spaces do not matter) and the name (each
 * word the start of a word of it). Undefined when there is nothing to search for.
 */
export function quotationSearchCondition(query: string | undefined): SQL | undefined {
  const search = adminSearch(query ?? '');
  if (!search) return undefined;
  return or(
    startsWith(quotationRequests.reference, search.code),
    startsWith(lowered(quotationRequests.customerEmail), search.lowered),
    search.reversedMobileDigits === null
      ? undefined
      : startsWith(reversedDigits(quotationRequests.customerMobile), search.reversedMobileDigits),
    search.namePrefixes === null
      ? undefined
      : nameMatches(quotationRequests.customerName, search.namePrefixes),
  );
}

/**
 * docs/requirements.md §10 "needs reply", waiting since `before` or earlier: the tile, its list and the digest.
 * A completed request waits for nobody: its writers clear `awaiting_reply_since`, and a check
 * constraint holds them to it (migration 0014), so the column alone says it.
 */
export function awaitingReplySince(before: Date): SQL {
  return lte(quotationRequests.awaitingReplySince, before);
}
