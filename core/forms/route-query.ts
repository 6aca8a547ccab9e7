/**
 * docs/requirements.md §14: every query parameter of every route is read through one zod schema
 * here, built from the rules of core/forms/route-query-fields.ts, which a page reads its parameters by
 * in the browser (docs/decisions/020). Nothing in an address can fail a route: an unknown value falls back
 * to the default, a number out of range is clamped, text is cut to its limit and loses NUL
 * (PostgreSQL refuses it), and unknown parameters are ignored.
 */
import { z } from 'zod';
import { reviewSorts } from '../community/community-texts';
import { documentSeries } from '../tax/financial-year';
import {
  ADMIN_TABS,
  AUTH_TABS,
  choiceField,
  dashboardTabField,
  flagField,
  productImageField,
  QUOTE_PAGE_FORMS,
  textField,
  textListField,
  wholeNumberField,
  type QueryField,
} from './route-query-fields';

// docs/decisions/020: the tab and form choices live apart, without zod; they are this module's too.
export {
  ADMIN_TABS,
  AUTH_TABS,
  DASHBOARD_TABS,
  QUOTE_PAGE_FORMS,
  type AdminTab,
  type QuotePageForm,
} from './route-query-fields';

/** Each parameter with all its values, as a query schema reads them. */
type QueryValues = Record<string, string[]>;

/** Reads a route's query with its schema; the schemas below never refuse, they fall back. */
export function parseRouteQuery<Schema extends z.ZodType<unknown, QueryValues>>(
  schema: Schema,
  params: URLSearchParams,
): z.output<Schema> {
  // No prototype: a parameter named `toString` or `__proto__` is a parameter like any other.
  const values = Object.create(null) as QueryValues;
  for (const [name, value] of params) (values[name] ??= []).push(value);
  return schema.parse(values);
}

const allValues = z.array(z.string()).optional();
const firstValue = allValues.transform((values) => values?.[0]);

/** A parameter read by its field's rule (core/forms/route-query-fields.ts). */
function queryField<Value>(field: QueryField<Value>) {
  return allValues.transform((values) => field(values));
}

/** Free text (a search, a token): trimmed, without NUL, at most `maxCharacters`; '' if absent. */
export function queryText(maxCharacters: number) {
  return queryField(textField(maxCharacters));
}

/** Every value of a repeated parameter (the shop's materials), each one like `queryText`. */
export function queryTextList(maxCharacters: number, maxValues: number) {
  return queryField(textListField(maxCharacters, maxValues));
}

/** One of `choices`; anything else is `fallback`. */
export function queryChoice<const Choice extends string, const Fallback extends Choice | null>(
  choices: readonly Choice[],
  fallback: Fallback,
) {
  return queryField(choiceField(choices, fallback));
}

/**
 * A whole number clamped to [minimum, maximum] (rounded down); `fallback` when absent, empty or
 * not a finite number. `1e308` and `99999999999999999999` are numbers: they clamp to `maximum`.
 */
export function queryWholeNumber<const Fallback extends number | null>(options: {
  minimum: number;
  maximum: number;
  fallback: Fallback;
}) {
  return queryField(wholeNumberField(options));
}

/** A flag that is on when the parameter is present at all (`?error`). */
export const queryFlag = queryField(flagField);

// Limits shared by the schemas of the routes.

/** The longest search the header search and the shop take (spec §5 searches names and text). */
export const SEARCH_QUERY_MAX_CHARACTERS = 200;
/** Longer than any token we sign (unsubscribe, password reset); a longer one is cut and fails. */
export const TOKEN_MAX_CHARACTERS = 1_000;
/** Longer than any product id we make (docs/design.md §5 ids are slugs of a name of 200 characters). */
export const ROW_KEY_MAX_CHARACTERS = 200;
/** The admin lists hold 50 rows a page: 10,000 pages is 500,000 rows, past any real shop. */
export const ADMIN_MAX_PAGE = 10_000;
/** The sitemap has at most this many files (50,000 addresses each). */
export const SITEMAP_MAX_PAGE = 1_000;

