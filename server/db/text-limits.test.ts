/**
 * docs/requirements.md §5: "list every column of type text in a test and check that each has a limit
 * on its write paths". Every text (and JSON) column of every table is listed here with what
 * guards it: the schema whose limit every write path applies, checked one over the limit, or why
 * no request can write it. A new text column fails this test until it is given an entry.
 */
import { randomUUID } from 'node:crypto';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { ZodType } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressSchema, profileSchema } from '../../core/identity/account';
import { apiKeyFormSchema, webhookEndpointFormSchema } from '../../core/api/api-access';
import { categoryValues } from '../../core/catalog/categories';
import { answerSchema, questionSchema, reviewSchema } from '../../core/community/community';
import { contactMessageSchema } from '../../core/community/contact';
import { authRequestFieldsSchema } from '../../core/identity/identity-fields';
import { newsletterSubscriptionSchema } from '../../core/community/newsletter';
import { passkeyResponseSchema } from '../../core/identity/passkeys';
import { mediaFormSchema, productFormSchema } from '../../core/catalog/product-console';
import { quotationRequestSchema } from '../../core/quotes/quotation';
import { quoteListDetailsSchema, quoteListLineSchema } from '../../core/quotes/quote-list';
import { settingsFormSchema } from '../../core/admin/settings';
import { shipmentSchema } from '../../core/orders/shipments';
import { refundSchema } from '../../core/orders/refunds';
import { productionUpdateSchema } from '../../core/orders/production-updates';
import { returnDecisionSchema, returnRequestSchema } from '../../core/orders/returns';
import {
  declineOfferSchema,
  offerComposerSchema,
  paymentReferenceSubmissionSchema,
  quoteMessageSchema,
} from '../../core/quotes/quote-offer';
import { welcomeLeadSchema } from '../../core/catalog/welcome-lead';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/database';
import { setOrderStatus } from '../modules/orders';
import { DomainError } from '../modules/errors';
import * as schema from './schema';
import { createOrderFromQuotation } from '../flows/create-order-from-quotation';
import { CHOOSE_COUNTRY_MESSAGE } from '../../core/identity/address-fields';
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/time/shop-calendar';

/** A limit on the way in: `accepts` runs the write path's own check on a value. */
interface Limit {
  max: number;
  writePath: string;
  accepts(value: string): boolean | Promise<boolean>;
  /** A value of this length that passes every other rule of the field. */
  textOfLength?(length: number): string;
}

/** Not writable by any request; the reason says who writes it and what bounds it. */
interface NotUserWritable {
  reason: string;
  /** A check constraint that holds the column to a fixed vocabulary. */
  check?: string;
}

type Guard = Limit | NotUserWritable;

function field(schema: ZodType, valid: Record<string, unknown>, name: string) {
  return (value: string) => schema.safeParse({ ...valid, [name]: value }).success;
}

const letters = (length: number) => 'a'.repeat(length);
const digits = (length: number) => '9'.repeat(length);
const emailOfLength = (length: number) => `a@${'d'.repeat(length - 6)}.com`;
const urlOfLength = (length: number) =>
  `https://img.example/${'a'.repeat(length - 'https://img.example/'.length)}`;

const validProduct = {
  name: 'Lotus Urli',
  price: '1200',
  description: 'Brass bowl',
  category: categoryValues[0],
  material: 'Brass',
};
const validMedia = { mediaUrl: 'https://img.example/lotus.jpg' };
const validReview = { content: 'Lovely work' };
const validListDetails = { customerName: 'Meera', customerMobile: '+91 98765 43210' };
const validQuotation = { quantity: '2', customerName: 'Meera', customerMobile: '+91 98765 43210' };
const validContact = { name: 'Ravi', email: 'ravi@example.com', subject: 'Diyas', message: 'Hi' };
// docs/requirements.md §19: a country whose postal code is free text, so the postal code's own limit is what
// a long one meets (India's PIN code and the US ZIP code are patterns).
const validAddress = {
  title: 'Home',
  streetAddress: '1 Temple Road',
  city: 'London',
  state: 'Greater London',
  postalCode: 'SW1A 1AA',
  country: 'GB',
};
const validLead = { countryCode: '+91', phone: '9829000000', consent: 'on' };
const validApiKey = { name: 'ERP', scopes: ['orders:read'] };
const validEndpoint = { url: 'https://hooks.example/shop', events: ['order.created'] };
const validOffer = {
  lines: [{ description: 'Lotus urli', quantity: '1', unitPrice: '100' }],
  shipping: '0',
  discount: '0',
  gstRate: '12',
  validUntil: '2026-12-08',
  leadTimeDays: '',
  terms: '',
  note: '',
};
const offerComposer = (name: 'terms' | 'note', max: number): Limit => ({
  max,
  writePath: `offer composer (core/quotes/quote-offer.ts offerComposerSchema.${name})`,
  accepts: field(offerComposerSchema, validOffer, name),
});

const setting = (
  name: keyof typeof settingsFormSchema.shape,
  max: number,
  textOfLength?: Limit['textOfLength'],
): Limit => ({
  max,
  writePath: `/admin/settings (core/admin/settings.ts settingsFormSchema.${name}, updateSettings)`,
  accepts: field(settingsFormSchema, {}, name),
  textOfLength,
});

