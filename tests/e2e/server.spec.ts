/**
 * The built server as a browser meets it: the page hydrates under the CSP, the built assets are
 * cached and compressed as build/client serves them (only `react-router build` makes them), and no
 * font or image comes from a CDN. /healthz and the pages' security headers are answers, tested in
 * process: tests/integration/server-answers.test.ts.
 */
import { expect, test } from './support/test';

test('every inline script carries the response nonce, and the page hydrates under the CSP', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce).toBeTruthy();
  const html = (await response?.text()) ?? '';
  // JSON-LD blocks are data, never run, so the policy does not apply to them.
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter(
    ([, attributes]) => !attributes?.includes('application/ld+json'),
  );
  expect(inlineScripts.length).toBeGreaterThan(0);
  for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
  // A client-side navigation proves the app hydrated with its scripts allowed.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'About Us' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('built assets are cached for a year and compressed', async ({ request }) => {
  // Read the server's HTML: the script that starts the page names the route modules it imports.
  const html = await (await request.get('/')).text();
  const assetPaths = [...new Set(html.match(/\/assets\/[\w-]+\.js/g) ?? [])];
  expect(assetPaths.length).toBeGreaterThan(1);
  let compressed = 0;
  for (const assetPath of assetPaths) {
    const response = await request.get(assetPath, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // Hono compresses what is over 1 KB; the smallest chunks (a route's stub) go as they are.
    if ((await response.body()).length >= 1024) {
      expect(response.headers()['content-encoding'], assetPath).toBe('gzip');
      compressed += 1;
    }
  }
  expect(compressed).toBeGreaterThan(0);
});

test('fonts and images are served by the shop itself, never a CDN', async ({ page }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:') {
      foreign.push(request.url());
    }
  });
  await page.goto('/product/banswara-cake-stand');
  await expect(page.getByRole('heading', { level: 1, name: 'Banswara Cake Stand' })).toBeVisible();
  expect(foreign).toEqual([]);
});
