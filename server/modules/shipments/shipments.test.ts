/**
 * Shipments against a real database (docs/requirements.md §24, docs/decisions/028): "Mark as Shipped" records
 * a shipment with its carrier and tracking and moves the order to "Partly Shipped" until every
 * piece has shipped, then "Shipped"; the tax invoice is issued with the first shipment; a shipment
 * of more than is left, a wrong-shaped tracking number or a shipped order's cancel change nothing.
 * Photos of the packed boxes go through the image pipeline once the owner, the shipment and their
 * number are checked, and none stays behind a shipment that was not recorded.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDefaults, type SiteSettings } from '../../../content/site';
import { orderActionRefusals } from '../../../core/admin/admin';
import { shipmentProblems } from '../../../core/orders/shipments';
import { insertOrder, insertOrderItem, insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { applyOrderAction } from '../../flows/apply-order-action';
import { shipOrder } from '../../flows/ship-order';
import { orderShipments, orders, taxDocuments, webhookDeliveries } from '../../db/schema';
import { localMediaStorage, type MediaStorage } from '../../media-storage';
import type { Actor } from '../actor';
import { getOrderOfUser } from '../orders';
import { createWebhookEndpoint } from '../webhooks';
import { readPackingList } from './index';
import { packingListFileName, renderPackingListPdf } from './packing-list-pdf';
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const site: SiteSettings = { ...siteDefaults, shopName: 'Kalakriti Artisan Decor' };
/** 30 November 2026, 11:00 in India. */
const NOW = new Date('2026-11-30T05:30:00Z');

function temporaryStorage(): { directory: string; storage: MediaStorage } {
  const directory = path.join(mkdtempSync(path.join(os.tmpdir(), 'storefront-shipment-')), 'media');
  return { directory, storage: localMediaStorage(directory) };
}

