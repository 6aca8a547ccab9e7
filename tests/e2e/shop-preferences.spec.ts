/**
 * The shop listing's remembered state (spec §2 Shop listing, §9 scroll restore delay) and what
 * Clear Filters keeps.
 */
import { expect, test, type Page } from './support/test';
import { gotoHydrated } from './support/pages';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const maxScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);

test('opened without parameters, the shop scrolls back once the restored listing is shown', async ({
  page,
}) => {
  // A clock the test can move, so the 100 ms delay is run through rather than waited for.
  await page.clock.install();
  await gotoHydrated(page, '/shop');
  const gridBottom = await maxScroll(page);
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // A position only the (longer) list view reaches.
  const listBottom = await maxScroll(page);
  const saved = Math.round((gridBottom + listBottom) / 2);
  expect(saved).toBeGreaterThan(gridBottom + 200);
  await page.evaluate((top) => window.scrollTo({ top }), saved);
  await expect.poll(() => scrollY(page)).toBe(saved);

  // The restored listing's data is held back until the test lets it through.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/shop\.data/, async (route) => {
    await held;
    await route.continue();
  });
  try {
    const restoring = page.waitForRequest(/\/shop\.data.*view=list/);
    // Leaving the page saves the position; the new visit has no parameters.
    await gotoHydrated(page, '/shop');
    await restoring;
    // Well past the 100 ms while the grid is still shown: nothing may scroll yet, or it would
    // stop at the bottom of the shorter grid.
    await page.clock.runFor(500);
  } finally {
    release();
  }
  await expect(page).toHaveURL(/\/shop\?view=list$/);
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The page's timers run only as the test moves its clock: moved on while polling, so a restore
  // scheduled after a late render (on a busy machine) still comes due.
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return scrollY(page);
    })
    .toBeGreaterThan(saved - 5);
  expect(await scrollY(page)).toBeLessThan(saved + 5);
});

test('Clear Filters keeps the search query', async ({ page }) => {
  await gotoHydrated(page, '/shop?q=marble&material=Marble&sort=name-a-z');
  const products = page.getByRole('region', { name: 'Products' });
  await expect(products.getByRole('status')).toContainText('for “marble”');
  await page
    .getByRole('form', { name: 'Filters' })
    .getByRole('link', { name: 'Clear Filters' })
    .click();
  await expect(page).toHaveURL(/\/shop\?q=marble&sort=name-a-z$/);
  await expect(page.getByRole('checkbox', { name: 'Marble' })).not.toBeChecked();
  await expect(products.getByRole('status')).toContainText('for “marble”');
});
