/**
 * Playwright's `test` for the journeys, with a `page` whose `goto` and `reload` return once the
 * page has hydrated.
 *
 * The pages load their scripts only after the load event (decision 010), and Playwright's own
 * navigation waits for that event and no further: a click right after it would reach the
 * server-rendered HTML before React does. A journey drives the page as a visitor who waited for it,
 * so every navigation waits for the `data-hydrated` marker the root layout sets. It does not wait
 * when scripts are off, when the answer is not an HTML page, or when the caller asked for an
 * earlier point (`waitUntil: 'commit'` or `'domcontentloaded'`).
 */
import { test as base, type Page, type Response } from '@playwright/test';

export * from '@playwright/test';

async function untilHydrated(
  page: Page,
  navigation: Promise<Response | null>,
  waitUntil: string | undefined,
): Promise<Response | null> {
  const response = await navigation;
  if (waitUntil === 'commit' || waitUntil === 'domcontentloaded') return response;
  const isPage = response?.headers()['content-type']?.startsWith('text/html') ?? false;
  if (isPage) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  return response;
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = (url, options) => untilHydrated(page, goto(url, options), options?.waitUntil);
      page.reload = (options) => untilHydrated(page, reload(options), options?.waitUntil);
    }
    await use(page);
  },
});
