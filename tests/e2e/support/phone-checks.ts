/**
 * What every journey at 390 px checks of a page it looks at (docs/requirements.md §19): no WCAG 2.2 AA
 * violation by axe, and nothing wider than the phone.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './test';

export const PHONE = { width: 390, height: 844 };
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(violations).toEqual([]);
}

export async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}
