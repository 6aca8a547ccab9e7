/**
 * The quotation's thread (docs/requirements.md §10): the customer's messages and the shop's replies, each mailed
 * to the other side and told to integrations (`quotation.message`).
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { changedFields } from '../../../core/admin/activity';
import { quoteMessageSchema } from '../../../core/quotes/quote-offer';
import { mergedIntoText } from '../../../core/quotes/request-pieces-texts';
import type { Database } from '../../db/client';
import { quotationMessages, quotationRequests } from '../../db/schema';
import type { Actor } from '../actor';
import { recordActivity } from '../activity/record';
import { DomainError } from '../errors';
import { parseInput, requireAdmin } from '../kernel';
import { emitWebhookEvent } from '../webhooks/emit';
import {
  requestForOwner,
  requestOfCustomer,
  type QuotationAccess,
  type QuotationRow,
} from './access';
import type { QuoteMessageView } from './views';
import { notify, messageData, type MessageEventKind } from './offer-rows';

export async function messagesOf(db: Database, requestId: string): Promise<QuoteMessageView[]> {
  const rows = await db
    .select()
    .from(quotationMessages)
    .where(eq(quotationMessages.quotationRequestId, requestId))
    .orderBy(asc(quotationMessages.createdAt), asc(quotationMessages.id));
  return rows.map((row) => ({
    id: row.id,
    author: row.author,
    kind: row.kind,
    offerVersion: row.offerVersion,
    body: row.body,
    createdAt: row.createdAt,
  }));
}

export async function addCustomerMessage(
  tx: Database,
  actor: Actor,
  request: QuotationRow,
  entry: { kind: MessageEventKind; body: string; offerVersion?: number },
  now: Date,
): Promise<{ id: string }> {
  const [message] = await tx
    .insert(quotationMessages)
    .values({
      quotationRequestId: request.id,
      author: 'customer',
      kind: entry.kind,
      offerVersion: entry.offerVersion ?? null,
      userId: actor?.userId ?? null,
      body: entry.body,
      createdAt: now,
    })
    .returning({ id: quotationMessages.id });
  if (!message) throw new Error('message not stored');
  // docs/requirements.md §10: the customer wrote last, so the request needs the owner's reply. A completed one
  // waits for nobody (docs/decisions/019's check): its message still reaches the owner by mail, below.
  await tx
    .update(quotationRequests)
    .set({ awaitingReplySince: sql`coalesce(${quotationRequests.awaitingReplySince}, ${now})` })
    .where(and(eq(quotationRequests.id, request.id), ne(quotationRequests.status, 'completed')));
  await notify(tx, 'message', 'owner', { quotationId: request.id, messageId: message.id });
  const data = messageData(request, message.id, 'customer', entry);
  await emitWebhookEvent(tx, 'quotation.message', data, now);
  return message;
}

/** docs/requirements.md §10: a message from the customer on the thread. */
export async function postCustomerMessage(
  db: Database,
  actor: Actor,
  input: QuotationAccess & { body?: unknown },
  now: Date,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const request = await requestOfCustomer(tx, actor, input, { lock: true });
    // docs/requirements.md §18: a merged request is closed; its thread continues on the request it joined.
    if (request.mergedIntoId) {
      const [kept] = await tx
        .select({ reference: quotationRequests.reference })
        .from(quotationRequests)
        .where(eq(quotationRequests.id, request.mergedIntoId));
      throw new DomainError(
        'conflict',
        `${mergedIntoText(kept?.reference ?? 'another request')}: please write on its page.`,
      );
    }
    const { body } = parseInput(quoteMessageSchema, { body: input.body });
    return addCustomerMessage(tx, actor, request, { kind: 'message', body }, now);
  });
}

/** docs/requirements.md §10: the shop's reply on the thread; the request no longer waits for it. */
export async function postShopMessage(
  db: Database,
  actor: Actor,
  input: { quotationId?: unknown; body?: unknown },
  now: Date,
): Promise<{ id: string }> {
  requireAdmin(actor, 'quotations:write');
  const { body } = parseInput(quoteMessageSchema, { body: input.body });
  return db.transaction(async (tx) => {
    const request = await requestForOwner(tx, input.quotationId, { lock: true });
    const [message] = await tx
      .insert(quotationMessages)
      .values({
        quotationRequestId: request.id,
        author: 'shop',
        userId: actor!.userId,
        body,
        createdAt: now,
      })
      .returning({ id: quotationMessages.id });
    await tx
      .update(quotationRequests)
      .set({ awaitingReplySince: null })
      .where(eq(quotationRequests.id, request.id));
    await notify(tx, 'message', 'customer', { quotationId: request.id, messageId: message!.id });
    const data = messageData(request, message!.id, 'shop', { kind: 'message', body });
    await emitWebhookEvent(tx, 'quotation.message', data, now);
    await recordActivity(
      tx,
      actor,
      {
        kind: 'quotation.message',
        subject: request.reference,
        summary: `Message sent to the customer of ${request.reference}`,
        changes: changedFields(null, { message: body }),
      },
      now,
    );
    return message!;
  });
}
