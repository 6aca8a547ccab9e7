import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityQuerySchema, COMMAND_LINE_PERSON } from '../../../core/admin/activity';
import { ADMIN_PAGE_SIZE } from '../../../core/admin/admin';
import { parseRouteQuery } from '../../../core/forms/route-query';
import { insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import type { Database } from '../../db/client';
import { activityLog, webhookDeliveries } from '../../db/schema';
import { commandLineOperator, type Actor } from '../actor';
import { createApiKey, revokeApiKey } from '../api-keys';
import { createContactMessage, setContactMessageStatus } from '../contact';
import { importMediaCsv } from '../product-media';
import { setOrderStatus } from '../orders';
import { addMedia, deleteMedia, moveMedia, setPrimaryMedia, updateMedia } from '../product-media';
import { deleteProduct } from '../../flows/delete-product';
import { createProduct, updateProduct } from '../products';
import {
  createQuotationRequest,
  issueCustomerLink,
  postShopMessage,
  saveOfferDraft,
  sendOffer,
  setQuotationStatus,
  withdrawOffer,
} from '../quotations';
import { grantRole, revokeRole } from '../roles';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  resendWebhookDelivery,
  setWebhookEndpointEnabled,
} from '../webhooks';
import { activityPeople, listActivity, recordActivity } from './index';
import { createOrderFromQuotation } from '../../flows/create-order-from-quotation';
import { DEFAULT_SHOP_TIME_ZONE } from '../../../core/time/shop-calendar';

// 10:00 in India on November 24, 2026
const monday = new Date('2026-11-24T04:30:00Z');

const requestForm = {
  quantity: '2',
  customizationNotes: '',
  customerName: 'Meera Shah',
  customerCompany: '',
  customerMobile: '+91 94140 55555',
  customerEmail: 'meera@example.com',
};

function offerForm(unitPrice: string) {
  return {
    lines: [{ productId: '', description: 'Marble lotus urli', quantity: '2', unitPrice }],
    shipping: '500',
    discount: '0',
    gstRate: '12',
    validUntil: '2026-12-08',
    leadTimeDays: '21',
    terms: '50% advance',
    note: '',
  };
}

const address = {
  name: 'Meera Shah',
  streetAddress: '1 Temple Road',
  city: 'Jaipur',
  state: 'Rajasthan',
  postalCode: '302001',
  country: 'India',
};

const productForm = {
  name: 'Lotus Urli',
  price: '1200',
  description: 'Brass bowl',
  category: 'home',
  material: 'Brass',
  inStock: 'on',
  published: 'on',
};

type Entry = typeof activityLog.$inferSelect;

/** The entries a piece of work added to the log (the log only grows, so ids tell them apart). */
async function recorded(db: Database, work: () => Promise<unknown>): Promise<Entry[]> {
  const before = new Set(
    (await db.select({ id: activityLog.id }).from(activityLog)).map((e) => e.id),
  );
  await work();
  const after = await db.select().from(activityLog);
  return after.filter((entry) => !before.has(entry.id));
}

/** Like `recorded`, for work that must fail: the failure, and the entries it left (none, we hope). */
async function recordedByFailure(db: Database, work: () => Promise<unknown>) {
  let failure: unknown = null;
  const entries = await recorded(db, () =>
    work().then(
      () => {
        throw new Error('the write was expected to fail');
      },
      (caught: unknown) => {
        failure = caught;
      },
    ),
  );
  return { failure, entries };
}

function only(entries: Entry[]): Entry {
  expect(entries).toHaveLength(1);
  return entries[0]!;
}