/** /search/suggestions (spec §2 header search). */
export const searchSuggestionsQuerySchema = z.object({
  // Not trimmed: the header search shows an answer only when its query is the typed text.
  q: firstValue.transform((value) =>
    (value ?? '').replaceAll('\u0000', '').slice(0, SEARCH_QUERY_MAX_CHARACTERS),
  ),
});

/**
 * /admin (spec §6): the open tab and the page of its list. docs/requirements.md §12: the Quotations, Orders and
 * Messages tabs read their filters with their own list's schema (core/admin/admin-list-query.ts).
 */
export const adminQuerySchema = z.object({
  tab: queryChoice(ADMIN_TABS, 'quotations'),
  page: queryWholeNumber({ minimum: 1, maximum: ADMIN_MAX_PAGE, fallback: 1 }),
});

/**
 * /admin/invoices and its GSTR-1 export (docs/requirements.md §23): the month ("2026-11") or quarter ("26-27-Q3")
 * (core/tax/filing-period.ts reads it; anything else is the current month) and the kind of document.
 */
export const invoiceListQuerySchema = z.object({
  period: queryText(12),
  kind: queryChoice(documentSeries, null),
});

/** /admin/product-media (spec §6 product console): the open product and the picker's search. */
export const productConsoleQuerySchema = z.object({
  product: queryText(ROW_KEY_MAX_CHARACTERS),
  find: queryText(SEARCH_QUERY_MAX_CHARACTERS),
});

/** /dashboard (spec §2): the open tab. */
export const dashboardQuerySchema = z.object({ tab: queryField(dashboardTabField) });

/**
 * /quotes/:reference (docs/requirements.md §10): the private link's key (core/quote-offer quotationKeySchema is at
 * most 100 characters; a longer one is cut and matches nothing), and the form opened as a page.
 */
export const quotePageQuerySchema = z.object({
  key: queryText(100),
  form: queryChoice(QUOTE_PAGE_FORMS, null),
});

/** /dashboard/security: `?error` when Better Auth sends an e-mail change link back refused. */
export const dashboardSecurityQuerySchema = z.object({ error: queryFlag });

/** /product/:id (spec §2): the reviews' order and the gallery's image, counted from 1. */
export const productQuerySchema = z.object({
  reviews: queryChoice(reviewSorts, 'most_helpful'),
  image: queryField(productImageField),
});

/** /blog (spec §2 journal): a category and a region among the stories' own, or none. */
export function blogQuerySchema(categories: readonly string[], regions: readonly string[]) {
  return z.object({
    category: queryChoice(categories, null),
    region: queryChoice(regions, null),
  });
}

/** /auth (spec §2): the open tab. Its redirectTo is read by safeRedirectTarget (docs/requirements.md §14 #2). */
export const authQuerySchema = z.object({ tab: queryChoice(AUTH_TABS, 'sign-in') });

/** /auth/code: the welcome pop-up's number, in E.164, whose code was sent already. */
export const authCodeQuerySchema = z.object({
  phone: firstValue.transform((value) =>
    value !== undefined && /^\+\d{7,15}$/.test(value) ? value : null,
  ),
});

/** /auth/reset-password: the token of the reset link. */
export const resetPasswordQuerySchema = z.object({ token: queryText(TOKEN_MAX_CHARACTERS) });

/** /newsletter/unsubscribe: the token of the mail's link. */
export const unsubscribeQuerySchema = z.object({ token: queryText(TOKEN_MAX_CHARACTERS) });

/** /sitemap.xml: one file of the sitemap, or the index (0) when there are several. */
export const sitemapQuerySchema = z.object({
  page: queryWholeNumber({ minimum: 0, maximum: SITEMAP_MAX_PAGE, fallback: 0 }),
});
