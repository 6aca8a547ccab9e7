import { eq, inArray } from 'drizzle-orm';
import { seedProducts, type SeedProduct } from '../../../content/catalog';
import { rupeesToMinor } from '../../../core/money/money';
import { suggestedHsnCode } from '../../../core/tax/hsn';
import type { Database } from '../client';
import { appState, productMedia, products } from '../schema';

const CATALOG_SEEDED_KEY = 'catalog_seeded_at';

export function productRowFromSeed(product: SeedProduct): typeof products.$inferInsert {
  return {
    id: product.id,
    name: product.name,
    priceMinor: rupeesToMinor(product.priceRupees),
    description: product.description,
    shortDescription: product.shortDescription,
    artisanStory: product.artisanStory,
    careInstructions: product.careInstructions,
    category: product.category,
    subcategory: product.subcategory,
    material: product.material,
    // docs/decisions/027: the seed pieces carry the HSN code of their material, as the migration gave them.
    hsnCode: suggestedHsnCode(product.material, product.category),
    region: product.region,
    dimensions: product.dimensions,
    weight: product.weight,
    inStock: product.inStock,
    featured: product.featured,
    bestseller: product.bestseller,
    newArrival: product.newArrival,
    published: true,
  };
}

export function mediaRowsFromSeed(product: SeedProduct): (typeof productMedia.$inferInsert)[] {
  return product.images.map((image, index) => ({
    productId: product.id,
    mediaUrl: image.file,
    mediaType: 'image',
    altText: image.alt,
    sortOrder: index,
    isPrimary: index === 0,
  }));
}

export interface SeedResult {
  productsInserted: number;
  mediaInserted: number;
  skipped: boolean;
}

/**
 * Loads the demo catalogue of content/catalog.ts. Runs once per installation: after that the
 * admin console owns the catalogue, so products the owner deleted do not come back on restart.
 * `force` re-runs it; existing products are never overwritten and nothing is duplicated.
 */
export async function seedCatalog(
  db: Database,
  options: { force?: boolean } = {},
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    if (!options.force) {
      const [seeded] = await tx
        .select({ key: appState.key })
        .from(appState)
        .where(eq(appState.key, CATALOG_SEEDED_KEY));
      if (seeded) return { productsInserted: 0, mediaInserted: 0, skipped: true };
    }

    const inserted = await tx
      .insert(products)
      .values(seedProducts.map(productRowFromSeed))
      .onConflictDoNothing({ target: products.id })
      .returning({ id: products.id });
    const insertedIds = new Set(inserted.map((row) => row.id));

    // Media only for the products this run created, so a re-run cannot duplicate images.
    const mediaRows = seedProducts
      .filter((product) => insertedIds.has(product.id))
      .flatMap(mediaRowsFromSeed);
    if (mediaRows.length > 0) {
      const existing = await tx
        .select({ productId: productMedia.productId })
        .from(productMedia)
        .where(inArray(productMedia.productId, [...insertedIds]));
      const withMedia = new Set(existing.map((row) => row.productId));
      const fresh = mediaRows.filter((row) => !withMedia.has(row.productId));
      if (fresh.length > 0) await tx.insert(productMedia).values(fresh);
    }

    await tx
      .insert(appState)
      .values({ key: CATALOG_SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoUpdate({ target: appState.key, set: { value: new Date().toISOString() } });

    return { productsInserted: insertedIds.size, mediaInserted: mediaRows.length, skipped: false };
  });
}
