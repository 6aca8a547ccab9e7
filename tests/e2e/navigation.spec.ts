import { allowConsoleErrors, expect, failedResource, test } from './support/test';

// spec §2: the route table, plus /artisans and /payment (docs/design.md §5).
const routes = [
  '/',
  '/shop',
  '/shop/culinary-crafts',
  '/shop/divine-artistry',
  '/shop/artisan-home-serenity',
  '/shop/crafted-sip-smoke',
  '/product/banswara-cake-stand',
  '/auth',
  '/dashboard',
  '/admin',
  '/admin/product-media',
  '/about',
  '/customisations',
  '/blog',
  '/blog/marble-artisans-of-banswara',
  '/contact',
  '/faq',
  '/shipping',
  '/privacy',
  '/terms',
  '/artisans',
  '/payment',
];

test('every route of the route table answers 200', async ({ request }) => {
  for (const route of routes) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
  }
});

// spec §2 "Header and footer": the internal links, exactly (the social button links out).
const categoryLinks = [
  '/shop/culinary-crafts',
  '/shop/divine-artistry',
  '/shop/artisan-home-serenity',
  '/shop/crafted-sip-smoke',
];
const menuLinks = ['/shop', ...categoryLinks, '/customisations', '/about', '/blog', '/contact'];
const headerLinks = ['/', ...menuLinks, '/auth'];
const footerLinks = [
  ...categoryLinks,
  '/about',
  '/blog',
  '/contact',
  '/artisans',
  '/faq',
  '/shipping',
  '/payment',
  '/privacy',
  '/terms',
];

const sorted = (hrefs: string[]) => [...new Set(hrefs)].sort();

test('the header and footer carry exactly the links of spec §2, and each answers 200', async ({
  page,
}) => {
  await page.goto('/');
  const internalHrefs = (selector: string) =>
    page
      .locator(`${selector} a[href]`)
      .evaluateAll((anchors) =>
        anchors
          .map((anchor) => anchor.getAttribute('href') ?? '')
          .filter((href) => !/^[a-z][a-z0-9+.-]*:/i.test(href)),
      );
  expect(sorted(await internalHrefs('header'))).toEqual(sorted(headerLinks));
  // The mobile menu shows the same links as the desktop one.
  expect(sorted(await internalHrefs('nav[aria-label="Mobile"]'))).toEqual(sorted(menuLinks));
  expect(sorted(await internalHrefs('footer'))).toEqual(sorted(footerLinks));

  for (const href of sorted([...headerLinks, ...footerLinks])) {
    const response = await page.goto(href);
    expect(response?.status(), href).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).first(), href).toBeVisible();
  }
});

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  allowConsoleErrors(failedResource(404, '/no-such-page'));
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown product shows "Product not found" with a 404 status', async ({ page }) => {
  allowConsoleErrors(failedResource(404, '/product/nope'));
  const response = await page.goto('/product/nope');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  await expect(page.getByText("The product you're looking for doesn't exist.")).toBeVisible();
});

test('an unknown story shows "Story Not Found" with a 404 status', async ({ page }) => {
  allowConsoleErrors(failedResource(404, '/blog/no-such-story'));
  const response = await page.goto('/blog/no-such-story');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Story Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Journal' })).toHaveAttribute(
    'href',
    '/blog',
  );
});

test('an unknown shop category is a 404', async ({ request }) => {
  expect((await request.get('/shop/no-such-category')).status()).toBe(404);
});

test('the header Shop menu lists all products and the four categories, by keyboard too', async ({
  page,
}) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const shopButton = nav.getByRole('button', { name: 'Shop' });
  await shopButton.focus();
  await page.keyboard.press('Enter');
  await expect(shopButton).toHaveAttribute('aria-expanded', 'true');
  for (const name of [
    'All Products',
    'Culinary Crafts',
    'Divine Artistry',
    'Artisan Home Serenity',
    'Crafted Sip & Smoke',
  ]) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(shopButton).toHaveAttribute('aria-expanded', 'false');
  await expect(shopButton).toBeFocused();
  await shopButton.click();
  await nav.getByRole('link', { name: 'Divine Artistry' }).click();
  await expect(page).toHaveURL(/\/shop\/divine-artistry$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Divine Artistry' })).toBeVisible();
});

test('the mobile menu opens with its button and closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  const menuButton = page.getByRole('button', { name: 'Close menu' });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await page
    .getByRole('navigation', { name: 'Mobile' })
    .getByRole('link', { name: 'Journal' })
    .click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

test('the account icon leads a signed-out visitor to /auth', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the page scrolls to the top on a path change', async ({ page }) => {
  await page.goto('/shop');
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Shipping & Returns' }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the footer shows the tagline and the social link', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Connecting Cultures, One Craft at a Time.')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Follow us on Instagram' })).toHaveAttribute(
    'href',
    /^https:\/\//,
  );
});
