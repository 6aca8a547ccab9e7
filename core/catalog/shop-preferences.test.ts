import { describe, expect, it } from 'vitest';
import { shopQueryToSearchParams } from './shop-listing';
import { parseShopQuery } from './shop-query';
import {
  parseStoredPreferences,
  preferencesFromQuery,
  queryFromPreferences,
  shopPreferencesKey,
} from './shop-preferences';

describe('the saved shop preferences', () => {
  it('are kept per category', () => {
    expect(shopPreferencesKey(undefined)).toBe('shop-preferences:all');
    expect(shopPreferencesKey('divine-artistry')).toBe('shop-preferences:divine-artistry');
  });

  it('store the five fields of spec §2, with the default price range 0 to 10000', () => {
    const query = parseShopQuery(new URLSearchParams('material=Brass&sort=name-z-a&view=list'));
    expect(preferencesFromQuery(query, 812.4)).toEqual({
      sortBy: 'name-z-a',
      viewMode: 'list',
      priceRange: [0, 10_000],
      selectedMaterials: ['Brass'],
      scrollPosition: 812,
    });
  });

  it('restore the same listing URL they were saved from', () => {
    const url = 'material=Brass&material=Marble&minPrice=1000&sort=price-high&view=list';
    const saved = JSON.stringify(preferencesFromQuery(parseShopQuery(new URLSearchParams(url)), 0));
    const restored = parseStoredPreferences(saved);
    expect(restored).not.toBeNull();
    expect(shopQueryToSearchParams(queryFromPreferences(restored!)).toString()).toBe(url);
  });

  it('survive damaged storage', () => {
    expect(parseStoredPreferences(null)).toBeNull();
    expect(parseStoredPreferences('5')).toBeNull();
    expect(parseStoredPreferences('[]')).toBeNull();
    expect(
      parseStoredPreferences(
        '{"priceRange":[-1,"x"],"selectedMaterials":[1],"scrollPosition":-5,"viewMode":"table"}',
      ),
    ).toEqual({
      sortBy: 'featured',
      viewMode: 'grid',
      priceRange: [0, 10_000],
      selectedMaterials: [],
      scrollPosition: 0,
    });
    expect(parseStoredPreferences('{not json')).toBeNull();
    expect(parseStoredPreferences('{"sortBy":"cheapest","viewMode":"list"}')).toEqual({
      sortBy: 'featured',
      viewMode: 'list',
      priceRange: [0, 10_000],
      selectedMaterials: [],
      scrollPosition: 0,
    });
  });
});
