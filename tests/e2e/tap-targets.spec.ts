/**
 * docs/decisions/023: tap targets on a phone (390 px). Every interactive element a visitor sees is at
 * least 24 × 24 px (WCAG 2.2 §2.5.8 Target Size (Minimum)), unless it is a link inside a sentence
 * or it keeps its distance: a 24 px circle centred on it meets no other target and no other small
 * target's circle. The browser's own controls, left as the browser draws them, are the browser's
 * size. A stand-alone link (one not inside a sentence), and a checkbox or radio with its label,
 * is at least 24 × 24 px however far it is from others (docs/requirements.md §19). The shop's
 * primary actions on a phone are at least 44 px tall: the footer's links, the product page's
 * breadcrumbs and its related pieces' Get Quote, and the quote page's Download PDF. The signed-in
 * pages (the dashboard, the back office's home, a request and its customer card, the product
 * console, the settings) are walked too. A failure lists each element with its page, name and size.
 */
import type { Locator } from '@playwright/test';
import { openDatabase } from '../../server/db/client';
import type { Actor } from '../../server/modules/actor';
import { createQuotationRequest, sendOffer } from '../../server/modules/quotations';
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/time/shop-calendar';
import { gotoHydrated } from './support/pages';
import { createScratchDatabase, withPostgres } from './support/postgres';
import { startServerProcess } from './support/server-process';
import { allowConsoleErrors, expect, failedResource, test, type Page } from './support/test';
import { expect as adminExpect, signedInAdmin, test as adminTest } from './support/admin';

const PHONE = { width: 390, height: 844 };
const PRIMARY_ACTION_HEIGHT = 44;

/**
 * The pages that accessibility.spec.ts's "no page scrolls sideways" walks at 390 px, in its
 * order: its catalogue, content and account pages, signed out (32 pages; docs/decisions/023 counted 22,
 * the catalogue and content pages of the day).
 */
const walkedPages = [
  '/',
  '/shop',
  '/shop/divine-artistry',
  '/shop/culinary-crafts?view=list',
  '/shop?q=marble',
  '/product/boat-ganesh',
  '/product/no-such-piece',
  '/quote/boat-ganesh',
  '/quote-list',
  '/about',
  '/customisations',
  '/faq',
  '/shipping',
  '/privacy',
  '/terms',
  '/artisans',
  '/payment',
  '/contact',
  '/blog',
  '/blog/marble-artisans-of-banswara',
  '/blog/no-such-story',
  '/no-such-page',
  '/auth',
  '/auth?tab=sign-up',
  '/auth/forgot-password',
  '/auth/reset-password?token=a-token-from-the-mail',
  '/auth/code',
  '/auth/two-factor',
  '/dashboard',
  '/admin',
  '/newsletter/unsubscribe',
  '/newsletter/unsubscribe?token=forged.token',
  '/price-drop-alerts/unsubscribe?token=forged.token',
];
const missing = ['/product/no-such-piece', '/blog/no-such-story', '/no-such-page'];
// The admin area's own shell (its sign-in notice, signed out) has no shop footer.
const withoutFooter = ['/admin'];

/** A target that breaks the rule, as the failure lists it. */
interface SmallTarget {
  page: string;
  element: string;
  name: string;
  size: string;
}

/** `page — element "name" (w × h px)`: one line per offender, for the failure message. */
const listed = (target: SmallTarget) =>
  `${target.page} — ${target.element} "${target.name}" (${target.size} px)`;

/**
 * The visible targets of the page under 24 × 24 px that neither sit inside a sentence nor keep
 * their distance. Measured in the browser: every a, button, input, select, textarea, summary,
 * role=button and tabindex ≥ 0; a checkbox or radio with its label, which takes the tap too.
 */
