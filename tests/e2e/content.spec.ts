import { expect, test, type Page } from './support/test';
import { seedProducts } from '../../content/catalog';
import { customisationsPage, faqPage } from '../../content/pages';
import { siteDefaults } from '../../content/site';
import { stories } from '../../content/stories';
import { formatLongDate } from '../../core/time/dates';
import { formatShopDate } from '../../core/time/shop-calendar';
import { gotoHydrated } from './support/pages';

const contentPages = [
  '/',
  '/about',
  '/customisations',
  '/faq',
  '/shipping',
  '/privacy',
  '/terms',
  '/artisans',
  '/payment',
  '/blog',
  '/blog/marble-artisans-of-banswara',
  '/shop',
  '/product/boat-ganesh',
];

test.describe('the information pages', () => {
  test('show their key texts', async ({ page }) => {
    const expectations: [string, string[]][] = [
      [
        '/about',
        [
          'Our Story',
          'Craftsmanship',
          'Quality and authenticity',
          'Curated collection',
          'Seamless experience',
          'Why choose us',
        ],
      ],
      [
        '/customisations',
        [
          'Typically 20-50 units',
          '10-15 days',
          '3-6 weeks',
          customisationsPage.questions[0]!.question,
        ],
      ],
      ['/faq', faqPage.questions.map((item) => item.question)],
      [
        '/shipping',
        [
          'Standard delivery: 5-7 business days.',
          'Express delivery: 2-3 business days.',
          'International delivery: 10-15 business days.',
          'Orders are processed in 1-2 business days.',
          'In the US, dispatch takes 2-3 business days and delivery 5-7 business days.',
          'We ship to the US and Canada.',
          'Return shipping is paid by the customer.',
          'Custom items cannot be returned or exchanged.',
        ],
      ],
      ['/privacy', [`Last updated: ${formatShopDate(new Date(), siteDefaults.shopTimeZone)}`]],
      [
        '/terms',
        [
          'Terms & Conditions',
          `Last updated: ${formatShopDate(new Date(), siteDefaults.shopTimeZone)}`,
        ],
      ],
      ['/artisans', ['Meet Our Artisans', stories[0]!.artisan, 'Moradabad, Uttar Pradesh']],
      ['/payment', ['Payment Methods', 'UPI', siteDefaults.upiId, 'Bank transfer']],
    ];
    for (const [path, texts] of expectations) {
      await page.goto(path);
      for (const text of texts) {
        await expect(
          page.getByText(text, { exact: true }).first(),
          `${path}: ${text}`,
        ).toBeVisible();
      }
    }
  });

  test('the terms page is titled Terms & Conditions (spec §2)', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms & Conditions');
    await expect(page).toHaveTitle(/^Terms & Conditions\b/);
  });

  test('customisations link to WhatsApp with a prefilled text', async ({ page }) => {
    await page.goto('/customisations');
    const link = page.getByRole('link', { name: /Chat with us on WhatsApp/ });
    await expect(link).toHaveAttribute(
      'href',
      `https://wa.me/${siteDefaults.whatsappNumber}?text=${encodeURIComponent(customisationsPage.whatsappMessage)}`,
    );
  });

  test('the customisations accordion keeps one item open and closes it on a second click', async ({
    page,
  }) => {
    await page.goto('/customisations');
    const [first, second] = customisationsPage.questions;
    const firstButton = page.getByRole('button', { name: first!.question });
    const secondButton = page.getByRole('button', { name: second!.question });
    await firstButton.click();
    await expect(firstButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: first!.question })).toHaveText(first!.answer);
    await secondButton.click();
    await expect(secondButton).toHaveAttribute('aria-expanded', 'true');
    await expect(firstButton).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: first!.question })).toBeHidden();
    await secondButton.click();
    await expect(secondButton).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: second!.question })).toBeHidden();
  });
});

test.describe('the accordions without JavaScript', () => {
  test('open on click and keep one answer open at a time', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/faq');
    const [first, second] = faqPage.questions;
    await expect(page.getByText(first!.answer)).toBeHidden();
    await page.getByRole('heading', { name: first!.question }).click();
    await expect(page.getByText(first!.answer)).toBeVisible();
    await page.getByRole('heading', { name: second!.question }).click();
    await expect(page.getByText(second!.answer)).toBeVisible();
    await expect(page.getByText(first!.answer)).toBeHidden();

    // The contact page's questions are readable too.
    await page.goto('/contact');
    await page.getByRole('heading', { name: first!.question }).click();
    await expect(page.getByText(first!.answer)).toBeVisible();
    await context.close();
  });
});

