/**
 * docs/requirements.md §24 "Add Production Update": a note of the order's progress and up to four photos,
 * which the buyer sees on her order and is mailed. The note is checked with the server's own
 * schema; the photos go through the product media's image pipeline on the server.
 */
import { getFormProps, getTextareaProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { useState } from 'react';
import {
  PRODUCTION_UPDATE_MAX_PHOTOS,
  PRODUCTION_UPDATE_NOTE_MAX,
  productionUpdateProblems,
  productionUpdateSchema,
} from '../../../core/orders/production-updates';
import type { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../ui/field';
import { FieldFrame, conformFrame } from '../ui/field-frame';

export const ADD_PRODUCTION_UPDATE = 'Add Production Update';

export function ProductionUpdateForm({
  orderId,
  fetcher,
}: {
  orderId: string;
  fetcher: ReturnType<typeof useAnswerFetcher>;
}) {
  const [open, setOpen] = useState(false);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [form, fields] = useForm({
    id: `update-${orderId}`,
    constraint: getZodConstraint(productionUpdateSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productionUpdateSchema }),
  });
  if (!open) {
    return (
      <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)}>
        {ADD_PRODUCTION_UPDATE}
      </button>
    );
  }
  const { key: noteKey, ...note } = getTextareaProps(fields.note);
  const photosId = `update-photos-${orderId}`;
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      onSubmit={(event) => {
        const photos = event.currentTarget.elements.namedItem('photos');
        if (
          photos instanceof HTMLInputElement &&
          (photos.files?.length ?? 0) > PRODUCTION_UPDATE_MAX_PHOTOS
        ) {
          event.preventDefault();
          setPhotoProblem(productionUpdateProblems.tooManyPhotos);
          return;
        }
        setPhotoProblem(null);
        form.onSubmit(event);
      }}
      role="group"
      aria-label={ADD_PRODUCTION_UPDATE}
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
      <div className="grid gap-1">
        <label htmlFor={photosId} className="font-medium">
          Photos (up to {PRODUCTION_UPDATE_MAX_PHOTOS})
        </label>
        <input
          id={photosId}
          name="photos"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-describedby={photoProblem ? `${photosId}-error` : undefined}
          className="min-h-11 text-sm"
        />
        {photoProblem ? (
          <p id={`${photosId}-error`} role="alert" className="text-sm text-red-700">
            {photoProblem}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButtonClass}>
          Post Update
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => setOpen(false)}>
          Not yet
        </button>
      </div>
    </fetcher.Form>
  );
}
