/**
 * docs/requirements.md §21 "Advance and balance", end to end in the domain: an offer asking for an advance, its
 * acceptance, the advance's UPI link and confirmation (partially paid), the balance's reference and
 * confirmation (paid, the order's status unmoved), the mails of each step, and the UPI limit. It also reads the customer's payment panel (app/), so it
 * sits here rather than under server/, which never imports the UI.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, insertUser } from '../factories';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import { mailQueueFrom } from '../support/queued-mail';
import { payableOrderOf, paymentPanelFor } from '../../app/components/quotes/payment-panel.server';
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/time/shop-calendar';
import { loadConfig } from '../../server/config';
import { orders, quotationOffers, webhookDeliveries } from '../../server/db/schema';
import type { Actor } from '../../server/modules/actor';
import { DomainError } from '../../server/modules/errors';
import { getOrderForOwner, setOrderStatus } from '../../server/modules/orders';
import {
  createQuotationRequest,
  getQuoteForCustomer,
  saveOfferDraft,
  sendOffer,
} from '../../server/modules/quotations';
import { readSiteSettings, typedSettingsOf } from '../../server/modules/settings';
import { createWebhookEndpoint } from '../../server/modules/webhooks';
import { acceptOffer } from '../../server/flows/accept-offer';
import { submitPaymentReference } from '../../server/flows/submit-payment-reference';
import { orderTotalRows } from '../../core/quotes/offer-totals';

const config = loadConfig({ AUTH_SECRET: 'advance-balance-test-secret-advance-balance' });
const admin: Actor = { userId: 'advance-admin', roles: ['admin'] };
const monday = new Date('2026-11-24T04:30:00Z');
const tuesday = new Date('2026-11-25T04:30:00Z');

const address = {
  name: 'Leena Rao',
  streetAddress: '4 Bay Street',
  apartment: '',
  city: 'Toronto',
  state: 'ON',
  postalCode: 'M5J 2T3',
  country: 'CA',
};

/** The composer's form; ₹1,500 × 2 + ₹450 shipping at 12% GST = ₹3,864. */
function offerForm(overrides: Record<string, unknown> = {}) {
  return {
    lines: [{ productId: '', description: 'Brass diya', quantity: '2', unitPrice: '1500' }],
    shipping: '450',
    discount: '0',
    gstRate: '12',
    validUntil: '2026-12-08',
    leadTimeDays: '',
    terms: '50% advance',
    note: '',
    advancePercent: '50',
    ...overrides,
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

describe(`advance and balance on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function acceptedOrder(form: Record<string, unknown>, email = 'leena@example.com') {
    const { db } = database;
    const product = await insertProduct(db, { name: 'Brass Diya', priceMinor: 150_000 });
    const request = await createQuotationRequest(db, null, {
      productId: product.id,
      quantity: '2',
      customizationNotes: '',
      customerName: 'Leena Rao',
      customerCompany: 'Rao Interiors',
      customerMobile: '+1 416 555 0199',
      customerEmail: email,
    });
    const access = { reference: request.reference, key: request.accessKey };
    await sendOffer(
      db,
      admin,
      { quotationId: request.id, ...offerForm(form) },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const quote = await getQuoteForCustomer(db, null, access, monday, DEFAULT_SHOP_TIME_ZONE);
    const queue = await mailQueueFrom(db, config);
    const accepted = await acceptOffer(
      db,
      null,
      { ...access, offerId: quote.currentOffer!.id, paymentMethod: 'upi', ...address },
      tuesday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    return { access, quote, queue, orderId: accepted.orderId, orderNumber: accepted.orderNumber };
  }

  async function panelOf(orderId: string) {
    const order = await getOrderForOwner(database.db, admin, { orderId });
    const site = await readSiteSettings(database.db, config);
    return paymentPanelFor(payableOrderOf(order), site, typedSettingsOf(site));
  }

  it('asks for the advance, then the balance, and is paid once the owner confirms both', async () => {
    const { db } = database;
    // An integration hears which payment each reference is for, and its amount.
    const integrator = await insertUser(db, { email: 'integrator@example.com' });
    const endpoint = await createWebhookEndpoint(
      db,
      { userId: integrator.id, roles: ['admin'] },
      { url: 'http://127.0.0.1:9/hooks', events: ['order.payment_reference'] },
      { allowPrivate: true, requireHttps: false },
    );
    const { access, quote, queue, orderId, orderNumber } = await acceptedOrder({});
    expect(quote.currentOffer).toMatchObject({ totalMinor: 386_400, advancePercent: 50 });

    // The order asks for half, the UPI link and its mail carry it.
    const [made] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(made).toMatchObject({ advanceMinor: 193_200, paymentStatus: 'pending' });
    const advancePanel = await panelOf(orderId);
    expect(advancePanel).toMatchObject({ stage: 'advance', amountMinor: 193_200 });
    expect(advancePanel?.upiUri).toContain('am=1932.00');
    const acceptedMail = (await queue.mails()).find(
      (mail) => mail.to === 'leena@example.com' && mail.subject.startsWith('Offer accepted'),
    );
    expect(acceptedMail?.html).toContain('am=1932.00');
    expect(acceptedMail?.text).toContain(
      'Please pay the advance of ₹1,932 now; the balance of ₹1,932 is due before dispatch.',
    );

    await submitPaymentReference(
      db,
      null,
      { orderId, ...access, paymentReference: '111122223333' },
      tuesday,
    );
    await setOrderStatus(
      db,
      admin,
      { orderId, action: 'confirm-payment', paymentReference: '111122223333' },
      tuesday,
    );
    const [advancePaid] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(advancePaid).toMatchObject({ status: 'confirmed', paymentStatus: 'partially_paid' });

    // The page and a mail ask for the balance, with the same UPI link (of the balance).
    const balancePanel = await panelOf(orderId);
    expect(balancePanel).toMatchObject({
      stage: 'balance',
      amountMinor: 193_200,
      submittedPaymentReference: null,
    });
    const balanceMail = (await queue.mails()).find((mail) =>
      mail.subject.startsWith('Advance received'),
    );
    expect(balanceMail).toMatchObject({
      to: 'leena@example.com',
      subject: `Advance received for ${orderNumber}: balance due`,
    });
    expect(balanceMail?.text).toContain('Please pay the balance of ₹1,932 before dispatch');
    expect(balanceMail?.html).toContain('am=1932.00');

    // The advance's reference cannot pay the balance too.
    const reused = await refusal(
      submitPaymentReference(
        db,
        null,
        { orderId, ...access, paymentReference: '111122223333' },
        tuesday,
      ),
    );
    expect(reused.code).toBe('conflict');
    await submitPaymentReference(
      db,
      null,
      { orderId, ...access, paymentReference: '444455556666' },
      tuesday,
    );
    const [balanceReferenced] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(balanceReferenced).toMatchObject({
      submittedPaymentReference: '111122223333',
      submittedBalanceReference: '444455556666',
    });
    expect((await panelOf(orderId))?.submittedPaymentReference).toBe('444455556666');
    const told = await db
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id))
      .orderBy(webhookDeliveries.createdAt);
    expect(told.map(({ payload }) => (payload as { data: unknown }).data)).toEqual([
      expect.objectContaining({
        paymentReference: '111122223333',
        payment: 'advance',
        amountMinor: 193_200,
        totalMinor: 386_400,
      }),
      expect.objectContaining({
        paymentReference: '444455556666',
        payment: 'balance',
        amountMinor: 193_200,
      }),
    ]);

    // Shipping with the balance due is the owner's call: it does not block.
    await setOrderStatus(db, admin, { orderId, action: 'start-processing' }, tuesday);
    await setOrderStatus(
      db,
      admin,
      { orderId, action: 'confirm-balance', paymentReference: '444455556666' },
      tuesday,
    );
    const [paid] = await db.select().from(orders).where(eq(orders.id, orderId));
    // Confirming the balance does not move the order's status (spec §4 unchanged).
    expect(paid).toMatchObject({
      status: 'processing',
      paymentStatus: 'paid',
      balancePaymentId: '444455556666',
      paymentId: '111122223333',
    });
    expect(await panelOf(orderId)).toBeNull();
    const subjects = (await queue.mails()).map((mail) => mail.subject);
    expect(subjects).toContain(`Payment confirmed for ${orderNumber}`);
    // The owner tells the advance's reference from the balance's, each with its amount, though
    // both payments were confirmed before the mails were read.
    const referenceMails = (await queue.mails()).filter((mail) =>
      mail.subject.includes('reference received'),
    );
    expect(referenceMails.map((mail) => mail.subject)).toEqual([
      `Advance reference received for ${orderNumber}`,
      `Balance reference received for ${orderNumber}`,
    ]);
    expect(referenceMails.map((mail) => mail.text.replace(/\s+/g, ' '))).toEqual([
      expect.stringContaining(
        `submitted the UPI reference 111122223333 for the advance of ₹1,932 on order ${orderNumber}.`,
      ),
      expect.stringContaining(
        `submitted the UPI reference 444455556666 for the balance of ₹1,932 on order ${orderNumber}.`,
      ),
    ]);
    // Nothing is left to confirm.
    const again = await refusal(
      setOrderStatus(db, admin, { orderId, action: 'confirm-balance' }, tuesday),
    );
    expect(again.code).toBe('conflict');
  });

  it('keeps an order of a 100% advance in one payment, as before', async () => {
    const { orderId } = await acceptedOrder({ advancePercent: '100' }, 'full@example.com');
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.advanceMinor).toBeNull();
    expect(await panelOf(orderId)).toMatchObject({ stage: 'full', amountMinor: 386_400 });
    await setOrderStatus(database.db, admin, { orderId, action: 'confirm-payment' }, tuesday);
    const [paid] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(paid?.paymentStatus).toBe('paid');
  });

  it('names the order’s tax as its offer did: "GST (5%)", not "Tax"', async () => {
    const { orderId } = await acceptedOrder({ gstRate: '5' }, 'gst@example.com');
    const order = await getOrderForOwner(database.db, admin, { orderId });
    expect(orderTotalRows(order).map((row) => `${row.label} ${row.amount}`)).toContain(
      'GST (5%) ₹172.50',
    );
  });

  it('shows bank transfer only above the UPI limit', async () => {
    // ₹60,000 × 2 + ₹450 at 12% = ₹1,34,904: above ₹1,00,000, in one payment
    const { orderId, queue } = await acceptedOrder(
      {
        advancePercent: '100',
        lines: [{ productId: '', description: 'Marble urli', quantity: '2', unitPrice: '60000' }],
      },
      'large@example.com',
    );
    const panel = await panelOf(orderId);
    expect(panel).toMatchObject({ stage: 'full', amountMinor: 13_490_400, upiUri: null });
    expect(panel?.upiOverLimit).toBe(
      'UPI takes at most ₹1,00,000 in one payment, so please pay this amount by bank transfer.',
    );
    const mail = (await queue.mails()).find((queued) => queued.to === 'large@example.com');
    expect(mail?.html).not.toContain('upi://');
    expect(mail?.text).toContain('UPI takes at most ₹1,00,000 in one payment');
    // UPI was chosen, but the payment is made by bank transfer: the order and its mail say so,
    // never "Pay by UPI" beside "please pay by bank transfer".
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.paymentMethod).toBe('bank transfer');
    expect(mail?.text).not.toMatch(/Pay by UPI|Pay with UPI/);
    expect(mail?.text.replace(/\s+/g, ' ')).toContain('Pay by bank transfer from the page below');
  });

  it('takes the method of the reference as the order’s: a balance above the UPI limit is a bank transfer', async () => {
    const { db } = database;
    // ₹1,00,000 × 2 + ₹450 at 12% = ₹2,24,504: an advance of 40% (₹89,801.60) by UPI, the
    // balance (₹1,34,702.40) above the limit
    const { access, orderId, orderNumber, queue } = await acceptedOrder(
      {
        advancePercent: '40',
        lines: [{ productId: '', description: 'Marble jaali', quantity: '2', unitPrice: '100000' }],
      },
      'split@example.com',
    );
    const method = async () =>
      (await db.select().from(orders).where(eq(orders.id, orderId)))[0]?.paymentMethod;
    expect(await method()).toBe('upi');
    await submitPaymentReference(
      db,
      null,
      { orderId, ...access, paymentReference: '777788889999' },
      tuesday,
    );
    await setOrderStatus(
      db,
      admin,
      { orderId, action: 'confirm-payment', paymentReference: '777788889999' },
      tuesday,
    );
    expect(await method()).toBe('upi');
    const balanceMail = (await queue.mails()).find((mail) =>
      mail.subject.startsWith('Advance received'),
    );
    expect(balanceMail?.text).not.toMatch(/Pay by UPI|Pay with UPI/);
    expect(balanceMail?.text).toContain('Pay by bank transfer');
    await submitPaymentReference(
      db,
      null,
      { orderId, ...access, paymentReference: 'HDFC R52026112512345' },
      tuesday,
    );
    expect(await method()).toBe('bank transfer');
    const ownerMail = (await queue.mails()).find(
      (mail) => mail.subject === `Balance reference received for ${orderNumber}`,
    );
    expect(ownerMail?.text.replace(/\s+/g, ' ')).toContain(
      'submitted the bank transfer reference HDFCR52026112512345 for the balance of ₹1,34,702.40',
    );
  });

  it('takes the shop’s Advance payment setting when the composer names none', async () => {
    const { db } = database;
    const product = await insertProduct(db, { name: 'Marble Coaster', priceMinor: 50_000 });
    const request = await createQuotationRequest(db, null, {
      productId: product.id,
      quantity: '1',
      customizationNotes: '',
      customerName: 'Ada',
      customerCompany: '',
      customerMobile: '+91 94140 55555',
      customerEmail: 'ada@example.com',
    });
    const { advancePercent: _omitted, ...withoutAdvance } = offerForm();
    await saveOfferDraft(
      db,
      admin,
      { quotationId: request.id, ...withoutAdvance },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
      30,
    );
    const [draft] = await db
      .select({ advancePercent: quotationOffers.advancePercent })
      .from(quotationOffers)
      .where(eq(quotationOffers.quotationRequestId, request.id));
    expect(draft?.advancePercent).toBe(30);
    const invalid = await refusal(
      saveOfferDraft(
        db,
        admin,
        { quotationId: request.id, ...offerForm({ advancePercent: '101' }) },
        monday,
        DEFAULT_SHOP_TIME_ZONE,
      ),
    );
    expect(invalid.code).toBe('invalid');
  });
});
