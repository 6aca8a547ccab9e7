import { useEffect, useRef } from 'react';
import type { ToastInput } from './toast-store';

/**
 * Runs `onAnswer` once for each new answer of an action (a fetcher's data), however often the
 * component renders in between.
 */
export function useOnAnswer<Answer>(
  answer: Answer | undefined,
  onAnswer: (answer: Answer) => void,
) {
  const handled = useRef<Answer | undefined>(undefined);
  const latest = useRef(onAnswer);
  useEffect(() => {
    latest.current = onAnswer;
  });
  useEffect(() => {
    if (answer === undefined || handled.current === answer) return;
    handled.current = answer;
    latest.current(answer);
  }, [answer]);
}

/** The toast every public form shows when its rate limit answers 429. */
export function tooManyRequestsToast(message: string): ToastInput {
  return { title: 'Too many requests', description: message, variant: 'destructive' };
}
