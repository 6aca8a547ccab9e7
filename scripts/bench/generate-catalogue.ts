/**
 * Seeds a large catalogue for the growth bench (docs/decisions/009 "Growth"): `size` published products
 * across every category of spec §2, a few unpublished ones, two images each (one primary), a few
 * reviews and questions. Every table is filled by one `insert … select from generate_series`, so
 * 100,000 products take seconds, not minutes.
 *
 *   tsx scripts/bench/generate-catalogue.ts --size 100000 --database-url postgres://…/db
 *
 * The database is migrated first (a no-op when it already is). Product ids start with `bench-`.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { categoryValues } from '../../core/catalog/categories';
import { openDatabase, type Database } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';

const MATERIALS = ['Marble', 'Brass', 'Wood', 'Terracotta', 'Soapstone', 'Ceramic', 'Stone'];
const REGIONS = [
  'Banswara, Rajasthan',
  'Makrana, Rajasthan',
  'Moradabad, Uttar Pradesh',
  'Madhubani, Bihar',
  'Swamimalai, Tamil Nadu',
  'Channapatna, Karnataka',
];
const FORMS = ['Bowl', 'Urli', 'Lamp', 'Idol', 'Coaster', 'Vase', 'Tray', 'Box', 'Plate', 'Stand'];
const FINISHES = ['Carved', 'Inlaid', 'Painted', 'Polished', 'Hammered', 'Etched', 'Lacquered'];
const IMAGES = [
  '/images/products/banswara-cake-stand-1.svg',
  '/images/products/banswara-cake-stand-2.svg',
  '/images/products/banswara-cake-stand-3.svg',
];
const REVIEWERS = 20;

export interface GeneratedCatalogue {
  published: number;
  unpublished: number;
  media: number;
  reviews: number;
  questions: number;
  milliseconds: number;
}

function textArray(values: readonly string[]) {
  return sql.raw(`array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]`);
}

/** Fills a migrated database; one transaction, so a failure leaves nothing behind. */
export async function generateCatalogueInto(
  db: Database,
  size: number,
): Promise<GeneratedCatalogue> {
  const started = performance.now();
  const unpublished = Math.max(2, Math.floor(size / 100));
  const all = size + unpublished;
  const materials = textArray(MATERIALS);
  const regions = textArray(REGIONS);
  const forms = textArray(FORMS);
  const finishes = textArray(FINISHES);
  const categories = textArray(categoryValues);
  const images = textArray(IMAGES);

  const counts = await db.transaction(async (tx) => {
    // Triggers off for this transaction (superuser, as on the bench databases): the rows below are
    // consistent by construction, review_count is written directly, and one notice is sent at the
    // end instead of per statement. Foreign-key checks are triggers too, hence the speed.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into users (id, name, email, email_verified)
      select 'bench-reviewer-' || n, 'Bench Reviewer ' || n, 'bench-reviewer-' || n || '@example.com', true
      from generate_series(1, ${REVIEWERS}) as n
      on conflict do nothing`);

    // Names, prices, flags and dates vary with g so every filter and sort has work to do; the
    // number in the name keeps names unique.
    await tx.execute(sql`
      insert into products (id, name, price_minor, description, short_description, category,
        material, region, featured, bestseller, new_arrival, published, review_count, created_at,
        updated_at)
      select
        'bench-' || g,
        finish || ' ' || material || ' ' || form || ' ' || g,
        50000 + (g * 7919) % 950001,
        'A ' || lower(finish) || ' ' || lower(form) || ' in ' || lower(material) || ', made by hand in '
          || region || '. Each piece is shaped, finished and checked by the artisan family that has '
          || 'practised this craft for generations.',
        'Handmade ' || lower(form) || ' from ' || region,
        (${categories})[1 + g % ${categoryValues.length}],
        material,
        region,
        g % 50 = 0,
        g % 37 = 0,
        g % 23 = 0,
        g <= ${size},
        g % 5,
        now() - make_interval(mins => g),
        now()
      from (
        select g,
          (${materials})[1 + (g / ${categoryValues.length}) % ${MATERIALS.length}] as material,
          (${regions})[1 + g % ${REGIONS.length}] as region,
          (${forms})[1 + (g / 3) % ${FORMS.length}] as form,
          (${finishes})[1 + (g / 7) % ${FINISHES.length}] as finish
        from generate_series(1, ${all}) as g
      ) as shaped`);

    await tx.execute(sql`
      insert into product_media (product_id, media_url, media_type, alt_text, sort_order, is_primary)
      select 'bench-' || g, (${images})[1 + (g + position) % ${IMAGES.length}], 'image',
        'View ' || (position + 1), position, position = 0
      from generate_series(1, ${all}) as g, generate_series(0, 1) as position`);

    // g % 5 reviews per product (review_count above), so popularity has ties and differences.
    await tx.execute(sql`
      insert into reviews (product_id, user_id, title, content, rating, is_verified_purchase, created_at)
      select 'bench-' || g, 'bench-reviewer-' || (1 + (g + r) % ${REVIEWERS}), 'Lovely piece',
        'Arrived well packed; the finish is even better than in the photos.', 3 + (g + r) % 3,
        r % 2 = 0, now() - make_interval(hours => g + r)
      from generate_series(1, ${all}) as g, generate_series(1, 4) as r
      where r <= g % 5`);

    await tx.execute(sql`
      insert into product_questions (product_id, user_id, question)
      select 'bench-' || g, 'bench-reviewer-' || (1 + g % ${REVIEWERS}), 'Is this safe to use outdoors?'
      from generate_series(1, ${all}) as g
      where g % 10 = 0`);

    const reviewRows = Array.from({ length: all }, (_, index) => (index + 1) % 5).reduce(
      (sum, perProduct) => sum + perProduct,
      0,
    );
    await tx.execute(sql`select pg_notify('catalogue_changed', 'products')`);
    return { media: all * 2, reviews: reviewRows, questions: Math.floor(all / 10) };
  });
  // Fresh statistics, so the planner picks the listing indexes straight away.
  await db.execute(sql`analyze products`);
  await db.execute(sql`analyze product_media`);
  await db.execute(sql`analyze reviews`);
  return {
    published: size,
    unpublished,
    ...counts,
    milliseconds: Math.round(performance.now() - started),
  };
}

/** Opens `databaseUrl` (postgres:// or pglite:), migrates it and generates `size` products. */
export async function generateCatalogue(
  databaseUrl: string,
  size: number,
): Promise<GeneratedCatalogue> {
  const database = await openDatabase(databaseUrl);
  try {
    await runMigrations(database);
    return await generateCatalogueInto(database.db, size);
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { size: { type: 'string' }, 'database-url': { type: 'string' } },
  });
  const size = Number(values.size);
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  if (!Number.isInteger(size) || size < 1 || !databaseUrl) {
    process.stderr.write(
      'usage: tsx scripts/bench/generate-catalogue.ts --size N --database-url postgres://…\n',
    );
    process.exit(2);
  }
  const generated = await generateCatalogue(databaseUrl, size);
  process.stdout.write(`${JSON.stringify(generated)}\n`);
}
