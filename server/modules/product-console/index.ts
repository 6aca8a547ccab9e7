/**
 * The product console's reads and writes (spec §2 Product console, §4 media rules and product
 * defaults, §5, §7 Product console calls). Every function checks the admin role first; every
 * write of several rows is one transaction.
 */
import { and, asc, count, eq, like, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CSV_BATCH_SIZE,
  mediaCsv,
  parseMediaCsv,
  type MediaCsvRow,
  type SkippedRow,
} from '../../../core/media-csv';
import { rupeesToMinor } from '../../../core/money';
import { rowKey } from '../../../core/form-text';
import {
  mediaFormSchema,
  productFormSchema,
  uploadedMediaFormSchema,
  type MediaForm,
  type ProductForm,
} from '../../../core/product-console';
import { productSlug, uniqueProductSlug } from '../../../core/slug';
import type { Database } from '../../db/client';
import { productMedia, products } from '../../db/schema';
import type { Actor } from '../actor';
import { requireAdmin } from '../admin';
import { DomainError, parseInput } from '../errors';
import { deleteStoredImage, storeImageUpload, type MediaStorage } from '../media-storage';

export type ConsoleProduct = typeof products.$inferSelect;
export type ConsoleMedia = typeof productMedia.$inferSelect;

// The picker lists this many products A to Z; a name search narrows it (100,000 options would not).
export const PRODUCT_PICKER_LIMIT = 50;

export interface PickerProduct {
  id: string;
  name: string;
  published: boolean;
}

/**
 * spec §2: the product picker (unpublished products are marked by the page). The first
 * PRODUCT_PICKER_LIMIT products A to Z whose name contains `search`, ignoring case; read along
 * the name index, so it stops as soon as the list is full.
 */
export async function listConsoleProducts(
  db: Database,
  actor: Actor,
  input: { search?: string } = {},
): Promise<{ products: PickerProduct[]; hasMore: boolean }> {
  requireAdmin(actor);
  const search = (input.search ?? '').trim().toLowerCase().slice(0, 200);
  const nameKey = sql`lower(${products.name}) collate "C"`;
  const rows = await db
    .select({ id: products.id, name: products.name, published: products.published })
    .from(products)
    .where(search ? sql`strpos(${nameKey}, ${search}) > 0` : undefined)
    .orderBy(asc(nameKey), asc(products.id))
    .limit(PRODUCT_PICKER_LIMIT + 1);
  return {
    products: rows.slice(0, PRODUCT_PICKER_LIMIT),
    hasMore: rows.length > PRODUCT_PICKER_LIMIT,
  };
}

export async function getConsoleProduct(
  db: Database,
  actor: Actor,
  id: string,
): Promise<{ product: ConsoleProduct; media: ConsoleMedia[] } | null> {
  requireAdmin(actor);
  const [product] = await db.select().from(products).where(eq(products.id, id));
  if (!product) return null;
  return { product, media: await mediaOf(db, id) };
}

// spec §7: product_media by product_id ordered by sort_order ascending
function mediaOf(db: Database, productId: string): Promise<ConsoleMedia[]> {
  return db
    .select()
    .from(productMedia)
    .where(eq(productMedia.productId, productId))
    .orderBy(asc(productMedia.sortOrder), asc(productMedia.createdAt), asc(productMedia.id));
}

function productValues(form: ProductForm) {
  const { price, ...rest } = form;
  return { ...rest, priceMinor: rupeesToMinor(price) };
}

/**
 * spec §4: in stock and published by default, the flags off (the form starts that way); the id is
 * the slug of DESIGN.md §5, made unique with -2, -3…
 */
