import { describe, expect, it } from 'vitest';
import { countOf } from './plurals';

describe('countOf ("(1 image)", "1 review")', () => {
  it.each([
    [0, 'image', undefined, '0 images'],
    [1, 'image', undefined, '1 image'],
    [2, 'image', undefined, '2 images'],
    [1, 'review', undefined, '1 review'],
    [12, 'review', undefined, '12 reviews'],
    [1, 'more item', undefined, '1 more item'],
    [4, 'more item', undefined, '4 more items'],
    [1, 'try', 'tries', '1 try'],
    [3, 'try', 'tries', '3 tries'],
    [1, 'media item', undefined, '1 media item'],
    [-1, 'day', undefined, '-1 days'],
  ])('%i %s → %s', (count, singular, plural, expected) => {
    expect(countOf(count, singular, plural)).toBe(expected);
  });
});

describe('the counts the shop prints use it', () => {
  it('says "1 media item" after a one-row import, spec §8\'s words otherwise', async () => {
    const { consoleMessages } = await import('../catalog/product-console');
    expect(consoleMessages.csvImported(1)).toBe('Successfully imported 1 media item!');
    expect(consoleMessages.csvImported(3)).toBe('Successfully imported 3 media items!');
  });

  it('says "+1 more item" under an order of four', async () => {
    const { moreItemsLabel } = await import('../identity/account-texts');
    expect(moreItemsLabel(4)).toBe('+1 more item');
    expect(moreItemsLabel(5)).toBe('+2 more items');
  });
});
