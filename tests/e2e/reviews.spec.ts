import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { signedInCustomer } from './support/accounts';
import { gotoHydrated, toastWith } from './support/pages';

test('a visitor is asked to sign in before writing a review, asking or answering', async ({
  page,
}) => {
  await gotoHydrated(page, '/product/brass-nandi');
  await page.getByRole('button', { name: 'Write a Review' }).click();
  await expect(
    toastWith(page, 'Sign in required').filter({ hasText: 'Please sign in to write a review' }),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('button', { name: 'Ask a Question' }).click();
  await expect(
    toastWith(page, 'Sign in required').filter({ hasText: 'Please sign in to ask a question' }),
  ).toBeVisible();
});

test('a customer writes a review, sees it, and marks it helpful once', async ({
  page,
  baseURL,
}) => {
  await signedInCustomer(page, baseURL, { name: 'Meera Iyer' });
  await gotoHydrated(page, '/product/brass-nandi');
  const title = `Stunning marble ${randomUUID().slice(0, 6)}`;
  const dialog = page.getByRole('dialog', { name: 'Write a Review' });
  // The dialog and its form load on the first tap. Once in a few hundred runs on a loaded CI
  // machine that tap was lost and the form never came; a second tap, as a person would give,
  // opens it. Any other failure still fails here.
  await expect(async () => {
    if (!(await dialog.isVisible())) {
      await page.getByRole('button', { name: 'Write a Review' }).click();
    }
    await expect(dialog.getByLabel('5 stars')).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 45_000 });
  await dialog.getByLabel('5 stars').check();
  await dialog.getByLabel('Title (optional)').fill(title);
  await dialog.getByLabel('Your Review').fill('The Nandi is <b>heavier</b> than it looks.');
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(
    toastWith(page, 'Review submitted').filter({ hasText: 'Thank you for your review!' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'Newest' }).click();
  const review = page
    .getByRole('listitem', { name: 'Review by Meera Iyer' })
    .filter({ hasText: title });
  await expect(review).toBeVisible();
  // Text from users is shown as text, never as markup.
  await expect(review.getByText('The Nandi is <b>heavier</b> than it looks.')).toBeVisible();
  await expect(review.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(review.getByText('Verified Purchase')).toBeHidden();

  const helpful = review.getByRole('button', { name: /Helpful/ });
  await expect(helpful).toHaveText('Helpful (0)');
  await helpful.click();
  await expect(helpful).toHaveText('Helpful (1)');
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(helpful).toHaveText('Helpful (1)');
  await helpful.click();
  await expect(helpful).toHaveText('Helpful (0)');
});

test('a customer asks a question and answers it; Submit and Answer wait for text', async ({
  page,
  baseURL,
}) => {
  await signedInCustomer(page, baseURL, { name: 'Ravi Kumar' });
  await gotoHydrated(page, '/product/brass-tealight-trio');
  const question = `Does it hold tall candles? ${randomUUID().slice(0, 6)}`;
  await page.getByRole('button', { name: 'Ask a Question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
  const submit = dialog.getByRole('button', { name: 'Submit Question' });
  // Like the Answer button, Submit waits for text that is more than spaces.
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Your Question').fill('   ');
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Your Question').fill(`  ${question}  `);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(toastWith(page, 'Question submitted')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('listitem', { name: question });
  await expect(card.getByText('Asked by Ravi Kumar')).toBeVisible();
  const answer = card.getByRole('button', { name: 'Answer' });
  await expect(answer).toBeDisabled();
  await card.getByLabel(`Your answer to: ${question}`).fill('   ');
  await expect(answer).toBeDisabled();
  await card.getByLabel(`Your answer to: ${question}`).fill('Yes, it is sealed for fruit.');
  await answer.click();
  await expect(toastWith(page, 'Answer submitted')).toBeVisible();
  await expect(card.getByText('A: Yes, it is sealed for fruit.')).toBeVisible();
  // A customer's answer carries no team badge, whatever the form might claim.
  await expect(card.getByText('Team', { exact: true })).toBeHidden();
});

test('without JavaScript the product page has its reviews, questions and related pieces in place', async ({
  browser,
}) => {
  // docs/design.md §4a: the streamed parts are in the page's HTML where they belong, not left behind a
  // "Loading…" that only a script could replace.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/product/banswara-cake-stand');
  await expect(page.getByRole('heading', { level: 2, name: 'Customer Reviews' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Questions & Answers' })).toBeVisible();
  const related = page.getByRole('region', { name: 'You May Also Like' });
  await expect(related.getByRole('heading', { level: 3 })).toHaveCount(4);
  await expect(page.getByText(/^Loading (reviews|questions|related pieces)…$/)).toHaveCount(0);
  await context.close();
});
