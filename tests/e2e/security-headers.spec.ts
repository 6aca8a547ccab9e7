/**
 * docs/decisions/012's enforced nonce-based CSP as a browser meets it: the main pages, their
 * dialogs and a toast raise no violation. The headers themselves (the CSP's directives, HSTS,
 * nosniff, the Referrer-Policy and Permissions-Policy, the session cookie under https, the refused
 * large body) are answers, tested in process: tests/integration/security-headers.test.ts.
 */
import { allowConsoleErrors, expect, failedResource, test } from './support/test';
import { toastWith } from './support/pages';

// A person's browser: Playwright's own "HeadlessChrome" agent counts as a robot, and robots never
// see the welcome pop-up, the dialog this test needs open.
const personalBrowser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

test.describe('under the enforced policy', () => {
  test.use({ userAgent: personalBrowser });

  test('the main pages, their dialogs and a toast raise no Content-Security-Policy violation', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
      );
    });
    const violations: string[] = [];
    const collect = async (where: string) => {
      const seen = await page.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      );
      violations.push(...seen.map((violation) => `${where}: ${violation}`));
    };

    // The welcome pop-up is a modal dialog: its scroll lock is a rule of the stylesheet, no inline
    // style (docs/decisions/020).
    await page.goto('/');
    const welcome = page.getByRole('dialog', { name: /^Welcome to / });
    await expect(welcome).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      'hidden',
    );
    await collect('home, welcome dialog open');
    await page.keyboard.press('Escape');
    await expect(welcome).toBeHidden();

    const card = page
      .getByRole('region', { name: 'Our Best Selling Products' })
      .getByRole('listitem')
      .filter({ hasText: 'Boat Ganesh' });
    await card.getByRole('link', { name: 'Get Quote' }).click();
    const quotation = page.getByRole('dialog', { name: 'Request Quotation' });
    await expect(quotation.getByLabel('Product')).toHaveValue('Boat Ganesh');
    await collect('home, quotation dialog open');
    await page.keyboard.press('Escape');
    await expect(quotation).toBeHidden();

    for (const path of [
      '/shop',
      '/product/boat-ganesh',
      '/blog',
      '/contact',
      '/faq',
      '/dashboard',
    ]) {
      await page.goto(path);
      await collect(path);
    }

    // The sign-in tabs render style attributes on the server; a failed sign-in shows a toast.
    allowConsoleErrors(failedResource(401, '/auth.data'));
    await page.goto('/auth');
    const signIn = page.getByRole('tabpanel', { name: 'Sign In' });
    await signIn.getByLabel('Email').fill('nobody@example.com');
    await signIn.getByLabel('Password', { exact: true }).fill('Wrong#Password1');
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(toastWith(page, 'Sign In Error')).toBeVisible();
    await collect('/auth with a toast');

    expect(violations).toEqual([]);
  });
});
