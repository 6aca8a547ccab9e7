/**
 * One offer as the customer reads it (docs/requirements.md §10 "An offer shows"): "Offer v{n}", its lines, the
 * shipping, discount, GST and total in rupees, "Valid until {long date}", the lead time, the
 * terms and the note, what became of it, and its PDF.
 */
import type { ReactNode } from 'react';
import { formatLongDate } from '../../../core/time/dates';
import { CURRENT_OFFER_ANCHOR, quoteTexts } from '../../../core/quotes/quote-texts';
import type { OfferView } from '../../../server/modules/quotations/views';
import { OfferTable, type OfferApproximations } from './offer-table';
import type { ShopDayOf } from './shop-days';

export { CURRENT_OFFER_ANCHOR };

/** What happened to the offer, in the page's words; null while it is open. */
function OfferOutcome({ offer, dayOf }: { offer: OfferView; dayOf: ShopDayOf }) {
  switch (offer.shownStatus) {
    case 'expired':
      return <p>{quoteTexts.expired(formatLongDate(offer.validUntil))}</p>;
    case 'superseded':
      return (
        <p>
          {quoteTexts.superseded}{' '}
          <a href={`#${CURRENT_OFFER_ANCHOR}`} className="font-medium underline">
            See the latest offer
          </a>
        </p>
      );
    case 'withdrawn':
      return <p>This offer has been withdrawn by the shop.</p>;
    case 'declined':
      return (
        <p>
          You declined this offer
          {offer.decidedAt ? ` on ${dayOf(offer.decidedAt)}` : ''}.
          {offer.declineReason ? (
            <span className="mt-1 block whitespace-pre-line text-ink-muted">
              Your reason: {offer.declineReason}
            </span>
          ) : null}
        </p>
      );
    case 'accepted':
      return (
        <p>
          You accepted this offer
          {offer.decidedAt ? ` on ${dayOf(offer.decidedAt)}` : ''}.
        </p>
      );
    default:
      return null;
  }
}

export function OfferDetails({
  offer,
  headingLevel,
  pdfHref,
  actions,
  paymentTerms,
  approximations,
  dayOf,
}: {
  offer: OfferView;
  headingLevel: 2 | 3;
  /** The offer's PDF, with the private link's key. */
  pdfHref: string;
  /** The buttons the customer may use now (the current offer only). */
  actions?: ReactNode;
  /**
   * The terms' payment sentence, "Payment in full on acceptance." or "50% advance on acceptance,
   * the balance of ₹95,480 before dispatch.", made by the loader from the offer's own numbers
   * (core/orders/payment-terms.ts paymentTermsSentence); the loader makes one for every offer it sends.
   */
  paymentTerms?: string;
  /** docs/decisions/026: the buyer's approximate amounts, made by the loader; none for rupees only. */
  approximations?: OfferApproximations | null;
  /** The shop's day of an instant, as the loader wrote it (shop-days.ts). */
  dayOf: ShopDayOf;
}) {
  const Heading = `h${headingLevel}` as const;
  const headingId = `offer-v${offer.version}-heading`;
  const outcome = <OfferOutcome offer={offer} dayOf={dayOf} />;
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <Heading id={headingId} className="font-display text-2xl font-semibold">
          Offer v{offer.version}
        </Heading>
        {offer.sentAt ? <p className="text-sm text-ink-muted">Sent {dayOf(offer.sentAt)}</p> : null}
      </div>
      {offer.shownStatus === 'sent' ? null : (
        <div role="note" className="rounded-xl bg-sand p-4">
          {outcome}
        </div>
      )}
      <OfferTable offer={offer} approximations={approximations} />
      <div className="grid gap-2">
        <p>Valid until {formatLongDate(offer.validUntil)}</p>
        {offer.leadTimeDays !== null ? (
          <p>
            Lead time: {offer.leadTimeDays} {offer.leadTimeDays === 1 ? 'day' : 'days'}
          </p>
        ) : null}
      </div>
      {/* The payment sentence first, from the numbers; then the owner's own words (delivery, returns). */}
      <div>
        <p className="font-semibold">Terms</p>
        {paymentTerms ? <p className="font-medium">{paymentTerms}</p> : null}
        {offer.terms ? <p className="whitespace-pre-line text-ink-muted">{offer.terms}</p> : null}
      </div>
      {offer.note ? (
        <div>
          <p className="font-semibold">A note from the shop</p>
          <p className="whitespace-pre-line text-ink-muted">{offer.note}</p>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {actions}
        {/* A file, not a page: the browser fetches it (with the key) rather than the router. */}
        {/* docs/requirements.md §19: a primary action, 44 px tall on a phone. */}
        <a
          href={pdfHref}
          download
          className="inline-flex items-center font-medium underline underline-offset-4 max-md:min-h-11"
        >
          Download PDF
        </a>
      </div>
    </div>
  );
}
