/**
 * The growth section of docs/benchmarks.md (docs/decisions/008 "Growth"): how the catalogue reads and the
 * media import behave at 30, 10,000 and 100,000 products. Run directly, it prints the section:
 *
 *   tsx scripts/bench/growth.ts
 *
 * Each size gets a fresh PostgreSQL database (bench_growth_<size>_<random>), migrated, filled by
 * generate-catalogue.ts and dropped at the end. Every measure calls the domain functions the
 * server's loaders call, with the catalogue watched as the server watches it.
 *
 * Options (environment):
 *   BENCH_GROWTH_SIZES=30,1000        other sizes, for a quick look
 *   BENCH_GROWTH_DATABASE=pglite      an in-memory PGlite per size instead of PostgreSQL
 *   BENCH_GROWTH_ONLY=search          only the groups whose title holds one of these words
 *                                     (comma-separated, any case); the media import is skipped
 *                                     unless "import" is one of them. A partial section says so:
 *                                     do not paste it over the report's full one.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import pg from 'pg';
import { DEFAULT_SHOP_TIME_ZONE, shopDayStart } from '../../core/time/shop-calendar';
import { type ShopQuery } from '../../core/catalog/shop-listing';
import { parseShopQuery } from '../../core/catalog/shop-query';
import { openDatabase, type Database, type DatabaseHandle } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import type { Actor } from '../../server/modules/actor';
import {
  getPublishedProduct,
  listRelatedProducts,
  listShopPage,
  watchCatalogue,
} from '../../server/modules/catalog';
import { countContactMessages } from '../../server/modules/contact';
import { countCallbackLeads } from '../../server/modules/leads';
import { requestsChart, weekAtAGlance } from '../../server/modules/insights';
import { importMediaCsv } from '../../server/modules/product-media';
import { countOrders } from '../../server/modules/orders';
import { listConsoleProducts } from '../../server/modules/products';
import { countQuotationRequests, listQuotationRequests } from '../../server/modules/quotations';
import type { QuotationListFilter } from '../../server/modules/quotations';
import { countUserRoles } from '../../server/modules/roles';
import { listQuestions } from '../../server/modules/questions';
import { listReviews } from '../../server/modules/reviews';
import { searchProducts, searchSuggestions } from '../../server/modules/catalog/search';
import { DEFAULT_SEARCH_SYNONYMS, parseSynonymGroups } from '../../core/search/search-synonyms';
import { generateCatalogueInto } from './generate-catalogue';

const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_GROWTH_SIZES=30,1000 for a quick look; the report uses the three sizes of docs/decisions/008.
const SIZES: readonly number[] = process.env.BENCH_GROWTH_SIZES
  ? process.env.BENCH_GROWTH_SIZES.split(',').map(Number)
  : [30, 10_000, 100_000];
const DATABASE_KIND: 'postgres' | 'pglite' =
  process.env.BENCH_GROWTH_DATABASE === 'pglite' ? 'pglite' : 'postgres';
const ONLY_WORDS = (process.env.BENCH_GROWTH_ONLY ?? '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
const WARM_UP_RUNS = 5;
const RUNS = 30;
const IMPORT_ROWS = 10_000;
const IMPORT_RUNS = 3;
// docs/decisions/010: flat means at most twice as slow at 100,000 products as at 30; the import ≤ 5 s.
const FLAT_RATIO = 2;
const IMPORT_TARGET_MS = 5000;

const benchAdmin: Actor = { userId: 'bench-admin', roles: ['admin'] };

interface Timing {
  median: number;
  p95: number;
}

/** What a measure needs to know of the generated rows (docs/requirements.md §12: a reference that exists). */
interface Fixtures {
  reference: string;
}

interface Measure {
  group: string;
  name: string;
  run: (db: Database, fixtures: Fixtures) => Promise<unknown>;
  /** An absolute target instead of flatness (docs/decisions/008: search p95 ≤ 10 ms). */
  p95TargetMs?: number;
}

function shop(search: string): ShopQuery {
  return parseShopQuery(new URLSearchParams(search));
}

// The shop's default synonym groups, as a fresh installation's Settings hold them.
const BENCH_SYNONYMS = parseSynonymGroups(DEFAULT_SEARCH_SYNONYMS);

// A product that exists at every size (the generator numbers products from 1).
const PRODUCT_ID = 'bench-17';

