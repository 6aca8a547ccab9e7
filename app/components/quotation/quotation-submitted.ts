/**
 * docs/requirements.md §10: a quotation request's success carries its reference and its private link. The toast
 * keeps spec §8's title and description and adds the reference.
 */
import type { AnswerToast } from '../../../core/community/answer';
import { quotationToasts } from '../../../core/quotes/quotation-texts';

/** What the request's answer hands back to the form. */
export interface QuotationSubmitted {
  reference: string;
  /** The private quote page, relative to the shop: /quotes/{reference}?key={token}. */
  link: string;
}

/** "Request Submitted!" / "Your quotation request has been sent. … Reference: Q-…" */
export function quotationSubmittedToast(reference: string): AnswerToast {
  return {
    title: quotationToasts.success.title,
    description: `${quotationToasts.success.description} Reference: ${reference}`,
  };
}

/** The submitted request of an answer's data, if it carries one. */
export function submittedQuotationOf(data: unknown): QuotationSubmitted | null {
  if (typeof data !== 'object' || data === null) return null;
  const { reference, link } = data as Partial<QuotationSubmitted>;
  return typeof reference === 'string' && typeof link === 'string' ? { reference, link } : null;
}
