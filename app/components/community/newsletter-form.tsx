import { clsx } from 'clsx';
import { useRef } from 'react';
import { useFetcher } from 'react-router';
import type { NewsletterSource } from '../../../core/statuses';
import { toast } from '../ui/toast-store';
import { tooManyRequestsToast, useOnAnswer } from '../ui/use-answer';
import { Honeypot } from './honeypot';

export type NewsletterActionData =
  | { status: 'subscribed' | 'already-subscribed' }
  | { status: 'invalid' | 'rate-limited'; message: string }
  | { status: 'error' };

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
  },
} as const;

/**
 * A newsletter sign-up (spec §2: home, footer and blog, each with its source). While it is sent
 * the field and button are disabled; the field clears only on success (spec §4).
 */
export function NewsletterForm({
  source,
  tone = 'light',
}: {
  source: NewsletterSource;
  tone?: 'light' | 'dark';
}) {
  const fetcher = useFetcher<NewsletterActionData>();
  const form = useRef<HTMLFormElement>(null);
  const data = fetcher.state === 'idle' ? fetcher.data : undefined;
  const busy = fetcher.state !== 'idle';

  useOnAnswer(data, (answer) => {
    if (answer.status === 'subscribed' || answer.status === 'already-subscribed') {
      toast(
        answer.status === 'subscribed'
          ? newsletterToasts.subscribed
          : newsletterToasts.alreadySubscribed,
      );
      form.current?.reset();
    } else if (answer.status === 'invalid') {
      toast({ title: 'Invalid email', description: answer.message, variant: 'destructive' });
    } else if (answer.status === 'rate-limited') {
      toast(tooManyRequestsToast(answer.message));
    } else {
      toast({ ...newsletterToasts.failure, variant: 'destructive' });
    }
  });

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action="/newsletter"
      className="relative flex w-full max-w-md gap-2"
    >
      <input type="hidden" name="source" value={source} />
      <Honeypot />
      <label htmlFor={`newsletter-${source}`} className="sr-only">
        Email address
      </label>
      <input
        id={`newsletter-${source}`}
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder="Your email address"
        disabled={busy}
        className={clsx(
          'min-w-0 flex-1 rounded-full px-4 py-2.5 disabled:opacity-60',
          tone === 'dark'
            ? 'bg-white/10 text-ivory placeholder:text-ivory/60 ring-1 ring-ivory/30'
            : 'bg-white ring-1 ring-stone',
        )}
      />
      <button
        type="submit"
        disabled={busy}
        className={clsx(
          'rounded-full px-5 py-2.5 font-medium disabled:opacity-60',
          tone === 'dark'
            ? 'bg-brass-500 text-ink hover:bg-ivory'
            : 'bg-ink text-ivory hover:bg-brass-800',
        )}
      >
        {busy ? 'Subscribing…' : 'Subscribe'}
      </button>
    </fetcher.Form>
  );
}
