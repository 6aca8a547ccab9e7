/**
 * docs/requirements.md §12 "Lists that find things", at 1366 px and at 390 px: search finds a quotation by its
 * mobile number, a filtered export downloads only the filtered rows, the subscribers page lists,
 * counts and filters the newsletter list; axe finds nothing on either page and no list scrolls
 * sideways.
 */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { expect, signedInAdmin, test, type Shop } from './support/admin';
import { gotoHydrated } from './support/pages';
import type { Page } from './support/test';
import { expectNoAxeViolations } from './support/axe';

async function seed(shop: Shop) {
  await shop.sql(
    `insert into quotation_requests
       (reference, product_id, product_name, quantity, customer_name, customer_mobile, customer_email, status, created_at)
     values
       ('Q-20260105-0001', 'lotus-urli', 'Lotus Urli', 2, 'Asha Rao', '+91 98765 43210', 'asha@example.com', 'pending', '2026-01-05 10:00+05:30'),
       ('Q-20260210-0001', 'lotus-urli', 'Lotus Urli', 1, 'Bhavna Shah', '9123456780', 'bhavna@example.com', 'processing', '2026-02-10 10:00+05:30'),
       ('Q-20260301-0001', 'boat-ganesh', 'Boat Ganesh', 4, 'Chetan Joshi', '9000011111', null, 'pending', '2026-03-01 10:00+05:30')`,
  );
  await shop.sql(
    `insert into newsletter_subscriptions (email, source, unsubscribed_at, created_at) values
       ('reader.one@example.com', 'home', null, '2026-01-01 10:00+05:30'),
       ('reader.two@example.com', 'blog', null, '2026-01-02 10:00+05:30'),
       ('gone@example.com', 'footer', '2026-02-01 10:00+05:30', '2026-01-03 10:00+05:30')`,
  );
}

/**
 * axe clean, and (docs/requirements.md §12) the lists are cards at any width: nothing in a filter bar or a list
 * reaches past the viewport. The storefront header and footer around them are the admin shell's
 * to replace, so they are not measured here.
 */
async function expectAccessibleCards(page: Page, list: string) {
  await expectNoAxeViolations(page);
  const beyond = await page.evaluate(
    (selector) =>
      [
        ...document.querySelectorAll(
          `form[aria-label^="Filter"], form[aria-label^="Filter"] *, ${selector}, ${selector} *`,
        ),
      ]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth)
        .map((element) => `${element.tagName} ${element.textContent?.slice(0, 40)}`),
    list,
  );
  expect(beyond).toEqual([]);
}

/** docs/requirements.md §19: below 768 px the filters fold behind "Filters" (a <summary>, found by its text). */
async function unfoldFilters(page: Page, width: number) {
  if (width < 768) await page.getByText(/^Filters( \(\d+\))?$/).click();
}

async function downloadedRows(page: Page, link: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const text = await readFile((await download.path())!, 'utf8');
  return { name: download.suggestedFilename(), rows: Papa.parse<string[]>(text.trim()).data };
}

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.describe.configure({ timeout: 180_000 });

    test('search finds a quotation by mobile; the filtered export holds only its rows; subscribers', async ({
      shop,
    }) => {
      await seed(shop);
      const { page } = await signedInAdmin(shop);
      await page.setViewportSize({ width, height: 900 });
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByRole('listitem')).toHaveCount(3);

      // The search box, by keyboard: the number typed with +91 and spaces.
      const filters = page.getByRole('form', { name: 'Filter quotation requests' });
      await unfoldFilters(page, width);
      await filters.getByLabel('Search').fill('+91 98765 43210');
      await filters.getByLabel('Search').press('Enter');
      await expect(page).toHaveURL(/q=%2B91\+98765\+43210/);
      await expect(page.getByText('1 matching')).toBeVisible();
      await expect(panel.getByRole('listitem', { name: /Asha Rao/ })).toBeVisible();
      await expect(panel.getByRole('listitem')).toHaveCount(1);
      // The tab label keeps counting everything.
      await expect(page.getByRole('tab', { name: 'Quotation Requests (3)' })).toBeVisible();
      await expectAccessibleCards(page, '[role="tabpanel"]');

      // A status filter, then the export of exactly what it selects.
      await unfoldFilters(page, width);
      await filters.getByRole('link', { name: 'Clear Filters' }).click();
      await expect(page.getByText('3 matching')).toBeVisible();
      await unfoldFilters(page, width);
      await filters.getByLabel('Status').selectOption('pending');
      await filters.getByLabel('Sort').selectOption('oldest');
      await filters.getByRole('button', { name: 'Apply Filters' }).click();
      await expect(page.getByText('2 matching')).toBeVisible();
      const exported = await downloadedRows(page, page.getByRole('link', { name: 'Export CSV' }));
      expect(exported.name).toBe('quotation-requests.csv');
      const [header, ...rows] = exported.rows;
      expect(header?.[0]).toBe('reference');
      expect(rows.map((row) => row[0])).toEqual(['Q-20260105-0001', 'Q-20260301-0001']);

      // Subscribers: the count, a filter, and its export.
      await gotoHydrated(page, '/admin/subscribers');
      await expect(page.getByRole('heading', { name: 'Subscribers', level: 1 })).toBeVisible();
      await expect(page.getByText('2 subscribed, 1 unsubscribed')).toBeVisible();
      const list = page.getByRole('list', { name: 'Subscribers' });
      await expect(list.getByRole('listitem')).toHaveCount(3);
      await expectAccessibleCards(page, 'ul[aria-label="Subscribers"]');
      const subscriberFilters = page.getByRole('form', { name: 'Filter subscribers' });
      await unfoldFilters(page, width);
      await subscriberFilters.getByLabel('Status').selectOption('subscribed');
      await subscriberFilters.getByLabel('Source').selectOption('blog');
      await subscriberFilters.getByRole('button', { name: 'Apply Filters' }).click();
      await expect(page.getByText('1 matching')).toBeVisible();
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(list).toContainText('reader.two@example.com');
      const subscribers = await downloadedRows(
        page,
        page.getByRole('link', { name: 'Export CSV' }),
      );
      expect(subscribers.name).toBe('subscribers.csv');
      expect(subscribers.rows.slice(1).map((row) => row[0])).toEqual(['reader.two@example.com']);
    });
  });
}
