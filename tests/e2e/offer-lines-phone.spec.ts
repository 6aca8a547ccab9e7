/**
 * docs/requirements.md §19 "Done when": at 390 px a 4-line offer shows each line's unit price and total, as
 * "20 × ₹2,300 = ₹46,000" under the piece, with no sideways scrolling inside the lines or the
 * page: on the buyer's quote page, on the owner's request page and in the buyer's order on the
 * dashboard. At 1366 px the quote page and the owner's page keep the table. On PostgreSQL (the
 * admin journeys' shop); the request and the offer go through the quotations module as the quote
 * list and the composer post them, and the order is written as the acceptance would write it.
 */
import { lineText, type PricedLine } from '../../core/quotes/line-text';
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/time/shop-calendar';
import { openDatabase } from '../../server/db/client';
import { createMultiPieceRequest, sendOffer } from '../../server/modules/quotations';
import { signedInCustomer } from './support/accounts';
import { expect, signedInAdmin, test, type Shop } from './support/admin';
import { gotoHydrated, sidewaysScroll } from './support/pages';
import type { Locator, Page } from './support/test';
import { axeViolations } from './support/axe';

test.describe.configure({ timeout: 240_000 });
test.use({ reducedMotion: 'reduce' });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** The demo catalogue's pieces, 20 of each, at prices the owner set (paise). */
const LINES = [
  { productId: 'floral-inlay-marble-urli', unitPriceMinor: 230_000 },
  { productId: 'brass-tealight-trio', unitPriceMinor: 145_050 },
  { productId: 'pierced-brass-lantern', unitPriceMinor: 87_500 },
  { productId: 'jaali-candle-holder', unitPriceMinor: 1_250_000 },
];
const QUANTITY = 20;

interface Line extends PricedLine {
  description: string;
}

/** How far an element's content reaches past its box sideways (0 when it fits). */
function overflow(locator: Locator): Promise<number> {
  return locator.evaluate((element) => element.scrollWidth - element.clientWidth);
}

/** The buyer's request of 4 pieces and the owner's offer for it, as the composer sends it. */
async function requestWithOffer(shop: Shop, userId: string, email: string) {
  const database = await openDatabase(shop.databaseUrl);
  try {
    const request = await createMultiPieceRequest(
      database.db,
      { userId, roles: [] },
      {
        customerName: 'Nisha Kapoor',
        customerMobile: '+91 98290 77777',
        customerEmail: email,
        customizationNotes: 'For a hotel lobby in Udaipur',
        lines: LINES.map((line) => ({
          productId: line.productId,
          quantity: String(QUANTITY),
          notes: '',
        })),
      },
    );
    const names = new Map(request.lines.map((line) => [line.productId, line.productName]));
    const lines: Line[] = LINES.map((line) => ({
      description: names.get(line.productId) ?? line.productId,
      quantity: QUANTITY,
      unitPriceMinor: line.unitPriceMinor,
      lineTotalMinor: QUANTITY * line.unitPriceMinor,
    }));
    const validUntil = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    await sendOffer(
      database.db,
      { userId: 'offer-lines-owner', roles: ['admin'] },
      {
        quotationId: request.id,
        lines: lines.map((line, index) => ({
          productId: LINES[index]!.productId,
          description: line.description,
          quantity: String(line.quantity),
          unitPrice: (line.unitPriceMinor / 100).toFixed(2),
        })),
        shipping: '6500',
        discount: '0',
        gstRate: '12',
        validUntil,
        leadTimeDays: '21',
        terms: 'Half in advance.',
        note: '',
      },
      new Date(),
      DEFAULT_SHOP_TIME_ZONE,
    );
    return { ...request, lines };
  } finally {
    await database.close();
  }
}

