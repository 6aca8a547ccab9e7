/**
 * issue 16: the owner's view of the request and the customer, with the customer's earlier
 * requests and orders (found by account or verified e-mail); issue 29: every piece of it.
 */
import { Link } from 'react-router';
import { formatLongDate } from '../../../core/dates';
import { formatRupees } from '../../../core/money';
import { statusLabel } from '../../../core/statuses';
import type { OwnerQuotationView } from '../../../server/modules/quotations/views';

export function QuotationCustomer({ quotation }: { quotation: OwnerQuotationView }) {
  const { request, history } = quotation;
  return (
    <section
      aria-labelledby="request-heading"
      className="rounded-2xl border border-stone/70 bg-white p-5"
    >
      <h2 id="request-heading" className="font-sans text-xl font-semibold">
        Request
      </h2>
      {/* issue 29: the request page lists every piece with its quantity and notes, as stacked
          rows that read at 390 px */}
      <h3 id="request-pieces-heading" className="mt-3 font-medium">
        {request.lines.length === 1 ? '1 piece' : `${request.lines.length} pieces`}
      </h3>
      <ol aria-labelledby="request-pieces-heading" className="mt-2 grid gap-2 text-sm">
        {request.lines.map((line, index) => (
          <li key={index} className="rounded-xl border border-stone/70 p-3">
            <p className="font-medium break-words">
              {line.productId ? (
                <Link to={`/product/${line.productId}`} className="underline">
                  {line.productName}
                </Link>
              ) : (
                line.productName
              )}
            </p>
            <p className="mt-1">Quantity: {line.quantity}</p>
            {line.notes ? (
              <p className="mt-1 whitespace-pre-line break-words text-ink-muted">
                Notes: {line.notes}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Request notes</dt>
        <dd className="whitespace-pre-line break-words">{request.customizationNotes ?? '—'}</dd>
        <dt className="font-medium">Received</dt>
        <dd>{formatLongDate(quotation.createdAt)}</dd>
      </dl>
      <h3 className="mt-6 font-medium">Customer</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Name</dt>
        <dd>{request.customerName}</dd>
        <dt className="font-medium">Company</dt>
        <dd>{request.customerCompany ?? '—'}</dd>
        <dt className="font-medium">Mobile</dt>
        <dd>
          <a href={`tel:${request.customerMobile}`} className="underline">
            {request.customerMobile}
          </a>
        </dd>
        <dt className="font-medium">Email</dt>
        <dd>
          {request.customerEmail ? (
            <a href={`mailto:${request.customerEmail}`} className="underline">
              {request.customerEmail}
            </a>
          ) : (
            '—'
          )}
        </dd>
        {/* issue 29: the buyer's GSTIN, when they gave one */}
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
              {formatLongDate(earlier.createdAt)}
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
              {formatLongDate(order.createdAt)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
