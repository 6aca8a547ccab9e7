/** How an order's status shows on the pages (spec §4): its badge's colour and its words. */
import type { OrderStatus } from './statuses';

/** spec §4: dashboard badge colours of the order statuses. */
export const orderStatusColours: Record<OrderStatus, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  processing: 'purple',
  partly_shipped: 'indigo',
  shipped: 'indigo',
  delivered: 'green',
  returned: 'slate',
  cancelled: 'red',
};

/** A status as the pages show it: "pending" reads "Pending", "partly_shipped" "Partly Shipped". */
export function statusLabel(status: string): string {
  return status.replace(
    /(^|_)(.)/g,
    (_match, gap: string, letter: string) => (gap && ' ') + letter.toUpperCase(),
  );
}
