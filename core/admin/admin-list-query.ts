/**
 * docs/requirements.md §12 "Lists that find things": the admin lists' filters as the URL carries them, read with
 * `parseRouteQuery` like every route query (core/forms/route-query.ts): nothing in an address can fail
 * a list; an unknown value falls back. Kept apart from route-query.ts so the storefront's pages,
 * which import that file, do not carry the admin's schemas in their JavaScript.
 */
import { z } from 'zod';
import { ADMIN_SEARCH_MAX_CHARACTERS } from '../search/admin-search';
import { ADMIN_MAX_PAGE, queryChoice, queryText, queryWholeNumber } from '../forms/route-query';
import { isCalendarDay } from '../time/shop-calendar';
import {
  contactMessageStatuses,
  newsletterSources,
  newsletterSubscriptionStatuses,
  orderStatuses,
  quotationStatuses,
} from '../orders/statuses';

/** docs/requirements.md §12: "sort by date". */
export const ADMIN_LIST_SORTS = ['newest', 'oldest'] as const;
export type AdminListSort = (typeof ADMIN_LIST_SORTS)[number];

/** A calendar day YYYY-MM-DD that exists (no 2026-02-30) from 2000 on; anything else is no bound. */
const queryShopDay = queryText(10).transform((value): string | null =>
  isCalendarDay(value) && value >= '2000-01-01' ? value : null,
);

/**
 * docs/requirements.md §12 "Lists that find things": one list's filters, as the URL carries them. The status is
 * one of that list's own; `from`/`to` are shop days (core/shop-calendar), swapped when given
 * backwards.
 */
export interface AdminListFilter<Status extends string = string> {
  q: string;
  status: Status | null;
  from: string | null;
  to: string | null;
  sort: AdminListSort;
}

const adminListFields = {
  q: queryText(ADMIN_SEARCH_MAX_CHARACTERS),
  from: queryShopDay,
  to: queryShopDay,
  sort: queryChoice(ADMIN_LIST_SORTS, 'newest'),
};

function inOrder<Query extends { from: string | null; to: string | null }>(query: Query): Query {
  // ISO days compare as text.
  if (query.from !== null && query.to !== null && query.from > query.to) {
    return { ...query, from: query.to, to: query.from };
  }
  return query;
}

/** docs/requirements.md §12: a list's filters and page (the CSV exports and /admin/subscribers read these). */
export function adminListQuerySchema<const Status extends string>(statuses: readonly Status[]) {
  return z
    .object({
      ...adminListFields,
      status: queryChoice(statuses, null),
      page: queryWholeNumber({ minimum: 1, maximum: ADMIN_MAX_PAGE, fallback: 1 }),
    })
    .transform(inOrder);
}

/**
 * docs/requirements.md §12: the overdue tile's list: requests awaiting the shop's reply over 24 hours; docs/requirements.md §19:
 * every request awaiting it ("needs reply"), the admin home's list in full.
 */
export const QUOTATION_WAITING = ['overdue', 'needs-reply'] as const;

/** The quotations' filters, and `waiting=overdue` (the week's danger tile links to it). */
export const quotationListQuerySchema = z
  .object({
    ...adminListFields,
    status: queryChoice(quotationStatuses, null),
    waiting: queryChoice(QUOTATION_WAITING, null),
    page: queryWholeNumber({ minimum: 1, maximum: ADMIN_MAX_PAGE, fallback: 1 }),
  })
  .transform(inOrder);
/**
 * docs/requirements.md §24: the orders' filter takes each order status, and two states that are not one:
 * "Return Requested" (a return waiting for the shop, to answer or to refund) and "Refunded" (money
 * given back, all of it or a part).
 */
export const orderListStates = [...orderStatuses, 'return_requested', 'refunded'] as const;
export type OrderListState = (typeof orderListStates)[number];
export const orderListQuerySchema = adminListQuerySchema(orderListStates);
export const contactMessageListQuerySchema = adminListQuerySchema(contactMessageStatuses);

/** /admin/subscribers (docs/requirements.md §12): the list's filters plus the sign-up form's source. */
export const subscriberListQuerySchema = z
  .object({
    ...adminListFields,
    status: queryChoice(newsletterSubscriptionStatuses, null),
    source: queryChoice(newsletterSources, null),
    page: queryWholeNumber({ minimum: 1, maximum: ADMIN_MAX_PAGE, fallback: 1 }),
  })
  .transform(inOrder);
