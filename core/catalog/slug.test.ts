import { describe, expect, it } from 'vitest';
import { legacyMediaProductId, productSlug, uniqueProductSlug } from './slug';

const DB_CHECK = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('productSlug (docs/design.md §5)', () => {
  it('lowercases and turns spaces into hyphens', () => {
    expect(productSlug('Banswara Cake Stand')).toBe('banswara-cake-stand');
  });

  it('transliterates accents instead of dropping the letter', () => {
    expect(productSlug('Crème Brûlée Bowl')).toBe('creme-brulee-bowl');
    expect(productSlug('İznik Tile')).toBe('iznik-tile');
  });

  it('strips other characters, collapses repeated hyphens and trims them', () => {
    expect(productSlug('  Wine Chiller — Black & Gold!  ')).toBe('wine-chiller-black-gold');
    expect(productSlug('--Lotus---Urli--')).toBe('lotus-urli');
    expect(productSlug('Krishna\'s Flute (12")')).toBe('krishnas-flute-12');
    expect(productSlug('Tab\tand\nnewline')).toBe('tab-and-newline');
  });

  it("gives 'product' when nothing usable is left", () => {
    expect(productSlug('')).toBe('product');
    expect(productSlug(' — !! ')).toBe('product');
    expect(productSlug('गणेश')).toBe('product');
  });

  it('always satisfies the database check', () => {
    for (const name of ['A', ' a  b ', 'Ω-Ω', '9 Lives', 'x--y', '-', 'Ünïcödé  Ñame', '½ Moon']) {
      expect(productSlug(name)).toMatch(DB_CHECK);
    }
  });
});

describe('uniqueProductSlug', () => {
  it('keeps the slug when it is free', () => {
    expect(uniqueProductSlug('Lotus Urli', () => false)).toBe('lotus-urli');
  });

  it('adds -2, -3… on collision', () => {
    const taken = new Set(['lotus-urli', 'lotus-urli-2']);
    expect(uniqueProductSlug('Lotus Urli', (id) => taken.has(id))).toBe('lotus-urli-3');
    expect(uniqueProductSlug('Lotus Urli', (id) => id === 'lotus-urli')).toBe('lotus-urli-2');
  });

  it('suffixes the fallback too', () => {
    expect(uniqueProductSlug('!!!', (id) => id === 'product')).toBe('product-2');
  });
});

describe('legacyMediaProductId (spec §3)', () => {
  it('trims, lowercases and turns spaces into hyphens, and nothing more', () => {
    expect(legacyMediaProductId('  Boat Ganesh ')).toBe('boat-ganesh');
    expect(legacyMediaProductId('Wine  Chiller Black')).toBe('wine-chiller-black');
    expect(legacyMediaProductId("Krishna's Flute")).toBe("krishna's-flute");
  });
});
