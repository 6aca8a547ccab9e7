/**
 * The storefront's tables (spec §3). Money is integer minor units (paise). Every status column
 * carries a check constraint over one vocabulary of core/ and is typed by the same list
 * (`text(name, { enum: list })`), so a select comes out as the union without a cast (docs/decisions/019).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { activityActorKinds, activityKinds, type ActivityChange } from '../../core/admin/activity';
import { categoryValues } from '../../core/catalog/categories';
import { DISPLAY_CURRENCIES } from '../../core/money/display-currency';
import { SEARCH_COUNT_TEXT_MAX, searchCountOutcomes } from '../../core/search/search-counts';
import { editableSettingKeys } from '../../core/admin/settings-keys';
import { offerStatuses } from '../../core/quotes/quote-offer';
import { documentSeries } from '../../core/tax/financial-year';
import { carrierIds } from '../../core/orders/carriers';
import { refundMethods } from '../../core/orders/refund-status';
import type { OrderPhoto, ProductionUpdatePhoto } from '../../core/orders/production-updates';
import { returnStatuses } from '../../core/orders/return-status';
import type { IssuedTaxDocument } from '../../core/tax/tax-document';
import {
  contactMessageStatuses,
  mediaTypes,
  newsletterSources,
  orderStatuses,
  paymentStatuses,
  quotationMessageAuthors,
  quotationMessageKinds,
  quotationStatuses,
  reviewMediaTypes,
  userRoleValues,
  webhookDeliveryStatuses,
} from '../../core/orders/statuses';
import { lowered, nameWords, prefixKey, reversedDigits } from './admin-search';
import { users } from './auth-schema';

export * from './auth-schema';

/**
 * `column IN ('a', 'b')` for a check constraint; values are our own constants, never user input.
 * docs/decisions/019: a status column's check takes the list its `text(name, { enum })` is typed by
 * (server/db/status-checks.test.ts holds each pair to one list).
 */
