import { useId } from 'react';
import { errorToast } from '../../../core/community/answer';
import { PRICE_DROP_SETTING_LABEL } from '../../../core/catalog/price-drop';
import { getFormProps } from '../forms/lazy-form';
import { primaryButtonClass } from '../ui/field';
import { DocumentAnswer, useAnswerForm } from '../forms/answer-form';

export const PRICE_DROP_ALERTS_INTENT = 'price-drop-alerts';

/**
 * docs/requirements.md §21: "E-mail me when a wished piece's price drops", on by default; a plain form, so it
 * works before the page's JavaScript (the checkbox posts "on" when ticked, nothing when not).
 */
export function PriceDropAlertsForm({ enabled }: { enabled: boolean }) {
  const checkboxId = useId();
  const { fetcher, form, documentAnswer } = useAnswerForm({
    schema: () =>
      import('../../../core/catalog/price-drop-schema').then(
        (module) => module.priceDropAlertsSchema,
      ),
    intent: PRICE_DROP_ALERTS_INTENT,
    invalidToast: errorToast,
  });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="mt-10 grid max-w-lg gap-4"
    >
      <h2 className="font-display text-2xl font-semibold">E-mails</h2>
      <DocumentAnswer answer={documentAnswer} />
      <input type="hidden" name="intent" value={PRICE_DROP_ALERTS_INTENT} />
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          name="priceDropAlerts"
          type="checkbox"
          defaultChecked={enabled}
          className="mt-1 size-4"
        />
        <label htmlFor={checkboxId}>{PRICE_DROP_SETTING_LABEL}</label>
      </div>
      <button
        type="submit"
        className={`${primaryButtonClass} justify-self-start`}
        disabled={fetcher.state !== 'idle'}
      >
        {fetcher.state !== 'idle' ? 'Saving…' : 'Save E-mail Settings'}
      </button>
    </fetcher.Form>
  );
}
