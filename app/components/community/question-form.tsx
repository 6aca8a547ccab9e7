import { getFormProps, getTextareaProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { useState } from 'react';
import { questionSchema } from '../../../core/community/community';
import { isBlank } from '../../../core/community/community-texts';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../ui/classes';
import { ModalClose } from '../ui/lazy-modal';
import { FieldError } from './field-error';
import { Honeypot } from './honeypot';

const questionConstraint = getZodConstraint(questionSchema);

/** spec §2 "Ask a Question". */
export function QuestionForm({ productId, onDone }: { productId: string; onDone: () => void }) {
  const [empty, setEmpty] = useState(true);
  const fetcher = useAnswerFetcher({ onSuccess: onDone });
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const [form, fields] = useForm({
    lastResult: answer?.result,
    constraint: questionConstraint,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: questionSchema, disableAutoCoercion: true }),
  });
  const { key, ...questionProps } = getTextareaProps(fields.question);
  return (
    <fetcher.Form
      method="post"
      action={`/product/${encodeURIComponent(productId)}`}
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="relative grid gap-4"
    >
      <Honeypot />
      <input type="hidden" name="intent" value="question" />
      <div className="grid gap-1">
        <label htmlFor={fields.question.id} className="font-medium">
          Your Question
        </label>
        <textarea
          key={key}
          {...questionProps}
          rows={4}
          onChange={(event) => setEmpty(isBlank(event.target.value))}
          className={inputClass}
        />
        <FieldError field={fields.question} />
      </div>
      <div className="flex justify-end gap-3">
        <ModalClose className={secondaryButtonClass}>Cancel</ModalClose>
        <button
          type="submit"
          className={`${primaryButtonClass} disabled:cursor-not-allowed`}
          disabled={empty || fetcher.state !== 'idle'}
        >
          {fetcher.state !== 'idle' ? 'Submitting…' : 'Submit Question'}
        </button>
      </div>
    </fetcher.Form>
  );
}
