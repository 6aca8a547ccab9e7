import type { Answer } from '../../../core/community/answer';

/**
 * The answer to a form posted as plain HTML (no JavaScript, docs/design.md §1): the same words the
 * toast would have shown, announced in the page.
 */
export function DocumentAnswer({
  answer,
  className = '',
}: {
  answer: Answer | undefined;
  className?: string;
}) {
  if (!answer?.toast) return null;
  const ok = answer.status === 'ok';
  return (
    <div
      role={ok ? 'status' : 'alert'}
      className={`${className} rounded-xl p-4 ${ok ? 'bg-success/10 text-success' : 'bg-danger/10 text-danger'}`}
    >
      <p className="font-semibold">{answer.toast.title}</p>
      {answer.toast.description ? <p>{answer.toast.description}</p> : null}
    </div>
  );
}
