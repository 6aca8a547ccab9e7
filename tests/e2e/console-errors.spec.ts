/**
 * docs/design.md §4a: a journey fails when a page it opened logs `console.error` or throws an uncaught
 * error. Each `test.fail()` below passes only if the fixture fails it (its body alone passes); the
 * others show the narrow opt-in for a 4xx a journey provokes, and that a 5xx is allowed only at
 * the one path a journey breaks on purpose.
 */
import {
  allowConsoleErrors,
  expect,
  failedResource,
  serverFault,
  test,
  type Page,
} from './support/test';

/** Runs `script` in the page and waits until the page has reported what it logged. */
async function logFrom(page: Page, script: string): Promise<void> {
  await Promise.all([
    page.waitForEvent('console', (message) => message.type() === 'error'),
    page.evaluate(script),
  ]);
}

/** Fetches `path` from the page and waits until the browser has logged the failed resource. */
async function fetchFrom(page: Page, path: string): Promise<number> {
  const [, status] = await Promise.all([
    page.waitForEvent('console', (message) => message.text().startsWith('Failed to load resource')),
    page.evaluate(async (address) => (await fetch(address)).status, path),
  ]);
  return status;
}

test.describe('fails the test', () => {
  test('when the page logs console.error', async ({ page }) => {
    test.fail();
    await page.goto('/');
    await logFrom(page, `console.error('a warning React would log')`);
  });

  test('when the page throws an uncaught error', async ({ page }) => {
    test.fail();
    await page.goto('/');
    await Promise.all([
      page.waitForEvent('pageerror'),
      page.evaluate(() => {
        setTimeout(() => {
          throw new Error('an uncaught error');
        });
      }),
    ]);
  });

  test('when a popup of the page logs console.error', async ({ page }) => {
    test.fail();
    await page.goto('/');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate(() => window.open('/about')),
    ]);
    await popup.waitForLoadState();
    await logFrom(popup, `console.error('from the popup')`);
  });

  test('when a page of a context the test made logs console.error', async ({
    browser,
    baseURL,
  }) => {
    test.fail();
    const context = await browser.newContext({ baseURL });
    try {
      const other = await context.newPage();
      await other.goto('/');
      await logFrom(other, `console.error('from another context')`);
    } finally {
      await context.close();
    }
  });

  test('when a resource answers 404 and the test did not expect it', async ({ page }) => {
    test.fail();
    await page.goto('/');
    expect(await fetchFrom(page, '/no-such-page')).toBe(404);
  });

  test('when the expected 404 comes from another address', async ({ page }) => {
    test.fail();
    allowConsoleErrors(failedResource(404, '/expected-missing-page'));
    await page.goto('/');
    expect(await fetchFrom(page, '/no-such-page')).toBe(404);
  });

  test('when a resource answers 500, even beside an expected 404', async ({ page }) => {
    test.fail();
    allowConsoleErrors(failedResource(404));
    await page.route('**/broken', (route) => route.fulfill({ status: 500, body: 'broken' }));
    await page.goto('/');
    expect(await fetchFrom(page, '/broken')).toBe(500);
  });

  test('when a 500 comes from another path than the fault the journey made', async ({ page }) => {
    test.fail();
    allowConsoleErrors(serverFault(500, '/broken-on-purpose'));
    await page.route('**/broken', (route) => route.fulfill({ status: 500, body: 'broken' }));
    await page.goto('/');
    expect(await fetchFrom(page, '/broken')).toBe(500);
  });
});

test.describe('lets a journey expect', () => {
  test('the 404 it provokes, for this test only', async ({ page }) => {
    allowConsoleErrors(failedResource(404, '/no-such-page'));
    await page.goto('/');
    expect(await fetchFrom(page, '/no-such-page')).toBe(404);
  });

  test.describe('with test.use', () => {
    test.use({ allowedConsoleErrors: [failedResource(404)] });

    test('a 404 on any address of the block', async ({ page }) => {
      await page.goto('/');
      expect(await fetchFrom(page, '/no-such-page')).toBe(404);
    });
  });

  test('the 500 of the one path it breaks on purpose', async ({ page }) => {
    allowConsoleErrors(serverFault(500, '/broken'));
    await page.route('**/broken', (route) => route.fulfill({ status: 500, body: 'broken' }));
    await page.goto('/');
    expect(await fetchFrom(page, '/broken')).toBe(500);
  });
});

test('no allowance covers a 5xx answer', () => {
  expect(() => failedResource(500)).toThrow('only a 4xx answer may be expected');
  expect(() => failedResource(503, '/healthz')).toThrow('only a 4xx answer may be expected');
  expect(() => allowConsoleErrors(/Failed to load resource/)).toThrow(/would also allow/);
  expect(() => allowConsoleErrors({ text: /status of 5\d\d/ })).toThrow(/would also allow/);
  expect(() => allowConsoleErrors(/.*/)).toThrow(/would also allow/);
  expect(() => serverFault(404, '/no-such-page')).toThrow('only a 5xx answer is a server fault');
  expect(() => serverFault(500, '*')).toThrow('name one path');
});
