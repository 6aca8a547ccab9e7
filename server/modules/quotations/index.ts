/**
 * Quotation requests (spec §2 Request Quotation, §3, §7 "Insert quotation_requests").
 */
import { and, eq } from 'drizzle-orm';
import { quotationRequestSchema, type QuotationRequest } from '../../../core/quotation';
import type { Database } from '../../db/client';
import { products, quotationRequests } from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';

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
