/** Newsletter sign-ups (spec §5 Newsletter, §7 "Insert newsletter_subscriptions", §8). */
import { and, eq, isNull } from 'drizzle-orm';
import { newsletterSubscriptionSchema } from '../../../core/community/newsletter';
import type { Database } from '../../db/client';
import { newsletterSubscriptions } from '../../db/schema';
import type { Actor } from '../actor';
import { enqueue } from '../jobs/enqueue';
import { parseInput } from '../kernel';
import { signToken, verifiedTokenSubject } from '../signed-token';
import { emitWebhookEvent } from '../webhooks/emit';

export type SubscribeOutcome = 'subscribed' | 'already-subscribed';

/**
 * Adds an address to the list. An address already on it is not an error (spec §8: "Already
 * subscribed!" counts as success); one that had unsubscribed is welcomed back. Anyone may sign
 * up, signed in or not.
 */
export async function subscribeToNewsletter(
  db: Database,
  // spec §2: anyone may subscribe, signed in or not; the actor is taken like every module's.
  _actor: Actor,
  /** AUTH_SECRET, which signs the welcome's unsubscribe link. */
  secret: string,
  input: Record<string, unknown>,
  now: Date = new Date(),
): Promise<SubscribeOutcome> {
  const { email, source } = parseInput(newsletterSubscriptionSchema, input);
  return db.transaction(async (tx) => {
    // The unique e-mail (23505 on a plain insert) decides; ON CONFLICT keeps the transaction usable.
    const inserted = await tx
      .insert(newsletterSubscriptions)
      .values({ email, source })
      .onConflictDoNothing({ target: newsletterSubscriptions.email })
      .returning({ id: newsletterSubscriptions.id });
    // docs/requirements.md §13: the welcome is queued with the subscription, and only for a new subscriber.
    if (inserted.length > 0) {
      await enqueue(tx, 'mail', welcomeNotice(secret, email));
      await emitWebhookEvent(
        tx,
        'newsletter.subscribed',
        { email, source, resubscribed: false },
        now,
      );
      return 'subscribed';
    }
    const [existing] = await tx
      .select({ unsubscribedAt: newsletterSubscriptions.unsubscribedAt })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email))
      .for('update');
    if (!existing?.unsubscribedAt) return 'already-subscribed';
    await tx
      .update(newsletterSubscriptions)
      .set({ unsubscribedAt: null, source })
      .where(eq(newsletterSubscriptions.email, email));
    await enqueue(tx, 'mail', welcomeNotice(secret, email));
    await emitWebhookEvent(tx, 'newsletter.subscribed', { email, source, resubscribed: true }, now);
    return 'subscribed';
  });
}

/** A link token that names the address and proves we issued it (the kernel's signed token). */
export function unsubscribeToken(secret: string, email: string): string {
  return signToken(secret, 'newsletter-unsubscribe', email);
}

/** The welcome's unsubscribe link, under the shop's public URL (docs/design.md §7). */
export function newsletterUnsubscribePath(secret: string, email: string): string {
  return `/newsletter/unsubscribe?token=${unsubscribeToken(secret, email)}`;
}

function welcomeNotice(secret: string, email: string) {
  return {
    kind: 'newsletter-welcome',
    email,
    unsubscribePath: newsletterUnsubscribePath(secret, email),
  } as const;
}

/** The address a token was issued for, or null when it was not issued by us. */
export function emailFromUnsubscribeToken(secret: string, token: string): string | null {
  return verifiedTokenSubject(secret, 'newsletter-unsubscribe', token);
}

/**
 * Marks the address of a genuine token unsubscribed; a forged token changes nothing. The token is
 * the authority, whoever follows the link.
 */
export async function unsubscribeFromNewsletter(
  db: Database,
  _actor: Actor,
  secret: string,
  input: { token: string },
): Promise<'unsubscribed' | 'invalid'> {
  const email = emailFromUnsubscribeToken(secret, input.token);
  if (!email) return 'invalid';
  await db
    .update(newsletterSubscriptions)
    .set({ unsubscribedAt: new Date() })
    .where(
      and(eq(newsletterSubscriptions.email, email), isNull(newsletterSubscriptions.unsubscribedAt)),
    );
  return 'unsubscribed';
}

export {
  countSubscribers,
  exportSubscribers,
  listSubscribers,
  type SubscriberListFilter,
  type SubscriberView,
} from './subscribers';
