import { describe, expect, it } from 'vitest';
import {
  parseQuantity,
  problemToast,
  QUOTATION_INVALID_EMAIL,
  QUOTATION_INVALID_MOBILE,
  QUOTATION_MISSING_FIELDS,
  quotationRequestSchema,
} from './quotation';

const complete = {
  quantity: '12',
  customizationNotes: '  Engrave our logo  ',
  customerName: ' Asha Mehta ',
  customerCompany: '',
  customerMobile: '+91 98290 12345',
  customerEmail: '',
};

function messagesOf(input: Record<string, unknown>): string[] {
  const result = quotationRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('the quotation request schema (spec §5)', () => {
  it('accepts a complete request, trims it, and stores blank optional fields as null', () => {
    expect(quotationRequestSchema.parse(complete)).toEqual({
      quantity: 12,
      customizationNotes: 'Engrave our logo',
      customerName: 'Asha Mehta',
      customerCompany: null,
      customerMobile: '+91 98290 12345',
      customerEmail: null,
    });
  });

  it('needs a name, a mobile and a quantity of at least 1, all with the spec message', () => {
    expect(messagesOf({ ...complete, customerName: '   ' })).toEqual([QUOTATION_MISSING_FIELDS]);
    expect(messagesOf({ ...complete, customerMobile: '' })).toEqual([QUOTATION_MISSING_FIELDS]);
    expect(messagesOf({ ...complete, customerName: undefined })).toEqual([
      QUOTATION_MISSING_FIELDS,
    ]);
    expect(messagesOf({ ...complete, quantity: '0' })).toEqual([QUOTATION_MISSING_FIELDS]);
    expect(messagesOf({ ...complete, quantity: '-3' })).toEqual([QUOTATION_MISSING_FIELDS]);
  });

  it('falls back to a quantity of 1 for anything that is not a number', () => {
    for (const value of ['', 'a dozen', undefined, 'NaN']) {
      expect(parseQuantity(value)).toBe(1);
      expect(quotationRequestSchema.parse({ ...complete, quantity: value }).quantity).toBe(1);
    }
    expect(parseQuantity('7.9')).toBe(7);
  });

  it('keeps company and e-mail optional, but a given e-mail must be valid', () => {
    expect(
      quotationRequestSchema.parse({ ...complete, customerEmail: ' Asha@Example.com ' })
        .customerEmail,
    ).toBe('asha@example.com');
    expect(messagesOf({ ...complete, customerEmail: 'not-an-email' })).toEqual([
      QUOTATION_INVALID_EMAIL,
    ]);
    expect(
      quotationRequestSchema.parse({ ...complete, customerCompany: 'Hotel Lake View' }),
    ).toMatchObject({
      customerCompany: 'Hotel Lake View',
    });
  });

  it('rejects a mobile number that is not one', () => {
    expect(messagesOf({ ...complete, customerMobile: 'call me' })).toEqual([
      QUOTATION_INVALID_MOBILE,
    ]);
  });
});

describe('the quotation form problem toast (spec §8)', () => {
  it('says "Missing Information" only when a required field is missing', () => {
    expect(problemToast([QUOTATION_INVALID_MOBILE, QUOTATION_MISSING_FIELDS])).toMatchObject({
      title: 'Missing Information',
      description: 'Please fill in all required fields.',
    });
    expect(problemToast([QUOTATION_INVALID_MOBILE]).title).not.toBe('Missing Information');
  });

  it('says "Invalid Email" for the e-mail', () => {
    expect(problemToast([QUOTATION_INVALID_EMAIL])).toMatchObject({
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
      expect(problemToast([message])).toMatchObject({
        title: 'Error',
        description: 'Failed to submit your request. Please try again.',
      });
    }
  });
});
