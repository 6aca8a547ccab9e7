import { allowConsoleErrors, expect, failedResource, test, type Page } from './support/test';
import {
  outboxMessages,
  PASSWORD,
  signedInCustomer,
  signIn,
  signUp,
  totpCode,
  uniqueEmail,
  waitForOutbox,
} from './support/accounts';
import { gotoHydrated, toastWith } from './support/pages';
import { startServerProcess } from './support/server-process';
import { axeViolations } from './support/axe';

test.describe('sign-up rules', () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, '/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
  });

  for (const [password, message] of [
    ['Sh0rt!', 'Password must be at least 8 characters'],
    ['lowercase1!', 'Password must contain at least one uppercase letter'],
    ['UPPERCASE1!', 'Password must contain at least one lowercase letter'],
    ['NoNumbers!', 'Password must contain at least one number'],
    ['NoSpecial12', 'Password must contain at least one special character'],
  ]) {
    test(`"${password}" is refused with "${message}"`, async ({ page }) => {
      const form = page.getByRole('tabpanel', { name: 'Sign Up' });
      await form.getByLabel('Email').fill(uniqueEmail('rules'));
      await form.getByLabel('Password', { exact: true }).fill(password!);
      await form.getByLabel('Confirm Password').fill(password!);
      await form.getByRole('button', { name: 'Sign Up' }).click();
      await expect(
        toastWith(page, 'Password Requirements Not Met').filter({ hasText: message! }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/auth$/);
    });
  }

  test('a bad e-mail and a mismatched confirmation have their own messages', async ({ page }) => {
    const form = page.getByRole('tabpanel', { name: 'Sign Up' });
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(
      toastWith(page, 'Invalid Email').filter({ hasText: 'Invalid email address' }),
    ).toBeVisible();
    await form.getByLabel('Email').fill(uniqueEmail('mismatch'));
    await form.getByLabel('Confirm Password').fill(`${PASSWORD}x`);
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(
      toastWith(page, 'Password Mismatch').filter({ hasText: 'Passwords do not match' }),
    ).toBeVisible();
  });

  test('the rule checks follow the password as it is typed', async ({ page }) => {
    const rules = page.getByRole('list', { name: 'Password requirements' });
    await expect(rules.getByRole('listitem')).toHaveText([
      /At least 8 characters \(not met\)/,
      /One uppercase letter \(not met\)/,
      /One lowercase letter \(not met\)/,
      /One number \(not met\)/,
      /One special character \(not met\)/,
    ]);
    await page
      .getByRole('tabpanel', { name: 'Sign Up' })
      .getByLabel('Password', { exact: true })
      .fill('Marble9');
    await expect(rules.getByRole('listitem')).toHaveText([
      /\(not met\)/,
      /One uppercase letter \(met\)/,
      /One lowercase letter \(met\)/,
      /One number \(met\)/,
      /One special character \(not met\)/,
    ]);
  });
});

