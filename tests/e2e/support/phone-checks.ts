/**
 * What every journey at 390 px checks of a page it looks at (docs/requirements.md §19), besides axe
 * (`expectNoAxeViolations` in ./axe.ts): nothing wider than the phone.
 */
import { expect, type Page } from './test';

export const PHONE = { width: 390, height: 844 };

export async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}
