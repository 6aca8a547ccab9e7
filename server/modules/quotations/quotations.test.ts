import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTATION_MISSING_FIELDS } from '../../../core/quotation';
import { insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { quotationRequests } from '../../db/schema';
import { DomainError } from '../errors';
import { createQuotationRequest } from './index';

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
});
