/**
 * What the customer's dashboard shows and posts besides its schemas (spec §2 Customer dashboard,
 * §3 Address, §8): its toasts, the orders' item preview, the address defaults and limits, and the
 * reorder form's field names. Apart from core/identity/account.ts so that the pages load them without zod
 * (docs/decisions/020); core/identity/account.ts re-exports them.
 */
import { countOf } from '../forms/plurals';

// spec §3: country defaults to US
export const DEFAULT_ADDRESS_COUNTRY = 'US';

/** spec §3 Address: the longest text each field keeps. */
export const ADDRESS_LIMITS = {
  title: 50,
  streetAddress: 200,
  apartment: 100,
  city: 100,
  state: 100,
  postalCode: 20,
  country: 60,
} as const;

// spec §8: dashboard toasts
export const accountToasts = {
  profileUpdated: {
    title: 'Profile updated',
    description: 'Your profile has been updated successfully.',
  },
  addressAdded: { title: 'Address added' },
  addressUpdated: { title: 'Address updated' },
  addressDeleted: { title: 'Address deleted' },
  defaultAddressSet: { title: 'Default address updated' },
  wishlistRemoved: { title: 'Removed from wishlist' },
  wishlistAdded: { title: 'Added to wishlist' },
  signInRequired: { title: 'Sign in required' },
} as const;

/** spec §2 Orders: the first three items show, then "+N more items". */
export const ORDER_ITEMS_PREVIEW = 3;

export function moreItemsLabel(itemCount: number): string | null {
  const more = itemCount - ORDER_ITEMS_PREVIEW;
  if (more <= 0) return null;
  // spec §2's "+N more items", with docs/requirements.md §19's singular for one: "+1 more item"
  return `+${countOf(more, 'more item')}`;
}

/** The reorder form names each piece's quantity field after its product. */
export const REORDER_QUANTITY_PREFIX = 'quantity:';

export function reorderItemsOf(fields: Record<string, string>) {
  return Object.entries(fields)
    .filter(([name]) => name.startsWith(REORDER_QUANTITY_PREFIX))
    .map(([name, quantity]) => ({
      productId: name.slice(REORDER_QUANTITY_PREFIX.length),
      quantity,
    }));
}

/** docs/requirements.md §24: the buyer's "I Have Received It" on her shipped order, and its toast. */
export const CONFIRM_DELIVERY_INTENT = 'confirm-delivery';
export const orderDeliveryTexts = {
  button: 'I Have Received It',
  confirmed: {
    title: 'Marked as Delivered',
    description: 'Thank you for letting us know your order has reached you.',
  },
} as const;
