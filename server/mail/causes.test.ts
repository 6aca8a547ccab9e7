import { describe, expect, it } from 'vitest';
import { heldReason } from './causes';

describe('heldReason (issue 25 §1)', () => {
  it.each([
    // issue 30: "1 mail", not "1 mails"
    [1, 'a@example.com reached the limit of 1 mail an hour'],
    [5, 'a@example.com reached the limit of 5 mails an hour'],
  ])('a limit of %i', (perHour, expected) => {
    expect(heldReason('a@example.com', perHour)).toBe(expected);
  });
});
