/**
 * The payment reference in the domain (docs/requirements.md, payments; docs/decisions/
 * 025-advance-and-balance.md): the owner is mailed and an integration told only when the stored
 * reference changes, and a balance is never paid with the advance's reference, neither by the
 * customer's form nor by the owner's "Confirm Balance Received".
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, insertUser } from '../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/database';
import { mailQueueFrom } from '../../tests/support/queued-mail';
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/time/shop-calendar';
import { loadConfig } from '../config';
import { orders, webhookDeliveries } from '../db/schema';
import type { Actor } from '../modules/actor';
import { DomainError } from '../modules/errors';
import { setOrderStatus } from '../modules/orders';
import { createQuotationRequest, getQuoteForCustomer, sendOffer } from '../modules/quotations';
import { createWebhookEndpoint } from '../modules/webhooks';
import { acceptOffer } from './accept-offer';
import { submitPaymentReference } from './submit-payment-reference';

const config = loadConfig({ AUTH_SECRET: 'payment-reference-test-secret-payment-ref' });
const admin: Actor = { userId: 'payment-reference-admin', roles: ['admin'] };
const monday = new Date('2026-11-24T04:30:00Z');
const tuesday = new Date('2026-11-25T04:30:00Z');
const ADVANCE_AS_BALANCE =
  'This is the advance’s payment reference. Please enter the reference of the balance payment.';

const address = {
  name: 'Leena Rao',
  streetAddress: '4 Bay Street',
  apartment: '',
  city: 'Jaipur',
  state: 'Rajasthan',
  postalCode: '302001',
  country: 'IN',
};

/** ₹1,500 × 2 + ₹450 shipping at 12% GST, half in advance. */
function offerForm(paymentTerms: { advancePercent: string }) {
  return {
    lines: [{ productId: '', description: 'Brass diya', quantity: '2', unitPrice: '1500' }],
    shipping: '450',
    discount: '0',
    gstRate: '12',
    validUntil: '2026-12-08',
    leadTimeDays: '',
    terms: '',
    note: '',
    ...paymentTerms,
  };
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${error}`);
  return error;
}

describe(`the payment reference on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let endpointId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const integrator = await insertUser(database.db, { email: 'integrator@example.com' });
    const endpoint = await createWebhookEndpoint(
      database.db,
      { userId: integrator.id, roles: ['admin'] },
      { url: 'http://127.0.0.1:9/hooks', events: ['order.payment_reference'] },
      { allowPrivate: true, requireHttps: false },
    );
    endpointId = endpoint.id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** A guest's accepted offer, paid by `paymentMethod`, and the key to its quote page. */
  async function acceptedOrder(
    advancePercent: string,
    paymentMethod: 'upi' | 'bank transfer' = 'upi',
  ) {
    const { db } = database;
    const product = await insertProduct(db, { name: 'Brass Diya', priceMinor: 150_000 });
    const request = await createQuotationRequest(db, null, {
      productId: product.id,
      quantity: '2',
      customizationNotes: '',
      customerName: 'Leena Rao',
      customerCompany: '',
      customerMobile: '+91 98290 12345',
      customerEmail: 'leena@example.com',
    });
    const access = { reference: request.reference, key: request.accessKey };
    await sendOffer(
      db,
      admin,
      { quotationId: request.id, ...offerForm({ advancePercent }) },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const quote = await getQuoteForCustomer(db, null, access, monday, DEFAULT_SHOP_TIME_ZONE);
    const accepted = await acceptOffer(
      db,
      null,
      { ...access, offerId: quote.currentOffer!.id, paymentMethod, ...address },
      tuesday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const send = (paymentReference: string) =>
      submitPaymentReference(
        db,
        null,
        { orderId: accepted.orderId, ...access, paymentReference },
        tuesday,
      );
    return { access, orderId: accepted.orderId, send };
  }

  async function eventsOf(orderId: string): Promise<unknown[]> {
    const rows = await database.db
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId));
    return rows
      .map(
        ({ payload }) => (payload as { data: { orderId: string; paymentReference: string } }).data,
      )
      .filter((data) => data.orderId === orderId)
      .map((data) => data.paymentReference);
  }

  async function orderRow(orderId: string) {
    const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    return row!;
  }

  it('mails the owner and tells integrations once per reference: the same one again changes and tells nothing', async () => {
    const queue = await mailQueueFrom(database.db, config);
    const { orderId, send } = await acceptedOrder('100');
    const first = await send('123456789012');
    // Sent again, as a double tap or a second tab would, and typed with spaces: received, no news.
    expect(await send('123456789012')).toEqual(first);
    expect(await send('1234 5678 9012')).toEqual(first);
    const [stored] = await database.db
      .select({ at: orders.paymentReferenceSubmittedAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(stored?.at).toEqual(tuesday);
    const ownerMails = async () =>
      (await queue.mails()).filter((mail) => mail.text.includes('123456789012'));
    expect(await ownerMails()).toHaveLength(1);
    expect(await eventsOf(orderId)).toEqual(['123456789012']);

    // A corrected reference is news: one more mail and one more event.
    await send('210987654321');
    expect((await orderRow(orderId)).submittedPaymentReference).toBe('210987654321');
    expect(await eventsOf(orderId)).toEqual(['123456789012', '210987654321']);
    await send('210987654321');
    expect(await eventsOf(orderId)).toEqual(['123456789012', '210987654321']);
  });

  it('tells once per balance reference too, apart from the advance’s', async () => {
    const { orderId, send } = await acceptedOrder('50');
    await send('111122223333');
    await setOrderStatus(
      database.db,
      admin,
      { orderId, action: 'confirm-payment', paymentReference: '111122223333' },
      tuesday,
    );
    await send('444455556666');
    await send('444455556666');
    expect(await eventsOf(orderId)).toEqual(['111122223333', '444455556666']);
    expect(await orderRow(orderId)).toMatchObject({
      submittedPaymentReference: '111122223333',
      submittedBalanceReference: '444455556666',
    });
  });

  it('refuses the customer’s balance reference when it is the one the owner confirmed for the advance', async () => {
    const { orderId, send } = await acceptedOrder('50');
    await send('111122224444');
    // The owner confirms the advance under the reference the bank statement shows.
    await setOrderStatus(
      database.db,
      admin,
      { orderId, action: 'confirm-payment', paymentReference: '999988887777' },
      tuesday,
    );
    const refused = await refusal(send('999988887777'));
    expect(refused).toMatchObject({ code: 'conflict', message: ADVANCE_AS_BALANCE });
    expect((await orderRow(orderId)).submittedBalanceReference).toBeNull();
  });

  it('refuses the owner’s "Confirm Balance Received" with the advance’s reference, and changes nothing', async () => {
    const { db } = database;
    const { orderId, send } = await acceptedOrder('50', 'bank transfer');
    await send('hdfc 0001 2345');
    await setOrderStatus(
      db,
      admin,
      { orderId, action: 'confirm-payment', paymentReference: 'HDFC00012345' },
      tuesday,
    );
    const queue = await mailQueueFrom(db, config);
    const before = await orderRow(orderId);
    // The advance's reference, as confirmed and as typed differently, is not the balance's.
    for (const typed of ['HDFC00012345', ' hdfc 0001 2345 ']) {
      const refused = await refusal(
        setOrderStatus(
          db,
          admin,
          { orderId, action: 'confirm-balance', paymentReference: typed },
          tuesday,
        ),
      );
      expect(refused).toMatchObject({ code: 'conflict', message: ADVANCE_AS_BALANCE });
    }
    expect(await orderRow(orderId)).toEqual(before);
    expect(await queue.mails()).toEqual([]);

    // Its own reference, or none, confirms it.
    await setOrderStatus(
      db,
      admin,
      { orderId, action: 'confirm-balance', paymentReference: 'HDFC00067890' },
      tuesday,
    );
    expect(await orderRow(orderId)).toMatchObject({
      paymentStatus: 'paid',
      paymentId: 'HDFC00012345',
      balancePaymentId: 'HDFC00067890',
    });
  });
});
