/**
 * docs/requirements.md §10 "What the owner does": the admin quotation page on PostgreSQL. The owner opens a
 * request from the list, composes an offer (totals as typed), saves it, sends it, revises it,
 * withdraws it, and answers on the thread; nobody else gets the page's data.
 */
import { createHash } from 'node:crypto';
import { signedInCustomer, waitForOutbox } from './support/accounts';
import { expect, insertOrder, openAdminTab, signedInAdmin, test, type Shop } from './support/admin';
import { gotoHydrated, toasts } from './support/pages';
import { allowConsoleErrors, failedResource, type Page } from './support/test';
import { expectNoAxeViolations } from './support/axe';

const toastWith = (page: Page, title: string, description: string) =>
  toasts(page).filter({ hasText: title }).filter({ hasText: description }).first();

/** A guest's request for two Lotus Urlis (₹3,400 in the catalogue), waiting for the shop. */
async function seedQuotation(shop: Shop): Promise<{ id: string; reference: string }> {
  const [row] = await shop.sql<{ id: string; reference: string }>(
    `insert into quotation_requests (product_id, product_name, quantity, customization_notes,
                                     customer_name, customer_company, customer_mobile, customer_email,
                                     awaiting_reply_since)
     values ('lotus-urli', 'Lotus Urli', 2, 'A matt finish, please', 'Kabir Mehta', 'Mehta Interiors',
             '98290 44444', 'kabir@example.com', now())
     returning id, reference`,
  );
  return row!;
}

/** The composer's totals as shown: Subtotal, Discount, Shipping, GST and Total. */
async function expectTotals(page: Page, expected: Record<string, string>) {
  const list = page.locator('dl[aria-label="Offer totals"]');
  for (const [label, value] of Object.entries(expected)) {
    const term = list.getByText(label, { exact: true });
    await expect(term.locator('xpath=following-sibling::dd[1]')).toHaveText(value);
  }
}

