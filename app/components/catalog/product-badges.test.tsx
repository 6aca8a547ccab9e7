import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProductBadges, reviewCountLabel } from './product-badges';

describe('the product badges and review count', () => {
  it('says "review" for one and "reviews" otherwise (spec §2)', () => {
    expect(reviewCountLabel(0)).toBe('0 reviews');
    expect(reviewCountLabel(1)).toBe('1 review');
    expect(reviewCountLabel(12)).toBe('12 reviews');
  });

  it('names a new product "New" on cards and "New Arrival" on its page, in a fixed order', () => {
    const flags = { newArrival: true, bestseller: true, featured: true };
    const card = renderToString(<ProductBadges product={flags} newLabel="New" />);
    expect(
      card.match(/<li[^>]*>([^<]+)<\/li>/g)?.map((item) => item.replace(/<[^>]+>/g, '')),
    ).toEqual(['New', 'Bestseller', 'Featured']);
    expect(renderToString(<ProductBadges product={flags} newLabel="New Arrival" />)).toContain(
      '>New Arrival<',
    );
    expect(
      renderToString(
        <ProductBadges
          product={{ newArrival: false, bestseller: false, featured: false }}
          newLabel="New"
        />,
      ),
    ).toBe('');
  });
});
