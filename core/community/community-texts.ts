/**
 * What the product page's reviews and questions show (spec §2 Product detail, §4, §5, §6, §8):
 * the review sorts, the community toasts and the text helpers. Apart from core/community/community.ts's
 * schemas so that the page loads them without zod (docs/decisions/020); core/community/community.ts re-exports them.
 */

// spec §4: reviews sort by most helpful (default) or newest
export const reviewSorts = ['most_helpful', 'newest'] as const;
export type ReviewSort = (typeof reviewSorts)[number];

/** spec §5: a question or answer is its trimmed text, which must not be empty. */
export function isBlank(text: string): boolean {
  return text.trim() === '';
}

/** Initials for an author without an avatar: "Asha Rao" → "AR". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => word!.charAt(0).toUpperCase()).join('') || '?';
}

// spec §6, §8: the community toasts
export const communityToasts = {
  reviewSignIn: { title: 'Sign in required', description: 'Please sign in to write a review' },
  questionSignIn: { title: 'Sign in required', description: 'Please sign in to ask a question' },
  answerSignIn: { title: 'Sign in required', description: 'Please sign in to answer' },
  helpfulSignIn: {
    title: 'Sign in required',
    description: 'Please sign in to mark a review as helpful',
  },
  reviewSubmitted: { title: 'Review submitted', description: 'Thank you for your review!' },
  questionSubmitted: { title: 'Question submitted' },
  answerSubmitted: { title: 'Answer submitted' },
} as const;
