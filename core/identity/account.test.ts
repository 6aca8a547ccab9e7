import { describe, expect, it } from 'vitest';
import { addressSchema, moreItemsLabel, wishlistPriceChange } from './account';

describe('the dashboard rules', () => {
  it('flags a wishlist price drop or rise against the price when added', () => {
    expect(wishlistPriceChange(90_000, 100_000)).toBe('drop');
    expect(wishlistPriceChange(110_000, 100_000)).toBe('up');
    expect(wishlistPriceChange(100_000, 100_000)).toBeNull();
  });

  it('shows three items of an order, then "+N more items"', () => {
    expect(moreItemsLabel(3)).toBeNull();
    // docs/requirements.md §19: one more is "item"
    expect(moreItemsLabel(4)).toBe('+1 more item');
    expect(moreItemsLabel(6)).toBe('+3 more items');
  });

  it('defaults the address country to US and leaves the apartment optional', () => {
    const address = addressSchema.parse({
      title: 'Home',
      streetAddress: '12 Lake Road',
      city: 'Udaipur',
      state: 'Rajasthan',
      // docs/requirements.md §19: a US address has a ZIP code
      postalCode: '94103',
      country: ' ',
      apartment: '',
    });
    expect(address).toMatchObject({ country: 'US', apartment: null, isDefault: false });
  });
});
