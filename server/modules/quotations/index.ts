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
import { products, quotationRequests } from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { pageOffset, parseInput, requireAdmin, requireRowId } from '../kernel';

export type StoredQuotationRequest = QuotationRequest & {
  id: string;
  productId: string;
  productName: string;
};

/**
 * Stores a visitor's or customer's request for a quotation, as `pending` (spec §4). The input is
 * checked here with the form's own schema, whoever calls; the product's name is read from the
 * catalogue, never taken from the request.
 */
export async function createQuotationRequest(
  db: Database,
  actor: Actor,
  input: { productId: string } & Record<string, unknown>,
): Promise<StoredQuotationRequest> {
  const parsed = quotationRequestSchema.safeParse(input);
  if (!parsed.success) {
    throw new DomainError('invalid', parsed.error.issues[0]?.message ?? 'Invalid request');
  }
  const [product] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.published, true)));
  if (!product) throw new DomainError('not_found', 'Product not found');

  const [created] = await db
    .insert(quotationRequests)
    .values({
      productId: product.id,
      productName: product.name,
      ...parsed.data,
      // DESIGN.md §5: a signed-in requester's quotation carries their user id
      userId: actor?.userId ?? null,
      status: 'pending',
    })
    .returning({ id: quotationRequests.id });
  if (!created) throw new Error('quotation request not stored');
  return { id: created.id, productId: product.id, productName: product.name, ...parsed.data };
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
