import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Answer } from '../../../core/community/answer';
import { problemToast } from '../../../core/quotes/quotation-texts';
import { quoteListTexts } from '../../../core/quotes/quote-list-texts';
import { ProductImage } from '../catalog/product-image';
import { Honeypot } from '../community/honeypot';
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  schemaValidator,
  useFormConstraints,
  useLazyForm,
  type FieldMetadata,
} from '../forms/lazy-form';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import type { QuotationSubmitted } from '../quotation/quotation-submitted';
import { conformFrame, FieldFrame } from '../ui/field-frame';
import { Trash2 } from '../ui/icons';
import { toast } from '../ui/toast-store';

export interface QuoteListPieceData {
  productId: string;
  name: string;
  image: string | null;
  imageAlt: string | null;
  quantity: number;
  notes: string | null;
}

const inputClass =
  'w-full rounded-lg border border-stone bg-white px-3 py-2 aria-[invalid=true]:border-danger';

const detailFields = [
  { name: 'customerName', label: 'Your name', type: 'text', autoComplete: 'name', required: true },
  { name: 'customerMobile', label: 'Mobile', type: 'tel', autoComplete: 'tel', required: true },
  {
    name: 'customerCompany',
    label: 'Company (optional)',
    type: 'text',
    autoComplete: 'organization',
    required: false,
  },
  {
    name: 'customerEmail',
    label: 'Email (optional)',
    type: 'email',
    autoComplete: 'email',
    required: false,
  },
  {
    name: 'customerGstin',
    label: 'GSTIN (optional)',
    type: 'text',
    autoComplete: 'off',
    required: false,
  },
] as const;

/**
 * docs/requirements.md §18 `/quote-list`: one row per piece (quantity, notes, Remove), then the request's
 * details and "Request Quotation". Every button is a form post; with JavaScript they go by
 * fetcher, and the form checks itself with core/quotes/quote-list.ts's schema, loaded on first focus.
 */
export function QuoteListForm({
  pieces,
  defaultValue,
  documentAnswer,
}: {
  pieces: QuoteListPieceData[];
  /**
   * The form's values as stored (core/quotes/quote-list.ts quoteListFormValues), made by the loader: one
   * object per answer, which the lazy form tells its own checks from a new answer by.
   */
  defaultValue: Record<string, string>;
  documentAnswer: Answer | undefined;
}) {
  const fetcher = useAnswerFetcher({ key: 'quote-list' });
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const shown = answer ?? documentAnswer;
  // The submit intent's data is its request's reference and private link (app/routes/quote-list.tsx).
  const submitted =
    shown?.status === 'ok' && shown.intent === 'submit'
      ? (shown.data as QuotationSubmitted | null)
      : null;

  const answered =
    shown && shown.intent !== 'add' && shown.intent !== 'remove' ? shown.result : undefined;
  // A post's echo keeps the details as typed; the rows show the list as it is stored now.
  const lastResult = useMemo(
    () =>
      answered?.initialValue
        ? { ...answered, initialValue: { ...defaultValue, ...answered.initialValue } }
        : answered,
    [answered, defaultValue],
  );
  const [form, allFields] = useLazyForm({
    lastResult,
    constraint: useFormConstraints('submit'),
    defaultValue,
    loadValidator: schemaValidator(() =>
      import('../../../core/quotes/quote-list').then((module) => module.quoteListSubmitSchema),
    ),
    onInvalidSubmit: (messages) => toast(problemToast(messages)),
  });

  // The lazy form makes a field's metadata for any name it is asked for, a row's included.
  const field = (name: string) => allFields[name] as FieldMetadata;
  const notice =
    documentAnswer && !answer && documentAnswer.toast ? (
      <p
        role={documentAnswer.status === 'ok' ? 'status' : 'alert'}
        className="mt-6 rounded-xl bg-sand p-3 font-medium"
      >
        {`${documentAnswer.toast.title} ${documentAnswer.toast.description ?? ''}`.trim()}
      </p>
    ) : null;
  const submittedLink = submitted ? (
    <p className="mt-4">
      <Link to={submitted.link} className="font-medium text-brass-700 underline underline-offset-4">
        View your quotation {submitted.reference}
      </Link>
    </p>
  ) : null;

  if (pieces.length === 0) {
    return (
      <>
        {notice}
        {submittedLink}
        <div className="mt-8 rounded-2xl bg-white p-8 text-center ring-1 ring-stone/60">
          <p className="text-lg">{quoteListTexts.empty}</p>
          <Link
            to="/shop"
            className="mt-4 inline-block rounded-full bg-ink px-6 py-3 font-medium text-ivory hover:bg-brass-800"
          >
            {quoteListTexts.browse}
          </Link>
        </div>
      </>
    );
  }

  const pending = fetcher.state !== 'idle';
  return (
    <>
      {notice}
      <fetcher.Form
        method="post"
        action="/quote-list"
        {...getFormProps(form)}
        onSubmit={form.onSubmit}
        className="relative mt-8 grid gap-8"
      >
        <Honeypot />
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="rounded-xl bg-danger/10 p-3 text-danger">
            {form.errors[0]}
          </p>
        ) : null}
        <ul aria-label="Pieces" className="grid gap-4">
          {pieces.map((piece, index) => (
            <PieceRow
              key={piece.productId}
              piece={piece}
              index={index}
              quantity={field(`lines[${index}].quantity`)}
              notes={field(`lines[${index}].notes`)}
            />
          ))}
        </ul>
        <div className="flex justify-end">
          <button
            type="submit"
            name="intent"
            value="save"
            formNoValidate
            disabled={pending}
            className="rounded-full px-5 py-2 font-medium ring-1 ring-ink hover:bg-sand disabled:opacity-60"
          >
            {quoteListTexts.save}
          </button>
        </div>
        <fieldset className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-stone/60 sm:p-6">
          <legend className="px-1 font-display text-xl font-semibold">Your details</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {detailFields.map((detail) => (
              <FieldFrame
                key={detail.name}
                {...conformFrame(field(detail.name))}
                label={detail.label}
                required={detail.required}
              >
                <input
                  className={inputClass}
                  {...withoutKey(getInputProps(field(detail.name), { type: detail.type }))}
                  // An optional e-mail ends its schema in a pipe, which reads as required.
                  required={detail.required || undefined}
                  autoComplete={detail.autoComplete}
                />
              </FieldFrame>
            ))}
          </div>
          <FieldFrame
            {...conformFrame(field('customizationNotes'))}
            label="Notes for the whole request (optional)"
          >
            <textarea
              className={inputClass}
              {...withoutKey(getTextareaProps(field('customizationNotes')))}
              rows={3}
              placeholder="Delivery date, finish, packing…"
            />
          </FieldFrame>
        </fieldset>
        <div className="flex justify-end">
          <button
            type="submit"
            name="intent"
            value="submit"
            disabled={pending}
            className="w-full rounded-full bg-ink px-8 py-3 font-medium text-ivory hover:bg-brass-800 disabled:opacity-60 sm:w-auto"
          >
            {pending && fetcher.formData?.get('intent') === 'submit'
              ? 'Submitting…'
              : quoteListTexts.submit}
          </button>
        </div>
      </fetcher.Form>
      {pieces.map((piece, index) => (
        <RemoveForm key={piece.productId} piece={piece} formId={removeFormId(index)} />
      ))}
    </>
  );
}

