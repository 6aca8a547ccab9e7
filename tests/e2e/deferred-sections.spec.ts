/**
 * docs/decisions/020: parts of a page that hydrate from their own chunk, after the page (the footer, the
 * header's search, the product's reviews and questions, the quote page's forms, the Sign Up tab;
 * app/components/ui/deferred.tsx). The page does not wait for them; until their code is in they
 * show the server's HTML and work as they do without JavaScript; the hydration marker waits for
 * them; and a chunk that cannot be fetched leaves its section as the server rendered it.
 */
import {
  allowConsoleErrors,
  expect,
  failedResource,
  test,
  type Page,
  type Route,
} from './support/test';

const chunk = (name: string) => new RegExp(`/assets/${name}-[\\w-]{8}\\.js$`);

/** Holds the browser's fetch of a chunk until `release` is called. */
async function holdChunk(page: Page, name: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(chunk(name), async (route: Route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release, requested: () => requested };
}

/**
 * Opens a product page without waiting for the hydration marker (which waits for the deferred
 * sections), and returns once the page's own controls are hydrated: "Get Quotation" says whether
 * its dialog is open only then.
 */
async function openProductPage(page: Page) {
  await page.goto('/product/brass-nandi', { waitUntil: 'domcontentloaded' });
  const getQuotation = page.getByRole('link', { name: 'Get Quotation' }).first();
  await expect(getQuotation).toHaveAttribute('aria-expanded', 'false');
  return getQuotation;
}

test.describe('a section that hydrates after the page', () => {
  test('the page is interactive before the footer’s code is in; the marker waits for it', async ({
    page,
  }) => {
    const footer = await holdChunk(page, 'page-footer');
    const getQuotation = await openProductPage(page);
    // The footer's chunk is asked for with the page, not when the footer is scrolled to.
    await expect.poll(footer.requested).toBe(true);

    // The product's own controls are on: "Get Quotation" opens its dialog in the page.
    await getQuotation.click();
    await expect(page.getByRole('dialog', { name: /Request Quotation/ })).toBeVisible();
    await expect(page).toHaveURL(/\/product\/brass-nandi$/);
    // The footer shows as the server rendered it, and the page is not yet marked hydrated.
    await expect(page.getByRole('navigation', { name: 'Footer' })).toBeVisible();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);

    footer.release();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  });

  test('before its code is in, the footer’s newsletter form posts as it does without JavaScript', async ({
    page,
  }) => {
    await holdChunk(page, 'page-footer');
    await openProductPage(page);
    const footer = page.getByRole('contentinfo');
    await footer
      .getByRole('textbox', { name: 'Email address' })
      .fill(`deferred-${Date.now()}@example.com`);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    // The post answered as a page, with the words the toast says once hydrated.
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Thank you for subscribing! 🎉' }),
    ).toBeVisible();
  });

  test('a section whose code cannot be fetched keeps its server HTML, and the page still works', async ({
    page,
  }) => {
    allowConsoleErrors(failedResource(404, chunk('reviews-section')));
    await page.route(chunk('reviews-section'), (route) => route.fulfill({ status: 404, body: '' }));
    const getQuotation = await openProductPage(page);

    await getQuotation.click();
    await expect(page.getByRole('dialog', { name: /Request Quotation/ })).toBeVisible();
    await page.keyboard.press('Escape');
    // Not replaced by an error page: the reviews stay, with their sort and write links.
    await expect(page.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Questions & Answers' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