const product = (name: string, max: number, textOfLength?: Limit['textOfLength']): Limit => ({
  max,
  writePath: 'product console create/update (core/catalog/product-console.ts productFormSchema)',
  accepts: field(productFormSchema, validProduct, name),
  textOfLength,
});
const quotation = (name: string, max: number, textOfLength?: Limit['textOfLength']): Limit => ({
  max,
  writePath:
    'Request Quotation form and reorder (core/quotes/quotation.ts quotationRequestSchema, whose fields the reorder schema reuses)',
  accepts: field(quotationRequestSchema, validQuotation, name),
  textOfLength,
});
const contact = (name: string, max: number, textOfLength?: Limit['textOfLength']): Limit => ({
  max,
  writePath: 'contact form (core/community/contact.ts contactMessageSchema)',
  accepts: field(contactMessageSchema, validContact, name),
  textOfLength,
});
const address = (name: string, max: number): Limit => ({
  max,
  writePath: 'dashboard addresses (core/identity/account.ts addressSchema)',
  accepts: field(addressSchema, validAddress, name),
});
const betterAuth = (name: string, max: number, textOfLength?: Limit['textOfLength']): Limit => ({
  max,
  writePath: `Better Auth's hooks.before (core/identity/identity-fields.ts authRequestFieldsSchema.${name})`,
  accepts: field(authRequestFieldsSchema, {}, name),
  textOfLength,
});

const ADMIN = { userId: 'text-limits-admin', roles: ['admin'] as const };
let database: TestDatabase;

/** True unless the admin module refuses the input as invalid (an unknown id is not_found later). */
async function adminModuleAccepts(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    return !(error instanceof DomainError && error.code === 'invalid');
  }
}

const validShipment = {
  carrier: 'other',
  trackingNumber: '',
  trackingUrl: 'https://track.example.in/1',
  dispatchedOn: '2026-11-30',
  boxes: '1',
  pieces: [{ orderItemId: '3f1e8b5a-1111-4222-8333-444455556666', quantity: '1' }],
};

const validRefund = { amount: '100', method: 'upi', reference: 'UTR1' };
const validReturn = { pieces: [], reason: 'Dented', condition: true };

const validShipping = {
  quantity: '1',
  unitPrice: '100',
  shipping: '0',
  tax: '0',
  paymentMethod: 'upi',
  name: 'Meera',
  streetAddress: '1 Temple Road',
  city: 'Jaipur',
  state: 'Rajasthan',
  postalCode: '302001',
  country: 'India',
};
const shipping = (name: string, max: number): Limit => ({
  max,
  writePath: `admin "create order from quotation" (core/orders orderFromQuotationSchema.${name})`,
  accepts: (value) =>
    adminModuleAccepts(() =>
      createOrderFromQuotation(
        database.db,
        ADMIN,
        {
          quotationId: randomUUID(),
          ...validShipping,
          [name]: value,
        },
        new Date(),
        DEFAULT_SHOP_TIME_ZONE,
      ),
    ),
});

const BETTER_AUTH_GENERATED =
  'generated by Better Auth (ids, tokens, hashes, keys), never taken from a request';
const USER_ID = "the acting user's id, from the session";
const SEED_ONLY = 'no write path in the shop: only the demo seed writes it, from the repository';

