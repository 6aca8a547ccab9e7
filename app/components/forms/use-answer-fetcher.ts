/**
 * The one client side of the answer pipeline (docs/decisions/013, server/http/answer.ts): a fetcher
 * whose every answer shows its toast once, as the server chose it for that intent (spec §8),
 * including a 429's "Too many requests" and an unexpected failure's "Error".
 */
import { useFetcher } from 'react-router';
import { isAnswer, type Answer } from '../../../core/community/answer';
import { toast } from '../ui/toast-store';
import { useOnAnswer } from '../ui/use-answer';

export interface AnswerHandlers<Data> {
  /** After a success's toast: close a dialog, select what was created. */
  onSuccess?(answer: Answer<Data>): void;
  /** After a refusal's toast: show the message in place too (the console's alert area). */
  onFailure?(answer: Answer<Data>): void;
  /** Several forms on one page that must not share a fetcher's state. */
  key?: string;
}

export function useAnswerFetcher<Data = unknown>(handlers: AnswerHandlers<Data> = {}) {
  const fetcher = useFetcher<Answer<Data>>(handlers.key ? { key: handlers.key } : undefined);
  const settled = fetcher.state === 'idle' ? fetcher.data : undefined;
  useOnAnswer(settled, (answer) => {
    showAnswer(answer);
    if (answer.status === 'ok') handlers.onSuccess?.(answer as Answer<Data>);
    else handlers.onFailure?.(answer as Answer<Data>);
  });
  return fetcher;
}

/** Shows an answer's toast; a page without JavaScript shows the same answer from `useActionData`. */
export function showAnswer(answer: unknown): void {
  if (isAnswer(answer) && answer.toast) toast(answer.toast);
}
