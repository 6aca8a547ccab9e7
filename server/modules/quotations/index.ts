/**
 * Quotation requests (spec §2 Request Quotation, §3, §7 "Insert quotation_requests").
 */
import { and, eq } from 'drizzle-orm';
import { quotationRequestSchema, type QuotationRequest } from '../../../core/quotation';
import type { Database } from '../../db/client';
import { products, quotationRequests, users } from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { enqueue } from '../jobs';
import { isVerifiedAddressOf } from '../notifications';

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
  const parsed = quotationRequestSchema.safeParse(input);
  if (!parsed.success) {
    throw new DomainError('invalid', parsed.error.issues[0]?.message ?? 'Invalid request');
  }
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
        ...parsed.data,
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
      ...parsed.data,
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