const MEASURES: Measure[] = [
  ...(
    [
      'featured',
      'newest',
      'popularity',
      'rating',
      'price-low',
      'price-high',
      'name-a-z',
      'name-z-a',
    ] as const
  ).map((sort) => ({
    group: 'Shop listing',
    name: `sort ${sort}`,
    run: (db: Database) => listShopPage(db, { query: shop(`sort=${sort}`) }),
  })),
  {
    group: 'Shop listing',
    name: 'category /shop/divine-artistry',
    run: (db) => listShopPage(db, { category: 'divine', query: shop('') }),
  },
  {
    group: 'Shop listing',
    name: 'material Brass + Wood',
    run: (db) => listShopPage(db, { query: shop('material=Brass&material=Wood') }),
  },
  {
    group: 'Shop listing',
    name: 'price ₹1,000–₹3,000, price-low',
    run: (db) => listShopPage(db, { query: shop('minPrice=1000&maxPrice=3000&sort=price-low') }),
  },
  {
    group: 'Shop listing',
    name: 'category + material + price, popularity',
    run: (db) =>
      listShopPage(db, {
        category: 'home',
        query: shop('material=Marble&minPrice=500&maxPrice=8000&sort=popularity'),
      }),
  },
  {
    group: 'Shop listing',
    name: 'Load more, page 4 (96 products)',
    run: (db) => listShopPage(db, { query: shop('page=4&sort=name-a-z') }),
  },
  {
    group: 'Shop listing',
    name: 'search results /shop?q=brass lamp',
    run: (db) => listShopPage(db, { query: shop('q=brass+lamp') }),
  },
  ...['brass', 'carved marble bowl', 'rajasthan', 'zebra'].map((query) => ({
    group: 'Search suggestions',
    name: `"${query}"`,
    run: (db: Database) => searchProducts(db, query),
    // A substring scan of every product grows with the catalogue by nature; docs/requirements.md §16 sets 10 ms.
    p95TargetMs: 10,
  })),
  // docs/requirements.md §20: what the header answers when spec §5 finds nothing. The words are the generated
  // catalogue's (generate-catalogue.ts): "carvde" is one swap from "Carved" (as "ganseh" is from
  // "ganesh"), "lacqured" one letter short of "Lacquered", "lamps" the plural of "Lamp", "uruli"
  // a default synonym of "Urli", "chanapatna" a region one letter short; "xyzzy" is near nothing
  // (pg_trgm's lookup and the exact scan, then no answer).
  ...[
    ['typo, a swap', 'carvde'],
    ['typo, 8 letters', 'lacqured'],
    ['plural', 'lamps'],
    ['synonym', 'uruli'],
    ['region typo', 'chanapatna'],
    ['two words, typo + plural', 'polishd lamps'],
    ['nothing near', 'xyzzy'],
  ].map(([kind, query]) => ({
    group: 'Search suggestions, tolerant (docs/requirements.md §20)',
    name: `${kind}: "${query}"`,
    run: (db: Database) => searchSuggestions(db, query!, BENCH_SYNONYMS),
    // docs/decisions/024: suggestions p95 ≤ 10 ms at 100,000 products, as for the exact search.
    p95TargetMs: 10,
  })),
  {
    group: 'Search suggestions, tolerant (docs/requirements.md §20)',
    name: 'search results /shop?q=carvde lamps',
    run: (db) => listShopPage(db, { query: shop('q=carvde+lamps'), synonyms: BENCH_SYNONYMS }),
  },
  {
    group: 'Product page',
    name: 'product, images, related, reviews, questions',
    run: async (db) => {
      const found = await getPublishedProduct(db, PRODUCT_ID);
      if (!found) throw new Error(`${PRODUCT_ID} missing`);
      await Promise.all([
        listRelatedProducts(db, found.product),
        listReviews(db, null, { productId: PRODUCT_ID, sort: 'most_helpful' }),
        listQuestions(db, { productId: PRODUCT_ID }),
      ]);
    },
  },
  {
    group: 'Admin',
    name: 'tab counts',
    run: (db) =>
      Promise.all([
        countQuotationRequests(db, benchAdmin),
        countOrders(db, benchAdmin),
        countContactMessages(db, benchAdmin),
        countUserRoles(db, benchAdmin),
        countCallbackLeads(db, benchAdmin),
      ]),
  },
  {
    group: 'Admin',
    name: 'product picker, first 50',
    run: (db) => listConsoleProducts(db, benchAdmin),
  },
  {
    group: 'Admin',
    name: 'product picker, search "lamp 1"',
    run: (db) => listConsoleProducts(db, benchAdmin, { search: 'lamp 1' }),
  },
];

