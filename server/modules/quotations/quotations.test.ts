import { eq } from 'drizzle-orm';
import { mailQueueFrom } from '../../../tests/support/queued-mail';
import { loadConfig } from '../../config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTATION_MISSING_FIELDS } from '../../../core/quotes/quotation';
import { insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { quotationRequests } from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import {
  countQuotationRequests,
  createQuotationRequest,
  listQuotationRequests,
  setQuotationStatus,
} from './index';

const testConfig = loadConfig({ AUTH_SECRET: 'quotes-test-secret-quotes-test-secret' });

const form = {
  quantity: '25',
  customizationNotes: '',
  customerName: 'Ravi Kumar',
  customerCompany: 'Lake Palace Hotels',
  customerMobile: '+91 94140 55555',
  customerEmail: 'ravi@example.com',
};

describe(`quotation requests on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("stores a visitor's request as pending with the catalogue's product name", async () => {
    const { db } = database;
    const product = await insertProduct(db, { name: 'Lotus Urli' });
    const { id } = await createQuotationRequest(db, null, {
      ...form,
      productId: product.id,
      // a client cannot rename the product it asks about
      productName: 'Something else',
    });
    const [row] = await db.select().from(quotationRequests).where(eq(quotationRequests.id, id));
    expect(row).toMatchObject({
      productId: product.id,
      productName: 'Lotus Urli',
      quantity: 25,
      customizationNotes: null,
      customerName: 'Ravi Kumar',
      customerCompany: 'Lake Palace Hotels',
      customerMobile: '+91 94140 55555',
      customerEmail: 'ravi@example.com',
      userId: null,
      status: 'pending',
    });
  });

  it("queues the owner's notice and the requester's confirmation with the request", async () => {
    const { db } = database;
    const product = await insertProduct(db, { name: 'Brass Peacock Diya' });
    const queue = await mailQueueFrom(db, testConfig);
    await createQuotationRequest(db, null, { ...form, productId: product.id });
    await createQuotationRequest(db, null, {
      ...form,
      customerEmail: '',
      customerName: 'No Address',
      productId: product.id,
    });
    const mails = await queue.mails();
    // Queued in one transaction, so in no particular order.
    expect(mails.map((mail) => `${mail.to}: ${mail.subject}`).sort()).toEqual(
      [
        `${testConfig.site.shopEmail}: New quotation request: Brass Peacock Diya`,
        `${testConfig.site.shopEmail}: New quotation request: Brass Peacock Diya`,
        'ravi@example.com: We received your quotation request for Brass Peacock Diya',
      ].sort(),
    );
    // A refused request queues nothing.
    await expect(
      createQuotationRequest(db, null, { ...form, productId: 'no-such-piece' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(await queue.mails()).toHaveLength(3);
  });

  it("links a signed-in customer's request to their account", async () => {
    const { db } = database;
    const [product, customer] = [await insertProduct(db), await insertUser(db)];
    const { id } = await createQuotationRequest(
      db,
      { userId: customer.id, roles: [] },
      { ...form, productId: product.id },
    );
    const [row] = await db.select().from(quotationRequests).where(eq(quotationRequests.id, id));
    expect(row?.userId).toBe(customer.id);
  });

  it('rejects missing fields with the spec message and stores nothing', async () => {
    const { db } = database;
    const product = await insertProduct(db);
    await expect(
      createQuotationRequest(db, null, { ...form, customerName: '  ', productId: product.id }),
    ).rejects.toThrow(new DomainError('invalid', QUOTATION_MISSING_FIELDS));
    await expect(
      createQuotationRequest(db, null, { ...form, quantity: '0', productId: product.id }),
    ).rejects.toThrow(QUOTATION_MISSING_FIELDS);
    const rows = await db
      .select()
      .from(quotationRequests)
      .where(eq(quotationRequests.productId, product.id));
    expect(rows).toEqual([]);
  });

  it('refuses unknown and unpublished products', async () => {
    const { db } = database;
    const hidden = await insertProduct(db, { published: false });
    for (const productId of ['no-such-product', hidden.id]) {
      await expect(createQuotationRequest(db, null, { ...form, productId })).rejects.toMatchObject({
        code: 'not_found',
      });
    }
    const rows = await db
      .select()
      .from(quotationRequests)
      .where(eq(quotationRequests.productId, hidden.id));
    expect(rows).toEqual([]);
  });

  it('refuses the admin list, count and status move to a customer (403) and a visitor (401)', async () => {
    const { db } = database;
    const product = await insertProduct(db);
    const { id } = await createQuotationRequest(db, null, { ...form, productId: product.id });
    const customer: Actor = { userId: (await insertUser(db)).id, roles: [] };
    const before = await db.select().from(quotationRequests).orderBy(quotationRequests.id);
    const calls: [string, (actor: Actor) => Promise<unknown>][] = [
      ['countQuotationRequests', (actor) => countQuotationRequests(db, actor)],
      ['listQuotationRequests', (actor) => listQuotationRequests(db, actor, { page: 1 })],
      [
        'setQuotationStatus',
        (actor) => setQuotationStatus(db, actor, { id, status: 'processing' }),
      ],
    ];
    for (const [name, call] of calls) {
      await expect(call(customer), name).rejects.toMatchObject({ code: 'forbidden' });
      await expect(call(null), name).rejects.toMatchObject({ code: 'unauthenticated' });
    }
    expect(await db.select().from(quotationRequests).orderBy(quotationRequests.id)).toEqual(before);
  });

  it('moves quotations only along spec §4 and refuses the rest', async () => {
    const { db } = database;
    const admin: Actor = { userId: (await insertUser(db)).id, roles: ['admin'] };
    const product = await insertProduct(db);
    const { id } = await createQuotationRequest(db, null, { ...form, productId: product.id });
    await expect(setQuotationStatus(db, admin, { id, status: 'pending' })).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(await setQuotationStatus(db, admin, { id, status: 'processing' })).toEqual({
      status: 'processing',
    });
    await expect(setQuotationStatus(db, admin, { id, status: 'pending' })).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(
      setQuotationStatus(db, admin, { id: 'not-a-uuid', status: 'completed' }),
    ).rejects.toMatchObject({ code: 'not_found', message: 'Quotation request not found' });
  });

  it('counts the requests with a count query and pages them newest first', async () => {
    const { db } = database;
    const admin: Actor = { userId: (await insertUser(db)).id, roles: ['admin'] };
    const product = await insertProduct(db);
    const { id } = await createQuotationRequest(db, null, {
      ...form,
      customerName: 'Newest',
      productId: product.id,
    });
    const stored = await db.select().from(quotationRequests);
    expect(await countQuotationRequests(db, admin)).toBe(stored.length);
    const listed = await listQuotationRequests(db, admin, { page: 1 });
    expect(listed[0]).toMatchObject({ id, customerName: 'Newest' });
    expect(await listQuotationRequests(db, admin, { page: 2 })).toEqual([]);
  });
});
