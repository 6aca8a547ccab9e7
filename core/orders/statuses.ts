/** The state vocabularies of spec §4, shared by the database's check constraints and the UI. */

export const orderStatuses = [
  'pending',
  'confirmed',
  'processing',
  // docs/requirements.md §24: some pieces shipped, others still to go
  'partly_shipped',
  'shipped',
  'delivered',
  // docs/requirements.md §24: every piece came back and its refund is recorded
  'returned',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

// docs/requirements.md §21: partially_paid, between pending and paid, once the advance is confirmed (decision 025)
export const paymentStatuses = [
  'pending',
  'partially_paid',
  'paid',
  'failed',
  'refunded',
  // docs/requirements.md §24: a cancelled order of which part of the money received is refunded
  'partly_refunded',
  'cancelled',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const contactMessageStatuses = ['unread', 'read', 'replied'] as const;
export type ContactMessageStatus = (typeof contactMessageStatuses)[number];

export const quotationStatuses = ['pending', 'processing', 'completed'] as const;
export type QuotationStatus = (typeof quotationStatuses)[number];

export const mediaTypes = ['image', 'video'] as const;
export type MediaType = (typeof mediaTypes)[number];

/** spec §3: review media are images or anything else, which is shown as a link. */
export const reviewMediaTypes = ['image', 'video', 'other'] as const;
export type ReviewMediaType = (typeof reviewMediaTypes)[number];

/** docs/requirements.md §10: who wrote an entry of a quotation's thread. */
export const quotationMessageAuthors = ['customer', 'shop'] as const;
export type QuotationMessageAuthor = (typeof quotationMessageAuthors)[number];

/**
 * docs/requirements.md §10: a thread entry is a message, or records a customer's step on an offer (asked for
 * changes, declined with an optional reason, asked for a new offer after it expired).
 */
export const quotationMessageKinds = [
  'message',
  'changes-requested',
  'declined',
  'new-offer-requested',
] as const;
export type QuotationMessageKind = (typeof quotationMessageKinds)[number];

/** docs/requirements.md §11: a webhook delivery waits for its next try, or has succeeded, or has given up. */
export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const newsletterSources = ['home', 'footer', 'blog'] as const;
export type NewsletterSource = (typeof newsletterSources)[number];

/** docs/requirements.md §12 Subscribers: an address is subscribed until it unsubscribes (unsubscribed_at set). */
export const newsletterSubscriptionStatuses = ['subscribed', 'unsubscribed'] as const;
export type NewsletterSubscriptionStatus = (typeof newsletterSubscriptionStatuses)[number];

/** spec §3 User role: the value admin grants admin access. */
export const userRoleValues = ['admin'] as const;
export type UserRoleValue = (typeof userRoleValues)[number];

// How a status shows, apart from the vocabularies: a page that shows a status loads no list of them.
export { orderStatusColours, statusLabel } from './status-display';
