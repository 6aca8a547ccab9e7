import { describe, expect, it } from 'vitest';
import {
  approximateText,
  approximateTotalLine,
  choiceLabel,
  convertPaise,
  currencyOfAcceptLanguage,
  displayRatesText,
  effectiveDisplayRate,
  formatForeign,
  formatRate,
  formatRupeesWithApproximation,
  freshDisplayRates,
  isStaleRate,
  parseDisplayRates,
  parseRate,
  serializeDisplayRates,
  stampDisplayRates,
  staleRateWarning,
  type DisplayRate,
} from './display-currency';
import { displayCurrenciesSettingSchema } from './display-currency-schema';

const usd: DisplayRate = { currency: 'USD', rate: 835_000, setOn: '2026-11-27' };

describe('rates as the owner types them', () => {
  it.each([
    ['83.50', 835_000],
    ['83.5', 835_000],
    ['83', 830_000],
    ['0.2273', 2_273],
    [' 61.0001 ', 610_001],
    ['83.12345', null],
    ['0', null],
    ['-83', null],
    ['83,50', null],
    ['', null],
    ['1e3', null],
    ['100001', null],
  ])('%j → %j', (text, rate) => {
    expect(parseRate(text)).toBe(rate);
  });

  it.each([
    [835_000, '83.50'],
    [830_000, '83.00'],
    [610_001, '61.0001'],
    [2_273, '0.2273'],
    [1_105_500, '110.55'],
    [1_105_510, '110.551'],
  ])('%j prints as %j', (rate, text) => {
    expect(formatRate(rate)).toBe(text);
  });
});

describe('the stored setting', () => {
  it('reads the empty text as no rates', () => {
    expect(parseDisplayRates('')).toEqual([]);
  });

  it('reads lines in the picker’s order and leaves out damaged and undated lines', () => {
    const text = [
      'GBP 110.55 2026-10-01',
      'USD 83.50 2026-11-27',
      'XYZ 1 2026-11-27',
      'CAD 61',
    ].join('\n');
    expect(parseDisplayRates(text)).toEqual([
      usd,
      { currency: 'GBP', rate: 1_105_500, setOn: '2026-10-01' },
    ]);
  });

  it('writes what it reads', () => {
    const text = 'USD 83.50 2026-11-27\nEUR 90.1234 2026-11-01';
    expect(serializeDisplayRates(parseDisplayRates(text))).toBe(text);
  });

  it('builds the text from the form’s one rate a currency', () => {
    expect(displayRatesText({ USD: ' 83.50 ', CAD: '', GBP: '110' })).toBe('USD 83.50\nGBP 110');
  });

  it('dates a new or changed rate today and keeps the date of an unchanged one', () => {
    const before = 'USD 83.50 2026-10-01\nGBP 110.00 2026-10-01';
    expect(stampDisplayRates('USD 83.5\nGBP 111\nCAD 61 1999-01-01', before, '2026-11-27')).toBe(
      'USD 83.50 2026-10-01\nCAD 61.00 2026-11-27\nGBP 111.00 2026-11-27',
    );
  });

  it.each([
    ['', true],
    ['USD 83.50', true],
    ['USD 83.50 2026-11-27\r\nGBP 110', true],
    ['usd 83.50', false],
    ['USD', false],
    ['USD 83.123456', false],
    ['USD 83.50 yesterday', false],
    ['USD 83.50\nUSD 84', false],
  ])('the schema takes %j: %j', (text, valid) => {
    expect(displayCurrenciesSettingSchema.safeParse(text).success).toBe(valid);
  });
});

