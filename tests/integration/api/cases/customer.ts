/**
 * The customer's API operations (docs/requirements.md §11): each on customer A's own row, made fresh per call.
 * Customer B gets 404 for A's row; an operation on the caller's own list or account answers B
 * with B's own ('own-view'), which must never show A's private text.
 */
import { updateProfile } from '../../../../server/flows/update-profile';
import { randomInt, randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  addresses,
  orders,
  quotationMessages,
  quotationOffers,
  quotationRequests,
  webhookDeliveries,
  wishlistItems,
} from '../../../../server/db/schema';
import { submitPaymentReference } from '../../../../server/flows/submit-payment-reference';
import { JOB_SCHEMA } from '../../../../server/modules/jobs';
import { createWebhookEndpoint } from '../../../../server/modules/webhooks';
import type { Actor } from '../../../../server/modules/actor';
import { addToWishlist, createAddress, getProfile } from '../../../../server/modules/account';
import { askQuestion } from '../../../../server/modules/questions';
import { createQuotationRequest, sendOffer } from '../../../../server/modules/quotations';
import { insertOrder, insertOrderItem, insertProduct } from '../../../factories';
import type { Caller } from '../../../support/api-harness';
import { aDeliveredOrder, returnBody, returnsOf } from './fulfilment';
import { apiCase, jsonBody, type ApiCase, type World } from './types';
import { acceptOffer } from '../../../../server/flows/accept-offer';
import { DEFAULT_SHOP_TIME_ZONE } from '../../../../core/time/shop-calendar';

const customer = { kind: 'customer' } as const;
const fixtureOwner: Actor = { userId: 'api-customer-cases-owner', roles: ['admin'] };

export const actorOf = (caller: Caller): Actor => ({ userId: caller.userId!, roles: [] });

const marker = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;

export const addressForm = {
  title: 'Home',
  streetAddress: '12 Lake Road',
  apartment: '',
  city: 'Udaipur',
  state: 'Rajasthan',
  postalCode: '313001',
  country: 'India',
};

/** The shop day two weeks from now, so the offer is open whatever the test's date. */
function validUntilInTwoWeeks(now: Date): string {
  return new Date(now.getTime() + 14 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Customer A's quotation request with an offer the shop sent (v1). */
export async function quotationOfA(world: World, options: { offerSent?: boolean } = {}) {
  const { db } = world.api.database;
  const now = new Date();
  const notes = marker('Private carving notes');
  const product = await insertProduct(db, { name: marker('Quoted Urli') });
  const request = await createQuotationRequest(db, actorOf(world.customerA), {
    productId: product.id,
    quantity: '2',
    customizationNotes: notes,
    customerName: 'Customer A',
    customerMobile: '+91 94140 55555',
    customerEmail: '',
  });
  if (options.offerSent !== false) {
    await sendOffer(
      db,
      fixtureOwner,
      {
        quotationId: request.id,
        lines: [
          { productId: '', description: 'Marble lotus urli', quantity: '2', unitPrice: '10000' },
        ],
        shipping: '500',
        discount: '0',
        gstRate: '12',
        validUntil: validUntilInTwoWeeks(now),
        leadTimeDays: '21',
        terms: '50% advance',
        note: '',
      },
      now,
      DEFAULT_SHOP_TIME_ZONE,
    );
  }
  return { id: request.id, reference: request.reference, notes };
}

/** An integration of the shop's owner following `order.payment_reference`, once per world. */
const following = new WeakMap<World, Promise<unknown>>();
function followedPaymentReferences(world: World): Promise<unknown> {
  let made = following.get(world);
  if (!made) {
    made = createWebhookEndpoint(
      world.api.database.db,
      { userId: world.ownerKey.userId!, roles: ['admin'] },
      { url: 'http://127.0.0.1:9/hooks', events: ['order.payment_reference'] },
      { allowPrivate: true, requireHttps: false },
    );
    following.set(world, made);
  }
  return made;
}

export const acceptBody = {
  paymentMethod: 'upi',
  name: 'Customer A',
  streetAddress: '12 Lake Road',
  city: 'Udaipur',
  state: 'Rajasthan',
  postalCode: '313001',
  country: 'India',
};

async function offerState(world: World, quotationId: string) {
  const { db } = world.api.database;
  const offers = await db
    .select({ version: quotationOffers.version, status: quotationOffers.status })
    .from(quotationOffers)
    .where(eq(quotationOffers.quotationRequestId, quotationId));
  const [made] = await db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.quotationRequestId, quotationId));
  const [request] = await db
    .select({ status: quotationRequests.status })
    .from(quotationRequests)
    .where(eq(quotationRequests.id, quotationId));
  return { offers, orders: made?.n, status: request?.status };
}

