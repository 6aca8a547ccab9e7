import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { isInsideShop, shopOnlyRedirects } from './shop-only-redirects';

const SHOP = 'https://shop.example';

describe('which redirect targets stay in the shop', () => {
  it.each([
    '/',
    '/dashboard?tab=orders',
    '/auth/reset-password?token=abc',
    'https://shop.example/auth?error=INVALID_TOKEN',
    '?page=2',
  ])('%s stays', (target) => {
    expect(isInsideShop(target, SHOP)).toBe(true);
  });

  it.each([
    '//evil.example',
    '//evil.example?error=INVALID_TOKEN',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' //evil.example',
    'https://evil.example/',
    'http://shop.example/',
    'https://shop.example.evil.example/',
    // Against an https shop, `https:evil.example` is a relative path; another scheme is not.
    'http:evil.example',
    'javascript:alert(1)',
    'http://[::1',
  ])('%s leaves', (target) => {
    expect(isInsideShop(target, SHOP)).toBe(false);
  });
});

describe('the redirect guard in front of the routes', () => {
  function appAnswering(answer: () => Response) {
    const refused: string[] = [];
    const app = new Hono();
    app.use(shopOnlyRedirects(SHOP, (header, target) => refused.push(`${header} ${target}`)));
    app.get('*', () => answer());
    return { app, refused };
  }

  it('sends a redirect out of the shop home instead, and reports it', async () => {
    const { app, refused } = appAnswering(
      () => new Response(null, { status: 302, headers: { Location: '//evil.example?x=1' } }),
    );
    const response = await app.request('/api/auth/verify-email');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect(refused).toEqual(['Location //evil.example?x=1']);
  });

  it("lets WhatsApp's click-to-chat through, and nothing that only looks like it", async () => {
    const chat = 'https://wa.me/919829044444?text=Hello%20https%3A%2F%2Fshop.example%2Fquotes';
    const allowed = appAnswering(
      () => new Response(null, { status: 302, headers: { Location: chat } }),
    );
    expect(
      (await allowed.app.request('/admin/quotations/x/whatsapp')).headers.get('location'),
    ).toBe(chat);
    for (const lookalike of [
      'https://wa.me.evil.example/919829044444',
      'http://wa.me/919829044444',
      'https://wa.me/evil',
      'https://user@wa.me/9198290/../x',
    ]) {
      const refused = appAnswering(
        () => new Response(null, { status: 302, headers: { Location: lookalike } }),
      );
      expect((await refused.app.request('/')).headers.get('location')).toBe('/');
    }
  });

  it('also when the answer is immutable (Response.redirect) or a data redirect', async () => {
    const immutable = appAnswering(() => Response.redirect('https://evil.example/', 302));
    expect((await immutable.app.request('/')).headers.get('location')).toBe('/');
    const data = appAnswering(
      () => new Response(null, { status: 202, headers: { 'X-Remix-Redirect': '//evil.example' } }),
    );
    expect((await data.app.request('/auth.data')).headers.get('x-remix-redirect')).toBe('/');
  });

  it('leaves redirects inside the shop alone', async () => {
    const { app, refused } = appAnswering(
      () =>
        new Response(null, {
          status: 302,
          headers: { Location: '/auth/reset-password?token=abc', 'Set-Cookie': 'a=b' },
        }),
    );
    const response = await app.request('/api/auth/reset-password/abc');
    expect(response.headers.get('location')).toBe('/auth/reset-password?token=abc');
    expect(response.headers.get('set-cookie')).toBe('a=b');
    expect(refused).toEqual([]);
  });
});
