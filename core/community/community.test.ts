import { describe, expect, it } from 'vitest';
import { answerSchema, initialsOf, questionSchema, reviewSchema } from './community';
import { parseRouteQuery, productQuerySchema } from '../forms/route-query';

describe('reviews, questions and answers (spec §5)', () => {
  it('keeps the review title optional and needs the text', () => {
    expect(reviewSchema.parse({ title: '  ', content: ' Lovely urli ' })).toEqual({
      title: null,
      content: 'Lovely urli',
      rating: null,
    });
    expect(reviewSchema.safeParse({ content: '   ' }).error?.issues[0]?.message).toBe(
      'Please write your review',
    );
  });

  it('takes a rating of 1 to 5 stars, or none', () => {
    expect(reviewSchema.parse({ content: 'x', rating: '5' }).rating).toBe(5);
    expect(reviewSchema.safeParse({ content: 'x', rating: '6' }).success).toBe(false);
    expect(reviewSchema.safeParse({ content: 'x', rating: '0' }).success).toBe(false);
  });

  it('trims questions and answers and refuses blank ones', () => {
    expect(questionSchema.parse({ question: ' Is it food safe? ' }).question).toBe(
      'Is it food safe?',
    );
    expect(questionSchema.safeParse({ question: ' \n ' }).success).toBe(false);
    expect(answerSchema.safeParse({ answer: '' }).error?.issues[0]?.message).toBe(
      'Please enter your answer',
    );
  });

  it('sorts reviews by most helpful unless newest is asked for', () => {
    const sortOf = (query: string) =>
      parseRouteQuery(productQuerySchema, new URLSearchParams(query)).reviews;
    expect(sortOf('')).toBe('most_helpful');
    expect(sortOf('reviews=newest')).toBe('newest');
    expect(sortOf('reviews=rating')).toBe('most_helpful');
  });

  it('makes initials for authors without an avatar', () => {
    expect(initialsOf('Asha Rao')).toBe('AR');
    expect(initialsOf('meera')).toBe('M');
    expect(initialsOf('  ')).toBe('?');
  });
});