test.describe('the heading outline', () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`/faq has one h1 and skips no level (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      if (javaScriptEnabled) await gotoHydrated(page, '/faq');
      else await page.goto('/faq');
      // The questions are headings of the outline, under the page's h1.
      await expect(
        page.getByRole('heading', { level: 2, name: faqPage.questions[0]!.question }),
      ).toBeVisible();
      const levels = await page
        .getByRole('heading')
        .evaluateAll((headings) =>
          headings.map((heading) =>
            Number(heading.getAttribute('aria-level') ?? heading.tagName.slice(1)),
          ),
        );
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      expect(levels[0]).toBe(1);
      levels.forEach((level, index) => {
        if (index > 0)
          expect(level, `heading ${index + 1}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
      });
      await context.close();
    });
  }
});

test.describe('the journal', () => {
  test('filters narrow the stories by category and by region', async ({ page }) => {
    await page.goto('/blog');
    const filters = page.getByRole('navigation', { name: 'Filter stories' });
    const storyTitles = page
      .getByRole('region', { name: 'Stories', exact: true })
      .getByRole('heading', { level: 2 });
    await expect(storyTitles).toHaveCount(stories.length);
    const clay = stories.filter((story) => story.category === 'Clay');
    await filters.getByRole('link', { name: 'Clay', exact: true }).click();
    await expect(page).toHaveURL(/category=Clay/);
    await expect(storyTitles).toHaveText(clay.map((story) => story.title));
    await filters.getByRole('link', { name: 'All categories' }).click();
    // The region links carry the current category: wait until it is gone before choosing one.
    await expect(page).not.toHaveURL(/category=/);
    await filters.getByRole('link', { name: 'Banswara, Rajasthan' }).click();
    await expect(page).toHaveURL(/region=/);
    await expect(storyTitles).toHaveText(['The Marble Artisans of Banswara']);
  });

  test('a story shows its details, related pieces with rupee prices, and shares in a 600x400 popup', async ({
    page,
    context,
  }) => {
    const story = stories.find((candidate) => candidate.id === 'marble-artisans-of-banswara')!;
    await page.goto(`/blog/${story.id}`);
    await expect(page.getByRole('heading', { level: 1, name: story.title })).toBeVisible();
    await expect(page.getByText(formatLongDate(story.date))).toBeVisible();
    await expect(page.getByText(story.artisan, { exact: true })).toBeVisible();
    await expect(page.getByText(story.craft, { exact: true })).toBeVisible();
    const related = page.getByRole('region', { name: 'Discover Related Pieces' });
    await expect(related.getByRole('heading', { level: 3 })).toHaveCount(
      story.relatedProducts.length,
    );
    const cakeStand = seedProducts.find((product) => product.id === 'banswara-cake-stand')!;
    await expect(
      related.getByText(`₹${cakeStand.priceRupees.toLocaleString('en-IN')}`),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'View All Stories' })).toHaveAttribute(
      'href',
      '/blog',
    );

    // No network here: answer the share page ourselves.
    await context.route('https://www.facebook.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>shared</title>' }),
    );
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: 'Share on Facebook' }).click(),
    ]);
    expect(popup.url()).toContain(`u=${encodeURIComponent(page.url())}`);
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([600, 400]);
  });
});

