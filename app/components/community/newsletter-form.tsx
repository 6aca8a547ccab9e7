import { clsx } from 'clsx';
import { useRef } from 'react';
import type { NewsletterSource } from '../../../core/orders/statuses';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { Honeypot } from './honeypot';

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
  const form = useRef<HTMLFormElement>(null);
  // The toasts are spec §8's, chosen by the action (app/routes/newsletter.tsx).
  const fetcher = useAnswerFetcher({ onSuccess: () => form.current?.reset() });
  const busy = fetcher.state !== 'idle';

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
