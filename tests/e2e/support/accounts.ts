/**
 * Accounts for the journeys: sign-up through the real form or over HTTP, the mail outbox, TOTP
 * codes.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { gotoHydrated, toastWith } from './pages';

export const PASSWORD = 'Marble#Lotus9';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Signs a new customer up through the Sign Up tab, then in through the Sign In tab it opens with
 * the address filled in: a sign-up itself does not sign in (docs/requirements.md §15, docs/decisions/011). The
 * account's e-mail is not verified.
 */
export async function signUp(
  page: Page,
  { email = uniqueEmail('customer'), password = PASSWORD, name = 'Asha Rao' } = {},
): Promise<{ email: string; password: string }> {
  await gotoHydrated(page, '/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel('Full Name (optional)').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm Password').fill(password);
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(
    toastWith(page, 'Account created successfully!').filter({
      hasText: 'You can now sign in with your credentials',
    }),
  ).toBeVisible();
  const signInForm = page.getByRole('tabpanel', { name: 'Sign In' });
  await expect(signInForm.getByLabel('Email')).toHaveValue(email.toLowerCase());
  await signInForm.getByLabel('Password', { exact: true }).fill(password);
  await signInForm.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
  return { email, password };
}

/** The `name=value` pairs of a response's cookies, as a Cookie header sends them back. */
function cookieHeaderOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * Signs a new customer up through Better Auth's endpoint, then in (a sign-up does not sign in:
 * docs/requirements.md §14), and answers the session cookie. The server's PUBLIC_URL is the address it is
 * reached at, the origin Better Auth trusts.
 */
export async function signUpOverHttp(
  serverUrl: string,
  { email = uniqueEmail('customer'), password = PASSWORD, name = 'Asha Rao' } = {},
): Promise<{ email: string; cookie: string }> {
  const headers = {
    'Content-Type': 'application/json',
    Origin: new URL(serverUrl).origin,
  };
  const signUp = await fetch(new URL('/api/auth/sign-up/email', serverUrl), {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, name }),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  const response = await fetch(new URL('/api/auth/sign-in/email', serverUrl), {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const cookie = cookieHeaderOf(response);
  expect(cookie).toContain('session_token');
  return { email, cookie };
}

/**
 * A new customer, signed in, on the home page as `signUp` leaves one: the account signs up and in
 * over Better Auth's endpoints and the page's context takes its session cookie. For journeys about
 * something a signed-in customer does; the Sign Up form itself has journeys of its own
 * (auth.spec.ts), and typing into it for every other journey is most of their time. The cookie is
 * httpOnly and SameSite=Lax, as the server sets it.
 */
/** The page's context takes a session's cookie as the server set it: httpOnly and SameSite=Lax. */
export async function addSessionCookie(
  page: Page,
  serverUrl: string,
  cookie: string,
): Promise<void> {
  await page.context().addCookies(
    cookie.split('; ').map((pair) => {
      const separator = pair.indexOf('=');
      return {
        name: pair.slice(0, separator),
        value: pair.slice(separator + 1),
        url: serverUrl,
        httpOnly: true,
        sameSite: 'Lax' as const,
      };
    }),
  );
}

export async function signedInCustomer(
  page: Page,
  serverUrl: string | undefined,
  options: { email?: string; password?: string; name?: string } = {},
): Promise<{ email: string; password: string }> {
  if (!serverUrl) throw new Error('signedInCustomer needs the address of the server to sign up on');
  const { password = PASSWORD } = options;
  const { email, cookie } = await signUpOverHttp(serverUrl, { ...options, password });
  await addSessionCookie(page, serverUrl, cookie);
  await gotoHydrated(page, new URL('/', serverUrl).href);
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
  return { email, password };
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await gotoHydrated(page, '/auth');
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

function outboxFiles(dataDir: string, ending: RegExp): string[] {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox).sort();
  } catch {
    return [];
  }
  return files.filter((file) => ending.test(file)).map((file) => path.join(outbox, file));
}

/**
 * The mails (and texts) a server wrote to DATA_DIR/outbox, newest last: each mail's .eml (its
 * HTML part, written beside it as .html for people, is read by `outboxHtmlPages`).
 */
export function outboxMessages(dataDir = process.env.E2E_DATA_DIR ?? ''): string[] {
  return outboxFiles(dataDir, /\.(eml|txt)$/).map((file) => readFileSync(file, 'utf8'));
}

/** docs/requirements.md §13: the HTML part of each mail, as the outbox's .html page beside its .eml. */
export function outboxHtmlPages(
  dataDir = process.env.E2E_DATA_DIR ?? '',
): { file: string; eml: string; html: string }[] {
  return outboxFiles(dataDir, /\.html$/).map((file) => ({
    file,
    eml: readFileSync(file.replace(/\.html$/, '.eml'), 'utf8'),
    html: readFileSync(file, 'utf8'),
  }));
}

/**
 * A message as its reader sees it: nodemailer sends a part with long lines quoted-printable, which
 * breaks them with "=" at the line end and writes "=" itself as "=3D" (as in a link's query). Each
 * part is decoded by its own header: since mails carry an HTML part (docs/decisions/019), the HTML is
 * quoted-printable while the text part beside it is 7bit, where "=80" is just text, such as the
 * start of a token after "token=".
 */
function decodedText(message: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(message)?.[1];
  const parts = boundary ? message.split(`--${boundary}`) : [message];
  return parts
    .map((part) => {
      if (!/^Content-Transfer-Encoding: quoted-printable$/im.test(part)) return part;
      return part
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
          String.fromCharCode(parseInt(hex, 16)),
        );
    })
    .join(`--${boundary ?? ''}`);
}

/** Waits for the newest message to `to` that matches `pattern`, and answers the first group. */
export async function waitForOutbox(
  to: string,
  pattern: RegExp,
  dataDir?: string,
): Promise<string> {
  let found = '';
  await expect
    .poll(() => {
      const message = outboxMessages(dataDir)
        .map(decodedText)
        .filter((text) => text.includes(to))
        .reverse()
        .find((text) => pattern.test(text));
      found = message?.match(pattern)?.[1] ?? '';
      return found;
    })
    .not.toBe('');
  return found;
}

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const character of text.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(character).toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** The current RFC 6238 code (SHA-1, 30 s, 6 digits) of a base32 secret, as an app shows it. */
export function totpCode(secret: string, now = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / 30)));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0xf;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}
