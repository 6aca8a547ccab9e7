/**
 * issue 18: the activity log's vocabulary. Every owner write is recorded with who, when, what,
 * and the changed fields' before → after.
 */

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
