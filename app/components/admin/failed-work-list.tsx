import { countOf } from '../../../core/forms/plurals';
import type { FailedWork } from '../../../server/modules/jobs/failed-work';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { secondaryButtonClass } from '../ui/classes';
import { formatShopTime, useShopTimeZone } from '../layout/shop-time';

/**
 * docs/requirements.md §12: each failed or retrying mail and webhook with its last error and Retry; docs/requirements.md §13: each
 * mail a limit held, with why and Send Now.
 */
export function FailedWorkList({ work }: { work: FailedWork[] }) {
  // Held by the list: a retried mail is often delivered before the answer's revalidation, so its
  // item is gone by then, and the answer's toast must outlive it.
  const retry = useAnswerFetcher({ key: 'retry-work' });
  if (work.length === 0) {
    return (
      <p className="rounded-2xl bg-sand p-6">
        Nothing has failed: every mail and webhook so far was delivered.
      </p>
    );
  }
  return (
    <ul aria-label="Failed and retrying work" className="grid gap-3">
      {work.map((item) => (
        <FailedWorkItem key={`${item.kind}-${item.id}`} item={item} retry={retry} />
      ))}
    </ul>
  );
}

const stateLabels: Record<FailedWork['state'], string> = {
  failed: 'Failed',
  retrying: 'Retrying',
  held: 'Held',
};

function FailedWorkItem({
  item,
  retry,
}: {
  item: FailedWork;
  retry: ReturnType<typeof useAnswerFetcher>;
}) {
  const timeZone = useShopTimeZone();
  const held = item.kind === 'held';
  return (
    <li
      aria-label={item.description}
      className="grid gap-2 rounded-2xl border border-stone/70 bg-white p-4 text-sm md:grid-cols-[1fr_auto] md:items-start"
    >
      <div className="grid min-w-0 gap-1">
        <p className="font-semibold break-words">{item.description}</p>
        <p className="text-ink-muted">
          <span className={item.state === 'failed' ? 'font-semibold text-danger' : 'font-semibold'}>
            {stateLabels[item.state]}
          </span>
          {held ? ' · ' : ` · ${countOf(item.tries, 'try', 'tries')} · `}
          {held ? 'held ' : 'queued '}
          {formatShopTime(item.createdAt, timeZone)}
          {item.nextTryAt ? ` · next try ${formatShopTime(item.nextTryAt, timeZone)}` : ''}
        </p>
        {held ? (
          <p className="break-words">{item.lastError}</p>
        ) : (
          <p className="break-words">
            <span className="font-medium">Last error: </span>
            {item.lastError ?? 'none recorded'}
          </p>
        )}
      </div>
      <retry.Form method="post">
        <input type="hidden" name="intent" value={held ? 'send-held-now' : 'retry-work'} />
        {held ? null : <input type="hidden" name="kind" value={item.kind} />}
        <input type="hidden" name="id" value={item.id} />
        <button type="submit" className={secondaryButtonClass} disabled={retry.state !== 'idle'}>
          {held ? 'Send Now' : 'Retry'}
          <span className="sr-only"> {item.description}</span>
        </button>
      </retry.Form>
    </li>
  );
}
