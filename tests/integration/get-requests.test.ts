/**
 * docs/requirements.md §14: a GET never writes. `/admin/quotations/{id}/whatsapp` made a private
 * key on a GET, so a link or an image on another site could make the owner's browser create one.
 * Every route of the route table (generated from app/routes.ts, so a new route is walked the day
 * it is added), its data request, and the JSON API's GET operations (from its OpenAPI document)
 * are fetched by a visitor, a customer and the owner, with real ids; every table is the same
 * after. The answers and the rows are all there is to check, so the whole app answers here in
 * process, on PGlite and on PostgreSQL, the customer and the owner signed in through the real auth
 * endpoints.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import routeTable from '../../app/routes';
import { testDatabaseKind } from '../support/database';
import { startShopApp, type ShopApp } from '../support/http-app';
import { tableDigests } from '../support/table-digest';

/**
 * Not the shop's state: request counters (the API counts its reads), the signing keys Better
 * Auth makes on the first token asked for, and the row of the installation.
 */
const NOT_STATE = ['rate_limit_counters', 'jwks', 'app_state'];

function routePatterns(entries: readonly RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : [parent, entry.path].filter(Boolean).join('/');
    return [`/${own}`, ...routePatterns(entry.children ?? [], own)];
  });
}

/**
 * Every row of every table of the shop, and which mails and webhooks were ever queued (their
 * ids: a running worker moves their state on its own, and the clock queues its sweeps).
 */
async function fingerprint(shop: ShopApp): Promise<Record<string, string>> {
  const tables = await shop.sql<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const result = await tableDigests(
    shop.sql,
    tables.map((table) => table.name).filter((name) => !NOT_STATE.includes(name)),
  );
  const [jobs] = await shop.sql<{ ids: string }>(
    `select coalesce(string_agg(id::text, ',' order by id), '') as ids from pgboss.job
     where name in ('mail', 'mail-held', 'webhook-delivery')`,
  );
  result['queued mails and webhooks'] = jobs?.ids ?? '';
  return result;
}

/** A guest's quotation with a sent offer and a private key, as the quote page and PDF read it. */
async function seedQuotation(
  shop: ShopApp,
): Promise<{ id: string; reference: string; key: string }> {
  const [request] = await shop.sql<{ id: string; reference: string }>(
    `insert into quotation_requests (product_id, product_name, quantity, customer_name,
                                     customer_mobile, customer_email, status)
     values ('lotus-urli', 'Lotus Urli', 2, 'Kabir Mehta', '98290 44444', 'kabir@example.com',
             'processing')
     returning id, reference`,
  );
  const [offer] = await shop.sql<{ id: string }>(
    `insert into quotation_offers (quotation_request_id, version, status, subtotal_minor,
                                   gst_rate_basis_points, gst_minor, total_minor, valid_until,
                                   sent_at)
     values ($1, 1, 'sent', 500000, 1200, 60000, 560000, current_date + 14, now())
     returning id`,
    [request!.id],
  );
  await shop.sql(
    `insert into quotation_offer_lines (offer_id, position, product_id, description, quantity,
                                        unit_price_minor, line_total_minor)
     values ($1, 0, 'lotus-urli', 'Lotus Urli', 2, 250000, 500000)`,
    [offer!.id],
  );
  const key = randomBytes(24).toString('base64url');
  await shop.sql(
    'insert into quotation_access_keys (key_hash, quotation_request_id) values ($1, $2)',
    [createHash('sha256').update(key).digest('hex'), request!.id],
  );
  return { ...request!, key };
}

describe(`GET requests on ${testDatabaseKind}`, () => {
  let shop: ShopApp;
  beforeAll(async () => {
    shop = await startShopApp();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('no GET of any route or API operation changes a table, for a visitor, a customer or the owner', async () => {
    const quotation = await seedQuotation(shop);
    const { client: customer } = await shop.customer();
    const { client: owner } = await shop.admin();
    const visitor = shop.client();

    const values: Record<string, string> = {
      ':category': 'divine-artistry',
      ':productId': 'lotus-urli',
      ':reference': quotation.reference,
      ':version.pdf': '1.pdf',
      ':storyId': 'marble-artisans-of-banswara',
      '*': 'no-such-page',
    };
    const addressOf = (pattern: string) => {
      const filled = pattern
        .replace(/^\/admin\/quotations\/:id/, `/admin/quotations/${quotation.id}`)
        .replace(/^\/product\/:id/, '/product/lotus-urli')
        .replace(/:[a-zA-Z]+(\.pdf)?|\*$/g, (part) => values[part] ?? part);
      return filled.startsWith('/quotes/') ? `${filled}?key=${quotation.key}` : filled;
    };
    const pages = routePatterns(routeTable).map(addressOf);
    // Each page's data request too: React Router's single fetch, as a client navigation asks it.
    const dataRequests = pages
      .filter((address) => !/\.(csv|pdf|xml|txt)$/.test(address.split('?')[0]!))
      .map((address) => {
        const [path, query] = address.split('?');
        return `${path === '/' ? '/_root' : path}.data${query ? `?${query}` : ''}`;
      });
    const document = (await (await owner.get('/api/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const apiReads = Object.entries(document.paths)
      .filter(([, operations]) => 'get' in operations)
      .map(([path]) =>
        `/api/v1${path}`
          .replace('{id}', 'lotus-urli')
          .replace('{reference}', quotation.reference)
          .replace('{version}', '1'),
      );
    const others = [
      '/healthz',
      '/api/auth/get-session',
      '/api/docs',
      '/search/suggestions?q=ganesh',
      '/newsletter/unsubscribe?token=forged.token',
    ];
    const addresses = [...pages, ...dataRequests, ...apiReads, ...others];
    expect(addresses).toEqual(
      expect.arrayContaining([`/admin/quotations/${quotation.id}/whatsapp`, '/admin/settings']),
    );

    // A GET of a route that only takes posts is answered 405, and React Router logs it as an
    // error, as the built server does; any other error still fails the test.
    const logged = console.error;
    const noLoader = /^Error: You made a GET request to "[^"]+" but did not provide a `loader`/;
    const quiet = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (!noLoader.test(String(args[0]))) logged(...args);
    });
    const before = await fingerprint(shop);
    const walked: string[] = [];
    try {
      for (const request of [visitor, customer, owner]) {
        for (const address of addresses) {
          const answer = await request.get(address, { maxRedirects: 0 });
          walked.push(`${answer.status} ${address}`);
        }
      }
    } finally {
      quiet.mockRestore();
    }
    expect(await fingerprint(shop)).toEqual(before);
    // The walk reached the pages it is for: the owner's quotation page and the customer's quote.
    expect(walked).toContain(`200 /admin/quotations/${quotation.id}`);
    expect(walked).toContain(`200 /quotes/${quotation.reference}?key=${quotation.key}`);
  }, 300_000);
});
