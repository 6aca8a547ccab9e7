import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { mailQueueFrom } from '../../../tests/support/queued-mail';
import { loadConfig } from '../../config';
import {
  orders,
  quotationAccessKeys,
  quotationMessages,
  quotationOffers,
  quotationRequests,
} from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { setOrderStatus } from '../orders';
import {
  askForChanges,
  createQuotationRequest,
  declineOffer,
  expireOffers,
  getQuotationForOwner,
  getQuoteForCustomer,
  listQuotationRequests,
  listQuotationsOfUser,
  postCustomerMessage,
  postShopMessage,
  remindExpiringOffers,
  saveOfferDraft,
  sendOffer,
  setQuotationStatus,
  withdrawOffer,
} from './index';
import { acceptOffer } from '../../flows/accept-offer';
import { submitPaymentReference } from '../../flows/submit-payment-reference';
import { DEFAULT_SHOP_TIME_ZONE, shopDayOf } from '../../../core/time/shop-calendar';
import { readSiteSettings } from '../settings';

const config = loadConfig({ AUTH_SECRET: 'lifecycle-test-secret-lifecycle-test' });
const admin: Actor = { userId: 'lifecycle-admin', roles: ['admin'] };
// 10:00 in India on November 24, 2026
const monday = new Date('2026-11-24T04:30:00Z');
const days = (count: number) => new Date(monday.getTime() + count * 24 * 60 * 60 * 1000);

const requestForm = {
  quantity: '2',
  customizationNotes: 'Polished, with a lotus border',
  customerName: 'Meera Shah',
  customerCompany: '',
  customerMobile: '+91 94140 55555',
  customerEmail: 'meera@example.com',
};

const address = {
  name: 'Meera Shah',
  streetAddress: '12 Lake Road',
  apartment: '',
  city: 'Udaipur',
  state: 'Rajasthan',
  postalCode: '313001',
  country: 'IN',
};

