/**
 * docs/requirements.md §21 "Price-drop alerts": the customer's setting in the dashboard's profile, and the mail's
 * unsubscribe link, which asks first (GET changes nothing) and turns the setting off on confirm.
 */
import { priceDropUnsubscribeToken } from '../../server/modules/account';
import { expect, test, type Page } from './support/test';
import { signedInCustomer } from './support/accounts';
import { gotoHydrated, toastWith } from './support/pages';

// playwright.config.ts: the server's AUTH_SECRET, which signs the link.
const AUTH_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-secret';
const SETTING = "E-mail me when a wished piece's price drops";

async function openProfile(page: Page) {
  await gotoHydrated(page, '/dashboard?tab=profile');
  return page.getByRole('tabpanel', { name: 'Profile' });
}

test('the price-drop setting is on by default and the dashboard turns it off', async ({
  page,
  baseURL,
}) => {
  await signedInCustomer(page, baseURL);
  let profile = await openProfile(page);
  await expect(profile.getByRole('checkbox', { name: SETTING })).toBeChecked();
  await profile.getByRole('checkbox', { name: SETTING }).uncheck();
  await profile.getByRole('button', { name: 'Save E-mail Settings' }).click();
  await expect(toastWith(page, 'Price-drop e-mails off')).toBeVisible();
  profile = await openProfile(page);
  await expect(profile.getByRole('checkbox', { name: SETTING })).not.toBeChecked();
  await page.setViewportSize({ width: 390, height: 844 });
  await profile.getByRole('checkbox', { name: SETTING }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('profile-390.png') });
});

test('the mail’s unsubscribe link asks, then turns the setting off', async ({ page, baseURL }) => {
  const { email } = await signedInCustomer(page, baseURL);
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { id: string };
  };
  const token = priceDropUnsubscribeToken(AUTH_SECRET, session.user.id);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/price-drop-alerts/unsubscribe?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Stop price-drop e-mails?' })).toBeVisible();
  await expect(page.getByText(email.toLowerCase())).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('unsubscribe-390.png') });
  // Opening the link changed nothing.
  let profile = await openProfile(page);
  await expect(profile.getByRole('checkbox', { name: SETTING })).toBeChecked();

  await page.goto(`/price-drop-alerts/unsubscribe?token=${token}`);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'Price-drop e-mails are off' })).toBeVisible();
  profile = await openProfile(page);
  await expect(profile.getByRole('checkbox', { name: SETTING })).not.toBeChecked();

  await page.goto('/price-drop-alerts/unsubscribe?token=forged.token');
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
});
