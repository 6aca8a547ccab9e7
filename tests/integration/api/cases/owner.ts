/**
 * docs/requirements.md §11: the owner's operations, each with what one call needs (made afresh per call), a text
 * of the row a denied caller must never read, and the row's state a denied call must leave as it
 * was (the matrix also counts every table's rows).
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import {
  contactMessages,
  productMedia,
  products,
  quotationMessages,
  quotationOffers,
  quotationRequests,
  orders,
  shopSettings,
} from '../../../../server/db/schema';
import type { Database } from '../../../../server/db/client';
import type { Actor } from '../../../../server/modules/actor';
import { createContactMessage } from '../../../../server/modules/contact';
import { createQuotationRequest, sendOffer } from '../../../../server/modules/quotations';
import { insertOrder, insertOrderItem, insertProduct } from '../../../factories';
import { aRequestedReturn, returnsOf, updatesOf } from './fulfilment';
import { apiCase, jsonBody, type ApiCase, type World } from './types';
import { DEFAULT_SHOP_TIME_ZONE } from '../../../../core/time/shop-calendar';

/** A day the offer holds until: two weeks on, whenever the tests run. */
function validUntil(now = new Date()): string {
  return new Date(now.getTime() + 14 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The composer's offer as an integration sends it: rupees as text, as the form posts them. */
export function offerBody(unitPrice = '1250.50', overrides: Record<string, unknown> = {}) {
  return {
    lines: [{ description: 'Marble lotus urli', quantity: 2, unitPrice }],
    shipping: '500',
    discount: '0',
    gstRate: '12',
    validUntil: validUntil(),
    leadTimeDays: 21,
    terms: '50% advance',
    ...overrides,
  };
}

/** Offer terms stored in Settings, a marker only the owner's settings answer may show. */
async function storedOfferTerms(db: Database): Promise<string> {
  const terms = `Terms ${randomUUID().slice(0, 8)}`;
  await db
    .insert(shopSettings)
    .values({ key: 'offerTerms', value: terms })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: terms } });
  return terms;
}

export function ownerActor(world: World): Actor {
  return { userId: world.ownerKey.userId!, roles: ['admin'] };
}

/** A guest's quotation request, named with a marker only its readers may see. */
export async function aQuotation(db: Database) {
  const marker = `Requester ${randomUUID().slice(0, 8)}`;
  const product = await insertProduct(db, { name: `Urli ${marker}` });
  const request = await createQuotationRequest(db, null, {
    productId: product.id,
    quantity: '2',
    customizationNotes: 'Polished, with a lotus border',
    customerName: marker,
    customerCompany: '',
    customerMobile: '+91 94140 55555',
    customerEmail: 'requester@example.com',
  });
  return { id: request.id, marker };
}

async function aQuotationWithOffer(world: World) {
  const quotation = await aQuotation(world.api.database.db);
  await sendOffer(
    world.api.database.db,
    ownerActor(world),
    { ...offerBody(), quotationId: quotation.id },
    new Date(),
    DEFAULT_SHOP_TIME_ZONE,
  );
  return quotation;
}

/** A pending order paid by UPI, waiting for the shop to confirm the payment. */
export async function anOrder(db: Database) {
  const marker = `Buyer ${randomUUID().slice(0, 8)}`;
  const order = await insertOrder(db, {
    status: 'pending',
    paymentMethod: 'upi',
    shippingAddress: {
      name: marker,
      streetAddress: '12 Temple Road',
      city: 'Jaipur',
      state: 'Rajasthan',
      postalCode: '302001',
      country: 'India',
    },
  });
  await insertOrderItem(db, { orderId: order.id, productName: 'Marble lotus urli' });
  return { id: order.id, marker };
}

/** docs/requirements.md §24: a paid order being made, of one catalogue piece (2 of it), ready to ship. */
export async function anOrderBeingMade(db: Database) {
  const marker = `Buyer ${randomUUID().slice(0, 8)}`;
  const product = await insertProduct(db, { hsnCode: '6802' });
  const order = await insertOrder(db, {
    status: 'processing',
    paymentStatus: 'paid',
    paymentMethod: 'upi',
    paymentId: 'UTR 4242',
    shippingAddress: {
      name: marker,
      streetAddress: '12 Temple Road',
      city: 'Jaipur',
      state: 'Rajasthan',
      postalCode: '302001',
      country: 'IN',
    },
    subtotalMinor: 300_000,
    taxAmountMinor: 36_000,
    totalAmountMinor: 336_000,
  });
  const item = await insertOrderItem(db, {
    orderId: order.id,
    productId: product.id,
    productName: 'Marble lotus urli',
    quantity: 2,
    unitPriceMinor: 150_000,
  });
  return { id: order.id, itemId: item.id, marker };
}

