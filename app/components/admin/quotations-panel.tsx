import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { useState } from 'react';
import { Link } from 'react-router';
import { quotationMovesFrom } from '../../../core/admin/admin';
import { formatShopDate } from '../../../core/time/shop-calendar';
import { orderFromQuotationSchema, orderPaymentMethods } from '../../../core/orders/orders';
import { statusLabel } from '../../../core/orders/statuses';
import type { AdminConsoleData } from '../../routes/admin';
import { useAnswerFetcher, type AnswerHandlers } from '../forms/use-answer-fetcher';
import { QuoteReference } from '../quotes/quote-reference';
import { Field, inputClass, primaryButtonClass, secondaryButtonClass } from '../ui/field';
import { Modal, ModalClose } from '../ui/modal';
import { useShopTimeZone } from '../layout/shop-time';

type Quotation = AdminConsoleData['quotations'][number];

/** spec §2 Admin: quotation requests with every field, their status moves, and Create Order. */
export function QuotationsPanel({
  quotations,
  alertArea,
}: {
  quotations: Quotation[];
  alertArea: AnswerHandlers<unknown>;
}) {
  const timeZone = useShopTimeZone();
  const fetcher = useAnswerFetcher(alertArea);
  const [ordering, setOrdering] = useState<Quotation | null>(null);
  if (quotations.length === 0)
    return <p className="text-ink-muted">No quotation requests found.</p>;
  return (
    <>
      <ul className="grid gap-4">
        {quotations.map((quotation) => (
          <li
            key={quotation.id}
            aria-label={`Quotation from ${quotation.customerName} for ${quotation.piecesSummary}`}
            className="rounded-2xl border border-stone/70 bg-white p-5"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-sans text-lg font-semibold">
                {/* docs/requirements.md §2: each request row opens /admin/quotations/{id}; docs/requirements.md §18: it names
                    every piece, "Floral Inlay Marble Urli × 20 and 3 more pieces" */}
                <Link to={`/admin/quotations/${quotation.id}`} className="inline-block underline">
                  {quotation.piecesSummary}
                </Link>
              </h3>
              <div className="flex flex-wrap gap-2">
                {/* docs/requirements.md §10: "needs reply" when the customer wrote last */}
                {quotation.needsReply ? (
                  <span className="rounded-full bg-danger/10 px-3 py-1 text-xs font-semibold text-danger">
                    Needs reply
                  </span>
                ) : null}
                <span className="rounded-full bg-sand px-3 py-1 text-xs font-semibold">
                  {statusLabel(quotation.status)}
                </span>
              </div>
            </div>
            <p className="mt-1 text-sm text-ink-muted">
              Quotation <QuoteReference reference={quotation.reference} /> ·{' '}
              {quotation.latestOfferStatus
                ? `Offer ${statusLabel(quotation.latestOfferStatus).toLowerCase()}`
                : 'No offer yet'}
            </p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-medium">Customer</dt>
              <dd>{quotation.customerName}</dd>
              <dt className="font-medium">Company</dt>
              <dd>{quotation.customerCompany ?? '—'}</dd>
              <dt className="font-medium">Mobile</dt>
              <dd>
                <a
                  href={`tel:${quotation.customerMobile}`}
                  className="inline-block py-0.5 underline"
                >
                  {quotation.customerMobile}
                </a>
              </dd>
              <dt className="font-medium">Email</dt>
              <dd>
                {quotation.customerEmail ? (
                  <a
                    href={`mailto:${quotation.customerEmail}`}
                    className="inline-block py-0.5 break-all underline"
                  >
                    {quotation.customerEmail}
                  </a>
                ) : (
                  '—'
                )}
              </dd>
              <dt className="font-medium">Notes</dt>
              <dd className="whitespace-pre-line">{quotation.customizationNotes ?? '—'}</dd>
              <dt className="font-medium">Received</dt>
              <dd>{formatShopDate(quotation.createdAt, timeZone)}</dd>
            </dl>
            <div className="mt-4 flex flex-wrap gap-2">
              {quotationMovesFrom(quotation.status).map((status) => (
                <fetcher.Form key={status} method="post">
                  <input type="hidden" name="intent" value="quotation-status" />
                  <input type="hidden" name="id" value={quotation.id} />
                  <input type="hidden" name="status" value={status} />
                  <button type="submit" className={secondaryButtonClass}>
                    Mark as {statusLabel(status)}
                  </button>
                </fetcher.Form>
              ))}
              {/* docs/requirements.md §18: a request of several pieces becomes an order through its offer */}
              {quotation.status !== 'completed' && quotation.lines.length <= 1 ? (
                <button
                  type="button"
                  className={secondaryButtonClass}
                  onClick={() => setOrdering(quotation)}
                >
                  Create Order
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <Modal
        open={ordering !== null}
        onOpenChange={(open) => {
          if (!open) setOrdering(null);
        }}
        title="Create Order"
        description="A pending order for this customer; the quotation is then completed."
      >
        {ordering ? (
          <CreateOrderForm
            quotation={ordering}
            alertArea={alertArea}
            onDone={() => setOrdering(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}

const parseOrderForm = (formData: FormData) =>
  parseWithZod(formData, { schema: orderFromQuotationSchema, disableAutoCoercion: true });

const paymentMethodLabels: Record<(typeof orderPaymentMethods)[number], string> = {
  upi: 'UPI',
  'bank transfer': 'Bank transfer',
  other: 'Other',
};

/** Quotation → order (docs/design.md §5), checked with the server's own schema before it is sent. */
function CreateOrderForm({
  quotation,
  alertArea,
  onDone,
}: {
  quotation: Quotation;
  alertArea: AnswerHandlers<unknown>;
  onDone: () => void;
}) {
  const fetcher = useAnswerFetcher({
    ...alertArea,
    onSuccess: (answer) => {
      alertArea.onSuccess?.(answer);
      onDone();
    },
  });
  const [form, fields] = useForm({
    lastResult: fetcher.state === 'idle' ? fetcher.data?.result : undefined,
    constraint: getZodConstraint(orderFromQuotationSchema),
    defaultValue: {
      quantity: String(quotation.quantity),
      shipping: '0',
      tax: '0',
      paymentMethod: 'upi',
      name: quotation.customerName,
      country: 'IN',
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseOrderForm(formData),
  });
  const input = (
    meta: (typeof fields)[keyof typeof fields],
    label: string,
    type: 'text' | 'number' = 'text',
  ) => {
    const { key, ...props } = getInputProps(meta, { type });
    return <Field key={key ?? meta.name} label={label} {...props} error={meta.errors?.[0]} />;
  };
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value="create-order" />
      <input type="hidden" name="quotationId" value={quotation.id} />
      <p>
        <strong>{quotation.productName}</strong> for {quotation.customerName}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {input(fields.quantity, 'Quantity', 'number')}
        {input(fields.unitPrice, 'Unit price (₹)', 'number')}
        {input(fields.shipping, 'Shipping (₹)', 'number')}
        {input(fields.tax, 'Tax (₹)', 'number')}
      </div>
      <div className="grid gap-1">
        <label htmlFor={fields.paymentMethod.id} className="font-medium">
          Payment method
        </label>
        <PaymentMethodSelect meta={fields.paymentMethod} />
      </div>
      <fieldset className="grid gap-3">
        <legend className="font-medium">Shipping address</legend>
        {input(fields.name, 'Name')}
        {input(fields.streetAddress, 'Street Address')}
        {input(fields.apartment, 'Apartment/Suite (Optional)')}
        <div className="grid gap-3 sm:grid-cols-2">
          {input(fields.city, 'City')}
          {input(fields.state, 'State')}
          {input(fields.postalCode, 'ZIP Code')}
          {input(fields.country, 'Country')}
        </div>
      </fieldset>
      <div className="flex justify-end gap-3">
        <ModalClose className={secondaryButtonClass}>Cancel</ModalClose>
        <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
          Create Order
        </button>
      </div>
    </fetcher.Form>
  );
}

function PaymentMethodSelect({ meta }: { meta: Parameters<typeof getSelectProps>[0] }) {
  const { key, ...props } = getSelectProps(meta);
  return (
    <select key={key} {...props} className={inputClass}>
      {orderPaymentMethods.map((method) => (
        <option key={method} value={method}>
          {paymentMethodLabels[method]}
        </option>
      ))}
    </select>
  );
}