/** The composer's form as the browser posts it (Conform's nested payload). */
function offerForm(unitPrice: string, overrides: Record<string, unknown> = {}) {
  return {
    lines: [{ productId: '', description: 'Marble lotus urli', quantity: '2', unitPrice }],
    shipping: '500',
    discount: '0',
    gstRate: '12',
    validUntil: '2026-12-08',
    leadTimeDays: '21',
    terms: '50% advance',
    note: '',
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

describe(`the quote lifecycle on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function guestRequest(overrides: Record<string, unknown> = {}) {
    const product = await insertProduct(database.db, { name: 'Lotus Urli', priceMinor: 125_050 });
    const request = await createQuotationRequest(database.db, null, {
      ...requestForm,
      productId: product.id,
      ...overrides,
    });
    return { product, request, access: { reference: request.reference, key: request.accessKey } };
  }

  async function sentOffer(unitPrice = '10000') {
    const made = await guestRequest();
    await sendOffer(
      database.db,
      admin,
      { quotationId: made.request.id, ...offerForm(unitPrice) },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const quote = await getQuoteForCustomer(
      database.db,
      null,
      made.access,
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    return { ...made, offerId: quote.currentOffer!.id };
  }

  it('gives a request a reference of the shop day and a private key stored only as a hash', async () => {
    const { request, access } = await guestRequest();
    expect(request.reference).toMatch(/^Q-\d{8}-\d{4}$/);
    expect(access.key.length).toBeGreaterThanOrEqual(22);
    const keys = await database.db
      .select()
      .from(quotationAccessKeys)
      .where(eq(quotationAccessKeys.quotationRequestId, request.id));
    expect(keys).toHaveLength(1);
    expect(keys[0]!.keyHash).not.toContain(access.key);
    const quote = await getQuoteForCustomer(
      database.db,
      null,
      access,
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(quote).toMatchObject({
      reference: request.reference,
      status: 'pending',
      currentOffer: null,
    });
  });

  it('numbers the references of one shop day in order, whoever inserts', async () => {
    const at = new Date('2031-03-05T20:00:00Z'); // 01:30 on March 6 in India
    const rows = await database.db
      .insert(quotationRequests)
      .values(
        [1, 2, 3].map(() => ({
          productName: 'Bell',
          quantity: 1,
          customerName: 'A',
          customerMobile: '+91 90000 00000',
          createdAt: at,
        })),
      )
      .returning({ reference: quotationRequests.reference });
    expect(rows.map((row) => row.reference)).toEqual([
      'Q-20310306-0001',
      'Q-20310306-0002',
      'Q-20310306-0003',
    ]);
  });

  it("dates a request's reference by the shop's day in the shop's time zone", async () => {
    const product = await insertProduct(database.db, { name: 'Zone Bell' });
    const make = (timeZone: string) =>
      createQuotationRequest(
        database.db,
        null,
        { ...requestForm, productId: product.id },
        monday,
        timeZone,
      );
    // Twenty-six hours apart, these two zones never share a calendar day.
    const before = new Date();
    const west = await make('Etc/GMT+12');
    const east = await make('Pacific/Kiritimati');
    const after = new Date();
    const stampsOf = (timeZone: string) =>
      [before, after].map((instant) => `Q-${shopDayOf(instant, timeZone).replaceAll('-', '')}-`);
    expect(stampsOf('Etc/GMT+12')).toContain(west.reference.slice(0, 11));
    expect(stampsOf('Pacific/Kiritimati')).toContain(east.reference.slice(0, 11));
    expect(west.reference).toMatch(/^Q-\d{8}-\d{4}$/);
  });

  it("reads nothing with a wrong key, another request's key or no key", async () => {
    const first = await guestRequest();
    const second = await guestRequest();
    const stranger: Actor = { userId: (await insertUser(database.db)).id, roles: [] };
    const attempts = [
      { reference: first.request.reference, key: 'x'.repeat(32) },
      { reference: first.request.reference, key: second.access.key },
      { reference: first.request.reference, key: null },
      { reference: 'Q-2026', key: first.access.key },
    ];
    for (const access of attempts) {
      for (const actor of [null, stranger]) {
        const error = await refusal(
          getQuoteForCustomer(database.db, actor, access, monday, DEFAULT_SHOP_TIME_ZONE),
        );
        expect(error.code).toBe('not_found');
      }
    }
    // A message with the wrong key changes nothing.
    await refusal(
      postCustomerMessage(database.db, null, { ...attempts[1]!, body: 'Hello' }, monday),
    );
    const messages = await database.db
      .select()
      .from(quotationMessages)
      .where(eq(quotationMessages.quotationRequestId, first.request.id));
    expect(messages).toEqual([]);
  });

  it('runs request → offer → changes → revision → acceptance → payment → confirmation', async () => {
    const { db } = database;
    const { request, access } = await guestRequest();
    const queue = await mailQueueFrom(db, config);

    const owner = await getQuotationForOwner(
      db,
      admin,
      { id: request.id },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(owner.suggestedLines).toEqual([
      expect.objectContaining({ description: 'Lotus Urli', quantity: 2, unitPriceMinor: 125_050 }),
    ]);
    expect(owner.ownerActions).toEqual(['save-draft', 'send']);

    await saveOfferDraft(
      db,
      admin,
      { quotationId: request.id, ...offerForm('9000') },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    // A draft is the owner's alone.
    expect(
      (await getQuoteForCustomer(db, null, access, monday, DEFAULT_SHOP_TIME_ZONE)).currentOffer,
    ).toBeNull();

    const sent = await sendOffer(
      db,
      admin,
      { quotationId: request.id, ...offerForm('10000.50') },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(sent).toEqual({
      version: 1,
      customerName: 'Meera Shah',
      revised: false,
      customerLink: null,
    });
    let quote = await getQuoteForCustomer(db, null, access, monday, DEFAULT_SHOP_TIME_ZONE);
    expect(quote.status).toBe('processing');
    // 2 × ₹10,000.50 + ₹500 shipping = ₹20,501; GST 12% = ₹2,460.12; total ₹22,961.12
    expect(quote.currentOffer).toMatchObject({
      version: 1,
      status: 'sent',
      subtotalMinor: 2_000_100,
      shippingMinor: 50_000,
      gstMinor: 246_012,
      totalMinor: 2_296_112,
    });
    expect(quote.actions).toEqual(['accept', 'ask-changes', 'decline']);
    const [offerMail] = await queue.mails();
    expect(offerMail).toMatchObject({
      to: 'meera@example.com',
      subject: `Your quotation ${request.reference} from ${config.site.shopName}`,
    });
    expect(offerMail!.text).toMatch(
      new RegExp(`/quotes/${request.reference}\\?key=[A-Za-z0-9_-]{22,}`),
    );
    expect(offerMail!.attachments?.[0]).toMatchObject({
      filename: `${request.reference}-v1.pdf`,
      contentType: 'application/pdf',
    });

    await askForChanges(
      db,
      null,
      { ...access, offerId: quote.currentOffer!.id, body: 'Can you do ₹9,000?' },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const [list] = (await listQuotationRequests(db, admin, { page: 1 })).filter(
      (row) => row.id === request.id,
    );
    expect(list).toMatchObject({ latestOfferStatus: 'sent', needsReply: true });

    const revised = await sendOffer(
      db,
      admin,
      { quotationId: request.id, ...offerForm('9500') },
      days(1),
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(revised).toMatchObject({ version: 2, revised: true });
    quote = await getQuoteForCustomer(db, null, access, days(1), DEFAULT_SHOP_TIME_ZONE);
    expect(quote.currentOffer?.version).toBe(2);
    expect(quote.earlierOffers.map((offer) => [offer.version, offer.status])).toEqual([
      [1, 'superseded'],
    ]);
    // v1 is superseded: the server refuses it whatever the page showed.
    const stale = await refusal(
      acceptOffer(
        db,
        null,
        { ...access, offerId: quote.earlierOffers[0]!.id, paymentMethod: 'upi', ...address },
        days(1),
        DEFAULT_SHOP_TIME_ZONE,
      ),
    );
    expect(stale.message).toBe('This offer has been replaced by a newer version.');

    const order = await acceptOffer(
      db,
      null,
      { ...access, offerId: quote.currentOffer!.id, paymentMethod: 'upi', ...address },
      days(2),
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(order.orderNumber).toMatch(/^ORD-\d{8}-\d{4}$/);
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(stored).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      paymentMethod: 'upi',
      subtotalMinor: quote.currentOffer!.subtotalMinor,
      taxAmountMinor: quote.currentOffer!.gstMinor,
      totalAmountMinor: quote.currentOffer!.totalMinor,
      offerId: quote.currentOffer!.id,
    });
    quote = await getQuoteForCustomer(db, null, access, days(2), DEFAULT_SHOP_TIME_ZONE);
    expect(quote.status).toBe('completed');
    expect(quote.currentOffer?.status).toBe('accepted');
    expect(quote.order).toMatchObject({ orderNumber: order.orderNumber, paymentStatus: 'pending' });

    const wrongDigits = await refusal(
      submitPaymentReference(
        db,
        null,
        { orderId: order.orderId, ...access, paymentReference: '12345' },
        days(2),
      ),
    );
    expect(wrongDigits.message).toBe('A UPI reference (UTR) has 12 digits');
    await submitPaymentReference(
      db,
      null,
      { orderId: order.orderId, ...access, paymentReference: '4321 5678 9012' },
      days(2),
    );
    const [referenced] = await db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(referenced?.submittedPaymentReference).toBe('432156789012');

    await setOrderStatus(db, admin, {
      orderId: order.orderId,
      action: 'confirm-payment',
      paymentReference: '432156789012',
    });
    const [confirmed] = await db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(confirmed).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

    const subjects = (await queue.mails()).map((mail) => `${mail.to} ${mail.subject}`);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `${config.site.shopEmail} New message on quotation ${request.reference}`,
        `meera@example.com Offer accepted: ${request.reference}`,
        `${config.site.shopEmail} Offer accepted: ${request.reference}`,
        `${config.site.shopEmail} Payment reference received for ${order.orderNumber}`,
        `meera@example.com Payment confirmed for ${order.orderNumber}`,
      ]),
    );
  });

  it('takes a message on a completed request, which still waits for nobody', async () => {
    const { request, access } = await guestRequest();
    await setQuotationStatus(database.db, admin, { id: request.id, status: 'completed' });
    // a customer's question after their order (docs/decisions/019's check refused the write with a 500)
    await postCustomerMessage(database.db, null, { ...access, body: 'When does it ship?' }, monday);
    const [row] = await database.db
      .select({
        status: quotationRequests.status,
        awaitingReplySince: quotationRequests.awaitingReplySince,
      })
      .from(quotationRequests)
      .where(eq(quotationRequests.id, request.id));
    expect(row).toEqual({ status: 'completed', awaitingReplySince: null });
    const quote = await getQuoteForCustomer(
      database.db,
      null,
      access,
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(quote.messages.map((message) => message.body)).toContain('When does it ship?');
  });

  it('keeps Revise and Withdraw while a draft sits on top of the sent offer', async () => {
    const { db } = database;
    const { request } = await sentOffer();
    await saveOfferDraft(
      db,
      admin,
      { quotationId: request.id, ...offerForm('9999') },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const owner = await getQuotationForOwner(
      db,
      admin,
      { id: request.id },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(owner.draft?.version).toBe(2);
    expect(owner.ownerActions).toEqual(['save-draft', 'revise', 'withdraw']);
  });

  it('makes one order from two accepts at once', async () => {
    const { db } = database;
    const { request, access, offerId } = await sentOffer();
    const attempts = await Promise.allSettled([
      acceptOffer(
        db,
        null,
        { ...access, offerId, paymentMethod: 'upi', ...address },
        monday,
        DEFAULT_SHOP_TIME_ZONE,
      ),
      acceptOffer(
        db,
        null,
        { ...access, offerId, paymentMethod: 'bank transfer', ...address },
        monday,
        DEFAULT_SHOP_TIME_ZONE,
      ),
    ]);
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    const rejected = attempts.find((attempt) => attempt.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({
      code: 'conflict',
      message: 'This offer was already accepted.',
    });
    const made = await db.select().from(orders).where(eq(orders.quotationRequestId, request.id));
    expect(made).toHaveLength(1);
  });

  it("lists a guest's order on the owner's page of the request that made it", async () => {
    const { db } = database;
    const made = await guestRequest({ customerEmail: 'guest-history@example.com' });
    await sendOffer(
      db,
      admin,
      { quotationId: made.request.id, ...offerForm('10000') },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const quote = await getQuoteForCustomer(db, null, made.access, monday, DEFAULT_SHOP_TIME_ZONE);
    const accepted = await acceptOffer(
      db,
      null,
      { ...made.access, offerId: quote.currentOffer!.id, paymentMethod: 'upi', ...address },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const owner = await getQuotationForOwner(
      db,
      admin,
      { id: made.request.id },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(owner.history.orders.map((order) => order.orderNumber)).toEqual([accepted.orderNumber]);
  });

  it('refuses an expired offer once the clock passes the end of its day, shop time', async () => {
    const { db } = database;
    const { access, offerId } = await sentOffer();
    // valid until December 8: still open at 23:59 that day in India, expired a minute later
    const lastMinute = new Date('2026-12-08T18:29:00Z');
    const nextDay = new Date('2026-12-08T18:31:00Z');
    expect(
      (await getQuoteForCustomer(db, null, access, lastMinute, DEFAULT_SHOP_TIME_ZONE)).actions,
    ).toContain('accept');
    const quote = await getQuoteForCustomer(db, null, access, nextDay, DEFAULT_SHOP_TIME_ZONE);
    expect(quote.currentOffer?.shownStatus).toBe('expired');
    expect(quote.actions).toEqual(['ask-new-offer']);
    const error = await refusal(
      acceptOffer(
        db,
        null,
        { ...access, offerId, paymentMethod: 'upi', ...address },
        nextDay,
        DEFAULT_SHOP_TIME_ZONE,
      ),
    );
    expect(error).toMatchObject({ code: 'conflict', message: 'This offer has expired.' });
    expect(await db.select().from(orders).where(eq(orders.offerId, offerId))).toEqual([]);
  });

  it('sends the reminder and the expiry mails once each, with two workers sweeping', async () => {
    const { db } = database;
    // Other tests' offers are swept too: count this one's mails only.
    const { request, offerId } = await sentOffer();
    const queue = await mailQueueFrom(db, config);
    const sweep = (now: Date) =>
      Promise.all([
        remindExpiringOffers(db, now, DEFAULT_SHOP_TIME_ZONE),
        remindExpiringOffers(db, now, DEFAULT_SHOP_TIME_ZONE),
      ]).then(() =>
        Promise.all([
          expireOffers(db, now, DEFAULT_SHOP_TIME_ZONE),
          expireOffers(db, now, DEFAULT_SHOP_TIME_ZONE),
        ]),
      );
    await sweep(days(12)); // December 6, 10:00 India: more than two days before December 8's end
    await sweep(new Date('2026-12-06T18:31:00Z')); // December 7, 00:01: within two days
    await sweep(new Date('2026-12-07T10:00:00Z'));
    await sweep(new Date('2026-12-08T18:31:00Z')); // December 9: expired
    await sweep(new Date('2026-12-09T10:00:00Z'));
    const mine = (await queue.mails()).filter((mail) => mail.subject.includes(request.reference));
    expect(mine.map((mail) => `${mail.to} ${mail.subject}`).sort()).toEqual(
      [
        `meera@example.com Your offer ${request.reference} expires in 2 days`,
        `meera@example.com Offer expired: ${request.reference}`,
        `${config.site.shopEmail} Offer expired: ${request.reference}`,
      ].sort(),
    );
    const [offer] = await db.select().from(quotationOffers).where(eq(quotationOffers.id, offerId));
    expect(offer?.status).toBe('expired');
  });

  it('refuses a withdrawn or declined offer, and a payment reference used on another order', async () => {
    const { db } = database;
    const withdrawn = await sentOffer();
    await withdrawOffer(
      db,
      admin,
      { quotationId: withdrawn.request.id },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const error = await refusal(
      acceptOffer(
        db,
        null,
        { ...withdrawn.access, offerId: withdrawn.offerId, paymentMethod: 'upi', ...address },
        monday,
        DEFAULT_SHOP_TIME_ZONE,
      ),
    );
    expect(error.message).toBe('This offer has been withdrawn.');

    const declined = await sentOffer();
    await declineOffer(
      db,
      null,
      { ...declined.access, offerId: declined.offerId, reason: '' },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(
      (
        await refusal(
          acceptOffer(
            db,
            null,
            { ...declined.access, offerId: declined.offerId, paymentMethod: 'upi', ...address },
            monday,
            DEFAULT_SHOP_TIME_ZONE,
          ),
        )
      ).message,
    ).toBe('This offer was already declined.');

    const first = await sentOffer();
    const second = await sentOffer();
    const firstOrder = await acceptOffer(
      db,
      null,
      { ...first.access, offerId: first.offerId, paymentMethod: 'bank transfer', ...address },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const secondOrder = await acceptOffer(
      db,
      null,
      { ...second.access, offerId: second.offerId, paymentMethod: 'bank transfer', ...address },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    await submitPaymentReference(
      db,
      null,
      { orderId: firstOrder.orderId, ...first.access, paymentReference: 'hdfc00123456' },
      monday,
    );
    const reused = await refusal(
      submitPaymentReference(
        db,
        null,
        { orderId: secondOrder.orderId, ...second.access, paymentReference: 'HDFC00123456' },
        monday,
      ),
    );
    expect(reused).toMatchObject({
      code: 'conflict',
      message: 'This payment reference is already used on another order.',
    });
    // Another quotation's key does not reach this order.
    const crossed = await refusal(
      submitPaymentReference(
        db,
        null,
        { orderId: secondOrder.orderId, ...first.access, paymentReference: 'SBIN99887766' },
        monday,
      ),
    );
    expect(crossed.code).toBe('not_found');
  });

  it("shows a signed-in customer's requests in their tab, and keeps the owner's work to the owner", async () => {
    const { db } = database;
    const user = await insertUser(db, { email: 'asha@example.com' });
    const customer: Actor = { userId: user.id, roles: [] };
    const product = await insertProduct(db);
    const request = await createQuotationRequest(db, customer, {
      ...requestForm,
      customerEmail: 'asha@example.com',
      productId: product.id,
    });
    const tab = await listQuotationsOfUser(db, customer, monday, DEFAULT_SHOP_TIME_ZONE);
    expect(tab.map((row) => row.reference)).toEqual([request.reference]);
    // The linked account reads it without a key.
    const quote = await getQuoteForCustomer(
      db,
      customer,
      { reference: request.reference, key: null },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(quote.id).toBe(request.id);

    const before = await db.execute(sql`select count(*)::int as n from quotation_offers`);
    for (const actor of [null, customer]) {
      for (const attempt of [
        () => getQuotationForOwner(db, actor, { id: request.id }, monday, DEFAULT_SHOP_TIME_ZONE),
        () =>
          saveOfferDraft(
            db,
            actor,
            { quotationId: request.id, ...offerForm('100') },
            monday,
            DEFAULT_SHOP_TIME_ZONE,
          ),
        () =>
          sendOffer(
            db,
            actor,
            { quotationId: request.id, ...offerForm('100') },
            monday,
            DEFAULT_SHOP_TIME_ZONE,
          ),
        () => withdrawOffer(db, actor, { quotationId: request.id }, monday, DEFAULT_SHOP_TIME_ZONE),
        () => postShopMessage(db, actor, { quotationId: request.id, body: 'Hi' }, monday),
      ]) {
        const error = await refusal(attempt());
        expect(['unauthenticated', 'forbidden']).toContain(error.code);
      }
    }
    const after = await db.execute(sql`select count(*)::int as n from quotation_offers`);
    expect(after.rows).toEqual(before.rows);
  });
});

describe(`an offer's day in another shop time zone on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  // The owner moved the shop: Settings say Toronto, where December 8 ends at 05:00 UTC on the 9th.
  const torontoConfig = loadConfig({
    AUTH_SECRET: 'lifecycle-test-secret-lifecycle-test',
    SHOP_TIME_ZONE: 'America/Toronto',
  });
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('holds the offer to the end of its day there, reminds two days before, then expires it', async () => {
    const { db } = database;
    const { shopTimeZone } = await readSiteSettings(db, torontoConfig);
    expect(shopTimeZone).toBe('America/Toronto');
    const product = await insertProduct(db, { name: 'Lotus Urli', priceMinor: 125_050 });
    const request = await createQuotationRequest(db, null, {
      ...requestForm,
      productId: product.id,
    });
    const access = { reference: request.reference, key: request.accessKey };
    await sendOffer(
      db,
      admin,
      { quotationId: request.id, ...offerForm('10000') },
      monday,
      shopTimeZone,
    );
    const offerRow = async () => {
      const [row] = await db
        .select()
        .from(quotationOffers)
        .where(eq(quotationOffers.quotationRequestId, request.id));
      return row!;
    };
    const sweep = async (now: Date) => {
      await remindExpiringOffers(db, now, shopTimeZone);
      await expireOffers(db, now, shopTimeZone);
    };

    // December 7, 00:01 in India, but still December 6 in Toronto: more than two days left.
    await sweep(new Date('2026-12-06T18:31:00Z'));
    expect((await offerRow()).reminderSentAt).toBeNull();
    // December 7, 00:30 in Toronto: within two days of the end of December 8 there.
    const reminderSweep = new Date('2026-12-07T05:30:00Z');
    await sweep(reminderSweep);
    expect((await offerRow()).reminderSentAt).toEqual(reminderSweep);

    // December 9, 00:01 in India, 13:31 on December 8 in Toronto: the offer still holds.
    const pastIndiasDay = new Date('2026-12-08T18:31:00Z');
    await sweep(pastIndiasDay);
    expect((await offerRow()).status).toBe('sent');
    const quote = await getQuoteForCustomer(db, null, access, pastIndiasDay, shopTimeZone);
    expect(quote.currentOffer?.shownStatus).toBe('sent');
    expect(quote.actions).toContain('accept');
    const lastMinute = new Date('2026-12-09T04:59:00Z');
    expect(
      (await getQuoteForCustomer(db, null, access, lastMinute, shopTimeZone)).actions,
    ).toContain('accept');

    // 00:01 on December 9 in Toronto: expired, on the page, to the sweep and to an accept.
    const nextDay = new Date('2026-12-09T05:01:00Z');
    expect(
      (await getQuoteForCustomer(db, null, access, nextDay, shopTimeZone)).currentOffer
        ?.shownStatus,
    ).toBe('expired');
    const offerId = (await offerRow()).id;
    const error = await refusal(
      acceptOffer(
        db,
        null,
        { ...access, offerId, paymentMethod: 'upi', ...address },
        nextDay,
        shopTimeZone,
      ),
    );
    expect(error).toMatchObject({ code: 'conflict', message: 'This offer has expired.' });
    await sweep(nextDay);
    expect(await offerRow()).toMatchObject({ status: 'expired', decidedAt: nextDay });
  });

  it("numbers an accepted offer's order by the shop's day there", async () => {
    const { db } = database;
    const { shopTimeZone } = await readSiteSettings(db, torontoConfig);
    const product = await insertProduct(db, { name: 'Brass Diya', priceMinor: 45_000 });
    const request = await createQuotationRequest(db, null, {
      ...requestForm,
      productId: product.id,
    });
    const access = { reference: request.reference, key: request.accessKey };
    await sendOffer(
      db,
      admin,
      { quotationId: request.id, ...offerForm('10000') },
      monday,
      shopTimeZone,
    );
    const quote = await getQuoteForCustomer(db, null, access, monday, shopTimeZone);
    // 01:00 on November 25 in India is still 14:30 on November 24 in Toronto.
    const order = await acceptOffer(
      db,
      null,
      { ...access, offerId: quote.currentOffer!.id, paymentMethod: 'upi', ...address },
      new Date('2026-11-24T19:30:00Z'),
      shopTimeZone,
    );
    expect(order.orderNumber).toMatch(/^ORD-20261124-\d{4}$/);
  });
});
