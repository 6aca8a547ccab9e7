/**
 * docs/requirements.md §18 "Merge Requests": the owner merges a customer's pending requests into the one they
 * keep. The form's input, its limits, and what the owner's page and its answers say.
 */
import { z } from 'zod';
import { QUOTE_LIST_MAX_PIECES } from './quote-list-texts';

/** At most this many requests are merged into one at a time: each holds a piece at least. */
export const MERGE_MAX_REQUESTS = QUOTE_LIST_MAX_PIECES - 1;

export const mergeTexts = {
  heading: 'Merge Requests',
  intro:
    "This customer's other pending requests. Their pieces, notes and messages join this one; they close and point here, and the customer gets one e-mail.",
  button: 'Merge Requests',
  chooseSome: 'Choose the requests to merge into this one',
  tooMany: `Merge at most ${MERGE_MAX_REQUESTS} requests at a time`,
  intoItself: 'A request cannot be merged into itself',
  /** docs/decisions/011 (amended): a typed e-mail or mobile proves nobody's identity. */
  guestHint: 'Guest request, not verified',
  guestHintsIntro:
    'Guest requests with the same e-mail or mobile. Anyone can type those, so they cannot be merged here.',
  guestKept: (reference: string) =>
    `${reference} is a guest request, not verified: only requests of one customer account can be merged`,
  guestMerged: (reference: string) =>
    `${reference} is a guest request, not verified: it cannot be merged into a customer's request`,
  otherAccount: (reference: string, kept: string) =>
    `${reference} is another customer's request: only requests of the same account as ${kept} can be merged into it`,
} as const;

/** "Q-1", "Q-1 and Q-2", "Q-1, Q-2 and Q-3". */
export function referenceList(references: readonly string[]): string {
  if (references.length <= 1) return references[0] ?? '';
  return `${references.slice(0, -1).join(', ')} and ${references.at(-1)}`;
}

export const mergeToasts = {
  merged: (merged: readonly string[], kept: string) => ({
    title: 'Requests merged',
    description: `${referenceList(merged)} ${merged.length === 1 ? 'is' : 'are'} now part of ${kept}.`,
  }),
} as const;

/**
 * The merge as the domain takes it: the request kept and the ones merged into it (each id once;
 * an id of the wrong shape is "not found", as the kernel's `requireRowId` answers).
 */
export const mergeRequestsSchema = z.object({
  keepId: z.string(),
  mergeIds: z
    .array(z.string(), { error: mergeTexts.chooseSome })
    .min(1, mergeTexts.chooseSome)
    .max(MERGE_MAX_REQUESTS, mergeTexts.tooMany)
    .transform((ids) => [...new Set(ids)]),
});
export type MergeRequestsInput = z.input<typeof mergeRequestsSchema>;
