import { describe, expect, it } from 'vitest';
import {
  QUOTATION_INVALID_EMAIL,
  QUOTATION_INVALID_MOBILE,
  QUOTATION_MISSING_FIELDS,
} from '../../../core/quotation';
import { problemToast } from './quotation-form';

describe('the quotation form problem toast (spec §8)', () => {
  it('says "Missing Information" only when a required field is missing', () => {
    expect(problemToast([QUOTATION_INVALID_MOBILE, QUOTATION_MISSING_FIELDS])).toEqual({
      title: 'Missing Information',
      description: 'Please fill in all required fields.',
    });
    expect(problemToast([QUOTATION_INVALID_MOBILE]).title).not.toBe('Missing Information');
  });

  it('says "Invalid Email" for the e-mail', () => {
    expect(problemToast([QUOTATION_INVALID_EMAIL])).toEqual({
      title: 'Invalid Email',
      description: 'Please enter a valid email address',
    });
  });

  it("gives the spec's failure text for the rules beyond the spec, never a title of its own", () => {
    for (const message of [
      QUOTATION_INVALID_MOBILE,
      'Please ask for at most 100000 pieces',
      'Please keep this under 100 characters',
    ]) {
      expect(problemToast([message])).toEqual({
        title: 'Error',
        description: 'Failed to submit your request. Please try again.',
      });
    }
  });
});