async function aMessage(db: Database) {
  const marker = `Writer ${randomUUID().slice(0, 8)}`;
  const message = await createContactMessage(db, null, {
    name: marker,
    email: 'writer@example.com',
    subject: 'A custom idol',
    message: 'Could you carve a 2 ft Ganesh in white marble?',
  });
  return { id: message.id, marker };
}

export function productBody(name: string, overrides: Record<string, unknown> = {}) {
  return {
    name,
    price: 1250.5,
    description: 'A hand-carved marble urli.',
    category: 'home',
    material: 'Marble',
    inStock: true,
    published: true,
    ...overrides,
  };
}

async function aProduct(db: Database) {
  const marker = `Unpublished ${randomUUID().slice(0, 8)}`;
  const product = await insertProduct(db, { name: marker, published: false });
  return { id: product.id, marker };
}

async function aProductWithMedia(db: Database) {
  const product = await aProduct(db);
  const [first, second] = await db
    .insert(productMedia)
    .values([
      {
        productId: product.id,
        mediaUrl: '/media/first.jpg',
        altText: product.marker,
        sortOrder: 0,
      },
      { productId: product.id, mediaUrl: '/media/second.jpg', sortOrder: 1, isPrimary: true },
    ])
    .returning();
  return { ...product, mediaId: first!.id, primaryId: second!.id };
}

const quotationRow = (db: Database, id: string) =>
  db
    .select({ status: quotationRequests.status, waiting: quotationRequests.awaitingReplySince })
    .from(quotationRequests)
    .where(eq(quotationRequests.id, id));
const offersOf = (db: Database, id: string) =>
  db
    .select({
      version: quotationOffers.version,
      status: quotationOffers.status,
      total: quotationOffers.totalMinor,
    })
    .from(quotationOffers)
    .where(eq(quotationOffers.quotationRequestId, id))
    .orderBy(asc(quotationOffers.version));
const mediaOf = (db: Database, productId: string) =>
  db
    .select()
    .from(productMedia)
    .where(eq(productMedia.productId, productId))
    .orderBy(asc(productMedia.sortOrder));

const owner = (scope: Parameters<World['keyWithout']>[0]) => ({ kind: 'owner', scope }) as const;

