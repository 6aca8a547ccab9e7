import { describe, expect, it } from 'vitest';
import {
  documentNumberOfPath,
  DEFAULT_INVOICE_PREFIX,
  documentNumber,
  financialYearLabel,
  financialYearOf,
  invoicePrefixProblem,
} from './financial-year';

describe('financialYearOf', () => {
  it.each([
    // 23:59 IST on 31 March 2027 is the last minute of 26-27; 00:00 IST on 1 April is 27-28.
    ['2027-03-31T18:29:00Z', 'Asia/Kolkata', 2026, '26-27'],
    ['2027-03-31T18:29:59.999Z', 'Asia/Kolkata', 2026, '26-27'],
    ['2027-03-31T18:30:00Z', 'Asia/Kolkata', 2027, '27-28'],
    // 20:00 UTC on 31 March is already 1 April in India.
    ['2027-03-31T20:00:00Z', 'Asia/Kolkata', 2027, '27-28'],
    ['2026-04-01T00:00:00+05:30', 'Asia/Kolkata', 2026, '26-27'],
    ['2026-12-31T12:00:00Z', 'Asia/Kolkata', 2026, '26-27'],
    ['2027-01-01T00:00:00+05:30', 'Asia/Kolkata', 2026, '26-27'],
    // New York is behind UTC: 02:00 UTC on 1 April is still 31 March there.
    ['2027-04-01T02:00:00Z', 'America/New_York', 2026, '26-27'],
    ['2027-04-01T04:00:00Z', 'America/New_York', 2027, '27-28'],
    ['2099-04-01T00:00:00+05:30', 'Asia/Kolkata', 2099, '99-00'],
  ])('%s in %s is the year from %i (%s)', (instant, timeZone, startYear, label) => {
    expect(financialYearOf(new Date(instant), timeZone)).toEqual({ startYear, label });
  });

  it.each([
    [2026, '26-27'],
    [2009, '09-10'],
    [1999, '99-00'],
  ])('labels the year from %i %s', (startYear, label) => {
    expect(financialYearLabel(startYear)).toBe(label);
  });
});

describe('documentNumber', () => {
  it.each([
    ['invoice', 'KK', '26-27', 1, 'KK/26-27/0001'],
    ['credit_note', 'KK', '26-27', 1, 'KKC/26-27/0001'],
    ['receipt_voucher', 'KK', '26-27', 1, 'KKR/26-27/0001'],
    ['invoice', 'KK', '27-28', 42, 'KK/27-28/0042'],
    ['invoice', 'KK', '26-27', 9999, 'KK/26-27/9999'],
    ['invoice', 'KK', '26-27', 12345, 'KK/26-27/12345'],
    ['invoice', 'KK', '26-27', 1234567, 'KK/26-27/1234567'],
    // The longest prefix and a series mark still fit 16 characters up to 9999.
    ['credit_note', 'AB12', '26-27', 9999, 'AB12C/26-27/9999'],
    ['invoice', 'AB12', '26-27', 10000, 'AB12/26-27/10000'],
    ['invoice', '7', '26-27', 3, '7/26-27/0003'],
  ] as const)('%s, prefix %s, %s, counter %i → %s', (series, prefix, year, counter, number) => {
    const made = documentNumber(series, prefix, year, counter);
    expect(made).toBe(number);
    expect(made.length).toBeLessThanOrEqual(16);
  });

  it.each([
    // 17 characters.
    ['credit_note', 'AB12', '26-27', 10000],
    ['invoice', 'KK', '26-27', 12345678],
  ] as const)('refuses %s %s/%s/%i: longer than 16 characters', (series, prefix, year, counter) => {
    expect(() => documentNumber(series, prefix, year, counter)).toThrow(RangeError);
    expect(() => documentNumber(series, prefix, year, counter)).toThrow(/16 characters/);
  });

  it.each([
    ['kk', '26-27', 1],
    ['KKKKK', '26-27', 1],
    ['KK', '2026-27', 1],
    ['KK', '26-27', 0],
    ['KK', '26-27', 1.5],
  ])('refuses prefix %s, year %s, counter %s', (prefix, year, counter) => {
    expect(() => documentNumber('invoice', prefix, year, counter)).toThrow(RangeError);
  });
});

describe('invoicePrefixProblem', () => {
  it.each(['KK', 'K', 'KK26', 'A1B2', DEFAULT_INVOICE_PREFIX])('takes %s', (prefix) => {
    expect(invoicePrefixProblem(prefix)).toBeNull();
  });

  it.each(['', 'kk', 'KKKKK', 'K-K', 'K/K', 'K K', 'KÄ', ' KK'])('refuses "%s"', (prefix) => {
    expect(invoicePrefixProblem(prefix)).toBe(
      'An invoice prefix is 1 to 4 characters, capital letters A–Z and digits only, such as KK.',
    );
  });
});

describe('a document number in an address', () => {
  it.each([
    ['KK/26-27/0001', 'KK/26-27/0001'],
    ['KK-26-27-0001', 'KK/26-27/0001'],
    ['KKC-26-27-0012', 'KKC/26-27/0012'],
    ['A1R/27-28/12345', 'A1R/27-28/12345'],
  ])('reads %s as %s', (written, number) => {
    expect(documentNumberOfPath(written)).toBe(number);
  });

  it.each([
    '',
    'KK',
    'KK/26-27/1',
    'kk-26-27-0001',
    'KK/../0001',
    'KK-2627-0001',
    'KKKKKK/26-27/0001',
  ])('finds no number in "%s"', (written) => {
    expect(documentNumberOfPath(written)).toBeNull();
  });
});
