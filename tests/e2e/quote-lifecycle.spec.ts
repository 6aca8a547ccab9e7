/**
 * docs/requirements.md §10 "Done when": the quote lifecycle end to end on PostgreSQL (the admin journeys' shop, a
 * server and a database of its own): a request, an offer, changes asked for, a revision, the
 * acceptance that makes the order, the customer's UTR and the owner's confirmation. Once as a
 * guest following the links of the outbox mails, once signed in through the dashboard.
 */
import { pathToFileURL } from 'node:url';
import type { Page } from './support/test';
import { outboxHtmlPages, signedInCustomer } from './support/accounts';
import { expect, openAdminTab, signedInAdmin, test, type Shop } from './support/admin';
import { gotoHydrated, toasts } from './support/pages';
import { markEmailVerified } from './support/postgres';

/** A toast with this title and, when given, this description. */
const toastWith = (page: Page, title: string, description?: string | RegExp) =>
  toasts(page)
    .filter({ hasText: title })
    .filter({ hasText: description ?? title })
    .first();

test.describe.configure({ timeout: 180_000 });

async function requestQuotation(page: Page, customer: { name: string; email?: string }) {
  await gotoHydrated(page, '/product/lotus-urli');
  await page.getByRole('link', { name: 'Get Quotation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Quotation' });
  await dialog.getByLabel('Quantity').fill('2');
  await dialog.getByLabel('Your name').fill(customer.name);
  await dialog.getByRole('textbox', { name: 'Mobile' }).fill('+91 94140 55555');
  if (customer.email) await dialog.getByRole('textbox', { name: /Email/ }).fill(customer.email);
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(toastWith(page, 'Request Submitted!')).toBeVisible();
}

/** The owner opens the request from the list and sends an offer at this unit price. */
async function sendOfferFromList(admin: Page, reference: string, unitPrice: string) {
  await gotoHydrated(admin, '/admin');
  const panel = await openAdminTab(admin, 'Quotation Requests');
  await panel
    .getByRole('link', { name: /Lotus Urli × 2/ })
    .first()
    .click();
  await expect(admin.getByRole('heading', { name: `Quotation ${reference}` })).toBeVisible();
  await composeAndPress(admin, unitPrice, 'Send Offer');
}

async function composeAndPress(admin: Page, unitPrice: string, button: string) {
  const composer = admin.getByRole('region', { name: /offer/i }).filter({
    has: admin.getByRole('button', { name: button }),
  });
  await composer.getByLabel('Unit price (₹)').first().fill(unitPrice);
  await composer.getByRole('button', { name: button }).click();
  await expect(toastWith(admin, 'Offer Sent', /The offer has been sent to /)).toBeVisible();
}

async function acceptWithAddressAndUpi(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Accept Offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept Offer' });
  // The dialog's code loads on its first opening (docs/decisions/020): wait for its form before looking.
  await expect(dialog.getByRole('group', { name: 'Shipping address' })).toBeVisible();
  const newAddress = dialog.getByLabel('Street Address');
  if (!(await newAddress.isVisible())) await dialog.getByLabel(/new address/i).check();
  await dialog.getByLabel('Street Address').fill('12 Lake Road');
  await dialog.getByLabel('City').fill('Udaipur');
  await dialog.getByLabel('State').fill('Rajasthan');
  // docs/requirements.md §19: the +91 mobile starts the Country at India, whose postal code is a PIN code
  await expect(dialog.getByLabel('Country')).toHaveValue('IN');
  await dialog.getByLabel('PIN code').fill('313001');
  await dialog.getByLabel('UPI', { exact: true }).check();
  await dialog.getByRole('button', { name: 'Accept Offer' }).click();
  const toast = toastWith(page, 'Offer Accepted', /Your order ORD-\d{8}-\d{4} has been created\./);
  await expect(toast).toBeVisible();
  const text = (await toast.textContent()) ?? '';
  return text.match(/ORD-\d{8}-\d{4}/)![0];
}

