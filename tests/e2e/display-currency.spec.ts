/**
 * docs/decisions/026 "Prices in the buyer's currency, beside rupees", the journey of its "Done when": the
 * owner sets USD at 83.50; a browser whose Accept-Language is en-US sees "(≈ US$…)" on a quote
 * page's offer and in the wishlist, and the PDF has the approximate line; switching to ₹ INR with
 * the picker (a plain form) removes it, and the choice survives a reload. On PostgreSQL, on a
 * server of its own (tests/e2e/support/admin.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatLongDate } from '../../core/time/dates';
import { approximateText, type DisplayRate } from '../../core/money/display-amount';
import { formatRupeesWithApproximation } from '../../core/money/display-currency';
import { formatRupees } from '../../core/money/money';
import { offerTotalRows } from '../../core/quotes/offer-totals';
import { splitPayment } from '../../core/orders/payment-terms';
import { acceptOffer } from '../../server/flows/accept-offer';
import { DEFAULT_SHOP_TIME_ZONE, shopDayOf } from '../../core/time/shop-calendar';
import { openDatabase } from '../../server/db/client';
import { createQuotationRequest, sendOffer } from '../../server/modules/quotations';
import { signedInCustomer } from './support/accounts';
import { expect, signedInAdmin, test } from './support/admin';
import { gotoHydrated, toastWith } from './support/pages';
import { axeViolations } from './support/axe';

const APPROXIMATE = /\(≈ US\$[\d,]+\)/;

function pdfText(pdf: Buffer): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'display-currency-'));
  try {
    const file = path.join(folder, 'offer.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('the owner sets USD; an en-US buyer sees US$ beside rupees until they choose ₹ INR', async ({
  shop,
  browser,
}) => {
  test.slow();
  // 1. The owner sets USD at 83.50; the date beside it is today's shop day.
  const { page: owner } = await signedInAdmin(shop);
  await gotoHydrated(owner, '/admin/settings');
  await owner.getByRole('textbox', { name: 'USD', exact: true }).fill('83.50');
  await owner.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toastWith(owner, 'Settings Saved')).toBeVisible();
  const today = formatLongDate(shopDayOf(new Date(), DEFAULT_SHOP_TIME_ZONE));
  await owner.reload();
  await expect(owner.getByText(`set on ${today}`)).toBeVisible();
  await expect(owner.getByRole('textbox', { name: 'USD', exact: true })).toHaveValue('83.50');

  // A quotation with a sent offer, as the admin's composer sends it.
  const database = await openDatabase(shop.databaseUrl);
  let link: string;
  let pdfPath: string;
  try {
    const made = await createQuotationRequest(database.db, null, {
      productId: 'lotus-urli',
      quantity: '2',
      customizationNotes: 'For a gallery in Boston',
      customerName: 'Emily Carter',
      customerMobile: '+1 617 555 0100',
      customerEmail: '',
    });
    const [request] = await shop.sql<{ id: string }>(
      'select id from quotation_requests where reference = $1',
      [made.reference],
    );
    const validUntil = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    await sendOffer(
      database.db,
      { userId: 'display-currency-owner', roles: ['admin'] },
      {
        quotationId: request!.id,
        lines: [
          { productId: '', description: 'Marble lotus urli', quantity: '2', unitPrice: '85000' },
        ],
        shipping: '2000',
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
    link = `/quotes/${made.reference}?key=${made.accessKey}`;
    pdfPath = `/quotes/${made.reference}/offers/1.pdf?key=${made.accessKey}`;
  } finally {
    await database.close();
  }

  // 2. A browser in the US: its Accept-Language says en-US.
  const context = await browser.newContext({
    baseURL: shop.url,
    locale: 'en-US',
    extraHTTPHeaders: { 'Accept-Language': 'en-US,en;q=0.9' },
  });
  try {
    const buyer = await context.newPage();
    await gotoHydrated(buyer, link);
    // Beside the offer's total, and beside its line totals.
    await expect(
      buyer
        .locator('main')
        .getByRole('definition')
        .filter({ hasText: /^₹[\d,]+ \(≈ US\$[\d,]+\)$/ }),
    ).not.toHaveCount(0);
    await expect(buyer.getByRole('table').getByText(APPROXIMATE).first()).toBeVisible();

    // 3. The PDF has the approximate line under the total.
    const pdf = await buyer.request.get(pdfPath);
    expect(pdf.status()).toBe(200);
    const approximateLine = new RegExp(
      `Approximately US\\$[\\d,]+ at ₹83\\.50 per US\\$ \\(rates of ${today}\\); the amount payable is in rupees\\.`,
    );
    expect(pdfText(await pdf.body()).replace(/\s+/g, ' ')).toMatch(approximateLine);

    // The wishlist, signed in: a piece saved before shows its price with the approximation.
    await signedInCustomer(buyer, shop.url, { name: 'Emily Carter' });
    const [user] = await shop.sql<{ id: string }>(
      "select id from users where name = 'Emily Carter' order by created_at desc limit 1",
    );
    await shop.sql(
      `insert into wishlist_items (user_id, product_id, price_when_added_minor)
       select $1, id, price_minor from products where id = 'lotus-urli'`,
      [user!.id],
    );
    await gotoHydrated(buyer, '/dashboard?tab=wishlist');
    await expect(buyer.getByRole('tabpanel').getByText(APPROXIMATE).first()).toBeVisible();

    // axe passes on the picker (header and footer).
    const picker = buyer.getByRole('form', { name: 'Currency', exact: true });
    await expect(picker.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD');
    expect(await axeViolations(buyer, 'form[action="/currency"]')).toEqual([]);

    // 4. Switching to ₹ INR removes the approximate amounts; the choice survives a reload.
    await picker.getByRole('combobox', { name: 'Currency' }).selectOption({ label: '₹ INR' });
    await picker.getByRole('button', { name: 'Set currency' }).click();
    await expect(buyer).toHaveURL(/\/dashboard\?tab=wishlist$/);
    await expect(picker.getByRole('combobox', { name: 'Currency' })).toHaveValue('INR');
    await expect(buyer.getByRole('tabpanel').getByText(APPROXIMATE)).toHaveCount(0);
    await buyer.reload();
    await expect(buyer.getByRole('tabpanel').getByText(APPROXIMATE)).toHaveCount(0);
    await gotoHydrated(buyer, link);
    await expect(buyer.getByText('Offer v1').first()).toBeVisible();
    await expect(buyer.locator('main').getByText(APPROXIMATE)).toHaveCount(0);
    const [profile] = await shop.sql<{ display_currency: string }>(
      'select display_currency from profiles where user_id = $1',
      [user!.id],
    );
    expect(profile?.display_currency).toBe('INR');
  } finally {
    await context.close();
  }
});

test('without JavaScript the picker is a form that posts and comes back', async ({
  shop,
  browser,
}) => {
  const { page: owner } = await signedInAdmin(shop);
  await gotoHydrated(owner, '/admin/settings');
  await owner.getByRole('textbox', { name: 'GBP', exact: true }).fill('110.55');
  await owner.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toastWith(owner, 'Settings Saved')).toBeVisible();

  const context = await browser.newContext({ baseURL: shop.url, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/blog');
    const picker = page.getByRole('form', { name: 'Currency', exact: true });
    await expect(picker.getByRole('combobox', { name: 'Currency' })).toHaveValue('INR');
    await picker.getByRole('combobox', { name: 'Currency' }).selectOption('GBP');
    await picker.getByRole('button', { name: 'Set currency' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(picker.getByRole('combobox', { name: 'Currency' })).toHaveValue('GBP');
    // A chosen currency is this browser's own: no shared cache may keep the page.
    const answer = await page.request.get('/blog');
    expect(answer.headers()['cache-control']).toBe('private, no-store');

    // A request made now keeps the currency its page showed: a guest's offer mail is in it too.
    await page.goto('/quote/lotus-urli');
    await page.getByLabel('Your name').fill('Oliver Hughes');
    await page.getByRole('textbox', { name: 'Mobile' }).fill('+44 20 7946 0958');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByRole('status')).toContainText('Reference: Q-');
    const [request] = await shop.sql<{ display_currency: string | null }>(
      "select display_currency from quotation_requests where customer_name = 'Oliver Hughes'",
    );
    expect(request?.display_currency).toBe('GBP');
  } finally {
    await context.close();
  }
});

// docs/requirements.md §21: "A rate older than 60 days is not shown to buyers. Every admin page warns the owner
// until it is updated." The rate comes from the environment, dated long ago.
test.describe('a display rate older than 60 days', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    shopEnvironment: { DISPLAY_CURRENCIES: 'USD 83.50 2026-01-02' },
  });

  test('is warned of on every admin page at 390 px, and buyers see no picker', async ({
    shop,
    browser,
  }) => {
    const { page } = await signedInAdmin(shop);
    const warning = page.getByRole('region', { name: 'Display currency rates to update' });
    const text =
      'The US$ rate was set on January 2, 2026, more than 60 days ago: buyers no longer see amounts in US$. Update it in Settings.';
    await expect(warning).toHaveText(text);
    await gotoHydrated(page, '/admin/activity');
    await expect(warning).toHaveText(text);
    expect(
      await axeViolations(page, 'section[aria-label="Display currency rates to update"]'),
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.screenshot({ path: test.info().outputPath('stale-rate-warning-390.png') });
    await warning.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);

    const context = await browser.newContext({
      baseURL: shop.url,
      extraHTTPHeaders: { 'Accept-Language': 'en-US,en;q=0.9' },
    });
    try {
      const buyer = await context.newPage();
      await gotoHydrated(buyer, '/shop');
      await expect(buyer.getByRole('form', { name: 'Currency', exact: true })).toHaveCount(0);
      await expect(buyer.locator('main').getByText(APPROXIMATE)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});

// docs/decisions/026: a buyer abroad reads every rupee amount of the offer and of what she must
// pay with its approximation: the totals' rows, the terms' balance, the payment block's amount
// and its advance and balance. The rate comes from the environment, dated today.
test.describe('a buyer abroad at 390 px', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    shopEnvironment: {
      DISPLAY_CURRENCIES: `USD 83.50 ${shopDayOf(new Date(), DEFAULT_SHOP_TIME_ZONE)}`,
    },
  });
  const usd: DisplayRate = {
    currency: 'USD',
    rate: 835_000,
    setOn: shopDayOf(new Date(), DEFAULT_SHOP_TIME_ZONE),
  };

  test('reads "(≈ US$…)" beside every amount of an offer with a discount, shipping, GST and an advance, and of the payment block', async ({
    shop,
    browser,
  }) => {
    test.slow();
    const database = await openDatabase(shop.databaseUrl);
    const now = new Date();
    let link: string;
    let access: { reference: string; key: string };
    try {
      const made = await createQuotationRequest(database.db, null, {
        productId: 'lotus-urli',
        quantity: '4',
        customizationNotes: '',
        customerName: 'Emily Carter',
        customerMobile: '+1 617 555 0100',
        customerEmail: '',
      });
      const [request] = await shop.sql<{ id: string }>(
        'select id from quotation_requests where reference = $1',
        [made.reference],
      );
      await sendOffer(
        database.db,
        { userId: 'display-currency-owner', roles: ['admin'] },
        {
          quotationId: request!.id,
          lines: [
            { productId: '', description: 'Marble lotus urli', quantity: '4', unitPrice: '8500' },
          ],
          shipping: '2400',
          discount: '1500',
          gstRate: '12',
          advancePercent: '50',
          validUntil: new Date(now.getTime() + 14 * 86_400_000).toISOString().slice(0, 10),
          leadTimeDays: '21',
          terms: '',
          note: '',
        },
        now,
        DEFAULT_SHOP_TIME_ZONE,
      );
      access = { reference: made.reference, key: made.accessKey };
      link = `/quotes/${made.reference}?key=${made.accessKey}`;
    } finally {
      await database.close();
    }
    const [offer] = await shop.sql<{
      id: string;
      subtotal_minor: number;
      discount_minor: number;
      shipping_minor: number;
      gst_rate_basis_points: number;
      gst_minor: number;
      total_minor: number;
    }>(
      `select id, subtotal_minor, discount_minor, shipping_minor, gst_rate_basis_points, gst_minor,
              total_minor
         from quotation_offers where quotation_request_id =
           (select id from quotation_requests where reference = $1)`,
      [access.reference],
    );
    const rows = offerTotalRows({
      subtotalMinor: Number(offer!.subtotal_minor),
      discountMinor: Number(offer!.discount_minor),
      shippingMinor: Number(offer!.shipping_minor),
      gstRateBasisPoints: Number(offer!.gst_rate_basis_points),
      gstMinor: Number(offer!.gst_minor),
      totalMinor: Number(offer!.total_minor),
    });
    expect(rows.map((row) => row.label)).toEqual([
      'Subtotal',
      'Discount',
      'Shipping',
      'GST (12%)',
      'Total',
    ]);

    const context = await browser.newContext({
      baseURL: shop.url,
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { 'Accept-Language': 'en-US,en;q=0.9' },
    });
    try {
      const buyer = await context.newPage();
      await gotoHydrated(buyer, link);
      const current = buyer.getByRole('region', { name: 'Offer v1' });
      // Every row of the totals: its rupees, then the approximation.
      for (const row of rows) {
        await expect(
          current.getByRole('definition').filter({ hasText: row.amount }),
          row.label,
        ).toHaveText(`${row.amount} ${approximateText(row.minor, usd)}`);
      }
      const totalMinor = Number(offer!.total_minor);
      const advanceMinor = splitPayment(totalMinor, 50).advanceMinor;
      const balanceMinor = totalMinor - advanceMinor;
      await expect(
        current.getByText(
          `50% advance on acceptance, the balance of ${formatRupeesWithApproximation(balanceMinor, usd)} before dispatch.`,
        ),
      ).toBeVisible();
      expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      await current.screenshot({ path: test.info().outputPath('offer-approximations-390.png') });

      // Accepted: the payment block asks for the advance, with its approximation.
      const accepting = await openDatabase(shop.databaseUrl);
      try {
        await acceptOffer(
          accepting.db,
          null,
          {
            ...access,
            offerId: offer!.id,
            paymentMethod: 'bank transfer',
            streetAddress: '12 Beacon Street',
            city: 'Boston',
            state: 'MA',
            postalCode: '02108',
            country: 'United States',
          },
          new Date(),
          DEFAULT_SHOP_TIME_ZONE,
        );
      } finally {
        await accepting.close();
      }
      await gotoHydrated(buyer, link);
      const payment = buyer.getByRole('region', { name: /^Payment for ORD-/ });
      await expect(payment.getByText('Pay the advance')).toBeVisible();
      await expect(payment.getByText(/^Amount:/)).toHaveText(
        `Amount: ${formatRupeesWithApproximation(advanceMinor, usd)} by Bank transfer`,
      );
      const progress = payment.getByRole('definition');
      await expect(progress.filter({ hasText: formatRupees(advanceMinor) }).first()).toHaveText(
        formatRupeesWithApproximation(advanceMinor, usd),
      );
      await expect(progress.filter({ hasText: formatRupees(balanceMinor) }).last()).toHaveText(
        formatRupeesWithApproximation(balanceMinor, usd),
      );
      expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      await payment.screenshot({ path: test.info().outputPath('payment-approximations-390.png') });
    } finally {
      await context.close();
    }
  });
});
