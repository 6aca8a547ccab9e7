/** The newsletter sign-up (spec §5 Newsletter, §8): one schema for the browser and the server. */
import { z } from 'zod';
import type { AnswerToast } from './answer';
import { newsletterSources } from './statuses';

export const NEWSLETTER_INVALID_EMAIL = 'Please enter a valid email address';

export const newsletterSubscriptionSchema = z.object({
  // spec §5: trimmed and lowercased, then it must be valid
  email: z
    .string({ error: NEWSLETTER_INVALID_EMAIL })
    .trim()
    .toLowerCase()
    .max(255, NEWSLETTER_INVALID_EMAIL)
    .pipe(z.email(NEWSLETTER_INVALID_EMAIL)),
  // A hidden field: a forged or missing value is filed under the footer form, which is on every page.
  source: z.enum(newsletterSources).catch('footer'),
});

export type NewsletterSubscription = z.output<typeof newsletterSubscriptionSchema>;

// spec §8: the newsletter toasts
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