test.describe('findability', () => {
  test('robots.txt points to the sitemap and keeps crawlers out of private areas', async ({
    request,
  }) => {
    const body = await (await request.get('/robots.txt')).text();
    for (const line of ['Disallow: /admin', 'Disallow: /dashboard', 'Disallow: /auth']) {
      expect(body).toContain(line);
    }
    expect(body).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });

  test('the sitemap is valid XML and lists every product and story', async ({ page, request }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.headers()['content-type']).toContain('application/xml');
    const xml = await response.text();
    await page.goto('/about');
    const parsed = await page.evaluate((text) => {
      const document = new DOMParser().parseFromString(text, 'application/xml');
      return {
        error: document.getElementsByTagName('parsererror').length,
        locations: [...document.getElementsByTagName('loc')].map((node) => node.textContent ?? ''),
        lastModified: [...document.getElementsByTagName('url')].map(
          (url) => url.getElementsByTagName('lastmod')[0]?.textContent ?? '',
        ),
      };
    }, xml);
    expect(parsed.error).toBe(0);
    // Every address says when it last changed, as a W3C date.
    expect(parsed.lastModified).toHaveLength(parsed.locations.length);
    for (const [index, lastModified] of parsed.lastModified.entries()) {
      expect(lastModified, parsed.locations[index]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    for (const path of ['/', '/shop', '/about', '/faq', '/contact', '/terms', '/payment']) {
      expect(
        parsed.locations.some((url) => new URL(url).pathname === path),
        path,
      ).toBe(true);
    }
    for (const product of seedProducts) {
      expect(parsed.locations.some((url) => url.endsWith(`/product/${product.id}`))).toBe(true);
    }
    for (const story of stories) {
      expect(parsed.locations.some((url) => url.endsWith(`/blog/${story.id}`))).toBe(true);
    }
    expect(parsed.locations.some((url) => url.endsWith('/dashboard'))).toBe(false);
  });

  test('every page has a title, a description, a canonical URL and social tags', async ({
    page,
  }) => {
    const titles = new Set<string>();
    for (const path of contentPages) {
      await page.goto(path);
      const head = await readHead(page);
      expect(head.title, path).not.toBe('');
      titles.add(head.title);
      expect(head.description, path).not.toBe('');
      expect(head.canonical, path).toMatch(/^https?:\/\//);
      expect(head.ogImage, path).toMatch(/^https?:\/\//);
      expect(head.twitterCard, path).toBe('summary_large_image');
      expect(head.h1Count, path).toBe(1);
    }
    expect(titles.size).toBe(contentPages.length);
  });

  test('JSON-LD parses and carries the schema.org properties each type needs', async ({ page }) => {
    const expected: [string, string[]][] = [
      ['/', ['Organization', 'WebSite']],
      ['/faq', ['FAQPage']],
      ['/shop', ['BreadcrumbList']],
      ['/product/boat-ganesh', ['Product', 'BreadcrumbList']],
      ['/blog/marble-artisans-of-banswara', ['Article']],
    ];
    for (const [path, types] of expected) {
      await page.goto(path);
      const blocks = await page.evaluate(() =>
        [...document.querySelectorAll('script[type="application/ld+json"]')].map(
          (script) => script.textContent ?? '',
        ),
      );
      const objects = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
      expect(objects.map((object) => object['@type']).sort(), path).toEqual([...types].sort());
      for (const object of objects) checkStructuredData(object, path);
    }
  });
});

async function readHead(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
    ogImage: document.querySelector('meta[property="og:image"]')?.getAttribute('content') ?? '',
    twitterCard: document.querySelector('meta[name="twitter:card"]')?.getAttribute('content') ?? '',
    h1Count: document.querySelectorAll('h1').length,
  }));
}

/** A small checker of the properties search engines require for each schema.org type we use. */
function checkStructuredData(object: Record<string, unknown>, where: string) {
  expect(object['@context'], where).toBe('https://schema.org');
  const has = (...keys: string[]) => {
    for (const key of keys)
      expect(object[key], `${where}: ${String(object['@type'])}.${key}`).toBeTruthy();
  };
  switch (object['@type']) {
    case 'Organization':
      has('name', 'url', 'logo');
      break;
    case 'WebSite': {
      has('name', 'url', 'potentialAction');
      const action = object.potentialAction as { target: { urlTemplate: string } };
      expect(action.target.urlTemplate).toMatch(/\/shop\?q=\{search_term_string\}$/);
      break;
    }
    case 'Product':
      has('name', 'image', 'description');
      expect(object.offers, 'sold by quotation: no fixed-price offer').toBeUndefined();
      break;
    case 'BreadcrumbList': {
      const items = object.itemListElement as { position: number; name: string; item: string }[];
      expect(items.length).toBeGreaterThan(1);
      items.forEach((item, index) => {
        expect(item.position).toBe(index + 1);
        expect(item.name).toBeTruthy();
        expect(item.item).toMatch(/^https?:\/\//);
      });
      break;
    }
    case 'Article':
      has('headline', 'image', 'datePublished', 'author');
      break;
    case 'FAQPage': {
      const questions = object.mainEntity as {
        '@type': string;
        name: string;
        acceptedAnswer: { text: string };
      }[];
      expect(questions.length).toBe(faqPage.questions.length);
      for (const question of questions) {
        expect(question['@type']).toBe('Question');
        expect(question.acceptedAnswer.text).toBeTruthy();
      }
      break;
    }
    default:
      throw new Error(`${where}: unexpected JSON-LD type ${String(object['@type'])}`);
  }
}
