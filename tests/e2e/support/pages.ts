/** Shared page helpers for the journeys. */
import { expect, type Page } from '@playwright/test';

/** Opens a page and waits until React has hydrated it, so clicks reach the scripted handlers. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/**
 * A toast as assistive technology meets it. Radix Dialog hides the rest of the page from the
 * accessibility tree while open, so the toast is found by its status role, not by its region.
 */
export const toastWith = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).first();
