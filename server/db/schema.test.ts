import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/database';
import { insertOrder, insertProduct, insertUser } from '../../tests/factories';
import { newsletterSubscriptions, orders, productMedia, products } from './schema';

/** The driver error's Postgres code, wherever the driver put it (STACK.md: test .code). */
function postgresCode(error: unknown): string | undefined {
  const candidate = error as { code?: string; cause?: { code?: string } };
  return candidate.cause?.code ?? candidate.code;
}

async function rejectionCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return postgresCode(error);
  }
  return undefined;
}

describe(`schema constraints on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('answers a duplicate newsletter email with 23505', async () => {
    const { db } = database;
    await db.insert(newsletterSubscriptions).values({ email: 'asha@example.com', source: 'home' });
    const code = await rejectionCode(
      db.insert(newsletterSubscriptions).values({ email: 'asha@example.com', source: 'footer' }),
    );
    expect(code).toBe('23505');
    const rows = await db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'asha@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('keeps at most one primary media row per product', async () => {
    const { db } = database;
    const product = await insertProduct(db);
    await db
      .insert(productMedia)
      .values({ productId: product.id, mediaUrl: '/a.svg', sortOrder: 0, isPrimary: true });
    const code = await rejectionCode(
      db
        .insert(productMedia)
        .values({ productId: product.id, mediaUrl: '/b.svg', sortOrder: 1, isPrimary: true }),
    );
    expect(code).toBe('23505');
  });

  it('deletes a product together with its media', async () => {
    const { db } = database;
    const product = await insertProduct(db);
    await db.insert(productMedia).values({ productId: product.id, mediaUrl: '/c.svg' });
    await db.delete(products).where(eq(products.id, product.id));
    const left = await db.select().from(productMedia).where(eq(productMedia.productId, product.id));
    expect(left).toHaveLength(0);
  });

  it('stores money as integer paise', async () => {
    const { db } = database;
    const user = await insertUser(db);
    const order = await insertOrder(db, { userId: user.id, totalAmountMinor: 125_050 });
    const [row] = await db
      .select({ total: sql<string>`pg_typeof(${orders.totalAmountMinor})::text` })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row?.total).toBe('integer');
  });

  it('sends pg_notify on orders_changes after an order changes', async () => {
    const { db } = database;
    const user = await insertUser(db);
    const received: { op: string; orderId: string; userId: string; status: string }[] = [];
    let resolveFirst: () => void = () => undefined;
    const firstTwo = new Promise<void>((resolve) => {
      resolveFirst = resolve;
    });
    const unlisten = await database.listen('orders_changes', (payload) => {
      received.push(JSON.parse(payload) as (typeof received)[number]);
      if (received.length >= 2) resolveFirst();
    });
    try {
      const order = await insertOrder(db, { userId: user.id });
      await db.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, order.id));
      await firstTwo;
      expect(received[0]).toMatchObject({ op: 'INSERT', orderId: order.id, userId: user.id });
      expect(received[1]).toMatchObject({ op: 'UPDATE', orderId: order.id, status: 'confirmed' });
    } finally {
      await unlisten();
    }
  });
});
