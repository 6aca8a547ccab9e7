/**
 * An address as the shop's documents print it (docs/requirements.md §23, §24): its non-empty lines. One
 * reading for the tax documents and the packing list.
 */
import { countryName } from './countries';

/** The parts of an order's shipping address a document prints. */
interface PostalAddress {
  streetAddress: string;
  apartment?: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/** A shipping address: street, apartment, "City, State PIN", the country's name. */
export function shippingAddressLines(address: PostalAddress): string[] {
  return textAddressLines([
    address.streetAddress,
    address.apartment ?? '',
    `${address.city}, ${address.state} ${address.postalCode}`,
    countryName(address.country),
  ]);
}

/** An address as Settings hold it (one line per row of text) or as lines: the non-empty ones, trimmed. */
export function textAddressLines(address: string | readonly string[]): string[] {
  const lines = typeof address === 'string' ? address.split('\n') : address;
  return lines.map((line) => line.trim()).filter((line) => line !== '');
}
