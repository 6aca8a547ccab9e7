/**
 * docs/requirements.md §10 "Paying", on the quote page and in the order's details: "Pay with UPI" (the link and
 * its QR code, drawn on the server), the bank transfer details, and the "Payment reference (UTR)"
 * the customer submits once they have paid.
 */
import { getFormProps } from '../forms/lazy-form';
import { errorToast } from '../../../core/community/answer';
import { formatRupees } from '../../../core/money/money';
import {
  paymentTermsTexts,
  type PaymentProgressRow,
  type PaymentStage,
} from '../../../core/orders/payment-terms';
import { PaymentProgress } from '../orders/payment-progress';
import { Approximate } from '../ui/approximate';
import type { paymentReferenceSubmissionSchema } from '../../../core/quotes/quote-forms';
import {
  offerPaymentMethodLabels,
  quoteToasts,
  type OfferPaymentMethod,
} from '../../../core/quotes/quote-texts';
import { FormField, useAnswerForm } from '../forms/answer-form';
import { primaryButtonClass, secondaryButtonClass } from '../ui/classes';

import { PAYMENT_REFERENCE_INTENT } from './payment-intent';

export { PAYMENT_REFERENCE_INTENT };

export interface PaymentPanelData {
  orderId: string;
  orderNumber: string;
  /** The order's own method: the browser checks the reference by it, the server by the order. */
  paymentMethod: OfferPaymentMethod;
  /** docs/requirements.md §21: what is asked for now: the advance, the balance, or the whole in one payment. */
  stage: PaymentStage;
  amountMinor: number;
  /** The reference submitted for this payment (the advance's, then the balance's). */
  submittedPaymentReference: string | null;
  /** Null when UPI cannot take the amount (the shop's per-payment limit). */
  upiUri: string | null;
  /** SVG markup of the QR code of `upiUri`, rendered by the server (upi-qr.ts). */
  qrSvg: string | null;
  /** docs/requirements.md §21: why UPI is left out, beside the bank transfer. */
  upiOverLimit: string | null;
  bankDetails: string;
}

