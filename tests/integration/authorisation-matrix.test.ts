/**
 * The authorisation matrix (docs/requirements.md §6 and §14): every loader, action and API route
 * that reads or writes user or admin data, tried by four actors (anonymous, customer A, customer
 * B, admin) against the objects of A and of B, over HTTP only. Each case states the status it
 * expects. A denied case must carry none of the target's data (unique marker strings) and have no
 * side effect: no row changed (a checksum of every user-data table before and after), no file
 * stored under DATA_DIR/media, no mail written to DATA_DIR/outbox. An allowed case answers its
 * status and shows the data it owes.
 * The whole app answers in this process (`app.request`, the production mode, the job worker that
 * writes the outbox), on the test database, PGlite or PostgreSQL; a browser adds nothing here.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localMediaStorage } from '../../server/media-storage';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { seedCatalog } from '../../server/db/seed/catalog';
import { createHttpApp } from '../../server/http/app';
import { createLogger } from '../../server/logger';
import { commandLineOperator } from '../../server/modules/actor';
import type { JobWorker } from '../../server/modules/jobs';
import { unsubscribeToken } from '../../server/modules/newsletter';
import { grantRole } from '../../server/modules/roles';
import { issueInvoice } from '../../server/modules/invoices';
import { shipOrder } from '../../server/flows/ship-order';
import { siteDefaults } from '../../content/site';
import { startDeliveries } from '../../server/worker';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import { pageServerBuild } from '../support/page-build';
import { tableDigests, type RowSource } from '../support/table-digest';

const AUTH_SECRET = 'authorisation-matrix-secret-authorisation-matrix';
const RUN = randomBytes(3).toString('hex');

type Owner = 'A' | 'B';
type ActorName = 'anonymous' | Owner | 'admin';
const ACTORS: readonly ActorName[] = ['anonymous', 'A', 'B', 'admin'];
const OWNERS: readonly Owner[] = ['A', 'B'];
const PASSWORDS: Record<Exclude<ActorName, 'anonymous'>, string> = {
  A: 'Marble#Lotus9-a',
  B: 'Brass#Diya7-b',
  admin: 'Crystal#Om5-admin',
};
/** What the shop holds as a whole rather than per customer (docs/requirements.md §11). */
const SHOP_WIDE = ['API keys', 'webhook endpoints', 'shop settings'];
/** docs/requirements.md §12: the offer terms the matrix stores, shown on the settings page to the admin only. */
const SETTINGS_TERMS = `MATRIX-TERMS-${RUN}`;
/** docs/requirements.md §20: a search the shop counted, shown on the Searches page to the admin only. */
const SEARCH_MARKER = `matrixsearch${RUN}`;

/** The piece the orders, quotations, reviews and questions are about. */
const PRODUCT = 'lotus-urli';
/** A valid image, so that only authorisation stands between an upload and the stored files. */
const UPLOAD_IMAGE = sharp({
  create: { width: 640, height: 480, channels: 3, background: { r: 120, g: 60, b: 30 } },
})
  .png()
  .toBuffer();

/** What one customer owns, with the marker strings that may only reach them (and the admin). */
interface Objects {
  userId: string;
  email: string;
  password: string;
  displayName: string;
  phone: string;
  street: string;
  addressId: string;
  spareStreet: string;
  spareAddressId: string;
  wishlistId: string;
  spareWishlistId: string;
  spareWishlistProductId: string;
  orderId: string;
  orderNumber: string;
  /** docs/requirements.md §23: the tax invoice of a second, paid order of theirs. */
  invoiceId: string;
  invoiceNumber: string;
  /** That paid order, whose payment in full has its receipt. */
  paidOrderId: string;
  /** docs/requirements.md §24: a shipment of a third order of theirs, shipped by the admin. */
  shipmentId: string;
  /** A paid order made for each "Issue Invoice" case. */
  orderToInvoiceId: string;
  /** A paid order being made, and its one line, for each "Mark as Shipped" case. */
  orderToShipId: string;
  orderItemToShipId: string;
  /** docs/requirements.md §24: one paid order of the owner's, put back in the state each case needs. */
  orderAfterPaymentId: string;
  /** Its one line, and the return a returns case starts from. */
  orderAfterPaymentItemId: string;
  returnId: string;
  quotationId: string;
  quotationName: string;
  /** docs/requirements.md §10: the request's reference and its private link's key (the other owner's too). */
  quotationReference: string;
  quotationKey: string;
  foreignQuotationKey: string;
  /** docs/requirements.md §15: a visitor's request naming the owner's e-mail, and its private key. */
  guestQuotationId: string;
  guestQuotationReference: string;
  guestQuotationKey: string;
  reviewId: string;
  questionId: string;
  contactId: string;
  contactSubject: string;
  leadPhone: string;
  newsletterToken: string;
  forgedNewsletterToken: string;
  totpSecret: string;
  /** docs/requirements.md §15: a passkey of the owner's (its row, as Better Auth stores one). */
  passkeyId: string;
  passkeyName: string;
  sessionIds: string[];
  sessionTokens: string[];
}

interface World {
  url: string;
  /** The shop's DATA_DIR: uploaded images in media/, mail in outbox/. */
  dataDir: string;
  /** The job worker that writes the outbox, idle: every mail due has been written. */
  mailWritten(): Promise<void>;
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  clients: Record<ActorName, ShopClient>;
  objects: Record<Owner, Objects>;
  userIds: Record<ActorName, string>;
  adminEmail: string;
  mediaId: string;
  /** docs/requirements.md §11: the owner's API key and webhook endpoint, with one delivery, made in the set-up. */
  integrations: Integrations;
  userDataTables: string[];
  ownedTables: string[];
}

interface Integrations {
  apiKeyId: string;
  apiKeyName: string;
  endpointId: string;
  endpointUrl: string;
  /** Shown once when an endpoint is made, never again: to nobody, on no page. */
  endpointSecret: string;
  deliveryId: string;
  /** docs/requirements.md §12: a delivery that failed for good, listed at /admin/jobs with Retry. */
  failedDeliveryId: string;
  /** docs/requirements.md §13: a mail its recipient's limit held, listed at /admin/jobs with Send Now. */
  heldMailId: string;
}

/** Data that must never reach anyone but its owner and the admin console. */
function privateMarkers(objects: Objects): string[] {
  return [
    objects.email,
    objects.phone,
    objects.street,
    objects.spareStreet,
    objects.addressId,
    objects.spareAddressId,
    objects.wishlistId,
    objects.spareWishlistId,
    objects.orderId,
    objects.orderNumber,
    objects.quotationId,
    objects.quotationName,
    objects.contactId,
    objects.contactSubject,
    objects.leadPhone,
    objects.newsletterToken,
    objects.totpSecret,
    objects.passkeyId,
    objects.passkeyName,
    ...objects.sessionIds,
    ...objects.sessionTokens,
  ];
}

// --- the table -----------------------------------------------------------------------------

interface Expectation {
  status: number;
  access: 'allowed' | 'denied';
}
const allow = (status: number): Expectation => ({ status, access: 'allowed' });
const deny = (status: number): Expectation => ({ status, access: 'denied' });

/** How an actor stands to the owner of the target: the table is written in these terms. */
type Role = 'anonymous' | 'owner' | 'other' | 'admin';
/** A role missing from a table is a combination that does not apply (say, the owner's own 2FA). */
type Table = Partial<Record<Role, Expectation>>;

function roleOf(actor: ActorName, owner: Owner): Role {
  if (actor === 'anonymous' || actor === 'admin') return actor;
  return actor === owner ? 'owner' : 'other';
}

interface Answer {
  status: number;
  body: string;
}

interface Operation {
  /** Method, path and intent, as the title shows them. */
  name: string;
  /** What of the owner's it aims at. */
  object: string;
  table: Table;
  /** Only these owners' objects are targets (catalogue operations aim at no customer). */
  owners?: readonly Owner[];
  /**
   * "all": a denied case changes no row anywhere. "owner": the actor's own rows may change (they
   * write their own profile while naming the owner's id), the owner's rows must not.
   */
  unchanged?: 'all' | 'owner';
  send(client: ShopClient, world: World, owner: Owner, actor: ActorName): Promise<Answer>;
  /** Puts the target back in the state the case needs, before anything is measured. */
  prepare?(world: World, owner: Owner): Promise<void>;
  /** Markers an allowed answer shows. */
  shows?(world: World, owner: Owner): string[];
  /**
   * Markers the actor names in the address (the id in /admin/quotations/{quotationId}): a page
   * echoes its own URL (its links, its meta), which tells the actor nothing they did not send.
   */
  named?(world: World, owner: Owner): string[];
  /** Further checks of an allowed case. */
  verify?(world: World, owner: Owner, actor: ActorName): Promise<void>;
}

async function answerOf(response: Response): Promise<Answer> {
  return { status: response.status, body: await response.text() };
}

function dataPath(path: string): string {
  const [pathname = '/', query] = path.split('?');
  return `${pathname === '/' ? '/_root' : pathname}.data${query ? `?${query}` : ''}`;
}

/** A single-fetch data request answers a redirect with 202 and the target in its body. */
function forDataRequest(table: Table): Table {
  return Object.fromEntries(
    Object.entries(table).map(([role, expectation]) => [
      role,
      expectation.status === 302 ? { ...expectation, status: 202 } : expectation,
    ]),
  );
}

/** `{quotationId}` and the like in a path, filled from the owner's objects. */
function fill(path: string, objects: Objects): string {
  return path.replace(/\{(\w+)\}/g, (_match, key: string) =>
    encodeURIComponent(String(objects[key as keyof Objects])),
  );
}

type Form = Record<string, string>;
type FormOf = (world: World, owner: Owner, actor: ActorName) => Form;

/** A route's loader, as a document and as a data request. */
function pageRead(
  path: string,
  object: string,
  table: Table,
  extra: Pick<Operation, 'shows' | 'named'> = {},
): Operation[] {
  return [
    { path, table },
    { path: dataPath(path), table: forDataRequest(table) },
  ].map((variant) => ({
    name: `GET ${variant.path}`,
    object,
    table: variant.table,
    ...extra,
    send: async (client, world, owner) =>
      answerOf(await client.get(fill(variant.path, world.objects[owner]), { maxRedirects: 0 })),
  }));
}

/** A route's action for one intent, as a document form post and as a data request. */
function pageAction(
  path: string,
  intent: string,
  object: string,
  table: Table,
  form: FormOf,
  extra: Omit<Operation, 'name' | 'object' | 'table' | 'send'> = {},
  dataTable: Table = forDataRequest(table),
): Operation[] {
  return [
    { path, table },
    { path: dataPath(path), table: dataTable },
  ].map((variant) => ({
    name: `POST ${variant.path} ${intent}`,
    object,
    table: variant.table,
    ...extra,
    send: async (client, world, owner, actor) =>
      answerOf(
        await client.post(fill(variant.path, world.objects[owner]), {
          form: { intent, ...form(world, owner, actor) },
          maxRedirects: 0,
        }),
      ),
  }));
}

