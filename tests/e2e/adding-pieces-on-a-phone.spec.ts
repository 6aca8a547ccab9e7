/**
 * docs/requirements.md §18 and §19: adding several pieces on a phone (390 px) takes no extra taps.
 * A listed piece's "Add to Quote List" says how many are listed and adds one more; the toast links
 * to the list; the header's row shows the list's icon with its count; the search box clears with
 * one tap; and signed in, with a list, the shop's name keeps to one line.
 */
import { signedInCustomer } from './support/accounts';
import { gotoHydrated, toastWith } from './support/pages';
import { expect, test, type Page } from './support/test';

test.use({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });

/** The header's own "Quote List" link, in its row (not behind the menu). */
const headerCount = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('link', { name: new RegExp(`^Quote List ${count} pieces?$`) });

/** Lines the element's text takes: its height over its line height. */
const linesOf = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('link', { name: 'Kalakriti Artisan Decor' })
    .evaluate((element) =>
      Math.round(
        element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight),
      ),
    );

test('a listed piece reads "In Quote List (1)", a tap adds one more, and the toast opens the list', async ({
  page,
}) => {
  await gotoHydrated(page, '/product/brass-nandi');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: /^Quote List/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add to Quote List' }).click();
  const added = toastWith(page, 'Added to your quote list');
  await expect(added).toBeVisible();
  await expect(page.getByRole('button', { name: 'In Quote List (1)' })).toBeVisible();
  // Below lg the count is in the header's row, not behind the menu.
  await expect(headerCount(page, 1)).toBeVisible();

  await page.getByRole('button', { name: 'In Quote List (1)' }).click();
  await expect(page.getByRole('button', { name: 'In Quote List (2)' })).toBeVisible();
  // Still one piece, now two of it.
  await expect(headerCount(page, 1)).toBeVisible();
  await page.screenshot({ path: 'test-results/adding-pieces-product-390.png' });

  // A listing card says the same of a listed piece, and adds a new one with one tap.
  await gotoHydrated(page, '/shop');
  const card = (name: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(
    card('Brass Nandi').getByRole('button', { name: 'In Quote List (2)' }),
  ).toBeVisible();
  await card('Boat Ganesh').getByRole('button', { name: 'Add to Quote List' }).click();
  await expect(
    card('Boat Ganesh').getByRole('button', { name: 'In Quote List (1)' }),
  ).toBeVisible();
  await expect(headerCount(page, 2)).toBeVisible();

  await toastWith(page, 'Added to your quote list')
    .getByRole('link', { name: 'View Quote List' })
    .click();
  await expect(page).toHaveURL(/\/quote-list$/);
  await expect(page.getByRole('heading', { name: 'Your Quote List' })).toBeVisible();
  const quantities = page.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantities).toHaveCount(2);
  await expect(quantities.first()).toHaveValue('2');
  await expect(quantities.last()).toHaveValue('1');
});

test('the header search empties with one tap and keeps the focus for the next word', async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('brass diya');
  await page.screenshot({ path: 'test-results/header-search-clear-390.png' });
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
  await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
});

test('signed in, with a quote list, the phone header keeps the shop name on one line', async ({
  page,
  baseURL,
}) => {
  await signedInCustomer(page, baseURL);
  await gotoHydrated(page, '/product/boat-ganesh');
  await page.getByRole('button', { name: 'Add to Quote List' }).click();
  await expect(headerCount(page, 1)).toBeVisible();
  expect(await linesOf(page)).toBe(1);
  await page.screenshot({ path: 'test-results/header-signed-in-390.png' });
  // Sign-out is in the menu.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Sign out' }),
  ).toBeVisible();
});
