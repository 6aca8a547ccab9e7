/**
 * docs/requirements.md §19 "Send and Share on WhatsApp": sendOffer, asked for the customer's link, makes it in the
 * send's own transaction: a sent offer comes with a key that opens the quote page, a refused send
 * makes none, and a plain send makes none either.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_TIME_ZONE } from '../../../core/time/shop-calendar';
import { insertProduct } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { quotationAccessKeys, quotationOffers } from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { createQuotationRequest, getQuoteForCustomer, sendOffer } from './index';

const owner: Actor = { userId: 'send-and-share-owner', roles: ['admin'] };
// 10:00 in India on November 24, 2026
const monday = new Date('2026-11-24T04:30:00Z');

function offerForm(unitPrice: string, validUntil = '2026-12-08') {
  return {
    lines: [{ productId: '', description: 'Marble lotus urli', quantity: '2', unitPrice }],
    shipping: '0',
    discount: '0',
    gstRate: '12',
    validUntil,
    leadTimeDays: '',
    terms: '50% advance',
    note: '',
  };
}

describe(`Send and Share on WhatsApp on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function guestRequest() {
    const product = await insertProduct(database.db, { name: 'Lotus Urli', priceMinor: 340_000 });
    return createQuotationRequest(database.db, null, {
      productId: product.id,
      quantity: '2',
      customizationNotes: '',
      customerName: 'Kabir Mehta',
      customerCompany: '',
      customerMobile: '98290 44444',
      customerEmail: 'kabir@example.com',
    });
  }

  const keysOf = async (requestId: string) =>
    database.db
      .select()
      .from(quotationAccessKeys)
      .where(eq(quotationAccessKeys.quotationRequestId, requestId));

  it('sends the offer and answers a fresh key that opens the sent offer', async () => {
    const request = await guestRequest();
    const before = await keysOf(request.id);
    const sent = await sendOffer(
      database.db,
      owner,
      { quotationId: request.id, ...offerForm('3300') },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
      { customerLink: true },
    );
    expect(sent.version).toBe(1);
    expect(sent.customerLink).toMatchObject({
      reference: request.reference,
      customerName: 'Kabir Mehta',
      customerMobile: '98290 44444',
    });
    expect(await keysOf(request.id)).toHaveLength(before.length + 1);
    const quote = await getQuoteForCustomer(
      database.db,
      null,
      { reference: request.reference, key: sent.customerLink!.key },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(quote.currentOffer).toMatchObject({ version: 1, status: 'sent' });
  });

  it('makes no key when the send is refused, and none for a plain send', async () => {
    const request = await guestRequest();
    const before = await keysOf(request.id);
    // An offer valid until yesterday cannot be sent.
    const refused = await sendOffer(
      database.db,
      owner,
      { quotationId: request.id, ...offerForm('3300', '2026-11-23') },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
      { customerLink: true },
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    // A customer is refused before anything is written.
    const customer: Actor = { userId: 'a-customer', roles: [] };
    const forbidden = await sendOffer(
      database.db,
      customer,
      { quotationId: request.id, ...offerForm('3300') },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
      { customerLink: true },
    ).catch((error: unknown) => error);
    expect(forbidden).toMatchObject({ code: 'forbidden' });
    expect(await keysOf(request.id)).toHaveLength(before.length);
    expect(
      await database.db
        .select()
        .from(quotationOffers)
        .where(eq(quotationOffers.quotationRequestId, request.id)),
    ).toEqual([]);

    const plain = await sendOffer(
      database.db,
      owner,
      { quotationId: request.id, ...offerForm('3300') },
      monday,
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(plain.customerLink).toBeNull();
    expect(await keysOf(request.id)).toHaveLength(before.length);
  });
});