/** A JSON endpoint of Better Auth. */
function authCall(
  path: string,
  object: string,
  table: Table,
  body: (world: World, owner: Owner) => Record<string, unknown>,
): Operation {
  return {
    name: `POST /api/auth${path}`,
    object,
    table,
    send: async (client, world, owner) =>
      answerOf(
        await client.post(`/api/auth${path}`, {
          data: body(world, owner),
          // Better Auth trusts PUBLIC_URL's origin only, the shop's address here; a request from
          // elsewhere is refused before the endpoint runs, and would test nothing.
          headers: { Origin: world.url },
          maxRedirects: 0,
        }),
      ),
  };
}

function resourceRead(path: string, object: string, table: Table): Operation {
  return {
    name: `GET ${path}`,
    object,
    table,
    send: async (client, world, owner) =>
      answerOf(await client.get(fill(path, world.objects[owner]), { maxRedirects: 0 })),
  };
}

/** Pages anyone may open: nobody but the owner sees the owner's data on them. */
const PUBLIC: Table = {
  anonymous: deny(200),
  owner: allow(200),
  other: deny(200),
  admin: deny(200),
};
/** Each customer's own account pages: 200 for all, the owner's data for the owner only. */
const OWN_ACCOUNT: Table = {
  anonymous: deny(200),
  owner: allow(200),
  other: deny(200),
  admin: deny(200),
};
/** The admin console: customers and visitors get a page without data, the admin the data. */
const ADMIN_PAGE: Table = {
  anonymous: deny(200),
  owner: deny(200),
  other: deny(200),
  admin: allow(200),
};
/** docs/requirements.md §12: a CSV export, the owner's only: 401 signed out, 403 for a customer. */
const EXPORT: Table = {
  anonymous: deny(401),
  owner: deny(403),
  other: deny(403),
  admin: allow(200),
};
/** docs/requirements.md §10: the quote page, the request's account's (or its key's holder's); 404 for all else. */
const QUOTE_PAGE: Table = {
  anonymous: deny(404),
  owner: allow(200),
  other: deny(404),
  admin: deny(404),
};
/** What nobody reaches by this address: the 404 for every actor. */
const NOBODY: Table = {
  anonymous: deny(404),
  owner: deny(404),
  other: deny(404),
  admin: deny(404),
};
/** An action on one customer's row: their own works, anybody else's is not found. */
const OWNER_WRITE: Table = {
  anonymous: deny(401),
  owner: allow(200),
  other: deny(404),
  admin: deny(404),
};
const ADMIN_WRITE: Table = {
  anonymous: deny(401),
  owner: deny(403),
  other: deny(403),
  admin: allow(200),
};
/** Catalogue writes: the admin's own journeys (product-console.spec.ts) cover the allowed side. */
const CONSOLE_WRITE: Table = { anonymous: deny(401), owner: deny(403), other: deny(403) };
/** A visitor's document post is refused, then the page's loader sends them to sign in. */
const CONSOLE_WRITE_DOCUMENT: Table = { ...CONSOLE_WRITE, anonymous: deny(302) };
/** Better Auth endpoints the shop switches off (server/auth DISABLED_AUTH_PATHS). */
const SWITCHED_OFF: Table = {
  anonymous: deny(404),
  owner: deny(404),
  other: deny(404),
  admin: deny(404),
};
/** Someone else's password, tried on the actor's own account: the owner's row stays as it was. */
const WITH_OWNERS_PASSWORD: Table = { anonymous: deny(401), other: deny(400), admin: deny(400) };
/** The security page's actions: a visitor is sent to sign in, a wrong password is refused. */
const SECURITY_WITH_OWNERS_PASSWORD: Table = {
  anonymous: deny(302),
  other: deny(400),
  admin: deny(400),
};
/** Community writes on the product page: any signed-in user, never a visitor. */
const SIGNED_IN_WRITE: Table = {
  anonymous: deny(401),
  owner: allow(200),
  other: allow(200),
  admin: allow(200),
};

function addressForm(streetAddress: string): Form {
  return {
    title: 'Home',
    streetAddress,
    city: 'Udaipur',
    state: 'Rajasthan',
    postalCode: '313001',
    country: 'IN',
  };
}

/** The actor's own profile as it stands, so that writing it again changes none of it. */
function ownProfileOf(world: World, actor: ActorName): Form {
  return actor === 'A' || actor === 'B'
    ? { displayName: world.objects[actor].displayName, phone: world.objects[actor].phone }
    : { displayName: 'Devika Admin' };
}

