/**
 * docs/requirements.md §24 at 390 px: the owner posts a making-of update with a photo, then ships part of a paid order with Blue Dart and an 11-digit AWB
 * and a photo of the packed boxes from the order's card, the buyer sees "Partly Shipped", "Track
 * Shipment" to Blue Dart's page for that number and the photo of the boxes in her shipment, and
 * the update's photo in her order's timeline; the owner's packing list names what is in the boxes; the rest leaves with India
 * Post and the order reads "Shipped"; the buyer says "I Have Received It" and both sides read
 * "Delivered". axe on each page.
 */
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { DEFAULT_SHOP_TIME_ZONE, shopDayOf } from '../../core/time/shop-calendar';
import { signedInCustomer } from './support/accounts';
import { expect, insertOrder, signedInAdmin, test } from './support/admin';
import { gotoHydrated } from './support/pages';
import { expectNoAxeViolations } from './support/axe';
import { expectNoSidewaysScroll, PHONE } from './support/phone-checks';

const BLUE_DART_AWB = '12345678901';
const UPDATE_NOTE = 'The inlay of your urli is half done; polishing next week.';
/** The form's dispatch date: today in the shop's calendar. */
const TODAY = shopDayOf(new Date(), DEFAULT_SHOP_TIME_ZONE);

