/**
 * One set of factories (docs/design.md §4a): tests build rows through these, and the demo seed uses
 * the same row mappers (server/db/seed).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../server/db/client';
import { orderItems, orders, products, users } from '../../server/db/schema';

let sequence = 0;
function next(): number {
  sequence += 1;
  return sequence;
}

export async function insertUser(
  db: Database,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<typeof users.$inferSelect> {
  const n = next();
  const [user] = await db
    .insert(users)
    .values({
      id: randomUUID(),
      name: `Test Customer ${n}`,
      email: `customer-${n}-${randomUUID().slice(0, 8)}@example.com`,
      emailVerified: true,
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('user not inserted');
  return user;
}

export async function insertProduct(
  db: Database,
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<typeof products.$inferSelect> {
  const n = next();
  const [product] = await db
    .insert(products)
    .values({
      id: `test-product-${n}-${randomUUID().slice(0, 6)}`,
      name: `Test Product ${n}`,
      priceMinor: 150_000,
      description: 'A hand-carved test piece.',
      category: 'home',
      material: 'Marble',
      ...overrides,
    })
    .returning();
  if (!product) throw new Error('product not inserted');
  return product;
}

export async function insertOrder(
  db: Database,
  overrides: Partial<typeof orders.$inferInsert> = {},
): Promise<typeof orders.$inferSelect> {
  const n = next();
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `ORD-TEST-${n}-${randomUUID().slice(0, 8)}`,
      subtotalMinor: 100_000,
      totalAmountMinor: 100_000,
      ...overrides,
    })
    .returning();
  if (!order) throw new Error('order not inserted');
  return order;
}

export async function insertOrderItem(
  db: Database,
  values: Pick<typeof orderItems.$inferInsert, 'orderId' | 'productName'> &
    Partial<typeof orderItems.$inferInsert>,
): Promise<typeof orderItems.$inferSelect> {
  const quantity = values.quantity ?? 1;
  const unitPriceMinor = values.unitPriceMinor ?? 150_000;
  const [item] = await db
    .insert(orderItems)
    .values({ quantity, unitPriceMinor, totalPriceMinor: quantity * unitPriceMinor, ...values })
    .returning();
  if (!item) throw new Error('order item not inserted');
  return item;
}
