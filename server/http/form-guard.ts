/**
 * Abuse protection shared by the public forms' actions: the per-address rate limit.
 */
import { RATE_LIMIT_MESSAGE, rateLimitAddress } from '../modules/rate-limit';
import type { AppContext } from './app-context';

export type PublicForm =
  | 'quotation'
  | 'contact'
  | 'newsletter'
  | 'welcome'
  | 'review'
  | 'question'
  | 'answer'
  // docs/requirements.md §10: a quotation's thread (messages, changes asked, a decline's reason)
  | 'quote-message'
  // docs/requirements.md §18: the quote list's own writes (add, change, remove); its submit counts as 'quotation'
  | 'quote-list'
  // docs/requirements.md §19: the first-run setup page, its reads and its post
  | 'owner-setup'
  // Every page's post, counted before its body is read (docs/requirements.md §14)
  | 'page-post';

/**
 * The limit a payment reference counts on, whichever path sends it (the quote page, the dashboard,
 * the API): the quotation thread's, since each reference mails the owner as a message does
 * (docs/requirements.md, payments).
 */
export const PAYMENT_REFERENCE_LIMIT: PublicForm = 'quote-message';

/**
 * docs/requirements.md §18: a quote list is built with a tap per piece (four pieces and a quantity change are
 * five writes in a minute), so its writes get this many times the forms' per-minute limit; still
 * a cap on what one address can make the server write.
 */
const LIMIT_MULTIPLIER: Partial<Record<PublicForm, number>> = {
  'quote-list': 6,
  // Any page's post, whichever form it is: above the quote list's taps, so that a buyer building
  // a list never meets it first; a cap on the bodies one address makes the server read
  // (docs/requirements.md §14).
  'page-post': 12,
};

export interface RateLimited {
  status: 'rate-limited';
  message: string;
}

/** A form's per-minute limit per address; the pages and the API count against the same one. */
export function formRateLimitOf(form: PublicForm, formRateLimit: number): number {
  return formRateLimit * (LIMIT_MULTIPLIER[form] ?? 1);
}

/** Null when the request may go ahead; otherwise what the action answers, with a 429. */
export async function rateLimitedReply(
  context: AppContext,
  form: PublicForm,
): Promise<{ body: RateLimited; init: ResponseInit } | null> {
  const decision = await context.rateLimiter.consume({
    key: `${form}:${rateLimitAddress(context.clientAddress)}`,
    limit: formRateLimitOf(form, context.config.formRateLimit),
  });
  if (decision.allowed) return null;
  context.logger.warn({ form, clientAddress: context.clientAddress }, 'form rate limit reached');
  return {
    body: { status: 'rate-limited', message: RATE_LIMIT_MESSAGE },
    init: { status: 429, headers: { 'Retry-After': String(decision.retryAfterSeconds) } },
  };
}

/**
 * A route's `headers` export: React Router builds a document's headers from these functions,
 * not from the action's reply, so the rate limit's Retry-After is passed on here.
 */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get('Retry-After');
  return retryAfter ? { 'Retry-After': retryAfter } : {};
}
