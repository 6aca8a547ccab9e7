/**
 * The quote page's own toasts, for the actions docs/requirements.md §10 names without a text (its quoted texts are
 * in core/quote-offer quoteToasts and are used as they are).
 */
import type { AnswerToast } from '../../../core/community/answer';

export const quotePageToasts = {
  messageSent: { title: 'Message Sent', description: 'We will reply on this page.' },
  changesAsked: {
    title: 'Changes Requested',
    description: 'We will send you a revised offer.',
  },
  newOfferAsked: {
    title: 'New Offer Requested',
    description: 'We will send you a new offer shortly.',
  },
  declined: { title: 'Offer Declined', description: 'Thank you for letting us know.' },
  // docs/requirements.md §14
  addedToAccount: {
    title: 'Added to Your Account',
    description: 'This request and its order are in your dashboard now.',
  },
} as const satisfies Record<string, AnswerToast>;