const operations: Operation[] = [
  // Reads: the account pages.
  ...pageRead('/dashboard', 'account', OWN_ACCOUNT, {
    shows: (world, owner) => {
      const { street, orderNumber, phone, displayName } = world.objects[owner];
      return [street, orderNumber, phone, displayName];
    },
  }),
  ...pageRead('/dashboard?tab=orders', 'orders', OWN_ACCOUNT, {
    shows: (world, owner) => [world.objects[owner].orderNumber, world.objects[owner].orderId],
  }),
  ...pageRead('/dashboard?tab=wishlist', 'wishlist', OWN_ACCOUNT, {
    shows: (world, owner) => [world.objects[owner].wishlistId],
  }),
  ...pageRead(
    '/dashboard/security',
    'e-mail and two-factor settings',
    { anonymous: deny(302), owner: allow(200), other: deny(200), admin: deny(200) },
    { shows: (world, owner) => [world.objects[owner].email] },
  ),
  ...pageRead('/wishlist', 'wishlist', {
    anonymous: deny(302),
    owner: deny(302),
    other: deny(302),
    admin: deny(302),
  }),
  // Reads: the admin console, tab by tab.
  ...pageRead('/admin', 'quotation request', ADMIN_PAGE, {
    shows: (world, owner) => [world.objects[owner].quotationName],
  }),
  ...pageRead('/admin?tab=orders', 'order', ADMIN_PAGE, {
    shows: (world, owner) => [world.objects[owner].orderNumber],
  }),
  // docs/requirements.md §23: the owner's Invoices page and the month's GSTR-1.
  ...pageRead('/admin/invoices', 'invoice', ADMIN_PAGE, {
    shows: (world, owner) => [world.objects[owner].invoiceNumber],
  }),
  resourceRead('/admin/invoices/gstr1.zip', 'invoice', EXPORT),
  ...pageRead('/admin?tab=messages', 'contact message and call-back lead', ADMIN_PAGE, {
    shows: (world, owner) => [world.objects[owner].contactSubject],
  }),
  ...pageRead('/admin?tab=roles', 'account', ADMIN_PAGE, {
    shows: (world) => [world.adminEmail],
  }),
  ...pageRead('/admin?tab=media', 'account', ADMIN_PAGE),
  // docs/requirements.md §12: the activity log. Its entries name customers (a message's sender and subject), so
  // each case has one about the owner's message, which only the admin may see.
  ...pageRead('/admin/activity?kind=message.status', 'activity log entry', ADMIN_PAGE, {
    shows: (world, owner) => [world.objects[owner].contactSubject],
  }).map((operation) => ({ ...operation, prepare: recordActivityAbout })),
  // docs/requirements.md §10: the owner's quotation page
  ...pageRead('/admin/quotations/{quotationId}', 'quotation request', ADMIN_PAGE, {
    shows: (world, owner) => [world.objects[owner].quotationName],
    named: namedQuotation,
  }),
  ...pageRead('/admin/product-media', 'account', {
    anonymous: deny(302),
    owner: deny(200),
    other: deny(200),
    admin: allow(200),
  }),
  resourceRead('/admin/product-media/export.csv', 'account', {
    anonymous: deny(401),
    owner: deny(403),
    other: deny(403),
    admin: allow(200),
  }),
  // docs/requirements.md §12: the subscribers page and each list's "Export CSV", filtered or not
  ...pageRead('/admin/subscribers', 'newsletter subscription', ADMIN_PAGE, {
    shows: (world, owner) => [world.objects[owner].email],
  }),
  ...pageRead('/admin?q={quotationReference}&status=pending', 'quotation request', ADMIN_PAGE, {
    shows: (world, owner) => [world.objects[owner].quotationName],
  }),
  {
    ...resourceRead('/admin/export/quotations.csv?q={quotationName}', 'quotation request', EXPORT),
    shows: (world, owner) => [world.objects[owner].quotationName],
  },
  {
    ...resourceRead('/admin/export/orders.csv', 'order', EXPORT),
    shows: (world, owner) => [world.objects[owner].orderNumber],
  },
  {
    ...resourceRead('/admin/export/messages.csv?sort=oldest', 'contact message', EXPORT),
    shows: (world, owner) => [world.objects[owner].contactSubject],
  },
  {
    ...resourceRead('/admin/export/subscribers.csv?status=subscribed', 'subscription', EXPORT),
    shows: (world, owner) => [world.objects[owner].email],
  },
  // Reads: public pages must not carry anyone's private data.
  ...pageRead(`/product/${PRODUCT}`, 'private data', PUBLIC),
  ...pageRead(`/quote/${PRODUCT}`, 'private data', PUBLIC),
  ...pageRead('/shop', 'private data', PUBLIC),
  ...pageRead('/contact', 'private data', PUBLIC),
  // docs/requirements.md §10: the quote page and its offers' PDFs, for the request's account or its key only; a
  // wrong key (another request's) reads and writes nothing.
  ...pageRead('/quotes/{quotationReference}', 'quotation', QUOTE_PAGE, {
    shows: (world, owner) => [world.objects[owner].quotationReference],
  }),
  ...pageRead('/quotes/{quotationReference}?key={foreignQuotationKey}', 'quotation', QUOTE_PAGE, {
    shows: (world, owner) => [world.objects[owner].quotationReference],
  }),
  ...pageAction('/quotes/{quotationReference}', 'message', 'quotation', QUOTE_PAGE, () => ({
    body: `MATRIX-MESSAGE-${RUN}`,
  })),
  ...pageAction(
    '/quotes/{quotationReference}?key={foreignQuotationKey}',
    'message',
    'quotation',
    QUOTE_PAGE,
    () => ({ body: `MATRIX-MESSAGE-${RUN}` }),
  ),
  ...pageAction(
    '/quotes/{quotationReference}?key={foreignQuotationKey}',
    'submit-payment-reference',
    'order',
    // The owner's own order, signed in, whatever the key: it awaits no payment (no method).
    { ...NOBODY, owner: deny(409) },
    (world, owner) => ({
      orderId: world.objects[owner].orderId,
      paymentMethod: 'upi',
      reference: '123456789012',
    }),
  ),
  // docs/requirements.md §23: a tax invoice's PDF, the owner's order's buyer's and the admin's only.
  resourceRead('/documents/{invoiceId}.pdf', 'invoice', {
    anonymous: deny(404),
    owner: allow(200),
    other: deny(404),
    admin: allow(200),
  }),
  // docs/requirements.md §23: a confirmed payment's receipt, the order's buyer's and the admin's only.
  resourceRead('/orders/{paidOrderId}/receipt-full.pdf', 'receipt', {
    anonymous: deny(404),
    owner: allow(200),
    other: deny(404),
    admin: allow(200),
  }),
  // docs/requirements.md §24: a shipment's packing list, the admin's only.
  resourceRead('/admin/shipments/{shipmentId}/packing-list.pdf', 'packing list', EXPORT),
  // Its proforma invoice is gone with the tax invoice: nobody's.
  resourceRead('/orders/{paidOrderId}/proforma-invoice.pdf', 'proforma invoice', {
    anonymous: deny(404),
    owner: deny(404),
    other: deny(404),
    admin: deny(404),
  }),
  // No offer is sent in the matrix: the PDF of v1 is nobody's, and says nothing of the request.
  resourceRead('/quotes/{quotationReference}/offers/1.pdf', 'offer', NOBODY),
  resourceRead(
    '/quotes/{quotationReference}/offers/1.pdf?key={foreignQuotationKey}',
    'offer',
    NOBODY,
  ),
  // There is no page of a quotation request: its id is not a product, for its owner neither.
  ...pageRead('/quote/{quotationId}', 'quotation request', {
    anonymous: deny(404),
    owner: deny(404),
    other: deny(404),
    admin: deny(404),
  }),
  ...pageRead('/newsletter/unsubscribe?token={forgedNewsletterToken}', 'newsletter subscription', {
    anonymous: deny(200),
    owner: deny(200),
    other: deny(200),
    admin: deny(200),
  }),
  // docs/requirements.md §19: the first-run setup page. The shop has an owner: it is the 404 page for every
  // actor, with or without a token, and its post makes nothing.
  ...pageRead('/setup', 'owner setup', NOBODY),
  ...pageRead('/setup?token={forgedNewsletterToken}', 'owner setup', NOBODY),
  ...pageAction('/setup?token={forgedNewsletterToken}', 'set-up', 'owner setup', NOBODY, () => ({
    name: 'Intruder',
    email: `intruder-${RUN}@example.com`,
    password: PASSWORDS.admin,
    confirmPassword: PASSWORDS.admin,
  })),
  resourceRead(`/search/suggestions?q=lotus`, 'private data', PUBLIC),
  resourceRead('/sitemap.xml', 'private data', PUBLIC),
  resourceRead('/.well-known/jwks.json', 'private data', PUBLIC),
  // Reads: the identity endpoints and the order events.
  {
    ...resourceRead('/api/auth/get-session', 'session', OWN_ACCOUNT),
    shows: (world, owner) => [world.objects[owner].email],
  },
  resourceRead('/api/auth/list-sessions', 'session', SWITCHED_OFF),
  {
    name: 'GET /api/orders/events',
    object: 'order events',
    table: { anonymous: deny(401), owner: allow(200), other: deny(200), admin: deny(200) },
    send: (client) => firstEvents(client),
  },

  // Writes: the dashboard's actions on one customer's rows.
  // docs/requirements.md §14: a visitor cannot make the shop mail a verification link (no mail, no row).
  ...pageAction(
    '/dashboard',
    'resend-verification',
    'account',
    { anonymous: deny(401) },
    () => ({}),
    { owners: ['A'] },
  ),
  ...pageAction('/dashboard', 'edit-address', 'address', OWNER_WRITE, (world, owner, actor) => ({
    id: world.objects[owner].addressId,
    ...addressForm(actor === owner ? world.objects[owner].street : `HACKED-${actor}`),
  })),
  ...pageAction(
    '/dashboard',
    'default-address',
    'spare address',
    OWNER_WRITE,
    (world, owner) => ({ id: world.objects[owner].spareAddressId }),
    { prepare: restoreSpares },
  ),
  ...pageAction(
    '/dashboard',
    'delete-address',
    'spare address',
    OWNER_WRITE,
    (world, owner) => ({ id: world.objects[owner].spareAddressId }),
    { prepare: restoreSpares },
  ),
  ...pageAction(
    '/dashboard',
    'remove-wishlist',
    'spare wishlist entry',
    OWNER_WRITE,
    (world, owner) => ({ id: world.objects[owner].spareWishlistId }),
    { prepare: restoreSpares },
  ),
  // docs/requirements.md §24: "I Have Received It", on the owner's own order, shipped for the case.
  ...pageAction(
    '/dashboard',
    'confirm-delivery',
    'shipped order',
    OWNER_WRITE,
    (world, owner) => ({ orderId: world.objects[owner].orderAfterPaymentId }),
    { prepare: orderAfterPayment('shipped'), verify: orderStatusIs('delivered') },
  ),
  // docs/requirements.md §24: "Request a Return" of the owner's own order, delivered for the case.
  ...pageAction(
    '/dashboard',
    'request-return',
    'delivered order',
    OWNER_WRITE,
    (world, owner) => ({
      orderId: world.objects[owner].orderAfterPaymentId,
      'pieces[0].orderItemId': world.objects[owner].orderAfterPaymentItemId,
      'pieces[0].quantity': '1',
      reason: 'Dented',
      condition: 'on',
    }),
    { prepare: orderAfterPayment('delivered'), verify: returnStatusIs('requested') },
  ),
  ...pageAction('/dashboard', 'reorder', 'order', OWNER_WRITE, (world, owner) => ({
    orderId: world.objects[owner].orderId,
    customerName: 'Reorder Rao',
    customerMobile: '+91 98290 12345',
    [`quantity:${PRODUCT}`]: '1',
  })),
  // The form names the owner's user id: the actor's own profile and address change, never theirs.
  ...pageAction(
    '/dashboard',
    'update-profile',
    'profile (user id in the form)',
    { anonymous: deny(401), other: deny(200), admin: deny(200) },
    (world, owner, actor) => ({
      userId: world.objects[owner].userId,
      user_id: world.objects[owner].userId,
      ...ownProfileOf(world, actor),
    }),
    { unchanged: 'owner' },
  ),
  // docs/requirements.md §21: the currency picker keeps a signed-in buyer's choice in their own profile only; a
  // form naming the owner's user id changes nothing of theirs.
  ...pageAction(
    '/currency',
    'choose',
    'profile display currency (user id in the form)',
    { anonymous: deny(302), other: deny(302), admin: deny(302) },
    (world, owner) => ({
      currency: 'USD',
      returnTo: '/',
      userId: world.objects[owner].userId,
      user_id: world.objects[owner].userId,
    }),
    { unchanged: 'owner' },
  ),
  ...pageAction(
    '/dashboard',
    'add-address',
    'addresses (user id in the form)',
    { anonymous: deny(401), other: deny(200), admin: deny(200) },
    (world, owner, actor) => ({
      userId: world.objects[owner].userId,
      user_id: world.objects[owner].userId,
      ...addressForm(`SMUGGLED-${actor}`),
    }),
    { unchanged: 'owner' },
  ),

  // Writes: the admin quotation page's actions (docs/requirements.md §10: the owner composes, sends, revises,
  // withdraws and replies; nobody else).
  ...pageAction(
    '/admin/quotations/{quotationId}',
    'save-draft',
    'quotation request',
    ADMIN_WRITE,
    () => OFFER_FORM,
    { prepare: withoutOffers, named: namedQuotation, verify: offerStatuses(['draft']) },
  ),
  ...pageAction(
    '/admin/quotations/{quotationId}',
    'send',
    'quotation request',
    ADMIN_WRITE,
    () => OFFER_FORM,
    { prepare: withoutOffers, named: namedQuotation, verify: offerStatuses(['sent']) },
  ),
  ...pageAction(
    '/admin/quotations/{quotationId}',
    'revise',
    'quotation request',
    ADMIN_WRITE,
    () => OFFER_FORM,
    {
      prepare: withSentOffer,
      named: namedQuotation,
      verify: offerStatuses(['superseded', 'sent']),
    },
  ),
  ...pageAction(
    '/admin/quotations/{quotationId}',
    'withdraw',
    'quotation request',
    ADMIN_WRITE,
    () => ({}),
    { prepare: withSentOffer, named: namedQuotation, verify: offerStatuses(['withdrawn']) },
  ),
  ...pageAction(
    '/admin/quotations/{quotationId}',
    'reply',
    'quotation request',
    ADMIN_WRITE,
    () => ({ body: 'We can make a matching pair.' }),
    { named: namedQuotation },
  ),
  // docs/requirements.md §18 "Merge Requests": the owner's alone. Nobody else merges the owner's request with
  // another of theirs (the guest's, which names their e-mail): no row changes, no mail is written.
  // The admin's merge closes requests for good: merge-requests.spec.ts is its journey.
  ...pageAction(
    '/admin/quotations/{quotationId}',
    'merge-requests',
    'quotation request',
    { anonymous: deny(401), owner: deny(403), other: deny(403) },
    (world, owner) => ({ mergeIds: world.objects[owner].guestQuotationId }),
    { named: namedQuotation },
  ),

  // Writes: the admin console's actions.
  ...pageAction(
    '/admin',
    'quotation-status',
    'quotation request',
    ADMIN_WRITE,
    (world, owner) => ({ id: world.objects[owner].quotationId, status: 'processing' }),
    { prepare: restoreAdminTargets },
  ),
  ...pageAction(
    '/admin',
    'order-action',
    'order',
    ADMIN_WRITE,
    (world, owner) => ({ orderId: world.objects[owner].orderId, action: 'confirm' }),
    { prepare: restoreAdminTargets },
  ),
  // docs/requirements.md §23: "Issue Invoice", on a paid order made for the case.
  ...pageAction(
    '/admin',
    'issue-invoice',
    'order',
    ADMIN_WRITE,
    (world, owner) => ({ orderId: world.objects[owner].orderToInvoiceId }),
    { prepare: payOrder },
  ),
  // docs/requirements.md §24: "Mark as Shipped" with its shipment, on an order being made for the case.
  ...pageAction(
    '/admin',
    'ship-order',
    'order',
    ADMIN_WRITE,
    (world, owner) => ({
      orderId: world.objects[owner].orderToShipId,
      carrier: 'blue-dart',
      trackingNumber: '12345678901',
      dispatchedOn: '2026-11-30',
      boxes: '1',
      'pieces[0].orderItemId': world.objects[owner].orderItemToShipId,
      'pieces[0].quantity': '2',
    }),
    { prepare: processOrder },
  ),
  // docs/requirements.md §24: "Add Production Update" (a note; the photos' own checks are the module's test).
  ...pageAction(
    '/admin',
    'production-update',
    'order',
    ADMIN_WRITE,
    (world, owner) => ({
      orderId: world.objects[owner].orderAfterPaymentId,
      note: 'The inlay is half done.',
    }),
    {
      prepare: orderAfterPayment('processing'),
      verify: async (world, owner) => {
        const updates = await world.sql<{ note: string }>(
          'select note from order_updates where order_id = $1',
          [world.objects[owner].orderAfterPaymentId],
        );
        expect(updates).toEqual([{ note: 'The inlay is half done.' }]);
      },
    },
  ),
  // docs/requirements.md §24: "Cancel Order" with its refund, on a paid order being made for the case.
  ...pageAction(
    '/admin',
    'refund-order',
    'order',
    ADMIN_WRITE,
    (world, owner) => ({
      orderId: world.objects[owner].orderAfterPaymentId,
      action: 'cancel',
      amount: '1',
      method: 'upi',
      reference: 'UTR612345678901',
    }),
    {
      prepare: orderAfterPayment('processing'),
      verify: orderStatusIs('cancelled', 'partly_refunded'),
    },
  ),
  // docs/requirements.md §24: "Approve Return" of a return asked of a delivered order.
  ...pageAction(
    '/admin',
    'decide-return',
    'return',
    ADMIN_WRITE,
    (world, owner) => ({
      orderId: world.objects[owner].orderAfterPaymentId,
      returnId: world.objects[owner].returnId,
      decision: 'approve',
      note: 'Post it to 4 Tripolia Bazar, Jaipur.',
    }),
    { prepare: orderAfterPayment('delivered', 'requested'), verify: returnStatusIs('approved') },
  ),
  // docs/requirements.md §24: "Record Refund" of an approved return.
  ...pageAction(
    '/admin',
    'refund-order',
    'approved return',
    ADMIN_WRITE,
    (world, owner) => ({
      orderId: world.objects[owner].orderAfterPaymentId,
      returnId: world.objects[owner].returnId,
      action: 'record-refund',
      amount: '1',
      method: 'upi',
      reference: 'UTR612345678902',
    }),
    {
      prepare: orderAfterPayment('delivered', 'approved'),
      verify: async (world, owner, actor) => {
        await orderStatusIs('delivered', 'partly_refunded')(world, owner, actor);
        await returnStatusIs('refunded')(world, owner, actor);
      },
    },
  ),
  ...pageAction(
    '/admin',
    'message-status',
    'contact message',
    ADMIN_WRITE,
    (world, owner) => ({ id: world.objects[owner].contactId, status: 'read' }),
    { prepare: restoreAdminTargets },
  ),
  ...pageAction(
    '/admin',
    'create-order',
    'quotation request',
    ADMIN_WRITE,
    (world, owner) => ({
      quotationId: world.objects[owner].quotationId,
      quantity: '1',
      unitPrice: '1500',
      shipping: '0',
      tax: '0',
      paymentMethod: 'upi',
      name: 'Asha Rao',
      ...addressForm('12 Lake Road'),
    }),
    {
      prepare: restoreAdminTargets,
      async verify(world, owner) {
        const orders = await world.sql(
          'select id from orders where user_id = $1 and quotation_request_id = $2',
          [world.objects[owner].userId, world.objects[owner].quotationId],
        );
        expect(orders.length, "the new order is in the requester's history").toBeGreaterThan(0);
      },
    },
  ),

  // docs/requirements.md §11: the owner's API & Webhooks page, its reads and every action.
  ...pageRead('/admin/api', 'API keys and webhooks', ADMIN_PAGE, {
    shows: (world) => [world.integrations.apiKeyName, world.integrations.endpointUrl],
  }),
  ...pageAction(
    '/admin/api',
    'create-api-key',
    'API keys',
    ADMIN_WRITE,
    () => ({ name: `MATRIX-KEY-${RUN}`, scopes: 'orders:read' }),
    {
      owners: ['A'],
      verify: rowsExist('select id from api_keys where name = $1', [`MATRIX-KEY-${RUN}`]),
    },
  ),
  ...pageAction(
    '/admin/api',
    'revoke-api-key',
    'API keys',
    ADMIN_WRITE,
    (world) => ({ keyId: world.integrations.apiKeyId }),
    {
      owners: ['A'],
      prepare: restoreIntegrations,
      verify: (world) =>
        rowsExist('select id from api_keys where id = $1 and revoked_at is not null', [
          world.integrations.apiKeyId,
        ])(world),
    },
  ),
  ...pageAction(
    '/admin/api',
    'create-webhook',
    'webhook endpoints',
    ADMIN_WRITE,
    // A public address (example.com's), for an event the matrix never makes: nothing is ever sent
    // to it. Documentation addresses such as 203.0.113.10 are refused since docs/requirements.md §11.
    () => ({ url: `https://93.184.215.14/matrix-${RUN}`, events: 'offer.expired' }),
    {
      owners: ['A'],
      verify: rowsExist('select id from webhook_endpoints where url = $1', [
        `https://93.184.215.14/matrix-${RUN}`,
      ]),
    },
  ),
  ...(
    [
      ['disable-webhook', 'enabled = false'],
      ['enable-webhook', 'enabled = true'],
      ['delete-webhook', 'false'],
    ] as const
  ).flatMap(([intent, after]) =>
    pageAction(
      '/admin/api',
      intent,
      'webhook endpoints',
      ADMIN_WRITE,
      (world) => ({ endpointId: world.integrations.endpointId }),
      {
        owners: ['A'],
        async prepare(world) {
          await restoreIntegrations(world);
          if (intent === 'enable-webhook') {
            await world.sql('update webhook_endpoints set enabled = false where id = $1', [
              world.integrations.endpointId,
            ]);
          }
        },
        async verify(world) {
          const rows = await world.sql(
            `select id from webhook_endpoints where id = $1 and (${after})`,
            [world.integrations.endpointId],
          );
          const gone = intent === 'delete-webhook';
          expect(rows.length, `${intent} took effect`).toBe(gone ? 0 : 1);
        },
      },
    ),
  ),
  ...pageAction(
    '/admin/api',
    'resend-delivery',
    'webhook endpoints',
    ADMIN_WRITE,
    (world) => ({ deliveryId: world.integrations.deliveryId }),
    {
      owners: ['A'],
      prepare: restoreIntegrations,
      verify: (world) =>
        rowsExist(
          `select id from pgboss.job where name = 'webhook-delivery' and data->>'deliveryId' = $1`,
          [world.integrations.deliveryId],
        )(world),
    },
  ),

  // docs/requirements.md §12: failed work and its Retry
  ...pageRead('/admin/jobs', 'failed mails and webhooks', ADMIN_PAGE, {
    shows: (world) => [world.integrations.endpointUrl],
  }),
  ...pageAction(
    '/admin/jobs',
    'retry-work',
    'failed mails and webhooks',
    ADMIN_WRITE,
    (world) => ({ kind: 'delivery', id: world.integrations.failedDeliveryId }),
    {
      owners: ['A'],
      prepare: restoreIntegrations,
      verify: (world) =>
        rowsExist(
          `select id from pgboss.job where name = 'webhook-delivery' and data->>'deliveryId' = $1`,
          [world.integrations.failedDeliveryId],
        )(world),
    },
  ),

  // docs/requirements.md §13: a mail a limit held, and the owner's Send Now
  ...pageAction(
    '/admin/jobs',
    'send-held-now',
    'failed mails and webhooks',
    ADMIN_WRITE,
    (world) => ({ id: world.integrations.heldMailId }),
    {
      owners: ['A'],
      prepare: holdAMail,
      // Released, it is delivered: waited for here, so it lands before the next denied case looks.
      verify: async (world) => {
        await world.mailWritten();
        expect(outboxMailsTo(world, heldMailAddress(world)), 'the held mail sent').toBeGreaterThan(
          0,
        );
      },
    },
  ),

  // docs/requirements.md §12: the owner's settings page and its one action.
  ...pageRead('/admin/settings', 'shop settings', ADMIN_PAGE, {
    shows: () => [SETTINGS_TERMS],
  }).map((operation) => ({ ...operation, owners: ['A'] as const, prepare: storeSettingsTerms })),
  ...pageAction(
    '/admin/settings',
    'save-settings',
    'shop settings',
    ADMIN_WRITE,
    () => ({ businessHours: `MATRIX-HOURS-${RUN}` }),
    {
      owners: ['A'],
      verify: rowsExist(
        `select key from shop_settings where key = 'businessHours' and value = $1`,
        [`MATRIX-HOURS-${RUN}`],
      ),
    },
  ),

  // docs/requirements.md §20: the owner's Searches page and its one action, a synonym added from a row.
  ...pageRead('/admin/searches', 'search counts', ADMIN_PAGE, {
    shows: () => [SEARCH_MARKER],
  }).map((operation) => ({ ...operation, owners: ['A'] as const, prepare: storeSearchCount })),
  ...pageAction(
    '/admin/searches',
    'add-synonym',
    'shop settings',
    ADMIN_WRITE,
    () => ({ group: 'new', words: `matrixvotive${RUN}, matrixtealight${RUN}` }),
    {
      owners: ['A'],
      verify: rowsExist(
        `select key from shop_settings where key = 'searchSynonyms' and value like $1`,
        [`%matrixvotive${RUN}, matrixtealight${RUN}%`],
      ),
    },
  ),

  // Writes: the product console and the media import (catalogue, no customer's rows).
  ...(
    [
      [
        'create-product',
        () => ({ name: 'HACKED product', price: '10', category: 'divine-artistry' }),
      ],
      ['update-product', () => ({ id: PRODUCT, name: 'HACKED', price: '10' })],
      ['delete-product', () => ({ id: PRODUCT })],
      ['add-media', () => ({ productId: PRODUCT, mediaUrl: 'https://example.com/hacked.jpg' })],
      ['update-media', (world) => ({ id: world.mediaId, altText: 'HACKED' })],
      ['delete-media', (world) => ({ id: world.mediaId })],
      ['set-primary', (world) => ({ id: world.mediaId })],
      ['move-media', (world) => ({ id: world.mediaId, direction: 'down' })],
    ] satisfies [string, (world: World) => Form][]
  ).flatMap(([intent, form]) =>
    pageAction(
      '/admin/product-media',
      intent,
      'catalogue',
      CONSOLE_WRITE_DOCUMENT,
      (world) => form(world),
      { owners: ['A'] },
      CONSOLE_WRITE,
    ),
  ),
  // docs/requirements.md §14: an upload from a visitor or a customer stores no file and adds no row
  // (the image is a real one, which the server would otherwise decode and store).
  ...(
    [
      ['/admin/product-media', CONSOLE_WRITE_DOCUMENT],
      ['/admin/product-media.data', CONSOLE_WRITE],
    ] as const
  ).map(([path, table]): Operation => ({
    name: `POST ${path} add-media with an image file`,
    object: 'catalogue',
    table,
    owners: ['A'],
    send: async (client) =>
      answerOf(
        await client.post(path, {
          multipart: {
            intent: 'add-media',
            productId: PRODUCT,
            altText: 'HACKED upload',
            file: { name: 'noise.png', mimeType: 'image/png', buffer: await UPLOAD_IMAGE },
          },
          maxRedirects: 0,
        }),
      ),
  })),
  {
    name: 'POST /admin/product-media/import',
    object: 'catalogue',
    table: CONSOLE_WRITE,
    owners: ['A'],
    send: async (client) =>
      answerOf(
        await client.post('/admin/product-media/import', {
          multipart: {
            file: {
              name: 'media.csv',
              mimeType: 'text/csv',
              buffer: Buffer.from(
                'product_id,media_url,media_type,alt_text,sort_order,is_primary\n' +
                  `${PRODUCT},https://example.com/hacked.jpg,image,HACKED,0,true\n`,
              ),
            },
          },
          maxRedirects: 0,
        }),
      ),
  },

  // Writes: identity endpoints that would touch another user's sessions, account or 2FA.
  authCall('/revoke-session', 'session', SWITCHED_OFF, (world, owner) => ({
    token: world.objects[owner].sessionTokens[0],
  })),
  authCall('/revoke-sessions', 'sessions', SWITCHED_OFF, () => ({})),
  authCall('/update-user', 'account', SWITCHED_OFF, (world, owner) => ({
    name: 'HACKED',
    userId: world.objects[owner].userId,
  })),
  authCall('/delete-user', 'account', SWITCHED_OFF, (world, owner) => ({
    password: world.objects[owner].password,
  })),
  authCall('/change-password', 'password', WITH_OWNERS_PASSWORD, (world, owner) => ({
    currentPassword: world.objects[owner].password,
    newPassword: 'Hacked#Pass1',
    revokeOtherSessions: true,
  })),
  authCall('/change-email', 'e-mail', WITH_OWNERS_PASSWORD, (world, owner) => ({
    newEmail: `stolen-${RUN}@example.com`,
    currentPassword: world.objects[owner].password,
  })),
  authCall('/two-factor/disable', 'two-factor settings', WITH_OWNERS_PASSWORD, (world, owner) => ({
    password: world.objects[owner].password,
  })),
  authCall('/two-factor/enable', 'two-factor settings', WITH_OWNERS_PASSWORD, (world, owner) => ({
    password: world.objects[owner].password,
  })),
  // docs/requirements.md §15: passkeys, the actor's own only (docs/decisions/022).
  {
    ...resourceRead('/api/auth/passkey/list-user-passkeys', 'passkey', {
      anonymous: deny(401),
      owner: allow(200),
      other: deny(200),
      admin: deny(200),
    }),
    shows: (world, owner) => [world.objects[owner].passkeyName],
  },
  resourceRead('/api/auth/passkey/generate-register-options', 'passkey', { anonymous: deny(401) }),
  authCall(
    '/passkey/delete-passkey',
    'passkey',
    { anonymous: deny(401), other: deny(401), admin: deny(401) },
    (world, owner) => ({ id: world.objects[owner].passkeyId }),
  ),
  authCall('/passkey/update-passkey', 'passkey', SWITCHED_OFF, (world, owner) => ({
    id: world.objects[owner].passkeyId,
    name: 'HACKED',
  })),
  authCall('/passkey/verify-registration', 'passkey', { anonymous: deny(401) }, () => ({
    response: { id: 'forged', rawId: 'forged', type: 'public-key', response: {} },
  })),
  ...pageAction(
    '/dashboard/security',
    'remove-passkey',
    'passkey',
    { anonymous: deny(302), other: deny(404), admin: deny(404) },
    (world, owner) => ({ passkeyId: world.objects[owner].passkeyId }),
  ),
  ...pageAction(
    '/dashboard/security',
    'change-password',
    'password',
    SECURITY_WITH_OWNERS_PASSWORD,
    (world, owner) => ({
      currentPassword: world.objects[owner].password,
      password: 'Hacked#Pass1',
      confirmPassword: 'Hacked#Pass1',
    }),
  ),
  ...pageAction(
    '/dashboard/security',
    'change-email',
    'e-mail',
    SECURITY_WITH_OWNERS_PASSWORD,
    (world, owner) => ({
      email: `stolen-${RUN}@example.com`,
      currentPassword: world.objects[owner].password,
    }),
  ),
  ...pageAction(
    '/dashboard/security',
    'disable-2fa',
    'two-factor settings',
    SECURITY_WITH_OWNERS_PASSWORD,
    (world, owner) => ({ currentPassword: world.objects[owner].password }),
  ),
  ...pageAction(
    '/dashboard/security',
    'enable-2fa',
    'two-factor settings',
    SECURITY_WITH_OWNERS_PASSWORD,
    (world, owner) => ({ currentPassword: world.objects[owner].password }),
  ),

  // Writes: the community forms on the owner's review and question.
  ...pageAction(`/product/${PRODUCT}`, 'helpful', 'review', SIGNED_IN_WRITE, (world, owner) => ({
    reviewId: world.objects[owner].reviewId,
  })),
  ...pageAction(
    `/product/${PRODUCT}`,
    'answer',
    'question (is_admin in the form)',
    SIGNED_IN_WRITE,
    (world, owner, actor) => ({
      questionId: world.objects[owner].questionId,
      answer: `ANSWER-${actor}-${RUN}`,
      isAdmin: 'true',
      is_admin: 'true',
    }),
    {
      async verify(world, owner, actor) {
        const answers = await world.sql<{ user_id: string; is_admin: boolean }>(
          'select user_id, is_admin from product_answers where answer = $1',
          [`ANSWER-${actor}-${RUN}`],
        );
        expect(answers.length).toBeGreaterThan(0);
        for (const answer of answers) {
          expect(answer.user_id).toBe(world.userIds[actor]);
          expect(answer.is_admin, 'only the admin answers as the shop').toBe(actor === 'admin');
        }
      },
    },
  ),
  // A forged unsubscribe link for the owner's address unsubscribes nobody.
  ...pageAction(
    '/newsletter/unsubscribe?token={forgedNewsletterToken}',
    'unsubscribe',
    'newsletter subscription',
    { anonymous: deny(200), owner: deny(200), other: deny(200), admin: deny(200) },
    () => ({}),
  ),
  // docs/requirements.md §15: the holder of the e-mail a guest's request names adds it to their account,
  // signed in and verified, with the request's key; nobody else can, and nothing changes.
  ...pageAction(
    '/quotes/{guestQuotationReference}?key={guestQuotationKey}',
    'add-to-account',
    'guest quotation',
    { anonymous: deny(401), owner: allow(200), other: deny(403), admin: deny(403) },
    () => ({}),
    {
      prepare: putGuestQuotationBack,
      // The page the key opens shows the request as the visitor wrote it: the owner's e-mail.
      named: (world, owner) => [world.objects[owner].email],
      verify: (world, owner) =>
        rowsExist('select id from quotation_requests where id = $1 and user_id = $2', [
          world.objects[owner].guestQuotationId,
          world.objects[owner].userId,
        ])(world),
    },
  ),
  // docs/requirements.md §21: the price-drop setting is the actor's own: the owner's user id in the form changes
  // nobody else's.
  ...pageAction(
    '/dashboard',
    'price-drop-alerts',
    'profile (user id in the form)',
    { anonymous: deny(401), other: deny(200), admin: deny(200) },
    (world, owner) => ({
      userId: world.objects[owner].userId,
      user_id: world.objects[owner].userId,
    }),
    { unchanged: 'owner' },
  ),
  // docs/requirements.md §21: the price-drop mail's unsubscribe link. A forged token shows no address and turns
  // nothing off (a newsletter token is refused too: server/flows/alert-price-drop.test.ts).
  ...pageRead('/price-drop-alerts/unsubscribe?token={forgedNewsletterToken}', 'profile', {
    anonymous: deny(200),
    owner: deny(200),
    other: deny(200),
    admin: deny(200),
  }),
  ...pageAction(
    '/price-drop-alerts/unsubscribe?token={forgedNewsletterToken}',
    'unsubscribe',
    'profile',
    { anonymous: deny(200), owner: deny(200), other: deny(200), admin: deny(200) },
    () => ({}),
  ),
];