function smallTargets(page: Page): Promise<Omit<SmallTarget, 'page'>[]> {
  return page.evaluate((minimum) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[tabindex]:not([tabindex^="-"])',
    ].join(',');

    interface Box {
      left: number;
      top: number;
      right: number;
      bottom: number;
    }
    const shown = (element: Element): DOMRect | null => {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
        return null;
      if (element.closest('[inert]')) return null;
      const rect = element.getBoundingClientRect();
      // Visually hidden (a skip link before it is focused) or moved off the screen (a closed drawer).
      if (rect.width <= 1 || rect.height <= 1) return null;
      if (rect.right <= 0 || rect.left >= window.innerWidth) return null;
      return rect;
    };
    const onPage = (rect: DOMRect): Box => ({
      left: rect.left + window.scrollX,
      top: rect.top + window.scrollY,
      right: rect.right + window.scrollX,
      bottom: rect.bottom + window.scrollY,
    });
    const union = (boxes: Box[]): Box => ({
      left: Math.min(...boxes.map((box) => box.left)),
      top: Math.min(...boxes.map((box) => box.top)),
      right: Math.max(...boxes.map((box) => box.right)),
      bottom: Math.max(...boxes.map((box) => box.bottom)),
    });

    const nameOf = (element: Element): string => {
      const labelledBy = element.getAttribute('aria-labelledby');
      const fromIds = labelledBy
        ? labelledBy
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : '';
      const labels =
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement
          ? [...(element.labels ?? [])].map((label) => label.textContent ?? '').join(' ')
          : '';
      const name =
        element.getAttribute('aria-label') ||
        fromIds ||
        labels ||
        element.textContent ||
        element.querySelector('img')?.getAttribute('alt') ||
        element.getAttribute('title') ||
        element.getAttribute('placeholder') ||
        '';
      return name.replace(/\s+/g, ' ').trim().slice(0, 80);
    };
    const kindOf = (element: Element): string => {
      const tag = element.tagName.toLowerCase();
      const role = element.getAttribute('role');
      const type = element instanceof HTMLInputElement ? `[type=${element.type}]` : '';
      return `${tag}${type}${role ? `[role=${role}]` : ''}`;
    };

    /** A link that runs inside a sentence: the block around it has words of its own. */
    const inSentence = (element: Element): boolean => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      let block = element.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) {
        block = block.parentElement;
      }
      if (!block) return false;
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest(selector) || parent.closest('[aria-hidden="true"]')) continue;
        if (/[\p{L}\p{N}]/u.test(node.textContent ?? '')) return true;
      }
      return false;
    };

    /** A checkbox, radio or other control the author left as the browser draws it. */
    const drawnByBrowser = (element: Element): boolean =>
      element instanceof HTMLInputElement &&
      getComputedStyle(element).appearance !== 'none' &&
      !element.hasAttribute('class') &&
      !element.hasAttribute('style');

    interface Target {
      element: Element;
      box: Box;
    }
    const targets: Target[] = [];
    for (const element of document.querySelectorAll(selector)) {
      const boxes: Box[] = [];
      const own = shown(element);
      if (own) boxes.push(onPage(own));
      // A checkbox's or radio's label takes the tap too: together they are one target.
      if (
        element instanceof HTMLInputElement &&
        (element.type === 'checkbox' || element.type === 'radio')
      ) {
        for (const label of element.labels ?? []) {
          const rect = shown(label);
          if (rect) boxes.push(onPage(rect));
        }
      }
      if (boxes.length > 0) targets.push({ element, box: union(boxes) });
    }

    const small = (target: Target) =>
      target.box.right - target.box.left < minimum - 0.01 ||
      target.box.bottom - target.box.top < minimum - 0.01;
    const centre = (box: Box) => ({ x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 });
    const related = (a: Element, b: Element) => a.contains(b) || b.contains(a);
    const radius = minimum / 2;

    /** The 24 px circle on a small target meets another target, or another small one's circle. */
    const crowded = (target: Target): boolean => {
      const middle = centre(target.box);
      return targets.some((other) => {
        if (other === target || related(other.element, target.element)) return false;
        const nearestX = Math.max(other.box.left, Math.min(middle.x, other.box.right));
        const nearestY = Math.max(other.box.top, Math.min(middle.y, other.box.bottom));
        if (Math.hypot(middle.x - nearestX, middle.y - nearestY) < radius - 0.01) return true;
        if (!small(other)) return false;
        const otherMiddle = centre(other.box);
        return Math.hypot(middle.x - otherMiddle.x, middle.y - otherMiddle.y) < minimum - 0.01;
      });
    };

    /** Spacing excuses neither a stand-alone link nor a checkbox or radio with its label. */
    const standAlone = (element: Element): boolean =>
      element.tagName === 'A' ||
      (element instanceof HTMLInputElement &&
        (element.type === 'checkbox' || element.type === 'radio'));

    return targets
      .filter(
        (target) =>
          small(target) &&
          !inSentence(target.element) &&
          (standAlone(target.element) || (!drawnByBrowser(target.element) && crowded(target))),
      )
      .map((target) => ({
        element: kindOf(target.element),
        name: nameOf(target.element),
        size: `${Math.round((target.box.right - target.box.left) * 10) / 10} × ${
          Math.round((target.box.bottom - target.box.top) * 10) / 10
        }`,
      }));
  }, 24);
}