test('the owner ships part of an order with Blue Dart, the buyer tracks it, and the rest follows', async ({
  shop,
}) => {
  test.setTimeout(180_000);
  const buyer = await shop.newPage();
  await buyer.setViewportSize(PHONE);
  const { email } = await signedInCustomer(buyer, shop.url, { name: 'Asha Rao' });
  const [user] = await shop.sql<{ id: string }>('select id from users where email = $1', [email]);
  await insertOrder(shop, {
    userId: user!.id,
    orderNumber: 'ORD-20261130-0001',
    paymentMethod: 'bank transfer',
    paymentStatus: 'paid',
    status: 'processing',
  });

  // The owner, on a phone: one of the two Lotus Urlis leaves with Blue Dart.
  const { page: owner } = await signedInAdmin(shop);
  await owner.setViewportSize(PHONE);
  await gotoHydrated(owner, '/admin?tab=orders');
  const card = owner.getByRole('listitem', { name: 'Order ORD-20261130-0001' });
  // A making-of update first: a note and a photo of the piece being made.
  await card.getByRole('button', { name: 'Add Production Update' }).click();
  const update = card.getByRole('group', { name: 'Add Production Update' });
  await update.getByLabel('Note').fill(UPDATE_NOTE);
  await update.getByLabel('Photos (up to 4)').setInputFiles({
    name: 'urli-inlay.png',
    mimeType: 'image/png',
    buffer: await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .png()
      .toBuffer(),
  });
  await update.screenshot({ path: 'test-results/production-update-form-390.png' });
  await expectNoAxeViolations(owner);
  await update.getByRole('button', { name: 'Post Update' }).click();
  await expect(owner.getByText('Update Posted', { exact: true })).toBeVisible();
  await expect(card.getByRole('list', { name: 'Timeline' }).getByText(UPDATE_NOTE)).toBeVisible();
  await card.getByRole('button', { name: 'Mark as Shipped' }).click();
  const shipment = card.getByRole('group', { name: 'Mark as Shipped' });
  await shipment.getByLabel('Carrier').selectOption({ label: 'Blue Dart' });
  // A wrong-shaped AWB is refused before anything is sent, with what it should be.
  await shipment.getByLabel('Tracking number').fill('12345');
  await shipment.getByLabel('Lotus Urli (2 left)').fill('1');
  await shipment.getByRole('button', { name: 'Mark as Shipped' }).click();
  await expect(
    shipment.getByText('A Blue Dart waybill (AWB) number is 11 digits, such as 12345678901.'),
  ).toBeVisible();
  await shipment.getByLabel('Tracking number').fill(BLUE_DART_AWB);
  await shipment.getByLabel('Boxes', { exact: true }).fill('2');
  await shipment.getByLabel('Photos of the packed boxes (up to 4)').setInputFiles({
    name: 'packed-boxes.png',
    mimeType: 'image/png',
    buffer: await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 150, g: 110, b: 60 } },
    })
      .png()
      .toBuffer(),
  });
  await shipment.screenshot({ path: 'test-results/shipment-form-390.png' });
  await expectNoSidewaysScroll(owner);
  await expectNoAxeViolations(owner);
  await shipment.getByRole('button', { name: 'Mark as Shipped' }).click();
  await expect(
    owner.getByText('Order status has been updated to partly shipped.', { exact: false }),
  ).toBeVisible();
  await expect(card.getByText('Partly Shipped', { exact: true })).toBeVisible();
  // Cancelling is gone once anything has shipped; the rest can still ship.
  await expect(card.getByRole('button')).toHaveText(['Add Production Update', 'Mark as Shipped']);
  // The shipment's packing list, for the box.
  const [download] = await Promise.all([
    owner.waitForEvent('download'),
    card.getByRole('link', { name: 'Packing List' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Packing-List-ORD-20261130-0001-' + TODAY + '.pdf');
  const packingList = execFileSync('pdftotext', ['-layout', (await download.path())!, '-'], {
    encoding: 'utf8',
  });
  expect(packingList).toContain('Carrier: Blue Dart · Tracking number 12345678901');
  expect(packingList).toMatch(/Lotus Urli\s+1\n/);
  expect(packingList).toContain('Boxes: 2');

  // The buyer: the shipment, its number, and Blue Dart's page for it.
  await gotoHydrated(buyer, '/dashboard?tab=orders');
  const orders = buyer.getByRole('tabpanel', { name: 'Orders' });
  await expect(orders.getByText('Partly Shipped', { exact: true })).toBeVisible();
  const shipments = orders.getByRole('list', { name: 'Shipments' });
  // Each shipment, not the list of its photos' items.
  const eachShipment = shipments.getByRole('listitem', { name: /^Shipment of / });
  await expect(eachShipment).toHaveCount(1);
  await expect(shipments.getByText(/^Shipped on .+ with Blue Dart$/)).toBeVisible();
  await expect(shipments.getByText(`Tracking number ${BLUE_DART_AWB}`)).toBeVisible();
  await expect(shipments.getByText('1 × Lotus Urli · 2 boxes')).toBeVisible();
  await expect(shipments.getByRole('link', { name: 'Track Shipment' })).toHaveAttribute(
    'href',
    `https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=${BLUE_DART_AWB}`,
  );
  // The photo of the packed boxes, a thumbnail linked to the photo itself.
  const boxes = shipments.getByRole('img', { name: 'The packed boxes, 1 of 1' });
  await boxes.scrollIntoViewIfNeeded();
  await expect
    .poll(() => boxes.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(800);
  await expect(shipments.getByRole('link', { name: 'The packed boxes, 1 of 1' })).toHaveAttribute(
    'href',
    /^\/media\/[0-9a-f-]+-800\.webp$/,
  );
  // The update, with its photo, in her order's timeline between "Paid" and "Shipped".
  const timeline = orders.getByRole('list', { name: 'Timeline' });
  await expect(
    timeline.getByRole('listitem').filter({ hasText: /^(Ordered|Update|Shipped)/ }),
  ).toHaveCount(3);
  await expect(timeline.getByText(UPDATE_NOTE)).toBeVisible();
  const photo = timeline.getByRole('img', { name: 'The order being made, 1 of 1' });
  await photo.scrollIntoViewIfNeeded();
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(800);
  await buyer.screenshot({ path: 'test-results/shipments-buyer-390.png', fullPage: true });
  await expectNoSidewaysScroll(buyer);
  await expectNoAxeViolations(buyer);

  // The other one leaves with India Post: the order is shipped.
  await card.getByRole('button', { name: 'Mark as Shipped' }).click();
  await shipment.getByLabel('Carrier').selectOption({ label: 'India Post' });
  await shipment.getByLabel('Tracking number').fill('EE123456785IN');
  await expect(shipment.getByLabel('Lotus Urli (1 left)')).toHaveValue('1');
  await shipment.getByRole('button', { name: 'Mark as Shipped' }).click();
  await expect(card.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(card.getByRole('button')).toHaveText(['Mark as Delivered']);
  await gotoHydrated(buyer, '/dashboard?tab=orders');
  await expect(eachShipment).toHaveCount(2);
  await expect(shipments.getByText('Tracking number EE123456785IN')).toBeVisible();

  // The parcel arrives: the buyer says so herself, and the owner's card reads "Delivered".
  await orders.getByRole('button', { name: 'I Have Received It' }).click();
  await expect(buyer.getByText('Marked as Delivered', { exact: true })).toBeVisible();
  await expect(orders.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(orders.getByRole('button', { name: 'I Have Received It' })).toHaveCount(0);
  await gotoHydrated(owner, '/admin?tab=orders');
  await expect(card.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
});
