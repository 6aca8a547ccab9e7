/**
 * "Reorder" (docs/design.md §5): one quotation request with every chosen item of one of the
 * customer's own orders (docs/requirements.md §18: it made one request per piece before): the orders module reads
 * the order (the customer's own only), the quotations module makes the request, and the owner
 * hears of it once. docs/requirements.md §19: each piece keeps the notes it had on the order's request, and the
 * form starts from the profile's phone, else the latest request's mobile.
 */
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/time/shop-calendar';
import { DomainError } from '../modules/errors';
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import { getProfile, type Profile } from '../modules/account';
import { reorderRequestOfUser } from '../modules/orders';
import {
  createMultiPieceRequest,
  latestRequestContactOfUser,
  pieceNotesOfRequest,
} from '../modules/quotations';
import { rememberRequestDetails } from './request-quotation';

export async function reorderAsQuotations(
  db: Database,
  actor: Actor,
  input: { orderId: string } & Record<string, unknown>,
  now: Date = new Date(),
  timeZone: string = DEFAULT_SHOP_TIME_ZONE,
): Promise<{ created: number; reference: string }> {
  const { quotationRequestId, lines, ...request } = await reorderRequestOfUser(db, actor, input);
  // docs/requirements.md §19: each piece's notes on the order's request come with it
  const notes = quotationRequestId
    ? await pieceNotesOfRequest(db, actor, { quotationRequestId })
    : new Map<string, string>();
  const withNotes = lines.map((line) => ({ ...line, notes: notes.get(line.productId) ?? null }));
  const stored = await createMultiPieceRequest(
    db,
    actor,
    { ...request, lines: withNotes },
    now,
    timeZone,
  ).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'not_found') {
      throw new DomainError('not_found', 'A piece of this order is no longer in the catalogue');
    }
    throw error;
  });
  // docs/requirements.md §15: the profile keeps the mobile given, where it has none
  await rememberRequestDetails(db, actor, stored);
  return { created: 1, reference: stored.reference };
}

/**
 * docs/requirements.md §19: who the reorder form names to start with: the profile, its phone else the mobile
 * of the customer's latest request (and its name when the profile has none).
 */
export async function reorderContact(db: Database, actor: Actor): Promise<Profile> {
  const [profile, latest] = await Promise.all([
    getProfile(db, actor),
    latestRequestContactOfUser(db, actor),
  ]);
  return {
    ...profile,
    displayName: profile.displayName ?? latest?.customerName ?? null,
    phone: profile.phone ?? latest?.customerMobile ?? null,
  };
}
