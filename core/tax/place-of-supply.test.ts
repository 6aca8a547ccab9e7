import { describe, expect, it } from 'vitest';
import { GST_STATES } from './gstin';
import {
  gstStateCodeOfName,
  LUT_EXPORT_TEXT,
  placeOfSupply,
  placeOfSupplyLabel,
  type IssuablePlaceOfSupply,
  type PlaceOfSupplyInput,
} from './place-of-supply';

describe('gstStateCodeOfName', () => {
  it.each([
    ['Rajasthan', '08'],
    ['rajasthan', '08'],
    ['  RAJASTHAN ', '08'],
    ['Tamil Nadu', '33'],
    ['tamilnadu', '33'],
    ['Tamil  Nadu', '33'],
    ['Uttar Pradesh', '09'],
    ['Delhi', '07'],
    ['NCT of Delhi', '07'],
    ['Orissa', '21'],
    ['Odisha', '21'],
    ['Pondicherry', '34'],
    ['Puducherry', '34'],
    ['Jammu and Kashmir', '01'],
    ['Jammu & Kashmir', '01'],
    ['J&K', '01'],
    ['J & K', '01'],
    ['Andaman & Nicobar', '35'],
    ['Andaman and Nicobar Islands', '35'],
    ['Dadra and Nagar Haveli', '26'],
    ['Daman & Diu', '26'],
    ['Daman and Diu', '26'],
    ['Dadra and Nagar Haveli and Daman and Diu', '26'],
    ['Uttaranchal', '05'],
    ['Andhra Pradesh', '37'],
    ['Telangana', '36'],
    ['Ladakh', '38'],
    ['08', '08'],
    [' 27 ', '27'],
    // The code itself, exactly, is taken even where no name leads to it.
    ['97', '97'],
    ['25', '25'],
  ])('reads "%s" as %s', (name, code) => {
    expect(gstStateCodeOfName(name)).toBe(code);
  });

  it.each([
    '',
    'New Delhi',
    'Jaipur',
    'Telengana',
    'Rajastan',
    'Other Territory',
    'Centre Jurisdiction',
    'Andhra Pradesh (before division)',
    '00',
    '39',
    '8',
    'California',
  ])('reads "%s" as no state', (name) => {
    expect(gstStateCodeOfName(name)).toBeNull();
  });

  it('reads every current state by the name GST_STATES gives it', () => {
    for (const [code, name] of Object.entries(GST_STATES)) {
      if (['25', '28', '97', '99'].includes(code)) continue;
      expect(gstStateCodeOfName(name)).toBe(code);
    }
  });
});

const rajasthanShop = {
  shopStateCode: '08',
  lut: null,
  financialYearLabel: '26-27',
} satisfies Partial<PlaceOfSupplyInput>;

describe('placeOfSupply', () => {
  it.each<[string, PlaceOfSupplyInput, ReturnType<typeof placeOfSupply>]>([
    [
      'same state',
      { ...rajasthanShop, deliveryCountry: 'IN', deliveryState: 'Rajasthan' },
      { kind: 'intra_state', stateCode: '08' },
    ],
    [
      'same state by code',
      { ...rajasthanShop, deliveryCountry: 'in', deliveryState: '08' },
      { kind: 'intra_state', stateCode: '08' },
    ],
    [
      'another state',
      { ...rajasthanShop, deliveryCountry: 'IN', deliveryState: 'Maharashtra' },
      { kind: 'inter_state', stateCode: '27' },
    ],
    [
      'an old name of another state',
      { ...rajasthanShop, deliveryCountry: 'IN', deliveryState: 'Orissa' },
      { kind: 'inter_state', stateCode: '21' },
    ],
    [
      'a state it cannot read',
      { ...rajasthanShop, deliveryCountry: 'IN', deliveryState: 'Jaipur' },
      { kind: 'unknown_state', deliveryState: 'Jaipur' },
    ],
    [
      'abroad with this year’s LUT',
      {
        ...rajasthanShop,
        deliveryCountry: 'US',
        deliveryState: 'California',
        lut: { arn: 'AD080326000123X', financialYear: '26-27' },
      },
      { kind: 'export_under_lut', country: 'US', lutArn: 'AD080326000123X' },
    ],
    [
      'abroad with last year’s LUT',
      {
        ...rajasthanShop,
        deliveryCountry: 'US',
        deliveryState: 'California',
        lut: { arn: 'AD080325000123X', financialYear: '25-26' },
      },
      { kind: 'export_with_igst', country: 'US' },
    ],
    [
      'abroad with a LUT without its ARN',
      {
        ...rajasthanShop,
        deliveryCountry: 'CA',
        deliveryState: 'Ontario',
        lut: { arn: ' ', financialYear: '26-27' },
      },
      { kind: 'export_with_igst', country: 'CA' },
    ],
    [
      'abroad without a LUT',
      { ...rajasthanShop, deliveryCountry: 'GB', deliveryState: '' },
      { kind: 'export_with_igst', country: 'GB' },
    ],
  ])('%s', (_case, input, supply) => {
    expect(placeOfSupply(input)).toEqual(supply);
  });

  it('takes the shop’s own state from its input, not from Rajasthan', () => {
    expect(
      placeOfSupply({
        ...rajasthanShop,
        shopStateCode: '27',
        deliveryCountry: 'IN',
        deliveryState: 'Maharashtra',
      }),
    ).toEqual({ kind: 'intra_state', stateCode: '27' });
  });
});

describe('placeOfSupplyLabel', () => {
  it.each<[IssuablePlaceOfSupply, string]>([
    [{ kind: 'intra_state', stateCode: '08' }, 'Rajasthan (08)'],
    [{ kind: 'inter_state', stateCode: '27' }, 'Maharashtra (27)'],
    [{ kind: 'export_under_lut', country: 'US', lutArn: 'AD080326000123X' }, 'United States'],
    [{ kind: 'export_with_igst', country: 'AE' }, 'United Arab Emirates'],
  ])('%o reads %s', (supply, label) => {
    expect(placeOfSupplyLabel(supply)).toBe(label);
  });
});

describe('LUT_EXPORT_TEXT', () => {
  it('is the declaration word for word', () => {
    expect(LUT_EXPORT_TEXT).toBe(
      'SUPPLY MEANT FOR EXPORT UNDER LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX',
    );
  });
});
