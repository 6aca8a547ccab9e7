import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { insertProduct, insertUser } from '../../../tests/factories';
import { productMedia, reviews } from '../../db/schema';
import { selectBestSellers } from '../../../core/catalog/best-sellers';
import {
  getPublishedProduct,
  listBestSellers,
  listPublishedProducts,
  listRegionCounts,
  listRelatedProducts,
  listSitemapProducts,
} from './index';

describe(`catalogue reads on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('lists only published products, with their primary image and review count', async () => {
    const { db } = database;
    const shown = await insertProduct(db, { name: 'Shown Urli', category: 'sip-smoke' });
    const hidden = await insertProduct(db, { published: false, category: 'sip-smoke' });
    await db.insert(productMedia).values([
      { productId: shown.id, mediaUrl: '/a.svg', sortOrder: 0 },
      { productId: shown.id, mediaUrl: '/b.svg', sortOrder: 1, isPrimary: true, altText: 'B' },
    ]);
    const [author, other] = [await insertUser(db), await insertUser(db)];
    await db.insert(reviews).values([
      { productId: shown.id, userId: author.id, content: 'Lovely' },
      { productId: shown.id, userId: other.id, content: 'Heavy and beautiful' },
    ]);

    const listed = await listPublishedProducts(db, { category: 'sip-smoke' });
    expect(listed.map((product) => product.id)).toEqual([shown.id]);
    expect(listed.map((product) => product.id)).not.toContain(hidden.id);
    // spec §3: the flagged image wins over the first by sort order
    expect(listed[0]?.primaryImage).toEqual({ url: '/b.svg', alt: 'B' });
    expect(listed[0]?.reviewCount).toBe(2);
  });

  it('reads one published product with every image, primary first, and no unpublished one', async () => {
    const { db } = database;
    const product = await insertProduct(db, { name: 'Gallery Piece' });
    await db.insert(productMedia).values([
      { productId: product.id, mediaUrl: '/2.svg', sortOrder: 2 },
      { productId: product.id, mediaUrl: '/1.svg', sortOrder: 1 },
      { productId: product.id, mediaUrl: '/clip.mp4', mediaType: 'video', sortOrder: 0 },
    ]);
    const found = await getPublishedProduct(db, product.id);
    // no flagged primary: the first image by sort order leads; videos are not gallery images
    expect(found?.images.map((image) => image.url)).toEqual(['/1.svg', '/2.svg']);
    expect(found?.images[0]?.alt).toBe('Gallery Piece');
    expect(found?.product.reviewCount).toBe(0);

    const unpublished = await insertProduct(db, { published: false });
    expect(await getPublishedProduct(db, unpublished.id)).toBeNull();
    expect(await getPublishedProduct(db, 'no-such-product')).toBeNull();
  });

  it('relates up to 4 other published products of the same category', async () => {
    const { db } = database;
    const subject = await insertProduct(db, { category: 'divine' });
    const siblings = await Promise.all(
      Array.from({ length: 5 }, () => insertProduct(db, { category: 'divine' })),
    );
    await insertProduct(db, { category: 'divine', published: false, name: 'AAA hidden' });
    await insertProduct(db, { category: 'culinary' });

    const related = await listRelatedProducts(db, subject);
    expect(related).toHaveLength(4);
    for (const product of related) {
      expect(product.category).toBe('divine');
      expect(product.published).toBe(true);
      expect(product.id).not.toBe(subject.id);
    }
    expect(siblings.map((product) => product.id)).toEqual(
      expect.arrayContaining(related.map((product) => product.id)),
    );
  });

  it('reads the same best sellers as the rule over the whole catalogue, hidden pieces left out', async () => {
    const { db } = database;
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    for (let n = 1; n <= 12; n += 1) {
      await insertProduct(db, {
        name: `Arrival ${String(n).padStart(2, '0')}`,
        newArrival: n % 3 !== 0,
        featured: n % 2 === 0,
        published: n !== 11,
        createdAt: day(n),
      });
    }
    const expected = selectBestSellers(await listPublishedProducts(db));
    const picked = await listBestSellers(db);
    expect(picked.map((product) => product.id)).toEqual(expected.map((product) => product.id));
    // spec §2: 8 at most, new arrivals first, then featured fillers
    expect(picked).toHaveLength(8);
    expect(picked.map((product) => product.name)).not.toContain('Arrival 11');
  });

  it('counts published pieces per region, and names every published product for the sitemap', async () => {
    const { db } = database;
    await insertProduct(db, { region: 'Agra' });
    await insertProduct(db, { region: 'Agra' });
    await insertProduct(db, { region: 'Agra', published: false });
    await insertProduct(db, { region: '' });
    const hidden = await insertProduct(db, { region: 'Khurja', published: false });
    const regions = await listRegionCounts(db);
    expect(regions).toContainEqual({ region: 'Agra', pieces: 2 });
    expect(regions.map((entry) => entry.region)).not.toContain('Khurja');
    expect(regions.map((entry) => entry.region)).not.toContain('');

    const named = (await listSitemapProducts(db)).map((product) => product.id);
    const published = (await listPublishedProducts(db)).map((product) => product.id);
    expect(named).toEqual(published);
    expect(named).not.toContain(hidden.id);
  });
});
