import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  formContentType,
  isFormEncoding,
  readFormData,
  UNREADABLE_FORM_MESSAGE,
} from './form-content-type';

function appWithTheCheck() {
  const app = new Hono();
  app.use(formContentType());
  app.all('*', (c) => c.text('reached the route'));
  return app;
}

const post = (path: string, contentType: string | null, body: BodyInit | null = 'a=1') =>
  new Request(`http://shop.test${path}`, {
    method: 'POST',
    headers: contentType === null ? {} : { 'Content-Type': contentType },
    body,
  });

describe('a write to a page or resource route carries a form', () => {
  it('answers 415 to JSON, plain text, no type and multipart without its boundary', async () => {
    const app = appWithTheCheck();
    for (const path of ['/contact', '/quote/lotus-diya', '/newsletter', '/wishlist', '/x.data']) {
      for (const type of [
        'application/json',
        'text/plain',
        'text/plain;charset=UTF-8',
        null,
        '',
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'application/x-www-form-urlencoded-evil',
      ]) {
        const response = await app.request(post(path, type));
        expect(response.status, `${path} ${type}`).toBe(415);
        expect(response.headers.get('Accept-Post')).toContain('multipart/form-data');
      }
    }
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await app.request(
        new Request('http://shop.test/contact', { method, body: '{}' }),
      );
      expect(response.status, method).toBe(415);
    }
  });

  it('lets forms through, reads and the /api/ routes alike', async () => {
    const app = appWithTheCheck();
    const form = new FormData();
    form.set('name', 'Asha');
    const passing = [
      post('/contact', 'application/x-www-form-urlencoded'),
      post('/contact', 'Application/X-WWW-Form-Urlencoded; charset=UTF-8'),
      post('/contact', null, form),
      post('/api/auth/sign-up/email', 'application/json', '{}'),
      new Request('http://shop.test/shop?page=2'),
      new Request('http://shop.test/contact', { method: 'HEAD' }),
    ];
    for (const request of passing) {
      const response = await app.request(request);
      expect(response.status, `${request.method} ${request.url}`).toBe(200);
    }
  });

  it('knows a form encoding by its media type and, for multipart, its boundary', () => {
    expect(isFormEncoding('multipart/form-data; boundary=----x')).toBe(true);
    expect(isFormEncoding('multipart/form-data;charset=utf-8')).toBe(false);
    expect(isFormEncoding(undefined)).toBe(false);
  });

  it('answers a multipart body with broken parts with a 400 Response, not an error', async () => {
    const broken = post('/contact', 'multipart/form-data; boundary=hostile', 'no parts here');
    const thrown = await readFormData(broken).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
    expect(await (thrown as Response).text()).toBe(UNREADABLE_FORM_MESSAGE);
  });
});
