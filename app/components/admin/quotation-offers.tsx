/**
 * docs/requirements.md §10: the versions the owner sent, newest first, the earlier ones collapsed, each with its
 * status; and the order an accepted offer made.
 */
import { Link } from 'react-router';
import { formatLongDate } from '../../../core/time/dates';
import { formatShopDate } from '../../../core/time/shop-calendar';
import { formatRupees } from '../../../core/money/money';
import { countOf } from '../../../core/forms/plurals';
import { statusLabel } from '../../../core/orders/statuses';
import { paymentStatusLabel } from '../../../core/orders/payment-terms';
import type {
  OfferView,
  OwnerQuotationView,
  QuoteOrderView,
} from '../../../server/modules/quotations/views';
import { OfferTable } from '../quotes/offer-table';
import { paymentProgressRows, paymentTermsSentence } from '../../../core/orders/payment-terms';
import { PaymentProgress } from '../orders/payment-progress';
import { useShopTimeZone } from '../layout/shop-time';

export function QuotationOffers({
  offers,
  order,
}: {
  offers: OwnerQuotationView['offers'];
  order: QuoteOrderView | null;
}) {
  const [latest, ...earlier] = offers;
  return (
    <section aria-labelledby="offers-heading" className="grid gap-4">
      <h2 id="offers-heading" className="font-sans text-xl font-semibold">
        Offers sent
      </h2>
      {order ? <QuotationOrder order={order} /> : null}
      {latest ? (
        <OfferVersion offer={latest} />
      ) : (
        <p className="text-ink-muted">No offer has been sent yet.</p>
      )}
      {earlier.map((offer) => (
        <details key={offer.id} className="rounded-2xl border border-stone/70 bg-white">
          <summary className="cursor-pointer p-5 font-medium">
            Offer v{offer.version} · {statusLabel(offer.shownStatus)} ·{' '}
            {formatRupees(offer.totalMinor)}
          </summary>
          <div className="px-5 pb-5">
            <OfferBody offer={offer} />
          </div>
        </details>
      ))}
    </section>
  );
}

function OfferVersion({ offer }: { offer: OfferView }) {
  return (
    <article
      aria-label={`Offer v${offer.version}`}
      className="rounded-2xl border border-stone/70 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-sans text-lg font-semibold">Offer v{offer.version}</h3>
        <span className="rounded-full bg-sand px-3 py-1 text-xs font-semibold">
          {statusLabel(offer.shownStatus)}
        </span>
      </div>
      <OfferBody offer={offer} />
    </article>
  );
}

/** The offer as the customer received it: lines, totals, validity, lead time, terms, note. */
function OfferBody({ offer }: { offer: OfferView }) {
  const timeZone = useShopTimeZone();
  return (
    <div className="mt-3 grid gap-3 text-sm">
      <p className="text-ink-muted">
        Status: {statusLabel(offer.shownStatus)}
        {offer.sentAt ? ` · sent ${formatShopDate(offer.sentAt, timeZone)}` : ''}
        {offer.decidedAt ? ` · decided ${formatShopDate(offer.decidedAt, timeZone)}` : ''}
      </p>
      <OfferTable offer={offer} />
      <p>Valid until {formatLongDate(offer.validUntil)}</p>
      {offer.leadTimeDays !== null ? <p>Lead time: {countOf(offer.leadTimeDays, 'day')}</p> : null}
      {/* As the customer reads them: the payment sentence from the numbers, then the free text. */}
      <p className="font-medium">{paymentTermsSentence(offer.totalMinor, offer.advancePercent)}</p>
      {offer.terms ? <p className="whitespace-pre-line text-ink-muted">{offer.terms}</p> : null}
      {offer.note ? <p className="whitespace-pre-line">Note: {offer.note}</p> : null}
      {offer.declineReason ? (
        <p className="whitespace-pre-line">Reason for declining: {offer.declineReason}</p>
      ) : null}
    </div>
  );
}

function QuotationOrder({ order }: { order: QuoteOrderView }) {
  return (
    <div className="rounded-2xl bg-sand p-5 text-sm">
      <p className="font-medium">
        Order {order.orderNumber} · {statusLabel(order.status)} · payment{' '}
        {paymentStatusLabel(order.paymentStatus)} · {formatRupees(order.totalMinor)}
      </p>
      {order.submittedPaymentReference ? (
        <p className="mt-1">Customer&apos;s reference: {order.submittedPaymentReference}</p>
      ) : null}
      {order.submittedBalanceReference ? (
        <p className="mt-1">Customer&apos;s balance reference: {order.submittedBalanceReference}</p>
      ) : null}
      <div className="mt-2">
        <PaymentProgress rows={paymentProgressRows(order)} />
      </div>
      <Link to="/admin?tab=orders" className="mt-2 inline-block underline">
        Open the Orders tab
      </Link>
    </div>
  );
}
