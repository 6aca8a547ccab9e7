/**
 * docs/requirements.md §10, the customer's side: a request's reference and private link, the quote page before
 * and after an offer (its buttons, the thread, earlier versions, the PDF), accepting with an
 * address and paying by UPI, expiry, and who may open it (a wrong key is the 404 page). The
 * journeys that need an offer run on a server of their own on PostgreSQL and have the owner send
 * it through the quotations module, as the admin's composer does; the whole journey with the
 * admin's pages is admin-quotation's.
 */
import { formatLongDate } from '../../core/time/dates';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import type { Actor } from '../../server/modules/actor';
import {
  createMultiPieceRequest,
  createQuotationRequest,
  sendOffer,
} from '../../server/modules/quotations';
import { signedInCustomer } from './support/accounts';
import { gotoHydrated, toastWith, sidewaysScroll } from './support/pages';
import { createScratchDatabase, withPostgres } from './support/postgres';
import { startServerProcess } from './support/server-process';
import {
  allowConsoleErrors,
  expect as baseExpect,
  failedResource,
  test,
  type Page,
} from './support/test';
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/time/shop-calendar';
import { axeViolations } from './support/axe';

// A server and a database of their own next to the shared one: answers may take longer.
const expect = baseExpect.configure({ timeout: 10_000 });

const PREPARING = 'We are preparing your offer. We reply within 24 hours.';
const LINK_PATTERN = /^\/quotes\/(Q-\d{8}-\d{4,6})\?key=([A-Za-z0-9_-]{22,})$/;

/** The Request Quotation dialog of a product page, filled and sent; answers the private link. */
async function requestFromProductPage(
  page: Page,
  productId: string,
  values: { quantity: string; notes: string; name: string },
): Promise<{ reference: string; key: string; link: string }> {
  await gotoHydrated(page, `/product/${productId}`);
  await page.getByRole('link', { name: 'Get Quotation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Quotation' });
  await dialog.getByLabel('Quantity').fill(values.quantity);
  await dialog.getByLabel('Customisation notes').fill(values.notes);
  await dialog.getByLabel('Your name').fill(values.name);
  await dialog.getByRole('textbox', { name: 'Mobile' }).fill('+91 98765 43210');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  const link = dialog.getByRole('link', { name: 'View your quotation' });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  const [, reference = '', key = ''] = LINK_PATTERN.exec(href) ?? [];
  expect(href).toMatch(LINK_PATTERN);
  // docs/requirements.md §2: spec §8's toast keeps its words and carries the reference.
  await expect(toastWith(page, 'Request Submitted!')).toContainText(
    `Your quotation request has been sent. We will contact you shortly. Reference: ${reference}`,
  );
  await expect(dialog).toContainText(`Reference: ${reference}`);
  return { reference, key, link: href };
}

