/**
 * docs/decisions/022: passkeys with Chromium's virtual authenticator (CDP WebAuthn domain). A customer and
 * the owner add one at /dashboard/security and sign in with it from /auth in one tap; an account
 * with two-factor on is not asked for its code (docs/decisions/022); a removed passkey signs
 * nobody in and says why.
 *
 * WebAuthn refuses an IP address as the relying party ("This is an invalid domain"), and the shared
 * server is http://127.0.0.1:<port>: these journeys run on a server of their own, reached as
 * http://localhost:<port> (its PUBLIC_URL), on a PostgreSQL database of its own so that the owner's
 * role can be granted with the shop's command line while it runs.
 */
import { passkeyProblems } from '../../core/identity/passkey-texts';
import {
  PASSWORD,
  signedInCustomer,
  signIn,
  signUp,
  totpCode,
  uniqueEmail,
} from './support/accounts';
import { grantAdminRole } from './support/admin';
import { gotoHydrated, toastWith } from './support/pages';
import { createScratchDatabase } from './support/postgres';
import { startServerProcess, type RunningServer } from './support/server-process';
import {
  allowConsoleErrors,
  expect as baseExpect,
  failedResource,
  test,
  type Browser,
  type BrowserContext,
  type Page,
} from './support/test';
import { axeViolations } from './support/axe';

const expect = baseExpect.configure({ timeout: 15_000 });

test.describe.configure({ mode: 'serial' });
test.use({ reducedMotion: 'reduce' });

let server: RunningServer | null = null;
let database: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  // A server and a database of their own, on a machine that often runs several suites.
  test.setTimeout(180_000);
  database = await createScratchDatabase('storefront_passkeys');
  server = await startServerProcess(
    { DATABASE_URL: database.url, AUTH_RATE_LIMIT: '100000' },
    { publicHost: 'localhost' },
  );
});

test.afterAll(async () => {
  await Promise.allSettled(contexts.map((context) => context.close()));
  try {
    await server?.stop();
  } finally {
    await database?.drop();
  }
});

/** A phone-sized page on the passkey server, with a platform authenticator that checks its owner. */
async function phoneWithAuthenticator(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server!.url,
    viewport: { width: 390, height: 844 },
    reducedMotion: 'reduce',
  });
  contexts.push(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}

/** "Add a passkey", with the current password it asks for first (docs/decisions/022). */
async function addPasskey(page: Page, name: string, password = PASSWORD): Promise<void> {
  await gotoHydrated(page, '/dashboard/security');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByLabel('Passkey name (optional)').fill(name);
  await section.getByLabel('Current Password').fill(password);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(toastWith(page, 'Passkey added')).toBeVisible();
  const listed = section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
  await expect(listed.filter({ hasText: name })).toContainText(/Added \w+ \d+, \d{4}/);
}

async function signOut(page: Page): Promise<void> {
  // Below lg sign-out is in the menu.
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
}

async function signInWithPasskey(page: Page, path = '/auth'): Promise<void> {
  await gotoHydrated(page, path);
  await page
    .getByRole('tabpanel', { name: 'Sign In' })
    .getByRole('button', { name: 'Sign in with a passkey' })
    .click();
}

async function expectAccessible(page: Page, state: string): Promise<void> {
  expect.soft(await axeViolations(page), `axe: ${state}`).toEqual([]);
}

