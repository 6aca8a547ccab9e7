/**
 * docs/requirements.md §10 "The offer composer": the lines (from the draft, else the latest offer, else the
 * request's piece at its catalogue price), shipping, discount, GST, validity, lead time, terms and
 * a note, with the totals as the owner types, computed by core's own totals function.
 */
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
} from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { MessageCircle, Plus, Trash2 } from '../ui/icons';
import { useId, useMemo, useState, type FocusEvent, type MouseEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { formatPercentFromBasisPoints, formatRupees } from '../../../core/money/money';
import { paymentTermsSentence } from '../../../core/orders/payment-terms';
import { MADE_TO_ORDER_TEXT } from '../../../core/orders/made-to-order';
import {
  computeOfferTotals,
  lineIsMadeToOrder,
  offerComposerSchema,
  offerLineSchema,
  type OwnerOfferAction,
} from '../../../core/quotes/quote-offer';
import type { CataloguePiece, OwnerQuotationView } from '../../../server/modules/quotations/views';
import type { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { Field, inputClass, primaryButtonClass, secondaryButtonClass } from '../ui/field';
import { conformFrame, FieldFrame } from '../ui/field-frame';
import { ConfirmDialog, dangerButtonClass } from './product-console/confirm-dialog';

/** The composer's buttons, by the owner's actions of core/quote-offer (docs/requirements.md §10's texts). */
export const ownerOfferActionLabels: Record<OwnerOfferAction, string> = {
  'save-draft': 'Save Draft',
  send: 'Send Offer',
  revise: 'Revise Offer',
  withdraw: 'Withdraw Offer',
};

/**
 * docs/requirements.md §19 "Send and Share on WhatsApp": the composer's second way to send, whose answer takes
 * the owner's tab to WhatsApp with the customer's link (the route's action, admin.quotations.tsx).
 */
export const SEND_AND_SHARE_INTENT = 'send-and-share';
export const sendAndShareLabel = 'Send and Share on WhatsApp';

/**
 * docs/requirements.md §19: a price or quantity field selects its whole value when it gets focus, so what the
 * owner types replaces it. Chrome and Safari put the caret back on the mouseup of the click that
 * focused the field: that one mouseup is kept from doing so.
 */
const selectWholeValue = {
  onFocus(event: FocusEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    input.setSelectionRange(0, input.value.length);
  },
  onMouseDown(event: MouseEvent<HTMLInputElement>) {
    if (document.activeElement !== event.currentTarget) {
      event.currentTarget.dataset.focusing = 'true';
    }
  },
  onMouseUp(event: MouseEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    if (input.dataset.focusing !== 'true') return;
    delete input.dataset.focusing;
    event.preventDefault();
  },
};

/** Paise (or basis points) as the form writes them: 125050 → "1250.50", 1200 → "12". */
function hundredthsAsText(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const rest = hundredths % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

interface LineText {
  productId: string;
  description: string;
  quantity: string;
  unitPrice: string;
  /** docs/requirements.md §24: the box "Made to order (not returnable)"; Conform writes true as "on". */
  madeToOrder: boolean;
}

/** What the form starts from: the draft, else the latest offer (a revision), else the request. */
function startingValues(
  quotation: OwnerQuotationView,
  defaults: { gstRate: string; validUntil: string; terms: string; advancePercent: string },
) {
  const source = quotation.draft ?? quotation.offers[0] ?? null;
  // docs/requirements.md §2: the request's product and quantity, at the catalogue price as the suggestion.
  const lines: LineText[] = (source?.lines ?? quotation.suggestedLines).map((line) => ({
    productId: line.productId ?? '',
    description: line.description,
    quantity: String(line.quantity),
    unitPrice: hundredthsAsText(line.unitPriceMinor),
    // The offer's own marks; the request's suggested pieces start unticked.
    madeToOrder: 'madeToOrder' in line ? line.madeToOrder === true : false,
  }));
  return {
    lines,
    shipping: source ? hundredthsAsText(source.shippingMinor) : '0',
    discount: source ? hundredthsAsText(source.discountMinor) : '0',
    gstRate: source ? hundredthsAsText(source.gstRateBasisPoints) : defaults.gstRate,
    // A new version holds for the full period from today; only a saved draft keeps its date.
    validUntil: quotation.draft?.validUntil ?? defaults.validUntil,
    leadTimeDays:
      source?.leadTimeDays === null || source?.leadTimeDays === undefined
        ? ''
        : String(source.leadTimeDays),
    terms: source ? source.terms : defaults.terms,
    // docs/decisions/025: the setting, changeable per offer; a revision keeps the offer's own.
    advancePercent: source ? String(source.advancePercent) : defaults.advancePercent,
    note: source?.note ?? '',
  };
}

/** One field's value through its own rule of the composer's schema; null when it does not parse. */
function parsedOrNull(schema: { safeParse(value: unknown): { success: boolean; data?: unknown } }) {
  return (value: unknown): number | null => {
    const result = schema.safeParse(value);
    return result.success && typeof result.data === 'number' ? result.data : null;
  };
}
const quantityOf = parsedOrNull(offerLineSchema.shape.quantity);
const unitPriceOf = parsedOrNull(offerLineSchema.shape.unitPrice);
const shippingOf = parsedOrNull(offerComposerSchema.shape.shipping);
const discountOf = parsedOrNull(offerComposerSchema.shape.discount);
const gstRateOf = parsedOrNull(offerComposerSchema.shape.gstRate);
const advancePercentOf = parsedOrNull(offerComposerSchema.shape.advancePercent);

/**
 * docs/requirements.md §10 "Totals update as the owner types": each field read leniently with its own rule, the
 * money by core's computeOfferTotals (the server's function), null where a field does not parse.
 */
function liveTotals(value: {
  lines?: unknown;
  shipping?: unknown;
  discount?: unknown;
  gstRate?: unknown;
}) {
  // Conform's value of a list: its items as objects (a lone text only when the form is wrong).
  const formLines: ({ quantity?: unknown; unitPrice?: unknown } | undefined)[] = Array.isArray(
    value.lines,
  )
    ? value.lines
    : [];
  const lines = formLines.map((line) => ({
    quantity: quantityOf(line?.quantity),
    unitPriceMinor: unitPriceOf(line?.unitPrice),
  }));
  const lineTotals = lines.map((line) =>
    line.quantity === null || line.unitPriceMinor === null
      ? null
      : line.quantity * line.unitPriceMinor,
  );
  const shippingMinor = shippingOf(value.shipping);
  const discountMinor = discountOf(value.discount);
  const gstRateBasisPoints = gstRateOf(value.gstRate);
  const complete = lines.every(
    (line): line is { quantity: number; unitPriceMinor: number } =>
      line.quantity !== null && line.unitPriceMinor !== null,
  );
  const subtotalMinor = complete
    ? lineTotals.reduce<number>((sum, total) => sum + (total ?? 0), 0)
    : null;
  if (
    !complete ||
    shippingMinor === null ||
    discountMinor === null ||
    gstRateBasisPoints === null
  ) {
    return {
      lineTotals,
      subtotalMinor,
      discountMinor,
      shippingMinor,
      gstRateBasisPoints,
      gstMinor: null,
      totalMinor: null,
    };
  }
  const totals = computeOfferTotals({
    lines: lines as { quantity: number; unitPriceMinor: number }[],
    shippingMinor,
    discountMinor,
    gstRateBasisPoints,
  });
  return {
    lineTotals: totals.lineTotalsMinor,
    subtotalMinor: totals.subtotalMinor,
    discountMinor,
    shippingMinor,
    gstRateBasisPoints,
    gstMinor: totals.gstMinor,
    totalMinor: totals.totalMinor,
  };
}

const rupeesOrDash = (minor: number | null) => (minor === null ? '—' : formatRupees(minor));

const parseComposer = (formData: FormData) =>
  parseWithZod(formData, { schema: offerComposerSchema, disableAutoCoercion: true });

const textareaClass = `${inputClass} min-h-24`;

export function OfferComposer({
  quotation,
  catalogue,
  defaults,
  fetcher,
  whatsappUrl,
}: {
  quotation: OwnerQuotationView;
  catalogue: CataloguePiece[];
  defaults: { gstRate: string; validUntil: string; terms: string; advancePercent: string };
  fetcher: ReturnType<typeof useAnswerFetcher>;
  whatsappUrl: string | null;
}) {
  const actions = quotation.ownerActions;
  const [withdrawing, setWithdrawing] = useState(false);
  const whatsappFormId = useId();
  const answered = fetcher.state === 'idle' ? fetcher.data?.result : undefined;
  // The answer echoes only top-level texts (core/forms/form-reply.ts), never the lines: taken as the
  // form's values it would empty them. The form keeps what it holds and takes the errors only.
  const lastResult = useMemo(
    () => (answered ? { ...answered, initialValue: undefined } : undefined),
    [answered],
  );
  const [form, fields] = useForm({
    id: `offer-composer-${quotation.id}`,
    lastResult,
    constraint: getZodConstraint(offerComposerSchema),
    defaultValue: startingValues(quotation, defaults),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseComposer(formData),
  });
  const lineList = fields.lines.getFieldList();
  const totals = liveTotals(form.value ?? {});
  // The sentence the sent offer's terms will begin with, from the total and the advance as typed.
  const advancePercent = advancePercentOf(form.value?.advancePercent);
  const paymentTerms =
    totals.totalMinor !== null && totals.totalMinor >= 0 && advancePercent !== null
      ? paymentTermsSentence(totals.totalMinor, advancePercent)
      : null;
  const busy = fetcher.state !== 'idle';
  if (actions.length === 0) {
    return (
      <section
        aria-labelledby="composer-heading"
        className="rounded-2xl border border-stone/70 bg-white p-5"
      >
        <h2 id="composer-heading" className="font-sans text-xl font-semibold">
          Offer
        </h2>
        <p className="mt-2 text-ink-muted">This request is completed: no further offers.</p>
      </section>
    );
  }
  const submitActions = actions.filter((action) => action !== 'withdraw');
  // "Send Offer" before the first offer, "Revise Offer" once one is sent (core ownerActionsFor)
  const sendAction = submitActions.find((action) => action === 'send' || action === 'revise');
  const formId = form.id;
  return (
    <section
      aria-labelledby="composer-heading"
      className="rounded-2xl border border-stone/70 bg-white p-5"
    >
      <h2 id="composer-heading" className="font-sans text-xl font-semibold">
        {quotation.draft
          ? `Offer v${quotation.draft.version} (draft)`
          : `Compose Offer v${(quotation.offers[0]?.version ?? 0) + 1}`}
      </h2>
      <fetcher.Form
        method="post"
        {...getFormProps(form)}
        onSubmit={form.onSubmit}
        className="mt-4 grid gap-6"
      >
        <div className="grid gap-3">
          <h3 className="font-medium">Lines</h3>
          {fields.lines.errors ? (
            <p id={fields.lines.errorId} className="text-sm text-danger">
              {fields.lines.errors[0]}
            </p>
          ) : null}
          <ol className="grid gap-3">
            {lineList.map((line, index) => (
              <OfferLineFields
                key={line.key}
                line={line}
                number={index + 1}
                lineTotal={totals.lineTotals[index] ?? null}
                removeButton={
                  <button
                    className={secondaryButtonClass}
                    aria-label={`Remove line ${index + 1}`}
                    {...form.remove.getButtonProps({ name: fields.lines.name, index })}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                    Remove
                  </button>
                }
              />
            ))}
          </ol>
          <AddLines
            catalogue={catalogue}
            onAdd={(line) => form.insert({ name: fields.lines.name, defaultValue: line })}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField meta={fields.shipping} label="Shipping (₹)" inputMode="decimal" />
          <TextField meta={fields.discount} label="Discount (₹)" inputMode="decimal" />
          <TextField meta={fields.gstRate} label="GST rate (%)" inputMode="decimal" />
          <TextField meta={fields.validUntil} label="Valid until" type="date" />
          <TextField meta={fields.leadTimeDays} label="Lead time (days)" inputMode="numeric" />
          <TextField meta={fields.advancePercent} label="Advance (%)" inputMode="numeric" />
        </div>
        <TextArea meta={fields.terms} label="Terms" />
        <TextArea meta={fields.note} label="Note" />
        <dl
          aria-label="Offer totals"
          className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 rounded-xl bg-sand p-4 sm:max-w-sm sm:justify-self-end"
        >
          <dt>Subtotal</dt>
          <dd className="text-right">{rupeesOrDash(totals.subtotalMinor)}</dd>
          <dt>Discount</dt>
          <dd className="text-right">
            {totals.discountMinor === null ? '—' : `−${formatRupees(totals.discountMinor)}`}
          </dd>
          <dt>Shipping</dt>
          <dd className="text-right">{rupeesOrDash(totals.shippingMinor)}</dd>
          <dt>
            GST
            {totals.gstRateBasisPoints === null
              ? ''
              : ` (${formatPercentFromBasisPoints(totals.gstRateBasisPoints)}%)`}
          </dt>
          <dd className="text-right">{rupeesOrDash(totals.gstMinor)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">{rupeesOrDash(totals.totalMinor)}</dd>
        </dl>
        {paymentTerms ? (
          <p className="text-sm sm:justify-self-end">
            <span className="font-semibold">Terms begin: </span>
            {paymentTerms}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {submitActions.map((action) => (
            <button
              key={action}
              type="submit"
              name="intent"
              value={action}
              disabled={busy}
              // docs/requirements.md §19: below 768 px the bar at the bottom holds the one Send Offer button
              className={
                action === 'save-draft'
                  ? secondaryButtonClass
                  : `${primaryButtonClass} max-md:hidden`
              }
            >
              {ownerOfferActionLabels[action]}
            </button>
          ))}
          {sendAction ? (
            <button
              type="submit"
              name="intent"
              value={SEND_AND_SHARE_INTENT}
              disabled={busy}
              className={`${secondaryButtonClass} max-md:hidden`}
            >
              <MessageCircle aria-hidden="true" className="h-4 w-4" />
              {sendAndShareLabel}
            </button>
          ) : null}
          {actions.includes('withdraw') ? (
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => setWithdrawing(true)}
            >
              {ownerOfferActionLabels.withdraw}
            </button>
          ) : null}
          {whatsappUrl ? (
            // A button of the form below: it posts there, in a tab of its own (docs/requirements.md §14).
            <button type="submit" form={whatsappFormId} className={secondaryButtonClass}>
              <MessageCircle aria-hidden="true" className="h-4 w-4" />
              Send on WhatsApp
            </button>
          ) : null}
        </div>
      </fetcher.Form>
      {sendAction ? (
        <SendBar
          formId={formId}
          totalMinor={totals.totalMinor}
          sendLabel={ownerOfferActionLabels[sendAction]}
          sendAction={sendAction}
          busy={busy}
        />
      ) : null}
      {whatsappUrl ? (
        // A plain form, outside the composer's: the browser posts it and follows the answer's
        // redirect to WhatsApp in the new tab.
        <form
          id={whatsappFormId}
          method="post"
          action={whatsappUrl}
          // No rel="noreferrer": it would post with `Origin: null`, which the shop refuses as
          // another site's; a form's new tab has no opener anyway.
          target="_blank"
          hidden
        />
      ) : null}
      <ConfirmDialog
        open={withdrawing}
        onOpenChange={setWithdrawing}
        title="Withdraw Offer"
        question={`Withdraw offer v${quotation.offers[0]?.version ?? ''}? The customer can no longer accept it.`}
      >
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="withdraw" />
          <button type="submit" className={dangerButtonClass} disabled={busy}>
            Withdraw
          </button>
        </fetcher.Form>
      </ConfirmDialog>
    </section>
  );
}

/**
 * docs/requirements.md §19: below 768 px, a bar stuck to the bottom of the screen with the offer's total as the
 * composer computes it and the composer's own send buttons (they submit its form by its id), so
 * the owner sends without scrolling to the end of a long request. From 768 px the composer's
 * buttons show instead; either set is hidden (display: none), so one "Send Offer" is ever there.
 */
function SendBar({
  formId,
  totalMinor,
  sendLabel,
  sendAction,
  busy,
}: {
  formId: string;
  totalMinor: number | null;
  sendLabel: string;
  sendAction: OwnerOfferAction;
  busy: boolean;
}) {
  return (
    <div
      role="group"
      aria-label="Send the offer"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone/70 bg-white px-4 py-3 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] md:hidden"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-2">
        <p className="mr-auto grid shrink-0 leading-tight">
          <span className="text-sm text-ink-muted">Total</span>
          <span className="text-lg font-semibold">{rupeesOrDash(totalMinor)}</span>
        </p>
        <button
          type="submit"
          form={formId}
          name="intent"
          value={sendAction}
          disabled={busy}
          className={`${primaryButtonClass} min-h-11 shrink-0 px-4 py-2 whitespace-nowrap`}
        >
          {sendLabel}
        </button>
        <button
          type="submit"
          form={formId}
          name="intent"
          value={SEND_AND_SHARE_INTENT}
          disabled={busy}
          className={`${secondaryButtonClass} min-h-11 max-w-44 min-w-0 px-3 py-1 text-sm leading-tight`}
        >
          <MessageCircle aria-hidden="true" className="h-4 w-4 shrink-0" />
          {sendAndShareLabel}
        </button>
      </div>
    </div>
  );
}

type LineMeta = FieldMetadata<z.input<typeof offerLineSchema>>;

/** One line: description, quantity and unit price, made to order or not, its total as typed, and Remove. */
function OfferLineFields({
  line,
  number,
  lineTotal,
  removeButton,
}: {
  line: LineMeta;
  number: number;
  lineTotal: number | null;
  removeButton: ReactNode;
}) {
  const fieldset = line.getFieldset();
  const { key: productKey, ...productId } = getInputProps(fieldset.productId, { type: 'hidden' });
  return (
    <li>
      {/* docs/requirements.md §19: on a phone the quantity and the price share a row, so a long request is shorter */}
      <fieldset className="grid grid-cols-2 gap-3 rounded-xl border border-stone/70 p-4 sm:grid-cols-[minmax(0,3fr)_minmax(0,1fr)_minmax(0,1.5fr)]">
        <legend className="px-1 text-sm font-medium">Line {number}</legend>
        <input key={productKey} {...productId} />
        <div className="col-span-2 sm:col-span-1">
          <TextField meta={fieldset.description} label="Description" />
        </div>
        <TextField meta={fieldset.quantity} label="Quantity" inputMode="numeric" />
        <TextField meta={fieldset.unitPrice} label="Unit price (₹)" inputMode="decimal" />
        <MadeToOrderBox meta={fieldset.madeToOrder} productId={fieldset.productId.value} />
        <div className="col-span-2 flex flex-wrap items-center justify-between gap-2 sm:col-span-3">
          <p className="text-sm">
            Line total: <span className="font-medium">{rupeesOrDash(lineTotal)}</span>
          </p>
          {removeButton}
        </div>
      </fieldset>
    </li>
  );
}

/**
 * docs/requirements.md §24 "custom items not returnable": a catalogue piece's line is made to order when
 * the owner ticks it; a custom line always is, so its box shows ticked and cannot be unticked. A
 * disabled box posts nothing: the server marks a custom line by the same rule (core lineIsMadeToOrder).
 */
function MadeToOrderBox({ meta, productId }: { meta: FieldMetadata<unknown>; productId: unknown }) {
  const { key, ...props } = getInputProps(meta, { type: 'checkbox' });
  // Unticked, the rule still says made to order: a line with no piece.
  const always = lineIsMadeToOrder({ productId: typeof productId === 'string' ? productId : null });
  return (
    <label className="col-span-2 flex min-h-11 items-center gap-2 text-sm sm:col-span-3">
      {always ? (
        <input key="always" type="checkbox" defaultChecked disabled className="h-4 w-4" />
      ) : (
        <input key={key} {...props} className="h-4 w-4" />
      )}
      {MADE_TO_ORDER_TEXT}
    </label>
  );
}

/** docs/requirements.md §10: "add a product from the catalogue, or add a custom line (a description and a price)". */
function AddLines({
  catalogue,
  onAdd,
}: {
  catalogue: CataloguePiece[];
  onAdd: (line: LineText) => void;
}) {
  const selectId = useId();
  const [pieceId, setPieceId] = useState(catalogue[0]?.id ?? '');
  const piece = catalogue.find((candidate) => candidate.id === pieceId);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid min-w-56 flex-1 gap-1">
        <label htmlFor={selectId} className="font-medium">
          Catalogue piece
        </label>
        {/* No name: the choice is not part of the offer until Add Product adds its line. */}
        <select
          id={selectId}
          value={pieceId}
          onChange={(event) => setPieceId(event.target.value)}
          className={inputClass}
        >
          {catalogue.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name} · {formatRupees(candidate.priceMinor)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={!piece}
        onClick={() => {
          if (!piece) return;
          onAdd({
            productId: piece.id,
            description: piece.name,
            quantity: '1',
            unitPrice: hundredthsAsText(piece.priceMinor),
            madeToOrder: false,
          });
        }}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add Product
      </button>
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={() =>
          onAdd({
            productId: '',
            description: '',
            quantity: '1',
            unitPrice: '',
            madeToOrder: true,
          })
        }
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add Custom Line
      </button>
    </div>
  );
}

function TextField({
  meta,
  label,
  type = 'text',
  inputMode,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  type?: 'text' | 'date';
  inputMode?: 'decimal' | 'numeric';
}) {
  const { key, ...props } = getInputProps(meta, { type });
  return (
    <Field
      key={key}
      label={label}
      inputMode={inputMode}
      {...props}
      // docs/requirements.md §19: an amount or a count is typed over whole, not edited in place
      {...(inputMode ? selectWholeValue : {})}
      error={meta.errors?.[0]}
    />
  );
}

function TextArea({ meta, label }: { meta: FieldMetadata<unknown>; label: string }) {
  const { key, ...props } = getTextareaProps(meta);
  return (
    <FieldFrame {...conformFrame(meta)} label={label}>
      <textarea key={key} {...props} className={textareaClass} />
    </FieldFrame>
  );
}
