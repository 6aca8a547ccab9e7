/**
 * docs/decisions/020: a form's validation loads when the form is used, not with the page. Once the form is
 * focused, the browser checks it with the spec's messages under the fields (spec §5); without
 * JavaScript the form posts natively and the server's answer shows the same messages.
 */
import { allowConsoleErrors, expect, failedResource, test, type Page } from './support/test';
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

  test('a send before the check has loaded posts at once, and the server’s messages show', async ({
    page,
  }) => {
    // The server's refusal is the form's answer, not a console error: none is allowed here.
    // A slow line: the check's code is asked for and held, never arriving during the test.
    let validatorAsked = false;
    await page.route(validatorChunk, () => {
      validatorAsked = true;
    });
    await gotoHydrated(page, '/contact');
    await page.getByLabel('Name', { exact: true }).fill('Asha Verma');
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Subject is required')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Asha Verma');
    expect(validatorAsked).toBe(true);
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

/** The script requests a page makes, to tell what loaded before and after a first use. */
function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

const loaded = (scripts: string[], chunk: string) =>
  // A chunk's name and its 8-character hash: `modal` is not `modal-close`.
  scripts.some((url) => new RegExp(`/assets/${chunk}-[\\w-]{8}\\.js$`).test(url));

test.describe('code that loads on first use', () => {
  test('the header search loads its suggestions when the box is first focused', async ({
    page,
  }) => {
    const scripts = scriptRequests(page);
    await gotoHydrated(page, '/about');
    expect(loaded(scripts, 'search-suggestions')).toBe(false);
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.focus();
    await box.pressSequentially('urli');
    await expect(page.getByRole('option').first()).toBeVisible();
    expect(loaded(scripts, 'search-suggestions')).toBe(true);
  });

  test('the quotation dialog loads when it is first opened', async ({ page }) => {
    const scripts = scriptRequests(page);
    await gotoHydrated(page, '/product/boat-ganesh');
    expect(loaded(scripts, 'quotation-dialog')).toBe(false);
    expect(loaded(scripts, 'modal')).toBe(false);
    await page.getByRole('link', { name: 'Get Quotation' }).click();
    await expect(page.getByRole('dialog', { name: 'Request Quotation' })).toBeVisible();
    expect(loaded(scripts, 'quotation-dialog')).toBe(true);
  });
});