async function payAndConfirm(shop: Shop, page: Page, admin: Page, orderNumber: string) {
  await expect(page.getByRole('link', { name: 'Pay with UPI' })).toHaveAttribute(
    'href',
    new RegExp(`^upi://pay\\?pa=.+&am=\\d+\\.\\d{2}&cu=INR&tn=${orderNumber}$`),
  );
  await expect(page.getByRole('img', { name: /QR code to pay/ })).toBeVisible();
  await page.getByLabel('Payment reference (UTR)').fill('432156789012');
  await page.getByRole('button', { name: 'Submit Reference' }).click();
  await expect(
    toastWith(page, 'Reference Received', 'We will confirm your payment shortly.'),
  ).toBeVisible();

  await gotoHydrated(admin, '/admin?tab=orders');
  const card = admin.getByRole('listitem').filter({ hasText: orderNumber });
  await expect(card).toContainText("Customer's reference: 432156789012");
  // docs/requirements.md §10: Confirm Payment Received shows the customer's reference, prefilled
  await expect(card.getByLabel('UPI or bank reference')).toHaveValue('432156789012');
  await card.getByRole('button', { name: 'Confirm Payment Received' }).click();
  await expect(toastWith(admin, 'Payment Confirmed')).toBeVisible();
  await expect(card).toContainText('Reference 432156789012');
  const [order] = await shop.sql<{ status: string; payment_status: string }>(
    'select status, payment_status from orders where order_number = $1',
    [orderNumber],
  );
  expect(order).toEqual({ status: 'confirmed', payment_status: 'paid' });
}

