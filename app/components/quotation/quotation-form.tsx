import type { SubmissionResult } from '@conform-to/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { problemToast, quotationToasts } from '../../../core/quotes/quotation-texts';
import { Honeypot } from '../community/honeypot';
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  schemaValidator,
  useFormConstraints,
  useLazyForm,
} from '../forms/lazy-form';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { conformFrame, FieldFrame } from '../ui/field-frame';
import { toast } from '../ui/toast-store';
import { quotationAction } from './quotation-action';
import { submittedQuotationOf, type QuotationSubmitted } from './quotation-submitted';

const inputClass =
  'w-full rounded-lg border border-stone bg-white px-3 py-2 aria-[invalid=true]:border-danger';

/**
 * The Request Quotation fields (spec §2). The product is shown read-only; its id travels in the
 * action's URL. `onValidSubmit` sends the form with a fetcher; without it (or before hydration)
 * the form posts to `action` as a plain HTML form.
 */
export function QuotationForm({
  productName,
  action,
  lastResult,
  pending,
  onValidSubmit,
  footer,
}: {
  productName: string;
  action: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  pending: boolean;
  onValidSubmit?: (form: HTMLFormElement) => void;
  footer?: ReactNode;
}) {
  const productFieldId = useId();
  const [form, fields] = useLazyForm<
    | 'quantity'
    | 'customizationNotes'
    | 'customerName'
    | 'customerCompany'
    | 'customerMobile'
    | 'customerEmail'
  >({
    lastResult,
    // The root loader gives every page the quotation form's limits: its dialog opens anywhere.
    constraint: useFormConstraints('quotation'),
    defaultValue: { quantity: '1', ...useSignedInDetails() },
    // The schema reads the raw text itself (quantity falls back to 1), so no coercion.
    loadValidator: schemaValidator(() =>
      import('../../../core/quotes/quotation').then((module) => module.quotationRequestSchema),
    ),
    // docs/requirements.md §10: only a submit the browser's check refuses shows the toast; a valid request
    // never does.
    onInvalidSubmit: (messages) => toast(problemToast(messages)),
    onValidSubmit(event) {
      if (!onValidSubmit) return;
      event.preventDefault();
      onValidSubmit(event.currentTarget);
    },
  });

  return (
    <form
      method="post"
      action={action}
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="relative grid gap-4"
    >
      <FieldFrame id={productFieldId} label="Product">
        <input
          id={productFieldId}
          value={productName}
          readOnly
          className="w-full rounded-lg border border-stone bg-sand px-3 py-2"
        />
      </FieldFrame>
      <FieldFrame
        label="Quantity"
        required
        key={fields.quantity.key}
        {...conformFrame(fields.quantity)}
      >
        <input
          className={inputClass}
          {...withoutKey(getInputProps(fields.quantity, { type: 'number' }))}
          min={1}
          step={1}
          inputMode="numeric"
        />
      </FieldFrame>
      <FieldFrame
        label="Customisation notes"
        key={fields.customizationNotes.key}
        {...conformFrame(fields.customizationNotes)}
      >
        <textarea
          className={inputClass}
          {...withoutKey(getTextareaProps(fields.customizationNotes))}
          rows={3}
          placeholder="Size, finish, engraving, delivery date…"
        />
      </FieldFrame>
      <FieldFrame
        label="Your name"
        required
        key={fields.customerName.key}
        {...conformFrame(fields.customerName)}
      >
        <input
          className={inputClass}
          {...withoutKey(getInputProps(fields.customerName, { type: 'text' }))}
          autoComplete="name"
        />
      </FieldFrame>
      <FieldFrame
        label="Company (optional)"
        key={fields.customerCompany.key}
        {...conformFrame(fields.customerCompany)}
      >
        <input
          className={inputClass}
          {...withoutKey(getInputProps(fields.customerCompany, { type: 'text' }))}
          autoComplete="organization"
        />
      </FieldFrame>
      <FieldFrame
        label="Mobile"
        required
        key={fields.customerMobile.key}
        {...conformFrame(fields.customerMobile)}
      >
        <input
          className={inputClass}
          {...withoutKey(getInputProps(fields.customerMobile, { type: 'tel' }))}
          autoComplete="tel"
        />
      </FieldFrame>
      <FieldFrame
        label="Email (optional)"
        key={fields.customerEmail.key}
        {...conformFrame(fields.customerEmail)}
      >
        <input
          className={inputClass}
          {...withoutKey(getInputProps(fields.customerEmail, { type: 'email' }))}
          // The schema's optional e-mail ends in a pipe, which Conform's constraint reads as
          // required; the field is optional (spec §2).
          required={false}
          autoComplete="email"
        />
      </FieldFrame>
      <Honeypot />
      <div className="flex flex-wrap items-center justify-end gap-3 pt-2">
        {footer}
        <button
          type="submit"
          disabled={pending}
          className="rounded-full bg-ink px-6 py-3 font-medium text-ivory hover:bg-brass-800 disabled:opacity-60"
        >
          {pending ? 'Submitting…' : 'Submit Request'}
        </button>
      </div>
    </form>
  );
}

