/**
 * The activity log's record, in the domain kernel (docs/design.md §3, docs/requirements.md §12): every owner write
 * records who, when, what and the changed fields' before → after in its own transaction, with
 * this alone. Reading the log is ./index.ts.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { activityLog, apiKeys, users } from '../../db/schema';
import { commandLineOperator, type Actor } from '../actor';
import type { ActivityChange, ActivityKind } from '../../../core/admin/activity';

export interface ActivityEntry {
  kind: ActivityKind;
  /** The row acted on, as the owner knows it: an order number, a reference, a product's id. */
  subject?: string | null;
  /** One line in the owner's words: "Order ORD-… confirmed". */
  summary: string;
  changes?: ActivityChange[];
}

const MAX_SUMMARY = 500;
const MAX_SUBJECT = 200;
const MAX_ACTOR_NAME = 320;

async function actorOf(tx: Database, actor: NonNullable<Actor>) {
  if (actor.userId === commandLineOperator?.userId) {
    return { actorKind: 'command-line' as const, actorId: null, actorName: 'Command line' };
  }
  const [user] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, actor.userId));
  const person = user ? user.name || user.email : actor.userId;
  if (!actor.apiKey)
    return { actorKind: 'user' as const, actorId: actor.userId, actorName: person };
  const [key] = await tx
    .select({ name: apiKeys.name })
    .from(apiKeys)
    .where(eq(apiKeys.id, actor.apiKey.id));
  return {
    actorKind: 'api-key' as const,
    actorId: actor.userId,
    actorName: `${person} (API key ${key?.name ?? actor.apiKey.id})`,
  };
}

/**
 * Appends one entry in `tx`, the transaction of the write it describes. Call it after the domain
 * function has authorised the actor; a write by nobody (a visitor, the queue) is not the owner's.
 */
export async function recordActivity(
  tx: Database,
  actor: Actor,
  entry: ActivityEntry,
  now?: Date,
): Promise<void> {
  if (!actor) return;
  const who = await actorOf(tx, actor);
  await tx.insert(activityLog).values({
    ...who,
    actorName: who.actorName.slice(0, MAX_ACTOR_NAME),
    kind: entry.kind,
    subject: entry.subject?.slice(0, MAX_SUBJECT) ?? null,
    summary: entry.summary.slice(0, MAX_SUMMARY),
    changes: entry.changes ?? [],
    ...(now ? { createdAt: now } : {}),
  });
}
