/**
 * docs/requirements.md §19 "The owner answers from a phone": the admin home starts with the requests that need a
 * reply, then the week's tiles and the chart; below 768 px the list's filters fold behind
 * "Filters" (with and without JavaScript), from 768 px they show as before; the chart's labels
 * stay readable (12 px or more on screen, none overlapping or cut off). axe at 390 and 1366 px.
 */
import { expect, signedInAdmin, test, type Shop } from './support/admin';
import { gotoHydrated } from './support/pages';
import type { Locator, Page } from './support/test';
import { expectNoAxeViolations } from './support/axe';

/** Lata waits 30 hours (overdue), Ravi 2 hours; Kabir was answered and waits for nobody. */
async function seed(shop: Shop) {
  await shop.sql(
    `insert into quotation_requests (product_name, quantity, customer_name, customer_mobile,
       created_at, awaiting_reply_since)
     values
       ('Lotus Urli', 2, 'Late Lata', '+91 98290 11111',
         now() - interval '30 hours', now() - interval '30 hours'),
       ('Boat Ganesh', 1, 'Recent Ravi', '+91 98290 22222',
         now() - interval '2 hours', now() - interval '2 hours'),
       ('Brass Diya', 5, 'Kabir Answered', '+91 98290 33333',
         now() - interval '50 hours', null)`,
  );
}

/**
 * The page's title and the 3 headings after it in reading (DOM) order, each with its distance
 * from the page's top.
 */
async function headingsInOrder(page: Page) {
  const headings = await page
    .getByRole('main')
    .locator('h1, h2, figcaption')
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => ({
          text: element.textContent?.trim() ?? '',
          top: element.getBoundingClientRect().top + window.scrollY,
        })),
    );
  const title = headings.findIndex((heading) => heading.text === 'Admin Dashboard');
  return headings.slice(title, title + 4);
}

/**
 * The shown chart's text labels, measured on screen: their boxes, and their font size times the
 * SVG's scale (a viewBox scales its text with the drawing).
 */
async function chartLabels(page: Page) {
  const chart = page.getByRole('group', { name: 'Requests and accepted offers, last 30 days' });
  await expect(chart).toHaveCount(1);
  return chart.evaluate((svg) => {
    const scale = (svg as SVGSVGElement).getScreenCTM()?.a ?? 0;
    const frame = svg.getBoundingClientRect();
    return {
      frame: { left: frame.left, right: frame.right, top: frame.top, bottom: frame.bottom },
      labels: [...svg.querySelectorAll('text')].map((text) => {
        const box = text.getBoundingClientRect();
        return {
          text: text.textContent ?? '',
          px: parseFloat(getComputedStyle(text).fontSize) * scale,
          left: box.left,
          right: box.right,
          top: box.top,
          bottom: box.bottom,
        };
      }),
    };
  });
}

async function expectReadableChartLabels(page: Page) {
  const { frame, labels } = await chartLabels(page);
  // 0, the highest value, and a day a week: 5 days for 30 days
  expect(labels.length).toBe(7);
  for (const label of labels) {
    expect(label.px, `${label.text} is ${label.px} px`).toBeGreaterThanOrEqual(12);
    // inside the drawing: nothing cut off at its edges
    expect(label.left, label.text).toBeGreaterThanOrEqual(frame.left);
    expect(label.right, label.text).toBeLessThanOrEqual(frame.right);
    expect(label.top, label.text).toBeGreaterThanOrEqual(frame.top);
    expect(label.bottom, label.text).toBeLessThanOrEqual(frame.bottom);
  }
  const overlapping = labels.flatMap((one, index) =>
    labels
      .slice(index + 1)
      .filter(
        (other) =>
          one.left < other.right &&
          other.left < one.right &&
          one.top < other.bottom &&
          other.top < one.bottom,
      )
      .map((other) => `${one.text} / ${other.text}`),
  );
  expect(overlapping).toEqual([]);
}

/**
 * The folded filters' button: a <summary>, which screen readers announce as a button with its
 * expanded state, but which has no ARIA role Playwright's role selector knows; found by its text.
 */
function filtersButton(scope: Page | Locator): Locator {
  return scope.getByText(/^Filters( \(\d+\))?$/);
}