describe(`every owner write records one activity entry, on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let owner: Actor;
  let ownerId: string;
  let customer: Actor;
  beforeAll(async () => {
    database = await createTestDatabase();
    const person = await insertUser(database.db, { name: 'Asha Owner' });
    ownerId = person.id;
    owner = { userId: ownerId, roles: ['admin'] };
    const shopper = await insertUser(database.db);
    customer = { userId: shopper.id, roles: [] };
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function guestRequest() {
    const product = await insertProduct(database.db, { name: 'Lotus Urli' });
    return createQuotationRequest(database.db, null, { ...requestForm, productId: product.id });
  }

  it('records a quotation status change with who, the reference and its before → after', async () => {
    const { db } = database;
    const request = await guestRequest();
    const entry = only(
      await recorded(db, () =>
        setQuotationStatus(db, owner, { id: request.id, status: 'processing' }),
      ),
    );
    expect(entry).toMatchObject({
      actorKind: 'user',
      actorId: ownerId,
      actorName: 'Asha Owner',
      kind: 'quotation.status',
      subject: request.reference,
      summary: `Quotation ${request.reference} marked processing`,
      changes: [{ field: 'status', before: 'pending', after: 'processing' }],
    });
    // A refused move and a refused person record nothing.
    const refused = await recordedByFailure(db, () =>
      setQuotationStatus(db, owner, { id: request.id, status: 'pending' }),
    );
    expect(refused.failure).toMatchObject({ code: 'conflict' });
    expect(refused.entries).toEqual([]);
    const denied = await recordedByFailure(db, () =>
      setQuotationStatus(db, customer, { id: request.id, status: 'completed' }),
    );
    expect(denied.failure).toMatchObject({ code: 'forbidden' });
    expect(denied.entries).toEqual([]);
  });

  it('records an offer saved, sent, revised and withdrawn, a shop message and a customer link', async () => {
    const { db } = database;
    const request = await guestRequest();
    const quotationId = request.id;
    const draft = only(
      await recorded(db, () =>
        saveOfferDraft(
          db,
          owner,
          { quotationId, ...offerForm('10000') },
          monday,
          DEFAULT_SHOP_TIME_ZONE,
        ),
      ),
    );
    expect(draft).toMatchObject({
      kind: 'quotation.offer',
      subject: request.reference,
      summary: `Offer v1 draft saved for ${request.reference}`,
    });
    expect(draft.createdAt).toEqual(monday);
    expect(draft.changes).toContainEqual({ field: 'offerStatus', before: null, after: 'draft' });
    expect(draft.changes).toContainEqual({ field: 'total', before: null, after: '₹22,960' });

    const sent = only(
      await recorded(db, () =>
        sendOffer(
          db,
          owner,
          { quotationId, ...offerForm('10000') },
          monday,
          DEFAULT_SHOP_TIME_ZONE,
        ),
      ),
    );
    expect(sent.summary).toBe(`Offer v1 sent for ${request.reference}`);
    expect(sent.changes).toEqual([
      { field: 'quotationStatus', before: 'pending', after: 'processing' },
      { field: 'offerStatus', before: 'draft', after: 'sent' },
    ]);

    const revised = only(
      await recorded(db, () =>
        sendOffer(db, owner, { quotationId, ...offerForm('9000') }, monday, DEFAULT_SHOP_TIME_ZONE),
      ),
    );
    expect(revised.summary).toBe(`Offer v2 revised and sent for ${request.reference}`);
    expect(revised.changes).toContainEqual({ field: 'offerVersion', before: '1', after: '2' });
    expect(revised.changes).toContainEqual({ field: 'total', before: '₹22,960', after: '₹20,720' });

    const withdrawn = only(
      await recorded(db, () =>
        withdrawOffer(db, owner, { quotationId }, monday, DEFAULT_SHOP_TIME_ZONE),
      ),
    );
    expect(withdrawn).toMatchObject({
      summary: `Offer v2 withdrawn for ${request.reference}`,
      changes: [{ field: 'offerStatus', before: 'sent', after: 'withdrawn' }],
    });
    // Nothing left to withdraw: refused, and not recorded.
    const refused = await recordedByFailure(db, () =>
      withdrawOffer(db, owner, { quotationId }, monday, DEFAULT_SHOP_TIME_ZONE),
    );
    expect(refused.failure).toMatchObject({ code: 'conflict' });
    expect(refused.entries).toEqual([]);

    const message = only(
      await recorded(db, () =>
        postShopMessage(db, owner, { quotationId, body: 'Ready on Friday' }, monday),
      ),
    );
    expect(message).toMatchObject({
      kind: 'quotation.message',
      changes: [{ field: 'message', before: null, after: 'Ready on Friday' }],
    });

    let key = '';
    const link = only(
      await recorded(db, async () => {
        ({ key } = await issueCustomerLink(db, owner, { id: quotationId }));
      }),
    );
    expect(link.summary).toBe(`Customer link made for ${request.reference}`);
    // docs/requirements.md §12: the private link's key is never written to the log.
    expect(JSON.stringify(link)).not.toContain(key);
  });

  it('records an order made from a quotation and its status and payment changes', async () => {
    const { db } = database;
    const request = await guestRequest();
    let orderId = '';
    let orderNumber = '';
    const created = only(
      await recorded(db, async () => {
        ({ orderId, orderNumber } = await createOrderFromQuotation(
          db,
          owner,
          {
            quotationId: request.id,
            quantity: '2',
            unitPrice: '1500',
            shipping: '0',
            tax: '0',
            paymentMethod: 'upi',
            ...address,
          },
          monday,
          DEFAULT_SHOP_TIME_ZONE,
        ));
      }),
    );
    expect(created).toMatchObject({
      kind: 'order.created',
      subject: orderNumber,
      summary: `Order ${orderNumber} created from ${request.reference}`,
    });
    expect(created.changes).toContainEqual({
      field: 'quotationStatus',
      before: 'pending',
      after: 'completed',
    });
    expect(created.changes).toContainEqual({ field: 'total', before: null, after: '₹3,000' });

    const paid = only(
      await recorded(db, () =>
        setOrderStatus(
          db,
          owner,
          { orderId, action: 'confirm-payment', paymentReference: '123456789012' },
          monday,
        ),
      ),
    );
    expect(paid).toMatchObject({
      kind: 'order.status',
      subject: orderNumber,
      summary: `Order ${orderNumber}: Confirm Payment Received`,
      changes: [
        { field: 'status', before: 'pending', after: 'confirmed' },
        { field: 'paymentStatus', before: null, after: 'paid' },
        { field: 'paymentReference', before: null, after: '123456789012' },
      ],
    });
    // A completed quotation cannot make a second order; an action not on offer is refused.
    const again = await recordedByFailure(db, () =>
      createOrderFromQuotation(
        db,
        owner,
        {
          quotationId: request.id,
          quantity: '1',
          unitPrice: '1',
          shipping: '0',
          tax: '0',
          paymentMethod: 'upi',
          ...address,
        },
        new Date(),
        DEFAULT_SHOP_TIME_ZONE,
      ),
    );
    expect(again.failure).toMatchObject({ code: 'conflict' });
    expect(again.entries).toEqual([]);
    const unavailable = await recordedByFailure(db, () =>
      setOrderStatus(db, owner, { orderId, action: 'confirm-payment' }, monday),
    );
    expect(unavailable.failure).toMatchObject({ code: 'conflict' });
    expect(unavailable.entries).toEqual([]);
  });

  it('names an API key as the actor when the owner writes through one', async () => {
    const { db } = database;
    const { id } = await createApiKey(db, owner, { name: 'ERP', scopes: ['orders:write'] });
    const keyActor: Actor = { ...owner!, apiKey: { id, scopes: ['orders:write'] } };
    const request = await guestRequest();
    const entry = only(
      await recorded(db, () =>
        createOrderFromQuotation(
          db,
          keyActor,
          {
            quotationId: request.id,
            quantity: '1',
            unitPrice: '100',
            shipping: '0',
            tax: '0',
            paymentMethod: 'upi',
            ...address,
          },
          new Date(),
          DEFAULT_SHOP_TIME_ZONE,
        ),
      ),
    );
    expect(entry).toMatchObject({
      actorKind: 'api-key',
      actorId: ownerId,
      actorName: 'Asha Owner (API key ERP)',
    });
  });

  it('records a contact message marked read', async () => {
    const { db } = database;
    const { id } = await createContactMessage(db, null, {
      name: 'Ravi',
      email: 'ravi@example.com',
      subject: 'Bulk diyas',
      message: 'Two hundred diyas',
    });
    const entry = only(
      await recorded(db, () => setContactMessageStatus(db, owner, { id, status: 'read' })),
    );
    expect(entry).toMatchObject({
      kind: 'message.status',
      subject: 'ravi@example.com: Bulk diyas',
      summary: 'Message from Ravi marked read',
      changes: [{ field: 'status', before: 'unread', after: 'read' }],
    });
  });

  it('records product and media edits with only the fields that changed', async () => {
    const { db } = database;
    let productId = '';
    const created = only(
      await recorded(db, async () => {
        ({ id: productId } = await createProduct(db, owner, productForm));
      }),
    );
    expect(created).toMatchObject({ kind: 'product', subject: productId });
    expect(created.changes).toContainEqual({ field: 'price', before: null, after: '₹1,200' });

    const updated = only(
      await recorded(db, () =>
        updateProduct(db, owner, { ...productForm, id: productId, price: '1500' }),
      ),
    );
    expect(updated).toMatchObject({
      summary: 'Product "Lotus Urli" updated',
      changes: [{ field: 'price', before: '₹1,200', after: '₹1,500' }],
    });
    const missing = await recordedByFailure(db, () =>
      updateProduct(db, owner, { ...productForm, id: 'no-such-product' }),
    );
    expect(missing.failure).toMatchObject({ code: 'not_found' });
    expect(missing.entries).toEqual([]);

    const mediaUrl = 'https://img.example/lotus.jpg';
    let firstId = '';
    const added = only(
      await recorded(db, async () => {
        ({ id: firstId } = await addMedia(db, owner, { productId, mediaUrl, mediaType: 'image' }));
      }),
    );
    expect(added).toMatchObject({ kind: 'media', subject: productId });
    expect(added.changes).toContainEqual({ field: 'mediaUrl', before: null, after: mediaUrl });
    const second = await addMedia(db, owner, {
      productId,
      mediaUrl: 'https://img.example/side.jpg',
      mediaType: 'image',
    });

    const edited = only(
      await recorded(db, () =>
        updateMedia(db, owner, { id: firstId, mediaUrl, mediaType: 'image', altText: 'Urli' }),
      ),
    );
    expect(edited.changes).toEqual([{ field: 'altText', before: null, after: 'Urli' }]);
    const primary = only(await recorded(db, () => setPrimaryMedia(db, owner, { id: second.id })));
    expect(primary.changes).toEqual([{ field: 'isPrimary', before: 'false', after: 'true' }]);
    const moved = only(
      await recorded(db, () => moveMedia(db, owner, { id: second.id, direction: 'up' })),
    );
    expect(moved).toMatchObject({
      summary: `Media of ${productId} moved up`,
      changes: [{ field: 'sortOrder', before: '1', after: '0' }],
    });
    const removed = only(await recorded(db, () => deleteMedia(db, owner, { id: firstId })));
    expect(removed.changes).toContainEqual({ field: 'mediaUrl', before: mediaUrl, after: null });

    const deleted = only(await recorded(db, () => deleteProduct(db, owner, { id: productId })));
    expect(deleted).toMatchObject({
      summary: 'Product "Lotus Urli" deleted with its media (1)',
    });
    expect(deleted.changes).toContainEqual({ field: 'name', before: 'Lotus Urli', after: null });
  });

  it('records one entry per media import, with its counts', async () => {
    const { db } = database;
    const product = await insertProduct(db);
    const header = 'product_id,media_url,media_type,alt_text,sort_order,is_primary';
    await importMediaCsv(db, owner, {
      text: `${header}\n${product.id},https://img.example/first.jpg,image,,0,TRUE`,
    });
    const text = [
      header,
      `${product.id},https://img.example/a.jpg,image,,0,TRUE`,
      `${product.id},https://img.example/b.jpg,image,,1,FALSE`,
      'no-such-product,https://img.example/c.jpg,image,,0,FALSE',
    ].join('\n');
    const entry = only(await recorded(db, () => importMediaCsv(db, owner, { text })));
    expect(entry).toMatchObject({
      kind: 'import',
      summary: 'Media CSV imported: 2 rows imported, 1 skipped',
    });
    expect(entry.changes).toContainEqual({ field: 'mediaRows', before: '1', after: '2' });
    expect(entry.changes).toContainEqual({ field: 'skippedRows', before: null, after: '1' });
  });

  it('records roles granted and revoked at the command line, and no entry for no change', async () => {
    const { db } = database;
    const staff = await insertUser(db, { email: 'staff@example.com' });
    const granted = only(
      await recorded(db, () =>
        grantRole(db, commandLineOperator, { email: staff.email, role: 'admin' }),
      ),
    );
    expect(granted).toMatchObject({
      actorKind: 'command-line',
      actorId: null,
      actorName: 'Command line',
      kind: 'role',
      subject: 'staff@example.com',
      summary: 'Role admin granted to staff@example.com',
      changes: [{ field: 'adminRole', before: null, after: 'held' }],
    });
    expect(
      await recorded(db, () =>
        grantRole(db, commandLineOperator, { email: staff.email, role: 'admin' }),
      ),
    ).toEqual([]);
    const revoked = only(
      await recorded(db, () =>
        revokeRole(db, commandLineOperator, { email: staff.email, role: 'admin' }),
      ),
    );
    expect(revoked.changes).toEqual([{ field: 'adminRole', before: 'held', after: null }]);
  });

  it('records API keys and webhook endpoints, never a key or a secret', async () => {
    const { db } = database;
    let keyId = '';
    let key = '';
    const made = only(
      await recorded(db, async () => {
        ({ id: keyId, key } = await createApiKey(db, owner, {
          name: 'Accounts',
          scopes: ['orders:read'],
        }));
      }),
    );
    expect(made).toMatchObject({
      kind: 'api-key',
      subject: 'Accounts',
      summary: 'API key "Accounts" created',
      changes: [{ field: 'scopes', before: null, after: 'orders:read' }],
    });
    expect(JSON.stringify(made)).not.toContain(key);
    const revoked = only(await recorded(db, () => revokeApiKey(db, owner, { keyId }, monday)));
    expect(revoked.changes).toEqual([{ field: 'revoked', before: 'false', after: 'true' }]);
    // Revoking a revoked key changes nothing.
    expect(await recorded(db, () => revokeApiKey(db, owner, { keyId }, monday))).toEqual([]);

    const url = 'https://hooks.example.com/shop';
    let endpointId = '';
    let secret = '';
    const added = only(
      await recorded(db, async () => {
        ({ id: endpointId, secret } = await createWebhookEndpoint(
          db,
          owner,
          { url, events: ['order.created'], description: 'ERP' },
          { allowPrivate: true, requireHttps: false },
        ));
      }),
    );
    expect(added).toMatchObject({ kind: 'webhook', subject: url });
    expect(added.changes).toContainEqual({ field: 'events', before: null, after: 'order.created' });
    expect(JSON.stringify(added)).not.toContain(secret);

    const disabled = only(
      await recorded(db, () =>
        setWebhookEndpointEnabled(db, owner, { endpointId, enabled: false }, monday),
      ),
    );
    expect(disabled).toMatchObject({
      summary: `Webhook endpoint ${url} disabled`,
      changes: [{ field: 'enabled', before: 'true', after: 'false' }],
    });
    const [delivery] = await db
      .insert(webhookDeliveries)
      .values({ endpointId, eventType: 'order.created', payload: {}, status: 'failed' })
      .returning();
    // A disabled endpoint's delivery is not resent, and nothing is recorded.
    const refused = await recordedByFailure(db, () =>
      resendWebhookDelivery(db, owner, { deliveryId: delivery!.id }, monday),
    );
    expect(refused.failure).toMatchObject({ code: 'conflict' });
    expect(refused.entries).toEqual([]);
    await setWebhookEndpointEnabled(db, owner, { endpointId, enabled: true }, monday);
    const resent = only(
      await recorded(db, () =>
        resendWebhookDelivery(db, owner, { deliveryId: delivery!.id }, monday),
      ),
    );
    expect(resent.summary).toBe(`The order.created delivery to ${url} queued again`);
    const deleted = only(
      await recorded(db, () => deleteWebhookEndpoint(db, owner, { endpointId })),
    );
    expect(deleted.changes).toContainEqual({ field: 'url', before: url, after: null });
  });

  it('leaves no entry when the write it belongs to rolls back', async () => {
    const { db } = database;
    const entries = await recorded(db, () =>
      db
        .transaction(async (tx) => {
          await recordActivity(tx, owner, { kind: 'product', summary: 'Rolled back' });
          throw new Error('the write fails after recording');
        })
        .catch(() => {}),
    );
    expect(entries).toEqual([]);
  });

  it('refuses to update, delete or truncate an entry (the log is append-only)', async () => {
    const { db } = database;
    await recordActivity(db, owner, { kind: 'product', summary: 'Kept for ever' });
    await expect(db.execute(sql`update activity_log set summary = 'Changed'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from activity_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate activity_log`)).rejects.toThrow();
    const kept = await db.execute(
      sql`select count(*)::int as n from activity_log where summary = 'Kept for ever'`,
    );
    expect(kept.rows[0]).toEqual({ n: 1 });
  });
});

