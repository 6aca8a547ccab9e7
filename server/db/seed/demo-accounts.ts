/**
 * Demo accounts for a first look (issue: identity): on the first start of an empty embedded
 * database outside production, a customer with orders in several states, addresses and a
 * wishlist, and an admin. Their passwords are generated here and printed once; they are stored
 * only as Better Auth's password hashes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { count } from 'drizzle-orm';
import type { OrderStatus, PaymentStatus } from '../../../core/orders/statuses';
import type { Database } from '../client';
import {
  accounts,
  addresses,
  orderItems,
  orders,
  products,
  profiles,
  userRoles,
  users,
  wishlistItems,
} from '../schema';

export const DEMO_CUSTOMER_EMAIL = 'customer@demo.example';
export const DEMO_ADMIN_EMAIL = 'admin@demo.example';

export interface DemoAccount {
  email: string;
  password: string;
  role: 'customer' | 'admin';
}

/** A password that meets spec §5's rules whatever the random part holds. */
function generatedPassword(): string {
  return `Demo-${randomBytes(9).toString('base64url')}7a`;
}

const demoOrders: {
  status: OrderStatus;
  paymentStatus: PaymentStatus | null;
  paymentMethod: string;
  daysAgo: number;
  items: number;
}[] = [
  { status: 'delivered', paymentStatus: 'paid', paymentMethod: 'upi', daysAgo: 40, items: 2 },
  {
    status: 'shipped',
    paymentStatus: 'paid',
    paymentMethod: 'bank transfer',
    daysAgo: 12,
    items: 4,
  },
  { status: 'pending', paymentStatus: null, paymentMethod: 'upi', daysAgo: 2, items: 1 },
];

/**
 * Creates the demo accounts when the database has no users yet; answers what it created (empty
 * when it did nothing).
 */
export async function seedDemoAccounts(db: Database): Promise<DemoAccount[]> {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return [];
  const catalogue = await db
    .select({ id: products.id, name: products.name, priceMinor: products.priceMinor })
    .from(products)
    .limit(8);
  const created: DemoAccount[] = [
    { email: DEMO_CUSTOMER_EMAIL, password: generatedPassword(), role: 'customer' },
    { email: DEMO_ADMIN_EMAIL, password: generatedPassword(), role: 'admin' },
  ];
  await db.transaction(async (tx) => {
    for (const account of created) {
      const userId = randomUUID();
      const name = account.role === 'admin' ? 'Demo Admin' : 'Demo Customer';
      await tx
        .insert(users)
        .values({ id: userId, name, email: account.email, emailVerified: true });
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: userId,
        providerId: 'credential',
        userId,
        password: await hashPassword(account.password),
      });
      await tx.insert(profiles).values({ userId, displayName: name, phone: '+91 98290 12345' });
      if (account.role === 'admin') {
        await tx.insert(userRoles).values({ userId, role: 'admin' });
        continue;
      }
      await tx.insert(addresses).values({
        userId,
        title: 'Home',
        streetAddress: '14 Lake Palace Road',
        city: 'Udaipur',
        state: 'Rajasthan',
        postalCode: '313001',
        country: 'IN',
        isDefault: true,
      });
      let sequence = 0;
      for (const plan of demoOrders) {
        sequence += 1;
        const pieces = catalogue.slice(sequence, sequence + plan.items);
        const lines = pieces.map((piece, index) => ({
          productId: piece.id,
          productName: piece.name,
          quantity: index + 1,
          unitPriceMinor: piece.priceMinor,
          totalPriceMinor: piece.priceMinor * (index + 1),
        }));
        const subtotal = lines.reduce((sum, line) => sum + line.totalPriceMinor, 0);
        const shipping = 25_000;
        const tax = Math.round(subtotal * 0.12);
        const [order] = await tx
          .insert(orders)
          .values({
            userId,
            orderNumber: `DEMO-${1000 + sequence}`,
            status: plan.status,
            paymentStatus: plan.paymentStatus,
            paymentMethod: plan.paymentMethod,
            shippingAddress: {
              name,
              streetAddress: '14 Lake Palace Road',
              city: 'Udaipur',
              state: 'Rajasthan',
              postalCode: '313001',
              country: 'IN',
            },
            subtotalMinor: subtotal,
            shippingAmountMinor: shipping,
            taxAmountMinor: tax,
            totalAmountMinor: subtotal + shipping + tax,
            createdAt: new Date(Date.now() - plan.daysAgo * 24 * 60 * 60 * 1000),
          })
          .returning({ id: orders.id });
        if (!order) throw new Error('demo order not stored');
        if (lines.length > 0) {
          await tx.insert(orderItems).values(lines.map((line) => ({ ...line, orderId: order.id })));
        }
      }
      const wished = catalogue.slice(0, 2);
      if (wished.length > 0) {
        await tx.insert(wishlistItems).values(
          wished.map((piece) => ({
            userId,
            productId: piece.id,
            priceWhenAddedMinor: piece.priceMinor,
          })),
        );
      }
    }
  });
  return created;
}