/** The order the buyer's acceptance makes: the offer's 4 lines, written as the flow writes them. */
async function insertOrderOf(shop: Shop, userId: string, lines: Line[]): Promise<string> {
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotalMinor, 0);
  const [order] = await shop.sql<{ id: string }>(
    `insert into orders (user_id, order_number, status, payment_status, payment_method, subtotal_minor,
                         shipping_amount_minor, tax_amount_minor, total_amount_minor, shipping_address)
     values ($1, 'ORD-3001', 'pending', 'pending', 'upi', $2, 650000, $3, $4, $5) returning id`,
    [
      userId,
      subtotal,
      Math.round((subtotal + 650000) * 0.12),
      Math.round((subtotal + 650000) * 1.12),
      JSON.stringify({
        name: 'Nisha Kapoor',
        streetAddress: '12 Lake Road',
        city: 'Udaipur',
        state: 'Rajasthan',
        postalCode: '313001',
        country: 'IN',
      }),
    ],
  );
  for (const [index, line] of lines.entries()) {
    await shop.sql(
      `insert into order_items (order_id, product_id, product_name, quantity, unit_price_minor, total_price_minor)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        order!.id,
        LINES[index]!.productId,
        line.description,
        line.quantity,
        line.unitPriceMinor,
        line.lineTotalMinor,
      ],
    );
  }
  return order!.id;
}

/**
 * At 390 px: the offer's lines are a list (the table is gone for every reader, not doubled), each
 * item the piece over its "n × ₹… = ₹…", and neither the list, the totals nor the page scroll
 * sideways. At 1366 px: the table, with its unit price and line total columns, and no list.
 */
async function expectOfferLines(offer: Locator, lines: Line[], phone: boolean) {
  const list = offer.getByRole('list', { name: 'Pieces in offer v1' });
  const table = offer.getByRole('table', { name: 'Pieces in offer v1' });
  if (phone) {
    await expect(table).toHaveCount(0);
    const items = list.getByRole('listitem');
    await expect(items).toHaveCount(lines.length);
    for (const [index, line] of lines.entries()) {
      await expect(items.nth(index).getByText(line.description, { exact: true })).toBeVisible();
      await expect(items.nth(index).getByText(lineText(line), { exact: true })).toBeVisible();
    }
    expect(await overflow(list), 'the lines scroll sideways').toBeLessThanOrEqual(0);
  } else {
    await expect(list).toHaveCount(0);
    const rows = table.getByRole('row');
    await expect(rows.nth(0)).toHaveText(/Piece\s*Quantity\s*Unit price\s*Line total/);
    for (const [index, line] of lines.entries()) {
      const [, unitPrice, lineTotal] = lineText(line).split(/ [×=] /);
      await expect(rows.nth(index + 1).getByRole('cell')).toHaveText([
        line.description,
        String(line.quantity),
        unitPrice!,
        lineTotal!,
      ]);
    }
  }
  const totals = offer.locator('dl').filter({ hasText: 'Subtotal' });
  await expect(totals.getByText('Total', { exact: true })).toBeVisible();
  expect(await overflow(totals), 'the totals scroll sideways').toBeLessThanOrEqual(0);
}

async function expectPageFits(
  page: Page,
  label: string,
  testInfo: { outputPath(name: string): string },
  { fullPage = true } = {},
) {
  expect(await sidewaysScroll(page), `${label} scrolls sideways`).toBeLessThanOrEqual(0);
  expect((await axeViolations(page)).join('\n\n'), `axe on ${label}`).toBe('');
  // For people to look at (a dialog sits in the viewport, so it is taken as the screen shows it).
  await page.screenshot({ path: testInfo.outputPath(`${label}.png`), fullPage });
}

test('a 4-line offer shows every unit price and line total at 390 px, with no sideways scrolling', async ({
  shop,
}, testInfo) => {
  const buyer = await shop.newPage();
  const { email } = await signedInCustomer(buyer, shop.url, { name: 'Nisha Kapoor' });
  const [user] = await shop.sql<{ id: string }>('select id from users where email = $1', [
    email.toLowerCase(),
  ]);
  const request = await requestWithOffer(shop, user!.id, email);
  const link = `/quotes/${request.reference}?key=${request.accessKey}`;

  // The buyer's quote page
  for (const viewport of [PHONE, DESKTOP]) {
    const phone = viewport === PHONE;
    await buyer.setViewportSize(viewport);
    await gotoHydrated(buyer, link);
    const offer = buyer.getByRole('region', { name: 'Offer v1' });
    await expectOfferLines(offer, request.lines, phone);
    await expectPageFits(buyer, `quote-page-${viewport.width}`, testInfo);
  }

  // The owner's request page, the offer sent
  const { page: owner } = await signedInAdmin(shop);
  for (const viewport of [PHONE, DESKTOP]) {
    const phone = viewport === PHONE;
    await owner.setViewportSize(viewport);
    await gotoHydrated(owner, `/admin/quotations/${request.id}`);
    const offer = owner.getByRole('article', { name: 'Offer v1' });
    await expectOfferLines(offer, request.lines, phone);
    await expectPageFits(owner, `owner-page-${viewport.width}`, testInfo);
  }

  // The order in the buyer's dashboard: the card's first 3 lines, all 4 in its details
  await insertOrderOf(shop, user!.id, request.lines);
  // An order lists its items by name (server/modules/orders).
  const items = [...request.lines].sort((a, b) => a.description.localeCompare(b.description));
  for (const viewport of [PHONE, DESKTOP]) {
    await buyer.setViewportSize(viewport);
    await gotoHydrated(buyer, '/dashboard');
    await buyer.getByRole('tab', { name: 'Orders' }).click();
    const card = buyer.getByRole('listitem', { name: 'Order ORD-3001' });
    for (const line of items.slice(0, 3)) {
      await expect(card.getByText(lineText(line), { exact: true })).toBeVisible();
    }
    await expect(card.getByText('+1 more item')).toBeVisible();
    expect(await overflow(card), 'the order card scrolls sideways').toBeLessThanOrEqual(0);
    await expectPageFits(buyer, `dashboard-order-${viewport.width}`, testInfo);

    await card.getByRole('button', { name: 'View Details' }).click();
    const details = buyer.getByRole('dialog', { name: 'Order ORD-3001' });
    const rows = details.getByRole('region', { name: 'Items' }).getByRole('listitem');
    await expect(rows).toHaveCount(items.length);
    for (const [index, line] of items.entries()) {
      await expect(rows.nth(index)).toContainText(line.description);
      await expect(rows.nth(index).getByText(lineText(line), { exact: true })).toBeVisible();
    }
    expect(await overflow(details), 'the order details scroll sideways').toBeLessThanOrEqual(0);
    await expectPageFits(buyer, `dashboard-order-details-${viewport.width}`, testInfo, {
      fullPage: false,
    });
    await buyer.keyboard.press('Escape');
    await expect(details).toBeHidden();
  }
});
