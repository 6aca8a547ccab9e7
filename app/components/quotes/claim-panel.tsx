/**
 * docs/requirements.md §14: "Is this your request? Add it to your account". A guest's request joins an
 * account only when the holder of the e-mail it names adds it, signed in; a visitor holding the
 * request's link is asked to sign in first (and comes back here).
 */
import { Link } from 'react-router';
import { CLAIM_ANCHOR } from '../../../core/quotes/quote-links';
import type { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { primaryButtonClass } from '../ui/classes';

export const CLAIM_INTENT = 'add-to-account';

export function ClaimPanel({
  claim,
  action,
  fetcher,
}: {
  claim: 'available' | 'sign-in';
  /** The page's own address (with its key): the form posts there, and sign-in comes back to it. */
  action: string;
  /**
   * Held by the page: once the request is added, the page's answer has no panel to show, and the
   * answer's toast must outlive it.
   */
  fetcher: ReturnType<typeof useAnswerFetcher>;
}) {
  return (
    <section
      id={CLAIM_ANCHOR}
      aria-labelledby="claim-heading"
      className="grid gap-3 rounded-2xl bg-white p-6 ring-1 ring-stone/60"
    >
      <h2 id="claim-heading" className="font-display text-2xl font-semibold">
        Is this your request?
      </h2>
      {claim === 'available' ? (
        <>
          <p>
            Add it to your account: it and its order then show in your dashboard, without this link.
          </p>
          <fetcher.Form method="post" action={action}>
            <input type="hidden" name="intent" value={CLAIM_INTENT} />
            <button
              type="submit"
              className={primaryButtonClass}
              disabled={fetcher.state !== 'idle'}
            >
              Add it to your account
            </button>
          </fetcher.Form>
        </>
      ) : (
        <p>
          <Link
            to={`/auth?redirectTo=${encodeURIComponent(action)}`}
            className="font-medium underline underline-offset-2"
          >
            Sign in
          </Link>{' '}
          with the e-mail address you gave to add it to your account.
        </p>
      )}
    </section>
  );
}
