/**
 * The product console's forms (spec §2 Product console, §4 product defaults and media rules, §5
 * product create and media add or edit, §8 console toasts): one schema for the browser and the
 * server. Every field arrives as text from a form.
 */
import { z } from 'zod';
import { formText, visibleText } from '../forms/form-text';
import { categoryValues } from './categories';
import { countOf } from '../forms/plurals';
import { mediaTypes } from '../orders/statuses';
import { HSN_CODE_PATTERN, HSN_CODE_PROBLEM } from '../tax/hsn';

// spec §5: the one message for a missing required field of the console
export const CONSOLE_MISSING_FIELDS = 'Please fill in all required fields';

/**
 * `text` is `visibleText()` for what a buyer reads as a name or a label (the name, the material,
 * the short line under it): invisible characters are refused there (core/form-text). The long
 * texts are prose.
 */
const required = (max: number, text = formText({ error: CONSOLE_MISSING_FIELDS })) =>
  text.trim().min(1, CONSOLE_MISSING_FIELDS).max(max, `Please keep this under ${max} characters`);

const optional = (max: number, text = formText()) =>
  text
    .trim()
    .max(max, `Please keep this under ${max} characters`)
    .optional()
    .transform((value) => (value ? value : null));

/** A checkbox posts "on" (or "true") when ticked and nothing when not. */
const checkbox = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true');

export const MEDIA_URL_REFUSED = 'Enter a web address (https://…) or a path on this shop (/…)';

export const PRODUCT_MAX_PRICE_RUPEES = 10_000_000;

export const productFormSchema = z.object({
  name: required(200, visibleText({ error: CONSOLE_MISSING_FIELDS })),
  // spec §5: price is a decimal with step 0.01
  price: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: CONSOLE_MISSING_FIELDS })
      .min(0, 'Price cannot be negative')
      .max(PRODUCT_MAX_PRICE_RUPEES, 'Price is too large')
      .refine((price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6, {
        message: 'Price has at most two decimals',
      }),
  ),
  description: required(5000),
  category: z.enum(categoryValues, { error: CONSOLE_MISSING_FIELDS }),
  material: required(100, visibleText({ error: CONSOLE_MISSING_FIELDS })),
  shortDescription: optional(300, visibleText()),
  subcategory: optional(100, visibleText()),
  region: optional(100, visibleText()),
  dimensions: optional(100, visibleText()),
  weight: optional(100, visibleText()),
  careInstructions: optional(2000),
  // docs/decisions/027: printed on the piece's tax invoice line; optional until an invoice needs it.
  hsnCode: optional(20).refine(
    (code) => code === null || HSN_CODE_PATTERN.test(code),
    HSN_CODE_PROBLEM,
  ),
  artisanStory: optional(5000),
  // spec §4: product defaults are set by the form's initial values (in stock and published)
  inStock: checkbox,
  published: checkbox,
  featured: checkbox,
  bestseller: checkbox,
  newArrival: checkbox,
});

export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductForm = z.output<typeof productFormSchema>;

/**
 * What a media item shows: its address, its type and its alt text. The console's form and the CSV
 * import (core/catalog/media-csv.ts) both check these fields with this one schema (docs/requirements.md §5:
 * the import took `javascript:` and `file:` addresses the form refuses).
 */
export const mediaContentSchema = z.object({
  // spec §5: media URL required (the same message as the product form)
  mediaUrl: required(2000).refine(
    (url) => url.startsWith('/') || /^https?:\/\//i.test(url),
    MEDIA_URL_REFUSED,
  ),
  // spec §5: media type image or video, default image
  mediaType: z.preprocess(
    (value) => (value === undefined || value === '' ? 'image' : value),
    z.enum(mediaTypes, { error: 'Media type is image or video' }),
  ),
  altText: optional(300, visibleText()),
});

export const mediaFormSchema = mediaContentSchema.extend({
  // spec §4: new media sort order defaults to the current media count (filled by the server)
  sortOrder: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    z
      .number({ error: 'Sort order is a whole number' })
      .int('Sort order is a whole number')
      .min(0, 'Sort order cannot be negative')
      .max(100_000, 'Sort order is too large')
      .optional(),
  ),
  isPrimary: checkbox,
});

export type MediaFormInput = z.input<typeof mediaFormSchema>;
export type MediaForm = z.output<typeof mediaFormSchema>;

/** An uploaded image takes the place of the media URL; every other field is the form's. */
export const uploadedMediaFormSchema = mediaFormSchema.omit({ mediaUrl: true });

/** spec §5: the confirmation before a product and its media are deleted. */
export function deleteProductConfirmation(name: string): string {
  return `Are you sure you want to delete "${name}"? This will also delete all associated media.`;
}

export const DELETE_MEDIA_CONFIRMATION = 'Are you sure you want to delete this media?';

// spec §8: console toasts
export const consoleMessages = {
  productCreated: 'Product created successfully',
  productUpdated: 'Product updated successfully',
  productDeleted: 'Product deleted successfully',
  mediaAdded: 'Media added successfully',
  mediaDeleted: 'Media deleted successfully',
  mediaUpdated: 'Media updated successfully',
  primaryUpdated: 'Primary image updated',
  mediaReordered: 'Media reordered successfully',
  fetchMediaFailed: 'Failed to fetch media',
  deleteMediaFailed: 'Failed to delete media',
  accessDenied: { title: 'Access Denied', description: "You don't have admin privileges" },
  // spec §8's words; docs/requirements.md §19: "1 media item"
  csvImported: (count: number) => `Successfully imported ${countOf(count, 'media item')}!`,
  csvFailed: 'Failed to import media. Please check the console for details.',
} as const;
