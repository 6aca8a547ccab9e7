/**
 * docs/requirements.md §2: the owner's view of the request and the customer, with the customer's earlier
 * requests and orders (found by account or verified e-mail); docs/requirements.md §18: every piece of it.
 * docs/requirements.md §19: the request page on a phone reads first what the owner must answer (QuotationRequest:
 * the customer's latest word, the pieces with their notes, the request's notes), above the
 * composer; the customer's details and history (QuotationCustomer) come after it.
 */
import { Link } from 'react-router';
import { formatShopDate } from '../../../core/time/shop-calendar';
import { formatRupees } from '../../../core/money/money';
import { statusLabel } from '../../../core/orders/statuses';
import type {
  OwnerQuotationView,
  QuoteMessageView,
} from '../../../server/modules/quotations/views';
import { useShopTimeZone } from '../layout/shop-time';

/** What a customer's thread entry was: a message, or a step on an offer (docs/requirements.md §10). */
function customerStepLabel(message: QuoteMessageView): string {
  const version = message.offerVersion === null ? '' : ` v${message.offerVersion}`;
  switch (message.kind) {
    case 'changes-requested':
      return `Asked for changes to offer${version}`;
    case 'declined':
      return `Declined offer${version}`;
    case 'new-offer-requested':
      return `Asked for a new offer (offer${version} expired)`;
    case 'message':
      return 'Message';
  }
}

export function QuotationRequest({ quotation }: { quotation: OwnerQuotationView }) {
  const timeZone = useShopTimeZone();
  const { request } = quotation;
  // docs/requirements.md §19: the customer's latest message or change request, where the owner starts reading
  const latest = quotation.messages.findLast((message) => message.author === 'customer');
  return (
    <section
      aria-labelledby="request-heading"
      className="rounded-2xl border border-stone/70 bg-white p-5"
    >
      <h2 id="request-heading" className="font-sans text-xl font-semibold">
        Request
      </h2>
      <div className="mt-3 grid gap-5 lg:grid-cols-2">
        {latest ? (
          <div>
            <h3 id="latest-message-heading" className="font-medium">
              Latest from {request.customerName}
            </h3>
            <figure
              aria-labelledby="latest-message-heading"
              className="mt-2 rounded-xl border-l-4 border-brass-800 bg-sand p-3 text-sm"
            >
              <figcaption className="font-medium">
                {customerStepLabel(latest)} ·{' '}
                <time dateTime={new Date(latest.createdAt).toISOString()}>
                  {formatShopDate(latest.createdAt, timeZone)}
                </time>
              </figcaption>
              {latest.body.trim() ? (
                <blockquote className="mt-1 whitespace-pre-line break-words">
                  {latest.body}
                </blockquote>
              ) : null}
            </figure>
          </div>
        ) : null}
        <div className={latest ? '' : 'lg:col-span-2'}>
          {/* docs/requirements.md §18: every piece with its quantity and notes, as rows that read at 390 px */}
          <h3 id="request-pieces-heading" className="font-medium">
            {request.lines.length === 1 ? '1 piece' : `${request.lines.length} pieces`}
          </h3>
          <ol
            aria-labelledby="request-pieces-heading"
            className="mt-1 divide-y divide-stone/70 text-sm"
          >
            {request.lines.map((line, index) => (
              <li key={index} className="py-2">
                <p className="break-words">
                  <span className="font-medium">
                    {line.productId ? (
                      <Link to={`/product/${line.productId}`} className="underline">
                        {line.productName}
                      </Link>
                    ) : (
                      line.productName
                    )}
                  </span>{' '}
                  · Quantity: {line.quantity}
                </p>
                {line.notes ? (
                  <p className="mt-0.5 whitespace-pre-line break-words">Notes: {line.notes}</p>
                ) : null}
              </li>
            ))}
          </ol>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">Request notes</dt>
            <dd className="whitespace-pre-line break-words">{request.customizationNotes ?? '—'}</dd>
            <dt className="font-medium">Received</dt>
            <dd>{formatShopDate(quotation.createdAt, timeZone)}</dd>
          </dl>
        </div>
      </div>
    </section>
  );
}

export function QuotationCustomer({ quotation }: { quotation: OwnerQuotationView }) {
  const timeZone = useShopTimeZone();
  const { request, history } = quotation;
  return (
    <section
      aria-labelledby="customer-heading"
      className="rounded-2xl border border-stone/70 bg-white p-5"
    >
      <h2 id="customer-heading" className="font-sans text-xl font-semibold">
        Customer
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Name</dt>
        <dd>{request.customerName}</dd>
        <dt className="font-medium">Company</dt>
        <dd>{request.customerCompany ?? '—'}</dd>
        <dt className="font-medium">Mobile</dt>
        <dd>
          <a href={`tel:${request.customerMobile}`} className="inline-block py-0.5 underline">
            {request.customerMobile}
          </a>
        </dd>
        <dt className="font-medium">Email</dt>
        <dd>
          {request.customerEmail ? (
            <a
              href={`mailto:${request.customerEmail}`}
              className="inline-block py-0.5 break-all underline"
            >
              {request.customerEmail}
            </a>
          ) : (
            '—'
          )}
        </dd>
        {/* docs/requirements.md §18: the buyer's GSTIN, when they gave one */}
        {request.customerGstin ? (
          <>
            <dt className="font-medium">GSTIN</dt>
            <dd>{request.customerGstin}</dd>
          </>
        ) : null}
        <dt className="font-medium">Account</dt>
        <dd>{quotation.userId ? 'Signed in' : 'Guest'}</dd>
      </dl>
      <h3 className="mt-6 font-medium">Earlier requests</h3>
      {history.requests.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">None</p>
      ) : (
        <ul className="mt-1 grid gap-1 text-sm">
          {history.requests.map((earlier) => (
            <li key={earlier.id}>
              <Link to={`/admin/quotations/${earlier.id}`} className="underline">
                {earlier.reference}
              </Link>{' '}
              · {earlier.productName} · {statusLabel(earlier.status)} ·{' '}
              {formatShopDate(earlier.createdAt, timeZone)}
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-6 font-medium">Orders</h3>
      {history.orders.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">None</p>
      ) : (
        <ul className="mt-1 grid gap-1 text-sm">
          {history.orders.map((order) => (
            <li key={order.id}>
              {order.orderNumber} · {statusLabel(order.status)} · {formatRupees(order.totalMinor)} ·{' '}
              {formatShopDate(order.createdAt, timeZone)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