test.describe('the owner of the shop', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ reducedMotion: 'reduce' });

  test('composes, saves, sends, revises and withdraws an offer, and replies', async ({ shop }) => {
    const quotation = await seedQuotation(shop);
    const { page } = await signedInAdmin(shop);

    // docs/requirements.md §10: the list shows the reference, the latest offer status and "Needs reply".
    const row = page
      .getByRole('tabpanel')
      .getByRole('listitem', { name: 'Quotation from Kabir Mehta for Lotus Urli' });
    await expect(row.getByText(`Quotation ${quotation.reference} · No offer yet`)).toBeVisible();
    await expect(row.getByText('Needs reply', { exact: true })).toBeVisible();
    await row.getByRole('link', { name: 'Lotus Urli × 2' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/quotations/${quotation.id}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Quotation ${quotation.reference}` }),
    ).toBeVisible();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);

    // The request and the customer.
    await expect(page.getByText('A matt finish, please')).toBeVisible();
    await expect(page.getByText('Mehta Interiors')).toBeVisible();
    await expect(page.getByRole('link', { name: '98290 44444' })).toHaveAttribute(
      'href',
      'tel:98290 44444',
    );
    await expect(page.getByText('No offer has been sent yet.')).toBeVisible();

    // The composer starts with the request's piece at its catalogue price.
    await expect(page.getByRole('heading', { name: 'Compose Offer v1' })).toBeVisible();
    const line1 = page.getByRole('group', { name: 'Line 1' });
    await expect(line1.getByLabel('Description')).toHaveValue('Lotus Urli');
    await expect(line1.getByLabel('Quantity')).toHaveValue('2');
    await expect(line1.getByLabel('Unit price (₹)')).toHaveValue('3400');
    await expect(page.getByLabel('GST rate (%)')).toHaveValue('12');
    await expect(line1.getByText('Line total: ₹6,800')).toBeVisible();
    await expectTotals(page, {
      Subtotal: '₹6,800',
      'GST (12%)': '₹816',
      Total: '₹7,616',
    });

    // Totals follow the typing: GST on (lines − discount + shipping) at 12%...
    await page.getByLabel('Shipping (₹)').fill('150.25');
    await page.getByLabel('Discount (₹)').fill('100');
    await expectTotals(page, {
      Subtotal: '₹6,800',
      Discount: '−₹100',
      Shipping: '₹150.25',
      'GST (12%)': '₹822.03',
      Total: '₹7,672.28',
    });
    // ...and at 18%, where 6,850.25 × 18% = 1,233.045: half a paisa, rounded up.
    await page.getByLabel('GST rate (%)').fill('18');
    await expectTotals(page, { 'GST (18%)': '₹1,233.05', Total: '₹8,083.30' });
    // A field that does not parse shows a dash where it counts, not a wrong figure.
    await page.getByLabel('Shipping (₹)').fill('a lot');
    await expectTotals(page, { Shipping: '—', 'GST (18%)': '—', Total: '—' });
    await page.getByLabel('Shipping (₹)').fill('150.25');
    await expectTotals(page, { Total: '₹8,083.30' });

    // Add Product brings a catalogue piece at its price; Add Custom Line a blank line to fill.
    await page.getByLabel('Catalogue piece').selectOption({ label: 'Boat Ganesh · ₹2,400' });
    await page.getByRole('button', { name: 'Add Product' }).click();
    const line2 = page.getByRole('group', { name: 'Line 2' });
    await expect(line2.getByLabel('Description')).toHaveValue('Boat Ganesh');
    await expect(line2.getByLabel('Unit price (₹)')).toHaveValue('2400');
    await expect(line2.getByText('Line total: ₹2,400')).toBeVisible();
    await expectTotals(page, { Subtotal: '₹9,200' });
    await page.getByRole('button', { name: 'Remove line 2' }).click();
    await expect(line2).toHaveCount(0);
    await page.getByRole('button', { name: 'Add Custom Line' }).click();
    await expect(line2.getByLabel('Description')).toHaveValue('');
    await line2.getByLabel('Description').fill('Gift packing');
    await line2.getByLabel('Unit price (₹)').fill('250');
    await expect(line2.getByText('Line total: ₹250')).toBeVisible();
    await expectTotals(page, { Subtotal: '₹7,050' });
    await page.getByRole('button', { name: 'Remove line 2' }).click();
    await expectTotals(page, { Subtotal: '₹6,800', Total: '₹8,083.30' });

    await page.getByLabel('Lead time (days)').fill('21');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(toastWith(page, 'Draft Saved', 'Offer v1 is saved as a draft.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Offer v1 (draft)' })).toBeVisible();
    // The draft is what the composer starts from on the next visit.
    await gotoHydrated(page, `/admin/quotations/${quotation.id}`);
    await expect(page.getByLabel('Shipping (₹)')).toHaveValue('150.25');
    await expect(page.getByLabel('GST rate (%)')).toHaveValue('18');
    await expect(page.getByLabel('Lead time (days)')).toHaveValue('21');
    await expectTotals(page, { Total: '₹8,083.30' });

    await page.getByRole('button', { name: 'Send Offer' }).click();
    await expect(
      toastWith(page, 'Offer Sent', 'The offer has been sent to Kabir Mehta.'),
    ).toBeVisible();
    const v1 = page.getByRole('article', { name: 'Offer v1' });
    await expect(v1.getByText('Sent', { exact: true })).toBeVisible();
    await expect(v1.getByText('₹8,083.30')).toBeVisible();
    const [sent] = await shop.sql<{ status: string }>(
      'select status from quotation_requests where id = $1',
      [quotation.id],
    );
    // spec §4: sending moves the request from pending to processing.
    expect(sent!.status).toBe('processing');
    await expect(page.getByRole('button', { name: 'Send Offer' })).toHaveCount(0);

    // "Send on WhatsApp": the customer's mobile in international form and a private link made
    // when the owner clicks, never by loading the page.
    const keysNow = async () =>
      (
        await shop.sql<{ n: number }>(
          'select count(*)::int as n from quotation_access_keys where quotation_request_id = $1',
          [quotation.id],
        )
      )[0]!.n;
    // The offer's mail carries a key of its own, made by the worker when it delivers the mail:
    // counted once it is delivered, so only the page's own keys are left to count.
    await waitForOutbox(
      'kabir@example.com',
      new RegExp(`Subject: (Your quotation ${quotation.reference})`),
      shop.dataDir,
    );
    const keysBefore = await keysNow();
    await page.reload();
    expect(await keysNow()).toBe(keysBefore);
    // A GET makes no link (docs/requirements.md §10: a link on another site could have made one).
    const fetched = await page.request.get(`/admin/quotations/${quotation.id}/whatsapp`, {
      maxRedirects: 0,
    });
    expect(fetched.status()).toBe(405);
    expect(await keysNow()).toBe(keysBefore);
    // The button posts a form in a new tab, which the answer sends on to WhatsApp.
    await page
      .context()
      .route('https://wa.me/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/plain', body: 'WhatsApp' }),
      );
    // Chromium's headless shell, which the journeys drive (docs/decisions/031), aborts a new tab's
    // redirect to another site, where the full browser follows it; the phone journey
    // (admin-quotation-phone.spec.ts) follows the same redirect in its own tab. Here the new tab
    // opens, and the answer's Location is where it is sent.
    const whatsappAnswer = page
      .context()
      .waitForEvent('response', (response) =>
        response.url().endsWith(`/admin/quotations/${quotation.id}/whatsapp`),
      );
    const [chat] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Send on WhatsApp' }).click(),
    ]);
    const answer = await whatsappAnswer;
    expect(answer.request().method()).toBe('POST');
    const href = answer.headers()['location'] ?? '';
    await chat.close();
    expect(href).toMatch(/^https:\/\/wa\.me\/919829044444\?text=/);
    const text = decodeURIComponent(href.slice(href.indexOf('?text=') + 6));
    expect(text).toContain(`/quotes/${quotation.reference}?key=`);
    const key = /\?key=([A-Za-z0-9_-]+)/.exec(text)![1]!;
    // The key is one of this request's own (stored as its SHA-256 only).
    const keys = await shop.sql(
      'select 1 from quotation_access_keys where key_hash = $1 and quotation_request_id = $2',
      [createHash('sha256').update(key).digest('hex'), quotation.id],
    );
    expect(keys).toHaveLength(1);

    // Revise Offer: a new version supersedes the one sent.
    await page.getByRole('group', { name: 'Line 1' }).getByLabel('Unit price (₹)').fill('3300');
    await page.getByRole('button', { name: 'Revise Offer' }).click();
    await expect(
      toastWith(page, 'Offer Sent', 'The offer has been sent to Kabir Mehta.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Compose Offer v3' })).toBeVisible();
    const v2 = page.getByRole('article', { name: 'Offer v2' });
    await expect(v2.getByText('Sent', { exact: true })).toBeVisible();
    await expect(v2.getByRole('cell', { name: '₹3,300' })).toBeVisible();
    const earlier = page.locator('details', { hasText: 'Offer v1' });
    await expect(earlier.locator('summary')).toContainText('Offer v1 · Superseded');
    await expect(page.getByRole('article', { name: 'Offer v1' })).toHaveCount(0);

    // Withdraw Offer, after a confirmation.
    await page.getByRole('button', { name: 'Withdraw Offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw Offer' });
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(toastWith(page, 'Offer Withdrawn', 'Offer v2 has been withdrawn.')).toBeVisible();
    await expect(v2.getByText('Withdrawn', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Offer' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Send on WhatsApp' })).toHaveCount(0);

    // The thread: the reply appears, inert, and the request no longer needs one.
    await page.getByLabel('Reply').fill('We can do the matt finish. <b>Ten days</b> more.');
    await page.getByRole('button', { name: 'Send Reply' }).click();
    await expect(toastWith(page, 'Message Sent', 'Your reply is on the thread.')).toBeVisible();
    const thread = page.getByRole('list', { name: 'Thread' });
    await expect(
      thread.getByText('We can do the matt finish. <b>Ten days</b> more.'),
    ).toBeVisible();
    await expect(page.getByLabel('Reply')).toHaveValue('');

    // axe at WCAG 2.2 AA, the page as the owner left it (the earlier version open too).
    await earlier.locator('summary').click();
    await expectNoAxeViolations(page);

    await gotoHydrated(page, '/admin');
    await expect(row.getByText(`Quotation ${quotation.reference} · Offer withdrawn`)).toBeVisible();
    await expect(row.getByText('Needs reply', { exact: true })).toHaveCount(0);
  });

  test("confirms a payment with the customer's reference prefilled", async ({ shop }) => {
    const quotation = await seedQuotation(shop);
    const orderId = await insertOrder(shop, {
      userId: null,
      orderNumber: 'ORD-20260101-0007',
      paymentMethod: 'upi',
      paymentStatus: 'pending',
    });
    await shop.sql(
      `update orders set submitted_payment_reference = '428810993311', quotation_request_id = $1
       where id = $2`,
      [quotation.id, orderId],
    );
    const { page } = await signedInAdmin(shop);
    const orders = await openAdminTab(page, 'Orders');
    const card = orders.getByRole('listitem', { name: 'Order ORD-20260101-0007' });
    await expect(card.getByText("Customer's reference: 428810993311")).toBeVisible();
    await expect(card.getByLabel('UPI or bank reference')).toHaveValue('428810993311');
    await expect(card.getByRole('link', { name: 'View Quotation' })).toHaveAttribute(
      'href',
      `/admin/quotations/${quotation.id}`,
    );
    await card.getByRole('button', { name: 'Confirm Payment Received' }).click();
    await expect(card.getByText('UPI · Paid · Reference 428810993311')).toBeVisible();
  });

  test('an unknown request is the 404 page', async ({ shop }) => {
    const path = '/admin/quotations/00000000-0000-4000-8000-000000000000';
    allowConsoleErrors(failedResource(404, path));
    const { page } = await signedInAdmin(shop);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  });
});

test.describe('without the admin role', () => {
  test.describe.configure({ timeout: 120_000 });

  /** Neither the page nor its data request holds anything of the request. */
  async function expectNoQuotationData(page: Page, path: string, access: string) {
    const html = await page.content();
    const routeData = await (await page.request.get(`${path}.data`)).text();
    // docs/decisions/019: the back-office shell decides access once and says which; the page sends nothing
    expect(routeData).toContain('"routes/admin-shell"');
    expect(routeData).toContain(`"${access}"`);
    for (const text of [html, routeData]) {
      expect(text).not.toContain('Kabir Mehta');
      expect(text).not.toContain('98290 44444');
      expect(text).not.toContain('A matt finish');
    }
    await expect(page.getByRole('heading', { name: /^Quotation Q-/ })).toHaveCount(0);
  }

  test('a customer gets "Access denied" and no data', async ({ shop }) => {
    const quotation = await seedQuotation(shop);
    const page = await shop.newPage();
    await signedInCustomer(page, shop.url, { name: 'Asha Rao' });
    const path = `/admin/quotations/${quotation.id}`;
    await gotoHydrated(page, path);
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(
      page.getByText('Access denied. You do not have administrator privileges.'),
    ).toBeVisible();
    await expectNoQuotationData(page, path, 'denied');
    // Its actions refuse the customer too, whatever the form says.
    const refused = await page.request.post(`${path}.data`, {
      form: { intent: 'reply', body: 'Sent by someone else' },
    });
    expect(refused.status()).toBe(403);
    const messages = await shop.sql('select id from quotation_messages');
    expect(messages).toEqual([]);
    // "Send on WhatsApp" makes no link for anyone but the owner: refused, and no key made.
    const keysBefore = await shop.sql('select key_hash from quotation_access_keys');
    const whatsapp = await page.request.post(`${path}/whatsapp`, {
      headers: { Origin: new URL(page.url()).origin },
      form: {},
      maxRedirects: 0,
    });
    expect(whatsapp.status()).toBe(403);
    expect(await shop.sql('select key_hash from quotation_access_keys')).toEqual(keysBefore);
  });

  test('a visitor is asked to sign in and gets no data', async ({ shop }) => {
    const quotation = await seedQuotation(shop);
    const page = await shop.newPage();
    const path = `/admin/quotations/${quotation.id}`;
    await gotoHydrated(page, path);
    await expect(page.getByText('Please sign in to access the admin area.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      `/auth?redirectTo=${encodeURIComponent(path)}`,
    );
    await expectNoQuotationData(page, path, 'signed-out');
  });
});
