import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { categories, findCategoryByValue } from '../core/catalog/categories';
import { artworkFiles } from '../scripts/generate-artwork';
import { seedProducts } from './catalog';
import { stories } from './stories';

const publicDir = path.join(import.meta.dirname, '..', 'public');
const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('the seed catalogue', () => {
  it('holds about 29 products with unique slug ids, including the ones the spec names', () => {
    expect(seedProducts.length).toBeGreaterThanOrEqual(29);
    const ids = seedProducts.map((product) => product.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(slugPattern);
    // spec §3
    for (const named of [
      'banswara-cake-stand',
      'boat-ganesh',
      'lotus-urli',
      'wine-chiller-black',
    ]) {
      expect(ids).toContain(named);
    }
  });

  it('prices every product in whole rupees between ₹900 and ₹6,500', () => {
    for (const product of seedProducts) {
      expect(Number.isInteger(product.priceRupees)).toBe(true);
      expect(product.priceRupees).toBeGreaterThanOrEqual(900);
      expect(product.priceRupees).toBeLessThanOrEqual(6500);
    }
  });

  it('fills every text field of spec §3', () => {
    for (const product of seedProducts) {
      for (const field of [
        'name',
        'description',
        'shortDescription',
        'artisanStory',
        'careInstructions',
        'material',
        'region',
      ] as const) {
        expect(product[field].trim(), `${product.id}.${field}`).not.toBe('');
      }
      expect(product.inStock).toBe(true);
    }
  });

  it('uses every category and every listed subcategory, each within its own category', () => {
    for (const product of seedProducts) {
      const category = findCategoryByValue(product.category);
      expect(category?.subcategories, product.id).toContain(product.subcategory);
    }
    for (const category of categories) {
      const inCategory = seedProducts.filter((product) => product.category === category.adminValue);
      expect(inCategory.length, category.slug).toBeGreaterThanOrEqual(5);
      for (const subcategory of category.subcategories) {
        expect(inCategory.map((product) => product.subcategory)).toContain(subcategory);
      }
    }
  });

  it('has several new arrivals and several featured products that are not new', () => {
    const newArrivals = seedProducts.filter((product) => product.newArrival);
    const featuredNotNew = seedProducts.filter(
      (product) => product.featured && !product.newArrival,
    );
    expect(newArrivals.length).toBeGreaterThanOrEqual(5);
    expect(featuredNotNew.length).toBeGreaterThanOrEqual(5);
    expect(new Set(seedProducts.map((product) => product.material)).size).toBeGreaterThanOrEqual(6);
  });

  it('gives every product one to four images whose files exist and carry alt text', () => {
    for (const product of seedProducts) {
      expect(product.images.length, product.id).toBeGreaterThanOrEqual(1);
      expect(product.images.length, product.id).toBeLessThanOrEqual(4);
      for (const image of product.images) {
        expect(image.file.startsWith(`/images/products/${product.id}-`)).toBe(true);
        expect(existsSync(path.join(publicDir, image.file)), image.file).toBe(true);
        expect(image.alt.trim()).not.toBe('');
      }
    }
  });
});

describe('the journal stories', () => {
  it('are the four stories of spec §2, one of them featured', () => {
    expect(stories.map((story) => story.id)).toEqual([
      'marble-artisans-of-banswara',
      'sikki-craft-of-bihar',
      'molela-terracotta',
      'manchaha-rug-weavers',
    ]);
    expect(stories.filter((story) => story.featured)).toHaveLength(1);
  });

  it('link only to products that exist and have valid dates and images', () => {
    const productIds = new Set(seedProducts.map((product) => product.id));
    for (const story of stories) {
      expect(Number.isNaN(Date.parse(story.date))).toBe(false);
      expect(existsSync(path.join(publicDir, story.image)), story.image).toBe(true);
      expect(story.fullContent.sections.length).toBeGreaterThan(0);
      for (const id of story.relatedProducts) expect(productIds.has(id), id).toBe(true);
    }
  });
});

describe('the generated artwork', () => {
  it('is committed up to date, small, and titled', () => {
    for (const file of artworkFiles()) {
      expect(existsSync(file.path), file.path).toBe(true);
      expect(readFileSync(file.path, 'utf8'), `${file.path} is stale: npm run artwork`).toBe(
        file.content,
      );
      expect(statSync(file.path).size).toBeLessThan(6 * 1024);
      expect(file.content).toMatch(/<title>[^<]+<\/title>/);
    }
  });
});
