/**
 * docs/decisions/020 and 029: parts of a page that hydrate from their own chunk (the footer, the
 * header's search and menus, the toaster, the product's reviews and questions, the quote page's
 * forms, the Sign Up tab; app/components/ui/deferred.tsx). A first view fetches none of them
 * (docs/requirements.md §16); a section fetches its code when the reader scrolls near it or first
 * focuses or taps it, and until then it shows the server's HTML and works as it does without
 * JavaScript. A tap made before its code is in is done once it is; a chunk that cannot be fetched
 * leaves its section as the server rendered it.
 */
import {
  allowConsoleErrors,
  expect,
  failedResource,
  test,
  type Page,
  type Route,
} from './support/test';
import { toastWith } from './support/pages';

const chunk = (name: string) => new RegExp(`/assets/${name}-[\\w-]{8}\\.js$`);

/** The deferred sections of a product page and of every page's shell. */
const SECTIONS = [
  'reviews-section',
  'questions-section',
  'page-footer',
  'header-tools',
  'header-menus',
  'notifications',
];

/** The scripts the page has fetched so far, by chunk name. */
function scriptsOf(page: Page): () => string[] {
  const fetched: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) fetched.push(pathname);
  });
  return () => fetched;
}

const fetchedChunk = (fetched: () => string[], name: string) => () =>
  fetched().some((script) => chunk(name).test(script));

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
 * Opens a product page without waiting for the hydration marker, and returns once the page's own
 * controls are hydrated: "Get Quotation" says whether its dialog is open only then.
 */
async function openProductPage(page: Page) {
  await page.goto('/product/brass-nandi', { waitUntil: 'domcontentloaded' });
  const getQuotation = page.getByRole('link', { name: 'Get Quotation' }).first();
  await expect(getQuotation).toHaveAttribute('aria-expanded', 'false');
  return getQuotation;
}

test.describe('a first view on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('fetches no section’s code until the section is used', async ({ page }) => {
    const fetched = scriptsOf(page);
    // A new context: the cache is empty, as on a first visit.
    await page.goto('/product/brass-nandi', { waitUntil: 'load' });
    // The measured window (scripts/bench/first-view-js.ts counts 5 s): the page's scripts load
    // after its load event (decision 010), then nothing more may come in without a touch.
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await page.waitForTimeout(2_000);
    for (const name of SECTIONS)
      expect(fetched().filter((url) => chunk(name).test(url))).toEqual([]);

    // A tap on the questions' "Ask a Question" (a form that signs in, in the server HTML) fetches
    // their code, and is done once it is in: a visitor who is not signed in is told so in the page.
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    await expect.poll(fetchedChunk(fetched, 'questions-section')).toBe(true);
    await expect(toastWith(page, 'Please sign in to ask a question')).toBeVisible();
    await expect(page).toHaveURL(/\/product\/brass-nandi$/);

    // Focusing the footer's newsletter box fetches the footer's code; its form then answers in
    // the page, as hydrated.
    const footer = page.getByRole('contentinfo');
    const email = footer.getByRole('textbox', { name: 'Email address' });
    await email.focus();
    await expect.poll(fetchedChunk(fetched, 'page-footer')).toBe(true);
    await email.fill(`first-view-${Date.now()}@example.com`);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toastWith(page, 'Thank you for subscribing')).toBeVisible();
    await expect(page).toHaveURL(/\/product\/brass-nandi$/);

    // The page's own controls work as ever: Get Quotation opens its dialog in the page.
    await page.getByRole('link', { name: 'Get Quotation' }).first().click();
    await expect(page.getByRole('dialog', { name: /Request Quotation/ })).toBeVisible();
  });

  test('scrolling near a section fetches its code', async ({ page }) => {
    const fetched = scriptsOf(page);
    await page.goto('/product/brass-nandi');
    expect(fetchedChunk(fetched, 'reviews-section')()).toBe(false);
    await page.getByRole('heading', { name: 'Customer Reviews' }).scrollIntoViewIfNeeded();
    await expect.poll(fetchedChunk(fetched, 'reviews-section')).toBe(true);
  });

  test('a tap on the menu before its code is in opens it once it is', async ({ page }) => {
    const menus = await holdChunk(page, 'header-menus');
    await page.goto('/about');
    expect(menus.requested()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(menus.requested).toBe(true);
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
    menus.release();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  });

  test('what is typed in the search before its code is in stays, and gets suggestions', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const tools = await holdChunk(page, 'header-tools');
    await page.goto('/about');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.click();
    await expect.poll(tools.requested).toBe(true);
    await page.keyboard.type('ganesh');
    tools.release();
    await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeVisible();
    await expect(box).toHaveValue('ganesh');
    await expect(box).toBeFocused();
  });
});

test.describe('a section that hydrates on approach or use', () => {
  test('the page is interactive without the footer’s code, and the marker does not wait for it', async ({
    page,
  }) => {
    const footer = await holdChunk(page, 'page-footer');
    const getQuotation = await openProductPage(page);
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    // Not asked for with the page: the footer is far below.
    expect(footer.requested()).toBe(false);

    await getQuotation.click();
    await expect(page.getByRole('dialog', { name: /Request Quotation/ })).toBeVisible();
    await expect(page).toHaveURL(/\/product\/brass-nandi$/);
    await page.keyboard.press('Escape');
    // The footer shows as the server rendered it; scrolling to it asks for its code.
    await page.getByRole('navigation', { name: 'Footer' }).scrollIntoViewIfNeeded();
    await expect.poll(footer.requested).toBe(true);
    footer.release();
  });

  test('before its code is in, the footer’s newsletter form posts as it does without JavaScript', async ({
    page,
  }) => {
    // The footer's code never arrives: the send is held a moment (decision 029), then posted.
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
    let asked = false;
    await page.route(chunk('reviews-section'), (route) => {
      asked = true;
      return route.fulfill({ status: 404, body: '' });
    });
    const getQuotation = await openProductPage(page);
    await page.getByRole('heading', { name: 'Customer Reviews' }).scrollIntoViewIfNeeded();
    await expect.poll(() => asked).toBe(true);

    await getQuotation.click();
    await expect(page.getByRole('dialog', { name: /Request Quotation/ })).toBeVisible();
    await page.keyboard.press('Escape');
    // Not replaced by an error page: the reviews stay, with their sort and write links.
    await expect(page.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Questions & Answers' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
