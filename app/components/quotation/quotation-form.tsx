import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { SubmissionResult } from '@conform-to/react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import {
  QUOTATION_INVALID_EMAIL,
  QUOTATION_MISSING_FIELDS,
  quotationRequestSchema,
  quotationToasts,
} from '../../../core/quotation';
import { Honeypot } from '../community/honeypot';
import { toast } from '../ui/toast-store';
import { quotationAction } from './quotation-action';
import { tooManyRequestsToast, useOnAnswer } from '../ui/use-answer';

/** What the quotation action answers (app/routes/quote.tsx). */
export type QuotationActionData =
  | { status: 'success'; result: SubmissionResult<string[]> }
  | { status: 'invalid'; result: SubmissionResult<string[]> }
  | { status: 'error'; result: SubmissionResult<string[]> | null }
  | { status: 'rate-limited'; message: string };

export { quotationToasts };

export function parseQuotationForm(formData: FormData) {
  // The schema reads the raw text itself (quantity falls back to 1), so no coercion here.
  return parseWithZod(formData, { schema: quotationRequestSchema, disableAutoCoercion: true });
}

export function errorMessages(result: SubmissionResult<string[]> | null | undefined): string[] {
  return Object.values(result?.error ?? {}).flatMap((messages) => messages ?? []);
}

/**
 * The toast for a rejected form, only ever in spec §8's words: "Missing Information" when a
 * required field is missing, "Invalid Email" for the e-mail. Any other problem comes from our
 * rules beyond the spec (mobile pattern, quantity and length caps: docs/decisions/002); its
 * message is shown under its field and the toast is the spec's failure text.
 */
export function problemToast(messages: readonly string[]): { title: string; description: string } {
  if (messages.includes(QUOTATION_MISSING_FIELDS)) return quotationToasts.missing;
  if (messages.includes(QUOTATION_INVALID_EMAIL)) return quotationToasts.invalidEmail;
  return quotationToasts.failure;
}

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
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: { quantity: '1' },
    onValidate: ({ formData }) => parseQuotationForm(formData),
    onSubmit(event) {
      if (!onValidSubmit) return;
      event.preventDefault();
      onValidSubmit(event.currentTarget);
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    const formData = new FormData(event.currentTarget);
    const submission = parseQuotationForm(formData);
    form.onSubmit(event);
    if (submission.status !== 'success') {
      toast({ ...problemToast(errorMessages(submission.reply())), variant: 'destructive' });
    }
  };

  return (
    <form
      method="post"
      action={action}
      {...getFormProps(form)}
      onSubmit={handleSubmit}
      className="relative grid gap-4"
    >
      <div className="grid gap-1">
        <label htmlFor={productFieldId} className="font-medium">
          Product
        </label>
        <input
          id={productFieldId}
          value={productName}
          readOnly
          className="w-full rounded-lg border border-stone bg-sand px-3 py-2"
        />
      </div>
      <Field label="Quantity" required key={fields.quantity.key} meta={fields.quantity}>
        {(props) => (
          <input
            {...props}
            {...withoutKey(getInputProps(fields.quantity, { type: 'number' }))}
            min={1}
            step={1}
            inputMode="numeric"
          />
        )}
      </Field>
      <Field
        label="Customisation notes"
        key={fields.customizationNotes.key}
        meta={fields.customizationNotes}
      >
        {(props) => (
          <textarea
            {...props}
            {...withoutKey(getTextareaProps(fields.customizationNotes))}
            rows={3}
            placeholder="Size, finish, engraving, delivery date…"
          />
        )}
      </Field>
      <Field label="Your name" required key={fields.customerName.key} meta={fields.customerName}>
        {(props) => (
          <input
            {...props}
            {...withoutKey(getInputProps(fields.customerName, { type: 'text' }))}
            autoComplete="name"
          />
        )}
      </Field>
      <Field
        label="Company (optional)"
        key={fields.customerCompany.key}
        meta={fields.customerCompany}
      >
        {(props) => (
          <input
            {...props}
            {...withoutKey(getInputProps(fields.customerCompany, { type: 'text' }))}
            autoComplete="organization"
          />
        )}
      </Field>
      <Field label="Mobile" required key={fields.customerMobile.key} meta={fields.customerMobile}>
        {(props) => (
          <input
            {...props}
            {...withoutKey(getInputProps(fields.customerMobile, { type: 'tel' }))}
            autoComplete="tel"
          />
        )}
      </Field>
      <Field label="Email (optional)" key={fields.customerEmail.key} meta={fields.customerEmail}>
        {(props) => (
          <input
            {...props}
            {...withoutKey(getInputProps(fields.customerEmail, { type: 'email' }))}
            autoComplete="email"
          />
        )}
      </Field>
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

/** Conform's `key` remounts a control when the form resets; React takes keys only directly. */
function withoutKey<Props extends { key?: string | undefined }>({ key: _key, ...props }: Props) {
  return props;
}

/** A labelled control with its error underneath. */
function Field({
  label,
  required = false,
  meta,
  children,
}: {
  label: string;
  required?: boolean;
  meta: { id: string; errorId: string; errors?: string[] };
  children: (props: { className: string }) => ReactNode;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={meta.id} className="font-medium">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({ className: inputClass })}
      {meta.errors?.length ? (
        <p id={meta.errorId} className="text-sm text-danger">
          {meta.errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The quotation form wired to its action with a fetcher, announcing the outcome with the spec's
 * toasts (spec §8). Before hydration the same form posts as plain HTML and the page that renders
 * it passes the action's answer in `documentResult`.
 */
export function QuotationRequestForm({
  product,
  onSubmitted,
  documentResult,
  footer,
}: {
  product: { id: string; name: string };
  onSubmitted?: () => void;
  documentResult?: SubmissionResult<string[]> | null;
  footer?: ReactNode;
}) {
  const fetcher = useFetcher<QuotationActionData>();
  const data = fetcher.state === 'idle' ? fetcher.data : undefined;
  const action = quotationAction(product.id);

  useOnAnswer(data, (answer) => {
    if (answer.status === 'success') {
      toast(quotationToasts.success);
      onSubmitted?.();
    } else if (answer.status === 'invalid') {
      toast({ ...problemToast(errorMessages(answer.result)), variant: 'destructive' });
    } else if (answer.status === 'rate-limited') {
      toast(tooManyRequestsToast(answer.message));
    } else {
      toast({ ...quotationToasts.failure, variant: 'destructive' });
    }
  });

  return (
    <QuotationForm
      productName={product.name}
      action={action}
      lastResult={data && 'result' in data ? data.result : documentResult}
      pending={fetcher.state !== 'idle'}
      onValidSubmit={(form) => void fetcher.submit(form, { method: 'post', action })}
      footer={footer}
    />
  );
}