// docs/requirements.md §12 "Lists that find things": as many quotation requests as products, spread over two
// years, with names, mobiles in the three ways customers type them (+91…, 10 digits, spaced) and
// e-mails on three in four. The names come from 60 × 60 pairs, so at 100k a name is shared by
// about 28 requests, as a common name is in a real shop.
const FIRST_NAMES = [
  'Aarav',
  'Aditi',
  'Akash',
  'Ananya',
  'Anil',
  'Anjali',
  'Arjun',
  'Asha',
  'Bhavna',
  'Chetan',
  'Deepa',
  'Devika',
  'Dinesh',
  'Divya',
  'Gaurav',
  'Geeta',
  'Harish',
  'Isha',
  'Jaya',
  'Karan',
  'Kavya',
  'Kiran',
  'Lakshmi',
  'Lata',
  'Manish',
  'Meera',
  'Mohan',
  'Naveen',
  'Neha',
  'Nikhil',
  'Pooja',
  'Pradeep',
  'Priya',
  'Rahul',
  'Rajesh',
  'Ravi',
  'Rekha',
  'Rohan',
  'Sanjay',
  'Sarita',
  'Shreya',
  'Siddharth',
  'Sneha',
  'Sunil',
  'Sunita',
  'Suresh',
  'Tanvi',
  'Uma',
  'Varun',
  'Vidya',
  'Vijay',
  'Vikram',
  'Vinita',
  'Yash',
  'Zoya',
  'Farah',
  'Imran',
  'Gurpreet',
  'Harpreet',
  'Tenzin',
];
const LAST_NAMES = [
  'Agarwal',
  'Ahmed',
  'Bajaj',
  'Banerjee',
  'Bhat',
  'Chatterjee',
  'Chauhan',
  'Das',
  'Desai',
  'Dutta',
  'Gandhi',
  'Ghosh',
  'Gill',
  'Gupta',
  'Iyer',
  'Jain',
  'Joshi',
  'Kapoor',
  'Khan',
  'Kulkarni',
  'Kumar',
  'Mehta',
  'Menon',
  'Mishra',
  'Mukherjee',
  'Nair',
  'Pandey',
  'Patel',
  'Pillai',
  'Rao',
  'Reddy',
  'Saxena',
  'Sen',
  'Shah',
  'Sharma',
  'Shetty',
  'Singh',
  'Sinha',
  'Srinivasan',
  'Thakur',
  'Trivedi',
  'Varma',
  'Verma',
  'Yadav',
  'Bose',
  'Chopra',
  'Dubey',
  'Garg',
  'Hegde',
  'Kaur',
  'Malhotra',
  'Naidu',
  'Oberoi',
  'Parekh',
  'Qureshi',
  'Rathore',
  'Sethi',
  'Tiwari',
  'Walia',
  'Zaveri',
];
// The bench's shop keeps the default time zone of Settings.
const BENCH_TIME_ZONE = DEFAULT_SHOP_TIME_ZONE;
// Fixed, so every size has the same "today": the last request is from it (noon, shop time), the
// first two years back.
const QUOTATION_ANCHOR = new Date(
  shopDayStart('2026-11-24', BENCH_TIME_ZONE).getTime() + 12 * 60 * 60 * 1000,
).toISOString();
// The request the searches look for: number 17 exists at every size.
const SEARCHED_ROW = 17;
const searchedName = `${FIRST_NAMES[SEARCHED_ROW % 60]} ${LAST_NAMES[Math.floor(SEARCHED_ROW / 60) % 60]}`;

function textArray(values: readonly string[]) {
  return sql.raw(`array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]`);
}

