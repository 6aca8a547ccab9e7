import { describe, expect, it } from 'vitest';
import {
  allowedEdits,
  buildTolerantIndex,
  editDistance,
  normaliseSearchText,
  rankTolerant,
  singularOf,
  typoLookupWords,
  type TolerantFields,
} from './search-tolerant';

describe('normaliseSearchText', () => {
  it('lower-cases, strips accents and turns punctuation into single spaces', () => {
    expect(normaliseSearchText('  Café—Brass,  LAMP!! ')).toBe('cafe brass lamp');
  });

  it('gives the empty query for NUL, punctuation alone and blanks', () => {
    expect(normaliseSearchText('\u0000')).toBe('');
    expect(normaliseSearchText('?!…—;:')).toBe('');
    expect(normaliseSearchText('   ')).toBe('');
  });

  it('reads only the first 100 characters and the first 8 words', () => {
    expect(normaliseSearchText('a'.repeat(10_000))).toBe('a'.repeat(100));
    expect(normaliseSearchText('one two three four five six seven eight nine ten')).toBe(
      'one two three four five six seven eight',
    );
  });
});

describe('singularOf', () => {
  it.each([
    ['lanterns', 'lantern'],
    ['coasters', 'coaster'],
    ['diyas', 'diya'],
    ['boxes', 'box'],
    ['dishes', 'dish'],
    ['glasses', 'glass'],
    ['trophies', 'trophy'],
    ['lotus', 'lotus'],
    ['brass', 'brass'],
    ['bus', 'bus'],
  ])('%s → %s', (word, singular) => {
    expect(singularOf(word)).toBe(singular);
  });
});

describe('editDistance and allowedEdits', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('ganseh', 'ganesh')).toBe(1);
    expect(editDistance('chiler', 'chiller')).toBe(1);
    expect(editDistance('makarana', 'makrana')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('stops early past its limit', () => {
    expect(editDistance('abcdefgh', 'zyxwvuts', 2)).toBe(3);
  });

  it('allows none below 4 letters, one for 4–7 and two from 8', () => {
    expect([3, 4, 7, 8, 12].map((length) => allowedEdits('x'.repeat(length)))).toEqual([
      0, 1, 1, 2, 2,
    ]);
  });
});

const catalogue: (TolerantFields & { id: string })[] = [
  {
    id: 'boat',
    name: 'Boat Ganesh',
    subcategory: 'Idols',
    categoryName: 'Divine Artistry',
    material: 'Marble',
    region: null,
  },
  {
    id: 'idol',
    name: 'Brass Ganesh Idol',
    subcategory: 'Idols',
    categoryName: 'Divine Artistry',
    material: 'Brass',
    region: null,
  },
  {
    id: 'lantern',
    name: 'Pierced Brass Lantern',
    subcategory: 'Lanterns',
    categoryName: 'Artisan Home Serenity',
    material: 'Brass',
    region: 'Moradabad',
  },
  {
    id: 'trio',
    name: 'Brass Tealight Trio',
    subcategory: 'Candle Holders',
    categoryName: 'Artisan Home Serenity',
    material: 'Brass',
    region: null,
  },
  {
    id: 'jaali',
    name: 'Jaali Candle Holder',
    subcategory: 'Candle Holders',
    categoryName: 'Artisan Home Serenity',
    material: 'Marble',
    region: 'Agra',
  },
  {
    id: 'ashtray',
    name: 'Carved Marble Ashtray',
    subcategory: null,
    categoryName: 'Crafted Sip & Smoke',
    material: 'Marble',
    region: null,
  },
];
const index = buildTolerantIndex(catalogue, (entry) => entry);
const ids = (query: string, synonyms: string[][] = [], candidates = new Map<string, string[]>()) =>
  rankTolerant(index, normaliseSearchText(query), synonyms, candidates).matches.map(
    ({ entry }) => entry.id,
  );

describe('rankTolerant', () => {
  it('finds a plural by its singular and says what it matched', () => {
    const answer = rankTolerant(index, 'lanterns', [], new Map());
    expect(answer.matches.map(({ entry }) => entry.id)).toEqual(['lantern']);
    expect(answer.showingResultsFor).toBe('lantern');
  });

  it('reads two typed words as one ("tea light", "ash tray")', () => {
    expect(ids('tea light')).toEqual(['trio']);
    expect(ids('ash tray')).toEqual(['ashtray']);
  });

  it('accepts a typo only within the allowed edits of a pg_trgm candidate', () => {
    expect(ids('ganseh', [], new Map([['ganseh', ['ganesh']]]))).toEqual(['boat', 'idol']);
    // "gnsh" is four letters two edits away: not a match, whatever pg_trgm offered.
    expect(ids('gnsh', [], new Map([['gnsh', ['ganesh']]]))).toEqual([]);
  });

  it('expands a synonym group, and reads the most-held spelling', () => {
    const groups = [['ganesh', 'ganesha', 'ganpati']];
    const answer = rankTolerant(index, 'ganpati', groups, new Map());
    expect(answer.matches.map(({ entry }) => entry.id)).toEqual(['boat', 'idol']);
    expect(answer.showingResultsFor).toBe('ganesh');
  });

  it('matches a multi-word synonym entry by its joined words', () => {
    // The name's "Candle Holder" first, then the subcategory's "Candle Holders".
    expect(ids('votive', [['candle holder', 'votive']])).toEqual(['jaali', 'trio']);
  });

  it('ranks entries matching more of the query first, then the name before the facets', () => {
    // "marble" is the material of three; "ganesh" narrows it to the marble Ganesh.
    expect(ids('ganesh marbel', [], new Map([['marbel', ['marble']]]))[0]).toBe('boat');
    expect(ids('brass')).toEqual(['idol', 'lantern', 'trio']);
  });

  it('answers a search the same however many ran before it on the same index', () => {
    const first = ids('brass ganesh');
    ids('tea light');
    ids('lanterns');
    expect(ids('brass ganesh')).toEqual(first);
    expect(first).toEqual(['idol', 'boat', 'lantern', 'trio']);
  });

  it('finds nothing for words the catalogue does not hold', () => {
    const answer = rankTolerant(index, 'xyzzy', [], new Map());
    expect(answer).toEqual({ matches: [], showingResultsFor: null });
  });

  it('asks pg_trgm about each typo-able word and each joined pair', () => {
    expect(typoLookupWords('tea light box')).toEqual(['light', 'tealight', 'lightbox']);
  });
});
