/**
 * docs/requirements.md §14, two bounds on every page's post. A form field named with an index its schema does not allow
 * (`currency[1000000000]=USD`) is refused with 400 at once, before any form library builds an
 * array that long, and the server keeps answering meanwhile. The routes come from the route table
 * and their forms from each action's own intent table, so a new form route is covered unasked.
 * And every post is counted per client address before its body is read; the owner's own
 * back office is not.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import routes from '../../app/routes';
import { loadConfig } from '../../server/config';
import type * as AnswerModuleType from '../../server/http/answer';
import type { ActionPlan } from '../../server/http/answer';
import { createHttpApp } from '../../server/http/app';
import { appContext, type AppContext } from '../../server/http/app-context';
import { UNREADABLE_FORM_MESSAGE } from '../../server/http/form-content-type';
import { createLogger } from '../../server/logger';
import type { Actor } from '../../server/modules/actor';
import { createOwnerSetupLink } from '../../server/modules/identity/owner-setup-link';
import { createQuotationRequest } from '../../server/modules/quotations';
import type { RateLimiter } from '../../server/modules/rate-limit';
import { insertProduct } from '../factories';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import { typedSettingsOf } from '../../server/modules/settings';

type AnswerModule = typeof AnswerModuleType;

/** While `probing`, the answer pipeline only notes each action's plan (its forms' schemas). */
const probe = vi.hoisted(() => ({ probing: false, plans: [] as unknown[] }));
vi.mock('../../server/http/answer', async (importOriginal) => {
  const real = await importOriginal<AnswerModule>();
  return {
    ...real,
    answerAction: (...args: Parameters<typeof real.answerAction>) => {
      if (!probe.probing) return real.answerAction(...args);
      probe.plans.push(args[1]);
      return Promise.resolve(null);
    },
  };
});

const HUGE_INDEX = 1_000_000_000;
const ANSWER_WITHIN_MS = 50;
const SETUP_TOKEN = 'form-field-names-setup-token';
const config = loadConfig({ AUTH_SECRET: 'integration-secret-integration-secret' });
const unlimited: RateLimiter = {
  consume: async () => ({ allowed: true, retryAfterSeconds: 0 }),
  peek: async () => ({ count: 0, retryAfterSeconds: 0 }),
  close: async () => {},
};
/** Nothing past the refusal may sign anyone in, mail or send. */
const untouchable = new Proxy(
  {},
  {
    get(_target, property) {
      throw new Error(`the action used ${String(property)} before refusing`);
    },
  },
);

const ownerViewer = {
  id: 'owner-of-the-shop',
  name: 'Shop Owner',
  email: 'owner@example.com',
  emailVerified: true,
  twoFactorEnabled: false,
  isAdmin: true,
  sessionExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
};

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}

function flatten(entries: RouteEntry[]): RouteEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
}

type RouteAction = (args: {
  request: Request;
  params: Record<string, string>;
  context: RouterContextProvider;
}) => Promise<unknown>;

/** Every route of the table whose module has an action, with the action. */
const actionRoutes: { path: string; action: RouteAction }[] = [];
for (const entry of flatten(routes as RouteEntry[])) {
  if (entry.path === undefined) continue;
  const module = (await import(/* @vite-ignore */ `../../app/${entry.file}`)) as {
    action?: RouteAction;
  };
  if (module.action) actionRoutes.push({ path: entry.path, action: module.action });
}

function contextOf(
  db: unknown,
  actor: Actor,
  rateLimiter: RateLimiter = unlimited,
): RouterContextProvider {
  const app = {
    db,
    config,
    site: config.site,
    settings: typedSettingsOf(config.site),
    logger: createLogger('silent'),
    requestId: 'form-field-names',
    cspNonce: '',
    clock: () => new Date(),
    actor,
    viewer: actor ? ownerViewer : null,
    auth: untouchable,
    sms: untouchable,
    mediaStorage: untouchable,
    rateLimiter,
    clientAddress: '198.51.100.77',
    ownerSetup: createOwnerSetupLink({
      publicUrl: config.publicUrl,
      clock: () => new Date(),
      token: SETUP_TOKEN,
    }),
  } as unknown as AppContext;
  return new RouterContextProvider(new Map([[appContext, app]]));
}

/** Status and body of what an action returned or threw (`data(...)` or a Response). */
async function settle(run: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) return { status: outcome.status, body: await outcome.text() };
  const { data, init } = outcome as { data: unknown; init?: ResponseInit | null };
  return { status: init?.status ?? 200, body: data };
}

