/** The state vocabularies of spec §4, shared by the database's check constraints and the UI. */

export const orderStatuses = [
  'pending',
  'confirmed',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentStatuses = ['pending', 'paid', 'failed', 'refunded', 'cancelled'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const contactMessageStatuses = ['unread', 'read', 'replied'] as const;
export type ContactMessageStatus = (typeof contactMessageStatuses)[number];

export const quotationStatuses = ['pending', 'processing', 'completed'] as const;
export type QuotationStatus = (typeof quotationStatuses)[number];

export const mediaTypes = ['image', 'video'] as const;
export type MediaType = (typeof mediaTypes)[number];

/** spec §3: review media are images or anything else, which is shown as a link. */
export const reviewMediaTypes = ['image', 'video', 'other'] as const;

export const newsletterSources = ['home', 'footer', 'blog'] as const;
export type NewsletterSource = (typeof newsletterSources)[number];

/** issue 18 Subscribers: an address is subscribed until it unsubscribes (unsubscribed_at set). */
export const newsletterSubscriptionStatuses = ['subscribed', 'unsubscribed'] as const;
export type NewsletterSubscriptionStatus = (typeof newsletterSubscriptionStatuses)[number];

/** spec §3 User role: the value admin grants admin access. */
export const userRoleValues = ['admin'] as const;
export type UserRoleValue = (typeof userRoleValues)[number];

/** spec §4: dashboard badge colours of the order statuses. */
export const orderStatusColours: Record<OrderStatus, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  processing: 'purple',
  shipped: 'indigo',
  delivered: 'green',
  cancelled: 'red',
};

/** A status as the pages show it: "pending" reads "Pending". */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
