import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { productMedia } from '../../db/schema';
import type { Actor } from '../actor';
import { addMedia } from '.';
import { exportMediaCsv, importMediaCsv } from './csv';

describe(`the media CSV import and export on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let admin: Actor;
  let customer: Actor;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = { userId: (await insertUser(database.db)).id, roles: ['admin'] };
    customer = { userId: (await insertUser(database.db)).id, roles: [] };
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function mediaOf(productId: string) {
    return database.db
      .select()
      .from(productMedia)
      .where(eq(productMedia.productId, productId))
      .orderBy(asc(productMedia.sortOrder));
  }

  it('refuses the import and the export to a customer (403) and a visitor (401), changing nothing', async () => {
    const { db } = database;
    const product = await insertProduct(db);
    await addMedia(db, admin, { productId: product.id, mediaUrl: '/images/kept.webp' });
    const before = await db.select().from(productMedia).orderBy(productMedia.id);
    const calls: [string, (actor: Actor) => Promise<unknown>][] = [
      ['importMediaCsv', (actor) => importMediaCsv(db, actor, { text: 'header\n' })],
      ['exportMediaCsv', (actor) => exportMediaCsv(db, actor)],
    ];
    for (const [name, call] of calls) {
      await expect(call(customer), name).rejects.toMatchObject({ code: 'forbidden' });
      await expect(call(null), name).rejects.toMatchObject({ code: 'unauthenticated' });
    }
    expect(await db.select().from(productMedia).orderBy(productMedia.id)).toEqual(before);
  });

  it('imports no javascript:, file: or data: address: those rows are skipped and named (finding 8)', async () => {
    const { db } = database;
    const product = await insertProduct(db);
    const text = [
      'product_id,media_url,media_type,alt_text,sort_order,is_primary',
      `${product.id},javascript:alert(document.cookie),image,x,0,TRUE`,
      `${product.id},file:///etc/passwd,image,x,1,FALSE`,
      `${product.id},"data:text/html,<script>alert(1)</script>",image,x,2,FALSE`,
      `${product.id},/images/kept.webp,image,Kept,3,TRUE`,
      `${product.id},https://example.com/kept.mp4,video,${'a'.repeat(301)},4,FALSE`,
    ].join('\n');

    const report = await importMediaCsv(db, admin, { text });

    expect(report.imported).toBe(1);
    expect(report.skipped.map((row) => row.line)).toEqual([2, 3, 4, 6]);
    expect(report.skipped[0]?.reason).toContain('javascript:alert(document.cookie)');
    expect(report.skipped[1]?.reason).toContain('file:///etc/passwd');
    expect(report.skipped[2]?.reason).toContain('data:text/html');
    expect(report.skipped[3]?.reason).toBe('bad alt text: Please keep this under 300 characters');
    const stored = await db.select().from(productMedia);
    expect(stored.map((row) => row.mediaUrl)).toEqual(['/images/kept.webp']);
  });

  describe('the CSV import', () => {
    let productIds: string[];
    beforeEach(async () => {
      const { db } = database;
      await db.delete(productMedia);
      productIds = [];
      for (let index = 0; index < 3; index += 1) {
        productIds.push((await insertProduct(db, { name: `Import Piece ${index}` })).id);
      }
      await addMedia(db, admin, { productId: productIds[0], mediaUrl: '/old.webp' });
    });

    function csvOf(
      count: number,
      row: (index: number) => string = (index) =>
        `${productIds[index % 3]},/images/${index}.webp,image,Picture ${index},${index},${index < 3 ? 'TRUE' : 'false'}`,
    ) {
      return ['product_id,media_url,media_type,alt_text,sort_order,is_primary']
        .concat(Array.from({ length: count }, (_, index) => row(index)))
        .join('\n');
    }

    it('replaces the media in batches of 50, reporting progress', async () => {
      const { db } = database;
      const progress: string[] = [];
      const report = await importMediaCsv(
        db,
        admin,
        { text: csvOf(1000) },
        ({ current, total }) => {
          progress.push(`${current}/${total}`);
        },
      );
      expect(report).toMatchObject({ imported: 1000, skipped: [] });
      expect(progress[0]).toBe('0/1000');
      expect(progress.slice(1)).toEqual(
        Array.from({ length: 20 }, (_, batch) => `${(batch + 1) * 50}/1000`),
      );
      const stored = await db.select().from(productMedia);
      expect(stored).toHaveLength(1000);
      expect(stored.some((item) => item.mediaUrl === '/old.webp')).toBe(false);
    });

    it('maps product names to ids and reports the skipped rows with their lines', async () => {
      const { db } = database;
      const text = [
        'product_id,media_url,media_type,alt_text,sort_order,is_primary',
        `Import Piece 1,"/images/a,b.webp",image,"Carved, polished",0,true`,
        'no-such-piece,/images/x.webp,image,x,0,false',
        `${productIds[2]},/images/y.webp,image,y,first,false`,
        `${productIds[2]},/images/z.webp`,
      ].join('\n');
      const report = await importMediaCsv(db, admin, { text });
      expect(report.imported).toBe(1);
      expect(report.skipped.map((row) => row.line)).toEqual([3, 4, 5]);
      const [stored] = await db.select().from(productMedia);
      expect(stored).toMatchObject({
        productId: productIds[1],
        mediaUrl: '/images/a,b.webp',
        altText: 'Carved, polished',
        isPrimary: true,
      });
    });

    it('leaves the old media exactly as they were when the 130th row fails to insert', async () => {
      const { db } = database;
      await db.execute(sql`
        create or replace function fail_on_poison() returns trigger language plpgsql as $$
        begin
          if new.media_url = '/poison.webp' then raise exception 'poisoned row'; end if;
          return new;
        end $$`);
      await db.execute(sql`
        create trigger product_media_poison before insert on product_media
        for each row execute function fail_on_poison()`);
      try {
        const before = await db.select().from(productMedia).orderBy(productMedia.id);
        const progress: number[] = [];
        await expect(
          importMediaCsv(
            db,
            admin,
            {
              text: csvOf(200, (index) =>
                index === 129
                  ? `${productIds[0]},/poison.webp,image,x,${index},false`
                  : `${productIds[index % 3]},/images/${index}.webp,image,x,${index},false`,
              ),
            },
            ({ current }) => {
              progress.push(current);
            },
          ),
        ).rejects.toThrow();
        // The first two batches went in before the third failed, and were rolled back.
        expect(progress).toEqual([0, 50, 100]);
        expect(await db.select().from(productMedia).orderBy(productMedia.id)).toEqual(before);
      } finally {
        await db.execute(sql`drop trigger product_media_poison on product_media`);
        await db.execute(sql`drop function fail_on_poison()`);
      }
    });

    it('keeps one primary per product when the file marks several', async () => {
      const { db } = database;
      const text = csvOf(
        2,
        (index) => `${productIds[0]},/images/${index}.webp,image,x,${index},TRUE`,
      );
      const report = await importMediaCsv(db, admin, { text });
      expect(report.imported).toBe(2);
      expect(report.notes.map((row) => row.line)).toEqual([3]);
      const primaries = (await mediaOf(productIds[0]!)).filter((item) => item.isPrimary);
      expect(primaries.map((item) => item.mediaUrl)).toEqual(['/images/0.webp']);
    });

    it('exports the media in the import format, formula cells neutralised', async () => {
      const { db } = database;
      await addMedia(db, admin, {
        productId: productIds[1],
        mediaUrl: '/images/e.webp',
        altText: '=HYPERLINK("http://evil.example")',
        isPrimary: 'on',
      });
      const csv = await exportMediaCsv(db, admin);
      const lines = csv.trim().split(/\r?\n/);
      expect(lines[0]).toBe('product_id,media_url,media_type,alt_text,sort_order,is_primary');
      const exported = lines.find((line) => line.includes('/images/e.webp'));
      expect(exported).toContain(`'=HYPERLINK`);
      expect(exported).toMatch(/,TRUE$/);
    });
  });
});
