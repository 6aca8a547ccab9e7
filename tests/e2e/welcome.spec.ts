import { expect, test } from './support/test';
import { waitForOutbox } from './support/accounts';
import { startServerProcess } from './support/server-process';

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
