/**
 * docs/requirements.md §18 "Done when": the quote list end to end on PostgreSQL (the admin journeys' shop, a
 * server and a database of its own), at a phone's 390 px and a desktop's 1366 px. A guest gathers
 * pieces from a product page and two listing cards, signs up (the guest's list joins the account),
 * adds the wishlist, sets 20 of each and a note, and sends one request; the owner sees one request
 * of 4 pieces, sends the offer the composer starts with, and the buyer's acceptance makes one order
 * of 4 items. And the same list without JavaScript.
 */
import type { Page } from './support/test';
import { outboxMessages, signIn, signUp } from './support/accounts';
import { expect, openAdminTab, signedInAdmin, test } from './support/admin';
import {
  allowConsoleErrors,
  expect as plainExpect,
  failedResource,
  test as plainTest,
} from './support/test';
import { gotoHydrated, sidewaysScroll, toastWith } from './support/pages';
import { axeViolations } from './support/axe';

test.describe.configure({ timeout: 240_000 });

/** The header's "Quote List" link, in the header's row at every width (its icon on a phone). */
async function expectQuoteListCount(page: Page, count: number) {
  await expect(
    page
      .getByRole('banner')
      .getByRole('link', { name: new RegExp(`^Quote List ${count} pieces?$`) }),
  ).toBeVisible();
}

