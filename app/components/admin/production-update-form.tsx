/**
 * docs/requirements.md §24 "Add Production Update": a note of the order's progress and up to four photos,
 * which the buyer sees on her order and is mailed. The note is checked with the server's own
 * schema; the photos go through the product media's image pipeline on the server.
 */
import { getFormProps, getTextareaProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import {
  PRODUCTION_UPDATE_MAX_PHOTOS,
  PRODUCTION_UPDATE_NOTE_MAX,
  productionUpdateProblems,
  productionUpdateSchema,
} from '../../../core/orders/production-updates';
import type { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { PhotosField, usePhotosCheck } from '../forms/photos-field';
import { orderFormLabels } from './opening-form';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../ui/field';
import { FieldFrame, conformFrame } from '../ui/field-frame';

export function ProductionUpdateForm({
  orderId,
  fetcher,
  onClose,
}: {
  orderId: string;
  fetcher: ReturnType<typeof useAnswerFetcher>;
  /** "Not yet": the form closes to its button (app/components/admin/opening-form.tsx). */
  onClose: () => void;
}) {
  const photosCheck = usePhotosCheck(
    PRODUCTION_UPDATE_MAX_PHOTOS,
    productionUpdateProblems.tooManyPhotos,
  );
  const [form, fields] = useForm({
    id: `update-${orderId}`,
    constraint: getZodConstraint(productionUpdateSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productionUpdateSchema }),
  });
  const { key: noteKey, ...note } = getTextareaProps(fields.note);
  const photosId = `update-photos-${orderId}`;
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      onSubmit={(event) => {
        if (photosCheck.allows(event)) form.onSubmit(event);
      }}
      role="group"
      aria-label={orderFormLabels.productionUpdate}
      className="grid w-full gap-3 rounded-xl bg-sand p-3"
    >
      <input type="hidden" name="intent" value="production-update" />
      <input type="hidden" name="orderId" value={orderId} />
      <FieldFrame
        label="Note"
        required
        hint={`What is done, and what comes next: at most ${PRODUCTION_UPDATE_NOTE_MAX.toLocaleString('en-IN')} characters.`}
        {...conformFrame(fields.note)}
      >
        {(control) => (
          <textarea key={noteKey} {...note} {...control} rows={4} className={inputClass} />
        )}
      </FieldFrame>
      <PhotosField
        id={photosId}
        label={`Photos (up to ${PRODUCTION_UPDATE_MAX_PHOTOS})`}
        problem={photosCheck.problem}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButtonClass}>
          Post Update
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Not yet
        </button>
      </div>
    </fetcher.Form>
  );
}
