import { describe, expect, it } from 'vitest';
import { selectBestSellers } from './best-sellers';

function product(
  id: string,
  flags: { newArrival?: boolean; featured?: boolean; bestseller?: boolean },
) {
  return { id, newArrival: false, featured: false, bestseller: false, ...flags };
}

describe('selectBestSellers (spec §2)', () => {
  it('puts every new arrival first, then featured fillers that are not new', () => {
    const picked = selectBestSellers([
      product('featured-1', { featured: true }),
      product('new-1', { newArrival: true }),
      product('both', { newArrival: true, featured: true }),
      product('plain', {}),
      product('new-2', { newArrival: true }),
    ]);
    expect(picked.map((entry) => entry.id)).toEqual(['new-1', 'both', 'new-2', 'featured-1']);
  });

  it('adds at most 5 featured fillers', () => {
    const featured = Array.from({ length: 7 }, (_, index) =>
      product(`f${index}`, { featured: true }),
    );
    const picked = selectBestSellers([product('n', { newArrival: true }), ...featured]);
    expect(picked.map((entry) => entry.id)).toEqual(['n', 'f0', 'f1', 'f2', 'f3', 'f4']);
  });

  it('cuts the total to 8', () => {
    const newArrivals = Array.from({ length: 10 }, (_, index) =>
      product(`n${index}`, { newArrival: true }),
    );
    const picked = selectBestSellers([...newArrivals, product('f', { featured: true })]);
    expect(picked).toHaveLength(8);
    expect(picked.every((entry) => entry.newArrival)).toBe(true);
  });

  it('ignores the bestseller flag', () => {
    expect(selectBestSellers([product('b', { bestseller: true })])).toEqual([]);
  });
});
