/**
 * Products, as the admin edits them (spec §2 Product console, §4 product defaults, §5, §7 Product
 * console calls): the picker, one product with its media, create, update and delete. Every
 * function checks the admin role first. The storefront's reads of products are `catalog`.
 */
import { and, asc, eq, like, or, sql } from 'drizzle-orm';
import { changedFields } from '../../../core/admin/activity';
import { rowKey } from '../../../core/forms/form-text';
import { formatRupees, rupeesToMinor } from '../../../core/money/money';
import { PRICE_DROP_FOLD_MS } from '../../../core/catalog/price-drop';
import { productFormSchema, type ProductForm } from '../../../core/catalog/product-console';
import { productSlug, uniqueProductSlug } from '../../../core/catalog/slug';
import { catalogueWriter } from '../../db/catalogue-cache';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import type { Actor } from '../actor';
import { recordActivity } from '../activity/record';
import { DomainError } from '../errors';
import { enqueueUnlessWaiting } from '../jobs/enqueue';
import { parseInput, requireAdmin, requireRowId } from '../kernel';

export type ConsoleProduct = typeof products.$inferSelect;
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

/** The product console's product (its media are the product-media module's). */
export async function getConsoleProduct(
  db: Database,
  actor: Actor,
  id: string,
): Promise<ConsoleProduct | null> {
  requireAdmin(actor);
  const [product] = await db.select().from(products).where(eq(products.id, id));
  return product ?? null;
}

function productValues(form: ProductForm) {
  const { price, ...rest } = form;
  return { ...rest, priceMinor: rupeesToMinor(price) };
}

/** docs/requirements.md §12: a product's fields as the owner edits them (the form's), for the activity log. */
function productFacts(product: ConsoleProduct | null) {
  if (!product) return null;
  return {
    name: product.name,
    price: formatRupees(product.priceMinor),
    description: product.description,
    category: product.category,
    material: product.material,
    shortDescription: product.shortDescription,
    subcategory: product.subcategory,
    region: product.region,
    dimensions: product.dimensions,
    weight: product.weight,
    careInstructions: product.careInstructions,
    hsnCode: product.hsnCode,
    artisanStory: product.artisanStory,
    inStock: product.inStock,
    published: product.published,
    featured: product.featured,
    bestseller: product.bestseller,
    newArrival: product.newArrival,
  };
}

/**
 * spec §4: in stock and published by default, the flags off (the form starts that way); the id is
 * the slug of docs/design.md §5, made unique with -2, -3…
 */
export const createProduct = catalogueWriter(async function createProduct(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<ConsoleProduct> {
  requireAdmin(actor, 'catalogue:write');
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
    await recordActivity(tx, actor, {
      kind: 'product',
      subject: created.id,
      summary: `Product "${created.name}" created`,
      changes: changedFields(null, productFacts(created)),
    });
    return created;
  });
});

export const updateProduct = catalogueWriter(async function updateProduct(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
  now: Date = new Date(),
): Promise<ConsoleProduct> {
  requireAdmin(actor, 'catalogue:write');
  const id = requireRowId(input.id, 'Product', rowKey);
  const form = parseInput(productFormSchema, input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!before) throw new DomainError('not_found', 'Product not found');
    const [updated] = await tx
      .update(products)
      .set(productValues(form))
      .where(eq(products.id, id))
      .returning();
    if (!updated) throw new DomainError('not_found', 'Product not found');
    // docs/requirements.md §12: the fields the owner changed, before → after
    await recordActivity(tx, actor, {
      kind: 'product',
      subject: id,
      summary: `Product "${updated.name}" updated`,
      changes: changedFields(productFacts(before), productFacts(updated)),
    });
    if (updated.priceMinor < before.priceMinor) await queuePriceDropAlert(tx, id, now);
    return updated;
  });
});

/**
 * docs/requirements.md §21: a lower price queues the product's alert to its wishers, in the change's transaction,
 * an hour on (core/price-drop PRICE_DROP_FOLD_MS): a drop while that alert waits is folded into
 * it, and the alert mails the price as it is when it runs (server/flows/alert-price-drop.ts).
 */
async function queuePriceDropAlert(tx: Database, productId: string, now: Date): Promise<void> {
  await enqueueUnlessWaiting(
    tx,
    'price-drop-alert',
    { productId },
    { startAfter: new Date(now.getTime() + PRICE_DROP_FOLD_MS), singletonKey: productId },
  );
}

/**
 * docs/requirements.md §21: a product's name and price as the price-drop alert reads them when it runs; null when
 * it is gone or unpublished (nobody is sent to a page that is not there). For the job's flow: no
 * actor, it is the shop's own work.
 */
export async function readProductForPriceDropAlert(
  db: Database,
  id: string,
): Promise<{ id: string; name: string; priceMinor: number } | null> {
  const [product] = await db
    .select({ id: products.id, name: products.name, priceMinor: products.priceMinor })
    .from(products)
    .where(and(eq(products.id, id), eq(products.published, true)));
  return product ?? null;
}

/**
 * spec §5: the product's row, once its media are gone (server/flows/delete-product.ts deletes both
 * in one transaction, and authorises first); `mediaDeleted` is how many, for the activity log.
 */
export async function deleteProductRow(
  tx: Database,
  actor: Actor,
  id: string,
  mediaDeleted: number,
): Promise<void> {
  const [deleted] = await tx.delete(products).where(eq(products.id, id)).returning();
  if (!deleted) throw new DomainError('not_found', 'Product not found');
  await recordActivity(tx, actor, {
    kind: 'product',
    subject: id,
    summary: `Product "${deleted.name}" deleted with its media (${mediaDeleted})`,
    changes: changedFields(productFacts(deleted), null),
  });
}
