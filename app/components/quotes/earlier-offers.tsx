/** docs/requirements.md §10: the quote page's earlier offers, each folded with its own PDF. */
import type { OfferView } from '../../../server/modules/quotations/views';
import { OfferDetails } from './offer-details';
import type { OfferApproximations } from './offer-table';
import type { ShopDayOf } from './shop-days';

export function EarlierOffers({
  offers,
  pdfHref,
  dayOf,
  offerExtras,
}: {
  offers: OfferView[];
  /** The offer's PDF of a version, with the private link's key. */
  pdfHref: (version: number) => string;
  dayOf: ShopDayOf;
  /** Each offer's payment sentence and approximate amounts, made by the loader. */
  offerExtras: Record<string, { paymentTerms: string; approximations: OfferApproximations | null }>;
}) {
  return (
    <section aria-labelledby="earlier-offers-heading" className="grid gap-3">
      <h2 id="earlier-offers-heading" className="font-display text-2xl font-semibold">
        Earlier offers
      </h2>
      {offers.map((earlier) => (
        <details key={earlier.id} className="rounded-2xl bg-white p-5 ring-1 ring-stone/60">
          <summary className="cursor-pointer font-medium">
            Offer v{earlier.version} ({earlier.shownStatus})
          </summary>
          <div className="mt-4">
            <OfferDetails
              offer={earlier}
              headingLevel={3}
              pdfHref={pdfHref(earlier.version)}
              dayOf={dayOf}
              {...offerExtras[earlier.id]}
            />
          </div>
        </details>
      ))}
    </section>
  );
}
