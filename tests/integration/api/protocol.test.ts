/**
 * docs/requirements.md §11: the API's manners: Idempotency-Key (sequential and concurrent retries make one row,
 * another body with the same key is refused), RFC 9457 problems with the spec's messages and the
 * field errors, CORS only for the listed origins, the rate limit per caller, and bad credentials.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, idempotencyKeys, quotationRequests } from '../../../server/db/schema';
import { insertProduct } from '../../factories';
import {
  CUSTOMER_PASSWORD,
  startApiHarness,
  type ApiHarness,
  type Caller,
} from '../../support/api-harness';
import { testDatabaseKind } from '../../support/database';
import { jsonBody } from './cases/types';

const CLIENT_ORIGIN = 'https://app.example';

describe(`the API's protocol on ${testDatabaseKind}`, () => {
  let api: ApiHarness;
  let productId: string;
  beforeAll(async () => {
    api = await startApiHarness({
      env: { API_CORS_ORIGINS: `${CLIENT_ORIGIN}, https://admin.example` },
    });
    productId = (await insertProduct(api.database.db, { name: 'Idempotent Urli' })).id;
  });
  afterAll(async () => {
    await api?.close();
  });

  /**
   * A guest's key is scoped by their quote list's cookie (docs/decisions/015-headless-api.md,
   * Idempotency): this guest holds one, as a browser that added a piece does.
   */
  let guest: Caller;
  beforeAll(async () => {
    const added = await api.request('/api/v1/quote-list/items', {
      method: 'POST',
      ...jsonBody({ productId }),
    });
    guest = { headers: { Cookie: added.headers.get('set-cookie')!.split(';')[0]! } };
  });

  const quotation = (notes: string, key?: string, caller: Caller = guest) =>
    api.request('/api/v1/quotation-requests', {
      method: 'POST',
      caller,
      ...jsonBody(
        {
          productId,
          quantity: 3,
          customerName: 'Kiran Retry',
          customerMobile: '+91 90000 00000',
          customizationNotes: notes,
        },
        key ? { 'Idempotency-Key': key } : {},
      ),
    });
  const requestsWithNotes = async (notes: string) =>
    (
      await api.database.db
        .select({ id: quotationRequests.id })
        .from(quotationRequests)
        .where(eq(quotationRequests.customizationNotes, notes))
    ).length;

  it('answers a retry with the same key and body with the first answer, and makes one request', async () => {
    const first = await quotation('retry once', 'key-retry-1');
    expect(first.status).toBe(201);
    const retry = await quotation('retry once', 'key-retry-1');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(await first.json());
    expect(await requestsWithNotes('retry once')).toBe(1);
    // Without a key, a repeat is a new request.
    await quotation('retry once');
    expect(await requestsWithNotes('retry once')).toBe(2);
  });

  it('makes one request when the same key arrives several times at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => quotation('sent five times at once', 'key-concurrent')),
    );
    expect(await requestsWithNotes('sent five times at once')).toBe(1);
    // Each answer is the first one, replayed, or "still being answered" (409) while it ran.
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(answers.filter((answer) => answer.status === 201).length).toBeGreaterThanOrEqual(1);
  });

  it('refuses the same key with another body (422) and creates nothing', async () => {
    expect((await quotation('first body', 'key-reused')).status).toBe(201);
    const other = await quotation('second body', 'key-reused');
    expect(other.status).toBe(422);
    expect(((await other.json()) as { detail: string }).detail).toBe(
      'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
    );
    expect(await requestsWithNotes('second body')).toBe(0);
  });

  it('never answers one guest with another’s answer: a guest’s key is theirs by their quote list, not their address', async () => {
    // Two guests behind one address (an office, a carrier's NAT) send the same key and body.
    const other = await api.request('/api/v1/quote-list/items', {
      method: 'POST',
      ...jsonBody({ productId }),
    });
    const neighbour: Caller = {
      headers: { Cookie: other.headers.get('set-cookie')!.split(';')[0]! },
    };
    const first = await quotation('the same words', 'key-shared', guest);
    const second = await quotation('the same words', 'key-shared', neighbour);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    const [mine, theirs] = (await Promise.all([first.json(), second.json()])) as {
      reference: string;
      link: string;
    }[];
    expect(theirs!.reference).not.toBe(mine!.reference);
    expect(theirs!.link).not.toBe(mine!.link);
    expect(await requestsWithNotes('the same words')).toBe(2);
    // Each one's own retry is still answered with their own first answer.
    const retry = await quotation('the same words', 'key-shared', neighbour);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retry.json()) as { reference: string }).reference).toBe(theirs!.reference);
    expect(await requestsWithNotes('the same words')).toBe(2);
  });

  it('takes no key from a guest without a quote list: each create is its own, never another’s answer', async () => {
    const first = await quotation('no list of their own', 'key-listless', api.visitor);
    const second = await quotation('no list of their own', 'key-listless', api.visitor);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    const [one, two] = (await Promise.all([first.json(), second.json()])) as { link: string }[];
    expect(two!.link).not.toBe(one!.link);
    expect(await requestsWithNotes('no list of their own')).toBe(2);
    const contact = () =>
      api.request('/api/v1/contact-messages', {
        method: 'POST',
        ...jsonBody(
          { name: 'Listless', email: 'listless@example.com', subject: 'No list', message: 'Hi' },
          { 'Idempotency-Key': 'key-listless' },
        ),
      });
    expect((await contact()).status).toBe(201);
    const again = await contact();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });

  it('forgets a key after 24 hours', async () => {
    let now = new Date('2026-11-24T10:00:00Z');
    const later = await startApiHarness({ clock: () => now });
    try {
      const listed = await later.request('/api/v1/quote-list/items', {
        method: 'POST',
        ...jsonBody({
          productId: (await insertProduct(later.database.db, { name: 'Day Urli' })).id,
        }),
      });
      const cookie = listed.headers.get('set-cookie')!.split(';')[0]!;
      const send = () =>
        later.request('/api/v1/contact-messages', {
          method: 'POST',
          ...jsonBody(
            { name: 'Day Old', email: 'day@example.com', subject: 'Kept a day', message: 'Hello' },
            { 'Idempotency-Key': 'key-a-day', Cookie: cookie },
          ),
        });
      await send();
      now = new Date('2026-11-25T09:59:00Z');
      expect((await send()).headers.get('idempotent-replayed')).toBe('true');
      now = new Date('2026-11-25T10:00:01Z');
      expect((await send()).headers.get('idempotent-replayed')).toBeNull();
      const stored = await later.database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.subject, 'Kept a day'));
      expect(stored).toHaveLength(2);
      expect(await later.database.db.select().from(idempotencyKeys)).toHaveLength(1);
    } finally {
      await later.close();
    }
  });

  it('refuses a bad body with a problem: the spec’s message in detail, every field in errors', async () => {
    const response = await api.request('/api/v1/quotation-requests', {
      method: 'POST',
      ...jsonBody({
        productId,
        quantity: 1,
        customerName: '',
        customerMobile: '12',
        customerEmail: 'nope',
      }),
    });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = (await response.json()) as {
      type: string;
      status: number;
      detail: string;
      errors: { pointer: string; detail: string }[];
    };
    expect(problem).toMatchObject({ type: 'about:blank', status: 422 });
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { pointer: '#/customerName', detail: 'Please fill in all required fields.' },
        { pointer: '#/customerEmail', detail: 'Please enter a valid email address' },
      ]),
    );
    const missing = await api.request('/api/v1/products/no-such-piece');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { detail: string }).detail).toBe('Product not found');
  });

  it('lets only the listed origins call from a browser', async () => {
    const preflight = (origin: string) =>
      api.request('/api/v1/products', {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      });
    expect((await preflight(CLIENT_ORIGIN)).headers.get('access-control-allow-origin')).toBe(
      CLIENT_ORIGIN,
    );
    expect(
      (await preflight('https://evil.example')).headers.get('access-control-allow-origin'),
    ).toBeNull();
    const read = await api.request('/api/v1/categories', { headers: { Origin: CLIENT_ORIGIN } });
    expect(read.headers.get('access-control-allow-origin')).toBe(CLIENT_ORIGIN);
  });

  it('takes the shop’s own session cookie, and refuses its writes from another site (403)', async () => {
    const { sessionCookie } = await api.customer('Cookie Customer');
    const me = await api.request('/api/v1/me', { headers: { Cookie: sessionCookie! } });
    expect(me.status).toBe(200);
    const write = (origin: string) =>
      api.request('/api/v1/me', {
        method: 'PATCH',
        ...jsonBody({ phone: '+91 90000 11111' }, { Cookie: sessionCookie!, Origin: origin }),
      });
    const foreign = await write('https://evil.example');
    expect(foreign.status).toBe(403);
    expect(
      (await (
        await api.request('/api/v1/me', { headers: { Cookie: sessionCookie! } })
      ).json()) as object,
    ).not.toMatchObject({ phone: '+91 90000 11111' });
    expect((await write('http://shop.test')).status).toBe(200);
  });

  it('lets a cache keep an anonymous catalogue read a minute, and never a caller’s own answer', async () => {
    expect((await api.request('/api/v1/categories')).headers.get('cache-control')).toBe(
      'public, max-age=60',
    );
    const customer = await api.customer('Cached Customer');
    for (const path of ['/api/v1/me', '/api/v1/me/orders', '/api/v1/categories']) {
      const answer = await api.request(path, { caller: customer });
      expect(answer.headers.get('cache-control'), path).toBe('private, no-store');
    }
  });

  // docs/requirements.md §11: inside /api/ every answer is a problem, the 404 and the 405 included.
  it('answers an unknown path with a problem 404, and a known path with another method with 405 and Allow', async () => {
    const answers = [
      ['GET', '/api/v1/no-such-operation', 404, null],
      ['GET', '/api/v1', 404, null],
      ['GET', '/api/v2/products', 404, null],
      ['POST', '/api/elsewhere', 404, null],
      ['GET', '/api/auth/no-such-endpoint', 404, null],
      ['DELETE', '/api/v1/products', 405, 'GET'],
      ['PUT', '/api/v1/quotation-requests', 405, 'POST'],
      ['PATCH', `/api/v1/products/${productId}`, 405, 'GET'],
    ] as const;
    for (const [method, path, status, allow] of answers) {
      const answer = await api.request(path, { method, unchecked: true });
      expect([method, path, answer.status]).toEqual([method, path, status]);
      expect(answer.headers.get('content-type')).toBe('application/problem+json');
      expect(answer.headers.get('allow')).toBe(allow);
      expect(await answer.json()).toMatchObject({ status, title: expect.any(String) });
    }
  });

  // docs/requirements.md §11: the bearer token is the session, for this endpoint too.
  it('changes the e-mail with a bearer token and the current password, and refuses a wrong one', async () => {
    const customer = await api.customer('Bearer Changer');
    const change = (currentPassword: string) =>
      api.request('/api/auth/change-email', {
        method: 'POST',
        caller: customer,
        ...jsonBody({ newEmail: `moved-${Date.now()}@example.com`, currentPassword }),
      });
    const wrong = await change('Not#ThePassword1');
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid password' });
    const right = await change(CUSTOMER_PASSWORD);
    expect(right.status).toBe(200);
  });

  it('refuses an unknown key or a malformed Authorization header with 401', async () => {
    for (const authorization of ['Bearer sk_shop_not-a-key', 'Bearer not-a-session', 'Basic abc']) {
      const response = await api.request('/api/v1/categories', {
        headers: { Authorization: authorization },
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { detail: string }).detail).toBe(
        'The API key or bearer token is not valid.',
      );
    }
  });

  it('counts requests per caller across the API and answers 429 with Retry-After past the limit', async () => {
    const limited = await startApiHarness({ env: { API_RATE_LIMIT: '3' } });
    try {
      const key = await limited.ownerKey(['orders:read']);
      for (let count = 0; count < 3; count += 1) {
        expect((await limited.request('/api/v1/categories', { caller: key })).status).toBe(200);
      }
      const over = await limited.request('/api/v1/categories', { caller: key });
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another caller has a count of its own.
      expect((await limited.request('/api/v1/categories')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
