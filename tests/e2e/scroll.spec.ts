import { expect, test, type Page } from './support/test';
import { gotoHydrated } from './support/pages';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test('a page visited before opens at the top again, and Back restores where the visitor was', async ({
  page,
}) => {
  await gotoHydrated(page, '/about');
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  const aboutPosition = await scrollY(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  // spec §2: every path change scrolls to the top, also to a page seen before.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Our Story' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => scrollY(page)).toBe(aboutPosition);
});
