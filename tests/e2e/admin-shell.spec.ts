/**
 * docs/requirements.md §12: the back office's shell and the week at a glance, at a desktop width (1366 px) and a
 * phone's (390 px). The shell: the shop's name, View shop, who is signed in, sign out and the
 * navigation (folded behind Menu on the phone), without the storefront's header, footer,
 * newsletter or welcome pop-up. The tiles count a request made now once the shop's clock is
 * injected 25 hours ahead (not at 23), and lead to the filtered list. axe finds no WCAG 2.2 AA
 * violation on either width.
 */
import { fileURLToPath } from 'node:url';
import { expect, signedInAdmin, test, type Shop } from './support/admin';
import { gotoHydrated } from './support/pages';
import { startServerProcess } from './support/server-process';
import type { Page } from './support/test';
import { expectNoAxeViolations } from './support/axe';

const widths = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const sections = ['Dashboard', 'Products', 'Activity', 'Settings', 'API & Webhooks'];

/**
 * Runs `work` against a second process of the same shop (its database, the same sign-in secret)
 * whose clock is injected `hoursAhead` hours ahead of the machine's (support/clock-ahead.mjs).
 * The page leaves that process before it stops: a page still on it would fetch route manifests
 * from a closed port (the links it shows are discovered lazily) and log the refusal.
 */
async function withShopAhead(
  shop: Shop,
  page: Page,
  hoursAhead: number,
  work: (url: string) => Promise<void>,
) {
  const later = await startServerProcess({
    DATABASE_URL: shop.databaseUrl,
    NODE_OPTIONS: `--import=${fileURLToPath(new URL('./support/clock-ahead.mjs', import.meta.url))}`,
    CLOCK_AHEAD_HOURS: String(hoursAhead),
  });
  try {
    await work(later.url);
  } finally {
    await page.goto('about:blank');
    await later.stop();
  }
}

