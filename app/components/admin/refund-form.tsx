/**
 * docs/requirements.md §24: "Cancel Order" of an order with money received asks for its refund, and "Record
 * Refund" gives back what a cancellation left: the amount (by default all that is left), how it
 * went back (UPI or bank transfer) and its reference, checked with the server's own schema.
 */
import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { orderActionLabels } from '../../../core/admin/admin';
import { formatRupees } from '../../../core/money/money';
import { refundFormSchema, refundMethods } from '../../../core/orders/refunds';
import { offerPaymentMethodLabels } from '../../../core/quotes/quote-texts';
import type { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { Field, inputClass, primaryButtonClass, secondaryButtonClass } from '../ui/field';
import { FieldFrame, conformFrame } from '../ui/field-frame';

/** Paise as the amount field shows them: rupees, with the paise only when there are some. */
function rupeesText(minor: number): string {
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}

export function RefundForm({
  orderId,
  action,
  leftMinor,
  paymentMethod,
  returnRefund,
  fetcher,
  onClose,
}: {
  orderId: string;
  action: 'cancel' | 'record-refund';
  /** The money received not yet refunded. */
  leftMinor: number;
  /** docs/requirements.md §24: the approved return this refund closes, and what its pieces cost. */
  returnRefund?: { returnId: string; valueMinor: number; pieces: string } | null;
  /** The order's own method, the refund's by default. */
  paymentMethod: string | null;
  fetcher: ReturnType<typeof useAnswerFetcher>;
  /** "Not yet": the form closes to its button (app/components/admin/opening-form.tsx). */
  onClose: () => void;
}) {
  const [form, fields] = useForm({
    id: `${action}-${returnRefund?.returnId ?? orderId}`,
    defaultValue: {
      action,
      amount: rupeesText(returnRefund ? Math.min(returnRefund.valueMinor, leftMinor) : leftMinor),
      method: paymentMethod === 'upi' ? 'upi' : 'bank transfer',
      reference: '',
    },
    constraint: getZodConstraint(refundFormSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: refundFormSchema }),
  });
  const label = orderActionLabels[action];
  const { key: methodKey, ...methodSelect } = getSelectProps(fields.method);
  const { key: amountKey, ...amount } = getInputProps(fields.amount, { type: 'text' });
  const { key: referenceKey, ...reference } = getInputProps(fields.reference, { type: 'text' });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      role="group"
      aria-label={label}
      className="grid w-full gap-3 rounded-xl bg-sand p-3"
    >
      <input type="hidden" name="intent" value="refund-order" />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="action" value={action} />
      {returnRefund ? <input type="hidden" name="returnId" value={returnRefund.returnId} /> : null}
      <p>
        {returnRefund
          ? `The returned ${returnRefund.pieces} cost ${formatRupees(returnRefund.valueMinor)}; ${formatRupees(leftMinor)} received for this order is not yet refunded.`
          : action === 'cancel'
            ? `${formatRupees(leftMinor)} was received for this order. Record its refund to cancel it.`
            : `${formatRupees(leftMinor)} received for this order is not yet refunded.`}
      </p>
      <Field
        key={amountKey}
        label="Amount refunded (₹)"
        inputMode="decimal"
        autoComplete="off"
        {...amount}
        error={fields.amount.errors?.[0]}
      />
      <FieldFrame label="Refunded by" required {...conformFrame(fields.method)}>
        {(control) => (
          <select key={methodKey} {...methodSelect} {...control} className={inputClass}>
            {refundMethods.map((method) => (
              <option key={method} value={method}>
                {offerPaymentMethodLabels[method]}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <Field
        key={referenceKey}
        label="Refund reference"
        hint="The UTR or bank reference of the refund."
        autoComplete="off"
        {...reference}
        error={fields.reference.errors?.[0]}
      />
      {form.errors?.[0] ? (
        <p id={form.errorId} role="alert" className="text-sm text-red-700">
          {form.errors[0]}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButtonClass}>
          {label}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Not yet
        </button>
      </div>
    </fetcher.Form>
  );
}
