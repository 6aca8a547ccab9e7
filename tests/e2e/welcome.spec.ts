import { allowConsoleErrors, expect, failedResource, test, type Page } from './support/test';
import { signedInCustomer, waitForOutbox } from './support/accounts';
import { gotoHydrated } from './support/pages';
import { startServerProcess } from './support/server-process';
import { postForm } from './support/shop-http';

// A person's browser: Playwright's own "HeadlessChrome" agent counts as a robot, and robots
// never see the pop-up.
const personalBrowser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

test.describe('the welcome pop-up', () => {
  test.use({ userAgent: personalBrowser });

  test('appears on the first visit, keeps focus inside, closes on Escape and stays away', async ({
    page,
  }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: /^Welcome to / });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Country code' })).toHaveValue('+91');
    await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await expect(dialog.getByRole('link', { name: 'T&Cs' })).toHaveAttribute('href', '/terms');
    for (let press = 0; press < 8; press += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });

  test('with an SMS sender, "Request OTP" sends a code that signs the visitor in', async ({
    page,
  }) => {
    const national = `7946${String(Date.now()).slice(-6)}`;
    await page.goto('/about');
    const dialog = page.getByRole('dialog', { name: /^Welcome to / });
    await dialog.getByRole('combobox', { name: 'Country code' }).selectOption('+44');
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill(national);
    await dialog.getByRole('checkbox', { name: /I accept that I have read & understood/ }).check();
    await dialog.getByRole('button', { name: 'Request OTP' }).click();
    await expect(page).toHaveURL(/\/auth\/code\?phone=/);
    await expect(page.getByText(`Enter the 6-digit code we sent to +44${national}`)).toBeVisible();
    const code = await waitForOutbox(`To: +44${national}`, /(\d{6}) is your/);
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('the welcome pop-up and the pages a visitor came to for something else', () => {
  test.use({ userAgent: personalBrowser });

  /** A quotation's private link on the shared server, asked for as a form without script would. */
  async function quotationLink(baseURL: string): Promise<string> {
    const reply = await postForm(baseURL, '/quote/lotus-urli', {
      quantity: '2',
      customerName: 'Meera Shah',
      customerMobile: '+91 98765 43210',
    });
    const link = /\/quotes\/Q-\d{8}-\d{4,6}\?key=[A-Za-z0-9_-]+/.exec(reply.body)?.[0];
    expect(link, 'the request answers its private link').toBeTruthy();
    return link!;
  }

  /**
   * On `path` the pop-up stays away. Leaving for the shop by a link opens it there (the visitor has
   * still not seen it), and going back closes it again: once the pop-up's code has loaded, the
   * task page is proven free of it, not merely reached before it loaded.
   */
  async function expectLeftAlone(page: Page, path: string, heading: string | RegExp) {
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(path);
    const dialog = page.getByRole('dialog', { name: /^Welcome to / });
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The back office has no storefront header: its View shop link leaves it.
    const storefront = page.getByRole('banner').getByRole('link', { name: 'About Us' });
    await (
      (await storefront.count()) > 0 ? storefront : page.getByRole('link', { name: 'View shop' })
    ).click();
    await expect(dialog).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(dialog).toHaveCount(0);
  }

  test('never covers signing in, a quotation, the quote list, the dashboard, the back office or the 404 page', async ({
    page,
    baseURL,
  }) => {
    // The 404 pages' own answers (/setup without its token is one).
    allowConsoleErrors(failedResource(404));
    const quotation = await quotationLink(baseURL!);
    await page.goto('/about');
    const pages: [string, string | RegExp][] = [
      ['/auth', 'Welcome'],
      ['/auth/forgot-password', 'Reset your password'],
      // Without its one-time token, /setup is the 404 page.
      ['/setup', 'Oops! Page not found'],
      [quotation, /^Your Quotation Q-/],
      ['/quote/lotus-urli', 'Request Quotation'],
      ['/quote-list', 'Your Quote List'],
      ['/dashboard', 'Sign in required'],
      ['/admin', 'Admin'],
      ['/no-such-page', 'Oops! Page not found'],
      // A route's own 404 pages (their error boundaries), not the root's.
      ['/product/no-such-piece', 'Product not found'],
      ['/blog/no-such-story', 'Story Not Found'],
    ];
    for (const [path, heading] of pages) {
      await test.step(path, () => expectLeftAlone(page, path, heading));
    }
  });

  test('never covers an error page', async ({ page }) => {
    // A form posted to a page that takes none: the root's error page (405).
    allowConsoleErrors(failedResource(405));
    await page.goto('/about');
    await page.evaluate(() => window.localStorage.clear());
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/faq';
      document.body.append(form);
      form.submit();
    });
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The next page that is not one opens it: the visitor had not seen it.
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page.getByRole('dialog', { name: /^Welcome to / })).toBeVisible();
  });

  test('still opens over the shop, a product, the journal and the contact page', async ({
    page,
  }) => {
    for (const path of ['/shop', '/product/lotus-urli', '/blog', '/contact', '/customisations']) {
      await test.step(path, async () => {
        await page.goto('/about');
        await page.evaluate(() => window.localStorage.clear());
        await page.goto(path);
        await expect(page.getByRole('dialog', { name: /^Welcome to / })).toBeVisible();
      });
    }
  });

  test('at 390 px it stays away from a signed-in customer and greets them once signed out', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInCustomer(page, baseURL);
    await page.evaluate(() => window.localStorage.clear());
    await gotoHydrated(page, '/about');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Still unseen: signed out (from the menu, below lg), the visitor gets it.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('dialog', { name: /^Welcome to / })).toBeVisible();
  });

  test('at 390 px the phone field ends inside the dialog', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: /^Welcome to / });
    const phone = dialog.getByRole('textbox', { name: 'Phone number' });
    await expect(phone).toBeVisible();
    const { fieldRight, contentRight } = await phone.evaluate((field) => {
      const box = field.closest('dialog')!;
      const style = getComputedStyle(box);
      return {
        fieldRight: field.getBoundingClientRect().right,
        contentRight:
          box.getBoundingClientRect().right -
          parseFloat(style.borderRightWidth) -
          parseFloat(style.paddingRight),
      };
    });
    expect(fieldRight).toBeLessThanOrEqual(contentRight);
  });
});

test('without an SMS sender, "Request OTP" keeps the number for a call-back', async ({
  browser,
}) => {
  const server = await startServerProcess({ SMS_PROVIDER: 'none' });
  const context = await browser.newContext({ baseURL: server.url, userAgent: personalBrowser });
  try {
    const page = await context.newPage();
    await page.goto('/about');
    const dialog = page.getByRole('dialog', { name: /^Welcome to / });
    await dialog.getByRole('combobox', { name: 'Country code' }).selectOption('+44');
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill('20 7946 0958');
    await dialog.getByRole('checkbox', { name: /I accept that I have read & understood/ }).check();
    await dialog.getByRole('button', { name: 'Request OTP' }).click();
    await expect(dialog.getByText('Thank you! We will call you back shortly.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    await context.close();
    await server.stop();
  }
});

test('crawlers never see the welcome pop-up', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
