/** Shared page helpers for the journeys. */
import { expect, type Page } from '@playwright/test';

/** Opens a page and waits until React has hydrated it, so clicks reach the scripted handlers. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/**
 * The toasts on screen, as items of the toaster's Notifications region. Radix's role="status" copy
 * of a toast lives for one second only (too short to catch on a busy machine), and an open modal
 * dialog marks the region aria-hidden, hence includeHidden.
 */
export const toasts = (page: Page) =>
  page
    .getByRole('region', { name: /^Notifications/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true });

export const toastWith = (page: Page, text: string) =>
  toasts(page).filter({ hasText: text }).first();

/**
 * Waits for the toast that says `expected`, then closes the toasts on screen with their Close
 * button, as a person on a phone does before tapping what a full-width toast covers. (A pointer
 * resting on a toast pauses its countdown, so waiting for it to go while the pointer tries to
 * click beneath it would wait for ever.)
 */
export async function closeToasts(page: Page, expected: string): Promise<void> {
  // The toast shows a moment after what it answers (a field's message): closing whatever is on
  // screen before then would close nothing and leave it to cover the next tap.
  await expect(toastWith(page, expected)).toBeVisible();
  const shown = toasts(page);
  for (let left = await shown.count(); left > 0; left = await shown.count()) {
    await shown.first().getByRole('button', { name: 'Close', includeHidden: true }).click();
    await expect(shown).toHaveCount(left - 1);
  }
}

/** How many pixels the page scrolls sideways (0 when it fits the viewport's width). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}