test('sign up, sign out, then sign in again; /auth sends a signed-in user home', async ({
  page,
}) => {
  // The wrong password's answer.
  allowConsoleErrors(failedResource(401, '/auth.data'));
  const { email } = await signUp(page);
  await expect(page).toHaveURL(/\/$/);
  await gotoHydrated(page, '/auth');
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await gotoHydrated(page, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();

  // A wrong password is the server's message under "Sign In Error".
  await signIn(page, email, 'Wrong#Password1');
  await expect(
    toastWith(page, 'Sign In Error').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible();

  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  const password = form.getByLabel('Password', { exact: true });
  await password.fill(PASSWORD);
  await expect(password).toHaveAttribute('type', 'password');
  await form.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toastWith(page, 'Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
});

test('after sign-in the user goes back to the page that sent them', async ({ page, baseURL }) => {
  const { email } = await signedInCustomer(page, baseURL);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await gotoHydrated(page, '/dashboard');
  await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/redirectTo=%2Fdashboard/);
  await page.getByRole('tabpanel', { name: 'Sign In' }).getByLabel('Email').fill(email);
  await page
    .getByRole('tabpanel', { name: 'Sign In' })
    .getByLabel('Password', { exact: true })
    .fill(PASSWORD);
  await page
    .getByRole('tabpanel', { name: 'Sign In' })
    .getByRole('button', { name: 'Sign In', exact: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
});

test('a signed-in tab shows a sign-out made in another tab', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  await signedInCustomer(first, baseURL);
  const second = await context.newPage();
  await gotoHydrated(second, '/about');
  await expect(second.getByRole('link', { name: 'My account' })).toBeVisible();
  await first.getByRole('button', { name: 'Sign out' }).click();
  await expect(second.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await context.close();
});

test('the tab that signs in or out loads its next page once, not again for its own announcement', async ({
  page,
  baseURL,
}) => {
  // A tab hearing its own announcement revalidated in the middle of its redirect, aborting it
  // (an uncaught AbortError on the page).
  const { email } = await signedInCustomer(page, baseURL);
  await gotoHydrated(page, '/about');
  let dataLoads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'GET' && pathname.endsWith('.data')) dataLoads.push(pathname);
  });
  /** The data loads of one step, once a following click has flushed any pending announcement. */
  const loadsUntilContact = async () => {
    // A frame's round trip lets an announcement already posted be heard before the next click.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await page.getByRole('link', { name: 'Contact' }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
    const loads = dataLoads;
    dataLoads = [];
    return loads;
  };

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await loadsUntilContact()).toEqual(['/_root.data', '/contact.data']);

  // Signing in revalidates the form's page; sent from no page, the form goes back to /auth, which
  // sends the customer home (an admin to /admin); nothing loads a third time.
  await signIn(page, email);
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
  expect(await loadsUntilContact()).toEqual([
    '/auth.data',
    '/_root.data',
    '/auth.data',
    '/_root.data',
    '/contact.data',
  ]);
});

/** The verification mails written to `email` so far (docs/requirements.md §15). */
function verificationMailsTo(email: string): number {
  return outboxMessages().filter(
    (message) => message.includes(email) && /^Subject: Verify your /m.test(message),
  ).length;
}

