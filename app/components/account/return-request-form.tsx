/**
 * docs/requirements.md §24 "Request a Return": the returnable pieces of the buyer's delivered order and how
 * many of each (made-to-order pieces are listed as not returnable), the reason, the spec's
 * condition, and up to four photos. Loaded when the dialog first opens (the dashboard's JavaScript
 * budget); checked with the server's own schema, and again with the order on the server.
 */
import { errorToast } from '../../../core/community/answer';
import {
  REQUEST_RETURN_INTENT,
  RETURN_MAX_PHOTOS,
  RETURN_REASON_MAX,
  returnProblems,
  returnTexts,
  type ReturnOffer,
} from '../../../core/orders/return-status';
import { formatLongDate } from '../../../core/time/dates';
import { getFormProps, getTextareaProps } from '../forms/lazy-form';
import { useAnswerForm } from '../forms/answer-form';
import { PhotosField, usePhotosCheck } from '../forms/photos-field';
import { Field, inputClass, primaryButtonClass, secondaryButtonClass } from '../ui/field';
import { FieldFrame } from '../ui/field-frame';
import { ModalClose } from '../ui/lazy-modal';

export function ReturnRequestForm({
  orderId,
  offer,
  madeToOrder,
  onDone,
}: {
  orderId: string;
  offer: ReturnOffer;
  /** The order's made-to-order pieces, named so the buyer knows why they are not listed to return. */
  madeToOrder: readonly string[];
  onDone: () => void;
}) {
  const photosCheck = usePhotosCheck(RETURN_MAX_PHOTOS, returnProblems.tooManyPhotos);
  const { fetcher, form, fields, answer } = useAnswerForm({
    schema: () =>
      import('../../../core/orders/returns').then((module) => module.returnRequestSchema),
    intent: REQUEST_RETURN_INTENT,
    invalidToast: errorToast,
    onSuccess: onDone,
  });
  const { key: reasonKey, ...reason } = getTextareaProps(fields.reason);
  // The server's refusal that names no field (the 30 days have passed, a piece no longer
  // returnable); a field's own message shows under it.
  const refusal = answer && answer.status !== 'ok' && !answer.result ? answer.message : null;
  const photosId = `return-photos-${orderId}`;
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      onSubmit={(event) => {
        if (photosCheck.allows(event)) form.onSubmit(event);
      }}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value={REQUEST_RETURN_INTENT} />
      <input type="hidden" name="orderId" value={orderId} />
      <p className="text-sm text-ink-muted">
        {returnTexts.lastDay(formatLongDate(offer.lastDay))} {returnTexts.shippingIsYours}
      </p>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold">{returnTexts.pieces}</legend>
        {offer.pieces.map((piece, index) => (
          <div key={piece.id}>
            <input type="hidden" name={`pieces[${index}].orderItemId`} value={piece.id} />
            <Field
              label={`${piece.productName} (up to ${piece.left})`}
              name={`pieces[${index}].quantity`}
              type="number"
              inputMode="numeric"
              min={0}
              max={piece.left}
              defaultValue={piece.left}
              required
            />
          </div>
        ))}
        {madeToOrder.map((name) => (
          <p key={name} className="text-sm text-ink-muted">
            {name}: {returnTexts.madeToOrder}
          </p>
        ))}
      </fieldset>
      <FieldFrame
        label={returnTexts.reason}
        required
        hint={`At most ${RETURN_REASON_MAX.toLocaleString('en-IN')} characters.`}
        id={fields.reason.id}
        error={fields.reason.errors?.[0]}
        errorId={fields.reason.errorId}
      >
        {(control) => (
          <textarea key={reasonKey} {...reason} {...control} rows={4} className={inputClass} />
        )}
      </FieldFrame>
      <PhotosField id={photosId} label={returnTexts.photos} problem={photosCheck.problem} />
      <div className="grid gap-1">
        <label className="flex min-h-11 items-start gap-3">
          <input
            type="checkbox"
            name="condition"
            required
            aria-invalid={fields.condition.errors ? true : undefined}
            aria-describedby={fields.condition.errors ? fields.condition.errorId : undefined}
            className="mt-1 h-5 w-5"
          />
          <span>{returnTexts.condition}</span>
        </label>
        {fields.condition.errors ? (
          <p id={fields.condition.errorId} className="text-sm text-red-700">
            {fields.condition.errors[0]}
          </p>
        ) : null}
      </div>
      {refusal ? (
        <p role="alert" className="text-sm text-red-700">
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <ModalClose className={secondaryButtonClass}>Cancel</ModalClose>
        <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Sending…' : returnTexts.send}
        </button>
      </div>
    </fetcher.Form>
  );
}
