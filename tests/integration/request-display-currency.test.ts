/**
 * docs/requirements.md §21: a quotation request keeps the display currency its page showed (the cookie's choice,
 * or the Accept-Language region's), so a guest's offer mail can show it; the worker never sees
 * the guest's browser. Both pages that make requests, through their own actions: /quote/{id} and
 * the quote list's "Request Quotation".
 */
import { RouterContextProvider } from 'react-router';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as quoteAction } from '../../app/routes/quote';
import { action as quoteListAction } from '../../app/routes/quote-list';
import { shopDayOf } from '../../core/time/shop-calendar';
import { loadConfig } from '../../server/config';
import { quotationRequests } from '../../server/db/schema';
import { appContext, type AppContext } from '../../server/http/app-context';
import { QUOTE_LIST_COOKIE } from '../../server/http/quote-list-cookie';
import { createLogger } from '../../server/logger';
import { addToQuoteList } from '../../server/modules/quote-lists';
import { databaseRateLimiter } from '../../server/modules/rate-limit';
import { insertProduct } from '../factories';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import { typedSettingsOf } from '../../server/modules/settings';

const SHOP_URL = 'http://shop.test';
const config = loadConfig({
  AUTH_SECRET: 'request-currency-secret-request-currency',
  PUBLIC_URL: SHOP_URL,
});
const now = new Date();

describe(`the currency a request's page showed, on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let productId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    productId = (await insertProduct(database.db, { name: 'Lotus Urli' })).id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** A page's context, the owner having set `rates` today ("USD 83.50,GBP 110.55"; "" for none). */
  function context(rates: string) {
    const today = shopDayOf(now, config.site.shopTimeZone);
    const app = {
      db: database.db,
      config,
      site: {
        ...config.site,
        displayCurrencies: rates
          .split(',')
          .filter(Boolean)
          .map((line) => `${line} ${today}`)
          .join('\n'),
      },
      settings: typedSettingsOf(config.site),
      logger: createLogger('silent'),
      requestId: 'test-request',
      cspNonce: '',
      clock: () => now,
      actor: null,
      viewer: null,
      rateLimiter: databaseRateLimiter(database.db),
      clientAddress: `client-${Math.random()}`,
    } as unknown as AppContext;
    return new RouterContextProvider(new Map([[appContext, app]]));
  }

  const storedCurrency = async (customerName: string) =>
    (
      await database.db
        .select({ displayCurrency: quotationRequests.displayCurrency })
        .from(quotationRequests)
        .where(eq(quotationRequests.customerName, customerName))
    )[0]?.displayCurrency;

  async function viaForm(customerName: string, headers: HeadersInit, rates: string) {
    await quoteAction({
      request: new Request(`${SHOP_URL}/quote/${productId}`, {
        method: 'POST',
        headers,
        body: new URLSearchParams({ quantity: '1', customerName, customerMobile: '9829011111' }),
      }),
      params: { productId },
      context: context(rates),
    } as unknown as Parameters<typeof quoteAction>[0]);
    return storedCurrency(customerName);
  }

  it('keeps the Accept-Language region’s currency, the cookie’s choice, or none', async () => {
    const rates = 'USD 83.50,GBP 110.55';
    expect(await viaForm('Emily Carter', { 'Accept-Language': 'en-US,en;q=0.9' }, rates)).toBe(
      'USD',
    );
    const chosenGbp = { 'Accept-Language': 'en-US', Cookie: 'storefront.currency=GBP' };
    expect(await viaForm('Oliver Hughes', chosenGbp, rates)).toBe('GBP');
    const chosenRupees = { 'Accept-Language': 'en-US', Cookie: 'storefront.currency=INR' };
    expect(await viaForm('Asha Rao', chosenRupees, rates)).toBeNull();
    // no rate set: rupees only, whatever the browser says
    expect(await viaForm('Jack Brown', { 'Accept-Language': 'en-US' }, '')).toBeNull();
  });

  it('keeps it for a guest’s quote list too', async () => {
    const { token } = await addToQuoteList(
      database.db,
      { actor: null, token: null },
      { productId },
      now,
    );
    await quoteListAction({
      request: new Request(`${SHOP_URL}/quote-list`, {
        method: 'POST',
        headers: { 'Accept-Language': 'en-CA', Cookie: `${QUOTE_LIST_COOKIE}=${token}` },
        body: new URLSearchParams({
          intent: 'submit',
          customerName: 'Chloe Tremblay',
          customerMobile: '9829022222',
        }),
      }),
      params: {},
      context: context('CAD 61.20'),
    } as unknown as Parameters<typeof quoteListAction>[0]);
    expect(await storedCurrency('Chloe Tremblay')).toBe('CAD');
  });
});
