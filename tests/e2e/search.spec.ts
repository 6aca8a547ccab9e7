import { expect, test, type Page } from './support/test';
import { seedProducts } from '../../content/catalog';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Search suggestions' });

/** Removes speech recognition, as on browsers without it. */
async function withoutSpeech(page: Page) {
  await page.addInitScript(() => {
    const scope = window as unknown as Record<string, unknown>;
    delete scope.SpeechRecognition;
    delete scope.webkitSpeechRecognition;
  });
}

test('typing a name suggests the product, and choosing it opens the product page', async ({
  page,
}) => {
  await page.goto('/');
  await searchBox(page).fill('Boat');
  const option = suggestions(page).getByRole('option', { name: /Boat Ganesh/ });
  await expect(option).toBeVisible();
  await expect(option).toContainText('Divine Artistry');
  // spec §2: relevance bars, min(5, ceil(score / 2)); a name match alone scores 10
  await expect(option).toContainText('Relevance 5 of 5');
  await option.click();
  await expect(page).toHaveURL(/\/product\/boat-ganesh$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Boat Ganesh' })).toBeVisible();
});

test('a region finds the products made there', async ({ page }) => {
  const fromMoradabad = seedProducts.filter((product) => product.region.includes('Moradabad'));
  expect(fromMoradabad.length).toBeGreaterThan(6);
  await page.goto('/');
  await searchBox(page).fill('Moradabad');
  // spec §5: at most 6 results, then the line to all of them
  const options = suggestions(page).getByRole('option');
  await expect(options).toHaveCount(7);
  const names = fromMoradabad.map((product) => product.name);
  for (const text of (await options.allInnerTexts()).slice(0, 6)) {
    expect(names.some((name) => text.includes(name))).toBe(true);
  }
  await expect(options.last()).toHaveText('View all results for "Moradabad"');
});

test('the keyboard moves through the results; Enter opens one and Escape closes', async ({
  page,
}) => {
  await page.goto('/');
  const box = searchBox(page);
  await box.fill('wine chiller');
  await expect(suggestions(page)).toBeVisible();
  await box.press('Escape');
  await expect(suggestions(page)).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const first = suggestions(page).getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  const firstName = (await first.innerText()).split('\n')[0]!;
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
});

test('"View all results" opens the shop ranked by the same score', async ({ page }) => {
  await page.goto('/');
  await searchBox(page).fill('brass');
  await suggestions(page).getByRole('option', { name: 'View all results for "brass"' }).click();
  await expect(page).toHaveURL(/\/shop\?q=brass$/);
  await expect(page.getByText(/^Showing \d+ of \d+ products for “brass”/)).toBeVisible();
});

test('the dropdown closes when the box loses focus and reopens on focus', async ({ page }) => {
  await page.goto('/');
  const box = searchBox(page);
  await box.fill('urli');
  await expect(suggestions(page)).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(suggestions(page)).toBeHidden();
  await box.focus();
  await expect(suggestions(page)).toBeVisible();
});

test('a blank query suggests nothing', async ({ page }) => {
  await page.goto('/');
  await searchBox(page).fill('   ');
  await expect(suggestions(page)).toBeHidden();
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
});

test('the microphone is hidden where speech recognition is unsupported', async ({ page }) => {
  await withoutSpeech(page);
  await page.goto('/');
  await expect(searchBox(page)).toBeVisible();
  // Hydrated: the search answers, yet no microphone is offered.
  await searchBox(page).fill('lotus');
  await expect(suggestions(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search by voice' })).toHaveCount(0);
});

test('where speech is supported, one utterance in en-US fills the box', async ({ page }) => {
  await page.addInitScript(() => {
    class FakeRecognition {
      lang = '';
      continuous = true;
      interimResults = true;
      maxAlternatives = 5;
      onresult: ((event: unknown) => void) | null = null;
      onerror: (() => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        const settings = {
          lang: this.lang,
          continuous: this.continuous,
          interimResults: this.interimResults,
        };
        (window as unknown as Record<string, unknown>).recognitionSettings = settings;
        (window as unknown as Record<string, unknown>).speak = (words: string) => {
          this.onresult?.({ results: [[{ transcript: words }]] });
          this.onend?.();
        };
      }
      stop() {
        this.onend?.();
      }
    }
    (window as unknown as Record<string, unknown>).webkitSpeechRecognition = FakeRecognition;
    delete (window as unknown as Record<string, unknown>).SpeechRecognition;
  });
  await page.goto('/');
  // docs/decisions/029: the search's code, and with it the microphone where speech is supported,
  // comes with the first use of the box.
  await searchBox(page).click();
  const microphone = page.getByRole('button', { name: 'Search by voice' });
  await microphone.click();
  await expect(page.getByRole('button', { name: 'Stop listening' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(
    await page.evaluate(() => (window as unknown as Record<string, unknown>).recognitionSettings),
  ).toEqual({
    lang: 'en-US',
    continuous: false,
    interimResults: false,
  });
  await page.evaluate(() =>
    ((window as unknown as Record<string, unknown>).speak as (words: string) => void)('lotus urli'),
  );
  await expect(searchBox(page)).toHaveValue('lotus urli');
  await expect(page.getByRole('button', { name: 'Search by voice' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(suggestions(page).getByRole('option', { name: /Lotus Urli/ })).toBeVisible();
});

test('without JavaScript the search box submits to the shop', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/about');
  await searchBox(page).fill('ganesh');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/shop\?q=ganesh$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Boat Ganesh' })).toBeVisible();
  await context.close();
});

test('on a phone the search icon reveals the box', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(searchBox(page)).toBeHidden();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).fill('coaster');
  await suggestions(page).getByRole('option').first().click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(searchBox(page)).toBeHidden();
});