test.describe('on the shared server', () => {
  test('a request made on the product page shows its reference and link, which opens the quote page', async ({
    page,
  }) => {
    const { reference, link } = await requestFromProductPage(page, 'lotus-urli', {
      quantity: '3',
      notes: 'A pair for the entrance,\nwith a lotus border',
      name: 'Meera Shah',
    });
    // The link takes focus, as the form it replaced is gone.
    await expect(page.getByRole('link', { name: 'View your quotation' })).toBeFocused();
    await page.getByRole('link', { name: 'View your quotation' }).click();
    await expect(page).toHaveURL(link);
    await expect(
      page.getByRole('heading', { level: 1, name: `Your Quotation ${reference}` }),
    ).toBeVisible();
    await expect(page.getByText(PREPARING)).toBeVisible();
    const request = page.getByRole('group', { name: 'Your request' });
    await expect(request).toContainText('Lotus Urli');
    await expect(request).toContainText('3');
    await expect(request).toContainText('A pair for the entrance,');
    // Before any offer the recap is what the page is about: it shows unfolded.
    await expect(request.getByText('A pair for the entrance,')).toBeVisible();
    await expect(page.getByText('Status: Pending')).toBeVisible();
    // A private page: never indexed, never kept by a shared cache (server/http/cache-policy.ts).
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    const document = await page.request.get(link);
    expect(document.headers()['cache-control']).toBe('private, no-store');
    expect((await axeViolations(page)).join('\n\n')).toBe('');
  });

  test('a message posts to the thread as plain text, keeping its line breaks', async ({ page }) => {
    const { link } = await requestFromProductPage(page, 'boat-ganesh', {
      quantity: '1',
      notes: 'Gold leaf',
      name: 'Kabir Rao',
    });
    await gotoHydrated(page, link);
    await page.getByLabel('Your message').fill('Can it be 40 cm wide?\n<b>And polished?</b>');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toastWith(page, 'Message Sent')).toBeVisible();
    const message = page.getByRole('listitem', { name: 'Message from You' });
    await expect(message).toContainText('<b>And polished?</b>');
    await expect(message.locator('b')).toHaveCount(0);
    await expect(message.getByText('Can it be 40 cm wide?')).toHaveCSS('white-space', 'pre-line');
    await expect(page.getByLabel('Your message')).toHaveValue('');
    // docs/requirements.md §10: at most 2,000 characters, the schema's limit in the browser too.
    await expect(page.getByLabel('Your message')).toHaveAttribute('maxlength', '2000');
    // Still there on a fresh load.
    await page.reload();
    await expect(page.getByRole('listitem', { name: 'Message from You' })).toHaveCount(1);
  });

  test('no key, a wrong key or another request’s key is the 404 page, and a post with one changes nothing', async ({
    page,
  }) => {
    const first = await requestFromProductPage(page, 'lotus-urli', {
      quantity: '2',
      notes: 'FIRST-REQUEST-NOTE',
      name: 'Asha Iyer',
    });
    const second = await requestFromProductPage(page, 'boat-ganesh', {
      quantity: '5',
      notes: 'SECOND-REQUEST-NOTE',
      name: 'Ravi Iyer',
    });
    const path = `/quotes/${first.reference}`;
    allowConsoleErrors(failedResource(404, path));
    for (const address of [
      path,
      `${path}?key=${'A'.repeat(32)}`,
      `${path}?key=${second.key}`,
      `${path}?key=${first.key}x`,
    ]) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(404);
      await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
      const html = (await response?.text()) ?? '';
      expect(html).not.toContain('FIRST-REQUEST-NOTE');
      expect(html).not.toContain('Lotus Urli');
    }
    // The data request of a wrong key answers nothing either.
    const data = await page.request.get(`${path}.data?key=${second.key}`);
    expect(data.status()).toBe(404);
    expect(await data.text()).not.toContain('FIRST-REQUEST-NOTE');

    const origin = new URL(page.url()).origin;
    for (const key of ['', second.key]) {
      const posted = await page.request.post(`${path}${key ? `?key=${key}` : ''}`, {
        form: { intent: 'message', body: 'WRONG-KEY-MESSAGE' },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      expect(posted.status()).toBe(404);
    }
    await gotoHydrated(page, first.link);
    await expect(page.getByText(PREPARING)).toBeVisible();
    await expect(page.getByText('WRONG-KEY-MESSAGE')).toHaveCount(0);
    await expect(page.getByText('No messages yet.')).toBeVisible();
  });

  test('without JavaScript the request page gives the link, and the quote page takes a message', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/quote/wine-chiller-black');
    await page.getByLabel('Your name').fill('Nisha Kapoor');
    await page.getByRole('textbox', { name: 'Mobile' }).fill('9876543210');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByRole('status')).toContainText('Reference: Q-');
    await page.getByRole('link', { name: 'View your quotation' }).click();
    await expect(page).toHaveURL(/\/quotes\/Q-\d{8}-\d{4,6}\?key=[A-Za-z0-9_-]{22,}$/);
    await expect(page.getByText(PREPARING)).toBeVisible();
    await page.getByLabel('Your message').fill('Is black the only finish?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Message Sent' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Message from You' })).toContainText(
      'Is black the only finish?',
    );
    await context.close();
  });

  test('at 390 px the heading keeps the reference on one line', async ({ page }) => {
    // docs/requirements.md §19: "Your Quotation Q-20261126-0001" breaks before the reference, never inside it.
    await page.setViewportSize({ width: 390, height: 844 });
    const { reference, link } = await requestFromProductPage(page, 'lotus-urli', {
      quantity: '1',
      notes: 'One for the hall',
      name: 'Meera Shah',
    });
    await gotoHydrated(page, link);
    const heading = page.getByRole('heading', { level: 1, name: `Your Quotation ${reference}` });
    await expect(heading).toBeVisible();
    const linesOfReference = await heading.evaluate((element, text) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(text) ?? -1;
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }
      return 0;
    }, reference);
    expect(linesOfReference).toBe(1);
    expect(await sidewaysScroll(page)).toBe(0);
  });
});

// --- With offers: a server of its own on PostgreSQL, offers sent through the module -----------

interface QuoteShop {
  url: string;
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** The shop's database for the quotations module, as the admin's composer reaches it. */
  database: DatabaseHandle;
  newPage(options?: {
    javaScriptEnabled?: boolean;
    locale?: string;
    extraHTTPHeaders?: Record<string, string>;
  }): Promise<Page>;
}

