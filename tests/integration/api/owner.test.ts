/**
 * docs/requirements.md §11: the owner's API behaves as the admin's pages do: the same order actions refused with
 * the same words, a key reaches only what its scopes allow (in the module too, not only at the
 * route), a revoked key is refused, a retried order from a quotation makes one order, and a
 * return goes from the buyer's request to its refund as the console takes it (docs/requirements.md §24).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiScopes, type ApiScope } from '../../../core/api/api-access';
import { adminMessages } from '../../../core/admin/admin';
import { CSV_MAX_BYTES, CSV_TOO_LARGE } from '../../../core/catalog/media-csv';
import { CONSOLE_MISSING_FIELDS } from '../../../core/catalog/product-console';
import { orders, productMedia, products, quotationOffers } from '../../../server/db/schema';
import type { Actor } from '../../../server/modules/actor';
import { listContactMessages, setContactMessageStatus } from '../../../server/modules/contact';
import { DomainError } from '../../../server/modules/errors';
import { getOrderForOwner, listAllOrders, setOrderStatus } from '../../../server/modules/orders';
import {
  addMedia,
  deleteMedia,
  importMediaCsv,
  setPrimaryMedia,
  updateMedia,
} from '../../../server/modules/product-media';
import { deleteProduct } from '../../../server/flows/delete-product';
import { createProduct, updateProduct } from '../../../server/modules/products';
import {
  getQuotationForOwner,
  listQuotationRequests,
  postShopMessage,
  saveOfferDraft,
  sendOffer,
  setQuotationStatus,
  withdrawOffer,
} from '../../../server/modules/quotations';
import type { Database } from '../../../server/db/client';
import { insertProduct } from '../../factories';
import { startApiHarness, type ApiHarness } from '../../support/api-harness';
import { testDatabaseKind } from '../../support/database';
import { aQuotation, anOrder, anOrderBeingMade, offerBody, productBody } from './cases/owner';
import {
  aDeliveredOrder,
  orderStateOf,
  returnBody,
  returnsOf,
  scratchStorage,
  updatesOf,
} from './cases/fulfilment';
import { apiReturnTexts } from '../../../core/api/api-returns';
import { productionUpdateProblems } from '../../../core/orders/production-updates';
import { returnProblems } from '../../../core/orders/returns';
import { refundReturn } from '../../../server/flows/refund-return';
import { addProductionUpdate } from '../../../server/modules/order-updates';
import { decideReturn } from '../../../server/modules/returns';
import { jsonBody } from './cases/types';
import { createOrderFromQuotation } from '../../../server/flows/create-order-from-quotation';
import { DEFAULT_SHOP_TIME_ZONE } from '../../../core/time/shop-calendar';
import { siteDefaults } from '../../../content/site';

type Problem = { status: number; detail: string; errors?: { pointer: string; detail: string }[] };

describe(`the owner's API on ${testDatabaseKind}`, () => {
  let api: ApiHarness;
  let db: Database;
  let owner: Actor;
  beforeAll(async () => {
    api = await startApiHarness();
    db = api.database.db;
    const key = await api.ownerKey(apiScopes);
    owner = { userId: key.userId!, roles: ['admin'] };
  });
  afterAll(async () => {
    await api?.close();
  });

  const orderRow = async (id: string) =>
    (
      await db
        .select({
          status: orders.status,
          paymentStatus: orders.paymentStatus,
          paymentId: orders.paymentId,
        })
        .from(orders)
        .where(eq(orders.id, id))
    )[0];

  it('confirms a UPI payment with a key holding only orders:write, as the console does', async () => {
    const key = await api.ownerKey(['orders:write']);
    const order = await anOrder(db);
    const response = await api.request(`/api/v1/admin/orders/${order.id}/actions`, {
      method: 'POST',
      caller: key,
      ...jsonBody({ action: 'confirm-payment', paymentReference: '  UTR 4242 ' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: order.id,
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    // spec §4: Confirm Payment Received confirms the order; the reference is kept, trimmed.
    expect(await orderRow(order.id)).toEqual({
      status: 'confirmed',
      paymentStatus: 'paid',
      paymentId: 'UTR 4242',
    });
    // The order now offers what the console shows for a confirmed order.
    const read = await api.request(`/api/v1/admin/orders/${order.id}`, {
      caller: await api.ownerKey(['orders:read']),
    });
    expect(((await read.json()) as { actions: string[] }).actions).toEqual([
      'start-processing',
      'cancel',
    ]);
  });

  // docs/requirements.md §21: "Confirm Balance Received" is a value of the same operation; it pays the order in
  // full and does not move its status (spec §4's transitions are unchanged).
  it('confirms an advance, then the balance, through the actions operation', async () => {
    const key = await api.ownerKey(['orders:write', 'orders:read']);
    const order = await anOrder(db);
    await db.update(orders).set({ advanceMinor: 40_000 }).where(eq(orders.id, order.id));
    const act = (body: Record<string, unknown>) =>
      api.request(`/api/v1/admin/orders/${order.id}/actions`, {
        method: 'POST',
        caller: key,
        ...jsonBody(body),
      });
    const read = async () =>
      (await (await api.request(`/api/v1/admin/orders/${order.id}`, { caller: key })).json()) as {
        actions: string[];
        advanceMinor: number | null;
        balanceMinor: number | null;
        balancePaymentId: string | null;
      };

    const advance = await act({ action: 'confirm-payment', paymentReference: 'UTR 1111' });
    expect(await advance.json()).toEqual({
      id: order.id,
      status: 'confirmed',
      paymentStatus: 'partially_paid',
    });
    expect(await read()).toMatchObject({
      advanceMinor: 40_000,
      balanceMinor: 60_000,
      balancePaymentId: null,
    });
    expect((await read()).actions).toContain('confirm-balance');

    const balance = await act({ action: 'confirm-balance', paymentReference: ' UTR 2222 ' });
    expect(balance.status).toBe(200);
    expect(await balance.json()).toEqual({
      id: order.id,
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    expect(await orderRow(order.id)).toEqual({
      status: 'confirmed',
      paymentStatus: 'paid',
      paymentId: 'UTR 1111',
    });
    const after = await read();
    expect(after.balancePaymentId).toBe('UTR 2222');
    expect(after.actions).not.toContain('confirm-balance');

    // confirmed once: a second time is refused and changes nothing
    const again = await act({ action: 'confirm-balance', paymentReference: 'UTR 3333' });
    expect(again.status).toBe(409);
    expect((await read()).balancePaymentId).toBe('UTR 2222');
  });

  it('refuses an action the order does not offer with 409 and the console’s message', async () => {
    const key = await api.ownerKey(['orders:write']);
    const order = await anOrder(db);
    const response = await api.request(`/api/v1/admin/orders/${order.id}/actions`, {
      method: 'POST',
      caller: key,
      ...jsonBody({ action: 'ship' }),
    });
    expect(response.status).toBe(409);
    const problem = (await response.json()) as Problem;
    // The console shows the same refusal in its alert: "Failed to update order status: …".
    const consoleRefusal = await setOrderStatus(db, owner, {
      orderId: order.id,
      action: 'ship',
    }).catch((error: DomainError) => error.message);
    expect(problem.detail).toBe('This action is not available for a pending order');
    expect(adminMessages.orderFailed(problem.detail)).toBe(
      adminMessages.orderFailed(consoleRefusal as string),
    );
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', paymentStatus: null });
  });

  // docs/requirements.md §24: the buyer asks over her API, the owner answers and refunds over theirs.
  it('takes a return from the buyer’s request to its refund: approved, refunded, the order returned', async () => {
    const key = await api.ownerKey(['orders:write', 'orders:read']);
    const buyer = await api.customer('Asha Rao');
    const order = await aDeliveredOrder(db, buyer.userId!);
    const post = (path: string, body: unknown) =>
      api.request(`/api/v1/admin/orders/${order.id}/${path}`, {
        method: 'POST',
        caller: key,
        ...jsonBody(body),
      });
    const refund = (body: Record<string, unknown>) =>
      post('refunds', {
        action: 'record-refund',
        amount: '3360',
        method: 'upi',
        reference: 'UTR612345678905',
        ...body,
      });

    const asked = await api.request(`/api/v1/me/orders/${order.id}/returns`, {
      method: 'POST',
      caller: buyer,
      ...jsonBody(returnBody(order.diya.id, '  Two arrived dented.  ')),
    });
    expect(asked.status).toBe(201);
    const view = (await asked.json()) as { id: string };
    expect(view).toMatchObject({
      orderId: order.id,
      status: 'requested',
      pieces: [{ orderItemId: order.diya.id, productName: order.diya.name, quantity: 2 }],
      reason: 'Two arrived dented.',
      photos: [],
      decisionNote: null,
      decidedAt: null,
      refundId: null,
    });

    // A return is refunded once it is approved; nothing moves before.
    const early = await refund({ returnId: view.id });
    expect(early.status).toBe(409);
    expect(((await early.json()) as Problem).detail).toBe(returnProblems.notApproved);
    expect(await orderStateOf(db, order.id)).toEqual({
      status: 'delivered',
      paymentStatus: 'paid',
    });

    // A return of another order is not found there.
    const elsewhere = await anOrder(db);
    const stray = await api.request(
      `/api/v1/admin/orders/${elsewhere.id}/returns/${view.id}/decision`,
      { method: 'POST', caller: key, ...jsonBody({ decision: 'decline', note: 'No' }) },
    );
    expect(stray.status).toBe(404);
    // The approval needs its instructions.
    const bare = await post(`returns/${view.id}/decision`, { decision: 'approve', note: ' ' });
    expect(bare.status).toBe(422);
    expect(((await bare.json()) as Problem).errors).toEqual([
      { pointer: '#/note', detail: returnProblems.instructions },
    ]);

    const approved = await post(`returns/${view.id}/decision`, {
      decision: 'approve',
      note: 'Send them to 4 Tripolia Bazar, Jaipur 302002.',
    });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({
      id: view.id,
      status: 'approved',
      decisionNote: 'Send them to 4 Tripolia Bazar, Jaipur 302002.',
      decidedAt: expect.any(String),
    });
    // Answered once.
    const again = await post(`returns/${view.id}/decision`, { decision: 'decline', note: 'No' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as Problem).detail).toBe(returnProblems.notRequested);

    // The refund of a return is a "Record Refund", never a cancellation.
    const cancelling = await refund({ returnId: view.id, action: 'cancel' });
    expect(cancelling.status).toBe(422);
    expect(((await cancelling.json()) as Problem).errors).toEqual([
      { pointer: '#/action', detail: apiReturnTexts.refundOfReturnIsRecordRefund },
    ]);
    expect(await orderStateOf(db, order.id)).toEqual({
      status: 'delivered',
      paymentStatus: 'paid',
    });

    // Both diyas were all the order had: ₹3,000 + 12% GST back, the order returned.
    const refunded = await refund({ returnId: view.id });
    expect(refunded.status).toBe(201);
    const recorded = (await refunded.json()) as { refund: { id: string; amountMinor: number } };
    expect(recorded).toMatchObject({
      refund: { orderId: order.id, amountMinor: 336_000, method: 'upi' },
      status: 'returned',
      paymentStatus: 'refunded',
      creditNoteNumber: null,
    });
    expect(await returnsOf(db, order.id)).toEqual([
      {
        id: view.id,
        status: 'refunded',
        decisionNote: 'Send them to 4 Tripolia Bazar, Jaipur 302002.',
        refundId: recorded.refund.id,
      },
    ]);
    const read = await api.request(`/api/v1/admin/orders/${order.id}`, { caller: key });
    expect(await read.json()).toMatchObject({
      status: 'returned',
      paymentStatus: 'refunded',
      items: [{ id: order.diya.id, madeToOrder: false }],
      returns: [{ id: view.id, status: 'refunded', refundId: recorded.refund.id }],
    });
    const hers = await api.request(`/api/v1/me/orders/${order.id}`, { caller: buyer });
    expect(await hers.json()).toMatchObject({
      status: 'returned',
      paymentStatus: 'refunded',
      items: [{ id: order.diya.id, madeToOrder: false }],
      returns: [{ id: view.id, status: 'refunded', refundId: recorded.refund.id }],
    });
  });

  // docs/requirements.md §24: the note over JSON; the photos are the console's.
  it('posts a making-of update on a paid order being made, once however often it is retried', async () => {
    const key = await api.ownerKey(['orders:write']);
    const order = await anOrderBeingMade(db);
    const post = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      api.request(`/api/v1/admin/orders/${order.id}/production-updates`, {
        method: 'POST',
        caller: key,
        ...jsonBody(body, headers),
      });
    const idempotencyKey = { 'Idempotency-Key': `update-of-${order.id}` };
    const posted = await post({ note: '  The carving is done; polishing next.  ' }, idempotencyKey);
    expect(posted.status).toBe(201);
    const first = await posted.clone().text();
    expect(JSON.parse(first)).toMatchObject({
      orderId: order.id,
      note: 'The carving is done; polishing next.',
      photos: [],
      postedAt: expect.any(String),
    });
    const retry = await post({ note: '  The carving is done; polishing next.  ' }, idempotencyKey);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.text()).toBe(first);
    expect(await updatesOf(db, order.id)).toEqual([
      { id: JSON.parse(first).id, note: 'The carving is done; polishing next.' },
    ]);

    const empty = await post({ note: '   ' });
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as Problem).errors).toEqual([
      { pointer: '#/note', detail: productionUpdateProblems.note },
    ]);
    // An order not yet paid takes none, as the console refuses it.
    const pending = await anOrder(db);
    const refused = await api.request(`/api/v1/admin/orders/${pending.id}/production-updates`, {
      method: 'POST',
      caller: key,
      ...jsonBody({ note: 'Started carving.' }),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Problem).detail).toBe(productionUpdateProblems.notOpen);
    expect(await updatesOf(db, pending.id)).toEqual([]);
  });

  it('refuses a product from a key without catalogue:write (403) and stores nothing', async () => {
    const key = await api.ownerKey(apiScopes.filter((scope) => scope !== 'catalogue:write'));
    const name = 'Scopeless Brass Diya';
    const response = await api.request('/api/v1/admin/products', {
      method: 'POST',
      caller: key,
      ...jsonBody(productBody(name)),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as Problem).detail).toBe(
      'This API key lacks the catalogue:write scope.',
    );
    expect(await db.select().from(products).where(eq(products.name, name))).toEqual([]);
  });

  it('creates a product with catalogue:write, slugged and priced as the console does', async () => {
    const key = await api.ownerKey(['catalogue:write']);
    const response = await api.request('/api/v1/admin/products', {
      method: 'POST',
      caller: key,
      ...jsonBody(productBody('Brass Diya Pair', { price: 899.99, published: false })),
    });
    expect(response.status).toBe(201);
    const product = (await response.json()) as { id: string; priceMinor: number };
    expect(product).toMatchObject({ id: 'brass-diya-pair', priceMinor: 89_999 });
    expect(response.headers.get('location')).toBe('/api/v1/products/brass-diya-pair');
  });

  it('refuses a product without its required fields with the console’s message', async () => {
    const response = await api.request('/api/v1/admin/products', {
      method: 'POST',
      caller: await api.ownerKey(['catalogue:write']),
      ...jsonBody(productBody('  ')),
    });
    expect(response.status).toBe(422);
    const problem = (await response.json()) as Problem;
    expect(problem.errors).toContainEqual({ pointer: '#/name', detail: CONSOLE_MISSING_FIELDS });
  });

  it('refuses a revoked key with 401 before anything is read', async () => {
    const key = await api.ownerKey(apiScopes);
    const before = await api.request('/api/v1/admin/orders', { caller: key });
    expect(before.status).toBe(200);
    await api.revoke(key.keyId, key);
    const after = await api.request('/api/v1/admin/orders', { caller: key });
    expect(after.status).toBe(401);
    expect(((await after.json()) as Problem).detail).toBe(
      'The API key or bearer token is not valid.',
    );
  });

  it('withdraws only the version sent now: a stale version is refused and nothing changes', async () => {
    const key = await api.ownerKey(['quotations:write']);
    const quotation = await aQuotation(db);
    const send = (price: string) =>
      api.request(`/api/v1/admin/quotations/${quotation.id}/offers`, {
        method: 'POST',
        caller: key,
        ...jsonBody(offerBody(price)),
      });
    expect(((await (await send('1000')).json()) as { revised: boolean }).revised).toBe(false);
    expect(((await (await send('900')).json()) as { revised: boolean }).revised).toBe(true);
    const stale = await api.request(`/api/v1/admin/quotations/${quotation.id}/offers/1/withdraw`, {
      method: 'POST',
      caller: key,
    });
    expect(stale.status).toBe(409);
    const statuses = () =>
      db
        .select({ version: quotationOffers.version, status: quotationOffers.status })
        .from(quotationOffers)
        .where(eq(quotationOffers.quotationRequestId, quotation.id))
        .orderBy(quotationOffers.version);
    expect(await statuses()).toEqual([
      { version: 1, status: 'superseded' },
      { version: 2, status: 'sent' },
    ]);
    const current = await api.request(
      `/api/v1/admin/quotations/${quotation.id}/offers/2/withdraw`,
      { method: 'POST', caller: key },
    );
    expect(current.status).toBe(200);
    expect((await statuses())[1]).toEqual({ version: 2, status: 'withdrawn' });
  });

  it('makes one order from a quotation however often the same Idempotency-Key is retried', async () => {
    const key = await api.ownerKey(['orders:write']);
    const quotation = await aQuotation(db);
    const create = (body: Record<string, unknown>) =>
      api.request(`/api/v1/admin/quotations/${quotation.id}/orders`, {
        method: 'POST',
        caller: key,
        ...jsonBody(body, { 'Idempotency-Key': `order-of-${quotation.id}` }),
      });
    const body = {
      quantity: 2,
      unitPrice: 1250,
      shipping: 0,
      tax: 0,
      paymentMethod: 'bank transfer',
      name: 'Meera Shah',
      streetAddress: '12 Temple Road',
      city: 'Jaipur',
      state: 'Rajasthan',
      postalCode: '302001',
      country: 'India',
    };
    const answers = await Promise.all([create(body), create(body)]);
    const first = answers.find((answer) => answer.status === 201)!;
    const firstBody = await first.clone().text();
    const retry = await create(body);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.text()).toBe(firstBody);
    const other = await create({ ...body, quantity: 3 });
    expect(other.status).toBe(422);
    const made = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.quotationRequestId, quotation.id));
    expect(made).toHaveLength(1);
  });

  it('imports a CSV sent as text/csv, and refuses another type or a file over 5 MB', async () => {
    const key = await api.ownerKey(['catalogue:write']);
    const product = await insertProduct(db, { name: 'Imported Urli' });
    const csv = [
      'product_id,media_url,media_type,alt_text,sort_order,is_primary',
      `${product.id},https://images.example.com/a.jpg,image,Front,0,true`,
      `${product.id},https://images.example.com/b.jpg,image,Back,1,true`,
      'no-such-product,https://images.example.com/c.jpg,image,,0,false',
    ].join('\n');
    const notCsv = await api.request('/api/v1/admin/media-import', {
      method: 'POST',
      caller: key,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ csv }),
    });
    expect(notCsv.status).toBe(415);
    const tooLarge = await api.request('/api/v1/admin/media-import', {
      method: 'POST',
      caller: key,
      headers: { 'Content-Type': 'text/csv' },
      body: `${csv}\n${'x'.repeat(CSV_MAX_BYTES)}`,
    });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as Problem).detail).toBe(CSV_TOO_LARGE);
    expect(
      await db.select().from(productMedia).where(eq(productMedia.productId, product.id)),
    ).toEqual([]);
    const imported = await api.request('/api/v1/admin/media-import', {
      method: 'POST',
      caller: key,
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      body: csv,
    });
    expect(imported.status).toBe(200);
    const report = (await imported.json()) as {
      imported: number;
      skipped: unknown[];
      notes: unknown[];
    };
    expect(report.imported).toBe(2);
    expect(report.skipped).toHaveLength(1);
    expect(report.notes).toHaveLength(1);
    const media = await db
      .select()
      .from(productMedia)
      .where(eq(productMedia.productId, product.id));
    expect(media.filter((row) => row.isPrimary)).toHaveLength(1);
  });

  it('lists quotations with their page, and refuses a page below the first', async () => {
    const key = await api.ownerKey(['quotations:read', 'orders:read']);
    const quotation = await aQuotation(db);
    const listed = await api.request('/api/v1/admin/quotations', { caller: key });
    const list = (await listed.clone().json()) as {
      data: { id: string; customerName: string; needsReply: boolean }[];
      page: number;
      nextPage: number | null;
    };
    expect(list.page).toBe(1);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(list.data[0]).toMatchObject({
      id: quotation.id,
      customerName: quotation.marker,
      needsReply: true,
    });
    const beyond = await api.request('/api/v1/admin/orders?page=0', { caller: key });
    expect(beyond.status).toBe(422);
  });

  /**
   * docs/requirements.md §11: the module function checks the key's scope itself, so no other caller (a page, a
   * job, a later route) can reach it with a key that lacks it.
   */
  describe('each exposed module function names the scope it needs', () => {
    const now = new Date();
    const missing = '00000000-0000-4000-8000-000000000000';
    const calls: [string, ApiScope, (actor: Actor) => Promise<unknown>][] = [
      [
        'listQuotationRequests',
        'quotations:read',
        (a) => listQuotationRequests(db, a, { page: 1 }),
      ],
      [
        'getQuotationForOwner',
        'quotations:read',
        (a) => getQuotationForOwner(db, a, { id: missing }, now, DEFAULT_SHOP_TIME_ZONE),
      ],
      [
        'saveOfferDraft',
        'quotations:write',
        (a) => saveOfferDraft(db, a, { quotationId: missing }, now, DEFAULT_SHOP_TIME_ZONE),
      ],
      [
        'sendOffer',
        'quotations:write',
        (a) => sendOffer(db, a, { quotationId: missing }, now, DEFAULT_SHOP_TIME_ZONE),
      ],
      [
        'withdrawOffer',
        'quotations:write',
        (a) => withdrawOffer(db, a, { quotationId: missing }, now, DEFAULT_SHOP_TIME_ZONE),
      ],
      [
        'postShopMessage',
        'quotations:write',
        (a) => postShopMessage(db, a, { quotationId: missing, body: 'Hello' }, now),
      ],
      [
        'setQuotationStatus',
        'quotations:write',
        (a) => setQuotationStatus(db, a, { id: missing, status: 'processing' }),
      ],
      [
        'createOrderFromQuotation',
        'orders:write',
        (a) =>
          createOrderFromQuotation(
            db,
            a,
            { quotationId: missing },
            new Date(),
            DEFAULT_SHOP_TIME_ZONE,
          ),
      ],
      ['listAllOrders', 'orders:read', (a) => listAllOrders(db, a, { page: 1 })],
      ['getOrderForOwner', 'orders:read', (a) => getOrderForOwner(db, a, { orderId: missing })],
      [
        'setOrderStatus',
        'orders:write',
        (a) => setOrderStatus(db, a, { orderId: missing, action: 'confirm' }),
      ],
      [
        'decideReturn',
        'orders:write',
        (a) =>
          decideReturn(
            db,
            a,
            { orderId: missing, returnId: missing, answer: { decision: 'approve', note: 'Post' } },
            now,
          ),
      ],
      [
        'refundReturn',
        'orders:write',
        (a) =>
          refundReturn(
            db,
            a,
            { orderId: missing, returnId: missing, refund: {} },
            siteDefaults,
            now,
          ),
      ],
      [
        'addProductionUpdate',
        'orders:write',
        (a) =>
          addProductionUpdate(
            db,
            a,
            scratchStorage(),
            { orderId: missing, note: 'Started', photos: [] },
            now,
          ),
      ],
      ['listContactMessages', 'quotations:read', (a) => listContactMessages(db, a, { page: 1 })],
      [
        'setContactMessageStatus',
        'quotations:write',
        (a) => setContactMessageStatus(db, a, { id: missing, status: 'read' }),
      ],
      ['createProduct', 'catalogue:write', (a) => createProduct(db, a, {})],
      ['updateProduct', 'catalogue:write', (a) => updateProduct(db, a, { id: 'no-such-product' })],
      ['deleteProduct', 'catalogue:write', (a) => deleteProduct(db, a, { id: 'no-such-product' })],
      ['addMedia', 'catalogue:write', (a) => addMedia(db, a, { productId: 'no-such-product' })],
      ['updateMedia', 'catalogue:write', (a) => updateMedia(db, a, { id: missing })],
      ['deleteMedia', 'catalogue:write', (a) => deleteMedia(db, a, { id: missing })],
      ['setPrimaryMedia', 'catalogue:write', (a) => setPrimaryMedia(db, a, { id: missing })],
      ['importMediaCsv', 'catalogue:write', (a) => importMediaCsv(db, a, { text: 'no,csv' })],
    ];
    const keyActor = (scopes: readonly ApiScope[]): Actor => ({
      userId: owner!.userId,
      roles: ['admin'],
      apiKey: { id: 'module-test-key', scopes },
    });
    const outcome = (promise: Promise<unknown>) =>
      promise.then(
        () => 'done',
        (error: unknown) => (error instanceof DomainError ? error.code : 'error'),
      );
    for (const [name, scope, call] of calls) {
      it(`${name}: ${scope}`, async () => {
        const others = apiScopes.filter((held) => held !== scope);
        expect(await outcome(call(keyActor(others)))).toBe('forbidden');
        expect(await outcome(call(keyActor([scope])))).not.toBe('forbidden');
      });
    }
  });
});
