import { expect, test, type Page } from './support/test';
import { seedProducts } from '../../content/catalog';
import { selectBestSellers } from '../../core/catalog/best-sellers';
import { countOf } from '../../core/forms/plurals';

// The e2e server runs on a fresh embedded database seeded with content/catalog.ts, so the
// expectations below are derived from that file rather than copied from it.
const byName = [...seedProducts].sort((a, b) => a.name.localeCompare(b.name, 'en'));
const resultLine = (page: Page) => page.getByText(/^Showing \d+ of \d+ products?/);
/** The listing's count line, as the shop words it (docs/requirements.md §19: "1 product"). */
const showing = (shown: number, total: number) =>
  `Showing ${shown} of ${countOf(total, 'product')}`;
const productHeadings = (page: Page) =>
  page.getByRole('region', { name: 'Products' }).getByRole('heading', { level: 2 });

test.describe('home', () => {
  test('shows the best sellers: new arrivals first, then featured fillers, eight in all', async ({
    page,
  }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Our Best Selling Products' });
    // The seed rows share one creation time, so the catalogue reads them A to Z.
    const expected = selectBestSellers(byName).map((product) => product.name);
    expect(expected).toHaveLength(8);
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(expected);
    await expect(section.getByRole('link', { name: expected[0] })).toHaveAttribute(
      'href',
      `/product/${selectBestSellers(byName)[0]?.id}`,
    );
    await expect(section.getByRole('link', { name: 'Get Quote' })).toHaveCount(8);
    await section.getByRole('link', { name: 'View All Products' }).click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test('fades sections in as they scroll into view, and they stay visible', async ({ page }) => {
    await page.goto('/');
    const about = page.getByRole('region', { name: /^Why / });
    await about.scrollIntoViewIfNeeded();
    await expect(about).toHaveAttribute('data-reveal', 'revealed');
    await expect(page.getByRole('heading', { name: 'Crafted with Care' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(about).toHaveAttribute('data-reveal', 'revealed');
  });

  test('sets the digits of the stat tiles and headings as lining figures', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const tile = page.getByText('1000+', { exact: true });
    await tile.scrollIntoViewIfNeeded();
    // Playfair's default figures are old-style: its 0 reads as an "o".
    await expect(tile).toHaveCSS('font-variant-numeric', 'lining-nums');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS(
      'font-variant-numeric',
      'lining-nums',
    );
  });

  test('renders every section without JavaScript and with reduced motion', async ({ browser }) => {
    for (const options of [{ javaScriptEnabled: false }, { reducedMotion: 'reduce' as const }]) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await page.goto('/');
      for (const text of ['B2B Partnerships', '1000+', 'Happy Customers']) {
        const target = page.getByText(text, { exact: true });
        await target.scrollIntoViewIfNeeded();
        await expect(target).toBeVisible();
      }
      await expect(page.locator('[data-reveal="waiting"]')).toHaveCount(0);
      await context.close();
    }
  });
});

test.describe('shop listing', () => {
  test('lists 24 products, then the rest with Load more', async ({ page }) => {
    await page.goto('/shop');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expect(
      page.getByText('Discover our complete collection of handcrafted treasures'),
    ).toBeVisible();
    await expect(resultLine(page)).toHaveText(showing(24, seedProducts.length));
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect(resultLine(page)).toHaveText(showing(seedProducts.length, seedProducts.length));
    await expect(productHeadings(page)).toHaveCount(seedProducts.length);
    await expect(page.getByRole('link', { name: 'Load more' })).toHaveCount(0);
  });

  test('filters by material on the server, and Clear Filters brings everything back', async ({
    page,
  }) => {
    const brass = seedProducts.filter((product) => product.material === 'Brass');
    await page.goto('/shop');
    await page.getByRole('checkbox', { name: 'Brass' }).check();
    await expect(page).toHaveURL(/material=Brass/);
    await expect(resultLine(page)).toHaveText(showing(brass.length, brass.length));
    // the default order: featured first, then bestsellers, then A to Z
    const expected = [...brass]
      .sort(
        (a, b) =>
          Number(b.featured) - Number(a.featured) ||
          Number(b.bestseller) - Number(a.bestseller) ||
          a.name.localeCompare(b.name, 'en'),
      )
      .map((product) => product.name);
    await expect(productHeadings(page)).toHaveText(expected);
    await page.getByRole('link', { name: 'Clear Filters' }).click();
    await expect(resultLine(page)).toHaveText(showing(24, seedProducts.length));
    await expect(page.getByRole('checkbox', { name: 'Brass' })).not.toBeChecked();
  });

  test('sorts by price and by name', async ({ page }) => {
    const byPrice = [...seedProducts].sort((a, b) => a.priceRupees - b.priceRupees);
    await page.goto('/shop');
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await sort.selectOption({ label: 'Price: Low to High' });
    await expect(page).toHaveURL(/sort=price-low/);
    await expect(productHeadings(page).first()).toHaveText(byPrice[0]!.name);
    await sort.selectOption({ label: 'Price: High to Low' });
    await expect(productHeadings(page).first()).toHaveText(byPrice.at(-1)!.name);
    await sort.selectOption({ label: 'Name: A to Z' });
    await expect(productHeadings(page).first()).toHaveText(byName[0]!.name);
    await sort.selectOption({ label: 'Name: Z to A' });
    await expect(productHeadings(page).first()).toHaveText(byName.at(-1)!.name);
  });

  test('switches to the list view', async ({ page }) => {
    await page.goto('/shop');
    const list = page.getByRole('button', { name: 'List view' });
    await expect(list).toHaveAttribute('aria-pressed', 'false');
    await list.click();
    await expect(page).toHaveURL(/view=list/);
    await expect(list).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  test('remembers the preferences per category across a reload', async ({ page }) => {
    await page.goto('/shop');
    await page.getByRole('checkbox', { name: 'Marble' }).check();
    await expect(page).toHaveURL(/material=Marble/);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name: Z to A' });
    await expect(page).toHaveURL(/sort=name-z-a/);
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page).toHaveURL(/view=list/);
    // The address changes before the listing's save-on-change effect has run; leaving earlier
    // would reload before the last choice is stored.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('shop-preferences:all')))
      .toContain('"viewMode":"list"');

    await page.goto('/shop');
    await expect(page).toHaveURL(/material=Marble/);
    await expect(page).toHaveURL(/sort=name-z-a/);
    await expect(page.getByRole('checkbox', { name: 'Marble' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const stored = await page.evaluate(() => localStorage.getItem('shop-preferences:all'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({
      sortBy: 'name-z-a',
      viewMode: 'list',
      priceRange: [0, 10000],
      selectedMaterials: ['Marble'],
    });

    // Another category keeps its own preferences.
    await page.goto('/shop/divine-artistry');
    await expect(page).toHaveURL(/\/shop\/divine-artistry$/);
    await expect(page.getByRole('checkbox', { name: 'Marble' })).not.toBeChecked();
  });

  test('shows the empty state with Clear Filters', async ({ page }) => {
    await page.goto('/shop?maxPrice=100');
    await expect(page.getByText('No products found matching your filters.')).toBeVisible();
    await page
      .getByRole('region', { name: 'Products' })
      .getByRole('link', { name: 'Clear Filters' })
      .click();
    await expect(resultLine(page)).toHaveText(showing(24, seedProducts.length));
  });

  test('a category page shows its banner and only its products', async ({ page }) => {
    const divine = seedProducts.filter((product) => product.category === 'divine');
    await page.goto('/shop/divine-artistry');
    await expect(page.getByRole('heading', { level: 1, name: 'Divine Artistry' })).toBeVisible();
    await expect(resultLine(page)).toHaveText(showing(divine.length, divine.length));
    const card = page.getByRole('listitem').filter({ hasText: 'Boat Ganesh' });
    await expect(card.getByText('Bestseller')).toBeVisible();
    await expect(card.getByText('Featured')).toBeVisible();
    await expect(card.getByText('0 reviews')).toBeVisible();
    await card.getByRole('link', { name: /View & Request Quote/ }).click();
    await expect(page).toHaveURL(/\/product\/boat-ganesh$/);
  });

  test('on a phone the filters fold away above the products', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/shop');
    const brass = page.getByRole('checkbox', { name: 'Brass' });
    await expect(brass).toBeHidden();
    await expect(productHeadings(page).first()).toBeVisible();
    await page.getByText('Filters', { exact: true }).click();
    await brass.check();
    await expect(page).toHaveURL(/material=Brass/);
    // an active filter keeps the panel open and counted
    await expect(page.getByText('Filters (1)')).toBeVisible();
    await expect(brass).toBeChecked();
  });

  test('filters work without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/shop');
    await page.getByRole('checkbox', { name: 'Crystal' }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/material=Crystal/);
    const crystal = seedProducts.filter((product) => product.material === 'Crystal');
    await expect(resultLine(page)).toHaveText(showing(crystal.length, crystal.length));
    await context.close();
  });
});

test.describe('product page', () => {
  test('shows the breadcrumb, gallery, details and related items', async ({ page }) => {
    const product = seedProducts.find((candidate) => candidate.id === 'banswara-cake-stand')!;
    await page.goto('/product/banswara-cake-stand');

    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(breadcrumb.getByRole('link', { name: 'Culinary Crafts' })).toHaveAttribute(
      'href',
      '/shop/culinary-crafts',
    );
    await expect(breadcrumb.getByText('Banswara Cake Stand')).toBeVisible();

    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText('Bestseller', { exact: true })).toBeVisible();
    await expect(page.getByText('Featured', { exact: true })).toBeVisible();
    await expect(page.getByText('0 reviews').first()).toBeVisible();
    await expect(page.getByText(product.dimensions!)).toBeVisible();
    for (const note of ['Free Shipping', 'Authentic Craft', 'Easy Returns']) {
      await expect(page.getByText(note, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Care Instructions' })).toBeVisible();

    const gallery = page.getByRole('region', { name: 'Gallery' });
    const main = gallery.getByRole('img').first();
    await expect(main).toHaveAttribute('alt', product.images[0]!.alt);
    await expect(main).toHaveAttribute('fetchpriority', 'high');
    const thumbnails = gallery.getByRole('link', { name: /^Show image/ });
    await expect(thumbnails).toHaveCount(product.images.length);
    await thumbnails.nth(1).click();
    await expect(main).toHaveAttribute('alt', product.images[1]!.alt);

    const related = page.getByRole('region', { name: 'You May Also Like' });
    await expect(related.getByRole('heading', { level: 3 })).toHaveCount(4);
    const culinaryNames = seedProducts
      .filter((candidate) => candidate.category === 'culinary' && candidate.id !== product.id)
      .map((candidate) => candidate.name);
    for (const name of await related.getByRole('heading', { level: 3 }).allInnerTexts()) {
      expect(culinaryNames).toContain(name);
    }
    await expect(related.getByRole('link', { name: 'Get Quote' })).toHaveCount(4);
  });

  test('shows "Loading product..." while a product loads on a client-side navigation', async ({
    page,
  }) => {
    await page.goto('/shop/divine-artistry');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // Hold the product's data until the loading text has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/product/boat-ganesh.data*', async (route) => {
      await held;
      await route.continue();
    });
    await page
      .getByRole('region', { name: 'Products' })
      .getByRole('link', { name: /: Boat Ganesh$/ })
      .first()
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Loading product...' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Boat Ganesh' })).toBeVisible();
    await expect(page.getByText('Loading product...')).toHaveCount(0);
  });

  test('describes itself to search engines and link previews', async ({ page }) => {
    await page.goto('/product/boat-ganesh');
    await expect(page).toHaveTitle(/^Boat Ganesh \| /);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /^https?:\/\/.+\/images\/products\/boat-ganesh-1\.svg$/,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Boat Ganesh',
    );
  });
});