/** The forms an action answers: each intent's name and its schema's own field names. */
async function formsOf(route: { action: RouteAction }) {
  probe.probing = true;
  probe.plans.length = 0;
  try {
    await route
      .action({
        request: new Request('http://shop.test/probe', { method: 'POST' }),
        params: {},
        context: contextOf(untouchable, null),
      })
      .catch(() => undefined);
  } finally {
    probe.probing = false;
  }
  return (probe.plans as ActionPlan[]).flatMap((plan) =>
    Object.entries(plan.intents).flatMap(([intent, { schema }]) =>
      schema ? [{ intent, fields: Object.keys((schema as z.ZodObject).shape) }] : [],
    ),
  );
}

describe(`a field name past its form's shape on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let productId: string;
  let quote: { reference: string; key: string };
  let healthApp: ReturnType<typeof createHttpApp>;
  const owner: Actor = { userId: 'owner-of-the-shop', roles: ['admin'] };

  beforeAll(async () => {
    database = await createTestDatabase();
    productId = (await insertProduct(database.db, { name: 'Lotus Urli' })).id;
    const made = await createQuotationRequest(database.db, null, {
      productId,
      quantity: '2',
      customerName: 'Meera Shah',
      customerMobile: '+91 94140 55555',
    });
    quote = { reference: made.reference, key: made.accessKey };
    healthApp = createHttpApp({
      database,
      config: loadConfig({
        AUTH_SECRET: 'integration-secret-integration-secret',
        DATA_DIR: await mkdtemp(path.join(tmpdir(), 'form-field-names-')),
      }),
      logger: createLogger('silent'),
      build: () => Promise.reject(new Error('no page is rendered here')),
      mode: 'production',
      jobs: {
        health: () => Promise.resolve({ status: 'ok', waiting: 0, active: 0, failed: 0, held: 0 }),
      },
    });
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** The route's address and parameters, filled with what its guard admits. */
  function addressOf(routePath: string) {
    const params: Record<string, string> = {};
    const filled = routePath.replace(/:(\w+)/g, (_match, name: string) => {
      params[name] = name === 'reference' ? quote.reference : productId;
      return params[name]!;
    });
    const query = routePath.startsWith('quotes/')
      ? `?key=${quote.key}`
      : routePath === 'setup'
        ? `?token=${SETUP_TOKEN}`
        : '';
    return { url: `http://shop.test/${filled}${query}`, params };
  }

  it('finds the forms of the shop in the route table', async () => {
    const paths = [];
    for (const route of actionRoutes) {
      if ((await formsOf(route)).length > 0) paths.push(route.path);
    }
    // The routes are among them; any new form route joins the list by itself.
    expect(paths).toEqual(
      expect.arrayContaining([
        'currency',
        'auth',
        'auth/forgot-password',
        'auth/two-factor',
        'auth/reset-password',
        'contact',
        'newsletter',
        'quote/:productId',
        'quote-list',
        'quotes/:reference',
        'admin',
        'dashboard',
      ]),
    );
  });

  it.each(actionRoutes.map((route) => [route.path, route] as const))(
    'POST /%s with name[1000000000]=x is refused with 400 at once, and /healthz answers meanwhile',
    async (_path, route) => {
      const { url, params } = addressOf(route.path);
      for (const { intent, fields } of await formsOf(route)) {
        for (const field of fields) {
          const body = new URLSearchParams({ intent, [`${field}[${HUGE_INDEX}]`]: 'x' });
          const post = (actor: Actor) =>
            settle(() =>
              route.action({
                request: new Request(url, {
                  method: 'POST',
                  body,
                  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
                }),
                params,
                context: contextOf(database.db, actor),
              }),
            );
          // A form for signed-in users refuses a visitor before reading; its owner is asked.
          const first = await post(null);
          const actor = [302, 401, 403].includes(first.status) ? owner : null;
          // The quickest of five: a loaded test machine may pause once; a form that builds a
          // billion-slot array never answers within the limit (1e7 slots take 0.2 s).
          let quickest = Number.POSITIVE_INFINITY;
          for (let attempt = 0; attempt < 5 && quickest >= ANSWER_WITHIN_MS; attempt += 1) {
            const started = performance.now();
            const posting = post(actor).then((answer) => {
              quickest = Math.min(quickest, performance.now() - started);
              return answer;
            });
            // Asked while the post is in flight; it cannot answer while the event loop is held.
            const health = await healthApp.request('http://shop.test/healthz');
            const answer = await posting;
            expect(health.status, `/healthz while ${intent} ${field}`).toBe(200);
            expect({ intent, field, status: answer.status }).toEqual({
              intent,
              field,
              status: 400,
            });
            expect(answer.body).toMatchObject({ message: UNREADABLE_FORM_MESSAGE });
          }
          expect(quickest, `${intent} ${field} answered in ${quickest} ms`).toBeLessThan(
            ANSWER_WITHIN_MS,
          );
        }
      }
    },
  );
});

