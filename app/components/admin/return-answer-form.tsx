/**
 * docs/requirements.md §24: the owner's answer to a return waiting for it: "Approve Return" with the
 * return's instructions (where and how to send the pieces back), or "Decline Return" with the
 * reason; the buyer is mailed either. Checked with the server's own schema; loaded when its
 * button opens it (app/components/admin/return-answers.tsx).
 */
import { getFormProps, getTextareaProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import {
  DECIDE_RETURN_INTENT,
  RETURN_DECISION_NOTE_MAX,
  returnDecisionLabels,
  returnDecisionSchema,
  returnTexts,
  type ReturnDecision,
} from '../../../core/orders/returns';
import type { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../ui/field';
import { FieldFrame, conformFrame } from '../ui/field-frame';

export function ReturnAnswerForm({
  orderId,
  returnId,
  decision,
  onCancel,
  fetcher,
}: {
  orderId: string;
  returnId: string;
  decision: ReturnDecision;
  onCancel: () => void;
  fetcher: ReturnType<typeof useAnswerFetcher>;
}) {
  const [form, fields] = useForm({
    id: `${decision}-return-${returnId}`,
    defaultValue: { decision, note: '' },
    constraint: getZodConstraint(returnDecisionSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: returnDecisionSchema }),
  });
  const { key: noteKey, ...note } = getTextareaProps(fields.note);
  const label = returnDecisionLabels[decision];
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      role="group"
      aria-label={label}
      className="mt-3 grid w-full gap-3 rounded-xl bg-sand p-3"
    >
      <input type="hidden" name="intent" value={DECIDE_RETURN_INTENT} />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="returnId" value={returnId} />
      <input type="hidden" name="decision" value={decision} />
      <FieldFrame
        label={decision === 'approve' ? returnTexts.instructions : returnTexts.declineReason}
        required
        hint={
          decision === 'approve'
            ? `${returnTexts.instructionsHint} ${returnTexts.shippingIsBuyers}`
            : `At most ${RETURN_DECISION_NOTE_MAX.toLocaleString('en-IN')} characters.`
        }
        {...conformFrame(fields.note)}
      >
        {(control) => (
          <textarea key={noteKey} {...note} {...control} rows={4} className={inputClass} />
        )}
      </FieldFrame>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButtonClass}>
          {label}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Not yet
        </button>
      </div>
    </fetcher.Form>
  );
}
