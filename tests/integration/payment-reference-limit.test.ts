/**
 * Every path that takes a payment reference (the quote page's payment panel, the dashboard's, and
 * `POST /api/v1/me/orders/{id}/payment-reference`) counts on the quotation thread's message limit
 * (FORM_RATE_LIMIT a minute per client address), with the thread's own messages: each reference
 * mails the owner as a message does (docs/requirements.md, payments). A refused one stores, mails
 * and tells nothing.
 */
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as dashboardAction } from '../../app/routes/dashboard';
import { action as quotePageAction } from '../../app/routes/quotes';
import { PAYMENT_REFERENCE_INTENT } from '../../app/components/quotes/payment-intent';
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/time/shop-calendar';
import { loadConfig } from '../../server/config';
import { orders } from '../../server/db/schema';
import { acceptOffer } from '../../server/flows/accept-offer';
import { appContext, type AppContext } from '../../server/http/app-context';
import type { Actor } from '../../server/modules/actor';
import { createLogger } from '../../server/logger';
import { JOB_SCHEMA } from '../../server/modules/jobs';
import { createQuotationRequest, sendOffer } from '../../server/modules/quotations';
import { databaseRateLimiter } from '../../server/modules/rate-limit';
import { insertProduct } from '../factories';
import { SHOP_URL, startApiHarness, type ApiHarness, type Caller } from '../support/api-harness';
import { testDatabaseKind } from '../support/database';
import { typedSettingsOf } from '../../server/modules/settings';

const LIMIT = 4;
const config = loadConfig({
  AUTH_SECRET: 'api-test-secret-api-test-secret-api-test',
  PUBLIC_URL: SHOP_URL,
  FORM_RATE_LIMIT: String(LIMIT),
});
const owner: Actor = { userId: 'payment-limit-owner', roles: ['admin'] };
const utr = () => String(randomInt(100_000_000_000, 999_999_999_999));

describe(`the payment reference's limit on ${testDatabaseKind}, shared with the thread's messages`, () => {
  let harness: ApiHarness;
  let customer: Caller;
  let reference: string;
  let orderId: string;
  beforeAll(async () => {
    harness = await startApiHarness({ env: { FORM_RATE_LIMIT: String(LIMIT) } });
    customer = await harness.customer('Asha Rao');
    const { db } = harness.database;
    const product = await insertProduct(db, { name: 'Lotus Urli' });
    const actor = { userId: customer.userId!, roles: [] };
    const request = await createQuotationRequest(db, actor, {
      productId: product.id,
      quantity: '2',
      customizationNotes: '',
      customerName: 'Asha Rao',
      customerMobile: '+91 98290 11111',
      customerEmail: '',
    });
    const now = new Date();
    await sendOffer(
      db,
      owner,
      {
        quotationId: request.id,
        lines: [{ productId: '', description: 'Lotus urli', quantity: '2', unitPrice: '10000' }],
        shipping: '500',
        discount: '0',
        gstRate: '12',
        validUntil: new Date(now.getTime() + 14 * 86_400_000).toISOString().slice(0, 10),
        leadTimeDays: '',
        terms: '',
        note: '',
      },
      now,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const accepted = await acceptOffer(
      db,
      actor,
      {
        reference: request.reference,
        offerVersion: 1,
        paymentMethod: 'upi',
        name: 'Asha Rao',
        streetAddress: '12 Lake Road',
        city: 'Udaipur',
        state: 'Rajasthan',
        postalCode: '313001',
        country: 'India',
      },
      now,
      DEFAULT_SHOP_TIME_ZONE,
    );
    reference = request.reference;
    orderId = accepted.orderId;
  });
  afterAll(async () => {
    await harness.close();
  });

  /** A page action from the same client as the API's requests (no socket: "unknown"). */
  function pageContext() {
    const app = {
      db: harness.database.db,
      config,
      site: config.site,
      settings: typedSettingsOf(config.site),
      logger: createLogger('silent'),
      requestId: 'test-request',
      cspNonce: '',
      clock: () => new Date(),
      actor: { userId: customer.userId!, roles: [] },
      viewer: null,
      rateLimiter: databaseRateLimiter(harness.database.db),
      clientAddress: 'unknown',
    } as unknown as AppContext;
    return new RouterContextProvider(new Map([[appContext, app]]));
  }

  async function statusOf(result: unknown): Promise<number> {
    return (result as { init: ResponseInit | null }).init?.status ?? 200;
  }

  const viaQuotePage = async (body: Record<string, string>) =>
    statusOf(
      await quotePageAction({
        request: new Request(`${SHOP_URL}/quotes/${reference}`, {
          method: 'POST',
          body: new URLSearchParams(body),
        }),
        params: { reference },
        context: pageContext(),
      } as unknown as Parameters<typeof quotePageAction>[0]),
    );

  const message = () => viaQuotePage({ intent: 'message', body: 'Paying today.' });
  const onQuotePage = (sent: string) =>
    viaQuotePage({
      intent: PAYMENT_REFERENCE_INTENT,
      orderId,
      paymentMethod: 'upi',
      reference: sent,
    });

  async function onDashboard(sent: string): Promise<number> {
    return statusOf(
      await dashboardAction({
        request: new Request(`${SHOP_URL}/dashboard`, {
          method: 'POST',
          body: new URLSearchParams({
            intent: PAYMENT_REFERENCE_INTENT,
            orderId,
            paymentMethod: 'upi',
            reference: sent,
          }),
        }),
        params: {},
        context: pageContext(),
      } as unknown as Parameters<typeof dashboardAction>[0]),
    );
  }

  async function overApi(sent: string): Promise<number> {
    const response = await harness.request(`/api/v1/me/orders/${orderId}/payment-reference`, {
      method: 'POST',
      caller: customer,
      headers: { 'Content-Type': 'application/json', ...customer.headers },
      body: JSON.stringify({ reference: sent }),
    });
    return response.status;
  }

  async function storedReference() {
    const [row] = await harness.database.db
      .select({ reference: orders.submittedPaymentReference })
      .from(orders)
      .where(eq(orders.id, orderId));
    return row?.reference;
  }

  async function jobCount(): Promise<number> {
    const result = await harness.database.db.execute(
      sql.raw(`select count(*)::int as n from ${JOB_SCHEMA}.job`),
    );
    return Number((result.rows[0] as { n: number }).n);
  }

  it('counts a message and a reference on every path on one counter, and refuses the next on each', async () => {
    const last = utr();
    expect([
      await message(),
      await onQuotePage(utr()),
      await onDashboard(utr()),
      await overApi(last),
    ]).toEqual([200, 200, 200, 200]);
    expect(await storedReference()).toBe(last);
    const jobs = await jobCount();
    // The limit is reached: each path is refused, and stores, mails and tells nothing.
    expect([
      await onQuotePage(utr()),
      await onDashboard(utr()),
      await overApi(utr()),
      await message(),
    ]).toEqual([429, 429, 429, 429]);
    expect(await storedReference()).toBe(last);
    expect(await jobCount()).toBe(jobs);
  });
});
