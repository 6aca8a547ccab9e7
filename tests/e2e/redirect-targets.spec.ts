/**
 * docs/requirements.md §14: a redirect built from a request never leaves the shop and never fails. The
 * sign-in pages send a signed-in user on to `redirectTo`, as a document (302 Location) and as a
 * data request (React Router's X-Remix-Redirect); Better Auth's mail links take a callbackURL.
 */
import { expect, test, type APIResponse } from './support/test';
import { signedInCustomer } from './support/accounts';

/** Targets as they appear in the query string, percent-encoding and all. */
const HOSTILE_TARGETS = [
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%0D/evil.example',
  '/%0D%0ASet-Cookie:%20stolen=1',
  '/%09%0A/%09evil.example',
  '//evil.example',
  '%2F%2Fevil.example',
  '///evil.example',
  '/%5Cevil.example',
  '%5C%5Cevil.example',
  '/%09%5Cevil.example',
  '/%252F%252Fevil.example',
  '/%2F%2Fevil.example',
  '/.//evil.example',
  '/%252e//evil.example',
  'https:evil.example',
  'http://evil.example',
  'javascript:alert(document.domain)',
  '%20//evil.example',
  '%09//evil.example',
  `/${'a'.repeat(3000)}`,
  '/%E0%A4',
];

const SIGN_IN_PAGES = ['/auth', '/auth/code', '/auth/two-factor'];

/** A browser following `target` stays on the shop: no control character, no `//`, same origin. */
function expectTargetInsideTheShop(target: string, baseURL: string, what: string) {
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  expect(target, what).not.toMatch(/[\u0000-\u0020\u007f\\]/);
  expect(target.startsWith('//'), `${what} → ${target}`).toBe(false);
  expect(new URL(target, baseURL).origin, `${what} → ${target}`).toBe(new URL(baseURL).origin);
}

function expectInsideTheShop(response: APIResponse, baseURL: string, what: string) {
  expect(response.status(), what).toBeLessThan(500);
  const headers = response.headers();
  for (const target of [headers.location, headers['x-remix-redirect']]) {
    if (target !== undefined) expectTargetInsideTheShop(target, baseURL, what);
  }
}

test('a signed-in user sent on by /auth, /auth/code or /auth/two-factor stays in the shop', async ({
  page,
  baseURL,
}) => {
  await signedInCustomer(page, baseURL);
  const request = page.context().request;
  for (const pagePath of SIGN_IN_PAGES) {
    for (const target of HOSTILE_TARGETS) {
      for (const address of [pagePath, `${pagePath}.data`]) {
        const what = `${address}?redirectTo=${target.slice(0, 60)}`;
        const response = await request.get(`${address}?redirectTo=${target}`, { maxRedirects: 0 });
        expectInsideTheShop(response, baseURL!, what);
        expect([302, 202, 204], what).toContain(response.status());
      }
    }
  }
  // A good target is still honoured.
  const honoured = await request.get('/auth?redirectTo=%2Fdashboard%3Ftab%3Dorders', {
    maxRedirects: 0,
  });
  expect(honoured.headers().location).toBe('/dashboard?tab=orders');
});

test('a visitor on the sign-in pages gets a form whose target stays in the shop', async ({
  request,
  baseURL,
}) => {
  for (const pagePath of SIGN_IN_PAGES) {
    for (const target of HOSTILE_TARGETS) {
      const what = `${pagePath}?redirectTo=${target.slice(0, 60)}`;
      const response = await request.get(`${pagePath}?redirectTo=${target}`, { maxRedirects: 0 });
      expectInsideTheShop(response, baseURL!, what);
      const html = await response.text();
      const values = [...html.matchAll(/name="redirectTo" value="([^"]*)"/g)];
      expect(values.length, what).toBeGreaterThan(0);
      for (const [, value = ''] of values) {
        expectTargetInsideTheShop(value.replaceAll('&amp;', '&'), baseURL!, what);
      }
    }
  }
});

test('signing in with a hostile redirectTo answers a target inside the shop', async ({
  page,
  baseURL,
}) => {
  const { email, password } = await signedInCustomer(page, baseURL);
  await page.context().clearCookies();
  for (const target of [
    '/\t/evil.example',
    '/\n/evil.example',
    '//evil.example',
    '/\\evil.example',
  ]) {
    const response = await page.context().request.post('/auth', {
      form: { intent: 'sign-in', email, password, redirectTo: target },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expectInsideTheShop(response, baseURL!, `POST /auth redirectTo=${JSON.stringify(target)}`);
    expect(response.status(), 'signed in').toBe(200);
    expect(await response.text()).not.toContain('evil.example');
    await page.context().clearCookies();
  }
});

test("Better Auth's mail links never send anyone out of the shop", async ({ request, baseURL }) => {
  for (const target of HOSTILE_TARGETS) {
    for (const address of [
      `/api/auth/verify-email?token=not-a-token&callbackURL=${target}`,
      `/api/auth/reset-password/not-a-token?callbackURL=${target}`,
    ]) {
      const response = await request.get(address, { maxRedirects: 0 });
      expectInsideTheShop(response, baseURL!, address.slice(0, 100));
    }
  }
});
