import { eq } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPasswordProblem } from '../../../core/identity/identity';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { accounts, orders, userRoles, users } from '../schema';
import { seedCatalog } from './catalog';
import { DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL, seedDemoAccounts } from './demo-accounts';

describe(`the demo accounts on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('creates a customer with orders in several states and an admin, once', async () => {
    const { db } = database;
    const created = await seedDemoAccounts(db);
    expect(created.map((account) => account.email)).toEqual([
      DEMO_CUSTOMER_EMAIL,
      DEMO_ADMIN_EMAIL,
    ]);
    for (const account of created) expect(firstPasswordProblem(account.password)).toBeNull();
    const [customer] = await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
    const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    const customerOrders = await db.select().from(orders).where(eq(orders.userId, customer!.id));
    expect(new Set(customerOrders.map((order) => order.status)).size).toBeGreaterThanOrEqual(3);
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, admin!.id))).toHaveLength(
      1,
    );
    // Only a hash is stored, and it matches the printed password.
    const [credential] = await db.select().from(accounts).where(eq(accounts.userId, admin!.id));
    expect(credential?.password).not.toContain(created[1]!.password);
    expect(
      await verifyPassword({ hash: credential!.password!, password: created[1]!.password }),
    ).toBe(true);
    expect(await seedDemoAccounts(db)).toEqual([]);
  });
});
