/**
 * docs/requirements.md §15: a guest's request never joins an account by the e-mail it named, nor puts its
 * order there; the account holder adds it, signed in, with the key of the request's mail.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { orders, quotationMessages, quotationRequests } from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { listOrdersOfUser } from '../orders';
import {
  createQuotationRequest,
  getQuoteForCustomer,
  issueAccessKey,
  issueCustomerLink,
  listQuotationsOfUser,
  postCustomerMessage,
  sendOffer,
} from './index';
import { acceptOffer } from '../../flows/accept-offer';
import { addRequestToAccount } from '../../flows/add-request-to-account';
import { DEFAULT_SHOP_TIME_ZONE } from '../../../core/time/shop-calendar';

const admin: Actor = { userId: 'claim-admin', roles: ['admin'] };
const now = new Date('2026-11-26T06:00:00Z');

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${error}`);
  return error.code;
}

describe(`adding a guest's request to an account on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let productId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    productId = (await insertProduct(database.db, { name: 'Lotus Urli' })).id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** A guest's request naming `email`, with an offer sent; its reference and key. */
  async function guestRequestWithOffer(email: string) {
    const request = await createQuotationRequest(database.db, null, {
      productId,
      quantity: '1',
      customerName: 'Mallory Guest',
      customerMobile: '+91 90000 00000',
      customerEmail: email,
    });
    await sendOffer(
      database.db,
      admin,
      {
        quotationId: request.id,
        lines: [{ productId: '', description: 'Lotus Urli', quantity: '1', unitPrice: '3000' }],
        shipping: '0',
        discount: '0',
        gstRate: '12',
        validUntil: '2026-12-10',
        leadTimeDays: '',
        terms: '',
        note: '',
      },
      now,
      DEFAULT_SHOP_TIME_ZONE,
    );
    return { id: request.id, access: { reference: request.reference, key: request.accessKey } };
  }

  async function accountOf(email: string, emailVerified = true): Promise<Actor> {
    return { userId: (await insertUser(database.db, { email, emailVerified })).id, roles: [] };
  }

  const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

  it("keeps a guest's order, with the guest's address, out of the account whose e-mail it named", async () => {
    const victimEmail = `victim-${stamp()}@example.com`;
    const victim = await accountOf(victimEmail);
    const { access } = await guestRequestWithOffer(victimEmail);
    const quote = await getQuoteForCustomer(database.db, null, access, now, DEFAULT_SHOP_TIME_ZONE);
    const accepted = await acceptOffer(
      database.db,
      null,
      {
        ...access,
        offerId: quote.currentOffer!.id,
        paymentMethod: 'upi',
        streetAddress: '1 Guest Lane',
        city: 'Elsewhere',
        state: 'Goa',
        postalCode: '403001',
        country: 'India',
      },
      now,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const [order] = await database.db.select().from(orders).where(eq(orders.id, accepted.orderId));
    expect(order?.userId).toBeNull();
    expect(await listOrdersOfUser(database.db, victim)).toEqual([]);
    expect(await listQuotationsOfUser(database.db, victim, now, DEFAULT_SHOP_TIME_ZONE)).toEqual(
      [],
    );
  });

  it('joins the request and its order to the signed-in account whose verified e-mail it names, with the key', async () => {
    const email = `meera-${stamp()}@example.com`;
    const meera = await accountOf(email);
    const { id, access } = await guestRequestWithOffer(email.toUpperCase());
    const quote = await getQuoteForCustomer(database.db, null, access, now, DEFAULT_SHOP_TIME_ZONE);
    const { orderId } = await acceptOffer(
      database.db,
      null,
      {
        ...access,
        offerId: quote.currentOffer!.id,
        paymentMethod: 'upi',
        streetAddress: '12 Lake Road',
        city: 'Udaipur',
        state: 'Rajasthan',
        postalCode: '313001',
        country: 'India',
      },
      now,
      DEFAULT_SHOP_TIME_ZONE,
    );
    // What the quote page offers: sign in (a visitor), add it (the holder), nothing (another).
    expect(
      (await getQuoteForCustomer(database.db, null, access, now, DEFAULT_SHOP_TIME_ZONE)).claim,
    ).toBe('sign-in');
    expect(
      (await getQuoteForCustomer(database.db, meera, access, now, DEFAULT_SHOP_TIME_ZONE)).claim,
    ).toBe('available');
    const other = await accountOf(`other-${stamp()}@example.com`);
    expect(
      (await getQuoteForCustomer(database.db, other, access, now, DEFAULT_SHOP_TIME_ZONE)).claim,
    ).toBeNull();

    expect(await addRequestToAccount(database.db, meera, access)).toEqual({
      reference: access.reference,
    });
    const [request] = await database.db
      .select()
      .from(quotationRequests)
      .where(eq(quotationRequests.id, id));
    expect(request?.userId).toBe(meera!.userId);
    expect((await listOrdersOfUser(database.db, meera)).map((order) => order.id)).toEqual([
      orderId,
    ]);
    expect(
      (await listQuotationsOfUser(database.db, meera, now, DEFAULT_SHOP_TIME_ZONE)).map(
        (row) => row.id,
      ),
    ).toEqual([id]);
    expect(
      (await getQuoteForCustomer(database.db, meera, access, now, DEFAULT_SHOP_TIME_ZONE)).claim,
    ).toBeNull();
    expect(await refusal(addRequestToAccount(database.db, meera, access))).toBe('conflict');
  });

  it("makes the guest's private links stop opening the request once it is the account's", async () => {
    const { db } = database;
    const email = `kavya-${stamp()}@example.com`;
    const kavya = await accountOf(email);
    // A stranger sent it naming her address; his link is the request's answer's. The owner also
    // made a link for WhatsApp, and the mail she claims it from carries one of its own.
    const { id, access: strangers } = await guestRequestWithOffer(email);
    const whatsapp = await issueCustomerLink(db, admin, { id });
    const mailed = { reference: strangers.reference, key: await issueAccessKey(db, id) };
    await postCustomerMessage(db, null, { ...strangers, body: 'Before she added it' }, now);

    await addRequestToAccount(db, kavya, mailed);
    await postCustomerMessage(
      db,
      kavya,
      { reference: strangers.reference, body: 'Mine now' },
      new Date(now.getTime() + 60_000),
    );
    // A later offer, which the stranger must not accept into her account.
    const later = await sendOffer(
      db,
      admin,
      {
        quotationId: id,
        lines: [{ productId: '', description: 'Lotus Urli', quantity: '2', unitPrice: '3000' }],
        shipping: '0',
        discount: '0',
        gstRate: '12',
        validUntil: '2026-12-10',
        leadTimeDays: '',
        terms: '',
        note: '',
      },
      now,
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(later).toBeTruthy();
    const offerId = (await getQuoteForCustomer(db, kavya, mailed, now, DEFAULT_SHOP_TIME_ZONE))
      .currentOffer!.id;

    const messagesBefore = await db
      .select()
      .from(quotationMessages)
      .where(eq(quotationMessages.quotationRequestId, id));
    for (const key of [strangers.key, whatsapp.key, mailed.key]) {
      const old = { reference: strangers.reference, key };
      // As an unknown link answers: not found, for reading, writing and accepting alike.
      expect(await refusal(getQuoteForCustomer(db, null, old, now, DEFAULT_SHOP_TIME_ZONE))).toBe(
        'not_found',
      );
      expect(
        await refusal(postCustomerMessage(db, null, { ...old, body: 'Still here' }, now)),
      ).toBe('not_found');
      expect(
        await refusal(
          acceptOffer(
            db,
            null,
            {
              ...old,
              offerId,
              paymentMethod: 'upi',
              streetAddress: '1 Stranger Lane',
              city: 'Elsewhere',
              state: 'Goa',
              postalCode: '403001',
              country: 'India',
            },
            now,
            DEFAULT_SHOP_TIME_ZONE,
          ),
        ),
      ).toBe('not_found');
    }
    expect(
      await db.select().from(quotationMessages).where(eq(quotationMessages.quotationRequestId, id)),
    ).toEqual(messagesBefore);
    expect(await db.select().from(orders).where(eq(orders.quotationRequestId, id))).toEqual([]);

    // Her account reaches it through its session (as the API does, with no key), thread and all.
    const hers = await getQuoteForCustomer(
      db,
      kavya,
      { reference: strangers.reference },
      now,
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(hers.messages.map((message) => message.body)).toEqual([
      'Before she added it',
      'Mine now',
    ]);
  });

  it('refuses anyone else, and changes nothing', async () => {
    const email = `asha-${stamp()}@example.com`;
    const { id, access } = await guestRequestWithOffer(email);
    // Another account, and one that signed up with the address but never verified it.
    const another = await accountOf(`another-${stamp()}@example.com`);
    const unverifiedHolder = await accountOf(email, false);
    const before = await database.db
      .select()
      .from(quotationRequests)
      .where(eq(quotationRequests.id, id));
    expect(await refusal(addRequestToAccount(database.db, null, access))).toBe('unauthenticated');
    expect(await refusal(addRequestToAccount(database.db, another, access))).toBe('forbidden');
    expect(await refusal(addRequestToAccount(database.db, unverifiedHolder, access))).toBe(
      'forbidden',
    );
    expect(await refusal(addRequestToAccount(database.db, admin, access))).toBe('forbidden');
    // Without the key (the request's own mail), nobody can.
    expect(
      await refusal(addRequestToAccount(database.db, another, { reference: access.reference })),
    ).toBe('not_found');
    expect(
      await database.db.select().from(quotationRequests).where(eq(quotationRequests.id, id)),
    ).toEqual(before);
  });
});
