import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  normaliseSearchFields,
  rankIndexed,
  rankNormalised,
  rankProducts,
  relevanceBars,
  scoreProduct,
  type SearchableProduct,
} from './search';

const catalogue: SearchableProduct[] = [
  {
    id: 'banswara-cake-stand',
    name: 'Banswara Cake Stand',
    categorySlug: 'culinary-crafts',
    description: 'A pedestal stand carved from white marble.',
    material: 'Marble',
    region: 'Banswara, Rajasthan',
  },
  {
    id: 'boat-ganesh',
    name: 'Boat Ganesh',
    categorySlug: 'divine-artistry',
    description: 'Ganesh seated in a carved boat.',
    material: 'Brass',
    region: 'Moradabad, Uttar Pradesh',
  },
  {
    id: 'lotus-urli',
    name: 'Lotus Urli',
    categorySlug: 'artisan-home-serenity',
    description: 'A wide brass bowl for floating flowers.',
    material: 'Brass',
    region: 'Moradabad, Uttar Pradesh',
  },
];

describe('scoreProduct (spec §5)', () => {
  it.each([
    // query, product id, expected score, why
    ['cake', 'banswara-cake-stand', 10 + 2, 'name +10, word in name +2'],
    [
      'marble',
      'banswara-cake-stand',
      6 + 5 + 1,
      'description +6, material +5, word in description +1',
    ],
    ['rajasthan', 'banswara-cake-stand', 4, 'region only'],
    ['banswara', 'banswara-cake-stand', 10 + 4 + 2, 'name, region, word in name'],
    ['divine', 'boat-ganesh', 8, 'category slug only'],
    ['ganesh', 'boat-ganesh', 10 + 6 + 2 + 1, 'name, description, both word bonuses'],
    ['brass bowl', 'lotus-urli', 6 + 1 + 1, 'phrase in description, each word in description'],
    ['lotus brass', 'lotus-urli', 2 + 1, 'phrase nowhere; lotus in name, brass in description'],
    ['  GANESH  ', 'boat-ganesh', 10 + 6 + 2 + 1, 'trimmed and lowercased'],
    ['teapot', 'lotus-urli', 0, 'no match'],
  ])('%s → %s scores %i (%s)', (query, id, expected) => {
    const product = catalogue.find((candidate) => candidate.id === id);
    expect(product && scoreProduct(product, query)).toBe(expected);
  });
});

describe('rankProducts', () => {
  it('gives nothing for an empty or blank query', () => {
    expect(rankProducts(catalogue, '')).toEqual([]);
    expect(rankProducts(catalogue, '   ')).toEqual([]);
  });

  it('keeps scores above 0, best first', () => {
    const ranked = rankProducts(catalogue, 'brass');
    expect(ranked.map((entry) => entry.product.id)).toEqual(['lotus-urli', 'boat-ganesh']);
    expect(ranked.map((entry) => entry.score)).toEqual([5 + 6 + 1, 5]);
  });

  it('returns at most 6 unless asked for more', () => {
    const many = Array.from({ length: 10 }, (_, index) => ({
      ...catalogue[0]!,
      id: `stand-${index}`,
    }));
    expect(rankProducts(many, 'stand')).toHaveLength(6);
    expect(rankProducts(many, 'stand', Infinity)).toHaveLength(10);
  });
});

describe('a word naming the piece outranks a material word (decision 024)', () => {
  const brassPieces: SearchableProduct[] = [
    'Brass Bell',
    'Brass Lantern',
    'Sheesham Brass Coasters',
  ].map((name, at) => ({
    id: `piece-${at}`,
    name,
    categorySlug: 'artisan-home-serenity',
    description: 'Hand-finished brass.',
    material: at === 2 ? 'Wood' : 'Brass',
    region: null,
  }));
  const diya: SearchableProduct = {
    id: 'marble-diya',
    name: 'Carved Diya',
    categorySlug: 'divine-artistry',
    description: 'White marble.',
    material: 'Marble',
    region: null,
  };

  it('puts the only diya first for "brass diya", above pieces that score more', () => {
    const ranked = rankProducts([...brassPieces, diya], 'brass diya', Infinity);
    expect(ranked.map(({ product }) => product.id)).toEqual([
      'marble-diya',
      'piece-0',
      'piece-1',
      'piece-2',
    ]);
    expect(ranked[0]!.score).toBeLessThan(ranked[1]!.score);
  });
});

describe('relevanceBars', () => {
  it('is min(5, ceil(score / 2))', () => {
    expect(relevanceBars(1)).toBe(1);
    expect(relevanceBars(4)).toBe(2);
    expect(relevanceBars(5)).toBe(3);
    expect(relevanceBars(19)).toBe(5);
  });
});

describe('the search index', () => {
  // Few characters, so random queries often hit random texts; with spaces (repeated too),
  // punctuation, upper case and letters whose lower case differs in length.
  // A line break too: the index joins its tokens with one.
  const alphabet = fc.constantFrom(...'ab Ab  .,-ç İẞé\t\nß'.split(''), 'an', 'AN', ' ', 'a\nb');
  const text = fc.string({ unit: alphabet, maxLength: 12 });
  const product = fc.record({
    id: fc.uuid(),
    name: text,
    categorySlug: text,
    description: text,
    material: text,
    region: fc.option(text),
  });
  const fieldsOf = (item: SearchableProduct) => normaliseSearchFields(item);

  it('ranks exactly as scoring the whole catalogue does, ties in catalogue order', () => {
    fc.assert(
      fc.property(
        fc.array(product, { maxLength: 25 }),
        text,
        fc.constantFrom(0, 1, 6, Infinity),
        (products, query, limit) => {
          const index = buildSearchIndex(products, fieldsOf);
          expect(rankIndexed(index, query, limit)).toEqual(
            rankNormalised(products, fieldsOf, query, limit),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('finds a word inside a longer word of the description, and nothing for a blank query', () => {
    const index = buildSearchIndex(catalogue, fieldsOf);
    expect(rankIndexed(index, 'edest').map(({ product }) => product.id)).toEqual([
      'banswara-cake-stand',
    ]);
    expect(rankIndexed(index, 'rass').map(({ product }) => product.id)).toEqual([
      'lotus-urli',
      'boat-ganesh',
    ]);
    expect(rankIndexed(index, '  ')).toEqual([]);
  });
});