/** The primary actions among `links` shorter than 44 px, as the failure lists them. */
async function shortActions(page: Page, path: string, links: Locator): Promise<SmallTarget[]> {
  const short: SmallTarget[] = [];
  for (const link of await links.all()) {
    const box = await link.boundingBox();
    if (box && box.height >= PRIMARY_ACTION_HEIGHT) continue;
    short.push({
      page: path,
      element: 'a',
      name: (await link.innerText()).replace(/\s+/g, ' ').trim() || 'no text',
      size: box ? `${Math.round(box.width)} × ${Math.round(box.height)}` : 'hidden',
    });
  }
  return short;
}

// Sections that fade in are measured as readers with reduced motion see them: in place, at once.
test.use({ viewport: PHONE, reducedMotion: 'reduce' });

test('every target on the walked pages is at least 24 × 24 px, or in a sentence, or spaced apart', async ({
  page,
}) => {
  test.setTimeout(300_000);
  allowConsoleErrors(...missing.map((path) => failedResource(404, path)));
  const offenders: SmallTarget[] = [];
  const shortFooterLinks: SmallTarget[] = [];
  const measure = async (state: string) => {
    offenders.push(...(await smallTargets(page)).map((target) => ({ page: state, ...target })));
  };
  for (const path of walkedPages) {
    await gotoHydrated(page, path);
    await measure(path);
    // docs/requirements.md §19: the footer's links are primary actions on a phone, on every page that has it.
    if (withoutFooter.includes(path)) continue;
    const footerLinks = page.getByRole('contentinfo').getByRole('link');
    await expect(footerLinks.first()).toBeVisible();
    shortFooterLinks.push(...(await shortActions(page, path, footerLinks)));
  }
  // What a phone shows behind a tap: the menu, and the shop's folded filters.
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await measure('/ with the menu open');
  await gotoHydrated(page, '/shop');
  await page.getByText('Filters', { exact: true }).click();
  await expect(page.getByRole('group', { name: 'Material' })).toBeVisible();
  await measure('/shop with the filters unfolded');

  expect.soft(offenders.map(listed), 'targets under 24 × 24 px, too close to others').toEqual([]);
  expect(shortFooterLinks.map(listed), 'footer links under 44 px tall').toEqual([]);
});

test('the breadcrumbs and the related pieces’ Get Quote are 44 px tall on a phone', async ({
  page,
}) => {
  const path = '/product/boat-ganesh';
  await gotoHydrated(page, path);
  const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link');
  await expect(breadcrumbs).toHaveText(['Home', 'Divine Artistry']);
  const related = page.getByRole('region', { name: 'You May Also Like' });
  await expect(related.getByRole('link', { name: 'Get Quote' })).toHaveCount(4);
  const short = [
    ...(await shortActions(page, path, breadcrumbs)),
    ...(await shortActions(page, path, related.getByRole('link', { name: 'Get Quote' }))),
  ];
  expect(short.map(listed), 'primary actions under 44 px tall').toEqual([]);
});

// --- The quote page with an offer: a server of its own on PostgreSQL, the offer sent through the
// quotations module as the admin's composer sends it (quote-page.spec.ts does the same). ---------

const owner: Actor = { userId: 'tap-targets-owner', roles: ['admin'] };