describe(`listing the activity log, on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let asha: Actor;
  let ravi: Actor;
  const query = (params: string) =>
    parseRouteQuery(activityQuerySchema, new URLSearchParams(params));
  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const first = await insertUser(db, { name: 'Asha' });
    const second = await insertUser(db, { name: 'Ravi' });
    asha = { userId: first.id, roles: ['admin'] };
    ravi = { userId: second.id, roles: ['admin'] };
    // 23:59:59 on November 23 and 00:00 on November 24, shop time
    const lastOfSunday = new Date('2026-11-23T18:29:59Z');
    const firstOfMonday = new Date('2026-11-23T18:30:00Z');
    await recordActivity(db, asha, { kind: 'product', summary: 'Sunday night' }, lastOfSunday);
    await recordActivity(db, ravi, { kind: 'order.status', summary: 'Monday' }, firstOfMonday);
    await recordActivity(db, commandLineOperator, { kind: 'role', summary: 'Role' }, monday);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('lists newest first, and filters by person, kind and shop day', async () => {
    const { db } = database;
    const summaries = async (params: string) =>
      (await listActivity(db, asha, query(params), DEFAULT_SHOP_TIME_ZONE)).entries.map(
        (entry) => entry.summary,
      );
    expect(await summaries('')).toEqual(['Role', 'Monday', 'Sunday night']);
    expect(await summaries(`person=${ravi!.userId}`)).toEqual(['Monday']);
    expect(await summaries(`person=${COMMAND_LINE_PERSON}`)).toEqual(['Role']);
    expect(await summaries('kind=product')).toEqual(['Sunday night']);
    expect(await summaries('from=2026-11-24')).toEqual(['Role', 'Monday']);
    expect(await summaries('to=2026-11-23')).toEqual(['Sunday night']);
    expect(await summaries('from=2026-11-23&to=2026-11-23')).toEqual(['Sunday night']);
    expect(await summaries(`kind=order.status&person=${asha!.userId}`)).toEqual([]);
    // Bad values fall back to no filter, never an error.
    expect(await summaries('kind=nonsense&from=2026-02-30&to=yesterday&page=-3')).toEqual([
      'Role',
      'Monday',
      'Sunday night',
    ]);
  });

  it('pages by ADMIN_PAGE_SIZE and says whether a next page exists', async () => {
    const { db } = database;
    for (let index = 0; index < ADMIN_PAGE_SIZE; index += 1) {
      await recordActivity(db, ravi, { kind: 'media', summary: `Media ${index}` });
    }
    const first = await listActivity(db, asha, query('kind=media'), DEFAULT_SHOP_TIME_ZONE);
    expect(first.entries).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.hasNextPage).toBe(false);
    const all = await listActivity(db, asha, query(''), DEFAULT_SHOP_TIME_ZONE);
    expect(all.hasNextPage).toBe(true);
    const second = await listActivity(db, asha, query('page=2'), DEFAULT_SHOP_TIME_ZONE);
    expect(second.entries).toHaveLength(3);
    expect(second.hasNextPage).toBe(false);
    const far = await listActivity(db, asha, query('page=99999999999'), DEFAULT_SHOP_TIME_ZONE);
    expect(far).toMatchObject({ entries: [], page: 10_000 });
  });

  it('names everyone with an entry for the person filter', async () => {
    expect(await activityPeople(database.db, asha)).toEqual([
      { id: asha!.userId, name: 'Asha' },
      { id: COMMAND_LINE_PERSON, name: 'Command line' },
      { id: ravi!.userId, name: 'Ravi' },
    ]);
  });

  it('refuses a customer, a visitor and an API key, with no data', async () => {
    const { db } = database;
    const customer: Actor = { userId: 'shopper', roles: [] };
    const keyActor: Actor = {
      ...asha!,
      apiKey: { id: 'key', scopes: ['orders:read', 'quotations:read', 'catalogue:write'] },
    };
    for (const [actor, code] of [
      [customer, 'forbidden'],
      [null, 'unauthenticated'],
      [keyActor, 'forbidden'],
    ] as const) {
      await expect(
        listActivity(db, actor, query(''), DEFAULT_SHOP_TIME_ZONE),
      ).rejects.toMatchObject({ code });
      await expect(activityPeople(db, actor)).rejects.toMatchObject({ code });
    }
  });
});