const offerTest = test.extend<{ shop: QuoteShop }>({
  shop: async ({ browser }, use) => {
    const scratch = await createScratchDatabase('storefront_quotes');
    const server = await startServerProcess({ DATABASE_URL: scratch.url });
    const database = await openDatabase(scratch.url);
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    try {
      await use({
        url: server.url,
        database,
        sql: <T>(text: string, values: unknown[] = []) =>
          withPostgres(
            async (client) => (await client.query(text, values)).rows as T[],
            scratch.url,
          ),
        async newPage(options = {}) {
          const context = await browser.newContext({ baseURL: server.url, ...options });
          contexts.push(context);
          return context.newPage();
        },
      });
    } finally {
      await Promise.allSettled(contexts.map((context) => context.close()));
      await database.close();
      await server.stop();
      await scratch.drop();
    }
  },
});

const owner: Actor = { userId: 'quote-page-owner', roles: ['admin'] };

/** 'YYYY-MM-DD' a number of days from today (UTC). */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The owner sends (or revises) the offer, as the composer posts it. */
async function sendOfferOn(
  shop: QuoteShop,
  reference: string,
  values: { unitPrice: string; validUntil?: string },
) {
  const [request] = await shop.sql<{ id: string }>(
    'select id from quotation_requests where reference = $1',
    [reference],
  );
  return sendOffer(
    shop.database.db,
    owner,
    {
      quotationId: request!.id,
      lines: [
        {
          productId: '',
          description: 'Marble lotus urli, 45 cm',
          quantity: '2',
          unitPrice: values.unitPrice,
        },
        { productId: '', description: 'Brass stand', quantity: '1', unitPrice: '1200' },
      ],
      shipping: '500',
      discount: '100',
      gstRate: '12',
      validUntil: values.validUntil ?? dayFromNow(14),
      leadTimeDays: '21',
      terms: 'Prices include packing.\nReturns within 7 days of delivery.',
      note: 'Polished by hand.',
    },
    new Date(),
    DEFAULT_SHOP_TIME_ZONE,
  );
}

/** A guest's request made through the module (the product page's own path is tested above). */
async function guestRequest(shop: QuoteShop, customerMobile = '+91 94140 55555') {
  const made = await createQuotationRequest(shop.database.db, null, {
    productId: 'lotus-urli',
    quantity: '2',
    customizationNotes: 'For a temple entrance',
    customerName: 'Meera Shah',
    customerMobile,
    customerEmail: '',
  });
  return { reference: made.reference, link: `/quotes/${made.reference}?key=${made.accessKey}` };
}