/**
 * docs/requirements.md §15: the guest's request back as a visitor left it, and its owner's address
 * verified (an account owns its address, and may add what it names, once it is verified).
 */
async function putGuestQuotationBack(world: World, owner: Owner): Promise<void> {
  const objects = world.objects[owner];
  await world.sql('update users set email_verified = true where id = $1', [objects.userId]);
  await world.sql('update quotation_requests set user_id = null where id = $1', [
    objects.guestQuotationId,
  ]);
  // Adding it to the account ended its private links (docs/decisions/018, amended): the guest's
  // link is given back with the request, as the guest had it.
  await world.sql(
    'insert into quotation_access_keys (key_hash, quotation_request_id) values ($1, $2) on conflict do nothing',
    [
      createHash('sha256').update(objects.guestQuotationKey).digest('hex'),
      objects.guestQuotationId,
    ],
  );
}

interface MatrixCase {
  title: string;
  operation: Operation;
  actor: ActorName;
  owner: Owner;
  expectation: Expectation;
}

const cases: MatrixCase[] = operations
  .flatMap((operation) =>
    ACTORS.flatMap((actor) =>
      (operation.owners ?? OWNERS).flatMap((owner) => {
        const expectation = operation.table[roleOf(actor, owner)];
        if (!expectation) return [];
        const target =
          operation.object === 'catalogue' || SHOP_WIDE.includes(operation.object)
            ? `the ${operation.object}`
            : `${owner}'s ${operation.object}`;
        return [
          {
            title: `${actor} · ${operation.name} · ${target} → ${expectation.status} ${expectation.access}`,
            operation,
            actor,
            owner,
            expectation,
          },
        ];
      }),
    ),
  )
  // Allowed writes may delete or change a target: every denied case runs before them.
  .sort(
    (first, second) =>
      Number(first.expectation.access === 'allowed') -
      Number(second.expectation.access === 'allowed'),
  );