/** A limiter whose every page-post allowance is used up; it notes what it was asked. */
function pagePostsUsedUp() {
  const asked: string[] = [];
  const limiter: RateLimiter = {
    consume: async ({ key }) => {
      asked.push(key);
      return key.startsWith('page-post:')
        ? { allowed: false, retryAfterSeconds: 60 }
        : { allowed: true, retryAfterSeconds: 0 };
    },
    peek: async () => ({ count: 0, retryAfterSeconds: 0 }),
    close: async () => {},
  };
  return { limiter, asked };
}

/** A post whose body notes the first time anything reads it. */
function watchedPost(url: string): { request: Request; wasRead: () => boolean } {
  let read = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        read = true;
        controller.enqueue(new TextEncoder().encode('currency=USD'));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(url, {
    method: 'POST',
    body: stream,
    duplex: 'half',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': '12' },
  } as RequestInit);
  return { request, wasRead: () => read };
}

describe(`every page's post is limited per address before its body is read on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let quote: { reference: string; key: string };
  const customer: Actor = { userId: 'a-customer', roles: [] };
  const owner: Actor = { userId: 'owner-of-the-shop', roles: ['admin'] };

  beforeAll(async () => {
    database = await createTestDatabase();
    const productId = (await insertProduct(database.db, { name: 'Lotus Urli' })).id;
    const made = await createQuotationRequest(database.db, null, {
      productId,
      quantity: '2',
      customerName: 'Meera Shah',
      customerMobile: '+91 94140 55555',
    });
    quote = { reference: made.reference, key: made.accessKey };
  });
  afterAll(async () => {
    await database.destroy();
  });

  function addressOf(routePath: string) {
    const params: Record<string, string> = {};
    const filled = routePath.replace(/:(\w+)/g, (_match, name: string) => {
      params[name] = name === 'reference' ? quote.reference : 'lotus-urli';
      return params[name]!;
    });
    const query = routePath.startsWith('quotes/')
      ? `?key=${quote.key}`
      : routePath === 'setup'
        ? `?token=${SETUP_TOKEN}`
        : '';
    return { url: `http://shop.test/${filled}${query}`, params };
  }

  it.each(actionRoutes.map((route) => [route.path, route] as const))(
    'POST /%s past the limit is answered 429 with its body unread',
    async (routePath, route) => {
      if (!(await readsAForm(route))) return; // sign-out and the WhatsApp link read no body
      const { url, params } = addressOf(routePath);
      const { limiter } = pagePostsUsedUp();
      const post = watchedPost(url);
      const answer = await settle(() =>
        route.action({
          request: post.request,
          params,
          context: contextOf(database.db, routePath.startsWith('admin') ? null : customer, limiter),
        }),
      );
      expect(post.wasRead(), `POST /${routePath} read its body`).toBe(false);
      // The back office refuses anyone but its owner before counting; the rest count first.
      expect(answer.status).toBe(routePath.startsWith('admin') ? 401 : 429);
    },
  );

  it("does not count the owner's back-office posts", async () => {
    const admin = actionRoutes.find((route) => route.path === 'admin')!;
    const { limiter, asked } = pagePostsUsedUp();
    const answer = await settle(() =>
      admin.action({
        request: new Request('http://shop.test/admin', {
          method: 'POST',
          body: new URLSearchParams({ intent: 'no-such-intent' }),
        }),
        params: {},
        context: contextOf(database.db, owner, limiter),
      }),
    );
    expect(asked.filter((key) => key.startsWith('page-post:'))).toEqual([]);
    expect(answer.status).toBe(400);
  });
});

/** Whether the action goes through the answer pipeline at all (sign-out reads no body). */
async function readsAForm(route: { action: RouteAction }): Promise<boolean> {
  await formsOf(route);
  return probe.plans.length > 0;
}
