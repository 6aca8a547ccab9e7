import { INVISIBLE_CHARACTERS_MESSAGE } from '../../core/forms/form-text';

/** The address form's refusals (spec §3 Address, core/identity/account.ts), for the tests that fuzz it. */
export const ADDRESS_FORM_MESSAGES: readonly string[] = [
  INVISIBLE_CHARACTERS_MESSAGE,
  // docs/requirements.md §19: the postal code's label and rule follow the country (core/identity/countries.ts)
  ...[
    'Address Title',
    'Street Address',
    'City',
    'State',
    'Postal code',
    'PIN code',
    'ZIP code',
  ].map((label) => `${label} is required`),
  'Enter the 6-digit PIN code',
  'Enter a 5-digit ZIP code, or ZIP+4 (12345-6789)',
  'Choose a country from the list',
  ...(
    [
      ['Address Title', 50],
      ['Street Address', 200],
      ['Apartment/Suite', 100],
      ['City', 100],
      ['State', 100],
      ['Postal code', 20],
      ['Country', 60],
    ] as const
  ).map(([label, max]) => `${label} must be less than ${max} characters`),
];