// --- the world the cases run in ------------------------------------------------------------

/** An allowed write left rows for this query. */
function rowsExist(query: string, values: unknown[]): (world: World) => Promise<void> {
  return async (world) => {
    const rows = await world.sql(query, values);
    expect(rows.length, query).toBeGreaterThan(0);
  };
}

/** docs/requirements.md §11: the set-up's API key (not revoked), endpoint (enabled) and delivery, back in place. */
async function restoreIntegrations(world: World): Promise<void> {
  const { apiKeyId, endpointId, endpointUrl, endpointSecret, deliveryId, failedDeliveryId } =
    world.integrations;
  await world.sql('update api_keys set revoked_at = null where id = $1', [apiKeyId]);
  await world.sql(
    `insert into webhook_endpoints (id, url, events, secret, enabled)
     values ($1, $2, '{offer.expired}', $3, true)
     on conflict (id) do update set enabled = true, disabled_at = null`,
    [endpointId, endpointUrl, endpointSecret],
  );
  await world.sql(
    `insert into webhook_deliveries (id, endpoint_id, event_type, payload, status, attempt_count)
     values ($1, $2, 'offer.expired', '{"type":"offer.expired","data":{}}', 'succeeded', 1)
     on conflict (id) do nothing`,
    [deliveryId, endpointId],
  );
  await world.sql(
    `insert into webhook_deliveries (id, endpoint_id, event_type, payload, status, attempt_count)
     values ($1, $2, 'offer.expired', '{"type":"offer.expired","data":{}}', 'failed', 8)
     on conflict (id) do nothing`,
    [failedDeliveryId, endpointId],
  );
}

/** docs/requirements.md §13: the address of the newsletter welcome the matrix holds. */
function heldMailAddress(world: World): string {
  return `held-${world.integrations.heldMailId.slice(0, 8)}@example.com`;
}

/** docs/requirements.md §13: a newsletter welcome its recipient's hourly limit held, back in place. */
async function holdAMail(world: World): Promise<void> {
  const address = heldMailAddress(world);
  await world.sql(
    `insert into pgboss.job (id, name, data) values ($1, 'mail-held', $2::jsonb)
     on conflict do nothing`,
    [
      world.integrations.heldMailId,
      JSON.stringify({
        kind: 'newsletter-welcome',
        email: address,
        cause: {
          by: 'stranger',
          address,
          purpose: 'newsletter-welcome',
          countedAt: 'delivery',
        },
        held: { address, perHour: 5, heldAt: new Date().toISOString() },
      }),
    ],
  );
}