export async function createProduct(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<ConsoleProduct> {
  requireAdmin(actor);
  const form = parseInput(productFormSchema, input);
  return db.transaction(async (tx) => {
    const base = productSlug(form.name);
    const taken = await tx
      .select({ id: products.id })
      .from(products)
      .where(or(eq(products.id, base), like(products.id, `${base}-%`)));
    const takenIds = new Set(taken.map((row) => row.id));
    const id = uniqueProductSlug(form.name, (candidate) => takenIds.has(candidate));
    const [created] = await tx
      .insert(products)
      .values({ id, ...productValues(form) })
      .returning();
    if (!created) throw new Error('product not stored');
    return created;
  });
}

/** A product's id from a form: one that cannot name a product is answered as a missing product. */
function productKey(value: unknown): string {
  const parsed = rowKey.safeParse(value);
  if (!parsed.success) throw new DomainError('not_found', 'Product not found');
  return parsed.data;
}

export async function updateProduct(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<ConsoleProduct> {
  requireAdmin(actor);
  const id = productKey(input.id);
  const form = parseInput(productFormSchema, input);
  const [updated] = await db
    .update(products)
    .set(productValues(form))
    .where(eq(products.id, id))
    .returning();
  if (!updated) throw new DomainError('not_found', 'Product not found');
  return updated;
}

/** spec §5: deleting a product also deletes all its media, in one transaction. */
export async function deleteProduct(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<void> {
  requireAdmin(actor);
  const id = productKey(input.id);
  await db.transaction(async (tx) => {
    await tx.delete(productMedia).where(eq(productMedia.productId, id));
    const deleted = await tx
      .delete(products)
      .where(eq(products.id, id))
      .returning({ id: products.id });
    if (deleted.length === 0) throw new DomainError('not_found', 'Product not found');
  });
}

const mediaIdSchema = z.uuid({ error: 'Media not found' });

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

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

export async function addMedia(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<ConsoleMedia> {
  requireAdmin(actor);
  const productId = productKey(input.productId);
  const form = parseInput(mediaFormSchema, input);
  return insertMedia(db, productId, form);
}

/**
 * issue 14 finding 1: an uploaded image becomes a media row in one function that checks the role
 * before the image is decoded or stored, then stores it, then inserts the row. When the insert
 * fails (the product is gone, the database refuses), the stored files are deleted again: no
 * orphaned files.
 */
export async function addUploadedMedia(
  db: Database,
  actor: Actor,
  storage: MediaStorage,
  input: Record<string, unknown> & { image: Uint8Array },
): Promise<ConsoleMedia> {
  requireAdmin(actor);
  const productId = productKey(input.productId);
  // The cheap checks of the form come before the costly encode.
  const form = parseInput(uploadedMediaFormSchema, input);
  const stored = await storeImageUpload(storage, input.image);
  try {
    return await insertMedia(db, productId, {
      ...form,
      mediaUrl: stored.url,
      mediaType: 'image',
    });
  } catch (error) {
    // The insert's own error is the answer; a failed clean-up must not replace it.
    await deleteStoredImage(storage, stored.keys).catch(() => {});
    throw error;
  }
}

async function insertMedia(
  db: Database,
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
    return created;
  });
}

export async function updateMedia(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<ConsoleMedia> {
  requireAdmin(actor);
  const id = parseInput(mediaIdSchema, input.id);
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
    return updated!;
  });
}

export async function deleteMedia(db: Database, actor: Actor, input: Record<string, unknown>) {
  requireAdmin(actor);
  const id = parseInput(mediaIdSchema, input.id);
  const deleted = await db
    .delete(productMedia)
    .where(eq(productMedia.id, id))
    .returning({ id: productMedia.id });
  if (deleted.length === 0) throw new DomainError('not_found', 'Media not found');
}

/** spec §4: exactly one primary per product; the others are cleared in the same transaction. */
export async function setPrimaryMedia(db: Database, actor: Actor, input: Record<string, unknown>) {
  requireAdmin(actor);
  const id = parseInput(mediaIdSchema, input.id);
  await db.transaction(async (tx) => {
    const media = await lockedMedia(tx, id);
    await clearPrimary(tx, media.productId, id);
    await tx.update(productMedia).set({ isPrimary: true }).where(eq(productMedia.id, id));
  });
}

/**
 * spec §4: reordering swaps sort_order with the neighbour; the first cannot move up and the last
 * cannot move down. Equal sort orders (say, from a CSV) are numbered 0…n-1 first, so a swap
 * always moves the item.
 */
export async function moveMedia(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<void> {
  requireAdmin(actor);
  const id = parseInput(mediaIdSchema, input.id);
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
  });
}

export interface MediaImportReport {
  imported: number;
  skipped: SkippedRow[];
  /** Rows imported with a change, such as a second primary of one product imported as not primary. */
  notes: SkippedRow[];
}

/**
 * spec §5 / §7 CSV import: the existing media are replaced by the file's rows, inserted in batches
 * of 50 with progress as current/total. Beyond the spec it is one transaction (DESIGN.md §5): a
 * failure part-way leaves the old media exactly as they were.
 */
export async function importMediaCsv(
  db: Database,
  actor: Actor,
  input: { text: string },
  onProgress: (progress: { current: number; total: number }) => void | Promise<void> = () => {},
): Promise<MediaImportReport> {
  requireAdmin(actor);
  const catalogue = await db.select({ id: products.id, name: products.name }).from(products);
  const parsed = parseMediaCsv(input.text, {
    ids: new Set(catalogue.map((product) => product.id)),
    idByName: new Map(catalogue.map((product) => [product.name.trim().toLowerCase(), product.id])),
  });
  const { rows, notes } = withOnePrimaryPerProduct(parsed.rows);
  const total = rows.length;
  await db.transaction(async (tx) => {
    await tx.delete(productMedia);
    await onProgress({ current: 0, total });
    for (let start = 0; start < total; start += CSV_BATCH_SIZE) {
      const batch = rows.slice(start, start + CSV_BATCH_SIZE);
      await tx.insert(productMedia).values(
        batch.map((row) => ({
          productId: row.productId,
          mediaUrl: row.mediaUrl,
          mediaType: row.mediaType,
          altText: row.altText,
          sortOrder: row.sortOrder,
          isPrimary: row.isPrimary,
        })),
      );
      await onProgress({ current: start + batch.length, total });
    }
  });
  return { imported: total, skipped: parsed.skipped, notes };
}

/** The partial unique index allows one primary per product: later TRUE rows are imported as not primary. */
function withOnePrimaryPerProduct(rows: MediaCsvRow[]): {
  rows: MediaCsvRow[];
  notes: SkippedRow[];
} {
  const withPrimary = new Set<string>();
  const notes: SkippedRow[] = [];
  const kept = rows.map((row) => {
    if (!row.isPrimary) return row;
    if (!withPrimary.has(row.productId)) {
      withPrimary.add(row.productId);
      return row;
    }
    notes.push({
      line: row.line,
      reason: `"${row.productId}" already has a primary image: imported as not primary`,
    });
    return { ...row, isPrimary: false };
  });
  return { rows: kept, notes };
}

/** "Export media CSV": every media row in the import's format, formula cells neutralised. */
export async function exportMediaCsv(db: Database, actor: Actor): Promise<string> {
  requireAdmin(actor);
  const rows = await db
    .select()
    .from(productMedia)
    .orderBy(asc(productMedia.productId), asc(productMedia.sortOrder), asc(productMedia.id));
  return mediaCsv(rows);
}