export function PaymentPanel({
  payment,
  action,
  headingLevel = 2,
  showAmount = true,
  progress = [],
}: {
  payment: PaymentPanelData;
  /**
   * Where the form posts: the quote page's action, with the quotation's key if it has one; the
   * page's own route when not given (the dashboard).
   */
  action?: string;
  headingLevel?: 2 | 3 | 4;
  /** Off where the order's total is shown right above (the order card). */
  showAmount?: boolean;
  /**
   * docs/requirements.md §21: "Advance paid" and "Balance due" (core/orders/payment-terms.ts's rows, made by the quote
   * page's loader; the order card shows its own). In this lazy chunk, not the page's first load.
   */
  progress?: PaymentProgressRow[];
}) {
  // Held by the panel, not by its form: the form is gone once the reference is in, before the
  // answer could be toasted.
  const answerForm = useAnswerForm({
    schema: () =>
      import('../../../core/quotes/quote-forms').then(
        (module) => module.paymentReferenceSubmissionSchema,
      ),
    intent: PAYMENT_REFERENCE_INTENT,
    invalidToast: errorToast,
    // One fetcher per order: the dashboard lists several.
    key: `payment-reference-${payment.orderId}`,
  });
  const Heading = `h${headingLevel}` as const;
  const Subheading = `h${headingLevel + 1}` as 'h3' | 'h4' | 'h5';
  const amount = formatRupees(payment.amountMinor);
  const headingId = `payment-${payment.orderId}-heading`;
  const upi = payment.upiUri && payment.qrSvg && (
    <section key="upi" aria-labelledby={`${headingId}-upi`} className="grid gap-3">
      <Subheading id={`${headingId}-upi`} className="font-semibold">
        {offerPaymentMethodLabels.upi}
      </Subheading>
      <div className="flex flex-wrap items-center gap-4">
        <figure
          role="img"
          aria-label={`QR code to pay ${amount} by UPI`}
          className="h-40 w-40 rounded-lg bg-white p-2 ring-1 ring-stone [&>svg]:h-full [&>svg]:w-full"
          // uqr's SVG of our own server's link, not user input (payment-panel.server.ts).
          dangerouslySetInnerHTML={{ __html: payment.qrSvg }}
        />
        <div className="grid gap-2">
          <a href={payment.upiUri} className={primaryButtonClass}>
            Pay with UPI
          </a>
          <p className="text-sm text-ink-muted">Scan the code with a UPI app on your phone.</p>
        </div>
      </div>
    </section>
  );
  const bank = (
    <section key="bank" aria-labelledby={`${headingId}-bank`} className="grid gap-2">
      <Subheading id={`${headingId}-bank`} className="font-semibold">
        {offerPaymentMethodLabels['bank transfer']}
      </Subheading>
      {payment.upiOverLimit ? <p>{payment.upiOverLimit}</p> : null}
      <p>{payment.bankDetails}</p>
      <p className="text-sm text-ink-muted">
        Please write {payment.orderNumber} in the transfer&apos;s remarks.
      </p>
    </section>
  );
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-5 rounded-2xl bg-white p-5 ring-1 ring-stone/60"
    >
      <div>
        <Heading id={headingId} className="font-display text-xl font-semibold">
          Payment for {payment.orderNumber}
        </Heading>
        {payment.stage === 'full' ? null : (
          // docs/requirements.md §21: the advance first, then the balance
          <p className="mt-1 font-medium">{paymentTermsTexts.stageHeading[payment.stage]}</p>
        )}
        <p className="mt-1">
          {showAmount || payment.stage !== 'full' ? (
            <>
              {/* docs/decisions/026: what she must pay now, with its approximation */}
              Amount: <span className="font-semibold">{amount}</span>
              <Approximate paise={payment.amountMinor} /> by{' '}
            </>
          ) : (
            'By '
          )}
          {offerPaymentMethodLabels[payment.paymentMethod]}
        </p>
      </div>
      <PaymentProgress rows={progress} approximate />
      {payment.submittedPaymentReference ? (
        <p role="status" className="rounded-xl bg-sand p-4">
          Payment reference <span className="font-mono">{payment.submittedPaymentReference}</span>{' '}
          received. {quoteToasts.referenceReceived.description}
        </p>
      ) : (
        <>
          {/* The chosen way to pay comes first; the other stays at hand. */}
          {payment.paymentMethod === 'upi' ? [upi, bank] : [bank, upi]}
          <PaymentReferenceForm payment={payment} action={action} answerForm={answerForm} />
        </>
      )}
    </section>
  );
}

type PaymentReferenceAnswerForm = ReturnType<
  typeof useAnswerForm<typeof paymentReferenceSubmissionSchema>
>;

function PaymentReferenceForm({
  payment,
  action,
  answerForm,
}: {
  payment: PaymentPanelData;
  action: string | undefined;
  answerForm: PaymentReferenceAnswerForm;
}) {
  const { fetcher, form, fields, documentAnswer } = answerForm;
  const refused = documentAnswer && documentAnswer.status !== 'ok' ? documentAnswer : null;
  return (
    <fetcher.Form
      method="post"
      action={action}
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="grid gap-3"
    >
      <input type="hidden" name="intent" value={PAYMENT_REFERENCE_INTENT} />
      <input type="hidden" name="orderId" value={payment.orderId} />
      {/* For the browser's check of the reference's shape; the server uses the order's own. */}
      <input type="hidden" name="paymentMethod" value={payment.paymentMethod} />
      {refused?.message && !refused.result?.error ? (
        <p role="alert" className="text-danger">
          {refused.message}
        </p>
      ) : null}
      <FormField
        meta={fields.reference}
        label="Payment reference (UTR)"
        hint={
          payment.paymentMethod === 'upi'
            ? 'The 12-digit UTR your UPI app shows after paying.'
            : 'The reference your bank gives the transfer: 6 to 22 letters and digits.'
        }
        autoComplete="off"
        spellCheck={false}
      />
      <div>
        <button type="submit" className={secondaryButtonClass} disabled={fetcher.state !== 'idle'}>
          Submit Reference
        </button>
      </div>
    </fetcher.Form>
  );
}