/** docs/requirements.md §12: an activity entry about the owner's contact message, as marking it read records. */
async function recordActivityAbout(world: World, owner: Owner): Promise<void> {
  const { email, contactSubject } = world.objects[owner];
  const subject = `${email}: ${contactSubject}`;
  await world.sql(
    `insert into activity_log (actor_kind, actor_id, actor_name, kind, subject, summary, changes)
     select 'user', $1, 'Devika Admin', 'message.status', $2, $3,
            '[{"field":"status","before":"unread","after":"read"}]'::jsonb
     where not exists (select 1 from activity_log where subject = $2)`,
    [world.userIds.admin, subject, `Message from ${owner} marked read`],
  );
}

/** docs/requirements.md §12: offer terms only the settings page (and the offer composer) shows. */
async function storeSettingsTerms(world: World): Promise<void> {
  await world.sql(
    `insert into shop_settings (key, value) values ('offerTerms', $1)
     on conflict (key) do update set value = excluded.value`,
    [SETTINGS_TERMS],
  );
}

/** docs/requirements.md §20: a counted search of this week (as the server's buffer would write it). */
async function storeSearchCount(world: World): Promise<void> {
  await world.sql(
    `insert into search_counts (text, week, outcome, count)
     values ($1, date_trunc('week', now())::date, 'none', 3) on conflict do nothing`,
    [SEARCH_MARKER],
  );
}

/** Tables whose rows are not user data: request counters, signing keys, installation facts. */
const NOT_USER_DATA = ['rate_limit_counters', 'jwks', 'app_state'];

async function checksums(world: World, ownerId?: string): Promise<Record<string, string>> {
  const tables = ownerId ? [...world.ownedTables, 'users'] : world.userDataTables;
  const sources: RowSource[] = tables.map((name) => ({
    name,
    where: !ownerId ? undefined : name === 'users' ? 't.id = $1' : 't.user_id = $1',
  }));
  // docs/requirements.md §13: the mails held for the owner's Send Now are the shop's data too.
  if (!ownerId)
    sources.push({ name: 'held mails', table: 'pgboss.job', where: "t.name = 'mail-held'" });
  return tableDigests(world.sql, sources, ownerId ? [ownerId] : []);
}

/** How many of the outbox's mails go to `address`. */
function outboxMailsTo(world: World, address: string): number {
  return filesAndMail(world).mail.filter((name) =>
    readFileSync(path.join(world.dataDir, 'outbox', name), 'utf8').includes(`\nTo: ${address}`),
  ).length;
}

/** The stored media files and the outbox's mails, by name. */
function filesAndMail(world: World): { media: string[]; mail: string[] } {
  const namesIn = (directory: string) => {
    try {
      return readdirSync(path.join(world.dataDir, directory), { recursive: true })
        .map(String)
        .sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };
  return {
    media: namesIn('media'),
    mail: namesIn('outbox').filter((name) => name.endsWith('.eml')),
  };
}

/** The spare address and wishlist entry, back in place for the next case that deletes them. */
async function restoreSpares(world: World, owner: Owner): Promise<void> {
  const objects = world.objects[owner];
  await world.sql(
    `insert into addresses (id, user_id, title, street_address, city, state, postal_code, country)
     values ($1, $2, 'Spare', $3, 'Udaipur', 'Rajasthan', '313001', 'IN') on conflict do nothing`,
    [objects.spareAddressId, objects.userId, objects.spareStreet],
  );
  await world.sql(
    `insert into wishlist_items (id, user_id, product_id, price_when_added_minor)
     values ($1, $2, $3, 100000) on conflict do nothing`,
    [objects.spareWishlistId, objects.userId, objects.spareWishlistProductId],
  );
}

/** The owner's quotation, order and message, back to where the admin's actions start. */
async function restoreAdminTargets(world: World, owner: Owner): Promise<void> {
  const objects = world.objects[owner];
  await world.sql(`update quotation_requests set status = 'pending' where id = $1`, [
    objects.quotationId,
  ]);
  await world.sql(`update orders set status = 'pending', payment_status = null where id = $1`, [
    objects.orderId,
  ]);
  await world.sql(`update contact_messages set status = 'unread' where id = $1`, [
    objects.contactId,
  ]);
}

/**
 * A new paid order of the owner's, so that only who asks stands between it and its invoice: an
 * invoice is never withdrawn, and each form of the action (data and document) issues one.
 */
async function payOrder(world: World, owner: Owner): Promise<void> {
  world.objects[owner].orderToInvoiceId = await insertOrder(world.sql, {
    userId: world.objects[owner].userId,
    orderNumber: `ORD-TO-INVOICE-${owner}-${randomUUID().slice(0, 8)}`,
    paid: true,
  });
}

/** docs/requirements.md §24: a new paid order of the owner's being made, so that only who asks stands between it and its shipment. */
async function processOrder(world: World, owner: Owner): Promise<void> {
  const orderId = await insertOrder(world.sql, {
    userId: world.objects[owner].userId,
    orderNumber: `ORD-TO-SHIP-${owner}-${randomUUID().slice(0, 8)}`,
    paid: true,
  });
  await world.sql(`update orders set status = 'processing' where id = $1`, [orderId]);
  const [item] = await world.sql<{ id: string }>('select id from order_items where order_id = $1', [
    orderId,
  ]);
  world.objects[owner].orderToShipId = orderId;
  world.objects[owner].orderItemToShipId = item!.id;
}

/**
 * docs/requirements.md §24: the owner's one paid order after payment, made once and put back in `status` with
 * no refund or update, so that only who asks stands between it and the case's change (and the
 * orders list keeps the owner's own order on its first page).
 */
function orderAfterPayment(
  status: 'processing' | 'shipped' | 'delivered',
  /** docs/requirements.md §24: a return of its line, waiting for the owner's answer or for its refund. */
  openReturn?: 'requested' | 'approved',
) {
  return async (world: World, owner: Owner): Promise<void> => {
    const objects = world.objects[owner];
    if (!objects.orderAfterPaymentId) {
      objects.orderAfterPaymentId = await insertOrder(world.sql, {
        userId: objects.userId,
        orderNumber: `ORD-AFTER-PAYMENT-${owner}-${randomUUID().slice(0, 8)}`,
        paid: true,
      });
      const [item] = await world.sql<{ id: string }>(
        'select id from order_items where order_id = $1',
        [objects.orderAfterPaymentId],
      );
      objects.orderAfterPaymentItemId = item!.id;
    }
    const orderId = objects.orderAfterPaymentId;
    await world.sql('delete from order_returns where order_id = $1', [orderId]);
    await world.sql('delete from order_refunds where order_id = $1', [orderId]);
    await world.sql('delete from order_updates where order_id = $1', [orderId]);
    await world.sql(
      `update orders set status = $2, payment_status = 'paid',
         delivered_at = case when $2 = 'delivered' then now() else null end where id = $1`,
      [orderId, status],
    );
    if (openReturn) {
      const [row] = await world.sql<{ id: string }>(
        `insert into order_returns (order_id, status, reason, decision_note)
         values ($1, $2, 'Dented', case when $2 = 'approved' then 'Post it back.' end) returning id`,
        [orderId, openReturn],
      );
      objects.returnId = row!.id;
      await world.sql(
        'insert into order_return_items (return_id, order_item_id, quantity) values ($1, $2, 1)',
        [row!.id, objects.orderAfterPaymentItemId],
      );
    }
  };
}

/** An allowed return case left the case's return in this state. */
function returnStatusIs(status: string): NonNullable<Operation['verify']> {
  return async (world, owner) => {
    const returns = await world.sql<{ status: string }>(
      'select status from order_returns where order_id = $1',
      [world.objects[owner].orderAfterPaymentId],
    );
    expect(returns.map((row) => row.status)).toEqual([status]);
  };
}

/** An allowed order action left the case's order in this state. */
function orderStatusIs(status: string, paymentStatus?: string): NonNullable<Operation['verify']> {
  return async (world, owner) => {
    const [order] = await world.sql<{ status: string; payment_status: string }>(
      'select status, payment_status from orders where id = $1',
      [world.objects[owner].orderAfterPaymentId],
    );
    expect(order?.status).toBe(status);
    if (paymentStatus) expect(order?.payment_status).toBe(paymentStatus);
  };
}

/** The quotation id in the address of the owner's quotation page. */
function namedQuotation(world: World, owner: Owner): string[] {
  return [world.objects[owner].quotationId];
}

/** An allowed offer action left the owner's offers with these statuses, by version. */
function offerStatuses(expected: string[]): NonNullable<Operation['verify']> {
  return async (world, owner) => {
    const offers = await world.sql<{ status: string }>(
      'select status from quotation_offers where quotation_request_id = $1 order by version',
      [world.objects[owner].quotationId],
    );
    expect(offers.map((offer) => offer.status)).toEqual(expected);
  };
}

/** The offer composer's fields: one line, and the rest as the composer posts them. */
const OFFER_FORM: Form = {
  'lines[0].productId': PRODUCT,
  'lines[0].description': 'Lotus Urli',
  'lines[0].quantity': '2',
  'lines[0].unitPrice': '3400',
  shipping: '0',
  discount: '0',
  gstRate: '12',
  validUntil: '2099-12-31',
  leadTimeDays: '',
  terms: 'Half in advance.',
  note: '',
};

/** The owner's quotation with no offer yet, pending: where Save Draft and Send Offer start. */
async function withoutOffers(world: World, owner: Owner): Promise<void> {
  const { quotationId } = world.objects[owner];
  await world.sql('delete from quotation_offers where quotation_request_id = $1', [quotationId]);
  await restoreAdminTargets(world, owner);
}

/** The owner's quotation with one sent offer: where Revise Offer and Withdraw Offer start. */
async function withSentOffer(world: World, owner: Owner): Promise<void> {
  await withoutOffers(world, owner);
  await world.sql(
    `insert into quotation_offers (quotation_request_id, version, status, subtotal_minor,
                                   gst_rate_basis_points, gst_minor, total_minor, valid_until, sent_at)
     values ($1, 1, 'sent', 680000, 1200, 81600, 761600, '2099-12-31', now())`,
    [world.objects[owner].quotationId],
  );
}

const SHOP_URL = 'http://shop.test';

type MultipartValue = string | { name: string; mimeType: string; buffer: Buffer };

interface RequestOptions {
  form?: Record<string, string>;
  multipart?: Record<string, MultipartValue>;
  /** A JSON body. */
  data?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** 0 answers a redirect as it is; otherwise it is followed, as a browser's request would be. */
  maxRedirects?: number;
}

/**
 * One actor's side of the conversation: their cookies, kept from answer to answer as a browser
 * keeps them, and the shop's own Origin on every request.
 */
class ShopClient {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly app: Pick<ReturnType<typeof createHttpApp>, 'request'>) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(pathAndQuery: string, options: RequestOptions = {}): Promise<Response> {
    return this.send('GET', pathAndQuery, options);
  }

  post(pathAndQuery: string, options: RequestOptions = {}): Promise<Response> {
    return this.send('POST', pathAndQuery, options);
  }

  private async send(
    method: string,
    pathAndQuery: string,
    options: RequestOptions,
  ): Promise<Response> {
    const headers: Record<string, string> = { Origin: SHOP_URL, ...options.headers };
    let body: Uint8Array<ArrayBuffer> | undefined;
    if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new TextEncoder().encode(new URLSearchParams(options.form).toString());
    } else if (options.multipart) {
      const form = new FormData();
      for (const [name, value] of Object.entries(options.multipart)) {
        if (typeof value === 'string') form.append(name, value);
        else
          form.append(
            name,
            new Blob([new Uint8Array(value.buffer)], { type: value.mimeType }),
            value.name,
          );
      }
      const encoded = new Response(form);
      headers['Content-Type'] = encoded.headers.get('content-type') ?? '';
      body = new Uint8Array(await encoded.arrayBuffer());
    } else if (options.data) {
      headers['Content-Type'] = 'application/json';
      body = new TextEncoder().encode(JSON.stringify(options.data));
    }
    // As an HTTP client declares it: the shop reads a visitor's body only when it is small.
    if (body) headers['Content-Length'] = String(body.byteLength);
    let response = await this.exchange(method, pathAndQuery, headers, body);
    for (let hops = options.maxRedirects ?? 20; hops > 0; hops -= 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) break;
      const next = new URL(location, `${SHOP_URL}${pathAndQuery}`);
      response = await this.exchange('GET', `${next.pathname}${next.search}`, {
        Origin: SHOP_URL,
      });
    }
    return response;
  }

  private async exchange(
    method: string,
    pathAndQuery: string,
    headers: Record<string, string>,
    body?: Uint8Array<ArrayBuffer>,
  ): Promise<Response> {
    const cookie = this.cookieHeader;
    const response = await this.app.request(`${SHOP_URL}${pathAndQuery}`, {
      method,
      headers: cookie ? { ...headers, Cookie: cookie } : headers,
      body,
    });
    this.keepCookies(response);
    return response;
  }

  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const expired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.split('=');
        if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(setting) <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