for (const { name, viewport } of widths) {
  test.describe(`the back office on a ${name} (${viewport.width} px)`, () => {
    test.describe.configure({ timeout: 120_000 });
    test.use({ reducedMotion: 'reduce' });

    test('has a shell of its own with the navigation, and signs out', async ({ shop }) => {
      // A first visit straight to the back office: no welcome pop-up, no storefront around it.
      const visitor = await shop.newPage();
      await visitor.setViewportSize(viewport);
      await gotoHydrated(visitor, '/admin');
      await expect(visitor.getByText('Please sign in to access the admin area.')).toBeVisible();
      await expect(visitor.getByRole('dialog')).toHaveCount(0);
      await expect(visitor.getByRole('contentinfo')).toHaveCount(0);

      const { page } = await signedInAdmin(shop);
      await page.setViewportSize(viewport);
      await gotoHydrated(page, '/admin');
      const banner = page.getByRole('banner');
      await expect(banner.getByText('Kalakriti Artisan Decor')).toBeVisible();
      await expect(banner.getByRole('link', { name: 'View shop' })).toHaveAttribute('href', '/');
      await expect(banner.getByText('Devika Admin')).toBeVisible();
      await expect(banner.getByRole('button', { name: 'Sign out' })).toBeVisible();
      // The storefront's header search, footer and newsletter are not here.
      await expect(page.getByRole('combobox', { name: /search/i })).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Subscribe' })).toHaveCount(0);
      // spec §2 Admin: the console's heading and tabs as they were
      await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
      await expect(page.getByRole('tab', { name: /^Quotation Requests \(\d+\)$/ })).toBeVisible();

      const navigation = page.getByRole('navigation', { name: 'Back office' });
      if (name === 'phone') {
        // Folded: the sections show once Menu is opened.
        await expect(navigation.getByRole('link', { name: 'Settings' })).toBeHidden();
        await page.getByText('Menu', { exact: true }).click();
      }
      for (const section of sections) {
        await expect(navigation.getByRole('link', { name: section, exact: true })).toBeVisible();
      }
      await expect(navigation.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expectNoAxeViolations(page);

      await navigation.getByRole('link', { name: 'API & Webhooks' }).click();
      await expect(page).toHaveURL(/\/admin\/api$/);
      await expect(page.getByRole('heading', { name: 'API & Webhooks', level: 1 })).toBeVisible();
      const here = page.getByRole('navigation', { name: 'Back office' });
      if (name === 'phone') {
        // The menu folds again on the new page.
        await expect(here.getByRole('link', { name: 'Settings' })).toBeHidden();
        await page.getByText('Menu', { exact: true }).click();
      }
      await expect(here.getByRole('link', { name: 'API & Webhooks' })).toHaveAttribute(
        'aria-current',
        'page',
      );

      await banner.getByRole('link', { name: 'View shop' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await gotoHydrated(page, '/admin');
      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/$/);
      await gotoHydrated(page, '/admin');
      await expect(page.getByText('Please sign in to access the admin area.')).toBeVisible();
    });

    test('counts a request waiting 25 hours in the danger tile, which leads to it', async ({
      shop,
    }) => {
      // Two requests made now: Meera's is unanswered; Kabir's the shop has answered (a reply
      // clears awaiting_reply_since).
      const [unanswered] = await shop.sql<{ reference: string }>(
        `insert into quotation_requests (product_name, quantity, customer_name, customer_mobile,
           awaiting_reply_since)
         values ('Marble Elephant', 2, 'Meera Overdue', '+91 98290 22222', now())
         returning reference`,
      );
      await shop.sql(
        `insert into quotation_requests (product_name, quantity, customer_name, customer_mobile,
           awaiting_reply_since)
         values ('Brass Diya', 1, 'Kabir Answered', '+91 98290 33333', null)`,
      );
      const { page } = await signedInAdmin(shop);
      await page.setViewportSize(viewport);
      const week = page.getByRole('region', { name: 'The last 7 days' });
      const tile = (label: string) =>
        week.getByRole('term').filter({ hasText: label }).locator('..');
      const overdueTile = tile('Awaiting reply over 24 hours');

      // The shop's clock now: nobody has waited 24 hours yet.
      await gotoHydrated(page, '/admin');
      await expect(tile('New requests').getByRole('definition').first()).toHaveText('2');
      await expect(overdueTile.getByRole('definition').first()).toHaveText('0');
      await expect(overdueTile.getByRole('link', { name: /View list/ })).toBeVisible();

      // The same shop served by a process whose clock is injected 23, then 25 hours ahead.
      await withShopAhead(shop, page, 23, async (url) => {
        await gotoHydrated(page, `${url}/admin`);
        await expect(overdueTile.getByRole('definition').first()).toHaveText('0');
      });
      await withShopAhead(shop, page, 25, async (url) => {
        await gotoHydrated(page, `${url}/admin`);
        await expect(overdueTile.getByRole('definition').first()).toHaveText('1');
        await expect(tile('New requests').getByRole('definition').first()).toHaveText('2');
        await expect(tile('Acceptance rate').getByRole('definition').first()).toHaveText('—');
        await expect(tile('Accepted value').getByRole('definition').first()).toHaveText('₹0');
        // The chart: one tab stop, arrow keys between days, the numbers said and shown.
        const requestDay = page
          .getByRole('img', { name: /: 2 requests, 0 accepted offers$/ })
          .last();
        await requestDay.focus();
        await expect(
          page.getByText(/^\w{3} \d{1,2}: 2 requests, 0 accepted offers$/),
        ).toBeVisible();
        await page.keyboard.press('Home');
        await expect(
          page.getByRole('img', { name: /: 0 requests, 0 accepted offers$/ }).first(),
        ).toBeFocused();
        await expect(
          page.getByRole('table', { name: /Requests and accepted offers per day/ }),
        ).toHaveCount(1);
        await expectNoAxeViolations(page);

        await overdueTile.getByRole('link', { name: /Reply now/ }).click();
        await expect(page).toHaveURL(/waiting=overdue/);
        const list = page.getByRole('tabpanel');
        await expect(list.getByText('Meera Overdue')).toBeVisible();
        await expect(list.getByText(unanswered!.reference)).toBeVisible();
        await expect(list.getByText('Kabir Answered')).toHaveCount(0);
      });
    });
  });
}