offerTest(
  'at 390 px a request of four pieces with an offer opens on “Offer v1”, its recap folded below and opening on a tap; the mail’s link lands on the offer',
  async ({ shop }) => {
    const page = await shop.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const notes = 'Matched finish across the set, please.\nDelivery before Diwali.';
    const made = await createMultiPieceRequest(shop.database.db, null, {
      customerName: 'Meera Shah',
      customerMobile: '+91 94140 55555',
      customerEmail: '',
      customizationNotes: 'For a wedding hall: 20 of each piece, packed per table.',
      lines: [
        { productId: 'lotus-urli', quantity: '20', notes },
        { productId: 'brass-tealight-trio', quantity: '20', notes },
        { productId: 'jaali-candle-holder', quantity: '20', notes },
        { productId: 'pierced-brass-lantern', quantity: '20', notes },
      ],
    });
    await sendOfferOn(shop, made.reference, { unitPrice: '2300' });
    const link = `/quotes/${made.reference}?key=${made.accessKey}`;
    await gotoHydrated(page, link);

    // The offer is in the first view, with nothing scrolled.
    const heading = page.getByRole('heading', { level: 2, name: 'Offer v1' });
    await expect(heading).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = await heading.boundingBox();
    expect(box?.y ?? Infinity).toBeLessThan(844);

    // The request's recap follows the offer, folded: its pieces show on a tap on its heading.
    const recap = page.getByRole('group', { name: 'Your request' });
    const pieces = recap.getByRole('list', { name: 'Pieces' });
    await expect(pieces).toBeHidden();
    const offerBox = await page.getByRole('region', { name: 'Offer v1' }).boundingBox();
    const recapBox = await recap.boundingBox();
    expect(recapBox!.y).toBeGreaterThan(offerBox!.y);
    const summary = recap.getByRole('heading', { name: 'Your request' });
    const tap = await summary.boundingBox();
    expect(tap!.height).toBeGreaterThanOrEqual(24);
    await page.screenshot({ path: '/tmp/quote-offer-first-390-top.png' });
    await summary.click();
    await expect(pieces.getByRole('listitem')).toHaveCount(4);
    await expect(pieces).toBeVisible();
    await expect(recap.getByText('For a wedding hall')).toBeVisible();
    await page.screenshot({ path: '/tmp/quote-offer-first-390-open.png', fullPage: true });

    // The offer mail's "View the offer" opens at the offer.
    await gotoHydrated(page, `${link}#current-offer`);
    await expect(heading).toBeInViewport();
    // …and not under the sticky header.
    const header = await page.getByRole('banner').first().boundingBox();
    const landed = await heading.boundingBox();
    expect(landed!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await page.screenshot({ path: '/tmp/quote-offer-first-390.png' });
    expect(await sidewaysScroll(page)).toBe(0);
    expect((await axeViolations(page)).join('\n\n')).toBe('');
  },
);

offerTest(
  'an offer shows its lines and totals; Ask for Changes posts to the thread; a revision supersedes v1; Accept makes the order and the UTR is received',
  async ({ shop }) => {
    const page = await shop.newPage();
    const { reference, link } = await guestRequest(shop);
    const validUntil = dayFromNow(14);
    await sendOfferOn(shop, reference, { unitPrice: '10000.50', validUntil });
    await gotoHydrated(page, link);

    const offer = page.getByRole('region', { name: 'Offer v1' });
    await expect(offer.getByRole('heading', { level: 2, name: 'Offer v1' })).toBeVisible();
    const rows = offer.getByRole('table', { name: 'Pieces in offer v1' }).getByRole('row');
    await expect(rows.nth(0)).toHaveText(/Piece\s*Quantity\s*Unit price\s*Line total/);
    // docs/requirements.md §24: a line that is no catalogue piece is made to order, and says so before she accepts
    await expect(rows.nth(1)).toHaveText(
      /Marble lotus urli, 45 cm\s*Made to order \(not returnable\)\s*2\s*₹10,000\.50\s*₹20,001/,
    );
    await expect(rows.nth(2)).toHaveText(
      /Brass stand\s*Made to order \(not returnable\)\s*1\s*₹1,200\s*₹1,200/,
    );
    // lines ₹21,201 − ₹100 + ₹500 = ₹21,601; GST 12% = ₹2,592.12; total ₹24,193.12
    // docs/decisions/019: the one order of the totals, as on the owner's page, in the mail and the PDF
    await expect(offer).toContainText(
      'Subtotal₹21,201Discount−₹100Shipping₹500GST (12%)₹2,592.12Total₹24,193.12',
    );
    await expect(offer).toContainText(`Valid until ${formatLongDate(validUntil)}`);
    await expect(offer).toContainText('Lead time: 21 days');
    // The terms: the payment sentence from the offer's advance (the shop's 100%) first, then the
    // shop's own words with their line breaks
    await expect(offer).toContainText(
      'TermsPayment in full on acceptance.Prices include packing.\nReturns within 7 days of delivery.',
    );
    await expect(offer.getByText('Prices include packing.')).toHaveCSS('white-space', 'pre-line');
    await expect(offer).toContainText('Polished by hand.');
    await expect(page.getByText(PREPARING)).toHaveCount(0);
    const key = new URL(page.url()).searchParams.get('key');
    await expect(offer.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/quotes/${reference}/offers/1.pdf?key=${key}`,
    );
    expect((await axeViolations(page)).join('\n\n')).toBe('');

    // docs/requirements.md §19: on a phone each line is a stacked row with its unit price and total (the 4-line
    // journey is offer-lines-phone.spec.ts), and the page itself does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const stacked = offer.getByRole('list', { name: 'Pieces in offer v1' }).getByRole('listitem');
    await expect(stacked.nth(0)).toHaveText(
      /Marble lotus urli, 45 cm\s*Made to order \(not returnable\)\s*2 × ₹10,000\.50 = ₹20,001/,
    );
    await expect(stacked.nth(1)).toHaveText(
      /Brass stand\s*Made to order \(not returnable\)\s*1 × ₹1,200 = ₹1,200/,
    );
    expect((await axeViolations(page)).join('\n\n')).toBe('');
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Ask for Changes: a dialog with a message, which lands on the thread.
    await offer.getByRole('button', { name: 'Ask for Changes' }).click();
    const changes = page.getByRole('dialog', { name: 'Ask for Changes' });
    await changes.getByLabel('What would you like changed?').fill('Could the stand be teak?');
    expect((await axeViolations(page)).join('\n\n')).toBe('');
    await changes.getByRole('button', { name: 'Ask for Changes' }).click();
    await expect(toastWith(page, 'Changes Requested')).toBeVisible();
    await expect(changes).toBeHidden();
    await expect(page.getByRole('listitem', { name: 'Message from You' })).toContainText(
      'Could the stand be teak?',
    );

    // The owner revises: v2 is current, v1 is superseded and collapsed with a link to the latest.
    await sendOfferOn(shop, reference, { unitPrice: '9500' });
    await gotoHydrated(page, page.url());
    await expect(page.getByRole('heading', { level: 2, name: 'Offer v2' })).toBeVisible();
    const earlier = page.getByRole('group').filter({ hasText: 'Offer v1 (superseded)' });
    await expect(
      earlier.getByText('This offer has been replaced by a newer version.'),
    ).toBeHidden();
    await earlier.getByText('Offer v1 (superseded)').click();
    await expect(
      earlier.getByText('This offer has been replaced by a newer version.'),
    ).toBeVisible();
    await expect(earlier.getByRole('link', { name: 'See the latest offer' })).toHaveAttribute(
      'href',
      '#current-offer',
    );

    // The PDF of v2, for the key's holder only.
    const pdf = await page.request.get(`/quotes/${reference}/offers/2.pdf?key=${key}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toBe(`attachment; filename="${reference}-v2.pdf"`);
    expect(pdf.headers()['cache-control']).toBe('private, no-store');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    for (const wrong of [`?key=${'B'.repeat(32)}`, '']) {
      const refused = await page.request.get(`/quotes/${reference}/offers/2.pdf${wrong}`);
      expect(refused.status()).toBe(404);
    }

    // Accept Offer: the guest's address and UPI.
    const current = page.getByRole('region', { name: 'Offer v2' });
    await current.getByRole('button', { name: 'Accept Offer' }).click();
    const accept = page.getByRole('dialog', { name: 'Accept Offer' });
    // The schema's checks, in the browser as on the server: the address is read once a payment
    // method is chosen (core/quote-forms acceptOfferSchema).
    await accept.getByRole('button', { name: 'Accept Offer' }).click();
    await expect(accept.getByText('Choose a payment method')).toBeVisible();
    await accept.getByRole('radio', { name: 'UPI' }).check();
    await accept.getByRole('button', { name: 'Accept Offer' }).click();
    await expect(accept.getByText('Street Address is required')).toBeVisible();
    await accept.getByLabel('Name').fill('Meera Shah');
    await accept.getByLabel('Street Address').fill('12 Lake Road');
    await accept.getByLabel('City').fill('Udaipur');
    await accept.getByLabel('State').fill('Rajasthan');
    // docs/requirements.md §19: the request's +91 mobile starts the Country at India, with its PIN code
    await expect(accept.getByLabel('Country')).toHaveValue('IN');
    await accept.getByLabel('PIN code').fill('313001');
    expect((await axeViolations(page)).join('\n\n')).toBe('');
    await accept.getByRole('button', { name: 'Accept Offer' }).click();
    await expect(toastWith(page, 'Offer Accepted')).toContainText(
      /Your order ORD-\d{8}-\d+ has been created\./,
    );
    await expect(accept).toBeHidden();
    const [order] = await shop.sql<{ order_number: string; total_amount_minor: number }>(
      'select order_number, total_amount_minor from orders',
    );
    await expect(
      page.getByRole('heading', { name: `Your order ${order!.order_number}` }),
    ).toBeVisible();
    await expect(page.getByText('You accepted this offer')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accept Offer' })).toHaveCount(0);

    // Paying: the UPI link and its QR code, the bank details, the UTR.
    const upi = page.getByRole('link', { name: 'Pay with UPI' });
    const amount = (order!.total_amount_minor / 100).toFixed(2);
    await expect(upi).toHaveAttribute(
      'href',
      `upi://pay?pa=kalakriti%40upi&pn=Kalakriti%20Artisan%20Decor&am=${amount}&cu=INR&tn=${order!.order_number}`,
    );
    await expect(page.getByRole('img', { name: /^QR code to pay ₹[\d,.]+ by UPI$/ })).toBeVisible();
    await expect(page.getByText('A/c 000000000000 · IFSC SBIN0000000')).toBeVisible();
    expect((await axeViolations(page)).join('\n\n')).toBe('');
    const utr = page.getByLabel('Payment reference (UTR)');
    await utr.fill('12345');
    await page.getByRole('button', { name: 'Submit Reference' }).click();
    // Under the field (a toast may say it too: docs/requirements.md §10's toast of a refused submit).
    await expect(
      page.getByRole('main').getByText('A UPI reference (UTR) has 12 digits'),
    ).toBeVisible();
    await utr.fill('4021 5566 7788');
    await page.getByRole('button', { name: 'Submit Reference' }).click();
    await expect(toastWith(page, 'Reference Received')).toContainText(
      'We will confirm your payment shortly.',
    );
    await expect(page.getByRole('status').filter({ hasText: 'Payment reference' })).toHaveText(
      'Payment reference 402155667788 received. We will confirm your payment shortly.',
    );
    await expect(page.getByRole('link', { name: 'Pay with UPI' })).toHaveCount(0);
  },
);

offerTest(
  'an expired offer says so, has no Accept, and asks for a new offer; Decline takes a reason',
  async ({ shop }) => {
    const page = await shop.newPage();
    const expired = await guestRequest(shop);
    await sendOfferOn(shop, expired.reference, { unitPrice: '5000' });
    // The offer's last day is behind us (the clock moved): the page shows it expired at once.
    await shop.sql(`update quotation_offers set valid_until = '2026-01-05'`);
    await gotoHydrated(page, expired.link);
    await expect(page.getByText('This offer expired on January 5, 2026.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accept Offer' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Ask for a New Offer' }).click();
    await expect(toastWith(page, 'New Offer Requested')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Message from You' })).toHaveCount(1);

    const declined = await guestRequest(shop);
    await sendOfferOn(shop, declined.reference, { unitPrice: '5000' });
    await gotoHydrated(page, declined.link);
    await page.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline Offer' });
    await dialog.getByLabel('Reason (optional)').fill('Over our budget');
    await dialog.getByRole('button', { name: 'Decline Offer' }).click();
    await expect(toastWith(page, 'Offer Declined')).toBeVisible();
    await expect(page.getByText(/^You declined this offer/)).toBeVisible();
    await expect(page.getByText('Your reason: Over our budget')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Decline' })).toHaveCount(0);
  },
);

/**
 * Accept Offer as a page without JavaScript has it: the button opens the page with the form as a
 * section of it (`?form=accept`), which is filled with a new address and bank transfer and posted.
 */
async function acceptAsPageSection(page: Page) {
  await page.getByRole('button', { name: 'Accept Offer' }).click();
  await expect(page).toHaveURL(/[?&]form=accept/);
  const section = page.getByRole('region', { name: 'Accept Offer' });
  await section.getByLabel('Street Address').fill('4 Fort Road');
  await section.getByLabel('City').fill('Jaipur');
  await section.getByLabel('State').fill('Rajasthan');
  // docs/requirements.md §19: without JavaScript too, a +91 mobile starts at India and its PIN code
  await expect(section.getByLabel('Country')).toHaveValue('IN');
  await section.getByLabel('PIN code').fill('302001');
  // A tap in a section whose code is on its way is held and done once the code is in, or natively
  // when it cannot load (app/components/ui/deferred.tsx): the radio is checked a moment later, as
  // a person sees it, not always at once.
  const bankTransfer = section.getByRole('radio', { name: 'Bank transfer' });
  await bankTransfer.click();
  await expect(bankTransfer).toBeChecked();
  await section.getByRole('button', { name: 'Accept Offer' }).click();
}

offerTest(
  'without JavaScript, Accept Offer opens as a section of the page and makes the order',
  async ({ shop }) => {
    const page = await shop.newPage({ javaScriptEnabled: false });
    const { reference, link } = await guestRequest(shop);
    await sendOfferOn(shop, reference, { unitPrice: '7000' });
    await page.goto(link);
    await acceptAsPageSection(page);
    await expect(page.getByRole('status').filter({ hasText: 'Offer Accepted' })).toContainText(
      /Your order ORD-\d{8}-\d+ has been created\./,
    );
    await expect(page.getByRole('heading', { name: /^Your order ORD-/ })).toBeVisible();
    // A bank reference: 6 to 22 letters and digits.
    await page.getByLabel('Payment reference (UTR)').fill('hdfc0001234');
    await page.getByRole('button', { name: 'Submit Reference' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Payment reference' })).toHaveText(
      'Payment reference HDFC0001234 received. We will confirm your payment shortly.',
    );
  },
);

offerTest(
  'with JavaScript on but the offer’s controls unable to load their code, Accept Offer still works as without JavaScript',
  async ({ shop }) => {
    // The offer's buttons and forms hydrate from a chunk of their own (ui/deferred.tsx); when it
    // cannot be fetched they keep the server's HTML, which works as it does without JavaScript.
    const offerControls = /\/assets\/offer-actions-[\w-]{8}\.js$/;
    allowConsoleErrors(failedResource(404, offerControls));
    const page = await shop.newPage();
    await page.route(offerControls, (route) => route.fulfill({ status: 404, body: '' }));
    const { reference, link } = await guestRequest(shop);
    await sendOfferOn(shop, reference, { unitPrice: '7000' });
    await page.goto(link);
    await acceptAsPageSection(page);
    await expect(page.getByRole('heading', { name: /^Your order ORD-/ })).toBeVisible();
    const [order] = await shop.sql<{ status: string }>(
      'select o.status from orders o join quotation_requests q on q.id = o.quotation_request_id where q.reference = $1',
      [reference],
    );
    expect(order?.status).toBe('pending');
  },
);

offerTest(
  'a signed-in customer finds the request in the Quotations tab and opens it without a key',
  async ({ shop }) => {
    const page = await shop.newPage();
    const { email } = await signedInCustomer(page, shop.url);
    await gotoHydrated(page, '/dashboard?tab=quotations');
    await expect(page.getByText('No quotations yet')).toBeVisible();
    const { reference } = await requestFromProductPage(page, 'lotus-urli', {
      quantity: '4',
      notes: 'Signed in',
      name: 'Asha Rao',
    });
    await sendOfferOn(shop, reference, { unitPrice: '8000' });
    await gotoHydrated(page, '/dashboard?tab=quotations');
    const row = page.getByRole('listitem', { name: `Quotation ${reference}` });
    await expect(row).toContainText('Lotus Urli × 4');
    await expect(row).toContainText('Processing');
    await expect(row).toContainText(/Offer\s*Sent · ₹/);
    expect((await axeViolations(page)).join('\n\n')).toBe('');
    await row.getByRole('link', { name: reference }).click();
    await expect(page).toHaveURL(`/quotes/${reference}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Offer v1' })).toBeVisible();

    // Accept Offer offers the saved addresses, the default one chosen; a new one is a choice away.
    await shop.sql(
      `insert into addresses (user_id, title, street_address, city, state, postal_code, country, is_default)
       select id, 'Studio', '9 Marble Lane', 'Banswara', 'Rajasthan', '327001', 'IN', true
         from users where email = $1`,
      [email],
    );
    await gotoHydrated(page, page.url());
    await page.getByRole('button', { name: 'Accept Offer' }).click();
    const accept = page.getByRole('dialog', { name: 'Accept Offer' });
    await expect(accept.getByRole('radio', { name: /Studio/ })).toBeChecked();
    await expect(accept.getByLabel('Street Address')).toHaveCount(0);
    await accept.getByRole('radio', { name: 'A new address' }).check();
    await expect(accept.getByLabel('Street Address')).toBeVisible();
    await accept.getByRole('radio', { name: /Studio/ }).check();
    await accept.getByRole('radio', { name: 'Bank transfer' }).check();
    await accept.getByRole('button', { name: 'Accept Offer' }).click();
    await expect(toastWith(page, 'Offer Accepted')).toBeVisible();
    const [order] = await shop.sql<{ order_number: string; shipping_address: { city: string } }>(
      'select order_number, shipping_address from orders',
    );
    expect(order!.shipping_address.city).toBe('Banswara');

    // The order's details on the dashboard carry the same payment panel.
    await gotoHydrated(page, '/dashboard?tab=orders');
    const card = page.getByRole('listitem', { name: `Order ${order!.order_number}` });
    const panel = card.getByRole('region', { name: `Payment for ${order!.order_number}` });
    await expect(panel.getByRole('link', { name: 'Pay with UPI' })).toBeVisible();
    await expect(panel.getByRole('img', { name: /^QR code to pay ₹/ })).toBeVisible();
    await panel.getByLabel('Payment reference (UTR)').fill('hdfc0001234');
    await panel.getByRole('button', { name: 'Submit Reference' }).click();
    await expect(toastWith(page, 'Reference Received')).toBeVisible();
    await expect(panel.getByRole('status')).toHaveText(
      'Payment reference HDFC0001234 received. We will confirm your payment shortly.',
    );
    expect((await axeViolations(page)).join('\n\n')).toBe('');
  },
);

offerTest(
  "at 390 px the accept form starts at India for a guest's Indian mobile without +91, else at the browser's Accept-Language region",
  async ({ shop }) => {
    test.setTimeout(90_000);
    // A browser in the United States, whose buyer gave an Indian mobile: the request wins.
    const american = { locale: 'en-US', extraHTTPHeaders: { 'Accept-Language': 'en-US,en;q=0.9' } };
    const indian = await guestRequest(shop, '98765 43210');
    await sendOfferOn(shop, indian.reference, { unitPrice: '9000' });
    const page = await shop.newPage(american);
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, indian.link);
    await page.getByRole('button', { name: 'Accept Offer' }).click();
    let accept = page.getByRole('dialog', { name: 'Accept Offer' });
    await expect(accept.getByLabel('Mobile Number')).toHaveValue('98765 43210');
    await expect(accept.getByLabel('Country')).toHaveValue('IN');
    await expect(accept.getByLabel('PIN code')).toBeVisible();
    await expect(accept.getByLabel('ZIP code')).toHaveCount(0);
    await page.screenshot({ path: '/tmp/accept/accept-indian-mobile-390.png' });

    // A buyer with neither an Indian mobile nor a saved address: the browser's region decides.
    const abroad = await guestRequest(shop, '+1 415 555 0100');
    await sendOfferOn(shop, abroad.reference, { unitPrice: '9000' });
    await gotoHydrated(page, abroad.link);
    await page.getByRole('button', { name: 'Accept Offer' }).click();
    accept = page.getByRole('dialog', { name: 'Accept Offer' });
    await expect(accept.getByLabel('Country')).toHaveValue('US');
    await expect(accept.getByLabel('ZIP code')).toBeVisible();

    const german = await shop.newPage({
      locale: 'de-DE',
      extraHTTPHeaders: { 'Accept-Language': 'de-DE,de;q=0.9' },
    });
    await german.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(german, abroad.link);
    await german.getByRole('button', { name: 'Accept Offer' }).click();
    accept = german.getByRole('dialog', { name: 'Accept Offer' });
    await expect(accept.getByLabel('Country')).toHaveValue('DE');
    await expect(accept.getByLabel('Postal code')).toBeVisible();
    expect(await sidewaysScroll(german)).toBe(0);
  },
);

offerTest(
  'at 390 px the accept form starts at India for a +91 mobile, its postal label follows the country, and a signed-in buyer saves the address once, shown as India',
  async ({ shop }) => {
    // Two sign-ins, an acceptance and two dashboard tabs on a server of its own.
    test.setTimeout(120_000);
    const page = await shop.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInCustomer(page, shop.url);
    const [user] = await shop.sql<{ id: string }>(
      'select id from users order by created_at desc limit 1',
    );
    const buyer: Actor = { userId: user!.id, roles: [] };
    const made = await createQuotationRequest(shop.database.db, buyer, {
      productId: 'lotus-urli',
      quantity: '2',
      customizationNotes: '',
      customerName: 'Meera Shah',
      customerMobile: '+91 94140 55555',
      customerEmail: '',
    });
    await sendOfferOn(shop, made.reference, { unitPrice: '9000' });
    await gotoHydrated(page, `/quotes/${made.reference}`);
    await page.getByRole('button', { name: 'Accept Offer' }).click();
    const accept = page.getByRole('dialog', { name: 'Accept Offer' });
    await expect(accept.getByRole('group', { name: 'Shipping address' })).toBeVisible();

    // docs/requirements.md §19: the request's name and mobile, India for its +91 mobile, and its PIN code
    await expect(accept.getByLabel('Name')).toHaveValue('Meera Shah');
    await expect(accept.getByLabel('Mobile Number')).toHaveValue('+91 94140 55555');
    const country = accept.getByLabel('Country');
    await expect(country).toHaveValue('IN');
    await expect(country.locator('option').nth(0)).toHaveText('India');
    await expect(country.locator('option').nth(1)).toHaveText('United States');
    await expect(country.locator('option').nth(2)).toHaveText('Canada');
    await expect(accept.getByLabel('PIN code')).toBeVisible();
    await expect(accept.getByLabel('Save this address')).toBeChecked();
    await accept.getByLabel('Street Address').fill('12 Lake Road');
    await accept.getByLabel('City').fill('Udaipur');
    await accept.getByLabel('State').fill('Rajasthan');
    await accept.getByLabel('PIN code').fill('313001');
    await page.screenshot({ path: '/tmp/accept/accept-india-390.png', fullPage: false });

    // The label follows the select at once, and the ZIP code's rule with it.
    await country.selectOption('US');
    await expect(accept.getByLabel('ZIP code')).toHaveValue('313001');
    await expect(accept.getByLabel('PIN code')).toHaveCount(0);
    await page.screenshot({ path: '/tmp/accept/accept-us-390.png', fullPage: false });
    await accept.getByRole('radio', { name: 'UPI' }).check();
    await accept.getByRole('button', { name: 'Accept Offer' }).click();
    await expect(accept.getByText('Enter a 5-digit ZIP code, or ZIP+4 (12345-6789)')).toBeVisible();
    await country.selectOption('IN');
    await expect(accept.getByLabel('PIN code')).toHaveValue('313001');
    expect((await axeViolations(page)).join('\n\n')).toBe('');
    expect(await sidewaysScroll(page)).toBe(0);
    await accept.getByRole('button', { name: 'Accept Offer' }).click();
    await expect(toastWith(page, 'Offer Accepted')).toBeVisible();

    // Stored as India (not "Rajasthan 313001, US"), once in the address book
    const [order] = await shop.sql<{ country: string; postal: string }>(
      `select shipping_address->>'country' as country, shipping_address->>'postalCode' as postal from orders`,
    );
    expect(order).toEqual({ country: 'IN', postal: '313001' });
    // docs/requirements.md §19: accepted, not yet paid, is not yet "Completed"
    await expect(page.getByText('Status: Accepted, awaiting payment')).toBeVisible();
    await expect(page.getByText(/Status: Completed/)).toHaveCount(0);
    await gotoHydrated(page, '/dashboard?tab=addresses');
    const book = page.getByRole('tabpanel', { name: 'Addresses' });
    await expect(book.getByRole('listitem')).toHaveCount(1);
    await expect(book.getByRole('listitem')).toContainText(/313001\s*India/);
    await gotoHydrated(page, '/dashboard?tab=quotations');
    await expect(page.getByRole('listitem', { name: `Quotation ${made.reference}` })).toContainText(
      'Accepted, awaiting payment',
    );
  },
);
