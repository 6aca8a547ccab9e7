/** The reorder dialog's form, loaded when the dialog first opens (the dashboard's JavaScript budget). */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { getFormProps } from '../forms/lazy-form';
import { errorToast } from '../../../core/community/answer';
import { REORDER_QUANTITY_PREFIX } from '../../../core/identity/account-texts';
import { QUOTATION_MAX_QUANTITY, quotationToasts } from '../../../core/quotes/quotation-texts';
import { Field, primaryButtonClass, secondaryButtonClass } from '../ui/field';
import { ModalClose } from '../ui/lazy-modal';
import type { Profile } from '../../../server/modules/account';
import type { OrderView } from '../../../server/modules/orders';
import { FormField, useAnswerForm } from '../forms/answer-form';

type Order = OrderView;
type Customer = Profile;

/**
 * docs/design.md §5: "Reorder" asks for a quotation of the order's pieces, quantities editable; issue
 * 29: one request with all of them, whose reference the dialog then shows.
 */
export function ReorderForm({
  order,
  customer,
  onDone,
}: {
  order: Order;
  customer: Customer;
  onDone: () => void;
}) {
  const [reference, setReference] = useState<string | null>(null);
  // Who asks is checked with the shared schema here and again, with the pieces, on the server.
  const { fetcher, form, fields } = useAnswerForm({
    schema: () =>
      import('../../../core/identity/account').then((module) => module.reorderContactSchema),
    intent: 'reorder',
    invalidToast: errorToast,
    onSuccess: (answer) => {
      const made = referenceOf(answer.data);
      if (made) setReference(made);
      else onDone();
    },
  });
  if (reference) return <ReorderSubmitted reference={reference} onDone={onDone} />;
  const pieces = order.items.filter((item) => item.productId);
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value="reorder" />
      <input type="hidden" name="orderId" value={order.id} />
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold">Pieces and quantities</legend>
        {pieces.map((item) => (
          <Field
            key={item.id}
            label={item.productName}
            name={`${REORDER_QUANTITY_PREFIX}${item.productId}`}
            type="number"
            min={1}
            max={QUOTATION_MAX_QUANTITY}
            defaultValue={item.quantity}
            required
          />
        ))}
      </fieldset>
      <FormField
        meta={fields.customerName}
        label="Your Name *"
        defaultValue={fields.customerName.initialValue ?? customer.displayName ?? ''}
        autoComplete="name"
      />
      <FormField
        meta={fields.customerMobile}
        label="Mobile Number *"
        type="tel"
        defaultValue={fields.customerMobile.initialValue ?? customer.phone ?? ''}
        autoComplete="tel"
      />
      <FormField
        meta={fields.customerEmail}
        label="Email"
        type="email"
        defaultValue={fields.customerEmail.initialValue ?? customer.email}
        autoComplete="email"
      />
      <div className="flex justify-end gap-3">
        <ModalClose className={secondaryButtonClass}>Cancel</ModalClose>
        <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Sending…' : 'Request Quotation'}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** The reorder intent's answer: `{ created: 1, reference }` (server/flows/reorder.ts). */
function referenceOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('reference' in data)) return null;
  return typeof data.reference === 'string' ? data.reference : null;
}

/**
 * docs/requirements.md §18: the reorder made one request, so the dialog names its one reference and links to
 * its quote page (the customer's own account reads it without a key); focus moves to the link,
 * as the form it had is gone.
 */
function ReorderSubmitted({ reference, onDone }: { reference: string; onDone: () => void }) {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => link.current?.focus(), []);
  return (
    <div className="grid gap-4">
      <div role="status" className="rounded-xl bg-success/10 p-4 text-success">
        <p className="font-semibold">{quotationToasts.success.title}</p>
        <p>{quotationToasts.success.description}</p>
        <p className="mt-1">Reference: {reference}</p>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3">
        <Link
          ref={link}
          to={`/quotes/${reference}`}
          className="font-medium text-brass-700 underline underline-offset-4"
        >
          View your quotation
        </Link>
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          Close
        </button>
      </div>
    </div>
  );
}
