/**
 * spec §5 "Delete Product": the product and all its media, in one transaction (docs/design.md §5). The
 * media are the product-media module's rows and the product the products module's: this flow
 * authorises, then has each delete its own.
 */
import { rowKey } from '../../core/forms/form-text';
import { catalogueWriter } from '../db/catalogue-cache';
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import { requireAdmin, requireRowId } from '../modules/kernel';
import { deleteMediaOfProduct } from '../modules/product-media';
import { deleteProductRow } from '../modules/products';

export const deleteProduct = catalogueWriter(async function deleteProduct(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<void> {
  requireAdmin(actor, 'catalogue:write');
  const id = requireRowId(input.id, 'Product', rowKey);
  await db.transaction(async (tx) => {
    const mediaDeleted = await deleteMediaOfProduct(tx, id);
    await deleteProductRow(tx, actor, id, mediaDeleted);
  });
});