describe('converting paise to whole units, half up, in integers', () => {
  it.each([
    // ₹3,400 at ₹83.50: 40.72 → 41 (the example).
    [340_000, 835_000, 41],
    // ₹1,90,960 at ₹83.50: 2,286.95 → 2,287 (the PDF line's example).
    [19_096_000, 835_000, 2_287],
    // Exactly half: ₹41.75 at ₹83.50 is 0.5 → 1.
    [4_175, 835_000, 1],
    [4_174, 835_000, 0],
    [0, 835_000, 0],
    // ₹100 at ₹0.2273 (a small unit): 439.94 → 440.
    [10_000, 2_273, 440],
    // A crore of rupees stays exact.
    [1_000_000_000, 835_000, 119_760],
  ])('%j paise at %j → %j', (paise, rate, units) => {
    expect(convertPaise(paise, rate)).toBe(units);
  });

  it('refuses what is not an integer', () => {
    expect(() => convertPaise(10.5, 835_000)).toThrow(RangeError);
    expect(() => convertPaise(100, 0)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it.each([
    ['USD', 41, 'US$41'],
    ['USD', 2_287, 'US$2,287'],
    ['CAD', 57, 'CA$57'],
    ['GBP', 31, '£31'],
    ['EUR', 36, '€36'],
    ['AUD', 62, 'A$62'],
    ['AED', 150, 'AED\u00a0150'],
    ['SGD', 55, 'SGD\u00a055'],
  ] as const)('%s %j → %j', (currency, units, text) => {
    expect(formatForeign(units, currency)).toBe(text);
  });

  it('writes the issue’s texts', () => {
    expect(formatRupeesWithApproximation(340_000, usd)).toBe('₹3,400 (≈ US$41)');
    expect(formatRupeesWithApproximation(340_000, null)).toBe('₹3,400');
    expect(approximateText(340_000, usd)).toBe('(≈ US$41)');
    expect(approximateTotalLine(19_096_000, usd)).toBe(
      'Approximately US$2,287 at ₹83.50 per US$ (rates of November 27, 2026); the amount payable is in rupees.',
    );
    expect(staleRateWarning({ ...usd, setOn: '2026-09-01' })).toBe(
      'The US$ rate was set on September 1, 2026, more than 60 days ago: buyers no longer see amounts in US$. Update it in Settings.',
    );
    expect(choiceLabel('INR')).toBe('₹ INR');
    expect(choiceLabel('USD')).toBe('US$ USD');
  });
});

describe('a rate older than 60 days is not shown', () => {
  it.each([
    ['2026-11-27', false],
    ['2026-09-28', false], // 60 days before
    ['2026-09-27', true], // 61 days before
  ])('set on %s, seen on 2026-11-27: stale %j', (setOn, stale) => {
    expect(isStaleRate({ setOn }, '2026-11-27')).toBe(stale);
    expect(freshDisplayRates([{ ...usd, setOn }], '2026-11-27')).toHaveLength(stale ? 0 : 1);
  });
});

describe('which currency a buyer sees', () => {
  it.each([
    ['en-US,en;q=0.9', 'USD'],
    ['en-CA', 'CAD'],
    ['en-GB,en;q=0.8', 'GBP'],
    ['de-DE', 'EUR'],
    ['en-AU', 'AUD'],
    ['ar-AE', 'AED'],
    ['en-SG', 'SGD'],
    ['en-IN,en;q=0.9', null],
    ['en', null],
    ['fr;q=0.9,en-GB;q=0.95', 'GBP'],
    ['zh-Hans-SG', 'SGD'],
    ['', null],
    [null, null],
  ])('Accept-Language %j → %j', (header, currency) => {
    expect(currencyOfAcceptLanguage(header)).toBe(currency);
  });

  it.each([
    [{ choice: null, acceptLanguage: 'en-US' }, 'USD'],
    // The region's currency without a rate: rupees only.
    [{ choice: null, acceptLanguage: 'en-GB' }, null],
    [{ choice: 'INR' as const, acceptLanguage: 'en-US' }, null],
    [{ choice: 'USD' as const, acceptLanguage: 'en-IN' }, 'USD'],
    // A chosen currency without a (fresh) rate: rupees only.
    [{ choice: 'CAD' as const, acceptLanguage: 'en-US' }, null],
  ])('%j → %j', (input, currency) => {
    expect(effectiveDisplayRate({ ...input, freshRates: [usd] })?.currency ?? null).toBe(currency);
  });
});
