/**
 * docs/decisions/012's hardened headers, one assertion each: an enforced nonce-based CSP, HSTS only over https,
 * nosniff, a Referrer-Policy, a Permissions-Policy with the microphone for the shop only (voice
 * search), and session cookies that only travel over https when the shop is served over https.
 */
import { allowConsoleErrors, expect, failedResource, test } from './support/test';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { toastWith } from './support/pages';
import { startServerProcess } from './support/server-process';

/** The CSP's directives by name, e.g. `script-src` → [`'self'`, `'nonce-…'`]. */
function directivesOf(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

test('the Content-Security-Policy is enforced, with a fresh script nonce on every response', async ({
  request,
}) => {
  const first = await request.get('/');
  const second = await request.get('/shop');
  const nonces: string[] = [];
  for (const response of [first, second]) {
    const headers = response.headers();
    // Enforced, not only reported.
    expect(headers['content-security-policy-report-only']).toBeUndefined();
    const directives = directivesOf(headers['content-security-policy'] ?? '');
    const scriptSources = directives.get('script-src') ?? [];
    expect(scriptSources).toContain("'self'");
    expect(scriptSources).not.toContain("'unsafe-inline'");
    expect(scriptSources).not.toContain("'unsafe-eval'");
    const nonce = scriptSources.find((source) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(source));
    expect(nonce, 'script-src carries a nonce').toBeTruthy();
    nonces.push(nonce ?? '');
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    // docs/requirements.md §14 (decision 012): style elements by the same nonce; 'unsafe-inline' only for style
    // attributes; images and media from the shop and the shared-drive thumbnails, not any https.
    expect(directives.get('style-src')).toEqual(["'self'", nonce]);
    expect(directives.get('style-src-elem')).toEqual(["'self'", nonce]);
    expect(directives.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(directives.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://drive.google.com',
      'https://*.googleusercontent.com',
    ]);
    expect(directives.get('media-src')).toEqual(["'self'"]);
    // The nonce is the one the page's own inline scripts carry.
    const html = await response.text();
    expect(html).toContain(`nonce="${nonce?.slice("'nonce-".length, -1)}"`);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

// A person's browser: Playwright's own "HeadlessChrome" agent counts as a robot, and robots never
// see the welcome pop-up, the dialog this test needs open.
const personalBrowser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

test.describe('under the enforced policy', () => {
  test.use({ userAgent: personalBrowser });

  test('the main pages, their dialogs and a toast raise no Content-Security-Policy violation', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
      );
    });
    const violations: string[] = [];
    const collect = async (where: string) => {
      const seen = await page.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      );
      violations.push(...seen.map((violation) => `${where}: ${violation}`));
    };

    // The welcome pop-up is a modal dialog: its scroll lock is a rule of the stylesheet, no inline
    // style (docs/decisions/020).
    await page.goto('/');
    const welcome = page.getByRole('dialog', { name: /^Welcome to / });
    await expect(welcome).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      'hidden',
    );
    await collect('home, welcome dialog open');
    await page.keyboard.press('Escape');
    await expect(welcome).toBeHidden();

    const card = page
      .getByRole('region', { name: 'Our Best Selling Products' })
      .getByRole('listitem')
      .filter({ hasText: 'Boat Ganesh' });
    await card.getByRole('link', { name: 'Get Quote' }).click();
    const quotation = page.getByRole('dialog', { name: 'Request Quotation' });
    await expect(quotation.getByLabel('Product')).toHaveValue('Boat Ganesh');
    await collect('home, quotation dialog open');
    await page.keyboard.press('Escape');
    await expect(quotation).toBeHidden();

    for (const path of [
      '/shop',
      '/product/boat-ganesh',
      '/blog',
      '/contact',
      '/faq',
      '/dashboard',
    ]) {
      await page.goto(path);
      await collect(path);
    }

    // The sign-in tabs render style attributes on the server; a failed sign-in shows a toast.
    allowConsoleErrors(failedResource(401, '/auth.data'));
    await page.goto('/auth');
    const signIn = page.getByRole('tabpanel', { name: 'Sign In' });
    await signIn.getByLabel('Email').fill('nobody@example.com');
    await signIn.getByLabel('Password', { exact: true }).fill('Wrong#Password1');
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(toastWith(page, 'Sign In Error')).toBeVisible();
    await collect('/auth with a toast');

    expect(violations).toEqual([]);
  });
});