test('a new account verifies its e-mail by the link in the mail; the dashboard offers to resend it', async ({
  page,
}) => {
  const { email } = await signUp(page);
  await waitForOutbox(email, /(http\S+\/verify-email\?\S+)/);

  // Signed in before verifying, with a banner that resends the link.
  await gotoHydrated(page, '/dashboard');
  const banner = page.getByRole('region', { name: 'Please verify your e-mail address' });
  await expect(banner).toContainText(email);
  await banner.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(
    toastWith(page, 'Verification email sent').filter({
      hasText: `We sent a new link to ${email}`,
    }),
  ).toBeVisible();
  // A second mail, whose link is the one opened below. (The link is a token signed over the
  // address and the second it was made: two mails sent within one second carry the same link.)
  await expect.poll(() => verificationMailsTo(email)).toBe(2);
  const newLink = await waitForOutbox(email, /(http\S+\/verify-email\?\S+)/);

  // A damaged link verifies nothing and says so.
  const url = new URL(newLink);
  await gotoHydrated(page, `${url.pathname}${url.search.replace(/token=[^&]+/, 'token=damaged')}`);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'This verification link has expired or is not valid.' }),
  ).toBeVisible();
  await expect(banner).toBeVisible();

  // The link lands on the dashboard: the address is verified and the banner is gone.
  await gotoHydrated(page, `${url.pathname}${url.search}`);
  await expect(page).toHaveURL(/\/dashboard\?email-link=opened&email=[^&]+$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your e-mail address is verified.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

/** No WCAG 2.2 AA violation on the page as it is now. */
async function expectAccessible(page: Page, state: string): Promise<void> {
  expect.soft(await axeViolations(page), `axe: ${state}`).toEqual([]);
}

/** docs/requirements.md §19: beside spec §8's toast, the page says where the verification link went. */
const linkSentNotice = (page: Page, email: string) =>
  page
    .getByRole('status')
    .filter({ hasText: `We sent a link to ${email}. Open it to verify your address.` });

test('at 390 px a sign-up shows where the link went; the link signs in, or fills in the form', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail('newcomer');
  await gotoHydrated(page, '/auth?tab=sign-up');
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(
    toastWith(page, 'Account created successfully!').filter({
      hasText: 'You can now sign in with your credentials',
    }),
  ).toBeVisible();
  const notice = linkSentNotice(page, email);
  await expect(notice).toBeFocused();
  await expect(notice).toBeInViewport();
  await page.screenshot({ path: '/tmp/admin-link-sign-up-notice-390.png' });
  await expectAccessible(page, 'the sign-up notice, focused');

  // Opening the link signs the new account in.
  const link = new URL(await waitForOutbox(email, /(http\S+\/verify-email\?\S+)/));
  await gotoHydrated(page, `${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your e-mail address is verified.' }),
  ).toBeVisible();

  // Opened again once signed out, it cannot sign in: the sign-in form has the address. Below lg
  // sign-out is in the menu.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await gotoHydrated(page, `${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  const signInForm = page.getByRole('tabpanel', { name: 'Sign In' });
  await expect(signInForm.getByLabel('Email')).toHaveValue(email.toLowerCase());
  await expectAccessible(page, 'the sign-in form filled in from the link');
  await signInForm.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signInForm.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
});

test('a sign-up with an address that has an account looks like any sign-up; the owner is told', async ({
  page,
}) => {
  // The newcomer's password is refused.
  allowConsoleErrors(failedResource(401, '/auth.data'));
  const { email } = await signUp(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await gotoHydrated(page, '/auth?tab=sign-up');
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('Another#Pass7');
  await form.getByLabel('Confirm Password').fill('Another#Pass7');
  await form.getByRole('button', { name: 'Sign Up' }).click();
  // The spec's success toast, as for a new address, and no session.
  await expect(
    toastWith(page, 'Account created successfully!').filter({
      hasText: 'You can now sign in with your credentials',
    }),
  ).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Sign In' }).getByLabel('Email')).toHaveValue(
    email,
  );
  // The same words as for a new address (docs/requirements.md §19), whatever the mail says.
  await expect(linkSentNotice(page, email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await waitForOutbox(email, /(Someone tried to sign up with your address)/);
  // The owner's password still signs in; the newcomer's does not.
  await signIn(page, email, 'Another#Pass7');
  await expect(toastWith(page, 'Sign In Error')).toBeVisible();
  await signIn(page, email, PASSWORD);
  await expect(toastWith(page, 'Welcome back!')).toBeVisible();
});

test('a forgotten password is reset through the link in the e-mail', async ({ page, baseURL }) => {
  // The old password is refused once the new one is set.
  allowConsoleErrors(failedResource(401, '/auth.data'));
  const { email } = await signedInCustomer(page, baseURL);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await gotoHydrated(page, '/auth');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // The sign-in form has an Email field too: fill the reset form's, once it is there.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('main').getByText('If an account uses that address')).toBeVisible();

  const link = await waitForOutbox(email, /(http\S+\/auth\/reset-password\?token=\S+)/);
  await gotoHydrated(page, new URL(link).pathname + new URL(link).search);
  await page.getByLabel('New Password').fill('weak');
  await page.getByLabel('Confirm Password').fill('weak');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    toastWith(page, 'Password Requirements Not Met').filter({
      hasText: 'Password must be at least 8 characters',
    }),
  ).toBeVisible();
  await page.getByLabel('New Password').fill('Brass#Diya42');
  await page.getByLabel('Confirm Password').fill('Brass#Diya42');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('You can now sign in with your new password.').first()).toBeVisible();

  await signIn(page, email, PASSWORD);
  await expect(toastWith(page, 'Sign In Error')).toBeVisible();
  await signIn(page, email, 'Brass#Diya42');
  await expect(toastWith(page, 'Welcome back!')).toBeVisible();
});

test('a one-time code sent by e-mail signs the user in', async ({ page, baseURL }) => {
  // Neither an e-mail nor a phone number is refused.
  allowConsoleErrors(failedResource(400, '/auth/code.data'));
  const { email } = await signedInCustomer(page, baseURL);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await gotoHydrated(page, '/auth');
  await page.getByRole('link', { name: 'Sign in with a one-time code' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with a one-time code' })).toBeVisible();
  // spec §8: neither an e-mail nor a phone number
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(
    page.getByText('You must provide either an email or phone number.').first(),
  ).toBeVisible();

  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`Enter the 6-digit code we sent to ${email}`)).toBeVisible();
  const first = await waitForOutbox(email, /Your code to sign in is (\d{6})/);
  // Resend sends a fresh code; the newest one works.
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect
    .poll(async () => waitForOutbox(email, /Your code to sign in is (\d{6})/))
    .not.toBe(first);
  const code = await waitForOutbox(email, /Your code to sign in is (\d{6})/);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(toastWith(page, 'Welcome back!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
});

test('a phone number gets its code by text message and signs in', async ({ page }) => {
  const phone = `+9198${String(Date.now()).slice(-8)}`;
  await gotoHydrated(page, '/auth/code');
  await page.getByLabel('Or phone number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`Enter the 6-digit code we sent to ${phone}`)).toBeVisible();
  const code = await waitForOutbox(`To: ${phone}`, /(\d{6}) is your/);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(toastWith(page, 'Welcome back!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
  // Its e-mail is a placeholder, not an address: nothing to verify, no banner (docs/requirements.md §15).
  await gotoHydrated(page, '/dashboard');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Please verify your e-mail address' })).toHaveCount(
    0,
  );
  // Nor does the server send a link when asked directly.
  const resend = await page.request.post('/dashboard.data', {
    form: { intent: 'resend-verification' },
  });
  expect(resend.status()).toBe(400);
  expect(await resend.text()).toContain('This account has no e-mail address to verify.');
});

test('TOTP: enrol with the QR key and backup codes, then sign-in asks for a code; then remove it', async ({
  page,
  baseURL,
}) => {
  // The wrong authentication code is refused.
  allowConsoleErrors(failedResource(401, '/auth/two-factor.data'));
  const { email } = await signedInCustomer(page, baseURL);
  await gotoHydrated(page, '/dashboard/security');
  const section = page.getByRole('heading', { name: 'Two-factor authentication' }).locator('..');
  await section.getByLabel('Current Password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  await expect(
    section.getByRole('list', { name: 'Backup codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  const secret = (await section.getByTestId('totp-secret').textContent()) ?? '';
  await section.getByLabel('Code from the app').fill(totpCode(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(toastWith(page, 'Two-factor authentication is on')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  // docs/requirements.md §13: the code's schema (core/identity/identity.ts) checks it in the browser as on the server.
  await page.getByLabel('Authentication code').fill('12');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(
    page.getByRole('main').getByText('Enter the 6-digit code', { exact: true }),
  ).toBeVisible();
  await expect(
    toastWith(page, 'Sign In Error').filter({ hasText: 'Enter the 6-digit code' }),
  ).toBeVisible();
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(toastWith(page, 'Sign In Error')).toBeVisible();
  // The app's next code: the one that turned two-factor on is used up (docs/requirements.md §15).
  await page.getByLabel('Authentication code').fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(toastWith(page, 'Welcome back!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();

  await gotoHydrated(page, '/dashboard/security');
  await section.getByLabel('Current Password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Remove two-factor authentication' }).click();
  await expect(toastWith(page, 'Two-factor authentication is off')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  // Signed out for sure before /auth is opened; a signed-in visit there goes home instead.
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await signIn(page, email);
  await expect(toastWith(page, 'Welcome back!')).toBeVisible();
});

test('changing the password asks for the current one first', async ({ page, baseURL }) => {
  // The wrong current password is refused.
  allowConsoleErrors(failedResource(400, '/dashboard/security.data'));
  const { email } = await signedInCustomer(page, baseURL);
  await gotoHydrated(page, '/dashboard/security');
  const form = page.getByRole('heading', { name: 'Change password' }).locator('..');
  await form.getByLabel('Current Password').fill('Not#MyPassword1');
  await form.getByLabel('New Password', { exact: true }).fill('Carved#Stone77');
  await form.getByLabel('Confirm New Password').fill('Carved#Stone77');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(toastWith(page, 'Error')).toBeVisible();
  await form.getByLabel('Current Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(toastWith(page, 'Password changed')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await signIn(page, email, 'Carved#Stone77');
  await expect(toastWith(page, 'Welcome back!')).toBeVisible();
});

test('changing the e-mail asks for the current password; the new address confirms by link', async ({
  page,
  baseURL,
}) => {
  // The wrong current password is refused, and so is the old address once the new one is set.
  allowConsoleErrors(
    failedResource(400, '/dashboard/security.data'),
    failedResource(401, '/auth.data'),
  );
  const { email } = await signedInCustomer(page, baseURL);
  const newEmail = uniqueEmail('moved');
  await gotoHydrated(page, '/dashboard/security');
  const form = page.getByRole('heading', { name: 'Change e-mail' }).locator('..');
  await form.getByLabel('New Email').fill(newEmail);
  await form.getByLabel('Current Password').fill('Not#MyPassword1');
  await form.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(toastWith(page, 'Error').filter({ hasText: 'Invalid password' })).toBeVisible();
  await form.getByLabel('Current Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(toastWith(page, 'Check your new e-mail')).toBeVisible();
  // Nothing changes until the link mailed to the new address is opened.
  await expect(form.getByText(`You sign in with ${email}.`)).toBeVisible();

  const link = new URL(await waitForOutbox(newEmail, /(http\S+\/api\/auth\/verify-email\?\S+)/));
  await gotoHydrated(page, link.pathname + link.search);
  await expect(page).toHaveURL(/\/dashboard\/security$/);
  await expect(page.getByText(`You sign in with ${newEmail}.`)).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await signIn(page, email);
  await expect(toastWith(page, 'Sign In Error')).toBeVisible();
  await signIn(page, newEmail);
  await expect(toastWith(page, 'Welcome back!')).toBeVisible();
});

test('the JWKS is published for API clients', async ({ request }) => {
  for (const path of ['/api/auth/jwks', '/.well-known/jwks.json']) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { keys: { kid: string; kty: string }[] };
    expect(body.keys.length).toBeGreaterThan(0);
    expect(body.keys[0]?.kid).toBeTruthy();
  }
});

test('beyond the sign-in limit the server answers 429, for the form and the API alike', async ({
  browser,
}) => {
  const server = await startServerProcess({ AUTH_RATE_LIMIT: '3' });
  try {
    // Another account each time: the client address's own count refuses the fourth (docs/requirements.md §14:
    // one account's failures from this address are refused on their own, for that account).
    let accounts = 0;
    const attempt = () =>
      fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          // Better Auth takes API calls from the shop's own origin (PUBLIC_URL) only.
          Origin: server.url,
        },
        body: JSON.stringify({
          email: `nobody-${(accounts += 1)}@example.com`,
          password: 'Wrong#Password1',
        }),
      });
    for (let count = 0; count < 3; count += 1) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toBe(
      'Too many requests, please try again in a minute.',
    );

    // The page's form calls Better Auth on the server (auth.api): it is limited too.
    allowConsoleErrors(failedResource(429, '/auth.data'));
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signIn(page, 'someone@example.com', 'Wrong#Password1');
    await expect(
      toastWith(page, 'Sign In Error').filter({
        hasText: 'Too many requests, please try again in a minute.',
      }),
    ).toBeVisible();
    await context.close();
  } finally {
    await server.stop();
  }
});
