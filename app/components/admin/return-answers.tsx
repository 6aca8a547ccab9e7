/**
 * docs/requirements.md §24: "Approve Return" and "Decline Return" on a return waiting for the owner; the
 * chosen one opens its form, whose code is fetched then (app/components/admin/opening-form.tsx).
 */
import { lazy, Suspense, useState } from 'react';
import { returnDecisionLabels, type ReturnDecision } from '../../../core/orders/return-status';
import type { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { secondaryButtonClass } from '../ui/classes';

const ReturnAnswerForm = lazy(() =>
  import('./return-answer-form').then((module) => ({ default: module.ReturnAnswerForm })),
);

export function ReturnAnswers({
  orderId,
  returnId,
  fetcher,
}: {
  orderId: string;
  returnId: string;
  fetcher: ReturnType<typeof useAnswerFetcher>;
}) {
  const [open, setOpen] = useState<ReturnDecision | null>(null);
  if (!open) {
    return (
      <div className="mt-3 flex flex-wrap gap-2">
        {(['approve', 'decline'] as const).map((decision) => (
          <button
            key={decision}
            type="button"
            className={secondaryButtonClass}
            onClick={() => setOpen(decision)}
          >
            {returnDecisionLabels[decision]}
          </button>
        ))}
      </div>
    );
  }
  return (
    <Suspense fallback={<p className="mt-3 text-sm text-ink-muted">Loading the form…</p>}>
      <ReturnAnswerForm
        key={open}
        orderId={orderId}
        returnId={returnId}
        decision={open}
        onCancel={() => setOpen(null)}
        fetcher={fetcher}
      />
    </Suspense>
  );
}
