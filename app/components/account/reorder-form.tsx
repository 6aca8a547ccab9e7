/** The reorder dialog's form, loaded when the dialog first opens (the dashboard's JavaScript budget). */
import { getFormProps } from '../forms/lazy-form';
import { errorToast } from '../../../core/answer';
import { REORDER_QUANTITY_PREFIX } from '../../../core/account-texts';
import { QUOTATION_MAX_QUANTITY } from '../../../core/quotation-texts';
import { Field, primaryButtonClass, secondaryButtonClass } from '../ui/field';
import { ModalClose } from '../ui/lazy-modal';
import type { Profile } from '../../../server/modules/account';
import type { OrderView } from '../../../server/modules/orders';
import { FormField, useAnswerForm } from './answer-form';

type Order = OrderView;
type Customer = Profile;

/** DESIGN.md §5: "Reorder" asks for a quotation of the order's pieces, quantities editable. */
export function ReorderForm({
  order,
  customer,
  onDone,
}: {
  order: Order;
  customer: Customer;
  onDone: () => void;
}) {
  // Who asks is checked with the shared schema here and again, with the pieces, on the server.
  const { fetcher, form, fields } = useAnswerForm({
    schema: () => import('../../../core/account').then((module) => module.reorderContactSchema),
    intent: 'reorder',
    invalidToast: errorToast,
    onSuccess: onDone,
  });
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
