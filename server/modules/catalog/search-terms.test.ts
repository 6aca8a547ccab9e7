import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { seedCatalog } from '../../db/seed/catalog';
import {
  findTermCandidates,
  refreshSearchTerms,
  searchTerms,
  setSimilarityThreshold,
  termCandidatesQuery,
} from './search-terms';

describe(`the tolerant search's vocabulary on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedCatalog(database.db);
    await refreshSearchTerms(database.db);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('holds the words of names, subcategories, materials, regions and category names', async () => {
    const terms = new Set((await database.db.select().from(searchTerms)).map((row) => row.term));
    for (const word of ['ganesh', 'lantern', 'chiller', 'marble', 'brass', 'serenity', 'sip']) {
      expect(terms, word).toContain(word);
    }
    for (const term of terms) expect(term).toMatch(/^[a-z0-9]{2,}$/);
  });

  it('finds the typo candidates of every word in one call', async () => {
    const candidates = await findTermCandidates(database.db, [
      'ganseh',
      'chiler',
      'lanterns',
      'qqqqzz',
    ]);
    expect(candidates.get('ganseh')).toContain('ganesh');
    expect(candidates.get('chiler')).toContain('chiller');
    expect(candidates.get('lanterns')).toContain('lantern');
    expect(candidates.get('qqqqzz')).toEqual([]);
  });

  it('gives nothing for no words', async () => {
    expect(await findTermCandidates(database.db, [])).toEqual(new Map());
  });

  it('takes in the words of a product published after the next refresh, never a draft', async () => {
    await insertProduct(database.db, { name: 'Zephyrine Peacock Bell', published: true });
    await insertProduct(database.db, { name: 'Quixotian Draft Bowl', published: false });
    expect((await findTermCandidates(database.db, ['zephyrin'])).get('zephyrin')).toEqual([]);

    await refreshSearchTerms(database.db);

    const candidates = await findTermCandidates(database.db, ['zephyrin', 'quixotian']);
    expect(candidates.get('zephyrin')).toContain('zephyrine');
    expect(candidates.get('quixotian')).toEqual([]);
  });

  it('finds the candidates through the trigram index (EXPLAIN)', async () => {
    const { db } = database;
    // Enough distinct terms (3,000 published products with one made-up word each) that the
    // planner reaches for the GIN index on its own, as it will on a real catalogue.
    await db.execute(sql`
      insert into products (id, name, price_minor, description, category, material)
      select 'vocabulary-' || n, 'Piece ' || substr(md5(n::text), 1, 10), 1000, 'A piece.', 'home', 'Brass'
      from generate_series(1, 3000) as n`);
    await refreshSearchTerms(db);
    await db.execute(sql`analyze search_terms`);

    const plan = await db.transaction(async (tx) => {
      await setSimilarityThreshold(tx);
      const explained = await tx.execute<Record<string, string>>(
        sql`explain ${termCandidatesQuery(['ganseh', 'chiler', 'lanterns'])}`,
      );
      return explained.rows.map((row) => Object.values(row).join('')).join('\n');
    });
    expect(plan).toContain('search_terms_term_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan on search_terms/);

    const candidates = await findTermCandidates(db, ['ganseh']);
    expect(candidates.get('ganseh')).toContain('ganesh');
  });
});
