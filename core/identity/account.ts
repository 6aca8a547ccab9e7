/**
 * The customer's own records (spec §2 Customer dashboard, §3 Profile, Address, Wishlist item):
 * the profile and address forms, and the wishlist's price comparison.
 */
import { reorderSchema } from '../orders/orders';
import { z } from 'zod';
import { checkPostalCode, countryText, postalCodeText } from './address-fields';
import { ADDRESS_LIMITS, DEFAULT_ADDRESS_COUNTRY } from './account-texts';
import { formText, visibleText } from '../forms/form-text';

// docs/decisions/020: what the pages show and post besides the schemas lives apart, without zod; it is this
// module's too.
export {
  accountToasts,
  ADDRESS_LIMITS,
  DEFAULT_ADDRESS_COUNTRY,
  moreItemsLabel,
  ORDER_ITEMS_PREVIEW,
  REORDER_QUANTITY_PREFIX,
  reorderItemsOf,
} from './account-texts';

// Every text of the profile and an address is shown to the shop as a name or a line of one.
const optionalText = (max: number, label: string) =>
  visibleText()
    .trim()
    .max(max, `${label} must be less than ${max} characters`)
    .optional()
    .transform((value) => (value ? value : null));

const requiredText = (max: number, label: string) =>
  visibleText({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be less than ${max} characters`);

export const profileSchema = z.object({
  displayName: optionalText(100, 'Display name'),
  phone: formText()
    .trim()
    .max(20, 'Phone must be less than 20 characters')
    .refine((phone) => phone === '' || /^\+?[\d\s()-]{7,20}$/.test(phone), {
      message: 'Enter a phone number of digits, spaces and an optional leading +',
    })
    .optional()
    .transform((phone) => (phone ? phone : null)),
});
export type ProfileInput = z.output<typeof profileSchema>;

const addressFields = z.object({
  title: requiredText(ADDRESS_LIMITS.title, 'Address Title'),
  streetAddress: requiredText(ADDRESS_LIMITS.streetAddress, 'Street Address'),
  apartment: optionalText(ADDRESS_LIMITS.apartment, 'Apartment/Suite'),
  city: requiredText(ADDRESS_LIMITS.city, 'City'),
  state: requiredText(ADDRESS_LIMITS.state, 'State'),
  // docs/requirements.md §19: "PIN code", "ZIP code" or "Postal code", checked by the country (below)
  postalCode: postalCodeText,
  // docs/requirements.md §19: stored as the ISO code ("India" posted is "IN"); spec §9: empty is US
  country: countryText
    .optional()
    .transform((country) => (country ? country : DEFAULT_ADDRESS_COUNTRY)),
  // A checkbox posts "on" when ticked and nothing when not; any other value means not ticked.
  isDefault: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === 'on' || value === 'true'),
});

export const addressSchema = addressFields.superRefine(checkPostalCode);
export type AddressInput = z.output<typeof addressSchema>;

/** spec §2 Addresses: the edit dialog posts the address's id with its fields. */
export const ADDRESS_NOT_FOUND_MESSAGE = 'Address not found';
export const addressEditSchema = addressFields
  .extend({ id: z.string({ error: ADDRESS_NOT_FOUND_MESSAGE }) })
  .superRefine(checkPostalCode);

// spec §2 Wishlist: "Price Drop!" or "Price Up" when the price differs from price_when_added
export function wishlistPriceChange(
  currentMinor: number,
  whenAddedMinor: number,
): 'drop' | 'up' | null {
  if (currentMinor < whenAddedMinor) return 'drop';
  if (currentMinor > whenAddedMinor) return 'up';
  return null;
}

/**
 * docs/design.md §5 "Reorder": who asks for the quotation of an order's pieces, checked by the dialog in
 * the browser (Conform); the server checks the same fields again with the pieces (the orders
 * module's reorder schema, built from the same quotation fields).
 */
export const reorderContactSchema = reorderSchema.omit({ items: true });
