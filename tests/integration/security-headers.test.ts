/**
 * docs/decisions/012's hardened headers, one assertion each: an enforced nonce-based CSP, HSTS
 * only over https, nosniff, a Referrer-Policy, a Permissions-Policy with the microphone for the
 * shop only (voice search), session cookies that only travel over https when the shop is served
 * over https, and a body past the largest upload refused (docs/requirements.md §14). Each is an
 * answer's header, cookie or status, so the whole app answers here in process, on PGlite and on
 * PostgreSQL; a proxy in front is its headers, and another PUBLIC_URL or TRUST_PROXY another app
 * on the same database. Pages raising no violation under the policy is a browser's business
 * (tests/e2e/security-headers.spec.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../support/database';
import { PASSWORD, SHOP_URL, startShopApp, uniqueEmail, type ShopApp } from '../support/http-app';

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

describe(`the security headers on ${testDatabaseKind}`, () => {
  let shop: ShopApp;
  beforeAll(async () => {
    shop = await startShopApp();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('the Content-Security-Policy is enforced, with a fresh script nonce on every response', async () => {
    const request = shop.client();
    const first = await request.get('/');
    const second = await request.get('/shop');
    const nonces: string[] = [];
    for (const response of [first, second]) {
      const { headers } = response;
      // Enforced, not only reported.
      expect(headers.get('content-security-policy-report-only')).toBeNull();
      const directives = directivesOf(headers.get('content-security-policy') ?? '');
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
      // docs/requirements.md §14 (decision 012): style elements by the same nonce; 'unsafe-inline'
      // only for style attributes; images and media from the shop and the shared-drive
      // thumbnails, not any https.
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

  it('pages say nosniff, a referrer policy and a permissions policy with the microphone for self only', async () => {
    const request = shop.client();
    for (const route of ['/', '/product/boat-ganesh', '/auth', '/healthz']) {
      const { headers } = await request.get(route);
      expect(headers.get('x-content-type-options'), route).toBe('nosniff');
      expect(headers.get('referrer-policy'), route).toBe('strict-origin-when-cross-origin');
      const permissions = (headers.get('permissions-policy') ?? '').split(/,\s*/);
      // Voice search (spec §5) needs the microphone on the shop's own pages, and nowhere else.
      expect(permissions, route).toContain('microphone=(self)');
      expect(permissions, route).toContain('camera=()');
      expect(permissions, route).toContain('geolocation=()');
    }
  });

  it('over plain http there is no HSTS, and a forwarded https counts only behind a trusted proxy', async () => {
    // The shop's own app does not trust a proxy: a client cannot ask for HSTS by a header.
    const attempts: Record<string, string>[] = [{}, { 'X-Forwarded-Proto': 'https' }];
    for (const headers of attempts) {
      const response = await shop.client().get('/', { headers });
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }

    const proxied = await shop.appWith({ TRUST_PROXY: 'true' });
    const direct = await proxied.request(`${SHOP_URL}/`);
    expect(direct.headers.get('strict-transport-security')).toBeNull();
    const forwarded = await proxied.request(`${SHOP_URL}/`, {
      headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(forwarded.status).toBe(200);
    expect(forwarded.headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    );
  });

  it('under an https PUBLIC_URL the session cookie is __Secure- prefixed, Secure and httpOnly, and signs the user in', async () => {
    // Over http the cookie has no prefix: a browser would drop a Secure cookie on http.
    // A sign-up does not sign in (docs/requirements.md §15): the session comes from the sign-in
    // after it.
    const request = shop.client();
    const plainEmail = uniqueEmail('plain-cookie');
    const plainSignUp = await request.post('/api/auth/sign-up/email', {
      data: { email: plainEmail, password: PASSWORD, name: 'Plain Cookie' },
    });
    expect(plainSignUp.status).toBe(200);
    const plain = await request.post('/api/auth/sign-in/email', {
      data: { email: plainEmail, password: PASSWORD },
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.getSetCookie()[0]).toMatch(/^storefront\.session_token=/);

    const publicUrl = 'https://shop.example';
    const server = await shop.appWith({ PUBLIC_URL: publicUrl, TRUST_PROXY: 'true' });
    // Where the TLS-ending proxy reaches the shop, over plain http.
    const behindProxy = 'http://127.0.0.1:3000';
    // As the TLS-ending proxy would forward it.
    const proxyHeaders = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.10' };
    const email = uniqueEmail('secure-cookie');
    const signUp = await server.request(`${behindProxy}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { ...proxyHeaders, 'Content-Type': 'application/json', Origin: publicUrl },
      body: JSON.stringify({ email, password: PASSWORD, name: 'Secure Cookie' }),
    });
    expect(signUp.status).toBe(200);
    const signIn = await server.request(`${behindProxy}/api/auth/sign-in/email`, {
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
    const dashboard = await server.request(`${behindProxy}/dashboard`, {
      headers: { ...proxyHeaders, Cookie: cookieHeader },
    });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain(email);
    expect(dashboard.headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    );
  });

  it('a body larger than an upload may be is refused, also when it is sent in chunks', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(97);
    let sent = 0;
    // No Content-Length: the body arrives as a stream, so only the server's own count can stop it.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 12) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await shop.app.request(`${SHOP_URL}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.text()).toBe('The request is too large.');
  });
});
