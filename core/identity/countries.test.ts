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
import { acceptOfferSchema } from '../quotes/quote-forms';

describe('the Country select', () => {
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

describe('the country the accept form starts from', () => {
  it('is India for an Indian mobile, with or without +91 and spaces', () => {
    for (const mobile of [
      '98765 43210',
      '9876543210',
      '6000000000',
      '+91 98765 43210',
      '+919876543210',
      '0091 9829000000',
      '919829000000',
    ]) {
      expect(defaultCountryFor({ mobile, savedCountry: 'CA', acceptLanguage: 'en-US' })).toBe('IN');
    }
    expect(isIndianMobile('58765 43210')).toBe(false);
    expect(isIndianMobile('98765 4321')).toBe(false);
    expect(isIndianMobile('+1 415 555 0100')).toBe(false);
    expect(isIndianMobile('+44 20 7946 0000')).toBe(false);
  });

  it('is India for a request with a GSTIN, whatever the mobile', () => {
    expect(
      defaultCountryFor({
        mobile: '+1 415 555 0100',
        gstin: '08AAAAA0000A1Z2',
        savedCountry: 'CA',
        acceptLanguage: 'en-US',
      }),
    ).toBe('IN');
    expect(
      defaultCountryFor({ mobile: '+1 415 555 0100', gstin: ' ', acceptLanguage: 'en-US' }),
    ).toBe('US');
  });

  it("is the saved address's country next, by code or by name", () => {
    expect(
      defaultCountryFor({ mobile: '+1 415 555 0100', savedCountry: 'CA', acceptLanguage: 'en-US' }),
    ).toBe('CA');
    expect(defaultCountryFor({ mobile: '+44 20 7946 0000', savedCountry: 'United Kingdom' })).toBe(
      'GB',
    );
  });

  it("is the region of the browser's Accept-Language next", () => {
    expect(defaultCountryFor({ mobile: '+1 415 555 0100', acceptLanguage: 'en-US,en;q=0.9' })).toBe(
      'US',
    );
    expect(defaultCountryFor({ mobile: '+49 30 1234567', acceptLanguage: 'de-DE' })).toBe('DE');
    expect(defaultCountryFor({ acceptLanguage: 'en;q=0.8,fr-CA;q=0.9' })).toBe('CA');
    expect(defaultCountryFor({ savedCountry: 'Narnia', acceptLanguage: 'en-GB' })).toBe('GB');
  });

  it("is India, the shop's own country, when nothing else tells", () => {
    expect(defaultCountryFor({})).toBe('IN');
    expect(defaultCountryFor({ mobile: '+1 415 555 0100', acceptLanguage: 'en' })).toBe('IN');
    expect(defaultCountryFor({ mobile: '+1 415 555 0100', acceptLanguage: 'en-ZZ' })).toBe('IN');
  });
});

describe('the postal code by country', () => {
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
