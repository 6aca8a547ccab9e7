/** The address form's refusals (spec §3 Address, core/account.ts), for the tests that fuzz it. */
export const ADDRESS_FORM_MESSAGES: readonly string[] = [
  ...['Address Title', 'Street Address', 'City', 'State', 'ZIP Code'].map(
    (label) => `${label} is required`,
  ),
  ...(
    [
      ['Address Title', 50],
      ['Street Address', 200],
      ['Apartment/Suite', 100],
      ['City', 100],
      ['State', 100],
      ['ZIP Code', 20],
      ['Country', 60],
    ] as const
  ).map(([label, max]) => `${label} must be less than ${max} characters`),
];