test('the quote page with an offer: Download PDF is 44 px tall, and every target 24 × 24 px', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const scratch = await createScratchDatabase('storefront_taps');
  const server = await startServerProcess({ DATABASE_URL: scratch.url });
  const database = await openDatabase(scratch.url);
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: PHONE,
    reducedMotion: 'reduce',
  });
  try {
    const made = await createQuotationRequest(database.db, null, {
      productId: 'lotus-urli',
      quantity: '2',
      customizationNotes: 'For a temple entrance',
      customerName: 'Meera Shah',
      customerMobile: '+91 94140 55555',
      customerEmail: '',
    });
    const [request] = await withPostgres(
      async (client) =>
        (
          await client.query<{ id: string }>(
            'select id from quotation_requests where reference = $1',
            [made.reference],
          )
        ).rows,
      scratch.url,
    );
    await sendOffer(
      database.db,
      owner,
      {
        quotationId: request!.id,
        lines: [
          { productId: '', description: 'Marble lotus urli', quantity: '2', unitPrice: '9000' },
          { productId: '', description: 'Brass stand', quantity: '1', unitPrice: '1200' },
        ],
        shipping: '500',
        discount: '0',
        gstRate: '12',
        validUntil: new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
        leadTimeDays: '21',
        terms: '',
        note: '',
      },
      new Date(),
      DEFAULT_SHOP_TIME_ZONE,
    );

    const page = await context.newPage();
    const path = `/quotes/${made.reference}`;
    await gotoHydrated(page, `${path}?key=${made.accessKey}`);
    const offer = page.getByRole('region', { name: 'Offer v1' });
    const download = offer.getByRole('link', { name: 'Download PDF' });
    await expect(download).toBeVisible();
    const offenders = [
      ...(await shortActions(page, path, download)),
      ...(await smallTargets(page)).map((target) => ({ page: path, ...target })),
    ];
    expect(offenders.map(listed), 'targets too small on the quote page').toEqual([]);
  } finally {
    await context.close();
    await database.close();
    await server.stop();
    await scratch.drop();
  }
});

// --- The signed-in pages: the owner's (who has a customer's dashboard too), on a shop of its own
// on PostgreSQL, with a guest's request to open. ------------------------------------------------

adminTest(
  'the dashboard and the back office: every target 24 × 24 px, and "Find" in its card',
  async ({ shop }) => {
    adminTest.setTimeout(240_000);
    const [request] = await shop.sql<{ id: string }>(
      `insert into quotation_requests (product_id, product_name, quantity, customer_name,
                                     customer_mobile, customer_email, awaiting_reply_since)
     select id, name, 20, 'Nisha Kapoor', '98290 77777', 'nisha@example.com', now()
       from products where id = 'boat-ganesh'
     returning id`,
    );
    const { page } = await signedInAdmin(shop);
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const offenders: SmallTarget[] = [];
    for (const path of [
      '/dashboard',
      '/dashboard/security',
      '/admin',
      `/admin/quotations/${request!.id}`,
      '/admin/product-media',
      '/admin/settings',
    ]) {
      await gotoHydrated(page, path);
      offenders.push(...(await smallTargets(page)).map((target) => ({ page: path, ...target })));
      if (path.startsWith('/admin/quotations/')) {
        const card = page.getByRole('region', { name: 'Customer' });
        await adminExpect(card.getByRole('link', { name: '98290 77777' })).toBeVisible();
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: 'test-results/tap-targets-customer-card-390.png' });
        // docs/requirements.md §24: each offer line's "Made to order (not returnable)", a whole row to tap
        const madeToOrder = page
          .getByRole('checkbox', { name: 'Made to order (not returnable)' })
          .first();
        await madeToOrder.scrollIntoViewIfNeeded();
        await page.screenshot({ path: 'test-results/tap-targets-made-to-order-390.png' });
      }
      if (path === '/admin/product-media') {
        // On a phone the search box gives way: "Find" stays inside the picker's card.
        const find = page.getByRole('button', { name: 'Find', exact: true });
        const card = page
          .locator('div', { has: find })
          .filter({ has: page.getByLabel('Product', { exact: true }) });
        const [button, box] = [await find.boundingBox(), await card.last().boundingBox()];
        adminExpect(button!.x + button!.width).toBeLessThanOrEqual(box!.x + box!.width);
        await page.screenshot({ path: 'test-results/tap-targets-product-media-390.png' });
      }
    }
    adminExpect(offenders.map(listed), 'targets too small on the signed-in pages').toEqual([]);
  },
);
