import { useState } from 'react';
import { quotationMovesFrom } from '../../../core/admin';
import { formatLongDate } from '../../../core/dates';
import { statusLabel, type QuotationStatus } from '../../../core/statuses';
import { Field, primaryButtonClass, secondaryButtonClass } from '../ui/field';
import { Modal, ModalClose } from '../ui/modal';
import { useAdminAction } from './admin-action';

interface Quotation {
  id: string;
  productId: string | null;
  productName: string;
  quantity: number;
  customizationNotes: string | null;
  customerName: string;
  customerCompany: string | null;
  customerMobile: string;
  customerEmail: string | null;
  status: string;
  createdAt: Date | string;
}

/** spec §2 Admin: quotation requests with every field, their status moves, and Create Order. */
export function QuotationsPanel({
  quotations,
  onAlert,
}: {
  quotations: Quotation[];
  onAlert: (message: string | null) => void;
}) {
  const fetcher = useAdminAction(onAlert);
  const [ordering, setOrdering] = useState<Quotation | null>(null);
  if (quotations.length === 0)
    return <p className="text-ink-muted">No quotation requests found.</p>;
  return (
    <>
      <ul className="grid gap-4">
        {quotations.map((quotation) => (
          <li
            key={quotation.id}
            aria-label={`Quotation from ${quotation.customerName} for ${quotation.productName}`}
            className="rounded-2xl border border-stone/70 bg-white p-5"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-sans text-lg font-semibold">
                {quotation.productName} × {quotation.quantity}
              </h3>
              <span className="rounded-full bg-sand px-3 py-1 text-xs font-semibold">
                {statusLabel(quotation.status)}
              </span>
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-medium">Customer</dt>
              <dd>{quotation.customerName}</dd>
              <dt className="font-medium">Company</dt>
              <dd>{quotation.customerCompany ?? '—'}</dd>
              <dt className="font-medium">Mobile</dt>
              <dd>
                <a href={`tel:${quotation.customerMobile}`} className="underline">
                  {quotation.customerMobile}
                </a>
              </dd>
              <dt className="font-medium">Email</dt>
              <dd>
                {quotation.customerEmail ? (
                  <a href={`mailto:${quotation.customerEmail}`} className="underline">
                    {quotation.customerEmail}
                  </a>
                ) : (
                  '—'
                )}
              </dd>
              <dt className="font-medium">Notes</dt>
              <dd className="whitespace-pre-line">{quotation.customizationNotes ?? '—'}</dd>
              <dt className="font-medium">Received</dt>
              <dd>{formatLongDate(quotation.createdAt)}</dd>
            </dl>
            <div className="mt-4 flex flex-wrap gap-2">
              {quotationMovesFrom(quotation.status as QuotationStatus).map((status) => (
                <fetcher.Form key={status} method="post">
                  <input type="hidden" name="intent" value="quotation-status" />
                  <input type="hidden" name="id" value={quotation.id} />
                  <input type="hidden" name="status" value={status} />
                  <button type="submit" className={secondaryButtonClass}>
                    Mark as {statusLabel(status)}
                  </button>
                </fetcher.Form>
              ))}
              {quotation.status !== 'completed' ? (
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
            onAlert={onAlert}
            onDone={() => setOrdering(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}

function CreateOrderForm({
  quotation,
  onAlert,
  onDone,
}: {
  quotation: Quotation;
  onAlert: (message: string | null) => void;
  onDone: () => void;
}) {
  const fetcher = useAdminAction(onAlert, onDone);
  return (
    <fetcher.Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="create-order" />
      <input type="hidden" name="quotationId" value={quotation.id} />
      <p>
        <strong>{quotation.productName}</strong> for {quotation.customerName}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Quantity"
          name="quantity"
          type="number"
          min={1}
          defaultValue={quotation.quantity}
          required
        />
        <Field label="Unit price (₹)" name="unitPrice" type="number" min={0} step="0.01" required />
        <Field
          label="Shipping (₹)"
          name="shipping"
          type="number"
          min={0}
          step="0.01"
          defaultValue={0}
          required
        />
        <Field
          label="Tax (₹)"
          name="tax"
          type="number"
          min={0}
          step="0.01"
          defaultValue={0}
          required
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor="payment-method" className="font-medium">
          Payment method
        </label>
        <select
          id="payment-method"
          name="paymentMethod"
          defaultValue="upi"
          className="rounded-lg border border-stone bg-white px-3 py-2"
        >
          <option value="upi">UPI</option>
          <option value="bank transfer">Bank transfer</option>
          <option value="other">Other</option>
        </select>
      </div>
      <fieldset className="grid gap-3">
        <legend className="font-medium">Shipping address</legend>
        <Field label="Name" name="name" defaultValue={quotation.customerName} required />
        <Field label="Street Address" name="streetAddress" required />
        <Field label="Apartment/Suite (Optional)" name="apartment" />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="City" name="city" required />
          <Field label="State" name="state" required />
          <Field label="ZIP Code" name="postalCode" required />
          <Field label="Country" name="country" defaultValue="IN" required />
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