function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('INR'),
    description: text('description').notNull(),
    shortDescription: text('short_description'),
    artisanStory: text('artisan_story'),
    category: text('category').notNull(),
    subcategory: text('subcategory'),
    material: text('material').notNull(),
    region: text('region'),
    dimensions: text('dimensions'),
    weight: text('weight'),
    careInstructions: text('care_instructions'),
    /**
     * docs/decisions/027: the HSN code a tax invoice prints on the piece's line and GSTR-1 sums by;
     * null until the owner sets it, and an invoice is not issued for a line without one.
     */
    hsnCode: text('hsn_code'),
    // spec §4: product defaults on create
    inStock: boolean('in_stock').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    bestseller: boolean('bestseller').notNull().default(false),
    newArrival: boolean('new_arrival').notNull().default(false),
    published: boolean('published').notNull().default(true),
    // spec §4: popularity and rating sort by the review count; a trigger on reviews keeps this
    // copy, so the shop can sort and page in SQL instead of counting every product's reviews.
    reviewCount: integer('review_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('products_category_check', oneOf(table.category, categoryValues)),
    check('products_price_check', sql`${table.priceMinor} >= 0`),
    check('products_hsn_code_check', sql`${table.hsnCode} ~ '^[0-9]{4,8}$'`),
    check('products_id_slug_check', sql`${table.id} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    index('products_created_at_idx').on(table.createdAt.desc()),
    index('products_category_idx').on(table.category, table.published),
    // One index per shop sort (core/catalog/shop-listing.ts), in the order the listing query asks for,
    // so a page reads its rows off the index whatever the catalogue size.
    ...listingIndexes(table),
    index('products_name_lower_idx').on(sql`lower(${table.name}) collate "C"`, table.id),
  ],
);

function listingIndexes(table: {
  featured: AnyPgColumn;
  bestseller: AnyPgColumn;
  newArrival: AnyPgColumn;
  createdAt: AnyPgColumn;
  reviewCount: AnyPgColumn;
  priceMinor: AnyPgColumn;
  name: AnyPgColumn;
  id: AnyPgColumn;
  published: AnyPgColumn;
}) {
  // The name tie-break of every sort: case-insensitive, byte order on every database.
  const nameKey = sql`lower(${table.name}) collate "C"`;
  const published = sql`${table.published}`;
  return [
    index('products_listing_featured_idx')
      .on(sql`${table.featured} desc`, sql`${table.bestseller} desc`, nameKey, table.id)
      .where(published),
    index('products_listing_newest_idx')
      .on(sql`${table.newArrival} desc`, sql`${table.createdAt} desc`, nameKey, table.id)
      .where(published),
    index('products_listing_reviews_idx')
      .on(sql`${table.reviewCount} desc`, nameKey, table.id)
      .where(published),
    index('products_listing_price_idx').on(table.priceMinor, nameKey, table.id).where(published),
    index('products_listing_price_desc_idx')
      .on(sql`${table.priceMinor} desc`, nameKey, table.id)
      .where(published),
    index('products_listing_name_idx').on(nameKey, table.id).where(published),
  ];
}

export const productMedia = pgTable(
  'product_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    mediaUrl: text('media_url').notNull(),
    mediaType: text('media_type', { enum: mediaTypes }).notNull().default('image'),
    altText: text('alt_text'),
    sortOrder: integer('sort_order').notNull().default(0),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    check('product_media_type_check', oneOf(table.mediaType, mediaTypes)),
    index('product_media_product_sort_idx').on(table.productId, table.sortOrder),
    // spec §4: exactly one primary per product
    uniqueIndex('product_media_one_primary_idx')
      .on(table.productId)
      .where(sql`${table.isPrimary}`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    content: text('content').notNull(),
    rating: smallint('rating'),
    isVerifiedPurchase: boolean('is_verified_purchase').notNull().default(false),
    helpfulCount: integer('helpful_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    check('reviews_rating_check', sql`${table.rating} is null or ${table.rating} between 1 and 5`),
    check('reviews_helpful_count_check', sql`${table.helpfulCount} >= 0`),
    index('reviews_product_helpful_idx').on(table.productId, table.helpfulCount.desc()),
    index('reviews_product_created_idx').on(table.productId, table.createdAt.desc()),
    index('reviews_user_id_idx').on(table.userId),
  ],
);

export const reviewMedia = pgTable(
  'review_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    mediaUrl: text('media_url').notNull(),
    mediaType: text('media_type', { enum: reviewMediaTypes }).notNull().default('image'),
    createdAt: createdAt(),
  },
  (table) => [
    check('review_media_type_check', oneOf(table.mediaType, reviewMediaTypes)),
    index('review_media_review_id_idx').on(table.reviewId),
  ],
);

/** One helpful vote per user and review (docs/design.md §5); reviews.helpful_count mirrors the count. */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.reviewId, table.userId] }),
    index('review_helpful_votes_user_id_idx').on(table.userId),
  ],
);

export const productQuestions = pgTable(
  'product_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('product_questions_not_blank', sql`length(trim(${table.question})) > 0`),
    index('product_questions_product_created_idx').on(table.productId, table.createdAt.desc()),
    index('product_questions_user_id_idx').on(table.userId),
  ],
);

export const productAnswers = pgTable(
  'product_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => productQuestions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    check('product_answers_not_blank', sql`length(trim(${table.answer})) > 0`),
    index('product_answers_question_idx').on(table.questionId, table.createdAt),
    index('product_answers_user_id_idx').on(table.userId),
  ],
);

export const quotationRequests = pgTable(
  'quotation_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: text('product_id').references(() => products.id, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    customizationNotes: text('customization_notes'),
    customerName: text('customer_name').notNull(),
    customerCompany: text('customer_company'),
    customerMobile: text('customer_mobile').notNull(),
    customerEmail: text('customer_email'),
    // docs/design.md §5: a signed-in requester's quotation carries their user id
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: quotationStatuses }).notNull().default('pending'),
    /**
     * docs/requirements.md §10: Q-YYYYMMDD-NNNN, by the shop's day of created_at, numbered within that day. The
     * trigger quotation_requests_reference (migration 0008) draws it for every insert that leaves
     * it empty, whoever writes the row, one at a time.
     */
    reference: text('reference').notNull().default('').unique('quotation_requests_reference_key'),
    /**
     * docs/requirements.md §10: since when the customer waits for the shop (the request itself, then their
     * latest message); null once the shop answered with a message or an offer.
     */
    awaitingReplySince: timestamp('awaiting_reply_since', { withTimezone: true }),
    /** docs/decisions/021: the buyer's own GSTIN, for a business buyer's tax invoice; optional. */
    customerGstin: text('customer_gstin'),
    /**
     * docs/requirements.md §18 "Merge Requests": the request this one was merged into; it is completed then, and
     * its customer's page points there.
     */
    mergedIntoId: uuid('merged_into_id').references((): AnyPgColumn => quotationRequests.id, {
      onDelete: 'set null',
    }),
    /**
     * docs/requirements.md §21: the display currency the requester's page showed beside rupees when they asked
     * (null: rupees only). A guest's offer mail has its approximate total in it.
     */
    displayCurrency: text('display_currency', { enum: DISPLAY_CURRENCIES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('quotation_requests_status_check', oneOf(table.status, quotationStatuses)),
    // docs/requirements.md §18: a merged request is closed for good
    check(
      'quotation_requests_merged_is_completed',
      sql`${table.mergedIntoId} is null or ${table.status} = 'completed'`,
    ),
    check('quotation_requests_quantity_check', sql`${table.quantity} >= 1`),
    check(
      'quotation_requests_display_currency_check',
      oneOf(table.displayCurrency, DISPLAY_CURRENCIES),
    ),
    // docs/decisions/019: a completed request waits for nobody; its writers clear the wait, and this holds
    // them to it, so "awaiting a reply" is the column alone (server/db/admin-search.ts).
    check(
      'quotation_requests_completed_waits_for_nobody',
      sql`${table.status} <> 'completed' or ${table.awaitingReplySince} is null`,
    ),
    index('quotation_requests_created_at_idx').on(table.createdAt.desc()),
    // docs/requirements.md §12: the tile and digest of requests waiting longer than 24 hours
    index('quotation_requests_awaiting_reply_idx')
      .on(table.awaitingReplySince)
      .where(sql`${table.awaitingReplySince} is not null`),
    index('quotation_requests_user_id_idx').on(table.userId),
    index('quotation_requests_product_id_idx').on(table.productId),
    // docs/requirements.md §12: the admin search, indexed so it stays flat at 100k rows (server/db/admin-search.ts)
    index('quotation_requests_reference_prefix_idx').on(prefixKey(table.reference)),
    index('quotation_requests_email_prefix_idx').on(prefixKey(lowered(table.customerEmail))),
    index('quotation_requests_mobile_digits_idx').on(
      prefixKey(reversedDigits(table.customerMobile)),
    ),
    index('quotation_requests_name_words_idx').using('gin', nameWords(table.customerName)),
    // docs/requirements.md §12: a status filter over a date range reads only that status's rows, newest first
    index('quotation_requests_status_created_idx').on(table.status, table.createdAt.desc()),
  ],
);

/**
 * docs/requirements.md §18: the pieces of a quotation request, in the buyer's order. A one-piece request is one
 * line; spec §3's product_id, product_name and quantity on the request repeat its first line
 * (docs/decisions/021).
 */
export const quotationRequestLines = pgTable(
  'quotation_request_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quotationRequestId: uuid('quotation_request_id')
      .notNull()
      .references(() => quotationRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: text('product_id').references(() => products.id, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    /** The piece's name when it was asked for. */
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    /** Notes for this piece; the request's own notes are its customization_notes. */
    notes: text('notes'),
  },
  (table) => [
    check('quotation_request_lines_quantity_check', sql`${table.quantity} >= 1`),
    check('quotation_request_lines_notes_check', sql`length(${table.notes}) <= 1000`),
    unique('quotation_request_lines_position_key').on(table.quotationRequestId, table.position),
    index('quotation_request_lines_product_id_idx').on(table.productId),
    // docs/requirements.md §18: the admin search finds a request by any of its pieces' names
    index('quotation_request_lines_name_words_idx').using('gin', nameWords(table.productName)),
  ],
);

/**
 * docs/requirements.md §18: a buyer's quote list, before it becomes one request. A guest's is found by the hash of
 * the random token in their cookie, an account's by its user id: exactly one of the two.
 */
export const quoteLists = pgTable(
  'quote_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').unique('quote_lists_token_hash_key'),
    userId: text('user_id')
      .unique('quote_lists_user_id_key')
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Last read or changed, by the shop's clock: a list unused for 30 days is deleted. */
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('quote_lists_one_owner', sql`(${table.tokenHash} is null) <> (${table.userId} is null)`),
    index('quote_lists_used_at_idx').on(table.usedAt),
  ],
);

/** docs/requirements.md §18: the pieces on a quote list, one row per piece. */
export const quoteListItems = pgTable(
  'quote_list_items',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => quoteLists.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    quantity: integer('quantity').notNull(),
    notes: text('notes'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'quote_list_items_pkey', columns: [table.listId, table.productId] }),
    check('quote_list_items_quantity_check', sql`${table.quantity} between 1 and 100000`),
    check('quote_list_items_notes_check', sql`length(${table.notes}) <= 1000`),
    index('quote_list_items_product_id_idx').on(table.productId),
  ],
);

/**
 * docs/requirements.md §10: the private keys of a quotation's page, as SHA-256 hashes. Each mail and the request's
 * success answer carries a key of its own (128 random bits and more), so none is stored in clear.
 */
export const quotationAccessKeys = pgTable(
  'quotation_access_keys',
  {
    keyHash: text('key_hash').primaryKey(),
    quotationRequestId: uuid('quotation_request_id')
      .notNull()
      .references(() => quotationRequests.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('quotation_access_keys_request_idx').on(table.quotationRequestId)],
);

/** docs/requirements.md §10: the owner's priced offers on a request, in versions. */
export const quotationOffers = pgTable(
  'quotation_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quotationRequestId: uuid('quotation_request_id')
      .notNull()
      .references(() => quotationRequests.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status', { enum: offerStatuses }).notNull().default('draft'),
    subtotalMinor: integer('subtotal_minor').notNull(),
    discountMinor: integer('discount_minor').notNull().default(0),
    shippingMinor: integer('shipping_minor').notNull().default(0),
    gstRateBasisPoints: integer('gst_rate_basis_points').notNull(),
    gstMinor: integer('gst_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    // The shop's calendar day; the offer holds until its end, shop time.
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    leadTimeDays: integer('lead_time_days'),
    terms: text('terms').notNull().default(''),
    // docs/requirements.md §21: the share of the total asked for on acceptance, 0 to 100; 100 is payment in full.
    advancePercent: integer('advance_percent').notNull().default(100),
    note: text('note'),
    declineReason: text('decline_reason'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('quotation_offers_status_check', oneOf(table.status, offerStatuses)),
    check(
      'quotation_offers_amounts_check',
      sql`${table.subtotalMinor} >= 0 and ${table.discountMinor} >= 0 and ${table.shippingMinor} >= 0 and ${table.gstMinor} >= 0 and ${table.totalMinor} >= 0 and ${table.gstRateBasisPoints} between 0 and 10000`,
    ),
    check('quotation_offers_advance_check', sql`${table.advancePercent} between 0 and 100`),
    unique('quotation_offers_request_version_key').on(table.quotationRequestId, table.version),
    // One draft and one live offer per request at a time: the database holds the rule too.
    uniqueIndex('quotation_offers_one_draft_idx')
      .on(table.quotationRequestId)
      .where(sql`${table.status} = 'draft'`),
    uniqueIndex('quotation_offers_one_sent_idx')
      .on(table.quotationRequestId)
      .where(sql`${table.status} = 'sent'`),
    // docs/requirements.md §12: the week's tiles and the 30-day chart count offers by when they were sent/decided.
    index('quotation_offers_sent_at_idx')
      .on(table.sentAt)
      .where(sql`${table.sentAt} is not null`),
    // The customer's decisions (the acceptance rate's whole); the chart's accepted ones use it too.
    index('quotation_offers_decided_at_idx')
      .on(table.decidedAt)
      .where(sql`${table.status} in ('accepted', 'declined', 'expired')`),
    // The expiry job's sweep: sent offers by their last day.
    index('quotation_offers_sent_valid_until_idx')
      .on(table.validUntil)
      .where(sql`${table.status} = 'sent'`),
  ],
);

export const quotationOfferLines = pgTable(
  'quotation_offer_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => quotationOffers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: text('product_id').references(() => products.id, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    lineTotalMinor: integer('line_total_minor').notNull(),
    // docs/requirements.md §24: "Made to order (not returnable)", as the offer told the buyer
    madeToOrder: boolean('made_to_order').notNull().default(false),
  },
  (table) => [
    check(
      'quotation_offer_lines_amounts_check',
      sql`${table.quantity} >= 1 and ${table.unitPriceMinor} >= 0 and ${table.lineTotalMinor} >= 0`,
    ),
    unique('quotation_offer_lines_position_key').on(table.offerId, table.position),
  ],
);

/** docs/requirements.md §10: the thread of a quotation, plain text, from the customer or the shop. */
export const quotationMessages = pgTable(
  'quotation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quotationRequestId: uuid('quotation_request_id')
      .notNull()
      .references(() => quotationRequests.id, { onDelete: 'cascade' }),
    author: text('author', { enum: quotationMessageAuthors }).notNull(),
    kind: text('kind', { enum: quotationMessageKinds }).notNull().default('message'),
    /** The offer version a step on an offer refers to. */
    offerVersion: integer('offer_version'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('quotation_messages_author_check', oneOf(table.author, quotationMessageAuthors)),
    check('quotation_messages_kind_check', oneOf(table.kind, quotationMessageKinds)),
    // docs/requirements.md §10: at most 2,000 characters; only a decline may leave it empty (its reason is optional)
    check(
      'quotation_messages_body_check',
      sql`length(${table.body}) <= 2000 and (length(${table.body}) >= 1 or ${table.kind} = 'declined')`,
    ),
    index('quotation_messages_request_created_idx').on(table.quotationRequestId, table.createdAt),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: contactMessageStatuses }).notNull().default('unread'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('contact_messages_status_check', oneOf(table.status, contactMessageStatuses)),
    // spec §5 / §9: contact limits
    check(
      'contact_messages_length_check',
      sql`length(${table.name}) <= 100 and length(${table.email}) <= 255 and length(${table.subject}) <= 200 and length(${table.message}) <= 1000`,
    ),
    index('contact_messages_created_at_idx').on(table.createdAt.desc()),
    // docs/requirements.md §12: the admin search (server/db/admin-search.ts)
    index('contact_messages_email_prefix_idx').on(prefixKey(lowered(table.email))),
    index('contact_messages_name_words_idx').using('gin', nameWords(table.name)),
  ],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // spec §8: a duplicate email is a unique violation (23505), answered "Already subscribed!"
    email: text('email').notNull().unique('newsletter_subscriptions_email_key'),
    source: text('source', { enum: newsletterSources }).notNull(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('newsletter_subscriptions_source_check', oneOf(table.source, newsletterSources)),
    check(
      'newsletter_subscriptions_email_lower_check',
      sql`${table.email} = lower(${table.email})`,
    ),
    // docs/requirements.md §12: the subscribers' search by e-mail prefix, and the list newest first
    index('newsletter_subscriptions_email_prefix_idx').on(prefixKey(table.email)),
    index('newsletter_subscriptions_created_at_idx').on(table.createdAt.desc()),
  ],
);

export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  displayName: text('display_name'),
  phone: text('phone'),
  avatarUrl: text('avatar_url'),
  // docs/requirements.md §21: the currency the buyer chose to see beside rupees (null: none chosen yet)
  displayCurrency: text('display_currency'),
  // docs/requirements.md §21: "E-mail me when a wished piece's price drops", on by default
  priceDropAlerts: boolean('price_drop_alerts').notNull().default(true),
  /**
   * docs/requirements.md §15: the company and GSTIN the buyer gave on a request of the account,
   * kept to prefill the next one (null: none given yet).
   */
  company: text('company'),
  gstin: text('gstin'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    streetAddress: text('street_address').notNull(),
    apartment: text('apartment'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    // spec §9: default address country US
    country: text('country').notNull().default('US'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('addresses_user_default_idx').on(table.userId, table.isDefault.desc()),
    uniqueIndex('addresses_one_default_idx')
      .on(table.userId)
      .where(sql`${table.isDefault}`),
  ],
);

/** The shipping address is a snapshot taken when the order is made, not a link to `addresses`. */
export interface ShippingAddress {
  name?: string;
  streetAddress: string;
  apartment?: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone?: string | null;
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderNumber: text('order_number').notNull().unique('orders_order_number_key'),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    // spec §3: payment status is pending when absent, and "absent" changes which actions apply
    paymentStatus: text('payment_status', { enum: paymentStatuses }),
    paymentId: text('payment_id'),
    paymentMethod: text('payment_method'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    currency: text('currency').notNull().default('INR'),
    subtotalMinor: integer('subtotal_minor').notNull().default(0),
    shippingAmountMinor: integer('shipping_amount_minor').notNull().default(0),
    // docs/requirements.md §10: an accepted offer's discount, copied with its other totals
    discountMinor: integer('discount_minor').notNull().default(0),
    taxAmountMinor: integer('tax_amount_minor').notNull().default(0),
    totalAmountMinor: integer('total_amount_minor').notNull().default(0),
    quotationRequestId: uuid('quotation_request_id').references(() => quotationRequests.id, {
      onDelete: 'set null',
    }),
    // docs/requirements.md §10: the accepted offer this order was made from; unique, so one offer makes one order
    offerId: uuid('offer_id')
      .unique('orders_offer_id_key')
      .references(() => quotationOffers.id, { onDelete: 'set null' }),
    // docs/requirements.md §10: the UTR or bank reference the customer submitted, in capitals; one order each
    submittedPaymentReference: text('submitted_payment_reference').unique(
      'orders_submitted_payment_reference_key',
    ),
    paymentReferenceSubmittedAt: timestamp('payment_reference_submitted_at', {
      withTimezone: true,
    }),
    // docs/requirements.md §21: the advance asked for on acceptance, in paise; null is payment in full. The balance
    // is the total less the advance (core/orders/payment-terms.ts), never stored apart.
    advanceMinor: integer('advance_minor'),
    // docs/requirements.md §21: the balance's own reference, as submitted, and as the owner confirmed it.
    submittedBalanceReference: text('submitted_balance_reference').unique(
      'orders_submitted_balance_reference_key',
    ),
    balanceReferenceSubmittedAt: timestamp('balance_reference_submitted_at', {
      withTimezone: true,
    }),
    balancePaymentId: text('balance_payment_id'),
    balancePaidAt: timestamp('balance_paid_at', { withTimezone: true }),
    // docs/requirements.md §23: when the owner confirmed the first payment (the advance, or payment in full): its receipt's day
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // docs/requirements.md §24: when the owner marked it delivered
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('orders_status_check', oneOf(table.status, orderStatuses)),
    check(
      'orders_payment_status_check',
      sql`${table.paymentStatus} is null or ${oneOf(table.paymentStatus, paymentStatuses)}`,
    ),
    check(
      'orders_amounts_check',
      sql`${table.subtotalMinor} >= 0 and ${table.shippingAmountMinor} >= 0 and ${table.taxAmountMinor} >= 0 and ${table.totalAmountMinor} >= 0 and ${table.discountMinor} >= 0`,
    ),
    check(
      'orders_advance_check',
      sql`${table.advanceMinor} is null or (${table.advanceMinor} >= 0 and ${table.advanceMinor} <= ${table.totalAmountMinor})`,
    ),
    index('orders_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('orders_created_at_idx').on(table.createdAt.desc()),
    index('orders_quotation_request_id_idx').on(table.quotationRequestId),
    // docs/requirements.md §12: the admin search by order number, and by the shipping address's name and phone
    index('orders_order_number_prefix_idx').on(prefixKey(table.orderNumber)),
    index('orders_shipping_name_words_idx').using(
      'gin',
      nameWords(sql`${table.shippingAddress}->>'name'`),
    ),
    index('orders_shipping_phone_digits_idx').on(
      prefixKey(reversedDigits(sql`${table.shippingAddress}->>'phone'`)),
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id').references(() => products.id, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    productName: text('product_name').notNull(),
    productImage: text('product_image'),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    totalPriceMinor: integer('total_price_minor').notNull(),
    // docs/requirements.md §24: copied from the accepted offer's line; such a piece cannot be returned
    madeToOrder: boolean('made_to_order').notNull().default(false),
  },
  (table) => [
    check(
      'order_items_amounts_check',
      sql`${table.quantity} >= 1 and ${table.unitPriceMinor} >= 0 and ${table.totalPriceMinor} >= 0`,
    ),
    index('order_items_order_id_idx').on(table.orderId),
    index('order_items_product_id_idx').on(table.productId),
  ],
);

/**
 * docs/requirements.md §24, docs/decisions/028: an order's shipments, each with its carrier, tracking number (or,
 * for Other, its tracking page), the day it left, its boxes and up to four photos of them (the
 * largest WebP variant of each, as the image pipeline stored it). An order ships in one or several.
 */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier', { enum: carrierIds }).notNull(),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    dispatchedOn: date('dispatched_on', { mode: 'string' }).notNull(),
    boxes: smallint('boxes').notNull().default(1),
    // docs/requirements.md §24 "Mark as Shipped": up to four photos of the packed boxes.
    photos: jsonb('photos').$type<OrderPhoto[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [
    check('order_shipments_carrier_check', oneOf(table.carrier, carrierIds)),
    check(
      'order_shipments_length_check',
      sql`char_length(${table.trackingNumber}) <= 40 and char_length(${table.trackingUrl}) <= 500`,
    ),
    check('order_shipments_boxes_check', sql`${table.boxes} between 1 and 99`),
    check('order_shipments_photos_check', sql`jsonb_array_length(${table.photos}) <= 4`),
    index('order_shipments_order_id_idx').on(table.orderId, table.createdAt),
  ],
);

/** The pieces of an order in one shipment, and how many of each. */
export const orderShipmentItems = pgTable(
  'order_shipment_items',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => orderShipments.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shipmentId, table.orderItemId] }),
    check('order_shipment_items_quantity_check', sql`${table.quantity} >= 1`),
    index('order_shipment_items_order_item_id_idx').on(table.orderItemId),
  ],
);

/**
 * docs/requirements.md §24: the making-of updates of an order, each a note and up to four photos (the
 * largest WebP variant of each, as the image pipeline stored it), newest last.
 */
export const orderUpdates = pgTable(
  'order_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    photos: jsonb('photos').$type<ProductionUpdatePhoto[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [
    check('order_updates_note_check', sql`char_length(${table.note}) <= 1000`),
    check('order_updates_photos_check', sql`jsonb_array_length(${table.photos}) <= 4`),
    index('order_updates_order_id_idx').on(table.orderId, table.createdAt),
  ],
);

/**
 * docs/requirements.md §24: money given back for a cancelled order, each refund with its amount, how it was
 * paid back and its reference, and the money received it is measured against (which the order's
 * payment status no longer says once it reads "Refunded").
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    method: text('method', { enum: refundMethods }).notNull(),
    reference: text('reference').notNull(),
    receivedMinor: integer('received_minor').notNull(),
    refundedOn: date('refunded_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('order_refunds_method_check', oneOf(table.method, refundMethods)),
    check(
      'order_refunds_amount_check',
      sql`${table.amountMinor} > 0 and ${table.amountMinor} <= ${table.receivedMinor}`,
    ),
    check('order_refunds_reference_check', sql`char_length(${table.reference}) <= 100`),
    index('order_refunds_order_id_idx').on(table.orderId, table.createdAt),
  ],
);

/**
 * docs/requirements.md §24 "Returns": the buyer's request to return pieces of a delivered order, the owner's
 * answer (the return's instructions or the decline's reason), and the refund that closes it.
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: returnStatuses }).notNull().default('requested'),
    reason: text('reason').notNull(),
    photos: jsonb('photos').$type<OrderPhoto[]>().notNull().default([]),
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    refundId: uuid('refund_id').references(() => orderRefunds.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('order_returns_status_check', oneOf(table.status, returnStatuses)),
    check(
      'order_returns_length_check',
      sql`char_length(${table.reason}) <= 1000 and char_length(${table.decisionNote}) <= 1000`,
    ),
    check('order_returns_photos_check', sql`jsonb_array_length(${table.photos}) <= 4`),
    index('order_returns_order_id_idx').on(table.orderId, table.createdAt),
    // One return waiting on the shop at a time: the database holds the rule too.
    uniqueIndex('order_returns_one_open_idx')
      .on(table.orderId)
      .where(sql`${table.status} in ('requested', 'approved')`),
  ],
);

/** The pieces of an order in one return, and how many of each. */
export const orderReturnItems = pgTable(
  'order_return_items',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.returnId, table.orderItemId] }),
    check('order_return_items_quantity_check', sql`${table.quantity} >= 1`),
    index('order_return_items_order_item_id_idx').on(table.orderItemId),
  ],
);

/**
 * docs/decisions/027: the shop's GST documents, a tax invoice, a credit note or a receipt voucher,
 * each as issued: its number, the figures GSTR-1 sums, and `content`, the whole document frozen
 * (core/tax/tax-document.ts). Never updated or deleted (CGST Rules 46, 53): a mistake is corrected
 * by a credit note. An order has one invoice, so the index is partial.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: documentSeries }).notNull(),
    number: text('number').notNull().unique('tax_documents_number_key'),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    // A credit note's invoice.
    citesDocumentId: uuid('cites_document_id').references((): AnyPgColumn => taxDocuments.id, {
      onDelete: 'restrict',
    }),
    // The shop's calendar day it was issued, and the instant.
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerGstin: text('buyer_gstin'),
    placeOfSupply: text('place_of_supply').notNull(),
    taxableMinor: integer('taxable_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    content: jsonb('content').$type<IssuedTaxDocument>().notNull(),
  },
  (table) => [
    check('tax_documents_kind_check', oneOf(table.kind, documentSeries)),
    check('tax_documents_number_check', sql`${table.number} ~ '^[A-Za-z0-9/-]{1,16}$'`),
    check(
      'tax_documents_financial_year_check',
      sql`${table.financialYear} ~ '^[0-9]{2}-[0-9]{2}$'`,
    ),
    check('tax_documents_sequence_check', sql`${table.sequence} >= 1`),
    check(
      'tax_documents_amounts_check',
      sql`${table.taxableMinor} >= 0 and ${table.taxMinor} >= 0 and ${table.totalMinor} >= 0`,
    ),
    unique('tax_documents_series_sequence_key').on(table.kind, table.financialYear, table.sequence),
    uniqueIndex('tax_documents_order_invoice_key')
      .on(table.orderId)
      .where(sql`${table.kind} = 'invoice'`),
    index('tax_documents_order_id_idx').on(table.orderId),
    index('tax_documents_issued_on_idx').on(table.issuedOn.desc()),
  ],
);

/**
 * docs/decisions/027: each series' last number in a financial year. The issuing transaction
 * raises it with an upsert, which locks the row until it commits: two issues at once wait for
 * each other and never share a number, and a rollback takes its number back, so none is skipped.
 */
export const taxDocumentSeries = pgTable(
  'tax_document_series',
  {
    kind: text('kind', { enum: documentSeries }).notNull(),
    financialYear: text('financial_year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (table) => [
    primaryKey({ name: 'tax_document_series_pkey', columns: [table.kind, table.financialYear] }),
    check('tax_document_series_kind_check', oneOf(table.kind, documentSeries)),
    check('tax_document_series_last_sequence_check', sql`${table.lastSequence} >= 1`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    priceWhenAddedMinor: integer('price_when_added_minor').notNull(),
    // docs/requirements.md §21: the price the last price-drop mail announced, and when; a drop is mailed once
    alertedPriceMinor: integer('alerted_price_minor'),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('wishlist_items_user_product_key').on(table.userId, table.productId),
    index('wishlist_items_user_added_idx').on(table.userId, table.addedAt.desc()),
    index('wishlist_items_product_id_idx').on(table.productId),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: userRoleValues }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('user_roles_role_check', oneOf(table.role, userRoleValues)),
    unique('user_roles_user_role_key').on(table.userId, table.role),
    index('user_roles_created_at_idx').on(table.createdAt.desc()),
  ],
);

/** Small facts about this installation, such as when the demo catalogue was seeded. */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Request counters for the public forms' rate limit (issue: abuse protection). Kept in the
 * database so every server process counts the same requests; one row per key.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    // One row per form (or auth endpoint) and client: its window opens at the first request.
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [index('rate_limit_counters_window_idx').on(table.windowStart)],
);

/**
 * Phone numbers left in the welcome pop-up when sign-in by SMS is not configured: the shop calls
 * them back (issue: welcome pop-up). Shown to admins with the console.
 */
export const callbackLeads = pgTable(
  'callback_leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    countryCode: text('country_code').notNull(),
    phone: text('phone').notNull(),
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('callback_leads_country_code_check', sql`${table.countryCode} in ('+91', '+1', '+44')`),
    index('callback_leads_created_at_idx').on(table.createdAt.desc()),
  ],
);

/**
 * docs/requirements.md §11: the owner's API keys for integrations. The key is shown once, when it is made; only
 * its SHA-256 is kept, with a few leading characters so the owner can tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    keyStart: text('key_start').notNull(),
    scopes: text('scopes').array().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    check('api_keys_name_length_check', sql`char_length(${table.name}) <= 80`),
    index('api_keys_created_at_idx').on(table.createdAt.desc()),
  ],
);

/**
 * docs/decisions/015: an `Idempotency-Key` of a create, kept 24 hours: the first answer is replayed to a
 * retry with the same body. `status` is null while the first request is still being answered.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    // Who sent it (an API key, a user or a client address), so one caller cannot replay another's.
    principal: text('principal').notNull(),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.principal, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);

/** docs/requirements.md §11: where the shop's events are sent, signed by the Standard Webhooks scheme. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    // `whsec_` and base64 of 24 random bytes: needed in clear to sign, shown to the owner once.
    secret: text('secret').notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    // The first failure of the current run of failures; cleared by a success.
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('webhook_endpoints_url_length_check', sql`char_length(${table.url}) <= 2000`),
    check(
      'webhook_endpoints_description_length_check',
      sql`char_length(${table.description}) <= 200`,
    ),
    index('webhook_endpoints_created_at_idx').on(table.createdAt.desc()),
  ],
);

/** docs/requirements.md §11: one event for one endpoint; its `id` is the Standard Webhooks `webhook-id`. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: webhookDeliveryStatuses }).notNull().default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    createdAt: createdAt(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
  },
  (table) => [
    check('webhook_deliveries_status_check', oneOf(table.status, webhookDeliveryStatuses)),
    index('webhook_deliveries_endpoint_created_idx').on(table.endpointId, table.createdAt.desc()),
  ],
);

/** docs/requirements.md §11: every try of a delivery: when, the answer's status, and its first KB. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    // null when no answer came (refused address, timeout, connection error).
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attemptedAt)],
);

/**
 * docs/requirements.md §12: the site settings the owner edits, one row per setting. A setting without a row takes
 * its default from content/site.ts; one set by an environment variable ignores its row. Every write
 * notifies `settings_changed` (migration 0010), so each process drops its copy within a second.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    updatedBy: text('updated_by'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('shop_settings_key_check', oneOf(table.key, editableSettingKeys)),
    check('shop_settings_value_length_check', sql`char_length(${table.value}) <= 2000`),
  ],
);

/**
 * docs/requirements.md §12: every owner write, append-only (a trigger of migration 0010 refuses UPDATE and DELETE).
 * Written by the domain function in the write's own transaction. The actor's name is copied, not
 * joined, so an entry keeps saying who acted after the account is gone.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorKind: text('actor_kind', { enum: activityActorKinds }).notNull(),
    /** The user's id (for an API key, the owner who made it); null for the command line. */
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    kind: text('kind', { enum: activityKinds }).notNull(),
    /** The row acted on: its id, order number or reference, as the owner knows it. */
    subject: text('subject'),
    summary: text('summary').notNull(),
    changes: jsonb('changes').$type<ActivityChange[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [
    check('activity_log_actor_kind_check', oneOf(table.actorKind, activityActorKinds)),
    check('activity_log_kind_check', oneOf(table.kind, activityKinds)),
    check(
      'activity_log_length_check',
      sql`char_length(${table.actorName}) <= 320 and char_length(${table.kind}) <= 40 and char_length(${table.summary}) <= 500 and char_length(coalesce(${table.subject}, '')) <= 200`,
    ),
    index('activity_log_created_at_idx').on(table.createdAt.desc()),
    index('activity_log_actor_created_idx').on(table.actorId, table.createdAt.desc()),
    index('activity_log_kind_created_idx').on(table.kind, table.createdAt.desc()),
  ],
);

/**
 * docs/requirements.md §20 "What shoppers did not find": searches that ended with no exact result, by their
 * normalised text, shop week (its Monday, core/time/shop-calendar.ts) and outcome. No user, no address.
 * Kept 13 months.
 */
export const searchCounts = pgTable(
  'search_counts',
  {
    text: text('text').notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    outcome: text('outcome', { enum: searchCountOutcomes }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.text, table.week, table.outcome] }),
    check('search_counts_outcome_check', oneOf(table.outcome, searchCountOutcomes)),
    check(
      'search_counts_text_length_check',
      sql`char_length(${table.text}) <= ${sql.raw(String(SEARCH_COUNT_TEXT_MAX))}`,
    ),
    check('search_counts_count_check', sql`${table.count} > 0`),
    // The Searches page: one outcome's rows of the last 30 days.
    index('search_counts_outcome_week_idx').on(table.outcome, table.week),
  ],
);

/**
 * docs/requirements.md §20: the searches counted this shop week, so that a text counts once per
 * client address and week. A row is an HMAC (AUTH_SECRET) of the week, the address and the text,
 * and is deleted when its week ends (`expires_at`): no address is kept, and none can be read back.
 */
export const searchCountVisitors = pgTable(
  'search_count_visitors',
  {
    digest: text('digest').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // A SHA-256 HMAC in base64url, without padding.
    check('search_count_visitors_digest_length_check', sql`char_length(${table.digest}) = 43`),
    index('search_count_visitors_expires_at_idx').on(table.expiresAt),
  ],
);
