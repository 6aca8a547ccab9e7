/**
 * docs/requirements.md §5: the rule of each kind of query parameter, without zod. core/forms/route-query.ts
 * builds every route's schema from these for the loaders; a page that reads a parameter in the
 * browser reads it by the same rule with `readQueryField`, so the page loads no zod (docs/decisions/020).
 * Nothing in an address can fail a route: an unknown value falls back to the default, a number
 * out of range is clamped, text is cut to its limit and loses NUL (PostgreSQL refuses it).
 */

/** One parameter's rule: all its values (undefined when it is absent) in, what the route reads. */
export type QueryField<Value> = (values: readonly string[] | undefined) => Value;

/** Reads one parameter of `params` by its field's rule, as the route's schema reads it. */
export function readQueryField<Value>(
  params: URLSearchParams,
  name: string,
  field: QueryField<Value>,
): Value {
  const values = params.getAll(name);
  return field(values.length > 0 ? values : undefined);
}

function storableText(value: string, maxCharacters: number): string {
  // Cut by characters (code points), not UTF-16 units, so no half of a pair is left behind.
  return [...value.replaceAll('\u0000', '').trim()].slice(0, maxCharacters).join('');
}

/** Free text (a search, a token): trimmed, without NUL, at most `maxCharacters`; '' if absent. */
export function textField(maxCharacters: number): QueryField<string> {
  return (values) => storableText(values?.[0] ?? '', maxCharacters);
}

/** Every value of a repeated parameter (the shop's materials), each one like `textField`. */
export function textListField(maxCharacters: number, maxValues: number): QueryField<string[]> {
  return (values) => [
    ...new Set(
      (values ?? [])
        .map((value) => storableText(value, maxCharacters))
        .filter((value) => value !== '')
        .slice(0, maxValues),
    ),
  ];
}

/** One of `choices`; anything else is `fallback`. */
export function choiceField<const Choice extends string, const Fallback extends Choice | null>(
  choices: readonly Choice[],
  fallback: Fallback,
): QueryField<Choice | Fallback> {
  return (values) =>
    choices.find((choice) => choice === values?.[0]) ?? (fallback as Choice | Fallback);
}

/**
 * A whole number clamped to [minimum, maximum] (rounded down); `fallback` when absent, empty or
 * not a finite number. `1e308` and `99999999999999999999` are numbers: they clamp to `maximum`.
 */
export function wholeNumberField<const Fallback extends number | null>(options: {
  minimum: number;
  maximum: number;
  fallback: Fallback;
}): QueryField<number | Fallback> {
  const { minimum, maximum, fallback } = options;
  return (values) => {
    const value = values?.[0];
    if (value === undefined || value.trim() === '') return fallback;
    const parsed = Number(value);
    if (Number.isNaN(parsed)) return fallback;
    return Math.min(maximum, Math.max(minimum, Math.floor(parsed)));
  };
}

/** A flag that is on when the parameter is present at all (`?error`). */
export const flagField: QueryField<boolean> = (values) => values !== undefined;

// The choices of the routes' tabs and forms, and the fields their pages read in the browser.

export const ADMIN_TABS = ['quotations', 'orders', 'messages', 'roles', 'media'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const DASHBOARD_TABS = ['profile', 'orders', 'quotations', 'addresses', 'wishlist'] as const;
/** /dashboard (spec §2): the open tab. */
export const dashboardTabField = choiceField(DASHBOARD_TABS, 'profile');

/** The quote page's dialogs, each also a section of the page of its own without JavaScript. */
export const QUOTE_PAGE_FORMS = ['accept', 'ask-changes', 'decline'] as const;
export type QuotePageForm = (typeof QUOTE_PAGE_FORMS)[number];

export const AUTH_TABS = ['sign-in', 'sign-up'] as const;

/** /product/:id (spec §2): the gallery's image, counted from 1. */
export const productImageField = wholeNumberField({ minimum: 1, maximum: 1_000, fallback: 1 });
