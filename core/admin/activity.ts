/**
 * docs/requirements.md §12: the activity log's vocabulary. Every owner write is recorded with who, when, what,
 * and the changed fields' before → after.
 */
import { z } from 'zod';
import { ADMIN_MAX_PAGE, queryChoice, queryText, queryWholeNumber } from '../forms/route-query';
import { isCalendarDay, shopDayEnd, shopDayStart } from '../time/shop-calendar';

/** What was done; `/admin/activity` filters by it. */
export const activityKinds = [
  'quotation.status',
  'quotation.offer',
  'quotation.message',
  'order.status',
  'order.created',
  'message.status',
  'product',
  'media',
  'import',
  'settings',
  'api-key',
  'webhook',
  'role',
  'job',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

export const activityKindLabels: Record<ActivityKind, string> = {
  'quotation.status': 'Quotation status',
  'quotation.offer': 'Offers',
  'quotation.message': 'Quotation messages',
  'order.status': 'Order status',
  'order.created': 'Orders created',
  'message.status': 'Contact messages',
  product: 'Products',
  media: 'Product media',
  import: 'Imports',
  settings: 'Settings',
  'api-key': 'API keys',
  webhook: 'Webhooks',
  role: 'User roles',
  job: 'Failed work',
};

/** One changed field: its value before and after the write (null: none). */
export interface ActivityChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** Who acted: a signed-in person, one of the owner's API keys, or the server's command line. */
export const activityActorKinds = ['user', 'api-key', 'command-line'] as const;
export type ActivityActorKind = (typeof activityActorKinds)[number];

function shown(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The fields whose value differs between `before` and `after`, in `after`'s order; a field
 * only one side has counts as changed from (or to) nothing.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): ActivityChange[] {
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  return fields.flatMap((field) => {
    const was = shown(before?.[field]);
    const now = shown(after?.[field]);
    return was === now ? [] : [{ field, before: was, after: now }];
  });
}

/**
 * A changed field's name as the owner reads it: the domain functions record camelCase names
 * (`paymentStatus`), the log shows "Payment status".
 */
export function activityFieldLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/\b(gst|url|upi|api|csv)\b/g, (acronym) => acronym.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The person filter's value for the server's command line, which has no user id. */
export const COMMAND_LINE_PERSON = 'command-line';

/** Longer than any user id Better Auth makes (32 characters) or the command line's name. */
const PERSON_MAX_CHARACTERS = 100;

const queryShopDay = queryText(10).transform((value) => (isCalendarDay(value) ? value : null));

/**
 * /admin/activity (docs/requirements.md §12): the person (a user id, or COMMAND_LINE_PERSON), the kind, the first
 * and last shop day, and the page. Like every route query, a bad value falls back, never fails.
 */
export const activityQuerySchema = z.object({
  person: queryText(PERSON_MAX_CHARACTERS).transform((value) => value || null),
  kind: queryChoice(activityKinds, null),
  from: queryShopDay,
  to: queryShopDay,
  page: queryWholeNumber({ minimum: 1, maximum: ADMIN_MAX_PAGE, fallback: 1 }),
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;

/**
 * The instants a range of shop days covers, in the shop's time zone: from the start of `from` up
 * to (not including) the start of the day after `to`.
 */
export function shopDayRange(
  range: { from: string | null; to: string | null },
  timeZone: string,
): { start: Date | null; end: Date | null } {
  return {
    start: range.from ? shopDayStart(range.from, timeZone) : null,
    end: range.to ? shopDayEnd(range.to, timeZone) : null,
  };
}