/** A listing card's compact "Add to Quote List", found by the card's piece. */
function cardButton(page: Page, name: string) {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .getByRole('button', { name: 'Add to Quote List' });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`a guest's list of 4 pieces becomes one request, one offer and one order at ${viewport.width} px`, async ({
    shop,
  }) => {
    const buyer = await shop.newPage();
    await buyer.setViewportSize(viewport);
    await buyer.emulateMedia({ reducedMotion: 'reduce' });

    // 1. As a guest: a product page and two listing cards
    await gotoHydrated(buyer, '/product/floral-inlay-marble-urli');
    await buyer.getByRole('button', { name: 'Add to Quote List' }).click();
    await expect(toastWith(buyer, 'Added to your quote list')).toBeVisible();
    await expectQuoteListCount(buyer, 1);
    await gotoHydrated(buyer, '/shop');
    await cardButton(buyer, 'Boat Ganesh').click();
    await expect(toastWith(buyer, 'Added to your quote list').first()).toBeVisible();
    await expectQuoteListCount(buyer, 2);
    await cardButton(buyer, 'Lotus Urli').click();
    await expectQuoteListCount(buyer, 3);

    // Signed up (and in), the guest's list is the account's; then the wishlist's piece joins it.
    const { email } = await signUp(buyer, { name: 'Nandini Rao' });
    await gotoHydrated(buyer, '/product/meditating-buddha');
    await buyer.getByRole('button', { name: 'Add Meditating Buddha to wishlist' }).click();
    await expect(toastWith(buyer, 'Added to wishlist')).toBeVisible();
    await gotoHydrated(buyer, '/dashboard?tab=wishlist');
    await buyer.getByRole('button', { name: 'Request a Quote for All' }).click();
    await expect(buyer).toHaveURL(/\/quote-list$/);
    await expect(buyer.getByRole('heading', { name: 'Your Quote List' })).toBeVisible();
    const pieces = buyer.getByRole('list', { name: 'Pieces' }).getByRole('listitem');
    await expect(pieces).toHaveCount(4);
    await expectQuoteListCount(buyer, 4);

    // A signed-in list shows in a second browser context of the same account.
    const otherDevice = await shop.newPage();
    await signIn(otherDevice, email);
    await expect(otherDevice.getByRole('link', { name: 'My account' })).toBeVisible();
    await gotoHydrated(otherDevice, '/quote-list');
    await expect(
      otherDevice.getByRole('list', { name: 'Pieces' }).getByRole('listitem'),
    ).toHaveCount(4);

    // 2. 20 of each, a note on one; the name and e-mail come from the profile
    await gotoHydrated(buyer, '/quote-list');
    for (const quantity of await buyer.getByRole('spinbutton', { name: 'Quantity' }).all()) {
      await quantity.fill('20');
    }
    await buyer
      .getByRole('textbox', { name: 'Notes for Boat Ganesh (optional)' })
      .fill('Antique brass finish, please');
    await expect(buyer.getByRole('textbox', { name: 'Your name' })).toHaveValue('Nandini Rao');
    await expect(buyer.getByRole('textbox', { name: 'Email (optional)' })).toHaveValue(
      email.toLowerCase(),
    );
    await buyer.getByRole('textbox', { name: 'Mobile' }).fill('+91 98290 11111');
    await buyer.getByRole('textbox', { name: 'Company (optional)' }).fill('Rao Interiors');
    plainExpect(await axeViolations(buyer), 'axe on /quote-list with 4 pieces').toEqual([]);
    plainExpect(await sidewaysScroll(buyer)).toBe(0);
    await buyer.screenshot({
      path: `test-results/quote-list-${viewport.width}.png`,
      fullPage: true,
    });

    // 3. One request, one reference, one mail listing the 4 pieces
    await buyer.getByRole('button', { name: 'Request Quotation' }).click();
    const submitted = toastWith(buyer, 'Request Submitted!');
    await expect(submitted).toBeVisible();
    const reference = ((await submitted.textContent()) ?? '').match(/Q-\d{8}-\d{4}/)?.[0] ?? '';
    expect(reference).toMatch(/^Q-\d{8}-\d{4}$/);
    await expect(buyer.getByText('Your quote list is empty')).toBeVisible();
    await expect(buyer.getByRole('link', { name: 'Browse Products' })).toHaveAttribute(
      'href',
      '/shop',
    );
    const requests = await shop.sql<{ reference: string; lines: number }>(
      `select reference, (select count(*)::int from quotation_request_lines l where l.quotation_request_id = r.id) as lines
       from quotation_requests r`,
    );
    expect(requests).toEqual([{ reference, lines: 4 }]);
    // One confirmation to the buyer, for the one request
    const toBuyer = () =>
      outboxMessages(shop.dataDir).filter(
        (mail) =>
          // the owner's notice replies to the buyer (Reply-To), and is not theirs
          new RegExp(`^To: ${email.toLowerCase().replace(/[.+]/g, '\\$&')}`, 'm').test(mail) &&
          mail.includes(reference),
      );
    await expect
      .poll(() => toBuyer().map((mail) => /^Subject: .*$/m.exec(mail)?.[0]))
      .toHaveLength(1);
    const confirmation = toBuyer()[0];
    expect(confirmation).toContain(reference);
    for (const name of [
      'Floral Inlay Marble Urli',
      'Boat Ganesh',
      'Lotus Urli',
      'Meditating Buddha',
    ]) {
      expect(confirmation).toContain(name);
    }

    // 4. The owner sees one request of 4 pieces; 5. the composer starts with 4 lines × 20
    const { page: admin } = await signedInAdmin(shop);
    await admin.setViewportSize(viewport);
    const panel = await openAdminTab(admin, 'Quotation Requests');
    const row = panel.getByRole('link', { name: /× 20 and 3 more pieces/ });
    await expect(row).toHaveCount(1);
    await row.click();
    await expect(admin.getByRole('heading', { name: `Quotation ${reference}` })).toBeVisible();
    const composer = admin.getByRole('region', { name: /offer/i }).filter({
      has: admin.getByRole('button', { name: 'Send Offer' }),
    });
    await expect(composer.getByLabel('Quantity')).toHaveCount(4);
    for (const quantity of await composer.getByLabel('Quantity').all()) {
      await expect(quantity).toHaveValue('20');
    }
    // 6. The owner sends it; the buyer accepts: one order with 4 items
    await composer.getByRole('button', { name: 'Send Offer' }).click();
    await expect(toastWith(admin, 'Offer Sent')).toBeVisible();

    await gotoHydrated(buyer, `/quotes/${reference}`);
    await buyer.getByRole('button', { name: 'Accept Offer' }).click();
    const dialog = buyer.getByRole('dialog', { name: 'Accept Offer' });
    await expect(dialog.getByRole('group', { name: 'Shipping address' })).toBeVisible();
    const newAddress = dialog.getByLabel('Street Address');
    if (!(await newAddress.isVisible())) await dialog.getByLabel(/new address/i).check();
    await dialog.getByLabel('Street Address').fill('12 Lake Road');
    await dialog.getByLabel('City').fill('Udaipur');
    await dialog.getByLabel('State').fill('Rajasthan');
    // docs/requirements.md §19: a +91 mobile starts the Country at India, with its PIN code
    await dialog.getByLabel('PIN code').fill('313001');
    // 4 pieces × 20 come to more than UPI takes in one payment: the form offers bank transfer
    // alone (docs/requirements.md §21).
    await expect(dialog.getByLabel('UPI', { exact: true })).toHaveCount(0);
    await dialog.getByLabel('Bank transfer', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Accept Offer' }).click();
    await expect(toastWith(buyer, 'Offer Accepted')).toBeVisible();
    const orders = await shop.sql<{ items: number; quantities: number[] }>(
      `select count(i.*)::int as items, array_agg(i.quantity order by i.product_name) as quantities
       from orders o join order_items i on i.order_id = o.id group by o.id`,
    );
    expect(orders).toEqual([{ items: 4, quantities: [20, 20, 20, 20] }]);
  });
}