test.describe('the admin home at 390 px', () => {
  test.describe.configure({ timeout: 180_000 });

  test('starts with what needs a reply; the filters fold behind "Filters"; the chart reads', async ({
    shop,
  }) => {
    await seed(shop);
    const { page } = await signedInAdmin(shop);
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, '/admin');

    // The first heading after the page's title is the needs-reply list; the tiles and the chart
    // come after it, on screen and in reading order alike.
    const headings = await headingsInOrder(page);
    expect(headings.map((heading) => heading.text)).toEqual([
      'Admin Dashboard',
      'Needs reply (2)',
      'The last 7 days',
      'Requests and accepted offers, last 30 days',
    ]);
    const tops = headings.map((heading) => heading.top);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    // ...and it is on the first screen
    expect(tops[1]).toBeLessThan(844);

    const needsReply = page.getByRole('region', { name: 'Needs reply (2)' });
    const cards = needsReply.getByRole('listitem');
    await expect(cards).toHaveCount(2);
    // longest waiting first; the answered request is not there
    await expect(cards.nth(0)).toContainText('Late Lata');
    await expect(cards.nth(0)).toContainText('Waiting 30 hours');
    await expect(cards.nth(1)).toContainText('Recent Ravi');
    await expect(needsReply).not.toContainText('Kabir Answered');

    await expectReadableChartLabels(page);
    await expectNoAxeViolations(page);

    // The filters: folded, and unfolded by their button.
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('listitem')).toHaveCount(3);
    const form = page.getByRole('form', { name: 'Filter quotation requests' });
    await expect(form).toBeHidden();
    await expect(filtersButton(panel)).toHaveText('Filters');
    await filtersButton(panel).click();
    await expect(form).toBeVisible();
    await filtersButton(panel).click();
    await expect(form).toBeHidden();

    // Filtering still works: Reply "Needs reply" lists the two waiting, and the button counts it.
    await filtersButton(panel).click();
    await form.getByLabel('Reply').selectOption({ label: 'Needs reply' });
    await form.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/waiting=needs-reply/);
    await expect(page.getByText('2 matching')).toBeVisible();
    await expect(panel.getByRole('listitem')).toHaveCount(2);
    await expect(panel.getByRole('listitem', { name: /Kabir Answered/ })).toHaveCount(0);
    await expect(filtersButton(panel)).toHaveText('Filters (1)');
    await expect(form).toBeHidden();
    await filtersButton(panel).click();
    await expect(form.getByLabel('Reply')).toHaveValue('needs-reply');
    await form.getByLabel('Search').fill('Lata');
    await form.getByLabel('Search').press('Enter');
    await expect(page.getByText('1 matching')).toBeVisible();
    await expect(filtersButton(panel)).toHaveText('Filters (2)');
    await expectNoAxeViolations(page);
    await filtersButton(panel).click();
    await form.getByRole('link', { name: 'Clear Filters' }).click();
    await expect(page.getByText('3 matching')).toBeVisible();
    await expect(filtersButton(panel)).toHaveText('Filters');
  });

  test('the filters fold and filter without JavaScript', async ({ shop, browser }) => {
    await seed(shop);
    const { page: signedIn } = await signedInAdmin(shop);
    const context = await browser.newContext({
      baseURL: shop.url,
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      storageState: await signedIn.context().storageState(),
    });
    try {
      const page = await context.newPage();
      await page.goto('/admin');
      const panel = page.getByRole('tabpanel');
      const form = page.getByRole('form', { name: 'Filter quotation requests' });
      await expect(form).toBeHidden();
      await filtersButton(panel).click();
      await form.getByLabel('Search').fill('Ravi');
      await form.getByRole('button', { name: 'Apply Filters' }).click();
      await expect(page).toHaveURL(/q=Ravi/);
      await expect(page.getByText('1 matching')).toBeVisible();
      await expect(filtersButton(panel)).toHaveText('Filters (1)');
      await expect(panel.getByRole('listitem', { name: /Recent Ravi/ })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test.describe('the admin home at 1366 px', () => {
  test.describe.configure({ timeout: 180_000 });

  test('keeps the filters open without a button, the same order, and readable labels', async ({
    shop,
  }) => {
    await seed(shop);
    const { page } = await signedInAdmin(shop);
    await page.setViewportSize({ width: 1366, height: 900 });
    await gotoHydrated(page, '/admin?tab=quotations&status=pending');

    const headings = await headingsInOrder(page);
    expect(headings.map((heading) => heading.text)).toEqual([
      'Admin Dashboard',
      'Needs reply (2)',
      'The last 7 days',
      'Requests and accepted offers, last 30 days',
    ]);
    // As before the rules of docs/requirements.md §19: the filter bar shows, with no button in front of it, filters set or not.
    const panel = page.getByRole('tabpanel');
    const form = page.getByRole('form', { name: 'Filter quotation requests' });
    await expect(form).toBeVisible();
    await expect(filtersButton(panel)).toBeHidden();
    await expect(form.getByLabel('Status')).toHaveValue('pending');
    await form.getByLabel('Search').fill('Lata');
    await form.getByLabel('Search').press('Enter');
    await expect(page.getByText('1 matching')).toBeVisible();
    await expect(form).toBeVisible();
    await expectReadableChartLabels(page);
    await expectNoAxeViolations(page);
  });
});