async function generateQuotationRequestsInto(db: Database, size: number): Promise<Fixtures> {
  await db.execute(sql`
    insert into quotation_requests (reference, product_name, quantity, customer_name,
      customer_mobile, customer_email, status, created_at, updated_at)
    select
      'Q-' || to_char(at, 'YYYYMMDD') || '-' || lpad(n::text, 6, '0'),
      'Bench Piece ' || (1 + n % 97),
      1 + n % 9,
      first_name || ' ' || last_name,
      case n % 3
        when 0 then '+9198' || lpad(n::text, 8, '0')
        when 1 then '98' || lpad(n::text, 8, '0')
        else '+91 98' || left(lpad(n::text, 8, '0'), 3) || ' ' || right(lpad(n::text, 8, '0'), 5)
      end,
      case when n % 4 = 0 then null
           else lower(first_name) || '.' || lower(last_name) || n || '@example.com' end,
      case when n % 10 < 6 then 'completed' when n % 10 < 8 then 'processing' else 'pending' end,
      created_at,
      created_at
    from (
      select n,
        (${textArray(FIRST_NAMES)})[1 + n % 60] as first_name,
        (${textArray(LAST_NAMES)})[1 + (n / 60) % 60] as last_name,
        ${QUOTATION_ANCHOR}::timestamptz - (n::float8 / ${size}) * interval '730 days' as created_at,
        (${QUOTATION_ANCHOR}::timestamptz - (n::float8 / ${size}) * interval '730 days')
          at time zone ${BENCH_TIME_ZONE} as at
      from generate_series(1, ${size}) as n
    ) as generated`);
  // docs/requirements.md §12 "The week at a glance": the pending requests of the last 14 days still wait for the
  // shop's reply (older ones were answered, as a shop that replies within days would have); every
  // processing or completed one got an offer a day after it came, accepted 3 days later on
  // completed ones, so the tiles and the chart count real rows.
  await db.execute(sql`
    update quotation_requests set awaiting_reply_since = created_at
    where status = 'pending' and created_at > ${QUOTATION_ANCHOR}::timestamptz - interval '14 days'`);
  await db.execute(sql`
    insert into quotation_offers (quotation_request_id, version, status, subtotal_minor,
      gst_rate_basis_points, gst_minor, total_minor, valid_until, sent_at, decided_at)
    select id, 1, case when status = 'completed' then 'accepted' else 'sent' end, 100000, 1200,
      12000, 112000, (created_at + interval '15 days')::date, created_at + interval '1 day',
      case when status = 'completed' then created_at + interval '4 days' end
    from quotation_requests where status <> 'pending'`);
  // As autovacuum does on a table that grew to this size: statistics, and the GIN index's
  // pending list merged (a bulk insert leaves it long, and every search would read it whole).
  await db.execute(sql`vacuum analyze quotation_requests`);
  await db.execute(sql`vacuum analyze quotation_offers`);
  const result = (await db.execute(
    sql`select reference from quotation_requests where reference like ${`%-${String(SEARCHED_ROW).padStart(6, '0')}`}`,
  )) as unknown as { rows: { reference: string }[] };
  return { reference: result.rows[0]!.reference };
}

/** The /admin loader's calls for the Quotations tab: the page of rows and the matching count. */
function quotationsTab(db: Database, filter: QuotationListFilter) {
  return Promise.all([
    listQuotationRequests(db, benchAdmin, { page: 1, ...filter }),
    countQuotationRequests(db, benchAdmin, filter),
  ]);
}

MEASURES.push(
  {
    group: 'Admin search (as many quotation requests as products)',
    name: 'search by mobile "+91 98000 00017"',
    run: (db) => quotationsTab(db, { q: '+91 98000 00017' }),
  },
  {
    group: 'Admin search (as many quotation requests as products)',
    name: `search by name "${searchedName}"`,
    run: (db) => quotationsTab(db, { q: searchedName }),
  },
  {
    group: 'Admin search (as many quotation requests as products)',
    name: 'search by reference (Q-…)',
    run: (db, fixtures) => quotationsTab(db, { q: fixtures.reference }),
  },
  {
    group: 'Admin search (as many quotation requests as products)',
    name: 'filtered list page: pending, last 7 days, newest',
    run: (db) =>
      quotationsTab(db, {
        status: 'pending',
        from: '2026-11-18',
        to: '2026-11-24',
        timeZone: BENCH_TIME_ZONE,
        sort: 'newest',
      }),
  },
);

// docs/requirements.md §12: the tiles and chart above /admin's tabs, at the seeded requests' last day
const GLANCE_NOW = new Date(QUOTATION_ANCHOR);
MEASURES.push(
  {
    group: 'Admin: the week at a glance',
    name: 'the 7-day tiles',
    run: (db) => weekAtAGlance(db, benchAdmin, GLANCE_NOW),
  },
  {
    group: 'Admin: the week at a glance',
    name: 'the 30-day chart',
    run: (db) => requestsChart(db, benchAdmin, GLANCE_NOW, BENCH_TIME_ZONE),
  },
);

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