/** The first chunk of the order events stream; the stream itself never ends. */
async function firstEvents(client: ShopClient): Promise<Answer> {
  const response = await client.get('/api/orders/events', { maxRedirects: 0 });
  if (!response.ok || !response.body)
    return { status: response.status, body: await response.text() };
  const reader = response.body.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return { status: response.status, body: new TextDecoder().decode(value) };
}

async function expectOk(response: Response, what: string): Promise<string> {
  const body = await response.text();
  expect(response.status, `${what}: ${body.slice(0, 300)}`).toBe(200);
  return body;
}

/** The current code of an authenticator app holding `secret` (base32). */
function totpCode(secret: string): Promise<string> {
  return createOTP(base32.decode(secret), { period: 30, digits: 6 }).totp();
}

/** A customer's order, written to the database as the shop's order system would. */
async function insertOrder(
  sql: World['sql'],
  values: { userId: string; orderNumber: string; paid?: boolean },
): Promise<string> {
  const [order] = await sql<{ id: string }>(
    `insert into orders (user_id, order_number, status, payment_status, payment_method, subtotal_minor,
                         total_amount_minor, shipping_amount_minor, tax_amount_minor, shipping_address)
     values ($1, $2, $3, $4, $5, 250000, 302400, 20000, 32400, $6) returning id`,
    [
      values.userId,
      values.orderNumber,
      values.paid ? 'confirmed' : 'pending',
      values.paid ? 'paid' : null,
      values.paid ? 'bank transfer' : null,
      JSON.stringify({
        name: 'Asha Rao',
        streetAddress: '12 Lake Road',
        city: 'Udaipur',
        state: 'Rajasthan',
        postalCode: '313001',
        country: 'IN',
      }),
    ],
  );
  await sql(
    `insert into order_items (order_id, product_id, product_name, quantity, unit_price_minor, total_price_minor)
     values ($1, 'lotus-urli', 'Lotus Urli', 2, 125000, 250000)`,
    [order!.id],
  );
  return order!.id;
}

async function signUp(client: ShopClient, email: string, password: string, name: string) {
  await expectOk(
    await client.post('/auth.data', {
      form: { intent: 'sign-up', email, password, confirmPassword: password, name },
    }),
    `sign-up of ${email}`,
  );
  // A sign-up does not sign in (docs/requirements.md §15: the address is not verified yet).
  await expectOk(
    await client.post('/auth.data', { form: { intent: 'sign-in', email, password } }),
    `sign-in of ${email}`,
  );
}

async function createObjectsOf(
  owner: Owner,
  client: ShopClient,
  sql: World['sql'],
  products: string[],
  visitor: ShopClient,
): Promise<Objects> {
  const tag = `${owner}-${RUN}`;
  const email = `${owner.toLowerCase()}-mail-${RUN}@example.com`;
  const password = PASSWORDS[owner];
  await signUp(client, email, password, 'Asha Rao');
  const [user] = await sql<{ id: string }>('select id from users where email = $1', [email]);
  const userId = user!.id;
  const digit = owner === 'A' ? '1' : '2';

  const displayName = `NAME-${tag}`;
  const phone = `+91 70${digit}00 ${RUN.replace(/\D/g, '').padEnd(5, '7').slice(0, 5)}`;
  await expectOk(
    await client.post('/dashboard.data', {
      form: { intent: 'update-profile', displayName, phone },
    }),
    'profile',
  );
  const street = `ADDR-${tag}`;
  const spareStreet = `SPARE-${tag}`;
  for (const streetAddress of [street, spareStreet]) {
    await expectOk(
      await client.post('/dashboard.data', {
        form: { intent: 'add-address', ...addressForm(streetAddress) },
      }),
      'address',
    );
  }
  const addressIdOf = async (streetAddress: string) =>
    (
      await sql<{ id: string }>('select id from addresses where street_address = $1', [
        streetAddress,
      ])
    )[0]!.id;

  const [wished, spareWished] = products;
  for (const productId of [wished!, spareWished!]) {
    await expectOk(await client.post('/wishlist.data', { form: { productId } }), 'wishlist');
  }
  const wishlistIdOf = async (productId: string) =>
    (
      await sql<{ id: string }>(
        'select id from wishlist_items where user_id = $1 and product_id = $2',
        [userId, productId],
      )
    )[0]!.id;

  const orderNumber = `ORD-${tag}`;
  const orderId = await insertOrder(sql, { userId, orderNumber });

  const quotationName = `QUOTE-${tag}`;
  const requested = await expectOk(
    await client.post(`/quote/${PRODUCT}.data`, {
      form: {
        quantity: '2',
        customerName: quotationName,
        customerMobile: '+91 98290 12345',
        customerEmail: email,
        customizationNotes: 'A matching pair, please.',
      },
    }),
    'quotation request',
  );
  const [quotation] = await sql<{ id: string }>(
    'select id from quotation_requests where customer_name = $1',
    [quotationName],
  );
  // docs/requirements.md §10: the answer carries the private link (its key is kept only as a hash).
  const [, quotationReference = '', quotationKey = ''] =
    /\/quotes\/(Q-\d{8}-\d{4,6})\?key=([A-Za-z0-9_-]+)/.exec(requested) ?? [];
  expect(quotationKey, "the private link in the request's answer").not.toBe('');
  // docs/requirements.md §15: a visitor names the owner's address; the request stays a guest's.
  const guestName = `VISITOR-${RUN}-${owner}`;
  const guestRequested = await expectOk(
    await visitor.post(`/quote/${PRODUCT}.data`, {
      form: {
        quantity: '1',
        customerName: guestName,
        customerMobile: '+91 98290 54321',
        customerEmail: email,
      },
    }),
    'guest quotation request',
  );
  const [guestQuotation] = await sql<{ id: string }>(
    'select id from quotation_requests where customer_name = $1 and user_id is null',
    [guestName],
  );
  const [, guestQuotationReference = '', guestQuotationKey = ''] =
    /\/quotes\/(Q-\d{8}-\d{4,6})\?key=([A-Za-z0-9_-]+)/.exec(guestRequested) ?? [];
  expect(guestQuotationKey, "the guest request's private link").not.toBe('');

  for (const form of [
    { intent: 'review', title: 'Lovely', content: `REVIEW-${tag}`, rating: '5' },
    { intent: 'question', question: `QUESTION-${tag}?` },
  ] as Form[]) {
    await expectOk(await client.post(`/product/${PRODUCT}.data`, { form }), String(form.intent));
  }
  const [review] = await sql<{ id: string }>('select id from reviews where content = $1', [
    `REVIEW-${tag}`,
  ]);
  const [question] = await sql<{ id: string }>(
    'select id from product_questions where question = $1',
    [`QUESTION-${tag}?`],
  );

  const contactSubject = `MSG-${tag}`;
  await expectOk(
    await client.post('/contact.data', {
      form: {
        name: 'Asha Rao',
        email,
        subject: contactSubject,
        message: 'Could you make the urli in white marble?',
      },
    }),
    'contact message',
  );
  const [contact] = await sql<{ id: string }>(
    'select id from contact_messages where subject = $1',
    [contactSubject],
  );

  const leadPhone = `90${digit}${RUN.replace(/\D/g, '').padEnd(7, '3').slice(0, 7)}`;
  await expectOk(
    await client.post('/welcome-lead', {
      form: { countryCode: '+91', phone: leadPhone, consent: 'on' },
    }),
    'call-back lead',
  );

  await expectOk(
    await client.post('/newsletter.data', { form: { email, source: 'footer' } }),
    'newsletter',
  );
  const someoneElsesSignature = unsubscribeToken(AUTH_SECRET, 'someone@example.com').split('.')[1];
  const forgedNewsletterToken = `${Buffer.from(email).toString('base64url')}.${someoneElsesSignature}`;

  const enrolment = await expectOk(
    await client.post('/dashboard/security.data', {
      form: { intent: 'enable-2fa', currentPassword: password },
    }),
    'two-factor enrolment',
  );
  const totpSecret = /"secret","([A-Z2-7]+)"/.exec(enrolment)?.[1] ?? '';
  expect(totpSecret, 'the enrolment shows the secret').not.toBe('');
  await expectOk(
    await client.post('/dashboard/security.data', {
      form: { intent: 'confirm-2fa', code: await totpCode(totpSecret) },
    }),
    'two-factor confirmation',
  );
  // docs/requirements.md §15: a passkey, stored as Better Auth stores one (adding it needs a browser's WebAuthn).
  const passkeyId = `PASSKEY-ID-${tag}`;
  const passkeyName = `PASSKEY-${tag}`;
  await sql(
    `insert into passkeys (id, name, public_key, user_id, credential_id, counter, device_type,
       backed_up, transports)
     values ($1, $2, $3, $4, $5, 0, 'singleDevice', false, 'internal')`,
    [passkeyId, passkeyName, randomBytes(77).toString('base64'), userId, `cred-${tag}`],
  );
  // Read after two-factor is on: turning it on replaces the session.
  const sessions = await sql<{ id: string; token: string }>(
    'select id, token from sessions where user_id = $1',
    [userId],
  );

  return {
    userId,
    email,
    password,
    displayName,
    phone,
    street,
    addressId: await addressIdOf(street),
    spareStreet,
    spareAddressId: await addressIdOf(spareStreet),
    wishlistId: await wishlistIdOf(wished!),
    spareWishlistId: await wishlistIdOf(spareWished!),
    spareWishlistProductId: spareWished!,
    orderId,
    orderNumber,
    // Set once the admin exists, who issues it.
    invoiceId: '',
    invoiceNumber: '',
    paidOrderId: '',
    shipmentId: '',
    orderToInvoiceId: '',
    orderToShipId: '',
    orderItemToShipId: '',
    orderAfterPaymentId: '',
    orderAfterPaymentItemId: '',
    returnId: '',
    quotationId: quotation!.id,
    quotationName,
    quotationReference,
    quotationKey,
    guestQuotationId: guestQuotation!.id,
    guestQuotationReference,
    guestQuotationKey,
    // Set once both owners' requests exist.
    foreignQuotationKey: '',
    reviewId: review!.id,
    questionId: question!.id,
    contactId: contact!.id,
    contactSubject,
    leadPhone,
    newsletterToken: unsubscribeToken(AUTH_SECRET, email),
    forgedNewsletterToken,
    totpSecret,
    passkeyId,
    passkeyName,
    sessionIds: sessions.map((session) => session.id),
    sessionTokens: sessions.map((session) => session.token),
  };
}

