/**
 * The quote page's route (docs/requirements.md §10) as the server runs it: a real database and the database rate
 * limiter. The thread is rate-limited like the public forms; a wrong key is a 404 for the loader
 * and the action alike; the request's answer carries its reference and private link.
 */
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as quoteAction } from '../../app/routes/quote';
import { action as quotesAction, loader as quotesLoader } from '../../app/routes/quotes';
import type { Answer } from '../../core/community/answer';
import { quotationMessages } from '../../server/db/schema';
import type { Database } from '../../server/db/client';
import { loadConfig } from '../../server/config';
import { appContext, type AppContext } from '../../server/http/app-context';
import { createLogger } from '../../server/logger';
import type { Actor } from '../../server/modules/actor';
import { addRequestToAccount } from '../../server/flows/add-request-to-account';
import { createQuotationRequest, issueAccessKey } from '../../server/modules/quotations';
import { databaseRateLimiter } from '../../server/modules/rate-limit';
import { insertProduct, insertUser } from '../factories';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import { typedSettingsOf } from '../../server/modules/settings';

// Defaults only: FORM_RATE_LIMIT unset, as a shop runs out of the box.
const config = loadConfig({ AUTH_SECRET: 'integration-secret-integration-secret' });
let addressCount = 0;

function requestContext(db: Database): { context: RouterContextProvider } {
  addressCount += 1;
  const app = {
    db,
    config,
    site: config.site,
    settings: typedSettingsOf(config.site),
    logger: createLogger('silent'),
    requestId: 'test-request',
    cspNonce: '',
    clock: () => new Date(),
    actor: null,
    viewer: null,
    rateLimiter: databaseRateLimiter(db),
    clientAddress: `203.0.113.${addressCount}`,
  } as AppContext;
  return { context: new RouterContextProvider(new Map([[appContext, app]])) };
}

function reply(result: unknown): { status: number; body: Answer } {
  const { data, init } = result as { data: Answer; init: ResponseInit | null };
  return { status: init?.status ?? 200, body: data };
}

type QuotesActionArgs = Parameters<typeof quotesAction>[0];
type QuotesLoaderArgs = Parameters<typeof quotesLoader>[0];
type QuoteActionArgs = Parameters<typeof quoteAction>[0];