/** `table.column` (SQL names) → what guards every write of it. */
const guards: Record<string, Guard | Guard[]> = {
  // Better Auth's tables (server/db/auth-schema.ts)
  'users.id': { reason: BETTER_AUTH_GENERATED },
  'users.name': [
    betterAuth('name', 100),
    {
      max: 100,
      writePath:
        'profile display name (core/identity/account.ts profileSchema), copied to users.name',
      accepts: field(profileSchema, {}, 'displayName'),
    },
  ],
  'users.email': [
    betterAuth('email', 254, emailOfLength),
    betterAuth('newEmail', 254, emailOfLength),
  ],
  'users.image': betterAuth('image', 2000, urlOfLength),
  'users.phone_number': betterAuth('phoneNumber', 20, digits),
  'sessions.id': { reason: BETTER_AUTH_GENERATED },
  'sessions.token': { reason: BETTER_AUTH_GENERATED },
  'sessions.ip_address': {
    reason:
      'the client address the Hono app sets (the socket, or with TRUST_PROXY the X-Forwarded-For entry the trusted proxy added, inside Node’s 16 KB header limit)',
  },
  'sessions.user_agent': { reason: "the User-Agent header, inside Node's 16 KB header limit" },
  'sessions.user_id': { reason: BETTER_AUTH_GENERATED },
  'accounts.id': { reason: BETTER_AUTH_GENERATED },
  'accounts.account_id': { reason: BETTER_AUTH_GENERATED },
  'accounts.provider_id': { reason: BETTER_AUTH_GENERATED },
  'accounts.user_id': { reason: BETTER_AUTH_GENERATED },
  'accounts.access_token': { reason: `${BETTER_AUTH_GENERATED}; no social sign-in is configured` },
  'accounts.refresh_token': { reason: `${BETTER_AUTH_GENERATED}; no social sign-in is configured` },
  'accounts.id_token': { reason: `${BETTER_AUTH_GENERATED}; no social sign-in is configured` },
  'accounts.scope': { reason: `${BETTER_AUTH_GENERATED}; no social sign-in is configured` },
  'accounts.password': {
    reason: `a hash of a password of at most 128 characters (${BETTER_AUTH_GENERATED})`,
  },
  'verifications.id': { reason: BETTER_AUTH_GENERATED },
  'verifications.identifier': {
    reason:
      'built by Better Auth from an e-mail, phone number or token, each within its limit in authRequestFieldsSchema',
  },
  'verifications.value': { reason: `codes, hashes and user ids: ${BETTER_AUTH_GENERATED}` },
  'two_factors.id': { reason: BETTER_AUTH_GENERATED },
  'two_factors.secret': { reason: BETTER_AUTH_GENERATED },
  'two_factors.backup_codes': { reason: BETTER_AUTH_GENERATED },
  'two_factors.user_id': { reason: BETTER_AUTH_GENERATED },
  'totp_used_steps.user_id': {
    reason: `the signed-in account's id (${BETTER_AUTH_GENERATED}), written by server/auth/totp-replay.ts`,
  },
  // docs/decisions/022: Better Auth's passkey plugin stores what the verified WebAuthn answer carries.
  'passkeys.id': { reason: BETTER_AUTH_GENERATED },
  'passkeys.name': betterAuth('name', 100),
  'passkeys.public_key': {
    reason:
      'the COSE public key of an answer @simplewebauthn/server verified, inside its 64 KB limit (core/identity/passkeys.ts passkeyResponseSchema)',
  },
  'passkeys.user_id': { reason: USER_ID },
  'passkeys.credential_id': {
    max: 1364,
    writePath: "Better Auth's hooks.before (core/identity/passkeys.ts passkeyResponseSchema.id)",
    accepts: (value) => passkeyResponseSchema.safeParse({ id: value }).success,
  },
  'passkeys.device_type': {
    reason: '"singleDevice" or "multiDevice", read from the flags of a verified answer',
  },
  'passkeys.transports': {
    reason:
      'the known transport names only, joined with commas (core/identity/passkeys.ts passkeyResponseSchema)',
  },
  'passkeys.aaguid': { reason: 'a UUID read from the authenticator data of a verified answer' },
  'jwks.id': { reason: BETTER_AUTH_GENERATED },
  'jwks.public_key': { reason: BETTER_AUTH_GENERATED },
  'jwks.private_key': { reason: BETTER_AUTH_GENERATED },
  'jwks.alg': { reason: BETTER_AUTH_GENERATED },
  'jwks.crv': { reason: BETTER_AUTH_GENERATED },

  // The shop's tables (server/db/schema.ts)
  'products.id': {
    reason: 'the slug of the product name (at most 200 characters), made unique by the server',
  },
  'products.name': product('name', 200),
  'products.currency': { reason: "the column's default (INR); no form sets it" },
  'products.description': product('description', 5000),
  'products.short_description': product('shortDescription', 300),
  'products.artisan_story': product('artisanStory', 5000),
  'products.category': {
    reason: 'one of core/catalog/categories.ts (productFormSchema z.enum)',
    check: 'products_category_check',
  },
  'products.subcategory': product('subcategory', 100),
  'products.material': product('material', 100),
  'products.region': product('region', 100),
  'products.dimensions': product('dimensions', 100),
  'products.weight': product('weight', 100),
  'products.care_instructions': product('careInstructions', 2000),
  'products.hsn_code': {
    reason: '4 to 8 digits (productFormSchema, core/tax/hsn.ts HSN_CODE_PATTERN)',
    check: 'products_hsn_code_check',
  },
  'product_media.product_id': { reason: 'an existing product id (foreign key)' },
  // The media CSV import applies the console form's schema to each row (docs/requirements.md §5).
  'product_media.media_url': {
    max: 2000,
    writePath: 'product console add/edit media (core/catalog/product-console.ts mediaFormSchema)',
    accepts: field(mediaFormSchema, validMedia, 'mediaUrl'),
    textOfLength: urlOfLength,
  },
  'product_media.media_type': {
    reason: 'image or video (mediaFormSchema z.enum)',
    check: 'product_media_type_check',
  },
  'product_media.alt_text': {
    max: 300,
    writePath: 'product console add/edit media (core/catalog/product-console.ts mediaFormSchema)',
    accepts: field(mediaFormSchema, validMedia, 'altText'),
  },
  'reviews.product_id': { reason: 'an existing product id (foreign key)' },
  'reviews.user_id': { reason: USER_ID },
  'reviews.title': {
    max: 120,
    writePath: 'review form (core/community/community.ts reviewSchema)',
    accepts: field(reviewSchema, validReview, 'title'),
  },
  'reviews.content': {
    max: 2000,
    writePath: 'review form (core/community/community.ts reviewSchema)',
    accepts: field(reviewSchema, validReview, 'content'),
  },
  'review_media.media_url': { reason: SEED_ONLY },
  'review_media.media_type': { reason: SEED_ONLY, check: 'review_media_type_check' },
  'review_helpful_votes.user_id': { reason: USER_ID },
  'product_questions.product_id': { reason: 'an existing product id (foreign key)' },
  'product_questions.user_id': { reason: USER_ID },
  'product_questions.question': {
    max: 1000,
    writePath: 'question form (core/community/community.ts questionSchema)',
    accepts: field(questionSchema, {}, 'question'),
  },
  'product_answers.user_id': { reason: USER_ID },
  'product_answers.answer': {
    max: 2000,
    writePath: 'answer form (core/community/community.ts answerSchema)',
    accepts: field(answerSchema, {}, 'answer'),
  },
  'quotation_requests.product_id': {
    reason: 'an existing, published product id (read back from the catalogue)',
  },
  'quotation_requests.product_name': { reason: "the product's name read from the catalogue" },
  'quotation_requests.customization_notes': quotation('customizationNotes', 2000),
  'quotation_requests.customer_name': quotation('customerName', 100),
  'quotation_requests.customer_company': quotation('customerCompany', 200),
  'quotation_requests.customer_mobile': quotation('customerMobile', 30, digits),
  'quotation_requests.customer_email': quotation('customerEmail', 255, emailOfLength),
  'quotation_requests.user_id': { reason: USER_ID },
  'quotation_requests.status': {
    reason: 'the admin state machine (core/admin/admin.ts)',
    check: 'quotation_requests_status_check',
  },
  'quotation_requests.reference': {
    reason: 'Q-YYYYMMDD-NNNN, drawn by the database (trigger quotation_requests_reference)',
  },
  // docs/requirements.md §21
  'quotation_requests.display_currency': {
    reason:
      "one of core/money/display-currency.ts DISPLAY_CURRENCIES, taken from the requester's page (server/http/display-currency.ts displayCurrencyOf), never from the form; checked by the database",
  },
  // docs/requirements.md §18: the buyer's GSTIN, the 15-character format or none (core/quotes/quote-list.ts)
  'quotation_requests.customer_gstin': {
    max: 15,
    writePath: 'quote list details (core/quotes/quote-list.ts quoteListDetailsSchema)',
    accepts: field(quoteListDetailsSchema, validListDetails, 'customerGstin'),
    textOfLength: (length) => '08AAAAA0000A1Z2'.padEnd(length, '5'),
  },
  'quotation_request_lines.product_id': {
    reason: 'an existing, published product id (read back from the catalogue)',
  },
  'quotation_request_lines.product_name': { reason: "the product's name read from the catalogue" },
  'quotation_request_lines.notes': {
    max: 1000,
    writePath: "a quote list row's notes (core/quotes/quote-list.ts quoteListLineSchema)",
    accepts: field(quoteListLineSchema, { productId: 'lotus-urli', quantity: '2' }, 'notes'),
  },
  'quote_lists.token_hash': {
    reason: "the SHA-256 (hex) of a guest's list token the server makes",
  },
  'quote_lists.user_id': { reason: USER_ID },
  'quote_list_items.product_id': { reason: 'an existing, published product id (foreign key)' },
  'quote_list_items.notes': {
    max: 1000,
    writePath: "a quote list row's notes (core/quotes/quote-list.ts quoteListLineSchema)",
    accepts: field(quoteListLineSchema, { productId: 'lotus-urli', quantity: '2' }, 'notes'),
  },
  'quotation_access_keys.key_hash': { reason: 'the SHA-256 (hex) of a key the server makes' },
  'quotation_offers.status': {
    reason: 'the offer state machine (core/quotes/quote-offer.ts)',
    check: 'quotation_offers_status_check',
  },
  'quotation_offers.terms': offerComposer('terms', 4000),
  'quotation_offers.note': offerComposer('note', 2000),
  'quotation_offers.decline_reason': {
    max: 2000,
    writePath: 'Decline (core/quotes/quote-offer.ts declineOfferSchema)',
    accepts: field(declineOfferSchema, {}, 'reason'),
  },
  'quotation_offer_lines.product_id': {
    reason: 'an existing product id (foreign key), or none for a custom line',
  },
  'quotation_offer_lines.description': {
    max: 200,
    writePath: 'offer composer lines (core/quotes/quote-offer.ts offerComposerSchema.lines)',
    accepts: (value) =>
      offerComposerSchema.safeParse({
        ...validOffer,
        lines: [{ description: value, quantity: '1', unitPrice: '100' }],
      }).success,
  },
  'quotation_messages.author': {
    reason: 'customer or shop, by who posts (server/modules/quotations)',
    check: 'quotation_messages_author_check',
  },
  'quotation_messages.kind': {
    reason: 'set by the module for each step on an offer',
    check: 'quotation_messages_kind_check',
  },
  'quotation_messages.user_id': { reason: USER_ID },
  'quotation_messages.body': {
    max: 2000,
    writePath: 'the quotation thread (core/quotes/quote-offer.ts quoteMessageSchema)',
    accepts: field(quoteMessageSchema, {}, 'body'),
  },
  'contact_messages.name': contact('name', 100),
  'contact_messages.email': contact('email', 255, emailOfLength),
  'contact_messages.subject': contact('subject', 200),
  'contact_messages.message': contact('message', 1000),
  'contact_messages.status': {
    reason: 'the admin state machine (core/admin/admin.ts)',
    check: 'contact_messages_status_check',
  },
  'newsletter_subscriptions.email': {
    max: 255,
    writePath: 'newsletter forms (core/community/newsletter.ts newsletterSubscriptionSchema)',
    accepts: field(newsletterSubscriptionSchema, {}, 'email'),
    textOfLength: emailOfLength,
  },
  'newsletter_subscriptions.source': {
    reason: 'home, footer or blog (newsletterSubscriptionSchema z.enum, anything else is footer)',
    check: 'newsletter_subscriptions_source_check',
  },
  'profiles.user_id': { reason: USER_ID },
  'profiles.display_name': {
    max: 100,
    writePath: 'dashboard profile (core/identity/account.ts profileSchema)',
    accepts: field(profileSchema, {}, 'displayName'),
  },
  'profiles.phone': {
    max: 20,
    writePath: 'dashboard profile (core/identity/account.ts profileSchema)',
    accepts: field(profileSchema, {}, 'phone'),
    textOfLength: digits,
  },
  'profiles.avatar_url': { reason: SEED_ONLY },
  // docs/requirements.md §15: copied only from the account's own requests, as they were checked
  'profiles.company': {
    reason:
      "a request's customer_company (200, quotationRequestSchema), copied by server/modules/account fillProfileFromRequest",
  },
  'profiles.gstin': {
    reason:
      "a request's customer_gstin (15, quoteListDetailsSchema), copied by server/modules/account fillProfileFromRequest",
  },
  // docs/requirements.md §21
  'profiles.display_currency': {
    reason:
      'INR or a display currency (core/money/display-currency-schema.ts currencyChoiceSchema z.enum, server/modules/account setDisplayCurrencyChoice)',
  },
  'addresses.user_id': { reason: USER_ID },
  'addresses.title': address('title', 50),
  'addresses.street_address': address('streetAddress', 200),
  'addresses.apartment': address('apartment', 100),
  'addresses.city': address('city', 100),
  'addresses.state': address('state', 100),
  'addresses.postal_code': address('postalCode', 20),
  // docs/requirements.md §19: a country is one of core/identity/countries.ts's list (stored as its code), which no
  // 60-letter text is; the length rule still answers first, so this checks that it is there.
  'addresses.country': {
    max: 60,
    writePath: 'dashboard addresses (core/identity/account.ts addressSchema)',
    accepts: (value) => {
      const parsed = addressSchema.safeParse({ ...validAddress, country: value });
      return (
        parsed.success ||
        parsed.error.issues.every((issue) => issue.message === CHOOSE_COUNTRY_MESSAGE)
      );
    },
  },
  'orders.user_id': {
    reason: 'the requester’s user id, or the account the quotation is linked to',
  },
  'orders.order_number': { reason: 'ORD-YYYYMMDD-NNNN, made by the server (core/admin/admin.ts)' },
  'orders.status': {
    reason: 'the admin state machine (core/admin/admin.ts)',
    check: 'orders_status_check',
  },
  'orders.payment_status': {
    reason: 'the admin state machine (core/admin/admin.ts)',
    check: 'orders_payment_status_check',
  },
  'orders.payment_id': {
    max: 100,
    writePath:
      'admin "confirm payment" reference (core/orders paymentReferenceSchema, server/modules/orders setOrderStatus)',
    accepts: (value) =>
      adminModuleAccepts(() =>
        setOrderStatus(database.db, ADMIN, {
          orderId: randomUUID(),
          action: 'confirm-payment',
          paymentReference: value,
        }),
      ),
  },
  'orders.submitted_payment_reference': {
    max: 22,
    writePath:
      'Submit Reference (core/quotes/quote-offer.ts paymentReferenceSubmissionSchema: 12 digits or 6 to 22 letters and digits)',
    accepts: (value) =>
      paymentReferenceSubmissionSchema.safeParse({
        paymentMethod: 'bank transfer',
        reference: value,
      }).success,
  },
  // docs/requirements.md §21: the balance's reference, submitted and confirmed, by the same rules as the first's
  'orders.submitted_balance_reference': {
    max: 22,
    writePath:
      'Submit Reference for the balance (core/quotes/quote-offer.ts paymentReferenceSubmissionSchema)',
    accepts: (value) =>
      paymentReferenceSubmissionSchema.safeParse({
        paymentMethod: 'bank transfer',
        reference: value,
      }).success,
  },
  'orders.balance_payment_id': {
    max: 100,
    writePath:
      'admin "confirm balance" reference (core/orders paymentReferenceSchema, server/modules/orders setOrderStatus)',
    accepts: (value) =>
      adminModuleAccepts(() =>
        setOrderStatus(database.db, ADMIN, {
          orderId: randomUUID(),
          action: 'confirm-balance',
          paymentReference: value,
        }),
      ),
  },
  'orders.payment_method': {
    reason: 'upi, bank transfer or other (paymentMethodSchema z.enum in core/orders)',
  },
  'orders.shipping_address': [
    shipping('name', 100),
    shipping('streetAddress', 200),
    shipping('apartment', 100),
    shipping('city', 100),
    shipping('state', 100),
    shipping('postalCode', 20),
    shipping('country', 60),
    // Its phone is the quotation's customer mobile, limited above.
  ],
  'orders.currency': { reason: "the column's default (INR); no form sets it" },
  'order_items.product_id': { reason: 'an existing product id (foreign key)' },
  'order_items.product_name': { reason: "the quotation's product name, read from the catalogue" },
  'order_items.product_image': { reason: SEED_ONLY },
  'wishlist_items.user_id': { reason: USER_ID },
  'wishlist_items.product_id': { reason: 'an existing product id (foreign key)' },
  'user_roles.user_id': { reason: 'an existing user id (foreign key)' },
  'user_roles.role': {
    reason: 'admin or customer (core/orders/statuses.ts)',
    check: 'user_roles_role_check',
  },
  'app_state.key': { reason: 'names the server itself uses (server/db/seed)' },
  'app_state.value': { reason: 'values the server itself writes (server/db/seed)' },
  'rate_limit_counters.key': {
    reason:
      'a form or endpoint name with the client address (see sessions.ip_address), an e-mail or phone number within authRequestFieldsSchema, or a mail recipient within its form’s limit',
  },
  'callback_leads.country_code': {
    reason: 'one of core/identity/phone.ts (welcomeLeadSchema z.enum, anything else is +91)',
    check: 'callback_leads_country_code_check',
  },
  // docs/decisions/015: API keys, idempotent creates and webhooks (migration 0009)
  'api_keys.name': {
    max: 80,
    writePath: 'Create API key (core/api/api-access.ts apiKeyFormSchema)',
    accepts: field(apiKeyFormSchema, validApiKey, 'name'),
  },
  'api_keys.key_hash': { reason: 'the SHA-256 (hex) of a key the server makes' },
  'api_keys.key_start': { reason: 'the first 14 characters of a key the server makes' },
  'api_keys.scopes': {
    reason: 'scopes of core/api/api-access.ts apiScopes (apiKeyFormSchema z.enum)',
  },
  'api_keys.created_by': { reason: USER_ID },
  'idempotency_keys.principal': {
    reason: 'the API key id, user id or client address the API derives for the caller',
  },
  'idempotency_keys.key': {
    reason:
      "the Idempotency-Key header as the API takes it (server/http/api), inside Node's 16 KB header limit",
  },
  'idempotency_keys.operation': { reason: "the API operation's own name, from the server" },
  'idempotency_keys.request_hash': { reason: "the SHA-256 (hex) of the request's body" },
  'idempotency_keys.response_body': {
    reason: "the API's first answer, built by the server from rows within their own limits",
  },
  'webhook_endpoints.url': {
    max: 2000,
    writePath: 'Add endpoint (core/api/api-access.ts webhookEndpointFormSchema)',
    accepts: field(webhookEndpointFormSchema, validEndpoint, 'url'),
    textOfLength: urlOfLength,
  },
  'webhook_endpoints.events': {
    reason:
      'events of core/api/webhook-events.ts webhookEventTypes (webhookEndpointFormSchema z.enum)',
  },
  'webhook_endpoints.secret': {
    reason: '`whsec_` and 24 random bytes in base64, made by the server',
  },
  'webhook_endpoints.description': {
    max: 200,
    writePath: 'Add endpoint (core/api/api-access.ts webhookEndpointFormSchema)',
    accepts: field(webhookEndpointFormSchema, validEndpoint, 'description'),
  },
  'webhook_endpoints.created_by': { reason: USER_ID },
  'webhook_deliveries.event_type': {
    reason:
      'one of core/api/webhook-events.ts webhookEventTypes, named by the domain function that emits it',
  },
  'webhook_deliveries.payload': {
    reason:
      'the event’s data of core/api/webhook-events.ts, built by the domain functions from the rows of their change, each within its own limit',
  },
  'webhook_deliveries.status': {
    reason: 'pending, succeeded or failed, set by the delivery (server/modules/webhooks)',
    check: 'webhook_deliveries_status_check',
  },
  'webhook_attempts.response_excerpt': {
    reason: "the first 1,024 characters of the endpoint's answer, cut by the delivery",
  },
  'webhook_attempts.error': { reason: "the delivery's own error text, cut to 500 characters" },
  // docs/requirements.md §12: the activity log (migration 0010). No request writes it directly: the domain
  // functions do, and recordActivity cuts each text to the length check's limit.
  'activity_log.actor_kind': {
    reason: 'user, api-key or command-line, set by recordActivity (core/admin/activity.ts)',
    check: 'activity_log_actor_kind_check',
  },
  'activity_log.actor_id': { reason: USER_ID },
  'activity_log.actor_name': {
    reason:
      "the actor's account name or e-mail (and API key name), cut to 320 characters by recordActivity",
    check: 'activity_log_length_check',
  },
  'activity_log.kind': {
    reason: 'one of core/admin/activity.ts activityKinds, named by the domain function',
    check: 'activity_log_length_check',
  },
  'activity_log.subject': {
    reason:
      'an order number, reference, product id, key name or endpoint URL read from its row, cut to 200 characters',
    check: 'activity_log_length_check',
  },
  'activity_log.summary': {
    reason: 'one line built by the domain function from its rows, cut to 500 characters',
    check: 'activity_log_length_check',
  },
  'activity_log.changes': {
    reason: "the changed fields' values before and after, read from rows each within its own limit",
  },
  // docs/requirements.md §20: the search counts (migration 0019), written only by server/modules/search-counts
  'search_counts.text': {
    reason:
      'the normalised search text (core/search/search-tolerant.ts normaliseSearchText), cut to 100 characters by countSearch',
    check: 'search_counts_text_length_check',
  },
  // docs/decisions/027: a GST document is written only by the invoices module when it issues one, from the order,
  // the settings and the series, never from a request's text; its content is the frozen document.
  // docs/requirements.md §24: a shipment as the owner records it (core/orders/shipments.ts shipmentSchema); the
  // number is stored as normalised (no spaces), the link only for Other.
  'order_shipments.carrier': {
    reason: 'one of core/orders/carriers.ts carrierIds (shipmentSchema z.enum)',
    check: 'order_shipments_carrier_check',
  },
  'order_shipments.tracking_number': {
    max: 40,
    writePath: 'Mark as Shipped (core/orders/shipments.ts shipmentSchema.trackingNumber)',
    accepts: (value) =>
      shipmentSchema.safeParse({ ...validShipment, trackingNumber: value }).success,
    textOfLength: digits,
  },
  'order_shipments.tracking_url': {
    max: 500,
    writePath: 'Mark as Shipped, for Other (core/orders/shipments.ts shipmentSchema.trackingUrl)',
    accepts: (value) => shipmentSchema.safeParse({ ...validShipment, trackingUrl: value }).success,
    textOfLength: urlOfLength,
  },
  'order_shipments.photos': {
    reason:
      'the image pipeline’s stored photos of the packed boxes (server/media-storage storeImageUpload): at most four, each its own address and size (order_shipments_photos_check)',
    check: 'order_shipments_photos_check',
  },
  // docs/requirements.md §24: a making-of update (core/orders/production-updates.ts productionUpdateSchema)
  'order_updates.note': {
    max: 1000,
    writePath:
      'Add Production Update (core/orders/production-updates.ts productionUpdateSchema.note)',
    accepts: field(productionUpdateSchema, {}, 'note'),
    textOfLength: letters,
  },
  'order_updates.photos': {
    reason:
      'the image pipeline’s stored photos (server/media-storage storeImageUpload): at most four, each its own address and size (order_updates_photos_check)',
    check: 'order_updates_photos_check',
  },
  // docs/requirements.md §24: a refund as the owner records it (core/orders/refunds.ts refundSchema)
  'order_refunds.method': {
    reason: 'one of core/orders/refund-status.ts refundMethods (refundSchema z.enum)',
    check: 'order_refunds_method_check',
  },
  'order_refunds.reference': {
    max: 100,
    writePath: 'Cancel Order and Record Refund (core/orders/refunds.ts refundSchema.reference)',
    accepts: (value) => refundSchema.safeParse({ ...validRefund, reference: value }).success,
    textOfLength: digits,
  },
  // docs/requirements.md §24: a return as the buyer asks it and the owner answers it (core/orders/returns.ts)
  'order_returns.status': {
    reason: 'one of core/orders/return-status.ts returnStatuses, set by the returns module',
    check: 'order_returns_status_check',
  },
  'order_returns.reason': {
    max: 1000,
    writePath: 'Request a Return (core/orders/returns.ts returnRequestSchema.reason)',
    accepts: (value) => returnRequestSchema.safeParse({ ...validReturn, reason: value }).success,
    textOfLength: letters,
  },
  'order_returns.photos': {
    reason:
      'the image pipeline’s stored photos (server/media-storage storeImageUpload): at most four, each its own address and size (order_returns_photos_check)',
    check: 'order_returns_photos_check',
  },
  'order_returns.decision_note': {
    max: 1000,
    writePath:
      'Approve Return and Decline Return (core/orders/returns.ts returnDecisionSchema.note)',
    accepts: (value) =>
      returnDecisionSchema.safeParse({ decision: 'approve', note: value }).success,
    textOfLength: letters,
  },
  'tax_documents.kind': {
    reason: 'one of core/tax/financial-year.ts documentSeries, set by the invoices module',
    check: 'tax_documents_kind_check',
  },
  'tax_documents.number': {
    reason:
      'core/tax/financial-year.ts documentNumber: the prefix setting, the year and the counter, at most 16 characters',
    check: 'tax_documents_number_check',
  },
  'tax_documents.financial_year': {
    reason: 'core/tax/financial-year.ts financialYearOf, "26-27"',
    check: 'tax_documents_financial_year_check',
  },
  'tax_documents.buyer_name': {
    reason:
      "the order's shipping address name or its request's customer name, each bounded by its own schema when written",
  },
  'tax_documents.buyer_gstin': {
    reason: "the request's GSTIN, checked by core/tax/gstin.ts when the request was made",
  },
  'tax_documents.place_of_supply': {
    reason:
      'core/tax/place-of-supply.ts placeOfSupplyLabel: a state and its code, or a country name',
  },
  'tax_documents.content': {
    reason:
      'the document as issued (core/tax/tax-document.ts), made by the invoices module from the order, its items and the settings',
  },
  'tax_document_series.kind': {
    reason: 'one of core/tax/financial-year.ts documentSeries, set by the invoices module',
    check: 'tax_document_series_kind_check',
  },
  'tax_document_series.financial_year': {
    reason: 'core/tax/financial-year.ts financialYearOf, "26-27", set by the invoices module',
  },
  'search_counts.outcome': {
    reason: 'one of core/search/search-counts.ts searchCountOutcomes, set by the search',
    check: 'search_counts_outcome_check',
  },
  // docs/requirements.md §20: who was counted this week, as a keyed hash only
  'search_count_visitors.digest': {
    reason: 'an HMAC-SHA-256 in base64url made by countSearch, always 43 characters',
    check: 'search_count_visitors_digest_length_check',
  },
  // docs/requirements.md §12: the owner's settings (migration 0010), one row per key of core/admin/settings-keys.ts
  'shop_settings.key': {
    reason: 'one of core/admin/settings-keys.ts editableSettingKeys',
    check: 'shop_settings_key_check',
  },
  'shop_settings.value': [
    setting('shopName', 120),
    setting('shopEmail', 254, emailOfLength),
    setting('phone', 40, digits),
    setting('whatsappNumber', 15, digits),
    setting('address', 300),
    setting('businessHours', 200),
    setting('socialUrl', 500, urlOfLength),
    setting('upiId', 100, (length) => `${'a'.repeat(length - 4)}@upi`),
    setting('bankDetails', 500),
    setting('gstin', 15, (length) => `08AAAAA0000A1Z2${'5'.repeat(length - 15)}`),
    setting('defaultGstRate', 5, (length) => `12.50${'0'.repeat(length - 5)}`),
    setting('offerValidityDays', 3, (length) => '90'.padStart(length, '0')),
    setting('offerTerms', 2000),
    // dailyDigest: on or off (settingsFormSchema z.enum)
  ],
  'shop_settings.updated_by': { reason: USER_ID },
  'callback_leads.phone': {
    max: 14,
    writePath: 'welcome pop-up (core/catalog/welcome-lead.ts welcomeLeadSchema: 6 to 14 digits)',
    accepts: field(welcomeLeadSchema, validLead, 'phone'),
    textOfLength: digits,
  },
};