// --- the cases -----------------------------------------------------------------------------

describe(`authorisation matrix on ${testDatabaseKind}`, () => {
  let world: World;
  let database: TestDatabase;
  let jobs: JobWorker | null = null;
  let dataDir = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'authorisation-matrix-'));
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET,
      PUBLIC_URL: SHOP_URL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // Every actor comes from one address; the limits themselves are tested elsewhere.
      FORM_RATE_LIMIT: '100000',
      AUTH_RATE_LIMIT: '100000',
      SMS_PROVIDER: 'none',
    });
    const logger = createLogger('silent');
    const handle = database;
    const sql = async <T>(text: string, values: unknown[] = []): Promise<T[]> =>
      handle.driver.kind === 'pglite'
        ? (await handle.driver.client.query<T>(text, values)).rows
        : ((await handle.driver.pool.query(text, values)).rows as T[]);
    // As the server starts: the demo catalogue, then the worker that writes the outbox.
    await seedCatalog(database.db);
    // The owner's daily digest goes out at the first 10-minute tick that finds requests waiting
    // (docs/requirements.md §12): a mail no request caused, which a denied case would count as its
    // side effect.
    await sql(
      `insert into shop_settings (key, value) values ('dailyDigest', 'off')
       on conflict (key) do update set value = excluded.value`,
    );
    jobs = await startDeliveries({ database, config, logger });
    const app = createHttpApp({
      database,
      config,
      logger,
      build: await pageServerBuild(),
      mode: 'production',
      jobs,
    });
    const clients = Object.fromEntries(
      ACTORS.map((actor) => [actor, new ShopClient(app)]),
    ) as Record<ActorName, ShopClient>;

    const products = (
      await sql<{ id: string }>(
        'select id from products where published and id <> $1 order by id limit 2',
        [PRODUCT],
      )
    ).map((product) => product.id);
    const objects = {
      A: await createObjectsOf('A', clients.A, sql, products, clients.anonymous),
      B: await createObjectsOf('B', clients.B, sql, products, clients.anonymous),
    };
    objects.A.foreignQuotationKey = objects.B.quotationKey;
    objects.B.foreignQuotationKey = objects.A.quotationKey;
    const adminEmail = `admin-${RUN}@example.com`;
    await signUp(clients.admin, adminEmail, PASSWORDS.admin, 'Devika Admin');
    // As `npm run admin -- grant-admin` does, for the verified address the owner grants it to.
    await sql('update users set email_verified = true where lower(email) = lower($1)', [
      adminEmail,
    ]);
    await grantRole(database.db, commandLineOperator, { email: adminEmail, role: 'admin' });
    const [admin] = await sql<{ id: string }>('select id from users where email = $1', [
      adminEmail,
    ]);
    // docs/requirements.md §23: each owner's paid order with its tax invoice, issued by the admin.
    const adminActor = { userId: admin!.id, roles: ['admin' as const] };
    for (const owner of OWNERS) {
      const paidOrderId = await insertOrder(sql, {
        userId: objects[owner].userId,
        orderNumber: `ORD-PAID-${owner}-${RUN}`,
        paid: true,
      });
      const invoice = await issueInvoice(
        database.db,
        adminActor,
        { orderId: paidOrderId },
        siteDefaults,
        new Date(),
      );
      objects[owner].invoiceId = invoice.id;
      objects[owner].paidOrderId = paidOrderId;
      const shippedOrderId = await insertOrder(sql, {
        userId: objects[owner].userId,
        orderNumber: `ORD-SHIPPED-${owner}-${RUN}`,
        paid: true,
      });
      await sql(`update orders set status = 'processing' where id = $1`, [shippedOrderId]);
      const [shippedItem] = await sql<{ id: string }>(
        'select id from order_items where order_id = $1',
        [shippedOrderId],
      );
      const shipped = await shipOrder(
        database.db,
        adminActor,
        localMediaStorage(path.join(await mkdtemp(path.join(tmpdir(), 'matrix-media-')), 'media')),
        {
          orderId: shippedOrderId,
          shipment: {
            carrier: 'blue-dart',
            trackingNumber: '12345678901',
            dispatchedOn: '2026-11-30',
            boxes: '1',
            pieces: [{ orderItemId: shippedItem!.id, quantity: '2' }],
          },
          photos: [],
        },
        siteDefaults,
        new Date(),
      );
      objects[owner].shipmentId = shipped.shipment.id;
      objects[owner].invoiceNumber = invoice.number;
    }
    const [media] = await sql<{ id: string }>(
      'select id from product_media where product_id = $1 order by sort_order limit 1',
      [PRODUCT],
    );
    const integrations: Integrations = {
      apiKeyId: randomUUID(),
      apiKeyName: `SEED-KEY-${RUN}`,
      endpointId: randomUUID(),
      endpointUrl: `https://203.0.113.10/seed-${RUN}`,
      endpointSecret: `whsec_${randomBytes(24).toString('base64')}`,
      deliveryId: randomUUID(),
      failedDeliveryId: randomUUID(),
      heldMailId: randomUUID(),
    };
    await sql(
      `insert into api_keys (id, name, key_hash, key_start, scopes, created_by)
       values ($1, $2, $3, 'sk_shop_matrix', '{orders:read}', $4)`,
      [integrations.apiKeyId, integrations.apiKeyName, randomBytes(32).toString('hex'), admin!.id],
    );

    const tables = await sql<{ table_name: string }>(
      `select table_name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const owned = await sql<{ table_name: string }>(
      `select table_name from information_schema.columns
       where table_schema = 'public' and column_name = 'user_id' order by table_name`,
    );
    world = {
      url: SHOP_URL,
      dataDir,
      async mailWritten() {
        // The mails due, and the price-drop alerts that write them; a webhook's retries wait on
        // an address nobody answers and are no mail.
        const waiting = async () =>
          (
            await sql<{ waiting: number }>(
              `select count(*)::int as waiting from pgboss.job
               where name in ('mail', 'price-drop-alert')
                 and state in ('created', 'retry', 'active') and start_after <= now()`,
            )
          )[0]!.waiting;
        const deadline = Date.now() + 20_000;
        while ((await waiting()) > 0) {
          if (Date.now() > deadline) throw new Error('the worker left mail unwritten for 20 s');
          // The worker looks for jobs every second (server/modules/jobs).
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
      sql,
      clients,
      objects,
      userIds: { anonymous: '', A: objects.A.userId, B: objects.B.userId, admin: admin!.id },
      adminEmail,
      mediaId: media!.id,
      integrations,
      userDataTables: tables
        .map((table) => table.table_name)
        .filter((table) => !NOT_USER_DATA.includes(table)),
      ownedTables: owned.map((table) => table.table_name),
    };
    await restoreIntegrations(world);
    // The quotation confirmations of the set-up reach the outbox the denied cases watch: the
    // mail check looks where the worker writes.
    await world.mailWritten();
    expect(filesAndMail(world).mail.length, 'mail in DATA_DIR/outbox').toBeGreaterThan(0);
  }, 240_000);

  afterAll(async () => {
    try {
      await jobs?.stop();
    } finally {
      await database?.destroy();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }
  });

  for (const matrixCase of cases) {
    it(matrixCase.title, async () => {
      await runCase(matrixCase);
    });
  }
  async function runCase(matrixCase: MatrixCase) {
    const { operation, actor, owner, expectation } = matrixCase;
    await operation.prepare?.(world, owner);
    const scope = operation.unchanged === 'owner' ? world.objects[owner].userId : undefined;
    const denied = expectation.access === 'denied';
    // Only a denied case compares the tables after its answer; a checksum reads every one.
    const before = denied ? await checksums(world, scope) : {};
    const effectsBefore = filesAndMail(world);
    const answer = await operation.send(world.clients[actor], world, owner, actor);
    expect(answer.status, `answer: ${answer.body.slice(0, 300)}`).toBe(expectation.status);
    // docs/requirements.md §11: a webhook's signing secret is shown once, when it is made, and
    // never again.
    expect(answer.body, 'the signing secret in an answer').not.toContain(
      world.integrations.endpointSecret,
    );
    if (denied) {
      // The owner may of course see their own data around a denied answer (their e-mail in the
      // header); nobody else's may appear, so the owner's denied cases look for the other's.
      const strangers = OWNERS.filter((each) => each !== actor);
      const named = new Set(operation.named?.(world, owner) ?? []);
      const leaked = strangers.flatMap((stranger) =>
        privateMarkers(world.objects[stranger]).filter(
          (marker) => !named.has(marker) && answer.body.includes(marker),
        ),
      );
      expect(leaked, 'data of another customer in the answer').toEqual([]);
      expect(answer.body, 'the settings page’s data in the answer').not.toContain(SETTINGS_TERMS);
      expect(answer.body, 'the Searches page’s data in the answer').not.toContain(SEARCH_MARKER);
      expect(await checksums(world, scope), 'rows changed by a denied request').toEqual(before);
      // docs/requirements.md §14: nor a file stored or a mail sent. The worker writes what was
      // queued before the outbox is looked at; a mail queued after the answer would show in the
      // next denied case, which runs right after this one.
      await world.mailWritten();
      expect(filesAndMail(world), 'files stored or mail sent by a denied request').toEqual(
        effectsBefore,
      );
    } else {
      for (const marker of operation.shows?.(world, owner) ?? []) {
        expect(answer.body, `${owner}'s data in the answer`).toContain(marker);
      }
      await operation.verify?.(world, owner, actor);
    }
  }

  it(`the matrix holds ${cases.length} cases`, () => {
    const denied = cases.filter((each) => each.expectation.access === 'denied').length;
    console.log(
      `authorisation matrix: ${cases.length} cases (${denied} denied, ${cases.length - denied} allowed) over ${operations.length} operations`,
    );
    expect(cases.length).toBeGreaterThanOrEqual(400);
  });
});
