/**
 * Product media, as the admin edits them (spec §2 Product console, §4 media rules, §7 Product
 * console calls): add (by address or upload), edit, delete, make primary, move. Every function
 * checks the admin role first; every write of several rows is one transaction.
 */
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { changedFields } from '../../../core/admin/activity';
import { rowKey } from '../../../core/forms/form-text';
import {
  mediaFormSchema,
  uploadedMediaFormSchema,
  type MediaForm,
} from '../../../core/catalog/product-console';
import { catalogueWriter } from '../../db/catalogue-cache';
import type { Database } from '../../db/client';
import { productMedia, products } from '../../db/schema';
import type { Actor } from '../actor';
import { recordActivity } from '../activity/record';
import { DomainError } from '../errors';
import { parseInput, requireAdmin, requireRowId } from '../kernel';
import { deleteStoredImage, storeImageUpload, type MediaStorage } from '../../media-storage';

// docs/decisions/019: the media CSV is this module's too (it writes product_media); callers import it here.
export { exportMediaCsv, importMediaCsv, type MediaImportReport } from './csv';

export type ConsoleMedia = typeof productMedia.$inferSelect;

// spec §7: product_media by product_id ordered by sort_order ascending
export function mediaOfProduct(db: Database, productId: string): Promise<ConsoleMedia[]> {
  return db
    .select()
    .from(productMedia)
    .where(eq(productMedia.productId, productId))
    .orderBy(asc(productMedia.sortOrder), asc(productMedia.createdAt), asc(productMedia.id));
}

/**
 * spec §5: every media row of a product that is being deleted (server/flows/delete-product.ts,
 * which authorises first and deletes the product in the same transaction); answers how many.
 */
export async function deleteMediaOfProduct(tx: Database, productId: string): Promise<number> {
  const deleted = await tx
    .delete(productMedia)
    .where(eq(productMedia.productId, productId))
    .returning({ id: productMedia.id });
  return deleted.length;
}

/** The product console's media of one product, sort order first (spec §7). */
export async function listMediaOfProduct(
  db: Database,
  actor: Actor,
  productId: string,
): Promise<ConsoleMedia[]> {
  requireAdmin(actor);
  return mediaOfProduct(db, productId);
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** docs/requirements.md §12: a media row's fields as the owner edits them, for the activity log. */
function mediaFacts(media: ConsoleMedia | null) {
  if (!media) return null;
  return {
    mediaUrl: media.mediaUrl,
    mediaType: media.mediaType,
    altText: media.altText,
    sortOrder: media.sortOrder,
    isPrimary: media.isPrimary,
  };
}

/** docs/requirements.md §12: one entry for a media write, named by its product (the owner knows media by it). */
function recordMediaChange(
  tx: Transaction,
  actor: Actor,
  productId: string,
  what: string,
  before: ConsoleMedia | null,
  after: ConsoleMedia | null,
) {
  return recordActivity(tx, actor, {
    kind: 'media',
    subject: productId,
    summary: `Media of ${productId} ${what}`,
    changes: changedFields(mediaFacts(before), mediaFacts(after)),
  });
}

async function lockedMedia(tx: Transaction, id: string): Promise<ConsoleMedia> {
  const [media] = await tx.select().from(productMedia).where(eq(productMedia.id, id)).for('update');
  if (!media) throw new DomainError('not_found', 'Media not found');
  return media;
}

// spec §4: setting a primary first clears the flag on the others (the partial unique index guards it)
async function clearPrimary(tx: Transaction, productId: string, except?: string): Promise<void> {
  await tx
    .update(productMedia)
    .set({ isPrimary: false })
    .where(
      and(
        eq(productMedia.productId, productId),
        eq(productMedia.isPrimary, true),
        except ? ne(productMedia.id, except) : undefined,
      ),
    );
}

export const addMedia = catalogueWriter(async function addMedia(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<ConsoleMedia> {
  requireAdmin(actor, 'catalogue:write');
  const productId = requireRowId(input.productId, 'Product', rowKey);
  const form = parseInput(mediaFormSchema, input);
  return insertMedia(db, actor, productId, form);
});

/**
 * docs/requirements.md §14: an uploaded image becomes a media row in one function that checks the role
 * before the image is decoded or stored, then stores it, then inserts the row. When the insert
 * fails (the product is gone, the database refuses), the stored files are deleted again: no
 * orphaned files.
 */
export const addUploadedMedia = catalogueWriter(async function addUploadedMedia(
  db: Database,
  actor: Actor,
  storage: MediaStorage,
  input: Record<string, unknown> & { image: Uint8Array },
): Promise<ConsoleMedia> {
  requireAdmin(actor);
  const productId = requireRowId(input.productId, 'Product', rowKey);
  // The cheap checks of the form come before the costly encode.
  const form = parseInput(uploadedMediaFormSchema, input);
  const stored = await storeImageUpload(storage, input.image);
  try {
    return await insertMedia(db, actor, productId, {
      ...form,
      mediaUrl: stored.url,
      mediaType: 'image',
    });
  } catch (error) {
    // The insert's own error is the answer; a failed clean-up must not replace it.
    await deleteStoredImage(storage, stored.keys).catch(() => {});
    throw error;
  }
});

async function insertMedia(
  db: Database,
  actor: Actor,
  productId: string,
  form: MediaForm,
): Promise<ConsoleMedia> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!product) throw new DomainError('not_found', 'Product not found');
    const [existing] = await tx
      .select({ value: count() })
      .from(productMedia)
      .where(eq(productMedia.productId, productId));
    if (form.isPrimary) await clearPrimary(tx, productId);
    const [created] = await tx
      .insert(productMedia)
      .values({
        productId,
        mediaUrl: form.mediaUrl,
        mediaType: form.mediaType,
        altText: form.altText,
        // spec §4: new media sort order defaults to the current media count
        sortOrder: form.sortOrder ?? existing?.value ?? 0,
        isPrimary: form.isPrimary,
      })
      .returning();
    if (!created) throw new Error('media not stored');
    await recordMediaChange(tx, actor, productId, 'added', null, created);
    return created;
  });
}

