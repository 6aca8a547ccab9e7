/**
 * docs/requirements.md §14: every path that makes a quotation request shares one limit with the quote form
 * (FORM_RATE_LIMIT a minute per client address): the form (the dialog and /quote/{id} post to the
 * same action), "Reorder" in the dashboard, and the API. Eight reorders in a minute made eight
 * requests before: reorder was not counted at all.
 */
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REORDER_QUANTITY_PREFIX } from '../../core/identity/account';
import { action as dashboardAction } from '../../app/routes/dashboard';
import { action as quoteAction } from '../../app/routes/quote';
import { loadConfig } from '../../server/config';
import { appContext, type AppContext } from '../../server/http/app-context';
import { createLogger } from '../../server/logger';
import { databaseRateLimiter } from '../../server/modules/rate-limit';
import { insertOrder, insertOrderItem, insertProduct } from '../factories';
import { SHOP_URL, startApiHarness, type ApiHarness, type Caller } from '../support/api-harness';
import { testDatabaseKind } from '../support/database';
import { typedSettingsOf } from '../../server/modules/settings';

const LIMIT = 4;
const config = loadConfig({
  AUTH_SECRET: 'api-test-secret-api-test-secret-api-test',
  PUBLIC_URL: SHOP_URL,
  FORM_RATE_LIMIT: String(LIMIT),
});

describe(`the quotation limit on ${testDatabaseKind}, shared by every path that makes a request`, () => {
  let harness: ApiHarness;
  let customer: Caller;
  let productId: string;
  let orderId: string;
  beforeAll(async () => {
    harness = await startApiHarness({ env: { FORM_RATE_LIMIT: String(LIMIT) } });
    customer = await harness.customer('Asha Rao');
    const { db } = harness.database;
    productId = (await insertProduct(db, { name: 'Lotus Urli' })).id;
    const order = await insertOrder(db, { userId: customer.userId! });
    await insertOrderItem(db, { orderId: order.id, productId, productName: 'Lotus Urli' });
    orderId = order.id;
  });
  afterAll(async () => {
    await harness.close();
  });

  /** A page action from the same client as the API's requests (no socket: "unknown"). */
  function pageContext(actor: AppContext['actor']) {
    const app = {
      db: harness.database.db,
      config,
      site: config.site,
      settings: typedSettingsOf(config.site),
      logger: createLogger('silent'),
      requestId: 'test-request',
      cspNonce: '',
      clock: () => new Date(),
      actor,
      viewer: null,
      rateLimiter: databaseRateLimiter(harness.database.db),
      clientAddress: 'unknown',
    } as unknown as AppContext;
    return new RouterContextProvider(new Map([[appContext, app]]));
  }

  const fields = {
    quantity: '2',
    customerName: 'Asha Rao',
    customerMobile: '+91 98290 11111',
  };

  async function viaForm(): Promise<number> {
    const result = await quoteAction({
      request: new Request(`${SHOP_URL}/quote/${productId}`, {
        method: 'POST',
        body: new URLSearchParams(fields),
      }),
      params: { productId },
      context: pageContext(null),
    } as unknown as Parameters<typeof quoteAction>[0]);
    return (result as { init: ResponseInit | null }).init?.status ?? 200;
  }

  async function viaReorder(): Promise<number> {
    const result = await dashboardAction({
      request: new Request(`${SHOP_URL}/dashboard`, {
        method: 'POST',
        body: new URLSearchParams({
          intent: 'reorder',
          orderId,
          ...fields,
          [`${REORDER_QUANTITY_PREFIX}${productId}`]: '3',
        }),
      }),
      params: {},
      context: pageContext({ userId: customer.userId!, roles: [] }),
    } as unknown as Parameters<typeof dashboardAction>[0]);
    return (result as { init: ResponseInit | null }).init?.status ?? 200;
  }

  async function viaApi(): Promise<number> {
    const response = await harness.request('/api/v1/quotation-requests', {
      method: 'POST',
      caller: customer,
      headers: { 'Content-Type': 'application/json', ...customer.headers },
      body: JSON.stringify({ productId, ...fields, quantity: 2 }),
    });
    return response.status;
  }

  it('counts the form, a reorder and the API on one counter, and refuses the next on any of them', async () => {
    expect([await viaForm(), await viaReorder(), await viaApi(), await viaReorder()]).toEqual([
      200, 200, 201, 200,
    ]);
    // The limit is reached: each path is refused now, and makes nothing.
    expect([await viaReorder(), await viaForm(), await viaApi()]).toEqual([429, 429, 429]);
  });
});
