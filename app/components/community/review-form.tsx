import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { reviewSchema } from '../../../core/community/community';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../ui/classes';
import { ModalClose } from '../ui/lazy-modal';
import { FieldError } from './field-error';
import { Honeypot } from './honeypot';

const constraint = getZodConstraint(reviewSchema);

/** spec §2 "Write a Review": rating (optional), title (optional) and the review. */
export function ReviewForm({ productId, onDone }: { productId: string; onDone: () => void }) {
  const fetcher = useAnswerFetcher({ onSuccess: onDone });
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const [form, fields] = useForm({
    lastResult: answer?.result,
    constraint,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: reviewSchema, disableAutoCoercion: true }),
  });
  const { key: titleKey, ...titleProps } = getInputProps(fields.title, { type: 'text' });
  const { key: contentKey, ...contentProps } = getTextareaProps(fields.content);
  return (
    <fetcher.Form
      method="post"
      action={`/product/${encodeURIComponent(productId)}`}
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="relative grid gap-4"
    >
      <Honeypot />
      <input type="hidden" name="intent" value="review" />
      <fieldset aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}>
        <legend className="font-medium">Rating (optional)</legend>
        <div key={fields.rating.key} className="mt-1 flex gap-3">
          {[5, 4, 3, 2, 1].map((stars) => (
            <label key={stars} className="flex items-center gap-1">
              <input type="radio" name={fields.rating.name} value={stars} />
              {stars} {stars === 1 ? 'star' : 'stars'}
            </label>
          ))}
        </div>
        <FieldError field={fields.rating} />
      </fieldset>
      <div className="grid gap-1">
        <label htmlFor={fields.title.id} className="font-medium">
          Title (optional)
        </label>
        <input key={titleKey} {...titleProps} className={inputClass} />
        <FieldError field={fields.title} />
      </div>
      <div className="grid gap-1">
        <label htmlFor={fields.content.id} className="font-medium">
          Your Review
        </label>
        <textarea key={contentKey} {...contentProps} rows={5} className={inputClass} />
        <FieldError field={fields.content} />
      </div>
      <div className="flex justify-end gap-3">
        <ModalClose className={secondaryButtonClass}>Cancel</ModalClose>
        <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Submitting…' : 'Submit Review'}
        </button>
      </div>
    </fetcher.Form>
  );
}
