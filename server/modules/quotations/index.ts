/**
 * Quotation requests (spec §2 Request Quotation, §3, §7 "Insert quotation_requests"), and the
 * admin's list and status moves of them (spec §2 Admin, §4, §7 Admin calls).
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_PAGE_SIZE, canMoveQuotation } from '../../../core/admin';
import { quotationRequestSchema, type QuotationRequest } from '../../../core/quotation';
import { quotationStatuses, type QuotationStatus } from '../../../core/statuses';
import type { Database } from '../../db/client';
import { products, quotationRequests, users } from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { enqueue } from '../jobs';
import { isVerifiedAddressOf } from '../notifications';
import { pageOffset, parseInput, requireAdmin, requireRowId } from '../kernel';

export type StoredQuotationRequest = QuotationRequest & {
  id: string;
  productId: string;
  productName: string;
};

/**
 * Stores a visitor's or customer's request for a quotation, as `pending` (spec §4). The input is
 * checked here with the form's own schema, whoever calls; the product's name is read from the
 * catalogue, never taken from the request. issue 15 §1: the only writer of quotation requests
 * (the dialog, /quote without JavaScript, reorder, the API), so every request queues the owner's
 * notice, and the requester's confirmation when they gave an address, in its own transaction.
 */
export async function createQuotationRequest(
  db: Database,
  actor: Actor,
  input: { productId: string } & Record<string, unknown>,
): Promise<StoredQuotationRequest> {
  const values = parseInput(quotationRequestSchema, input);
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(eq(products.id, input.productId), eq(products.published, true)));
    if (!product) throw new DomainError('not_found', 'Product not found');

    const [created] = await tx
      .insert(quotationRequests)
      .values({
        productId: product.id,
        productName: product.name,
        ...values,
        // DESIGN.md §5: a signed-in requester's quotation carries their user id
        userId: actor?.userId ?? null,
        status: 'pending',
      })
      .returning({ id: quotationRequests.id });
    if (!created) throw new Error('quotation request not stored');
    const quotation = {
      id: created.id,
      productId: product.id,
      productName: product.name,
      ...values,
    };
    const recipientVerified = await isRequestersVerifiedAddress(tx, actor, quotation.customerEmail);
    await enqueue(tx, 'mail', {
      kind: 'quotation-request',
      to: 'owner',
      quotation,
      recipientVerified,
    });
    if (quotation.customerEmail) {
      await enqueue(tx, 'mail', {
        kind: 'quotation-request',
        to: 'requester',
        quotation,
        recipientVerified,
      });
    }
    return quotation;
  });
}

/** issue 14 finding 5: whether the address typed is the signed-in requester's verified one. */
async function isRequestersVerifiedAddress(
  db: Database,
  actor: Actor,
  address: string | null,
): Promise<boolean> {
  if (!actor || !address) return false;
  const [account] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, actor.userId));
  return isVerifiedAddressOf(account ?? null, address);
}

// The admin tab's label shows a count query, not a count of loaded rows.
export async function countQuotationRequests(db: Database, actor: Actor): Promise<number> {
  requireAdmin(actor);
  const [row] = await db.select({ value: count() }).from(quotationRequests);
  return row?.value ?? 0;
}

// spec §7: every list newest first
export async function listQuotationRequests(db: Database, actor: Actor, input: { page: number }) {
  requireAdmin(actor);
  return db
    .select()
    .from(quotationRequests)
    .orderBy(desc(quotationRequests.createdAt))
    .limit(ADMIN_PAGE_SIZE)
    .offset(pageOffset(input.page));
}

// spec §4: quotation transitions, refused by the server when not allowed
export async function setQuotationStatus(
  db: Database,
  actor: Actor,
  input: { id: unknown; status: unknown },
): Promise<{ status: QuotationStatus }> {
  requireAdmin(actor);
  const id = requireRowId(input.id, 'Quotation request');
  const status = parseInput(z.enum(quotationStatuses), input.status);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: quotationRequests.status })
      .from(quotationRequests)
      .where(eq(quotationRequests.id, id))
      .for('update');
    if (!current) throw new DomainError('not_found', 'Quotation request not found');
    if (!canMoveQuotation(current.status as QuotationStatus, status)) {
      throw new DomainError('conflict', `A ${current.status} quotation cannot become ${status}`);
    }
    await tx.update(quotationRequests).set({ status }).where(eq(quotationRequests.id, id));
    return { status };
  });
}