async function time(run: () => Promise<unknown>, warmUps: number, runs: number): Promise<Timing> {
  for (let index = 0; index < warmUps; index += 1) await run();
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

/** 10,000 media rows for the generated products, two per product while products last. */
function importCsv(size: number): string {
  const products = size + Math.max(2, Math.floor(size / 100));
  const lines = ['product_id,media_url,media_type,alt_text,sort_order,is_primary'];
  for (let row = 0; row < IMPORT_ROWS; row += 1) {
    const product = 1 + (Math.floor(row / 2) % products);
    const position = row % 2;
    lines.push(
      `bench-${product},/images/products/banswara-cake-stand-${1 + position}.svg,image,View ${position + 1},${position},${position === 0 ? 'TRUE' : 'FALSE'}`,
    );
  }
  return lines.join('\n');
}

interface SizeResult {
  generatedMs: number;
  searchIndexBuildMs: number;
  tolerantIndexBuildMs: number;
  timings: Map<string, Timing>;
  importMs: Timing | null;
}

/** The measures BENCH_GROWTH_ONLY keeps (all of them without it). */
function selectedMeasures(): Measure[] {
  if (ONLY_WORDS.length === 0) return MEASURES;
  return MEASURES.filter((measure) =>
    ONLY_WORDS.some((word) => measure.group.toLowerCase().includes(word)),
  );
}

const measureImport = () => ONLY_WORDS.length === 0 || ONLY_WORDS.includes('import');

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database for one size, and how to get rid of it. */
async function freshDatabase(size: number): Promise<{
  database: DatabaseHandle;
  dispose: () => Promise<void>;
}> {
  if (DATABASE_KIND === 'pglite') {
    // In memory, in this process: gone when closed.
    const database = await openDatabase('pglite:memory');
    return { database, dispose: () => database.close() };
  }
  const name = `bench_growth_${size}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase(url.toString());
  return {
    database,
    async dispose() {
      await database.close();
      await withAdminClient((client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

async function benchSize(size: number, log: (line: string) => void): Promise<SizeResult> {
  const { database, dispose } = await freshDatabase(size);
  const measures = selectedMeasures();
  try {
    await runMigrations(database);
    const generated = await generateCatalogueInto(database.db, size);
    log(`  ${size}: generated in ${generated.milliseconds} ms`);
    // The quotation requests serve the admin searches only; a run without them skips them.
    const fixtures = measures.some((measure) => measure.group.startsWith('Admin'))
      ? await generateQuotationRequestsInto(database.db, size)
      : { reference: '' };
    const watch = await watchCatalogue(database);
    const { db } = database;
    const buildStarted = performance.now();
    await searchProducts(db, 'warm');
    const searchIndexBuildMs = performance.now() - buildStarted;
    // docs/requirements.md §20: the first tolerant search builds its index and refreshes the vocabulary
    // (search_terms) once for this catalogue version.
    const tolerantStarted = performance.now();
    await searchSuggestions(db, 'zqxv', BENCH_SYNONYMS);
    const tolerantIndexBuildMs = performance.now() - tolerantStarted;

    const timings = new Map<string, Timing>();
    for (const measure of measures) {
      timings.set(
        `${measure.group}|${measure.name}`,
        await time(() => measure.run(db, fixtures), WARM_UP_RUNS, RUNS),
      );
    }
    let importMs: Timing | null = null;
    if (measureImport()) {
      const csv = importCsv(size);
      importMs = await time(() => importMediaCsv(db, benchAdmin, { text: csv }), 1, IMPORT_RUNS);
    }
    log(`  ${size}: measured`);
    await watch.stop();
    return {
      generatedMs: generated.milliseconds,
      searchIndexBuildMs,
      tolerantIndexBuildMs,
      timings,
      importMs,
    };
  } finally {
    await dispose();
  }
}

const milliseconds = (value: number) =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);

function cell(timing: Timing): string {
  return `${milliseconds(timing.median)} / ${milliseconds(timing.p95)}`;
}

export async function runGrowthBench(
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<string> {
  const results = new Map<number, SizeResult>();
  for (const size of SIZES) results.set(size, await benchSize(size, log));
  const smallest = results.get(SIZES[0] ?? 0)!;
  const largest = results.get(SIZES.at(-1) ?? 0)!;
  const header = `| measure | ${SIZES.map((size) => size.toLocaleString('en')).join(' | ')} | 100k / 30 (median) | flat (≤ ${FLAT_RATIO}×) |`;
  const rule = `|---|${SIZES.map(() => '---:').join('|')}|---:|---|`;

  const databaseText =
    DATABASE_KIND === 'pglite'
      ? 'PGlite in memory, in process'
      : `PostgreSQL at ${new URL(SERVER_URL).host}`;
  const lines: string[] = [
    '## Growth: 30, 10,000 and 100,000 products',
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${databaseText}. Date: ${new Date().toISOString()}.`,
    '',
    ...(ONLY_WORDS.length > 0
      ? [`**Partial run** (BENCH_GROWTH_ONLY=${ONLY_WORDS.join(',')}): only the groups below.`, '']
      : []),
    `Method: for each size a fresh ${DATABASE_KIND === 'pglite' ? 'PGlite' : 'PostgreSQL'} database is migrated and filled by`,
    '`scripts/bench/generate-catalogue.ts` (the products across the four categories, 1 % more',
    'unpublished, two images each, 0–4 reviews each, a question on every tenth), and (docs/requirements.md §12) as',
    'many quotation requests, spread over two years, with 60 × 60 names and mobiles typed three ways;',
    "each admin search row is the /admin loader's two calls, the page of 50 and its matching count.",
    'The process then',
    'watches `catalogue_changed` as the server does, so search, the listing counts and the Material',
    'choices are memoised as in production. The tolerant search (docs/requirements.md §20) uses the default synonym',
    'groups of Settings. Each measure calls the domain functions the route',
    `loaders call, in process: ${WARM_UP_RUNS} warm-up runs, then ${RUNS} timed runs one after`,
    'another; cells are median / p95 in milliseconds. The import replaces all media with a',
    `${IMPORT_ROWS.toLocaleString('en')}-row CSV through \`importMediaCsv\` (batches of 50 in one`,
    `transaction, spec §7), 1 warm-up and ${IMPORT_RUNS} timed runs. Shared machine: figures are noisy.`,
    '',
  ];
  const measures = selectedMeasures();
  const groups = [...new Set(measures.map((measure) => measure.group))];
  const verdicts: string[] = [];
  for (const group of groups) {
    lines.push(`### ${group}`, '', header, rule);
    for (const measure of measures.filter((entry) => entry.group === group)) {
      const key = `${measure.group}|${measure.name}`;
      const small = smallest.timings.get(key)!;
      const large = largest.timings.get(key)!;
      const ratio = large.median / small.median;
      const holds =
        measure.p95TargetMs === undefined ? ratio <= FLAT_RATIO : large.p95 <= measure.p95TargetMs;
      const verdict =
        measure.p95TargetMs === undefined
          ? holds
            ? 'yes'
            : 'no'
          : `${holds ? 'yes' : 'no'} (p95 ≤ ${measure.p95TargetMs} ms)`;
      if (!holds) verdicts.push(`${group}: ${measure.name} (${ratio.toFixed(1)}×)`);
      lines.push(
        `| ${measure.name} | ${SIZES.map((size) => cell(results.get(size)!.timings.get(key)!)).join(' | ')} | ${ratio.toFixed(2)}× | ${verdict} |`,
      );
    }
    lines.push('');
  }
  if (measureImport()) {
    const imports = SIZES.map((size) => results.get(size)!.importMs!);
    const importHolds = imports.every((timing) => timing.p95 <= IMPORT_TARGET_MS);
    if (!importHolds) verdicts.push('Media CSV import above 5 s');
    lines.push(
      `### Media CSV import, ${IMPORT_ROWS.toLocaleString('en')} rows`,
      '',
      `| measure | ${SIZES.map((size) => size.toLocaleString('en')).join(' | ')} | target ≤ ${IMPORT_TARGET_MS / 1000} s |`,
      `|---|${SIZES.map(() => '---:').join('|')}|---|`,
      `| import (median / p95) | ${imports.map(cell).join(' | ')} | ${importHolds ? 'yes' : 'no'} |`,
      '',
    );
  }
  lines.push(
    '### Set-up costs (once per size, not a target)',
    '',
    `| step | ${SIZES.map((size) => size.toLocaleString('en')).join(' | ')} |`,
    `|---|${SIZES.map(() => '---:').join('|')}|`,
    `| generate the catalogue (ms) | ${SIZES.map((size) => results.get(size)!.generatedMs).join(' | ')} |`,
    `| first search: build the memoised index (ms) | ${SIZES.map((size) => milliseconds(results.get(size)!.searchIndexBuildMs)).join(' | ')} |`,
    `| first tolerant search: its index and the vocabulary refresh (ms) | ${SIZES.map((size) => milliseconds(results.get(size)!.tolerantIndexBuildMs)).join(' | ')} |`,
    '',
    verdicts.length === 0 ? 'Every target holds.' : `Targets missed: ${verdicts.join('; ')}.`,
    '',
  );
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(await runGrowthBench());
}
