/**
 * Call-back requests from the welcome pop-up (spec §2 Welcome pop-up; docs/design.md §5), and the
 * admin's list of them (spec §2 Admin).
 */
import { count, desc } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '../../../core/admin/admin';
import { welcomeLeadSchema } from '../../../core/catalog/welcome-lead';
import type { Database } from '../../db/client';
import { callbackLeads } from '../../db/schema';
import type { Actor } from '../actor';
import { enqueue } from '../jobs/enqueue';
import { pageOffset, parseInput, requireAdmin } from '../kernel';

/**
 * Keeps the number for a call-back. Sign-in by SMS is not configured on this shop, so this is what
 * "Request OTP" does: it never does nothing (docs/design.md §5). Anyone may ask, signed in or not.
 */
export async function createCallbackLead(
  db: Database,
  // spec §2: the pop-up is for anyone, signed in or not; the actor is taken like every module's.
  _actor: Actor,
  input: Record<string, unknown>,
): Promise<{ id: string; phoneNumber: string }> {
  const values = parseInput(welcomeLeadSchema, input);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(callbackLeads)
      .values({
        countryCode: values.countryCode,
        phone: values.phone,
        acceptedTermsAt: new Date(),
      })
      .returning({ id: callbackLeads.id });
    if (!created) throw new Error('call-back lead not stored');
    const lead = { id: created.id, phoneNumber: `${values.countryCode}${values.phone}` };
    // docs/requirements.md §13: the owner is mailed "Call-back request from {phone}", like a contact message.
    await enqueue(tx, 'mail', { kind: 'callback-request', lead });
    return lead;
  });
}

// The admin tab's label shows a count query, not a count of loaded rows.
export async function countCallbackLeads(db: Database, actor: Actor): Promise<number> {
  requireAdmin(actor);
  const [row] = await db.select({ value: count() }).from(callbackLeads);
  return row?.value ?? 0;
}

// spec §7: every list newest first
export async function listCallbackLeads(db: Database, actor: Actor, input: { page: number }) {
  requireAdmin(actor);
  return db
    .select()
    .from(callbackLeads)
    .orderBy(desc(callbackLeads.createdAt))
    .limit(ADMIN_PAGE_SIZE)
    .offset(pageOffset(input.page));
}