test('pages say nosniff, a referrer policy and a permissions policy with the microphone for self only', async ({
  request,
}) => {
  for (const route of ['/', '/product/boat-ganesh', '/auth', '/healthz']) {
    const headers = (await request.get(route)).headers();
    expect(headers['x-content-type-options'], route).toBe('nosniff');
    expect(headers['referrer-policy'], route).toBe('strict-origin-when-cross-origin');
    const permissions = (headers['permissions-policy'] ?? '').split(/,\s*/);
    // Voice search (spec §5) needs the microphone on the shop's own pages, and nowhere else.
    expect(permissions, route).toContain('microphone=(self)');
    expect(permissions, route).toContain('camera=()');
    expect(permissions, route).toContain('geolocation=()');
  }
});

test('over plain http there is no HSTS, and a forwarded https counts only behind a trusted proxy', async ({
  request,
}) => {
  // The shared server does not trust a proxy: a client cannot ask for HSTS by a header.
  const attempts: Record<string, string>[] = [{}, { 'X-Forwarded-Proto': 'https' }];
  for (const headers of attempts) {
    const response = await request.get('/', { headers });
    expect(response.headers()['strict-transport-security']).toBeUndefined();
  }

  const proxied = await startServerProcess({ TRUST_PROXY: 'true' });
  try {
    const direct = await fetch(`${proxied.url}/`);
    expect(direct.headers.get('strict-transport-security')).toBeNull();
    const forwarded = await fetch(`${proxied.url}/`, {
      headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(forwarded.status).toBe(200);
    expect(forwarded.headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    );
  } finally {
    await proxied.stop();
  }
});

test('under an https PUBLIC_URL the session cookie is __Secure- prefixed, Secure and httpOnly, and signs the user in', async ({
  request,
}) => {
  // Over http the cookie has no prefix: a browser would drop a Secure cookie on http.
  // A sign-up does not sign in (docs/requirements.md §15): the session comes from the sign-in after it.
  const plainEmail = uniqueEmail('plain-cookie');
  const plainSignUp = await request.post('/api/auth/sign-up/email', {
    data: { email: plainEmail, password: PASSWORD, name: 'Plain Cookie' },
  });
  expect(plainSignUp.status()).toBe(200);
  const plain = await request.post('/api/auth/sign-in/email', {
    data: { email: plainEmail, password: PASSWORD },
  });
  expect(plain.status()).toBe(200);
  const plainCookie = plain.headersArray().find(({ name }) => name.toLowerCase() === 'set-cookie');
  expect(plainCookie?.value).toMatch(/^storefront\.session_token=/);

  const publicUrl = 'https://shop.example';
  const server = await startServerProcess({ PUBLIC_URL: publicUrl, TRUST_PROXY: 'true' });
  try {
    // As the TLS-ending proxy would forward it.
    const proxyHeaders = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.10' };
    const email = uniqueEmail('secure-cookie');
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { ...proxyHeaders, 'Content-Type': 'application/json', Origin: publicUrl },
      body: JSON.stringify({ email, password: PASSWORD, name: 'Secure Cookie' }),
    });
    expect(signUp.status).toBe(200);
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { ...proxyHeaders, 'Content-Type': 'application/json', Origin: publicUrl },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookies = signIn.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.includes('.session_token='));
    expect(session).toMatch(/^__Secure-storefront\.session_token=/);
    expect(session).toMatch(/;\s*Secure(;|$)/i);
    expect(session).toMatch(/;\s*HttpOnly(;|$)/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    // Every cookie the sign-in sets is prefixed, not only the token.
    for (const cookie of cookies) expect(cookie).toMatch(/^__(Secure|Host)-/);

    // The prefixed cookie is the one the server reads back: the dashboard opens for its owner.
    const cookieHeader = cookies.map((cookie) => cookie.split(';')[0]).join('; ');
    const dashboard = await fetch(`${server.url}/dashboard`, {
      headers: { ...proxyHeaders, Cookie: cookieHeader },
      redirect: 'manual',
    });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain(email);
    expect(dashboard.headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    );
  } finally {
    await server.stop();
  }
});

test('a body larger than an upload may be is refused, also when it is sent in chunks', async ({
  baseURL,
}) => {
  const chunk = new Uint8Array(1024 * 1024).fill(97);
  let sent = 0;
  // No Content-Length: the body arrives chunked, so only the server's own count can stop it.
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= 12) return controller.close();
      sent += 1;
      controller.enqueue(chunk);
    },
  });
  const response = await fetch(`${baseURL}/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
    duplex: 'half',
  } as RequestInit);
  expect(response.status).toBe(413);
  expect(await response.text()).toBe('The request is too large.');
});
