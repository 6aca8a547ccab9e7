/** Call-back requests from the welcome pop-up (spec §2 Welcome pop-up; DESIGN.md §5). */
import { welcomeLeadSchema } from '../../../core/welcome-lead';
import type { Database } from '../../db/client';
import { callbackLeads } from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';

/**
 * Keeps the number for a call-back. Sign-in by SMS is not configured on this shop, so this is what
 * "Request OTP" does: it never does nothing (DESIGN.md §5).
 */
export async function createCallbackLead(
  db: Database,
  // spec §2: the pop-up is for anyone, signed in or not; the actor is taken like every module's.
  _actor: Actor,
  input: Record<string, unknown>,
): Promise<{ id: string; phoneNumber: string }> {
  const parsed = welcomeLeadSchema.safeParse(input);
  if (!parsed.success) {
    throw new DomainError('invalid', parsed.error.issues[0]?.message ?? 'Invalid request');
  }
  const [created] = await db
    .insert(callbackLeads)
    .values({
      countryCode: parsed.data.countryCode,
      phone: parsed.data.phone,
      acceptedTermsAt: new Date(),
    })
    .returning({ id: callbackLeads.id });
  if (!created) throw new Error('call-back lead not stored');
  return { id: created.id, phoneNumber: `${parsed.data.countryCode}${parsed.data.phone}` };
}