async function threadLength(world: World, quotationId: string) {
  const [row] = await world.api.database.db
    .select({ n: count() })
    .from(quotationMessages)
    .where(eq(quotationMessages.quotationRequestId, quotationId));
  return row?.n;
}

async function addressRow(world: World, id: string) {
  return world.api.database.db.select().from(addresses).where(eq(addresses.id, id));
}

/** A 12-digit UTR no other order holds (the module refuses one used twice). */
const freshUtr = () => String(randomInt(100_000_000_000, 999_999_999_999));

export const customerCases: ApiCase[] = [
  // ---------------------------------------------------------------------------------------------
  // Profile
  apiCase({
    operation: 'GET /me',
    access: customer,
    setup: async (world) => {
      const displayName = marker('Asha Private');
      await updateProfile(world.api.database.db, actorOf(world.customerA), {
        displayName,
        phone: '',
      });
      return { displayName };
    },
    call: ({ api }, caller) => api.request('/api/v1/me', { caller }),
    success: 200,
    otherCustomer: 'own-view',
    privateMarker: (fixture) => fixture.displayName,
  }),
  apiCase({
    operation: 'PATCH /me',
    access: customer,
    setup: async () => ({ phone: `+91 98290 ${randomInt(10_000, 99_999)}` }),
    call: ({ api }, caller, fixture) =>
      api.request('/api/v1/me', { method: 'PATCH', caller, ...jsonBody({ phone: fixture.phone }) }),
    success: 200,
    otherCustomer: 'own-view',
    state: (world) => getProfile(world.api.database.db, actorOf(world.customerA)),
  }),

  // ---------------------------------------------------------------------------------------------
  // Addresses
  apiCase({
    operation: 'GET /me/addresses',
    access: customer,
    setup: async (world) =>
      createAddress(world.api.database.db, actorOf(world.customerA), {
        ...addressForm,
        streetAddress: marker('Private Street'),
      }),
    call: ({ api }, caller) => api.request('/api/v1/me/addresses', { caller }),
    success: 200,
    otherCustomer: 'own-view',
    privateMarker: (address) => address.streetAddress,
  }),
  apiCase({
    operation: 'POST /me/addresses',
    access: customer,
    call: ({ api }, caller) =>
      api.request('/api/v1/me/addresses', { method: 'POST', caller, ...jsonBody(addressForm) }),
    success: 201,
    otherCustomer: 'own-view',
    state: async (world) =>
      world.api.database.db
        .select({ n: count() })
        .from(addresses)
        .where(eq(addresses.userId, world.customerA.userId!)),
  }),
  apiCase({
    operation: 'PATCH /me/addresses/{id}',
    access: customer,
    setup: async (world) =>
      createAddress(world.api.database.db, actorOf(world.customerA), {
        ...addressForm,
        streetAddress: marker('Private Street'),
      }),
    call: ({ api }, caller, address) =>
      api.request(`/api/v1/me/addresses/${address.id}`, {
        method: 'PATCH',
        caller,
        ...jsonBody({ ...addressForm, streetAddress: '99 Changed Road' }),
      }),
    success: 200,
    otherCustomer: 'not-found',
    privateMarker: (address) => address.streetAddress,
    state: (world, address) => addressRow(world, address.id),
  }),
  apiCase({
    operation: 'DELETE /me/addresses/{id}',
    access: customer,
    setup: async (world) =>
      createAddress(world.api.database.db, actorOf(world.customerA), {
        ...addressForm,
        streetAddress: marker('Private Street'),
      }),
    call: ({ api }, caller, address) =>
      api.request(`/api/v1/me/addresses/${address.id}`, { method: 'DELETE', caller }),
    success: 204,
    otherCustomer: 'not-found',
    privateMarker: (address) => address.streetAddress,
    state: (world, address) => addressRow(world, address.id),
  }),

  // ---------------------------------------------------------------------------------------------
  // Wishlist
  apiCase({
    operation: 'GET /me/wishlist',
    access: customer,
    setup: async (world) => {
      const product = await insertProduct(world.api.database.db, { name: marker('Saved Lamp') });
      await addToWishlist(world.api.database.db, actorOf(world.customerA), {
        productId: product.id,
      });
      return product;
    },
    call: ({ api }, caller) => api.request('/api/v1/me/wishlist', { caller }),
    success: 200,
    otherCustomer: 'own-view',
    privateMarker: (product) => product.name,
  }),
  apiCase({
    operation: 'PUT /me/wishlist/{productId}',
    access: customer,
    setup: async (world) => insertProduct(world.api.database.db, { name: marker('Wished Bowl') }),
    call: ({ api }, caller, product) =>
      api.request(`/api/v1/me/wishlist/${product.id}`, { method: 'PUT', caller }),
    success: 200,
    otherCustomer: 'own-view',
    state: async (world, product) =>
      world.api.database.db
        .select({ id: wishlistItems.id })
        .from(wishlistItems)
        .where(eq(wishlistItems.productId, product.id)),
  }),
  apiCase({
    operation: 'DELETE /me/wishlist/{productId}',
    access: customer,
    setup: async (world) => {
      const product = await insertProduct(world.api.database.db, { name: marker('Saved Lamp') });
      await addToWishlist(world.api.database.db, actorOf(world.customerA), {
        productId: product.id,
      });
      return product;
    },
    call: ({ api }, caller, product) =>
      api.request(`/api/v1/me/wishlist/${product.id}`, { method: 'DELETE', caller }),
    success: 204,
    otherCustomer: 'not-found',
    state: async (world, product) =>
      world.api.database.db
        .select({ id: wishlistItems.id })
        .from(wishlistItems)
        .where(
          and(
            eq(wishlistItems.productId, product.id),
            eq(wishlistItems.userId, world.customerA.userId!),
          ),
        ),
  }),

  // ---------------------------------------------------------------------------------------------
  // Orders
  apiCase({
    operation: 'GET /me/orders',
    access: customer,
    setup: async (world) =>
      insertOrder(world.api.database.db, {
        userId: world.customerA.userId!,
        orderNumber: marker('ORD-PRIVATE').replace(' ', '-'),
      }),
    call: ({ api }, caller) => api.request('/api/v1/me/orders', { caller }),
    success: 200,
    otherCustomer: 'own-view',
    privateMarker: (order) => order.orderNumber,
  }),
  apiCase({
    operation: 'GET /me/orders/{id}',
    access: customer,
    setup: async (world) => {
      const order = await insertOrder(world.api.database.db, {
        userId: world.customerA.userId!,
        orderNumber: marker('ORD-PRIVATE').replace(' ', '-'),
      });
      await insertOrderItem(world.api.database.db, {
        orderId: order.id,
        productName: marker('Private Piece'),
      });
      return order;
    },
    call: ({ api }, caller, order) => api.request(`/api/v1/me/orders/${order.id}`, { caller }),
    success: 200,
    otherCustomer: 'not-found',
    privateMarker: (order) => order.orderNumber,
  }),

  // docs/requirements.md §24: "Request a Return" of A's delivered order
  apiCase({
    operation: 'POST /me/orders/{id}/returns',
    access: customer,
    setup: (world) => aDeliveredOrder(world.api.database.db, world.customerA.userId!),
    call: ({ api }, caller, order) =>
      api.request(`/api/v1/me/orders/${order.id}/returns`, {
        method: 'POST',
        caller,
        ...jsonBody(returnBody(order.diya.id)),
      }),
    success: 201,
    otherCustomer: 'not-found',
    privateMarker: (order) => order.diya.name,
    state: (world, order) => returnsOf(world.api.database.db, order.id),
  }),

  // ---------------------------------------------------------------------------------------------
  // Quotations
  apiCase({
    operation: 'GET /me/quotations',
    access: customer,
    setup: (world) => quotationOfA(world),
    call: ({ api }, caller) => api.request('/api/v1/me/quotations', { caller }),
    success: 200,
    otherCustomer: 'own-view',
    privateMarker: (quotation) => quotation.reference,
  }),
  apiCase({
    operation: 'GET /me/quotations/{reference}',
    access: customer,
    setup: (world) => quotationOfA(world),
    call: ({ api }, caller, quotation) =>
      api.request(`/api/v1/me/quotations/${quotation.reference}`, { caller }),
    success: 200,
    otherCustomer: 'not-found',
    privateMarker: (quotation) => quotation.notes,
  }),
  apiCase({
    operation: 'POST /me/quotations/{reference}/messages',
    access: customer,
    setup: (world) => quotationOfA(world, { offerSent: false }),
    call: ({ api }, caller, quotation) =>
      api.request(`/api/v1/me/quotations/${quotation.reference}/messages`, {
        method: 'POST',
        caller,
        ...jsonBody({ body: 'Could the border be a little wider?' }),
      }),
    success: 201,
    otherCustomer: 'not-found',
    privateMarker: (quotation) => quotation.notes,
    state: (world, quotation) => threadLength(world, quotation.id),
  }),
  apiCase({
    operation: 'POST /me/quotations/{reference}/offers/{version}/accept',
    access: customer,
    setup: (world) => quotationOfA(world),
    call: ({ api }, caller, quotation) =>
      api.request(`/api/v1/me/quotations/${quotation.reference}/offers/1/accept`, {
        method: 'POST',
        caller,
        ...jsonBody(acceptBody, { 'Idempotency-Key': randomUUID() }),
      }),
    success: 201,
    otherCustomer: 'not-found',
    privateMarker: (quotation) => quotation.notes,
    state: (world, quotation) => offerState(world, quotation.id),
  }),
  apiCase({
    operation: 'POST /me/quotations/{reference}/offers/{version}/decline',
    access: customer,
    setup: (world) => quotationOfA(world),
    call: ({ api }, caller, quotation) =>
      api.request(`/api/v1/me/quotations/${quotation.reference}/offers/1/decline`, {
        method: 'POST',
        caller,
        ...jsonBody({ reason: 'Over our budget' }),
      }),
    success: 200,
    otherCustomer: 'not-found',
    privateMarker: (quotation) => quotation.notes,
    state: (world, quotation) => offerState(world, quotation.id),
  }),
  apiCase({
    operation: 'POST /me/quotations/{reference}/offers/{version}/changes',
    access: customer,
    setup: (world) => quotationOfA(world),
    call: ({ api }, caller, quotation) =>
      api.request(`/api/v1/me/quotations/${quotation.reference}/offers/1/changes`, {
        method: 'POST',
        caller,
        ...jsonBody({ body: 'Could you quote for 3 pieces?' }),
      }),
    success: 201,
    otherCustomer: 'not-found',
    privateMarker: (quotation) => quotation.notes,
    state: async (world, quotation) => ({
      thread: await threadLength(world, quotation.id),
      offer: await offerState(world, quotation.id),
    }),
  }),
  apiCase({
    operation: 'POST /me/quotations/{reference}/offers/{version}/new-offer-request',
    access: customer,
    // docs/requirements.md §10: open once the offer has expired: its day is moved into the past.
    setup: async (world) => {
      const quotation = await quotationOfA(world);
      await world.api.database.db
        .update(quotationOffers)
        .set({ validUntil: '2020-01-01' })
        .where(eq(quotationOffers.quotationRequestId, quotation.id));
      return quotation;
    },
    call: ({ api }, caller, quotation) =>
      api.request(`/api/v1/me/quotations/${quotation.reference}/offers/1/new-offer-request`, {
        method: 'POST',
        caller,
      }),
    success: 201,
    otherCustomer: 'not-found',
    privateMarker: (quotation) => quotation.notes,
    state: async (world, quotation) => ({
      thread: await threadLength(world, quotation.id),
      offer: await offerState(world, quotation.id),
    }),
  }),
  apiCase({
    operation: 'POST /me/orders/{id}/payment-reference',
    access: customer,
    // A's order, with the reference A sent before, and an integration following the event: a
    // denied call must show none of it and change, mail and tell nothing.
    setup: async (world) => {
      const { db } = world.api.database;
      await followedPaymentReferences(world);
      const quotation = await quotationOfA(world);
      const order = await acceptOffer(
        db,
        actorOf(world.customerA),
        { reference: quotation.reference, offerVersion: 1, ...acceptBody },
        new Date(),
        DEFAULT_SHOP_TIME_ZONE,
      );
      const sentBefore = freshUtr();
      await submitPaymentReference(
        db,
        actorOf(world.customerA),
        { orderId: order.orderId, paymentReference: sentBefore },
        new Date(),
      );
      return { ...order, sentBefore, utr: freshUtr() };
    },
    call: ({ api }, caller, order) =>
      api.request(`/api/v1/me/orders/${order.orderId}/payment-reference`, {
        method: 'POST',
        caller,
        ...jsonBody({ reference: order.utr }),
      }),
    success: 200,
    otherCustomer: 'not-found',
    privateMarker: (order) => order.orderNumber,
    state: async (world, order) => {
      const { db } = world.api.database;
      const [stored] = await db
        .select({
          reference: orders.submittedPaymentReference,
          balanceReference: orders.submittedBalanceReference,
          at: orders.paymentReferenceSubmittedAt,
        })
        .from(orders)
        .where(eq(orders.id, order.orderId));
      const mails = await db.execute(
        sql`select count(*)::int as n from ${sql.raw(JOB_SCHEMA)}.job where name = 'mail' and data ->> 'orderId' = ${order.orderId}`,
      );
      const [events] = await db
        .select({ n: count() })
        .from(webhookDeliveries)
        .where(sql`${webhookDeliveries.payload} -> 'data' ->> 'orderId' = ${order.orderId}`);
      return { stored, mails: mails.rows[0], events: events?.n };
    },
  }),

  // ---------------------------------------------------------------------------------------------
  // Community writes: any signed-in customer may write, so B's call is allowed (B's own review).
  apiCase({
    operation: 'POST /products/{id}/reviews',
    access: customer,
    setup: async (world) => insertProduct(world.api.database.db, { name: marker('Reviewed Vase') }),
    call: ({ api }, caller, product) =>
      api.request(`/api/v1/products/${product.id}/reviews`, {
        method: 'POST',
        caller,
        ...jsonBody({ title: 'Lovely', content: 'Carved with great care.', rating: 5 }),
      }),
    success: 201,
    otherCustomer: 'own-view',
  }),
  apiCase({
    operation: 'POST /products/{id}/questions',
    access: customer,
    setup: async (world) => insertProduct(world.api.database.db, { name: marker('Asked Vase') }),
    call: ({ api }, caller, product) =>
      api.request(`/api/v1/products/${product.id}/questions`, {
        method: 'POST',
        caller,
        ...jsonBody({ question: 'Is it safe outdoors?' }),
      }),
    success: 201,
    otherCustomer: 'own-view',
  }),
  apiCase({
    operation: 'POST /questions/{id}/answers',
    access: customer,
    setup: async (world) => {
      const product = await insertProduct(world.api.database.db, { name: marker('Asked Vase') });
      return askQuestion(world.api.database.db, actorOf(world.customerA), {
        productId: product.id,
        question: 'How heavy is it?',
      });
    },
    call: ({ api }, caller, question) =>
      api.request(`/api/v1/questions/${question.id}/answers`, {
        method: 'POST',
        caller,
        ...jsonBody({ answer: 'About 4 kg.' }),
      }),
    success: 201,
    otherCustomer: 'own-view',
  }),
];
