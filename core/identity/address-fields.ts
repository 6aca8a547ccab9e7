/**
 * docs/requirements.md §19: the country and postal code of every address form (the dashboard's address book,
 * the quote page's Accept Offer), one definition for the browser and the server.
 */
import type { z } from 'zod';
import { ADDRESS_LIMITS } from './account-texts';
import { countryCodeOf, postalCodeProblem } from './countries';
import { formText } from '../forms/form-text';

export const CHOOSE_COUNTRY_MESSAGE = 'Choose a country from the list';

/**
 * A country as posted (the select's ISO code, or a name an integration writes: "India", "USA"),
 * stored as its ISO code, so "India" and "IN" are one country. Empty passes as ''; each schema
 * says whether that is allowed.
 */
export const countryText = formText()
  .trim()
  .max(ADDRESS_LIMITS.country, `Country must be less than ${ADDRESS_LIMITS.country} characters`)
  .overwrite((value) => countryCodeOf(value) ?? value)
  .refine((value) => value === '' || countryCodeOf(value) !== null, CHOOSE_COUNTRY_MESSAGE);

/** The postal code's text; its rule (PIN, ZIP, other) is checked with the country's. */
export const postalCodeText = formText({ error: 'Postal code is required' })
  .trim()
  .max(
    ADDRESS_LIMITS.postalCode,
    `Postal code must be less than ${ADDRESS_LIMITS.postalCode} characters`,
  );

/**
 * docs/requirements.md §19: the postal code checked by the address's country: India's 6-digit PIN code, the
 * United States' ZIP code (5 digits or ZIP+4), any other country's postal code (required). For a
 * schema's superRefine.
 */
export function checkPostalCode(
  address: { country?: string | null; postalCode?: string | null },
  context: z.RefinementCtx,
): void {
  const problem = postalCodeProblem(address.country, address.postalCode ?? '');
  if (problem) context.addIssue({ code: 'custom', path: ['postalCode'], message: problem });
}