test('a customer adds a passkey and signs in with it in one tap', async ({ browser }) => {
  const page = await phoneWithAuthenticator(browser);
  await signUp(page, { email: uniqueEmail('passkey') });
  await addPasskey(page, 'My phone');
  await signOut(page);

  // WebAuthn's code is not part of the sign-in page until the button is pressed.
  const webAuthnCode: string[] = [];
  // docs/requirements.md §14: the start of the sign-in stores a challenge, so it is a POST.
  const signInOptions: string[] = [];
  page.on('request', (request) => {
    if (/passkey-client/.test(request.url())) webAuthnCode.push(request.url());
    if (request.url().endsWith('/api/auth/passkey/generate-authenticate-options')) {
      signInOptions.push(request.method());
    }
  });
  await gotoHydrated(page, '/auth');
  expect(webAuthnCode).toEqual([]);
  await signInWithPasskey(page);
  await expect(toastWith(page, 'Welcome back!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
  expect(webAuthnCode).toHaveLength(1);
  expect(signInOptions).toEqual(['POST']);
  // Asked for by GET, as a link or an image on another site would, it is refused.
  const asGet = await page.request.get('/api/auth/passkey/generate-authenticate-options');
  expect(asGet.status()).toBe(405);
  await gotoHydrated(page, '/dashboard/security');
  await expect(page.getByRole('heading', { name: 'Password and security' })).toBeVisible();
  // A customer's menu has no way into the back office.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link', { name: 'Contact' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Admin' })).toHaveCount(0);
});

test('the owner signs in with a passkey and reaches /admin', async ({ browser }) => {
  const page = await phoneWithAuthenticator(browser);
  const { email } = await signedInCustomer(page, server!.url, {
    email: uniqueEmail('owner'),
    name: 'Devika Admin',
  });
  await grantAdminRole(database!.url, email);
  await addPasskey(page, 'Shop phone');
  await signOut(page);

  // Sent from no page, the owner lands in the back office, by passkey and by password alike.
  await signInWithPasskey(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  // From the shop, the header's menu leads back to it.
  await page.getByRole('link', { name: 'View shop' }).click();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const admin = page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', {
    name: 'Admin',
  });
  await expect(admin).toHaveAttribute('href', '/admin');
  await page.screenshot({ path: '/tmp/admin-link-menu-390.png' });
  await expectAccessible(page, 'the open menu with Admin');
  await admin.click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
});

test('an account with two-factor on signs in with its passkey without a code', async ({
  browser,
}) => {
  const page = await phoneWithAuthenticator(browser);
  await signedInCustomer(page, server!.url, { email: uniqueEmail('passkey-2fa') });
  await gotoHydrated(page, '/dashboard/security');
  const twoFactor = page.locator('div').filter({
    has: page.getByRole('heading', { name: 'Two-factor authentication' }),
  });
  await twoFactor.last().getByLabel('Current Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByLabel('Code from the app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(toastWith(page, 'Two-factor authentication is on')).toBeVisible();
  // With two-factor on, the step before adding a passkey takes a code of the app too.
  await gotoHydrated(page, '/dashboard/security');
  await expect(
    page
      .getByRole('region', { name: 'Passkeys' })
      .getByLabel('Current Password or authenticator code'),
  ).toBeVisible();
  await addPasskey(page, 'Laptop');
  await signOut(page);

  await signInWithPasskey(page, '/auth?redirectTo=%2Fdashboard%2Fsecurity');
  await expect(page).toHaveURL(/\/dashboard\/security$/);
  await expect(page.getByRole('heading', { name: 'Password and security' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByLabel('Code from the app')).toHaveCount(0);
});

test('a passkey is added only with the current password', async ({ browser }) => {
  const page = await phoneWithAuthenticator(browser);
  await signedInCustomer(page, server!.url, { email: uniqueEmail('passkey-reauth') });
  await gotoHydrated(page, '/dashboard/security');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByLabel('Passkey name (optional)').fill('Stolen session');
  await section.getByLabel('Current Password').fill('Not-my-password1');
  allowConsoleErrors(failedResource(400, '/api/auth/passkey/reauthenticate'));
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(
    toastWith(page, 'Passkey not added').filter({ hasText: 'Invalid password' }),
  ).toBeVisible();
  await expect(section.getByText('You have not added a passkey yet.')).toBeVisible();
  // Asked for without it, the server refuses the ceremony itself.
  const direct = await page.request.get('/api/auth/passkey/generate-register-options');
  expect(direct.status()).toBe(403);
});

test('a removed passkey no longer signs in, and the page says why', async ({ browser }) => {
  const page = await phoneWithAuthenticator(browser);
  await signedInCustomer(page, server!.url, { email: uniqueEmail('passkey-removed') });
  await addPasskey(page, 'Old phone');

  const section = page.getByRole('region', { name: 'Passkeys' });
  await expectAccessible(page, '/dashboard/security with a passkey, 390 px');
  await page.setViewportSize({ width: 1366, height: 900 });
  await expectAccessible(page, '/dashboard/security with a passkey, 1366 px');
  await page.setViewportSize({ width: 390, height: 844 });

  await section.getByRole('button', { name: 'Remove passkey Old phone' }).click();
  await expect(toastWith(page, 'Passkey removed')).toBeVisible();
  await expect(section.getByText('You have not added a passkey yet.')).toBeVisible();
  await signOut(page);

  await gotoHydrated(page, '/auth');
  await expectAccessible(page, '/auth, 390 px');
  await page.setViewportSize({ width: 1366, height: 900 });
  await expectAccessible(page, '/auth, 1366 px');
  await page.setViewportSize({ width: 390, height: 844 });

  // The device still holds the key; the shop no longer knows it (401).
  allowConsoleErrors(failedResource(401, '/api/auth/passkey/verify-authentication'));
  await signInWithPasskey(page);
  await expect(
    toastWith(page, 'Sign In Error').filter({ hasText: passkeyProblems.unknown }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
});
