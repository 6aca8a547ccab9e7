/**
 * docs/requirements.md §18 "Merge Requests": on the owner's request page, the same customer's other pending
 * requests, to merge into this one. A plain form post: it works before (and without) JavaScript.
 * Guest requests with the same e-mail or mobile are listed below it as hints, "Guest request, not
 * verified", with no control to merge them (docs/decisions/011, amended). Hidden when there is
 * neither.
 */
import { Link } from 'react-router';
import { formatShopDate } from '../../../core/time/shop-calendar';
import { piecesSummary } from '../../../core/quotes/request-pieces-texts';
import { mergeTexts } from '../../../core/quotes/quote-merge';
import type { MergeCandidate } from '../../../server/modules/quotations/merge';
import type { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { primaryButtonClass } from '../ui/classes';
import { useShopTimeZone } from '../layout/shop-time';

/** The intent of the page's action table (app/routes/admin.quotations.tsx). */
export const MERGE_INTENT = 'merge-requests';

export function MergeRequests({
  reference,
  candidates,
  guestHints,
  fetcher,
}: {
  reference: string;
  candidates: MergeCandidate[];
  /** Requests no account proves are this customer's: shown, never merged. */
  guestHints: MergeCandidate[];
  /** Held by the page: the section is gone after a merge, and its toast must outlive it. */
  fetcher: ReturnType<typeof useAnswerFetcher>;
}) {
  const timeZone = useShopTimeZone();
  if (candidates.length === 0 && guestHints.length === 0) return null;
  return (
    <section
      aria-labelledby="merge-heading"
      className="rounded-2xl border border-stone/70 bg-white p-5"
    >
      <h2 id="merge-heading" className="font-sans text-xl font-semibold">
        {mergeTexts.heading}
      </h2>
      {candidates.length > 0 ? (
        <>
          <p className="mt-2 text-sm text-ink-muted">{mergeTexts.intro}</p>
          <fetcher.Form method="post" className="mt-3 grid gap-3">
            <input type="hidden" name="intent" value={MERGE_INTENT} />
            <fieldset className="grid gap-2">
              <legend className="font-medium">{`Merge into ${reference}`}</legend>
              {candidates.map((candidate) => (
                <label key={candidate.id} className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="mergeIds"
                    value={candidate.id}
                    className="mt-1 h-4 w-4"
                  />
                  <span className="break-words">
                    <span className="font-medium">{candidate.reference}</span>
                    {` · ${piecesSummary(candidate.lines)} · ${formatShopDate(candidate.createdAt, timeZone)}`}
                  </span>
                </label>
              ))}
            </fieldset>
            <button
              type="submit"
              className={`${primaryButtonClass} justify-self-start`}
              disabled={fetcher.state !== 'idle'}
            >
              {mergeTexts.button}
            </button>
          </fetcher.Form>
        </>
      ) : null}
      {guestHints.length > 0 ? (
        <>
          <p id="guest-hints-intro" className="mt-4 text-sm text-ink-muted">
            {mergeTexts.guestHintsIntro}
          </p>
          <ul aria-labelledby="guest-hints-intro" className="mt-2 grid gap-2 text-sm">
            {guestHints.map((hint) => (
              <li key={hint.id} className="break-words">
                <Link to={`/admin/quotations/${hint.id}`} className="font-medium underline">
                  {hint.reference}
                </Link>
                {` · ${hint.customerName} · ${piecesSummary(hint.lines)} · ${formatShopDate(hint.createdAt, timeZone)} · `}
                <span className="inline-block rounded-full bg-sand px-2 py-0.5 font-medium">
                  {mergeTexts.guestHint}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