const TEXT_TYPES = /^(text|varchar|character|char|json|jsonb)\b/;

function storedTextColumns(): { key: string; table: PgTable }[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .flatMap((table) => {
      const config = getTableConfig(table);
      return config.columns
        .filter((column) => TEXT_TYPES.test(column.getSQLType()))
        .map((column) => ({ key: `${config.name}.${column.name}`, table }));
    });
}

function isLimit(guard: Guard): guard is Limit {
  return 'max' in guard;
}

const allGuards = Object.entries(guards).flatMap(([key, guard]) =>
  (Array.isArray(guard) ? guard : [guard]).map((one) => ({ key, guard: one })),
);

describe('every stored text column has a limit on its write paths', () => {
  it('lists every text and JSON column of every table, and only those', () => {
    const columns = storedTextColumns().map(({ key }) => key);
    expect(columns.length).toBeGreaterThan(100);
    const missing = columns.filter((key) => !(key in guards));
    // A new column: give it a schema limit on every write path, or say why no request writes it.
    expect(missing, 'text columns without an entry').toEqual([]);
    expect(
      Object.keys(guards).filter((key) => !columns.includes(key)),
      'stale entries',
    ).toEqual([]);
  });

  it('holds each column of a fixed vocabulary with its check constraint', () => {
    for (const { key, table } of storedTextColumns()) {
      const entries = [guards[key] ?? []].flat().filter((guard) => !isLimit(guard));
      for (const guard of entries as NotUserWritable[]) {
        if (!guard.check) continue;
        const checks = getTableConfig(table).checks.map((check) => check.name);
        expect(checks, key).toContain(guard.check);
      }
    }
  });

  describe(`each limit refuses a value one over it (on ${testDatabaseKind} for the admin module)`, () => {
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await database.destroy();
    });

    it.each(
      allGuards
        .filter((entry): entry is { key: string; guard: Limit } => isLimit(entry.guard))
        .map(({ key, guard }) => [`${key} ≤ ${guard.max}: ${guard.writePath}`, guard] as const),
    )('%s', async (_name, guard) => {
      const textOfLength = guard.textOfLength ?? letters;
      const atLimit = textOfLength(guard.max);
      const overLimit = textOfLength(guard.max + 1);
      expect(atLimit).toHaveLength(guard.max);
      expect(overLimit).toHaveLength(guard.max + 1);
      expect(await guard.accepts(atLimit), 'a value at the limit is taken').toBe(true);
      expect(await guard.accepts(overLimit), 'a value one over the limit is refused').toBe(false);
    });
  });
});
