import { describe, expect, it } from 'vitest';
import { addressSchema } from './account';
import {
  countries,
  countryCodeOf,
  countryName,
  defaultCountryFor,
  isIndianMobile,
  postalCodeProblem,
  postalCodeRuleFor,
} from './countries';
import { acceptOfferSchema } from './quote-forms';

describe('the Country select (issue 30 §3)', () => {
  it('lists India, the United States and Canada first, then every other country by name', () => {
    expect(countries.slice(0, 3).map((country) => country.name)).toEqual([
      'India',
      'United States',
      'Canada',
    ]);
    const rest = countries.slice(3).map((country) => country.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countries).toHaveLength(249);
    expect(new Set(countries.map((country) => country.code)).size).toBe(249);
  });

  it('reads a country by its code, its name or a common alias, and shows it by name', () => {
    expect(countryCodeOf('IN')).toBe('IN');
    expect(countryCodeOf('in')).toBe('IN');
    expect(countryCodeOf(' India ')).toBe('IN');
    expect(countryCodeOf('USA')).toBe('US');
    expect(countryCodeOf('Narnia')).toBeNull();
    expect(countryName('IN')).toBe('India');
    expect(countryName('India')).toBe('India');
    expect(countryName('US')).toBe('United States');
    expect(countryName('Narnia')).toBe('Narnia');
  });
});

describe('the country an address starts from (issue 30 §3)', () => {
  it('is the country of the earlier address first', () => {
    expect(defaultCountryFor({ earlierCountry: 'CA', mobile: '+91 98290 00000' })).toBe('CA');
    expect(defaultCountryFor({ earlierCountry: 'India', mobile: '+1 415 555 0100' })).toBe('IN');
  });

  it('is India for a +91 mobile when there is no earlier address', () => {
    expect(defaultCountryFor({ mobile: '+91 98290 00000' })).toBe('IN');
    expect(defaultCountryFor({ earlierCountry: null, mobile: '0091 9829000000' })).toBe('IN');
    expect(defaultCountryFor({ mobile: '919829000000' })).toBe('IN');
  });

  it("is spec §9's default, US, otherwise", () => {
    expect(defaultCountryFor({ mobile: '+1 415 555 0100' })).toBe('US');
    expect(defaultCountryFor({ mobile: '98290 00000' })).toBe('US');
    expect(defaultCountryFor({})).toBe('US');
    expect(isIndianMobile('+44 20 7946 0000')).toBe(false);
  });
});

describe('the postal code by country (issue 30 §3)', () => {
  it('is a 6-digit "PIN code" in India', () => {
    expect(postalCodeRuleFor('IN').label).toBe('PIN code');
    expect(postalCodeProblem('IN', '313001')).toBeNull();
    expect(postalCodeProblem('IN', '31300')).toBe('Enter the 6-digit PIN code');
    expect(postalCodeProblem('IN', '3130011')).toBe('Enter the 6-digit PIN code');
    expect(postalCodeProblem('IN', 'SW1A 1AA')).toBe('Enter the 6-digit PIN code');
    expect(postalCodeProblem('IN', ' ')).toBe('PIN code is required');
  });

  it('is a "ZIP code" of 5 digits or ZIP+4 in the United States', () => {
    expect(postalCodeRuleFor('US').label).toBe('ZIP code');
    expect(postalCodeProblem('US', '94103')).toBeNull();
    expect(postalCodeProblem('US', '94103-1234')).toBeNull();
    expect(postalCodeProblem('US', '313001')).toBe(
      'Enter a 5-digit ZIP code, or ZIP+4 (12345-6789)',
    );
    expect(postalCodeProblem('US', '')).toBe('ZIP code is required');
  });

  it('is a "Postal code" anywhere else, required but free in form', () => {
    expect(postalCodeRuleFor('CA').label).toBe('Postal code');
    expect(postalCodeRuleFor('GB').label).toBe('Postal code');
    expect(postalCodeProblem('CA', 'K1A 0B1')).toBeNull();
    expect(postalCodeProblem('GB', '')).toBe('Postal code is required');
  });

  it('is checked by the same rule in the accept form and the address book', () => {
    const accept = (country: string, postalCode: string) =>
      acceptOfferSchema.safeParse({
        paymentMethod: 'upi',
        streetAddress: '12 Lake Road',
        city: 'Udaipur',
        state: 'Rajasthan',
        postalCode,
        country,
      });
    const book = (country: string, postalCode: string) =>
      addressSchema.safeParse({
        title: 'Home',
        streetAddress: '12 Lake Road',
        city: 'Udaipur',
        state: 'Rajasthan',
        postalCode,
        country,
      });
    for (const parse of [accept, book]) {
      const indian = parse('IN', '313001');
      expect(indian.success && indian.data.country).toBe('IN');
      const named = parse('India', '313001');
      expect(named.success && named.data.country).toBe('IN');
      const wrongPin = parse('IN', '3130');
      expect(wrongPin.error?.issues).toEqual([
        expect.objectContaining({ path: ['postalCode'], message: 'Enter the 6-digit PIN code' }),
      ]);
      expect(parse('US', '313001').success).toBe(false);
      expect(parse('US', '10001').success).toBe(true);
      expect(parse('Narnia', '1').error?.issues[0]?.message).toBe('Choose a country from the list');
    }
  });
});
