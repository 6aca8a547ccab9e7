import { describe, expect, it } from 'vitest';
import { rupeesInWords } from './amount-in-words';

describe('rupeesInWords', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [1, 'Rupees Zero and One Paisa Only'],
    [2, 'Rupees Zero and Two Paise Only'],
    [99, 'Rupees Zero and Ninety-Nine Paise Only'],
    [100, 'Rupees One Only'],
    [101, 'Rupees One and One Paisa Only'],
    [1050, 'Rupees Ten and Fifty Paise Only'],
    [1_100, 'Rupees Eleven Only'],
    [1_900, 'Rupees Nineteen Only'],
    [2_000, 'Rupees Twenty Only'],
    [2_400, 'Rupees Twenty-Four Only'],
    [10_000, 'Rupees One Hundred Only'],
    [10_500, 'Rupees One Hundred Five Only'],
    [99_900, 'Rupees Nine Hundred Ninety-Nine Only'],
    [1_00_000, 'Rupees One Thousand Only'],
    [10_01_00, 'Rupees One Thousand One Only'],
    [12_460_000, 'Rupees One Lakh Twenty-Four Thousand Six Hundred Only'],
    // ₹1,00,000 / ₹10,00,000 / ₹1,00,00,000.
    [1_00_000_00, 'Rupees One Lakh Only'],
    [10_00_000_00, 'Rupees Ten Lakh Only'],
    [1_00_00_000_00, 'Rupees One Crore Only'],
    [1_00_00_001_00, 'Rupees One Crore One Only'],
    [1_05_00_000_00, 'Rupees One Crore Five Lakh Only'],
    [
      11_12_13_114_15,
      'Rupees Eleven Crore Twelve Lakh Thirteen Thousand One Hundred Fourteen and Fifteen Paise Only',
    ],
    // ₹99,99,99,999.99.
    [
      99_99_99_999_99,
      'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    ],
    // Above 99 crore the crores go on in the same words.
    [100_00_00_000_00, 'Rupees One Hundred Crore Only'],
    [1_000_00_00_000_00, 'Rupees One Thousand Crore Only'],
    [1_00_000_00_00_000_00, 'Rupees One Lakh Crore Only'],
    [
      123_45_67_890_10,
      'Rupees One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety and Ten Paise Only',
    ],
  ])('%i paise → %s', (minor, words) => {
    expect(rupeesInWords(minor)).toBe(words);
  });

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2])('refuses %s', (minor) => {
    expect(() => rupeesInWords(minor)).toThrow(RangeError);
  });
});
