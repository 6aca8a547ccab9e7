/**
 * docs/requirements.md §11: /api/docs renders the generated OpenAPI document with Swagger UI, from scripts the
 * shop serves itself under its Content-Security-Policy (the console watch fails on a violation).
 */
import { expect, test } from './support/test';
import { axeViolations } from './support/axe';

test('the API reference renders the document from the shop’s own scripts', async ({ page }) => {
  // Swagger UI draws the whole document in the browser, its 11 webhooks too (docs/decisions/019): on a
  // loaded CI machine the first heading took over 5 s and the journey about a minute.
  test.setTimeout(180_000);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  // A page of its own, not the React app: nothing hydrates.
  await page.goto('/api/docs', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { name: /Artisan storefront API/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('/products/{id}').first()).toBeVisible();
  const shop = new URL(page.url()).origin;
  expect(
    requested.filter((url) => !url.startsWith(`${shop}/`) && !url.startsWith('data:')),
  ).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  // An operation opened by keyboard shows its parameters and answers, and stays clean.
  const listProducts = page.getByRole('button', { name: /GET \/products List products/ });
  await listProducts.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByText('Not modified since the ETag sent in If-None-Match').first(),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