export const updateMedia = catalogueWriter(async function updateMedia(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<ConsoleMedia> {
  requireAdmin(actor, 'catalogue:write');
  const id = requireRowId(input.id, 'Media');
  const form = parseInput(mediaFormSchema, input);
  return db.transaction(async (tx) => {
    const media = await lockedMedia(tx, id);
    if (form.isPrimary) await clearPrimary(tx, media.productId, id);
    const [updated] = await tx
      .update(productMedia)
      .set({
        mediaUrl: form.mediaUrl,
        mediaType: form.mediaType,
        altText: form.altText,
        sortOrder: form.sortOrder ?? media.sortOrder,
        isPrimary: form.isPrimary,
      })
      .where(eq(productMedia.id, id))
      .returning();
    await recordMediaChange(tx, actor, media.productId, 'edited', media, updated!);
    return updated!;
  });
});

export const deleteMedia = catalogueWriter(async function deleteMedia(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
) {
  requireAdmin(actor, 'catalogue:write');
  const id = requireRowId(input.id, 'Media');
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(productMedia).where(eq(productMedia.id, id)).returning();
    if (!deleted) throw new DomainError('not_found', 'Media not found');
    await recordMediaChange(tx, actor, deleted.productId, 'deleted', deleted, null);
  });
});

/** spec §4: exactly one primary per product; the others are cleared in the same transaction. */
export const setPrimaryMedia = catalogueWriter(async function setPrimaryMedia(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
) {
  requireAdmin(actor, 'catalogue:write');
  const id = requireRowId(input.id, 'Media');
  await db.transaction(async (tx) => {
    const media = await lockedMedia(tx, id);
    await clearPrimary(tx, media.productId, id);
    await tx.update(productMedia).set({ isPrimary: true }).where(eq(productMedia.id, id));
    await recordMediaChange(tx, actor, media.productId, 'made primary', media, {
      ...media,
      isPrimary: true,
    });
  });
});

/**
 * spec §4: reordering swaps sort_order with the neighbour; the first cannot move up and the last
 * cannot move down. Equal sort orders (say, from a CSV) are numbered 0…n-1 first, so a swap
 * always moves the item.
 */
export const moveMedia = catalogueWriter(async function moveMedia(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<void> {
  requireAdmin(actor);
  const id = requireRowId(input.id, 'Media');
  const direction = parseInput(z.enum(['up', 'down']), input.direction);
  await db.transaction(async (tx) => {
    const media = await lockedMedia(tx, id);
    const siblings = await tx
      .select({ id: productMedia.id, sortOrder: productMedia.sortOrder })
      .from(productMedia)
      .where(eq(productMedia.productId, media.productId))
      .orderBy(asc(productMedia.sortOrder), asc(productMedia.createdAt), asc(productMedia.id))
      .for('update');
    const index = siblings.findIndex((sibling) => sibling.id === id);
    const neighbourIndex = direction === 'up' ? index - 1 : index + 1;
    const neighbour = siblings[neighbourIndex];
    if (!neighbour) {
      throw new DomainError(
        'conflict',
        direction === 'up' ? 'The first media cannot move up' : 'The last media cannot move down',
      );
    }
    const distinct = new Set(siblings.map((sibling) => sibling.sortOrder)).size === siblings.length;
    const orderOf = (position: number) => (distinct ? siblings[position]!.sortOrder : position);
    if (!distinct) {
      for (const [position, sibling] of siblings.entries()) {
        await tx
          .update(productMedia)
          .set({ sortOrder: position })
          .where(eq(productMedia.id, sibling.id));
      }
    }
    await tx
      .update(productMedia)
      .set({ sortOrder: orderOf(neighbourIndex) })
      .where(eq(productMedia.id, id));
    await tx
      .update(productMedia)
      .set({ sortOrder: orderOf(index) })
      .where(eq(productMedia.id, neighbour.id));
    // Its place in the numbered order, which a renumbering of equal sort orders starts from.
    await recordMediaChange(
      tx,
      actor,
      media.productId,
      `moved ${direction}`,
      { ...media, sortOrder: orderOf(index) },
      { ...media, sortOrder: orderOf(neighbourIndex) },
    );
  });
});
