/**
 * issue 29 "Merge Requests": on the owner's request page, the same customer's other pending
 * requests, to merge into this one. A plain form post: it works before (and without) JavaScript.
 * Hidden when there is nothing to merge.
 */
import { formatLongDate } from '../../../core/dates';
import { piecesSummary } from '../../../core/request-pieces-texts';
import { mergeTexts } from '../../../core/quote-merge';
import type { MergeCandidate } from '../../../server/modules/quotations/merge';
import type { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { primaryButtonClass } from '../ui/classes';

/** The intent of the page's action table (app/routes/admin.quotations.tsx). */
export const MERGE_INTENT = 'merge-requests';

export function MergeRequests({
  reference,
  candidates,
  fetcher,
}: {
  reference: string;
  candidates: MergeCandidate[];
  /** Held by the page: the section is gone after a merge, and its toast must outlive it. */
  fetcher: ReturnType<typeof useAnswerFetcher>;
}) {
  if (candidates.length === 0) return null;
  return (
    <section
      aria-labelledby="merge-heading"
      className="rounded-2xl border border-stone/70 bg-white p-5"
    >
      <h2 id="merge-heading" className="font-sans text-xl font-semibold">
        {mergeTexts.heading}
      </h2>
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
                {` · ${piecesSummary(candidate.lines)} · ${formatLongDate(candidate.createdAt)}`}
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
    </section>
  );
}
