/**
 * docs/requirements.md §21 "Price-drop alerts", the account's part: the customer's setting (profiles), who of a
 * product's wishers is told of its lower price and when (wishlist_items.alerted_*), and the mail's
 * unsubscribe link. The alert job itself is server/flows/alert-price-drop.ts.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { priceDropAlertDecision } from '../../../core/catalog/price-drop';
import { priceDropAlertsSchema } from '../../../core/catalog/price-drop-schema';
import type { Database } from '../../db/client';
import { profiles, users, wishlistItems } from '../../db/schema';
import type { Actor } from '../actor';
import { enqueue, enqueueUnlessWaiting } from '../jobs/enqueue';
import { parseInput, requireUser } from '../kernel';
import { signToken, verifiedTokenSubject } from '../signed-token';

/** The customer's own setting; on when they never changed it (the column's default). */
export async function readPriceDropAlerts(db: Database, actor: Actor): Promise<boolean> {
  const userId = requireUser(actor);
  const [row] = await db
    .select({ on: profiles.priceDropAlerts })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.on ?? true;
}

/** docs/requirements.md §21: the dashboard's "E-mail me when a wished piece's price drops". */
export async function setPriceDropAlerts(
  db: Database,
  actor: Actor,
  input: unknown,
): Promise<{ priceDropAlerts: boolean }> {
  const userId = requireUser(actor);
  const { priceDropAlerts } = parseInput(priceDropAlertsSchema, input);
  await db
    .insert(profiles)
    .values({ userId, priceDropAlerts })
    .onConflictDoUpdate({ target: profiles.userId, set: { priceDropAlerts } });
  return { priceDropAlerts };
}

/** The mail's unsubscribe token: names the account and proves the shop issued it. */
export function priceDropUnsubscribeToken(secret: string, userId: string): string {
  return signToken(secret, 'price-drop-alerts-unsubscribe', userId);
}

/** The price-drop mail's unsubscribe link, under the shop's public URL (docs/design.md §7). */
export function priceDropUnsubscribePath(secret: string, userId: string): string {
  return `/price-drop-alerts/unsubscribe?token=${priceDropUnsubscribeToken(secret, userId)}`;
}

function userIdFromToken(secret: string, token: string): string | null {
  return verifiedTokenSubject(secret, 'price-drop-alerts-unsubscribe', token);
}

/**
 * The address a genuine token's account receives the alerts at, for the confirmation page; null
 * for a forged token or an account that is gone. Reading changes nothing (mail scanners follow
 * links).
 */
export async function priceDropUnsubscribeAddress(
  db: Database,
  secret: string,
  token: string,
): Promise<string | null> {
  const userId = userIdFromToken(secret, token);
  if (!userId) return null;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email ?? null;
}

/**
 * docs/requirements.md §21: the mail's unsubscribe link turns the setting off. The token is the authority,
 * whoever follows the link (as the newsletter's); a forged one changes nothing.
 */
export async function unsubscribeFromPriceDropAlerts(
  db: Database,
  _actor: Actor,
  secret: string,
  input: { token: string },
): Promise<'unsubscribed' | 'invalid'> {
  const userId = userIdFromToken(secret, input.token);
  if (!userId) return 'invalid';
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return 'invalid';
  await db
    .insert(profiles)
    .values({ userId, priceDropAlerts: false })
    .onConflictDoUpdate({ target: profiles.userId, set: { priceDropAlerts: false } });
  return 'unsubscribed';
}

/**
 * docs/requirements.md §21: tells the product's wishers of its price `priceMinor`, as it is at `now`: each whose
 * item is below the price they added it at, who has the setting on and a verified address, and
 * who was not told of this or a lower price within 24 hours (core/price-drop). Each mail is queued
 * with its item's alerted_* in one transaction; a wisher told of a higher price within the day is
 * told when that day ends, by a job queued for then. The items are locked, so two alert jobs of
 * one product never mail one wisher twice.
 */
export async function alertWishersOfPriceDrop(
  db: Database,
  /** AUTH_SECRET, which signs each mail's unsubscribe link. */
  secret: string,
  product: { id: string; name: string; priceMinor: number },
  now: Date,
): Promise<{ mailed: number; later: number }> {
  return db.transaction(async (tx) => {
    const items = await tx
      .select({
        id: wishlistItems.id,
        userId: wishlistItems.userId,
        priceWhenAddedMinor: wishlistItems.priceWhenAddedMinor,
        alertedPriceMinor: wishlistItems.alertedPriceMinor,
        alertedAt: wishlistItems.alertedAt,
        email: users.email,
      })
      .from(wishlistItems)
      .innerJoin(users, eq(users.id, wishlistItems.userId))
      .leftJoin(profiles, eq(profiles.userId, wishlistItems.userId))
      .where(
        and(
          eq(wishlistItems.productId, product.id),
          // docs/requirements.md §21: only items held below the price they were added at
          gt(wishlistItems.priceWhenAddedMinor, product.priceMinor),
          sql`coalesce(${profiles.priceDropAlerts}, true)`,
          // An address nobody proved theirs is not mailed about a wishlist (docs/decisions/011).
          eq(users.emailVerified, true),
        ),
      )
      .orderBy(wishlistItems.id)
      .for('update', { of: wishlistItems });
    const mailedItems: string[] = [];
    const laterTimes = new Set<number>();
    for (const item of items) {
      const decision = priceDropAlertDecision(item, product.priceMinor, now);
      if (decision.action === 'later') laterTimes.add(decision.at.getTime());
      if (decision.action !== 'mail') continue;
      await enqueue(tx, 'mail', {
        kind: 'price-drop',
        to: item.email,
        userId: item.userId,
        productId: product.id,
        productName: product.name,
        priceMinor: product.priceMinor,
        thenPriceMinor: item.priceWhenAddedMinor,
        unsubscribePath: priceDropUnsubscribePath(secret, item.userId),
      });
      mailedItems.push(item.id);
    }
    // One write for every item told, in the mails' transaction.
    if (mailedItems.length > 0) {
      await tx
        .update(wishlistItems)
        .set({ alertedPriceMinor: product.priceMinor, alertedAt: now })
        .where(inArray(wishlistItems.id, mailedItems));
    }
    for (const at of laterTimes) {
      const startAfter = new Date(at);
      await enqueueUnlessWaiting(
        tx,
        'price-drop-alert',
        { productId: product.id },
        { startAfter, singletonKey: `${product.id}@${startAfter.toISOString()}` },
      );
    }
    return { mailed: mailedItems.length, later: laterTimes.size };
  });
}
