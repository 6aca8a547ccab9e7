import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/time/shop-calendar';
import { insertProduct, insertUser } from '../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/database';
import { quotationRequestLines, quotationRequests } from '../db/schema';
import type { Actor } from '../modules/actor';
import { updateProfile } from './update-profile';
import { createMultiPieceRequest, getQuoteForCustomer, sendOffer } from '../modules/quotations';
import { acceptOffer } from './accept-offer';
import { reorderAsQuotations, reorderContact } from './reorder';

const admin: Actor = { userId: 'reorder-flow-admin', roles: ['admin'] };
const monday = new Date('2026-11-24T04:30:00Z');

describe(`reordering keeps each piece's notes and the buyer's mobile on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("carries each piece's notes from the order's request into the new request's lines", async () => {
    const { db } = database;
    const user = await insertUser(db);
    const buyer: Actor = { userId: user.id, roles: [] };
    const urli = await insertProduct(db, { name: 'Lotus Urli' });
    const diya = await insertProduct(db, { name: 'Brass Diya' });
    const request = await createMultiPieceRequest(
      db,
      buyer,
      {
        customerName: 'Asha Rao',
        customerMobile: '+91 98290 11111',
        customerEmail: '',
        lines: [
          { productId: urli.id, quantity: 2, notes: 'Green marble, 12 inch' },
          { productId: diya.id, quantity: 6, notes: null },
        ],
      },
      monday,
    );
    await sendOffer(
      db,
      admin,
      {
        quotationId: request.id,
        lines: [
          { productId: urli.id, description: 'Lotus Urli', quantity: '2', unitPrice: '9000' },
          { productId: diya.id, description: 'Brass Diya', quantity: '6', unitPrice: '800' },
        ],
        shipping: '0',
        discount: '0',
        gstRate: '12',
        validUntil: '2026-12-08',
        leadTimeDays: '',
        terms: '',
        note: '',
      },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const access = { reference: request.reference, key: request.accessKey };
    const quote = await getQuoteForCustomer(db, buyer, access, monday, DEFAULT_SHOP_TIME_ZONE);
    const order = await acceptOffer(
      db,
      buyer,
      {
        ...access,
        offerId: quote.currentOffer!.id,
        paymentMethod: 'upi',
        streetAddress: '12 Lake Road',
        city: 'Udaipur',
        state: 'Rajasthan',
        postalCode: '313001',
        country: 'IN',
      },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const { reference } = await reorderAsQuotations(db, buyer, {
      orderId: order.orderId,
      customerName: 'Asha Rao',
      customerMobile: '+91 98290 11111',
      items: [
        { productId: urli.id, quantity: '3' },
        { productId: diya.id, quantity: '6' },
      ],
    });
    const [made] = await db
      .select()
      .from(quotationRequests)
      .where(eq(quotationRequests.reference, reference));
    const lines = await db
      .select()
      .from(quotationRequestLines)
      .where(eq(quotationRequestLines.quotationRequestId, made!.id))
      .orderBy(asc(quotationRequestLines.position));
    expect(lines.map((line) => [line.productName, line.quantity, line.notes])).toEqual([
      ['Lotus Urli', 3, 'Green marble, 12 inch'],
      ['Brass Diya', 6, null],
    ]);
  });

  it("names the profile's phone, else the latest request's mobile", async () => {
    const { db } = database;
    const user = await insertUser(db, { name: '' });
    const buyer: Actor = { userId: user.id, roles: [] };
    expect((await reorderContact(db, buyer)).phone).toBeNull();
    const product = await insertProduct(db, { name: 'Cake Stand' });
    await createMultiPieceRequest(
      db,
      buyer,
      {
        customerName: 'Kiran Joshi',
        customerMobile: '+91 98290 33333',
        customerEmail: '',
        lines: [{ productId: product.id, quantity: 1, notes: null }],
      },
      monday,
    );
    expect(await reorderContact(db, buyer)).toMatchObject({
      displayName: 'Kiran Joshi',
      phone: '+91 98290 33333',
    });
    await updateProfile(db, buyer, { displayName: 'Kiran J', phone: '+91 98290 44444' });
    expect(await reorderContact(db, buyer)).toMatchObject({
      displayName: 'Kiran J',
      phone: '+91 98290 44444',
    });
  });
});