plainTest.describe('without JavaScript', () => {
  plainTest.use({ javaScriptEnabled: false });

  plainTest('the list is built, changed and sent with plain form posts', async ({ page }) => {
    // The refused quantity is answered 400, which the browser logs.
    allowConsoleErrors(failedResource(400, '/quote-list'));
    await page.goto('/product/brass-nandi');
    await page.getByRole('button', { name: 'Add to Quote List' }).click();
    // The answer is the same page, with the header's link and its count
    await plainExpect(page).toHaveURL(/\/product\/brass-nandi$/);
    await page.goto('/shop');
    await cardButton(page, 'Brass Tealight Trio').click();
    await plainExpect(page).toHaveURL(/\/shop$/);
    await page.goto('/quote-list');
    const pieces = page.getByRole('list', { name: 'Pieces' }).getByRole('listitem');
    await plainExpect(pieces).toHaveCount(2);

    await page.getByRole('spinbutton', { name: 'Quantity' }).first().fill('12');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await plainExpect(page.getByText('Your quote list is saved')).toBeVisible();
    await plainExpect(page.getByRole('spinbutton', { name: 'Quantity' }).first()).toHaveValue('12');

    await page.getByRole('button', { name: 'Remove Brass Tealight Trio' }).click();
    await plainExpect(page.getByText('Removed from your quote list')).toBeVisible();
    await plainExpect(pieces).toHaveCount(1);

    // A quantity of 0 is refused under its field and changes nothing
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('0');
    await page.getByRole('textbox', { name: 'Your name' }).fill('Meera Shah');
    await page.getByRole('textbox', { name: 'Mobile' }).fill('+91 94140 55555');
    await page.getByRole('button', { name: 'Request Quotation' }).click();
    await plainExpect(page.getByText('Please enter a quantity from 1 to 100,000')).toBeVisible();
    await plainExpect(pieces).toHaveCount(1);

    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('12');
    await page.getByRole('textbox', { name: 'Your name' }).fill('Meera Shah');
    await page.getByRole('textbox', { name: 'Mobile' }).fill('+91 94140 55555');
    await page.getByRole('button', { name: 'Request Quotation' }).click();
    await plainExpect(page.getByText(/Request Submitted!/)).toBeVisible();
    await plainExpect(
      page.getByRole('link', { name: /View your quotation Q-\d{8}-\d{4}/ }),
    ).toBeVisible();
    await plainExpect(page.getByText('Your quote list is empty')).toBeVisible();
  });
});
