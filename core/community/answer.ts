/**
 * What every form action answers (docs/decisions/013, one answer pipeline): the outcome, the toast of
 * spec §8 for that intent, and Conform's reply with the field errors. Built once on the server
 * (server/http/answer.ts), shown once in the browser (app/components/forms/use-answer-fetcher.ts).
 */
import type { SubmissionResult } from '@conform-to/react';

export interface AnswerToast {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** A link in the toast to where the news is (docs/requirements.md §18: "View Quote List"). */
  link?: { to: string; label: string };
}

export type AnswerStatus =
  | 'ok'
  | 'invalid'
  | 'sign-in-required'
  | 'not-found'
  | 'forbidden'
  | 'conflict'
  | 'rate-limited'
  | 'error';

export interface Answer<Data = unknown> {
  status: AnswerStatus;
  intent: string;
  /** Shown by the browser as it is; null when the intent shows nothing (a quiet success). */
  toast: AnswerToast | null;
  /** The failure's text on its own, for forms that show it in place as well (admin alerts). */
  message: string | null;
  /** Conform's reply: field errors, and whether the form resets. Null for intents without one. */
  result: SubmissionResult<string[]> | null;
  /** What the intent returns to its form on success (a created id, a count). */
  data: Data | null;
}

export function isAnswer(value: unknown): value is Answer {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'intent' in value &&
    'toast' in value
  );
}

/** spec §8: a failure is the destructive "Error" toast with the server's message. */
export function errorToast(message: string): AnswerToast {
  return { title: 'Error', description: message, variant: 'destructive' };
}

/** The toast every public form shows when its rate limit answers 429. */
export function tooManyRequestsToast(message: string): AnswerToast {
  return { title: 'Too many requests', description: message, variant: 'destructive' };
}

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';
