/**
 * Contact messages (spec §2 Contact, §5, §7 "Insert contact_messages"), and the admin's list and
 * status moves of them (spec §2 Admin, §4, §7 Admin calls).
 */
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { changedFields } from '../../../core/admin/activity';
import { ADMIN_PAGE_SIZE, messageMovesFrom } from '../../../core/admin/admin';
import { contactMessageSchema, type ContactMessage } from '../../../core/community/contact';
import { contactMessageStatuses, type ContactMessageStatus } from '../../../core/orders/statuses';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema';
import type { Actor } from '../actor';
import { recordActivity } from '../activity/record';
import { DomainError } from '../errors';
import { enqueue } from '../jobs/enqueue';
import { pageOffset, parseInput, requireAdmin, requireRowId } from '../kernel';
import { emitWebhookEvent } from '../webhooks/emit';
import {
  contactMessageFilterCondition,
  contactMessageOrder,
  type ContactMessageListFilter,
} from './search';

export { exportContactMessages, type ContactMessageListFilter } from './search';

/**
 * Stores a visitor's message as unread (spec §4) after checking it with the form's schema, and
 * queues the owner's notice in the same transaction (docs/requirements.md §13). Anyone may write, signed in or
 * not; the message does not record who.
 */
export async function createContactMessage(
  db: Database,
  _actor: Actor,
  input: Record<string, unknown>,
  now: Date = new Date(),
): Promise<ContactMessage & { id: string }> {
  const values = parseInput(contactMessageSchema, input);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(contactMessages)
      .values({ ...values, status: 'unread' })
      .returning({ id: contactMessages.id });
    if (!created) throw new Error('contact message not stored');
    const stored = { id: created.id, ...values };
    await enqueue(tx, 'mail', { kind: 'contact-message', message: stored });
    const { id: contactMessageId, ...message } = stored;
    await emitWebhookEvent(
      tx,
      'contact.created',
      { contactMessageId, ...message, status: 'unread' },
      now,
    );
    return stored;
  });
}

// The admin tab's label shows a count query, not a count of loaded rows; docs/decisions/016: with a
// filter, the "{n} matching" line's count of the rows it selects.
export async function countContactMessages(
  db: Database,
  actor: Actor,
  filter: ContactMessageListFilter = {},
): Promise<number> {
  requireAdmin(actor);
  const [row] = await db
    .select({ value: count() })
    .from(contactMessages)
    .where(contactMessageFilterCondition(filter));
  return row?.value ?? 0;
}

// spec §7: every list newest first; docs/requirements.md §12: filtered, and "sort by date" either way
export async function listContactMessages(
  db: Database,
  actor: Actor,
  input: { page: number } & ContactMessageListFilter,
) {
  requireAdmin(actor, 'quotations:read');
  return db
    .select()
    .from(contactMessages)
    .where(contactMessageFilterCondition(input))
    .orderBy(...contactMessageOrder(input))
    .limit(ADMIN_PAGE_SIZE)
    .offset(pageOffset(input.page));
}

// spec §4: contact message transitions
export async function setContactMessageStatus(
  db: Database,
  actor: Actor,
  input: { id: unknown; status: unknown },
): Promise<{ status: ContactMessageStatus }> {
  requireAdmin(actor, 'quotations:write');
  const id = requireRowId(input.id, 'Message');
  const status = parseInput(z.enum(contactMessageStatuses), input.status);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: contactMessages.status,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
      })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for('update');
    if (!current) throw new DomainError('not_found', 'Message not found');
    if (!messageMovesFrom(current.status).includes(status)) {
      throw new DomainError('conflict', `A ${current.status} message cannot become ${status}`);
    }
    await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, id));
    // docs/requirements.md §12: the message as the owner knows it, its sender and subject
    await recordActivity(tx, actor, {
      kind: 'message.status',
      subject: `${current.email}: ${current.subject}`,
      summary: `Message from ${current.name} marked ${status}`,
      changes: changedFields({ status: current.status }, { status }),
    });
    return { status };
  });
}
