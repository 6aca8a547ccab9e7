/**
 * issue 28: a form's validation loads when the form is used, not with the page. Once the form is
 * focused, the browser checks it with the spec's messages under the fields (spec §5); without
 * JavaScript the form posts natively and the server's answer shows the same messages.
 */
import { allowConsoleErrors, expect, failedResource, test } from './support/test';
import { gotoHydrated } from './support/pages';

const validatorChunk = /\/assets\/zod-validator-[\w-]+\.js$/;

test.describe('a form that loads its validation on first use', () => {
  test('checks in the browser once focused, and not before', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await gotoHydrated(page, '/contact');
    // The page's first load carries no validation code.
    expect(scripts.filter((url) => validatorChunk.test(url))).toEqual([]);

    const name = page.getByLabel('Name', { exact: true });
    await name.focus();
    await expect.poll(() => scripts.some((url) => validatorChunk.test(url))).toBe(true);

    // Leaving an empty required field shows its message under it, tied to it.
    await page.getByLabel('Email', { exact: true }).focus();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Name is required');

    // Typing a name clears it on input; a bad address is named on leaving the field.
    await name.fill('Asha Verma');
    await expect(page.getByText('Name is required')).toBeHidden();
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByLabel('Subject', { exact: true }).focus();
    await expect(page.getByText('Invalid email address')).toBeVisible();

    // A send with errors stays in the browser: every message shows, and the toast says why.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Subject is required')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    await expect(
      page.getByText('Please check the form for errors.', { exact: true }),
    ).toBeVisible();
  });

  test('without JavaScript, posts and shows the server’s messages under the fields', async ({
    browser,
  }) => {
    // The refused post answers 400, as a plain HTML form gets it.
    allowConsoleErrors(failedResource(400, '/contact'));
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Asha Verma');
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByRole('alert')).toContainText('Validation Error');
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Subject is required')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    // What was typed comes back in the fields.
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Asha Verma');
    await context.close();
  });
});
