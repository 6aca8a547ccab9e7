/** docs/requirements.md §2, §10: the quote page's "Your offer" card before any offer is made. */
import { quoteTexts } from '../../../core/quotes/quote-texts';

export function OfferPreparing() {
  return (
    <section
      aria-labelledby="offer-heading"
      className="rounded-2xl bg-white p-6 ring-1 ring-stone/60"
    >
      <h2 id="offer-heading" className="font-display text-2xl font-semibold">
        Your offer
      </h2>
      {/* docs/requirements.md §2: before any offer (spec §2 Contact's promise) */}
      <p className="mt-3">{quoteTexts.preparing}</p>
    </section>
  );
}
