import { describe, expect, it } from 'vitest';
import { filingPeriod, quarterOfDay } from './filing-period';

describe('GSTR-1 filing periods', () => {
  it.each([
    ['2026-11', 'November 2026', '2026-11-01', '2026-11-30'],
    ['2028-02', 'February 2028', '2028-02-01', '2028-02-29'],
    ['26-27-Q1', 'Q1 26-27 (April–June 2026)', '2026-04-01', '2026-06-30'],
    ['26-27-Q3', 'Q3 26-27 (October–December 2026)', '2026-10-01', '2026-12-31'],
    ['26-27-Q4', 'Q4 26-27 (January–March 2027)', '2027-01-01', '2027-03-31'],
  ])('%s is %s, %s to %s', (value, label, fromDay, toDay) => {
    expect(filingPeriod(value)).toEqual({ value, label, fromDay, toDay });
  });

  it.each(['2026-13', '2026-00', '26-28-Q1', '26-27-Q5', '2026', 'November', '2016-05', ''])(
    'names no period with %j',
    (value) => {
      expect(filingPeriod(value)).toBeNull();
    },
  );

  it.each([
    ['2026-11-29', '26-27-Q3'],
    ['2026-04-01', '26-27-Q1'],
    ['2027-03-31', '26-27-Q4'],
    ['2027-04-01', '27-28-Q1'],
  ])('%s is in quarter %s', (day, quarter) => {
    expect(quarterOfDay(day)).toBe(quarter);
  });
});
