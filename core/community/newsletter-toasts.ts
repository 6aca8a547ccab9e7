/**
 * spec §8: what the newsletter sign-up answers, in the page's toasts and the API's message. Apart
 * from core/community/newsletter.ts, which every page's footer form loads: only the servers need these.
 */
import type { AnswerToast } from './answer';

export const newsletterToasts = {
  subscribed: {
    title: 'Thank you for subscribing! 🎉',
    description: "You've successfully joined our newsletter. Stay tuned for updates!",
  },
  alreadySubscribed: {
    title: 'Already subscribed!',
    description: "You're already on our mailing list. We'll keep you updated!",
  },
  failure: {
    title: 'Oops! Something went wrong',
    description: "We couldn't process your subscription. Please try again.",
    variant: 'destructive',
  },
} as const satisfies Record<string, AnswerToast>;
