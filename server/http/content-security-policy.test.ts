import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, type ContentSecurityPolicyInput } from './content-security-policy';

/** The policy as a response carries it, directive by directive. */
async function policyHeader(input: ContentSecurityPolicyInput): Promise<Map<string, string[]>> {
  const app = new Hono();
  app.use(secureHeaders({ contentSecurityPolicy: contentSecurityPolicy(input) }));
  app.get('/', (c) => c.text('page'));
  const header = (await app.request('/')).headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

const NONCE_SOURCE = /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/;

describe('the Content-Security-Policy (decision 012)', () => {
  it("allows style elements by nonce only, and 'unsafe-inline' for style attributes alone", async () => {
    const policy = await policyHeader({ mode: 'production', mediaOrigins: [] });
    const scriptNonce = policy.get('script-src')?.find((source) => NONCE_SOURCE.test(source));
    expect(scriptNonce).toBeTruthy();
    for (const directive of ['style-src', 'style-src-elem']) {
      expect(policy.get(directive), directive).toEqual(["'self'", scriptNonce]);
    }
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    const withUnsafeInline = [...policy]
      .filter(([, sources]) => sources.includes("'unsafe-inline'"))
      .map(([name]) => name);
    expect(withUnsafeInline).toEqual(['style-src-attr']);
  });

  it('shows images from the shop, data/blob URLs and the shared-drive thumbnails, not every https host', async () => {
    const policy = await policyHeader({ mode: 'production', mediaOrigins: [] });
    expect(policy.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://drive.google.com',
      'https://*.googleusercontent.com',
    ]);
    expect(policy.get('media-src')).toEqual(["'self'"]);
    for (const directive of policy.values()) expect(directive).not.toContain('https:');
  });

  it("adds the bucket's public origin for images and media when images are stored in S3", async () => {
    const policy = await policyHeader({
      mode: 'production',
      mediaOrigins: ['https://cdn.shop.example'],
    });
    expect(policy.get('img-src')).toContain('https://cdn.shop.example');
    expect(policy.get('media-src')).toEqual(["'self'", 'https://cdn.shop.example']);
  });

  it("keeps the rest: no plugins, no base, no framing, forms to the shop only, Vite's socket in development", async () => {
    const production = await policyHeader({ mode: 'production', mediaOrigins: [] });
    expect(production.get('object-src')).toEqual(["'none'"]);
    expect(production.get('base-uri')).toEqual(["'none'"]);
    expect(production.get('frame-ancestors')).toEqual(["'none'"]);
    expect(production.get('form-action')).toEqual(["'self'", 'https://wa.me']);
    expect(production.get('connect-src')).toEqual(["'self'"]);
    const development = await policyHeader({ mode: 'development', mediaOrigins: [] });
    expect(development.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:']);
  });
});