export const ownerCases: ApiCase[] = [
  // ---- quotations
  apiCase({
    operation: 'GET /admin/quotations',
    access: owner('quotations:read'),
    setup: ({ api }) => aQuotation(api.database.db),
    call: ({ api }, caller) => api.request('/api/v1/admin/quotations', { caller }),
    success: 200,
    privateMarker: (quotation) => quotation.marker,
  }),
  apiCase({
    operation: 'GET /admin/quotations/{id}',
    access: owner('quotations:read'),
    setup: ({ api }) => aQuotation(api.database.db),
    call: ({ api }, caller, quotation) =>
      api.request(`/api/v1/admin/quotations/${quotation.id}`, { caller }),
    success: 200,
    privateMarker: (quotation) => quotation.marker,
  }),
  apiCase({
    operation: 'PUT /admin/quotations/{id}/draft',
    access: owner('quotations:write'),
    setup: ({ api }) => aQuotation(api.database.db),
    call: ({ api }, caller, quotation) =>
      api.request(`/api/v1/admin/quotations/${quotation.id}/draft`, {
        method: 'PUT',
        caller,
        ...jsonBody(offerBody()),
      }),
    success: 200,
    state: ({ api }, quotation) => offersOf(api.database.db, quotation.id),
  }),
  apiCase({
    operation: 'POST /admin/quotations/{id}/offers',
    access: owner('quotations:write'),
    setup: ({ api }) => aQuotation(api.database.db),
    call: ({ api }, caller, quotation) =>
      api.request(`/api/v1/admin/quotations/${quotation.id}/offers`, {
        method: 'POST',
        caller,
        ...jsonBody(offerBody()),
      }),
    success: 201,
    state: async ({ api }, quotation) => ({
      request: await quotationRow(api.database.db, quotation.id),
      offers: await offersOf(api.database.db, quotation.id),
    }),
  }),
  apiCase({
    operation: 'POST /admin/quotations/{id}/offers/{version}/withdraw',
    access: owner('quotations:write'),
    setup: (world) => aQuotationWithOffer(world),
    call: ({ api }, caller, quotation) =>
      api.request(`/api/v1/admin/quotations/${quotation.id}/offers/1/withdraw`, {
        method: 'POST',
        caller,
      }),
    success: 200,
    state: ({ api }, quotation) => offersOf(api.database.db, quotation.id),
  }),
  apiCase({
    operation: 'POST /admin/quotations/{id}/messages',
    access: owner('quotations:write'),
    setup: ({ api }) => aQuotation(api.database.db),
    call: ({ api }, caller, quotation) =>
      api.request(`/api/v1/admin/quotations/${quotation.id}/messages`, {
        method: 'POST',
        caller,
        ...jsonBody({ body: 'We can do the lotus border; an offer follows today.' }),
      }),
    success: 201,
    state: async ({ api }, quotation) => ({
      request: await quotationRow(api.database.db, quotation.id),
      messages: await api.database.db
        .select({ id: quotationMessages.id })
        .from(quotationMessages)
        .where(eq(quotationMessages.quotationRequestId, quotation.id)),
    }),
  }),
  apiCase({
    operation: 'PATCH /admin/quotations/{id}',
    access: owner('quotations:write'),
    setup: ({ api }) => aQuotation(api.database.db),
    call: ({ api }, caller, quotation) =>
      api.request(`/api/v1/admin/quotations/${quotation.id}`, {
        method: 'PATCH',
        caller,
        ...jsonBody({ status: 'processing' }),
      }),
    success: 200,
    state: ({ api }, quotation) => quotationRow(api.database.db, quotation.id),
  }),
  apiCase({
    operation: 'POST /admin/quotations/{id}/orders',
    access: owner('orders:write'),
    setup: ({ api }) => aQuotation(api.database.db),
    call: ({ api }, caller, quotation) =>
      api.request(`/api/v1/admin/quotations/${quotation.id}/orders`, {
        method: 'POST',
        caller,
        ...jsonBody({
          quantity: 2,
          unitPrice: 1250.5,
          shipping: 500,
          tax: 0,
          paymentMethod: 'upi',
          name: 'Meera Shah',
          streetAddress: '12 Temple Road',
          city: 'Jaipur',
          state: 'Rajasthan',
          postalCode: '302001',
          country: 'India',
        }),
      }),
    success: 201,
    state: ({ api }, quotation) => quotationRow(api.database.db, quotation.id),
  }),
  // ---- orders
  apiCase({
    operation: 'GET /admin/orders',
    access: owner('orders:read'),
    setup: ({ api }) => anOrder(api.database.db),
    call: ({ api }, caller) => api.request('/api/v1/admin/orders', { caller }),
    success: 200,
    privateMarker: (order) => order.marker,
  }),
  apiCase({
    operation: 'GET /admin/orders/{id}',
    access: owner('orders:read'),
    setup: ({ api }) => anOrder(api.database.db),
    call: ({ api }, caller, order) => api.request(`/api/v1/admin/orders/${order.id}`, { caller }),
    success: 200,
    privateMarker: (order) => order.marker,
  }),
  apiCase({
    operation: 'POST /admin/orders/{id}/actions',
    access: owner('orders:write'),
    setup: ({ api }) => anOrder(api.database.db),
    call: ({ api }, caller, order) =>
      api.request(`/api/v1/admin/orders/${order.id}/actions`, {
        method: 'POST',
        caller,
        ...jsonBody({ action: 'confirm-payment', paymentReference: 'UTR 4242' }),
      }),
    success: 200,
    privateMarker: (order) => order.marker,
    state: ({ api }, order) =>
      api.database.db
        .select({
          status: orders.status,
          paymentStatus: orders.paymentStatus,
          paymentId: orders.paymentId,
        })
        .from(orders)
        .where(eq(orders.id, order.id)),
  }),
  apiCase({
    operation: 'POST /admin/orders/{id}/shipments',
    access: owner('orders:write'),
    setup: ({ api }) => anOrderBeingMade(api.database.db),
    call: ({ api }, caller, order) =>
      api.request(`/api/v1/admin/orders/${order.id}/shipments`, {
        method: 'POST',
        caller,
        ...jsonBody({
          carrier: 'blue-dart',
          trackingNumber: '12345678901',
          dispatchedOn: '2026-11-30',
          boxes: 1,
          pieces: [{ orderItemId: order.itemId, quantity: 1 }],
        }),
      }),
    success: 201,
    privateMarker: (order) => order.marker,
    state: ({ api }, order) =>
      api.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)),
  }),
  apiCase({
    operation: 'POST /admin/orders/{id}/refunds',
    access: owner('orders:write'),
    setup: ({ api }) => anOrderBeingMade(api.database.db),
    call: ({ api }, caller, order) =>
      api.request(`/api/v1/admin/orders/${order.id}/refunds`, {
        method: 'POST',
        caller,
        ...jsonBody({
          action: 'cancel',
          amount: '3360',
          method: 'upi',
          reference: 'UTR612345678901',
        }),
      }),
    success: 201,
    privateMarker: () => 'UTR612345678901',
    state: ({ api }, order) =>
      api.database.db
        .select({ status: orders.status, paymentStatus: orders.paymentStatus })
        .from(orders)
        .where(eq(orders.id, order.id)),
  }),
  // docs/requirements.md §24: the answer to a buyer's return, and a making-of update
  apiCase({
    operation: 'POST /admin/orders/{id}/returns/{returnId}/decision',
    access: owner('orders:write'),
    setup: (world) => aRequestedReturn(world.api.database.db, world.customerA.userId!),
    call: ({ api }, caller, order) =>
      api.request(`/api/v1/admin/orders/${order.id}/returns/${order.returnId}/decision`, {
        method: 'POST',
        caller,
        ...jsonBody({ decision: 'approve', note: 'Send them to 4 Tripolia Bazar, Jaipur 302002.' }),
      }),
    success: 200,
    privateMarker: (order) => order.reason,
    state: ({ api }, order) => returnsOf(api.database.db, order.id),
  }),
  apiCase({
    operation: 'POST /admin/orders/{id}/production-updates',
    access: owner('orders:write'),
    setup: ({ api }) => anOrderBeingMade(api.database.db),
    call: ({ api }, caller, order) =>
      api.request(`/api/v1/admin/orders/${order.id}/production-updates`, {
        method: 'POST',
        caller,
        ...jsonBody({ note: 'The carving is done; polishing next.' }),
      }),
    success: 201,
    privateMarker: (order) => order.marker,
    state: ({ api }, order) => updatesOf(api.database.db, order.id),
  }),
  // ---- the shop's settings (docs/requirements.md §12)
  apiCase({
    operation: 'GET /admin/settings',
    access: owner('settings:write'),
    setup: ({ api }) => storedOfferTerms(api.database.db),
    call: ({ api }, caller) => api.request('/api/v1/admin/settings', { caller }),
    success: 200,
    privateMarker: (terms) => terms,
  }),
  apiCase({
    operation: 'PATCH /admin/settings',
    access: owner('settings:write'),
    call: ({ api }, caller) =>
      api.request('/api/v1/admin/settings', {
        method: 'PATCH',
        caller,
        ...jsonBody({ phone: `+91 ${String(Date.now()).slice(-10)}` }),
      }),
    success: 200,
    state: ({ api }) =>
      api.database.db
        .select({ key: shopSettings.key, value: shopSettings.value })
        .from(shopSettings)
        .orderBy(asc(shopSettings.key)),
  }),
  // ---- contact messages (the quotations scopes: docs/api.md)
  apiCase({
    operation: 'GET /admin/messages',
    access: owner('quotations:read'),
    setup: ({ api }) => aMessage(api.database.db),
    call: ({ api }, caller) => api.request('/api/v1/admin/messages', { caller }),
    success: 200,
    privateMarker: (message) => message.marker,
  }),
  apiCase({
    operation: 'PATCH /admin/messages/{id}',
    access: owner('quotations:write'),
    setup: ({ api }) => aMessage(api.database.db),
    call: ({ api }, caller, message) =>
      api.request(`/api/v1/admin/messages/${message.id}`, {
        method: 'PATCH',
        caller,
        ...jsonBody({ status: 'read' }),
      }),
    success: 200,
    state: ({ api }, message) =>
      api.database.db
        .select({ status: contactMessages.status })
        .from(contactMessages)
        .where(eq(contactMessages.id, message.id)),
  }),
  // ---- products and media
  apiCase({
    operation: 'POST /admin/products',
    access: owner('catalogue:write'),
    setup: async () => ({ name: `API Urli ${randomUUID().slice(0, 8)}` }),
    call: ({ api }, caller, fixture) =>
      api.request('/api/v1/admin/products', {
        method: 'POST',
        caller,
        ...jsonBody(productBody(fixture.name)),
      }),
    success: 201,
    state: ({ api }, fixture) =>
      api.database.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.name, fixture.name)),
  }),
  apiCase({
    operation: 'PUT /admin/products/{id}',
    access: owner('catalogue:write'),
    setup: ({ api }) => aProduct(api.database.db),
    call: ({ api }, caller, product) =>
      api.request(`/api/v1/admin/products/${product.id}`, {
        method: 'PUT',
        caller,
        ...jsonBody(productBody(`${product.marker} renamed`, { published: false })),
      }),
    success: 200,
    state: ({ api }, product) =>
      api.database.db.select().from(products).where(eq(products.id, product.id)),
  }),
  apiCase({
    operation: 'DELETE /admin/products/{id}',
    access: owner('catalogue:write'),
    setup: ({ api }) => aProductWithMedia(api.database.db),
    call: ({ api }, caller, product) =>
      api.request(`/api/v1/admin/products/${product.id}`, { method: 'DELETE', caller }),
    success: 204,
    state: async ({ api }, product) => ({
      product: await api.database.db.select().from(products).where(eq(products.id, product.id)),
      media: await mediaOf(api.database.db, product.id),
    }),
  }),
  apiCase({
    operation: 'POST /admin/products/{id}/media',
    access: owner('catalogue:write'),
    setup: ({ api }) => aProductWithMedia(api.database.db),
    call: ({ api }, caller, product) =>
      api.request(`/api/v1/admin/products/${product.id}/media`, {
        method: 'POST',
        caller,
        ...jsonBody({ mediaUrl: 'https://images.example.com/urli.jpg', isPrimary: true }),
      }),
    success: 201,
    state: ({ api }, product) => mediaOf(api.database.db, product.id),
  }),
  apiCase({
    operation: 'PUT /admin/media/{id}',
    access: owner('catalogue:write'),
    setup: ({ api }) => aProductWithMedia(api.database.db),
    call: ({ api }, caller, product) =>
      api.request(`/api/v1/admin/media/${product.mediaId}`, {
        method: 'PUT',
        caller,
        ...jsonBody({ mediaUrl: '/media/first-retouched.jpg', altText: 'Retouched' }),
      }),
    success: 200,
    privateMarker: (product) => product.marker,
    state: ({ api }, product) => mediaOf(api.database.db, product.id),
  }),
  apiCase({
    operation: 'DELETE /admin/media/{id}',
    access: owner('catalogue:write'),
    setup: ({ api }) => aProductWithMedia(api.database.db),
    call: ({ api }, caller, product) =>
      api.request(`/api/v1/admin/media/${product.mediaId}`, { method: 'DELETE', caller }),
    success: 204,
    state: ({ api }, product) => mediaOf(api.database.db, product.id),
  }),
  apiCase({
    operation: 'POST /admin/media/{id}/primary',
    access: owner('catalogue:write'),
    setup: ({ api }) => aProductWithMedia(api.database.db),
    call: ({ api }, caller, product) =>
      api.request(`/api/v1/admin/media/${product.mediaId}/primary`, { method: 'POST', caller }),
    success: 204,
    state: ({ api }, product) => mediaOf(api.database.db, product.id),
  }),
  apiCase({
    operation: 'POST /admin/media-import',
    access: owner('catalogue:write'),
    setup: ({ api }) => aProductWithMedia(api.database.db),
    call: ({ api }, caller, product) =>
      api.request('/api/v1/admin/media-import', {
        method: 'POST',
        caller,
        headers: { 'Content-Type': 'text/csv' },
        body: [
          'product_id,media_url,media_type,alt_text,sort_order,is_primary',
          `${product.id},https://images.example.com/imported.jpg,image,Imported,0,true`,
        ].join('\n'),
      }),
    success: 200,
    state: ({ api }) => api.database.db.select().from(productMedia).orderBy(asc(productMedia.id)),
  }),
];