describe(`the quote page's route on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let productId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    productId = (await insertProduct(database.db, { name: 'Lotus Urli' })).id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function guestRequest() {
    const made = await createQuotationRequest(database.db, null, {
      productId,
      quantity: '2',
      customerName: 'Meera Shah',
      customerMobile: '+91 94140 55555',
    });
    return { id: made.id, reference: made.reference, key: made.accessKey };
  }

  const postMessage = async (
    context: RouterContextProvider,
    access: { reference: string; key: string },
    body: string,
  ) =>
    reply(
      await quotesAction({
        request: new Request(`http://shop.test/quotes/${access.reference}?key=${access.key}`, {
          method: 'POST',
          body: new URLSearchParams({ intent: 'message', body }),
        }),
        params: { reference: access.reference },
        context,
      } as unknown as QuotesActionArgs),
    );

  it('answers the 6th message in a minute from one client with 429 and stores it not', async () => {
    expect(config.formRateLimit).toBe(5);
    const access = await guestRequest();
    const { context } = requestContext(database.db);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(await postMessage(context, access, `Message ${attempt}`)).toMatchObject({
        status: 200,
        body: { status: 'ok', toast: { title: 'Message Sent' } },
      });
    }
    expect(await postMessage(context, access, 'Message 6')).toMatchObject({
      status: 429,
      body: { status: 'rate-limited', toast: { title: 'Too many requests' } },
    });
    const stored = await database.db.select().from(quotationMessages);
    expect(stored.map((message) => message.body).sort()).toEqual(
      ['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5'].sort(),
    );
  });

  it('is a 404 for another request’s key, to the loader and to a message', async () => {
    const mine = await guestRequest();
    const theirs = await guestRequest();
    const wrong = { reference: mine.reference, key: theirs.key };
    await expect(
      quotesLoader({
        request: new Request(`http://shop.test/quotes/${wrong.reference}?key=${wrong.key}`),
        params: { reference: wrong.reference },
        context: requestContext(database.db).context,
      } as unknown as QuotesLoaderArgs),
    ).rejects.toMatchObject({ init: { status: 404 } });
    const before = await database.db.select().from(quotationMessages);
    expect(await postMessage(requestContext(database.db).context, wrong, 'Hello')).toMatchObject({
      status: 404,
      body: { status: 'not-found' },
    });
    expect(await database.db.select().from(quotationMessages)).toEqual(before);

    // Authorise before any work: the form of a wrong key is never read.
    let read = false;
    const watched = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          read = true;
          controller.enqueue(new TextEncoder().encode('intent=message&body=Hello'));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const refused = reply(
      await quotesAction({
        request: new Request(`http://shop.test/quotes/${wrong.reference}?key=${wrong.key}`, {
          method: 'POST',
          body: watched,
          duplex: 'half',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        } as RequestInit),
        params: { reference: wrong.reference },
        context: requestContext(database.db).context,
      } as unknown as QuotesActionArgs),
    );
    expect(refused.status).toBe(404);
    expect(read).toBe(false);

    // The right key reads the page.
    const page = await quotesLoader({
      request: new Request(`http://shop.test/quotes/${mine.reference}?key=${mine.key}`),
      params: { reference: mine.reference },
      context: requestContext(database.db).context,
    } as unknown as QuotesLoaderArgs);
    expect(page.quote.reference).toBe(mine.reference);
  });

  it("is a 404 for a guest's old link once the request is added to an account, as for an unknown one", async () => {
    const email = `leela-${Date.now()}@example.com`;
    const leela: Actor = { userId: (await insertUser(database.db, { email })).id, roles: [] };
    // A stranger sent it naming her address; she adds it from her mail's link.
    const made = await createQuotationRequest(database.db, null, {
      productId,
      quantity: '2',
      customerName: 'Stranger',
      customerMobile: '+91 94140 55555',
      customerEmail: email,
    });
    const strangers = { reference: made.reference, key: made.accessKey };
    const mailed = { reference: made.reference, key: await issueAccessKey(database.db, made.id) };
    await addRequestToAccount(database.db, leela, mailed);

    for (const old of [strangers, mailed]) {
      await expect(
        quotesLoader({
          request: new Request(`http://shop.test/quotes/${old.reference}?key=${old.key}`),
          params: { reference: old.reference },
          context: requestContext(database.db).context,
        } as unknown as QuotesLoaderArgs),
      ).rejects.toMatchObject({ init: { status: 404 } });
      const before = await database.db.select().from(quotationMessages);
      expect(await postMessage(requestContext(database.db).context, old, 'Hello')).toMatchObject({
        status: 404,
        body: { status: 'not-found' },
      });
      expect(await database.db.select().from(quotationMessages)).toEqual(before);
    }
  });

  it("answers a quotation request with spec §8's toast, its reference, and the private link", async () => {
    const answer = reply(
      await quoteAction({
        request: new Request(`http://shop.test/quote/${productId}`, {
          method: 'POST',
          body: new URLSearchParams({
            quantity: '1',
            customerName: 'Kabir Rao',
            customerMobile: '+91 98765 43210',
          }),
        }),
        params: { productId },
        context: requestContext(database.db).context,
      } as unknown as QuoteActionArgs),
    );
    const { reference, link } = answer.body.data as { reference: string; link: string };
    expect(reference).toMatch(/^Q-\d{8}-\d{4}$/);
    expect(answer.body.toast).toEqual({
      title: 'Request Submitted!',
      description: `Your quotation request has been sent. We will contact you shortly. Reference: ${reference}`,
    });
    expect(link).toMatch(new RegExp(`^/quotes/${reference}\\?key=[A-Za-z0-9_-]{32}$`));
  });
});