test("a guest's request becomes a confirmed, paid order online", async ({ shop }) => {
  const guest = await shop.newPage();
  const email = `meera-${Date.now()}@example.com`;
  await requestQuotation(guest, { name: 'Meera Shah', email });
  const [request] = await shop.sql<{ reference: string }>(
    'select reference from quotation_requests where customer_email = $1',
    [email],
  );
  const reference = request!.reference;
  expect(reference).toMatch(/^Q-\d{8}-\d{4}$/);

  const { page: admin } = await signedInAdmin(shop);
  await sendOfferFromList(admin, reference, '12500');

  // docs/requirements.md §13: the guest opens the offer mail's HTML part (the outbox's .html page) and taps its
  // "View the offer" button, and asks for changes.
  let offerMail = '';
  await expect
    .poll(() => {
      offerMail =
        outboxHtmlPages(shop.dataDir).find(
          ({ eml }) =>
            eml.includes(`\nTo: ${email}`) &&
            eml.includes(`Subject: Your quotation ${reference} from`),
        )?.file ?? '';
      return offerMail;
    })
    .not.toBe('');
  const mailPage = await guest.context().newPage();
  await mailPage.goto(pathToFileURL(offerMail).href);
  // A mail's links open a tab of their own, as from a mail client.
  const [offerPage] = await Promise.all([
    guest.context().waitForEvent('page'),
    mailPage.getByRole('link', { name: 'View the offer' }).click(),
  ]);
  await expect(offerPage.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await expect(
    offerPage.getByRole('heading', { name: `Your Quotation ${reference}` }),
  ).toBeVisible();
  // The link lands on the offer, keeping its key (docs/requirements.md §10).
  const link = offerPage.url();
  expect(link).toMatch(new RegExp(`/quotes/${reference}\\?key=[A-Za-z0-9_-]+#current-offer$`));
  await expect(offerPage.getByRole('heading', { level: 2, name: 'Offer v1' })).toBeInViewport();
  await Promise.all([mailPage.close(), offerPage.close()]);
  await gotoHydrated(guest, link);
  await expect(guest.getByRole('heading', { name: `Your Quotation ${reference}` })).toBeVisible();
  await expect(guest.getByText('Offer v1').first()).toBeVisible();
  await guest.getByRole('button', { name: 'Ask for Changes' }).click();
  const changes = guest.getByRole('dialog', { name: 'Ask for Changes' });
  await changes.getByLabel('What would you like changed?').fill('Could you do ₹11,500 a piece?');
  await changes.getByRole('button', { name: 'Ask for Changes' }).click();
  await expect(guest.getByText('Could you do ₹11,500 a piece?')).toBeVisible();

  // The owner sees it and revises: v1 is superseded.
  await admin.reload();
  // docs/requirements.md §19: above the composer, as the latest word from the customer (and on the thread)
  await expect(
    admin
      .getByRole('region', { name: 'Request', exact: true })
      .getByText('Could you do ₹11,500 a piece?'),
  ).toBeVisible();
  await composeAndPress(admin, '11500', 'Revise Offer');
  // Without its #current-offer: the same address with the same hash would not load the page again.
  await gotoHydrated(guest, link.replace(/#current-offer$/, ''));
  await expect(guest.getByText('Offer v2').first()).toBeVisible();
  await guest
    .getByText(/Offer v1/)
    .first()
    .click();
  await expect(guest.getByText(/superseded/i).first()).toBeVisible();

  const orderNumber = await acceptWithAddressAndUpi(guest);
  await gotoHydrated(admin, '/admin?tab=orders');
  await expect(admin.getByText(orderNumber)).toBeVisible();

  await gotoHydrated(guest, link.replace(/#current-offer$/, ''));
  await payAndConfirm(shop, guest, admin, orderNumber);
});

test('a signed-in customer finds the request in Quotations and the order in Orders', async ({
  shop,
}) => {
  const customer = await shop.newPage();
  await signedInCustomer(customer, shop.url, { name: 'Asha Rao' });
  await requestQuotation(customer, { name: 'Asha Rao' });
  const [request] = await shop.sql<{ reference: string }>(
    "select reference from quotation_requests where customer_name = 'Asha Rao'",
  );
  const reference = request!.reference;

  const { page: admin } = await signedInAdmin(shop);
  await sendOfferFromList(admin, reference, '9000');

  await gotoHydrated(customer, '/dashboard');
  await customer.getByRole('tab', { name: 'Quotations' }).click();
  const tab = customer.getByRole('tabpanel', { name: 'Quotations' });
  await tab.getByRole('link', { name: new RegExp(reference) }).click();
  await expect(
    customer.getByRole('heading', { name: `Your Quotation ${reference}` }),
  ).toBeVisible();
  // The account reads its own quotation without a key.
  expect(new URL(customer.url()).searchParams.get('key')).toBeNull();

  const orderNumber = await acceptWithAddressAndUpi(customer);
  await gotoHydrated(customer, '/dashboard');
  await customer.getByRole('tab', { name: 'Orders' }).click();
  await expect(customer.getByRole('tabpanel', { name: 'Orders' })).toContainText(orderNumber);
});

// docs/requirements.md §15: a request made without signing in joins an account only when the holder of
// the e-mail it names adds it, signed in, from its mail's link.
test("a guest's request joins the account of its e-mail only when its holder adds it", async ({
  shop,
}) => {
  const guest = await shop.newPage();
  const email = `holder-${Date.now()}@example.com`;
  await requestQuotation(guest, { name: 'Holder Guest', email });
  const [request] = await shop.sql<{ reference: string }>(
    'select reference from quotation_requests where customer_email = $1',
    [email],
  );
  const reference = request!.reference;

  // The holder has an account with that address, verified: the request is not in it.
  const holder = await shop.newPage();
  await signedInCustomer(holder, shop.url, { email, name: 'Holder Guest' });
  await markEmailVerified(shop.databaseUrl, email);
  await gotoHydrated(holder, '/dashboard');
  await holder.getByRole('tab', { name: 'Quotations' }).click();
  await expect(holder.getByRole('tabpanel', { name: 'Quotations' })).not.toContainText(reference);

  // The confirmation mail's link, opened signed in, offers to add it.
  let confirmation = '';
  await expect
    .poll(() => {
      confirmation =
        outboxHtmlPages(shop.dataDir).find(
          ({ eml }) =>
            eml.includes(`\nTo: ${email}`) &&
            eml.includes(`Subject: We received your quotation request`),
        )?.html ?? '';
      return confirmation;
    })
    .not.toBe('');
  const claimLink = /href="([^"]+#add-to-account)"/
    .exec(confirmation)?.[1]
    ?.replaceAll('&amp;', '&');
  expect(claimLink).toMatch(new RegExp(`/quotes/${reference}\\?key=`));
  // On a phone the link scrolls to the panel, whose heading shows below the sticky header.
  await holder.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(holder, claimLink!);
  const panel = holder.getByRole('region', { name: 'Is this your request?' });
  await expect
    .poll(() => holder.evaluate(() => window.scrollY), 'the link scrolled to the panel')
    .toBeGreaterThan(0);
  const headerBottom = (await holder.getByRole('banner').boundingBox())!;
  const heading = (await panel.getByRole('heading').boundingBox())!;
  expect(heading.y).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height);
  await holder.screenshot({ path: 'test-results/claim-link-390.png' });
  await panel.getByRole('button', { name: 'Add it to your account' }).click();
  await expect(toasts(holder).filter({ hasText: 'Added to Your Account' })).toBeVisible();
  await expect(panel).toHaveCount(0);

  await gotoHydrated(holder, '/dashboard');
  await holder.getByRole('tab', { name: 'Quotations' }).click();
  await expect(holder.getByRole('tabpanel', { name: 'Quotations' })).toContainText(reference);
});
