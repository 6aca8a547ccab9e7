/** Contact messages (spec §2 Contact, §5, §7 "Insert contact_messages"). */
import { contactMessageSchema, type ContactMessage } from '../../../core/contact';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { enqueue } from '../jobs';

/**
 * Stores a visitor's message as unread (spec §4) after checking it with the form's schema, and
 * queues the owner's notice in the same transaction (issue 15 §1).
 */
export async function createContactMessage(
  db: Database,
  // spec §2: anyone may write, signed in or not; the actor is taken like every module's.
  _actor: Actor,
  input: Record<string, unknown>,
): Promise<ContactMessage & { id: string }> {
  const parsed = contactMessageSchema.safeParse(input);
  if (!parsed.success) {
    throw new DomainError('invalid', parsed.error.issues[0]?.message ?? 'Invalid request');
  }
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(contactMessages)
      .values({ ...parsed.data, status: 'unread' })
      .returning({ id: contactMessages.id });
    if (!created) throw new Error('contact message not stored');
    const stored = { id: created.id, ...parsed.data };
    await enqueue(tx, 'mail', { kind: 'contact-message', message: stored });
    return stored;
  });
}