describe(`shipments on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let owner: Actor;
  let buyer: Actor;
  let customer: Actor;
  let elephantsId: string;
  let diyaId: string;
  let png: Buffer;
  /** Where the shipments without photos store nothing. */
  let unused: MediaStorage;

  /** A paid order being made: 2 elephant pairs and 20 diyas, ₹1,10,000 + 12% GST. */
  async function orderInMaking() {
    const { db } = database;
    const order = await insertOrder(db, {
      userId: buyer!.userId,
      status: 'processing',
      paymentStatus: 'paid',
      paymentMethod: 'bank transfer',
      paymentId: 'UTR0001',
      shippingAddress: {
        name: 'Asha Rao',
        streetAddress: '12 Lake Road',
        city: 'Jaipur',
        state: 'Rajasthan',
        postalCode: '302001',
        country: 'IN',
      },
      subtotalMinor: 11_000_000,
      taxAmountMinor: 1_320_000,
      totalAmountMinor: 12_320_000,
    });
    const elephants = await insertOrderItem(db, {
      orderId: order.id,
      productId: elephantsId,
      productName: 'Makrana marble elephant pair',
      quantity: 2,
      unitPriceMinor: 4_500_000,
    });
    const diyas = await insertOrderItem(db, {
      orderId: order.id,
      productId: diyaId,
      productName: 'Brass diya',
      quantity: 20,
      unitPriceMinor: 100_000,
    });
    return { order, elephants, diyas };
  }

  const ship = (
    orderId: string,
    shipment: Record<string, unknown>,
    actor: Actor = owner,
    now: Date = NOW,
    { storage = unused, photos = [] }: { storage?: MediaStorage; photos?: Uint8Array[] } = {},
  ) => shipOrder(database.db, actor, storage, { orderId, shipment, photos }, site, now);

  const statusOf = async (orderId: string) =>
    (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    owner = { userId: (await insertUser(db)).id, roles: ['admin'] };
    buyer = { userId: (await insertUser(db)).id, roles: [] };
    customer = { userId: (await insertUser(db)).id, roles: [] };
    elephantsId = (await insertProduct(db, { name: 'Elephant pair', hsnCode: '6802' })).id;
    diyaId = (await insertProduct(db, { name: 'Brass diya', hsnCode: '7418' })).id;
    unused = temporaryStorage().storage;
    png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 150, g: 110, b: 60 } },
    })
      .png()
      .toBuffer();
    await createWebhookEndpoint(
      db,
      owner,
      { url: 'http://127.0.0.1:9/hooks', events: ['order.shipped'] },
      { allowPrivate: true, requireHttps: false },
    );
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('ships in two parts: "Partly Shipped", then "Shipped", with the invoice issued by the first', async () => {
    const { order, elephants, diyas } = await orderInMaking();
    const first = await ship(order.id, {
      carrier: 'blue-dart',
      trackingNumber: ' 1234 5678 901 ',
      dispatchedOn: '2026-11-30',
      boxes: '2',
      pieces: [
        { orderItemId: elephants.id, quantity: '2' },
        { orderItemId: diyas.id, quantity: '8' },
      ],
    });
    expect(first).toMatchObject({
      status: 'partly_shipped',
      invoiceNumber: 'KK/26-27/0001',
      invoiceIssuedNow: true,
      shipment: {
        carrier: 'blue-dart',
        carrierName: 'Blue Dart',
        trackingNumber: '12345678901',
        trackingUrl:
          'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=12345678901',
        dispatchedOn: '2026-11-30',
        boxes: 2,
      },
    });
    expect(
      first.shipment.pieces.map(({ productName, quantity }) => [productName, quantity]),
    ).toEqual([
      ['Brass diya', 8],
      ['Makrana marble elephant pair', 2],
    ]);
    // Cancelling is refused once anything has shipped, and changes nothing.
    await expect(
      applyOrderAction(database.db, owner, { orderId: order.id, action: 'cancel' }, site, NOW),
    ).rejects.toMatchObject({ message: orderActionRefusals.cancelAfterShipping });

    // More diyas than are left: refused, nothing recorded.
    await expect(
      ship(order.id, {
        carrier: 'india-post',
        trackingNumber: 'EE123456785IN',
        dispatchedOn: '2026-12-02',
        boxes: '1',
        pieces: [{ orderItemId: diyas.id, quantity: '13' }],
      }),
    ).rejects.toMatchObject({
      code: 'invalid',
      message: shipmentProblems.tooMany('Brass diya', 12),
    });
    expect(await statusOf(order.id)).toBe('partly_shipped');

    const second = await ship(
      order.id,
      {
        carrier: 'india-post',
        trackingNumber: 'EE123456785IN',
        dispatchedOn: '2026-12-02',
        boxes: '1',
        pieces: [{ orderItemId: diyas.id, quantity: '12' }],
      },
      owner,
      new Date('2026-12-02T05:30:00Z'),
    );
    expect(second).toMatchObject({ status: 'shipped', invoiceIssuedNow: false });
    const invoices = await database.db
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.orderId, order.id));
    expect(invoices).toHaveLength(1);

    // The buyer's order shows both, in order, each with its tracking.
    const seen = await getOrderOfUser(database.db, buyer, { orderId: order.id });
    expect(
      seen.shipments.map((shipment) => [shipment.carrierName, shipment.trackingNumber]),
    ).toEqual([
      ['Blue Dart', '12345678901'],
      ['India Post', 'EE123456785IN'],
    ]);
    // Integrations heard of each, the first with pieces still to ship.
    const deliveries = await database.db
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'order.shipped'))
      .orderBy(webhookDeliveries.createdAt);
    const shipped = deliveries.map(
      (delivery) =>
        (delivery.payload as { data: { everyPieceShipped: boolean } }).data.everyPieceShipped,
    );
    expect(shipped).toEqual([false, true]);
  });

  it('refuses a wrong-shaped tracking number, Other without its number or link, and a stranger', async () => {
    const { order, elephants } = await orderInMaking();
    const pieces = [{ orderItemId: elephants.id, quantity: '2' }];
    const base = { dispatchedOn: '2026-11-30', boxes: '1', pieces };
    await expect(
      ship(order.id, { ...base, carrier: 'blue-dart', trackingNumber: '12345' }),
    ).rejects.toMatchObject({
      code: 'invalid',
      message: 'A Blue Dart waybill (AWB) number is 11 digits, such as 12345678901.',
    });
    await expect(ship(order.id, { ...base, carrier: 'other' })).rejects.toMatchObject({
      code: 'invalid',
      message: shipmentProblems.otherNeedsTracking,
    });
    await expect(
      ship(order.id, { ...base, carrier: 'other', trackingUrl: 'javascript:alert(1)' }),
    ).rejects.toMatchObject({ code: 'invalid' });
    for (const actor of [null, customer]) {
      await expect(
        ship(order.id, { ...base, carrier: 'blue-dart', trackingNumber: '12345678901' }, actor),
      ).rejects.toMatchObject({ code: actor ? 'forbidden' : 'unauthenticated' });
    }
    expect(
      await database.db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id)),
    ).toEqual([]);
    expect(await statusOf(order.id)).toBe('processing');

    // Other with the carrier's own page: recorded, its link the owner's.
    const other = await ship(order.id, {
      ...base,
      carrier: 'other',
      trackingUrl: 'https://track.example.in/parcel/77',
    });
    expect(other.shipment).toMatchObject({
      carrierName: 'Other',
      trackingNumber: null,
      trackingUrl: 'https://track.example.in/parcel/77',
    });
  });

  it('ships nothing of an order not being made', async () => {
    const { order, elephants } = await orderInMaking();
    await database.db.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, order.id));
    await expect(
      ship(order.id, {
        carrier: 'blue-dart',
        trackingNumber: '12345678901',
        dispatchedOn: '2026-11-30',
        boxes: '1',
        pieces: [{ orderItemId: elephants.id, quantity: '2' }],
      }),
    ).rejects.toMatchObject({ message: orderActionRefusals.notAvailable('confirmed') });
    expect(
      await database.db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id)),
    ).toEqual([]);
  });

  it('prints a shipment’s packing list for the owner: the pieces, the boxes, both addresses', async () => {
    const { order, elephants, diyas } = await orderInMaking();
    const { shipment } = await ship(order.id, {
      carrier: 'delhivery',
      trackingNumber: '1234567890123',
      dispatchedOn: '2026-11-30',
      boxes: '3',
      pieces: [
        { orderItemId: elephants.id, quantity: '2' },
        { orderItemId: diyas.id, quantity: '20' },
      ],
    });
    const list = await readPackingList(database.db, owner, { shipmentId: shipment.id }, site);
    const file = path.join(tmpdir(), `packing-list-${shipment.id}.pdf`);
    writeFileSync(file, await renderPackingListPdf(list));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    rmSync(file);
    for (const line of [
      'Packing List',
      `Order: ${list.orderNumber}`,
      'Dispatch date: November 30, 2026',
      'Carrier: Delhivery · Tracking number 1234567890123',
      'Kalakriti Artisan Decor',
      'Asha Rao',
      '12 Lake Road',
      'Jaipur, Rajasthan 302001',
      'Boxes: 3',
    ]) {
      expect(text, line).toContain(line);
    }
    expect(text).toMatch(/Brass diya\s+20\n/);
    expect(text).toMatch(/Makrana marble elephant pair\s+2\n/);
    expect(packingListFileName(list)).toBe(`Packing-List-${list.orderNumber}-2026-11-30.pdf`);
    // The owner's alone.
    for (const actor of [null, buyer]) {
      await expect(
        readPackingList(database.db, actor, { shipmentId: shipment.id }, site),
      ).rejects.toMatchObject({ code: actor ? 'forbidden' : 'unauthenticated' });
    }
  });

  /** A storage that counts what is put in it, to show nothing was decoded or stored. */
  function watchedStorage() {
    const { directory, storage } = temporaryStorage();
    const watched = { directory, puts: 0, storage: storage };
    watched.storage = {
      ...storage,
      put: async (...args) => {
        watched.puts += 1;
        await storage.put(...args);
      },
    };
    return watched;
  }

  const shipmentsOf = (orderId: string) =>
    database.db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId));

  it('ships with two photos of the packed boxes: stored as product media are, on the buyer’s order, told to integrations', async () => {
    const { order, elephants } = await orderInMaking();
    const { directory, storage } = temporaryStorage();
    const { shipment } = await ship(
      order.id,
      {
        carrier: 'blue-dart',
        trackingNumber: '12345678901',
        dispatchedOn: '2026-11-30',
        boxes: '2',
        pieces: [{ orderItemId: elephants.id, quantity: '2' }],
      },
      owner,
      NOW,
      { storage, photos: [png, png] },
    );
    expect(shipment.photos).toHaveLength(2);
    expect(shipment.photos[0]).toMatchObject({ width: 800, height: 533 });
    for (const photo of shipment.photos) {
      expect(photo.url).toMatch(/^\/media\/[0-9a-f-]+-800\.webp$/);
    }
    // WebP and AVIF at 400 and 800 wide, for each photo.
    const files = readdirSync(directory);
    expect(files).toHaveLength(8);
    expect(files.filter((file) => file.endsWith('.avif'))).toHaveLength(4);

    const seen = await getOrderOfUser(database.db, buyer, { orderId: order.id });
    expect(seen.shipments.map((each) => each.photos)).toEqual([shipment.photos]);
    const deliveries = await database.db
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'order.shipped'));
    const told = deliveries
      .map((delivery) => (delivery.payload as { data: Record<string, unknown> }).data)
      .find((data) => data.shipmentId === shipment.id);
    expect(told?.photoUrls).toEqual(shipment.photos.map((photo) => photo.url));
  });

  it('refuses five photos, a shipment that cannot be recorded and an order not being made, with nothing stored', async () => {
    const { order, elephants } = await orderInMaking();
    const watched = watchedStorage();
    const shipment = {
      carrier: 'blue-dart',
      trackingNumber: '12345678901',
      dispatchedOn: '2026-11-30',
      boxes: '1',
      pieces: [{ orderItemId: elephants.id, quantity: '2' }],
    };
    const withPhotos = (photos: Uint8Array[]) => ({ storage: watched.storage, photos });
    await expect(
      ship(order.id, shipment, owner, NOW, withPhotos([png, png, png, png, png])),
    ).rejects.toMatchObject({ code: 'invalid', message: shipmentProblems.tooManyPhotos });
    // A shipment the schema refuses costs no encode either.
    await expect(
      ship(order.id, { ...shipment, trackingNumber: '12345' }, owner, NOW, withPhotos([png])),
    ).rejects.toMatchObject({ code: 'invalid' });
    expect(watched.puts).toBe(0);
    // A file that is not an image, after one that is: the first is removed again.
    await expect(
      ship(
        order.id,
        shipment,
        owner,
        NOW,
        withPhotos([png, new TextEncoder().encode('<svg></svg>')]),
      ),
    ).rejects.toMatchObject({ code: 'invalid' });
    // Stored, then refused in the transaction (the order is not being made): removed again.
    await database.db.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, order.id));
    await expect(ship(order.id, shipment, owner, NOW, withPhotos([png]))).rejects.toMatchObject({
      message: orderActionRefusals.notAvailable('confirmed'),
    });
    expect(watched.puts).toBeGreaterThan(0);
    expect(readdirSync(watched.directory)).toEqual([]);
    expect(await shipmentsOf(order.id)).toEqual([]);
  });

  it('refuses anyone but the owner before a photo is decoded or stored', async () => {
    const { order, elephants } = await orderInMaking();
    const watched = watchedStorage();
    for (const actor of [null, customer, buyer]) {
      await expect(
        ship(
          order.id,
          {
            carrier: 'blue-dart',
            trackingNumber: '12345678901',
            dispatchedOn: '2026-11-30',
            boxes: '1',
            pieces: [{ orderItemId: elephants.id, quantity: '2' }],
          },
          actor,
          NOW,
          { storage: watched.storage, photos: [png] },
        ),
      ).rejects.toMatchObject({ code: actor ? 'forbidden' : 'unauthenticated' });
    }
    expect(watched.puts).toBe(0);
    expect(readdirSync(watched.directory)).toEqual([]);
    expect(await shipmentsOf(order.id)).toEqual([]);
    expect(await statusOf(order.id)).toBe('processing');
  });
});