function removeFormId(index: number) {
  return `quote-list-remove-${index}`;
}

function PieceRow({
  piece,
  index,
  quantity,
  notes,
}: {
  piece: QuoteListPieceData;
  index: number;
  quantity: FieldMetadata;
  notes: FieldMetadata;
}) {
  return (
    <li
      aria-label={piece.name}
      className="grid grid-cols-[4.5rem_1fr] gap-x-4 gap-y-3 rounded-2xl bg-white p-4 ring-1 ring-stone/60 sm:grid-cols-[6rem_1fr_auto]"
    >
      <input type="hidden" name={`lines[${index}].productId`} value={piece.productId} />
      <ProductImage
        image={piece.image ? { url: piece.image, alt: piece.imageAlt ?? piece.name } : null}
        sizes="96px"
        className="rounded-xl"
      />
      <div className="grid min-w-0 content-start gap-3 sm:col-start-2">
        <Link
          to={`/product/${piece.productId}`}
          className="font-display text-lg font-semibold break-words hover:underline"
        >
          {piece.name}
        </Link>
        <FieldFrame {...conformFrame(quantity)} label="Quantity" required>
          <input
            {...withoutKey(getInputProps(quantity, { type: 'number' }))}
            inputMode="numeric"
            step={1}
            className={`${inputClass} max-w-32`}
          />
        </FieldFrame>
      </div>
      <div className="col-span-2 sm:col-span-1 sm:col-start-2">
        <FieldFrame {...conformFrame(notes)} label={`Notes for ${piece.name} (optional)`}>
          <textarea className={inputClass} {...withoutKey(getTextareaProps(notes))} rows={2} />
        </FieldFrame>
      </div>
      <button
        type="submit"
        form={removeFormId(index)}
        formNoValidate
        aria-label={`${quoteListTexts.remove} ${piece.name}`}
        className="col-span-2 flex items-center justify-center gap-2 justify-self-start rounded-full px-4 py-2 text-danger ring-1 ring-danger/40 hover:bg-danger/10 sm:col-span-1 sm:col-start-3 sm:row-start-1 sm:self-start"
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        {quoteListTexts.remove}
      </button>
    </li>
  );
}

/** A piece's Remove, a form of its own that the row's button names (`form=`), outside the list's. */
function RemoveForm({ piece, formId }: { piece: QuoteListPieceData; formId: string }) {
  const fetcher = useAnswerFetcher({ key: `quote-list-remove-${piece.productId}` });
  return (
    <fetcher.Form id={formId} method="post" action="/quote-list" hidden>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="productId" value={piece.productId} />
    </fetcher.Form>
  );
}

/** Conform's `key` remounts a control when the form resets; React takes keys only directly. */
function withoutKey<Props extends { key?: string | undefined }>({ key: _key, ...props }: Props) {
  return props;
}
