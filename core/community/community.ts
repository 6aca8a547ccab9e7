/**
 * Reviews, questions and answers (spec §2 Product detail, §5 Questions and answers, §6, §8): one
 * set of schemas for the browser and the server. The texts of their toasts are in
 * core/community/community-texts.ts.
 */
import { z } from 'zod';
import { formText, visibleText } from '../forms/form-text';

// docs/decisions/020: what the page shows lives apart, without zod; it is this module's too.
export {
  communityToasts,
  initialsOf,
  isBlank,
  reviewSorts,
  type ReviewSort,
} from './community-texts';

export const REVIEW_LIMITS = { title: 120, content: 2000 } as const;
export const QUESTION_LIMIT = 1000;
export const ANSWER_LIMIT = 2000;

export const reviewSchema = z.object({
  // spec §5: "Reviews: title optional, no other rule"; the text itself is what a review is.
  // A heading others read: invisible characters are refused (core/form-text); the text may
  // need a joiner, as prose does.
  title: visibleText()
    .trim()
    .max(REVIEW_LIMITS.title, `Title must be less than ${REVIEW_LIMITS.title} characters`)
    .optional()
    .transform((title) => (title ? title : null)),
  content: formText({ error: 'Please write your review' })
    .trim()
    .min(1, 'Please write your review')
    .max(REVIEW_LIMITS.content, `Review must be less than ${REVIEW_LIMITS.content} characters`),
  rating: z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === '') return null;
      const rating = Number(value);
      if (!Number.isInteger(rating) || rating < 1 || rating > 5) {
        context.addIssue({ code: 'custom', message: 'Choose from 1 to 5 stars' });
        return z.NEVER;
      }
      return rating;
    }),
});
export type ReviewInput = z.output<typeof reviewSchema>;

// spec §5: trimmed text must be non-empty
export const questionSchema = z.object({
  question: formText({ error: 'Please enter your question' })
    .trim()
    .min(1, 'Please enter your question')
    .max(QUESTION_LIMIT, `Question must be less than ${QUESTION_LIMIT} characters`),
});

export const answerSchema = z.object({
  answer: formText({ error: 'Please enter your answer' })
    .trim()
    .min(1, 'Please enter your answer')
    .max(ANSWER_LIMIT, `Answer must be less than ${ANSWER_LIMIT} characters`),
});

/** The answer form under a question: the answer, and the question it answers (a hidden field). */
export const answerFormSchema = answerSchema.extend({
  // A question that is gone, or a forged id, names no question (the module checks the row).
  questionId: formText({ error: 'Question not found' }).min(1, 'Question not found'),
});
