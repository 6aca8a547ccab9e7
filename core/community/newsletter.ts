/** The newsletter sign-up (spec §5 Newsletter, §8): one schema for the browser and the server. */
import { z } from 'zod';
import { newsletterSources } from '../orders/statuses';

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
