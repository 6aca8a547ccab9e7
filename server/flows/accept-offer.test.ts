import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryName } from '../../core/identity/countries';
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/time/shop-calendar';
import { insertOrder, insertProduct, insertUser } from '../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/database';
import { addresses, orderItems, orders, quotationOfferLines } from '../db/schema';
import type { Actor } from '../modules/actor';
import { createAddress, listAddresses } from '../modules/account';
import {
  createMultiPieceRequest,
  getQuoteForCustomer,
  listQuotationsOfUser,
  sendOffer,
} from '../modules/quotations';
import { acceptFormDefaults, acceptOffer } from './accept-offer';

const admin: Actor = { userId: 'accept-flow-admin', roles: ['admin'] };
const monday = new Date('2026-11-24T04:30:00Z');

const indianAddress = {
  name: 'Meera Shah',
  streetAddress: '12 Lake Road',
  apartment: '',
  city: 'Udaipur',
  state: 'Rajasthan',
  postalCode: '313001',
  country: 'IN',
};

describe(`accepting an offer with an address abroad or at home on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** A request of `actor` (null: a guest) with a sent offer; its access and the offer's id. */
  async function offerFor(actor: Actor, mobile = '+91 94140 55555') {
    const product = await insertProduct(database.db, { name: 'Lotus Urli' });
    const request = await createMultiPieceRequest(
      database.db,
      actor,
      {
        customerName: 'Meera Shah',
        customerMobile: mobile,
        customerEmail: '',
        lines: [{ productId: product.id, quantity: 2, notes: null }],
      },
      monday,
    );
    await sendOffer(
      database.db,
      admin,
      {
        quotationId: request.id,
        lines: [
          { productId: '', description: 'Marble lotus urli', quantity: '2', unitPrice: '9000' },
        ],
        shipping: '500',
        discount: '0',
        gstRate: '12',
        validUntil: '2026-12-08',
        leadTimeDays: '21',
        terms: '',
        note: '',
      },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const access = { reference: request.reference, key: request.accessKey };
    const quote = await getQuoteForCustomer(
      database.db,
      actor,
      access,
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    return { access, offerId: quote.currentOffer!.id, request };
  }

  async function accept(actor: Actor, fields: Record<string, unknown>, mobile?: string) {
    const { access, offerId } = await offerFor(actor, mobile);
    const made = await acceptOffer(
      database.db,
      actor,
      { ...access, offerId, paymentMethod: 'upi', ...fields },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const [order] = await database.db.select().from(orders).where(eq(orders.id, made.orderId));
    return order!;
  }

  it('stores an Indian order as India, not "Rajasthan 313001, US", and shows it as India', async () => {
    const order = await accept(null, indianAddress);
    expect(order.shippingAddress).toMatchObject({
      state: 'Rajasthan',
      postalCode: '313001',
      country: 'IN',
      phone: '+91 94140 55555',
    });
    expect(countryName(order.shippingAddress!.country)).toBe('India');
    // A country written out by an integration is the same country
    const named = await accept(null, { ...indianAddress, country: 'India' });
    expect(named.shippingAddress!.country).toBe('IN');
  });

  it('checks the postal code by the country: a PIN code in India, a ZIP code in the United States', async () => {
    await expect(accept(null, { ...indianAddress, postalCode: '3130' })).rejects.toMatchObject({
      code: 'invalid',
    });
    await expect(
      accept(null, { ...indianAddress, country: 'US', postalCode: '313001' }),
    ).rejects.toMatchObject({ code: 'invalid' });
    const american = await accept(null, {
      ...indianAddress,
      city: 'San Francisco',
      state: 'CA',
      country: 'US',
      postalCode: '94103-1234',
    });
    expect(american.shippingAddress).toMatchObject({ country: 'US', postalCode: '94103-1234' });
  });

  it('keeps the mobile the buyer gave for the delivery, else the request’s', async () => {
    const order = await accept(null, { ...indianAddress, phone: '+91 98290 00000' });
    expect(order.shippingAddress!.phone).toBe('+91 98290 00000');
  });

  it('saves a signed-in buyer’s new address to their address book once, as India', async () => {
    const user = await insertUser(database.db);
    const buyer: Actor = { userId: user.id, roles: [] };
    await accept(buyer, { ...indianAddress, saveAddress: 'on' });
    // The same address again, typed in other case and spacing: not saved twice
    await accept(buyer, {
      ...indianAddress,
      streetAddress: '12  lake road',
      city: 'UDAIPUR',
      saveAddress: 'on',
    });
    const book = await listAddresses(database.db, buyer);
    expect(book).toHaveLength(1);
    expect(book[0]).toMatchObject({
      title: 'Udaipur',
      streetAddress: '12 Lake Road',
      postalCode: '313001',
      country: 'IN',
      isDefault: true,
    });
    expect(countryName(book[0]!.country)).toBe('India');
    // Unticked, or a guest's: nothing is saved
    await accept(buyer, { ...indianAddress, streetAddress: '7 Fateh Sagar', saveAddress: '' });
    expect(await listAddresses(database.db, buyer)).toHaveLength(1);
    const rows = await database.db.select().from(addresses);
    expect(rows.filter((row) => row.userId !== user.id)).toHaveLength(0);
  });

  it("starts the form from the request's Indian mobile or GSTIN, else the saved address, else Accept-Language, else India", async () => {
    const asGuest = (mobile: string, acceptLanguage: string | null = null) =>
      acceptFormDefaults(
        database.db,
        null,
        { customerName: 'Meera', customerMobile: mobile },
        acceptLanguage,
      );
    expect(await asGuest('98765 43210', 'en-US,en;q=0.9')).toEqual({
      country: 'IN',
      name: 'Meera',
      mobile: '98765 43210',
      signedIn: false,
    });
    expect((await asGuest('+1 415 555 0100', 'en-US,en;q=0.9')).country).toBe('US');
    expect((await asGuest('+1 415 555 0100')).country).toBe('IN');

    const withBook = await insertUser(database.db);
    const bookOwner: Actor = { userId: withBook.id, roles: [] };
    await createAddress(database.db, bookOwner, {
      title: 'Toronto',
      streetAddress: '1 King St',
      city: 'Toronto',
      state: 'ON',
      postalCode: 'M5H 1A1',
      country: 'CA',
    });
    const fromBook = (request: { customerMobile: string; customerGstin?: string | null }) =>
      acceptFormDefaults(
        database.db,
        bookOwner,
        { customerName: 'A', ...request },
        'en-US,en;q=0.9',
      );
    expect(await fromBook({ customerMobile: '+1 416 555 0100' })).toMatchObject({
      country: 'CA',
      signedIn: true,
    });
    expect((await fromBook({ customerMobile: '+91 94140 55555' })).country).toBe('IN');
    expect(
      (await fromBook({ customerMobile: '+1 416 555 0100', customerGstin: '08AAAAA0000A1Z2' }))
        .country,
    ).toBe('IN');

    const withOrder = await insertUser(database.db);
    await insertOrder(database.db, {
      userId: withOrder.id,
      shippingAddress: { ...indianAddress, country: 'GB', postalCode: 'SW1A 1AA' },
    });
    const fromOrder = await acceptFormDefaults(
      database.db,
      { userId: withOrder.id, roles: [] },
      { customerName: 'A', customerMobile: '+44 20 7946 0000' },
      'de-DE',
    );
    expect(fromOrder.country).toBe('GB');
  });

  it('stores each line’s “Made to order”, a custom line’s always, and copies it to the order’s items (§24)', async () => {
    const engraved = await insertProduct(database.db, { name: 'Brass Diya Pair' });
    const stock = await insertProduct(database.db, { name: 'Lotus Urli' });
    const request = await createMultiPieceRequest(
      database.db,
      null,
      {
        customerName: 'Meera Shah',
        customerMobile: '+91 94140 55555',
        customerEmail: '',
        lines: [{ productId: engraved.id, quantity: 1, notes: null }],
      },
      monday,
    );
    await sendOffer(
      database.db,
      admin,
      {
        quotationId: request.id,
        lines: [
          // The composer's ticked box posts "on"; an unticked one posts nothing.
          {
            productId: engraved.id,
            description: 'Brass diya pair, engraved',
            quantity: '1',
            unitPrice: '900',
            madeToOrder: 'on',
          },
          { productId: stock.id, description: 'Lotus urli', quantity: '1', unitPrice: '500' },
          // A custom line's box is disabled and posts nothing: made to order all the same.
          { productId: '', description: 'Carved teak stand', quantity: '1', unitPrice: '700' },
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
    const quote = await getQuoteForCustomer(
      database.db,
      null,
      access,
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const offer = quote.currentOffer!;
    const stored = await database.db
      .select({ madeToOrder: quotationOfferLines.madeToOrder })
      .from(quotationOfferLines)
      .where(eq(quotationOfferLines.offerId, offer.id))
      .orderBy(asc(quotationOfferLines.position));
    expect(stored.map((line) => line.madeToOrder)).toEqual([true, false, true]);
    // The buyer reads it on the offer before accepting.
    expect(offer.lines.map((line) => [line.description, line.madeToOrder])).toEqual([
      ['Brass diya pair, engraved', true],
      ['Lotus urli', false],
      ['Carved teak stand', true],
    ]);

    const made = await acceptOffer(
      database.db,
      null,
      { ...access, offerId: offer.id, paymentMethod: 'upi', ...indianAddress },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    const items = await database.db
      .select({ productName: orderItems.productName, madeToOrder: orderItems.madeToOrder })
      .from(orderItems)
      .where(eq(orderItems.orderId, made.orderId))
      .orderBy(asc(orderItems.productName));
    expect(items).toEqual([
      { productName: 'Brass diya pair, engraved', madeToOrder: true },
      { productName: 'Carved teak stand', madeToOrder: true },
      { productName: 'Lotus urli', madeToOrder: false },
    ]);
  });

  it('lists an accepted, unpaid quotation with its order’s payment state', async () => {
    const user = await insertUser(database.db);
    const buyer: Actor = { userId: user.id, roles: [] };
    await accept(buyer, indianAddress);
    const [summary] = await listQuotationsOfUser(
      database.db,
      buyer,
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(summary).toMatchObject({
      status: 'completed',
      order: { status: 'pending', paymentStatus: 'pending' },
    });
  });
});
