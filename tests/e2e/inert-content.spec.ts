/**
 * docs/decisions/008: what customers write (reviews, questions, answers, their names) is shown as text. Script
 * and event-handler markup in it never becomes an element, and never runs.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { signedInCustomer } from './support/accounts';
import { gotoHydrated, toastWith } from './support/pages';

declare global {
  interface Window {
    __xss?: number;
  }
}

const SCRIPT = '<script>window.__xss=1</script>';
const IMAGE = '<img src=x onerror="window.__xss=2">';
const BREAKOUT = '</script><script>window.__xss=3</script>';
const SVG = '<svg onload="window.__xss=4"></svg>';

test('a stored review, question and answer carrying markup are shown as text and run nothing', async ({
  page,
  baseURL,
}) => {
  const product = '/product/lotus-urli';
  const marker = randomUUID().slice(0, 6);
  const author = `Mallory ${IMAGE}`.slice(0, 100);
  await signedInCustomer(page, baseURL, { name: author });
  await gotoHydrated(page, product);

  const title = `${SCRIPT} ${marker}`;
  const content = `${IMAGE} ${BREAKOUT} ${SVG}`;
  await page.getByRole('button', { name: 'Write a Review' }).click();
  const reviewDialog = page.getByRole('dialog', { name: 'Write a Review' });
  await reviewDialog.getByLabel('4 stars').check();
  await reviewDialog.getByLabel('Title (optional)').fill(title);
  await reviewDialog.getByLabel('Your Review').fill(content);
  await reviewDialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toastWith(page, 'Review submitted')).toBeVisible();

  const question = `${SCRIPT} ${IMAGE} ${marker}`;
  await page.getByRole('button', { name: 'Ask a Question' }).click();
  const questionDialog = page.getByRole('dialog', { name: 'Ask a Question' });
  await questionDialog.getByLabel('Your Question').fill(question);
  await questionDialog.getByRole('button', { name: 'Submit Question' }).click();
  await expect(toastWith(page, 'Question submitted')).toBeVisible();

  const card = page.getByRole('listitem', { name: question });
  const answer = `${BREAKOUT} ${SVG} ${marker}`;
  await card.getByLabel(`Your answer to: ${question}`).fill(answer);
  await card.getByRole('button', { name: 'Answer' }).click();
  await expect(toastWith(page, 'Answer submitted')).toBeVisible();

  // A fresh load: the server renders the stored text, then the page hydrates over it.
  const response = await page.goto(`${product}?reviews=newest`);
  const html = (await response?.text()) ?? '';
  for (const markup of ['<script>window.__xss', '<img src=x onerror', '<svg onload']) {
    expect(html, 'the server escaped the stored text').not.toContain(markup);
  }
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);

  const review = page.getByRole('listitem', { name: `Review by ${author}` }).filter({
    hasText: marker,
  });
  await expect(review.getByText(title, { exact: true })).toBeVisible();
  await expect(review.getByText(content, { exact: true })).toBeVisible();
  const asked = page.getByRole('listitem', { name: question });
  await expect(asked.getByRole('listitem').getByText(answer)).toBeVisible();

  // No element came from the text, and nothing it carried ran.
  const injected = await page.evaluate(() => ({
    // React Router's data script holds the stored text escaped, as a string; a script made from
    // the text would hold exactly its code.
    scripts: [...document.querySelectorAll('script')].filter((script) =>
      /^window\.__xss=\d$/.test(script.textContent?.trim() ?? ''),
    ).length,
    handlers: document.querySelectorAll('[onerror], [onload]').length,
    svg: document.querySelectorAll('svg[onload]').length,
    xss: window.__xss,
  }));
  expect(injected).toEqual({ scripts: 0, handlers: 0, svg: 0, xss: undefined });
});
