/**
 * What the quote page and the offer composer show besides their schemas (docs/requirements.md §10): the message
 * limit, the payment methods and their labels, the page's texts and toasts. Apart from
 * core/quotes/quote-forms.ts so that the quote page loads them without zod (docs/decisions/020);
 * core/quotes/quote-forms.ts (and through it core/quotes/quote-offer.ts) re-exports them.
 */

/** docs/requirements.md §10: messages are plain text, at most 2,000 characters. */
export const QUOTE_MESSAGE_MAX = 2_000;

/**
 * The id of the current offer's section on the quote page: the page opens on it, the offer mail's
 * "View the offer" lands on it and a superseded version links to it (docs/requirements.md §10).
 */
export const CURRENT_OFFER_ANCHOR = 'current-offer';

export const offerPaymentMethods = ['upi', 'bank transfer'] as const;
export type OfferPaymentMethod = (typeof offerPaymentMethods)[number];
export const offerPaymentMethodLabels: Record<OfferPaymentMethod, string> = {
  upi: 'UPI',
  'bank transfer': 'Bank transfer',
};

// spec §8-style toasts of the quote page and the composer (docs/requirements.md §10's texts)
export const quoteToasts = {
  offerAccepted: (orderNumber: string) => ({
    title: 'Offer Accepted',
    description: `Your order ${orderNumber} has been created.`,
  }),
  offerSent: (customerName: string) => ({
    title: 'Offer Sent',
    description: `The offer has been sent to ${customerName}.`,
  }),
  referenceReceived: {
    title: 'Reference Received',
    description: 'We will confirm your payment shortly.',
  },
} as const;

export const quoteTexts = {
  preparing: 'We are preparing your offer. We reply within 24 hours.',
  expired: (longDate: string) => `This offer expired on ${longDate}.`,
  superseded: 'This offer has been replaced by a newer version.',
  newOfferRequest: 'Please send me a new offer.',
} as const;
