/**
 * docs/requirements.md §14: every API operation that takes a JSON body bounds it before parsing
 * it: larger than 256 KB is a 413 problem, nested deeper than 8 levels a 400 problem, an array
 * longer than its schema allows a 422 problem with the schema's message, and nothing changes. Each operation is called as its
 * allowed caller with the case's own path and fixture, its body replaced.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { JSON_BODY_MAX_BYTES, JSON_DEPTH_MAX } from '../../../core/forms/json-bounds';
import { QUOTE_LIST_MAX_PIECES } from '../../../core/quotes/quote-list';
import { quoteListProblems } from '../../../core/quotes/quote-list-problems';
import type { Caller } from '../../support/api-harness';
import { startApiHarness, type ApiHarness } from '../../support/api-harness';
import { testDatabaseKind } from '../../support/database';
import { apiCases } from './cases';
import type { ApiCase, World } from './cases/types';
import { makeWorld } from './world';

function allowedCaller(world: World, apiCase: ApiCase): Caller {
  if (apiCase.access.kind === 'public') return world.api.visitor;
  return apiCase.access.kind === 'owner' ? world.ownerKey : world.customerA;
}

function isJson(init: RequestInit): boolean {
  const headers = new Headers(init.headers);
  return (headers.get('content-type') ?? '').includes('json');
}

/** The case's call with its JSON body replaced; `sent` tells whether it had one to replace. */
async function callWith(world: World, apiCase: ApiCase, body: string) {
  const fixture = await apiCase.setup?.(world);
  let sent = false;
  const changed: World = {
    ...world,
    api: {
      ...world.api,
      request: (path, init = {}) => {
        if (!isJson(init) || init.body === undefined) return world.api.request(path, init);
        sent = true;
        return world.api.request(path, { ...init, body });
      },
    },
  };
  const before = await apiCase.state?.(world, fixture);
  const started = performance.now();
  const response = await apiCase.call(changed, allowedCaller(world, apiCase), fixture);
  const elapsed = performance.now() - started;
  const after = await apiCase.state?.(world, fixture);
  return { response, sent, elapsed, before, after };
}

const withBody = apiCases.filter((apiCase) => !/^(GET|DELETE) /.test(apiCase.operation));
const deep = `{"a":${'['.repeat(JSON_DEPTH_MAX * 1000)}1${']'.repeat(JSON_DEPTH_MAX * 1000)}}`;
const oversize = JSON.stringify({ note: 'x'.repeat(JSON_BODY_MAX_BYTES) });

describe(`the API's JSON bodies are bounded before parsing on ${testDatabaseKind}`, () => {
  let api: ApiHarness;
  let world: World;
  beforeAll(async () => {
    api = await startApiHarness();
    world = await makeWorld(api);
  });
  afterAll(async () => {
    await api?.close();
  });

  it.each(withBody.map((apiCase) => [apiCase.operation, apiCase] as const))(
    '%s: too deep is 400, too large is 413, and nothing changes',
    async (_operation, apiCase) => {
      const tooDeep = await callWith(world, apiCase, deep);
      if (!tooDeep.sent) return; // not a JSON body (the media CSV)
      expect(tooDeep.response.status, await tooDeep.response.clone().text()).toBe(400);
      expect(tooDeep.response.headers.get('content-type')).toContain('application/problem+json');
      expect(await tooDeep.response.json()).toMatchObject({
        detail: `The JSON body can nest at most ${JSON_DEPTH_MAX} levels.`,
      });
      expect(tooDeep.after).toEqual(tooDeep.before);

      const tooLarge = await callWith(world, apiCase, oversize);
      expect(tooLarge.response.status).toBe(413);
      expect(await tooLarge.response.json()).toMatchObject({ status: 413 });
      expect(tooLarge.after).toEqual(tooLarge.before);
    },
  );

  it(`refuses a quotation request of ${QUOTE_LIST_MAX_PIECES + 1} lines before parsing it`, async () => {
    const lines = Array.from({ length: 300_000 }, () => ({ productId: 'x', quantity: 1 }));
    const response = await api.request('/api/v1/quotation-requests', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ customerName: 'Meera', customerMobile: '+91 94140 55555', lines }),
    });
    // Larger than the limit: refused by its size first.
    expect(response.status).toBe(413);
    const justOver = Array.from({ length: QUOTE_LIST_MAX_PIECES + 1 }, (_, index) => ({
      productId: `piece-${index}`,
      quantity: 1,
    }));
    const long = await api.request('/api/v1/quotation-requests', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        customerName: 'Meera',
        customerMobile: '+91 94140 55555',
        lines: justOver,
      }),
    });
    // 100,000 items within the size limit are refused at the 51st, unparsed.
    const zeros = await api.request('/api/v1/quotation-requests', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"customerName":"Meera","lines":[${Array.from({ length: 100_000 }, () => '0').join(',')}]}`,
    });
    expect(zeros.status).toBe(422);
    expect(await zeros.json()).toMatchObject({ errors: [{ pointer: '#/lines' }] });
    // A field error, as the schema itself answers it, but found on the text.
    expect(long.status).toBe(422);
    expect(await long.json()).toMatchObject({
      detail: quoteListProblems.full,
      errors: [{ pointer: '#/lines', detail: quoteListProblems.full }],
    });
  });

  it('bounds the identity endpoints the same way before Better Auth parses their JSON', async () => {
    const signIn = (body: string) =>
      api.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
    const tooDeep = await signIn(`{"email":"a@example.com","password":${deep}}`);
    expect(tooDeep.status).toBe(400);
    expect(await tooDeep.json()).toMatchObject({
      detail: `The JSON body can nest at most ${JSON_DEPTH_MAX} levels.`,
    });
    const tooLarge = await signIn(
      JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(JSON_BODY_MAX_BYTES) }),
    );
    expect(tooLarge.status).toBe(413);
    const longList = await signIn(
      `{"email":"a@example.com","password":[${Array.from({ length: 100_000 }, () => '0').join(',')}]}`,
    );
    expect(longList.status).toBe(400);
    // A body within its bounds reaches Better Auth as it was sent: a wrong password is its 401.
    const wrong = await signIn(
      JSON.stringify({ email: 'nobody@example.com', password: 'Wrong#Password1' }),
    );
    expect(wrong.status).toBe(401);
  });

  it('signs up a name sent with a lone surrogate as U+FFFD, never a 5xx', async () => {
    const signUp = await api.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Meera\ud835',
        email: 'lone-surrogate@example.com',
        password: 'Correct#Horse9battery',
      }),
    });
    expect(signUp.status).toBe(200);
    const [account] = await api.database.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.email, 'lone-surrogate@example.com'));
    expect(account?.name).toBe('Meera\uFFFD');
  });
});
