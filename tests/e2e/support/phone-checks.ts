/**
 * What every journey at 390 px checks of a page it looks at (docs/requirements.md §19): no WCAG 2.2 AA
 * violation by axe, and nothing wider than the phone.
 */
import { expect, type Page } from './test';
import { scanWcag22AA } from './axe';

export const PHONE = { width: 390, height: 844 };

export async function expectNoAxeViolations(page: Page) {
  const { violations } = await scanWcag22AA(page);
  expect(violations).toEqual([]);
}

export async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}