/**
 * docs/requirements.md §15: signed in, the form starts from the profile's name, mobile, company
 * and e-mail (the root loader's), as the quote list does.
 */
function useSignedInDetails(): Record<string, string> | undefined {
  const root = useRouteLoaderData('root') as
    { quotationDefaults?: Record<string, string> | null } | undefined;
  return root?.quotationDefaults ?? undefined;
}

/** Conform's `key` remounts a control when the form resets; React takes keys only directly. */
function withoutKey<Props extends { key?: string | undefined }>({ key: _key, ...props }: Props) {
  return props;
}

/**
 * The quotation form wired to its action with a fetcher; the answer's toast is spec §8's, chosen
 * by the action (app/routes/quote.tsx). Before hydration the same form posts as plain HTML and
 * the page that renders it passes the action's answer in `documentResult`.
 */
export function QuotationRequestForm({
  product,
  documentResult,
  closeButton,
}: {
  product: { id: string; name: string };
  documentResult?: SubmissionResult<string[]> | null;
  /** The dialog's button that closes it, with the label the moment calls for. */
  closeButton?: (label: string) => ReactNode;
}) {
  const fetcher = useAnswerFetcher();
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const action = quotationAction(product.id);
  const submitted = answer?.status === 'ok' ? submittedQuotationOf(answer.data) : null;
  if (submitted)
    return <QuotationSubmittedNotice submitted={submitted} closeButton={closeButton} />;
  return (
    <QuotationForm
      productName={product.name}
      action={action}
      lastResult={answer ? answer.result : documentResult}
      pending={fetcher.state !== 'idle'}
      onValidSubmit={(form) => void fetcher.submit(form, { method: 'post', action })}
      footer={closeButton?.('Cancel')}
    />
  );
}

/**
 * docs/requirements.md §2: after the request, the dialog shows its reference and the link to its private quote
 * page; focus moves to the link, as the form it had is gone.
 */
function QuotationSubmittedNotice({
  submitted,
  closeButton,
}: {
  submitted: QuotationSubmitted;
  closeButton?: (label: string) => ReactNode;
}) {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => link.current?.focus(), []);
  return (
    <div className="grid gap-4">
      <div role="status" className="rounded-xl bg-success/10 p-4 text-success">
        <p className="font-semibold">{quotationToasts.success.title}</p>
        <p>{quotationToasts.success.description}</p>
        <p className="mt-1">Reference: {submitted.reference}</p>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3">
        <Link
          ref={link}
          to={submitted.link}
          className="font-medium text-brass-700 underline underline-offset-4"
        >
          View your quotation
        </Link>
        {closeButton?.('Close')}
      </div>
    </div>
  );
}
