/**
 * docs/requirements.md §14: a redirect built from a request never leaves the shop and never fails;
 * here Better Auth's mail links, which take a callbackURL. The built server answers them, not the
 * app in process: Better Auth checks a callbackURL only when NODE_ENV is not `test`, which it reads
 * once as it loads, and Vitest runs with `test`. The sign-in pages' own targets are tested in
 * process: tests/integration/redirect-targets.test.ts.
 */
import { expect, test, type APIResponse } from './support/test';
import { HOSTILE_TARGETS } from '../support/hostile-redirect-targets';

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
