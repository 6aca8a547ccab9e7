/**
 * docs/requirements.md §14, as a class: every action for signed-in users or admins knows who asks before
 * it reads the body. Each request here carries a body that records whether anything read it; a
 * refused actor must be answered with the body left unread (no parsing, decoding, storing or
 * mailing can have happened). Run in-process, as the server runs the actions.
 */
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { action as adminAction } from '../../app/routes/admin';
import { action as mediaImportAction } from '../../app/routes/admin.media-import';
import { action as quotationAction } from '../../app/routes/admin.quotations';
import { action as consoleAction } from '../../app/routes/admin.product-media';
import { action as dashboardAction } from '../../app/routes/dashboard';
import { action as securityAction } from '../../app/routes/dashboard.security';
import { action as productAction } from '../../app/routes/product';
import { action as wishlistAction } from '../../app/routes/wishlist';
import { loadConfig } from '../../server/config';
import { appContext, type AppContext } from '../../server/http/app-context';
import { VISITOR_BODY_LIMIT } from '../../server/http/visitor-body';
import { createLogger } from '../../server/logger';
import type { Actor } from '../../server/modules/actor';
import { typedSettingsOf } from '../../server/modules/settings';

const config = loadConfig({ AUTH_SECRET: 'integration-secret-integration-secret' });
const customer: Actor = { userId: 'customer-a', roles: [] };

/** Counts a page's post by address, and nothing else (a form's own limit is work). */
const countingOnly = {
  consume: async ({ key }: { key: string }) => {
    if (!key.startsWith('page-post:')) throw new Error(`the action counted ${key} before refusing`);
    return { allowed: true, retryAfterSeconds: 0 };
  },
};

/** Anything that would do work for the request fails the test loudly. */
function refusingContext(
  actor: Actor,
  options: { countsPosts?: boolean } = {},
): RouterContextProvider {
  const untouchable = new Proxy(
    {},
    {
      get(_target, property) {
        throw new Error(`the action used ${String(property)} before refusing`);
      },
    },
  );
  const app = {
    db: untouchable,
    config,
    site: config.site,
    settings: typedSettingsOf(config.site),
    logger: createLogger('silent'),
    requestId: 'authorisation-order',
    cspNonce: '',
    clock: () => new Date(),
    actor,
    viewer: null,
    auth: untouchable,
    sms: untouchable,
    mediaStorage: untouchable,
    // docs/requirements.md §14: a post read for a visitor is counted per address before it is read.
    rateLimiter: options.countsPosts ? countingOnly : untouchable,
    clientAddress: '198.51.100.201',
  } as unknown as AppContext;
  return new RouterContextProvider(new Map([[appContext, app]]));
}

/** A post whose body notes the first time anything reads it. */
function watchedPost(
  body: string,
  headers: Record<string, string> = {},
): { request: Request; wasRead: () => boolean } {
  let read = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        read = true;
        controller.enqueue(new TextEncoder().encode(body));
        controller.close();
      },
    },
    // Nothing is buffered ahead: `pull` runs only when a reader asks.
    { highWaterMark: 0 },
  );
  const request = new Request('http://shop.test/form', {
    method: 'POST',
    body: stream,
    duplex: 'half',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  } as RequestInit);
  return { request, wasRead: () => read };
}

/** Status and body of what an action returned or threw (`data(...)` or a Response). */
async function settle(run: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    return { status: outcome.status, body: await outcome.text() };
  }
  const { data, init } = outcome as { data: unknown; init?: ResponseInit };
  return { status: init?.status ?? 200, body: data };
}

type Call = (request: Request, context: RouterContextProvider) => Promise<unknown>;

const adminOnly: [string, Call, string][] = [
  [
    'POST /admin/product-media add-media (an image upload)',
    (request, context) => consoleAction({ request, params: {}, context } as never),
    'intent=add-media&productId=lotus-urli&altText=x',
  ],
  [
    'POST /admin/product-media/import (a CSV file)',
    (request, context) => mediaImportAction({ request, params: {}, context } as never),
    'file=x',
  ],
  [
    'POST /admin create-order',
    (request, context) => adminAction({ request, params: {}, context } as never),
    'intent=create-order&quotationId=x',
  ],
  // docs/requirements.md §18 "Merge Requests": the owner's alone; nothing is read, merged or mailed for anyone else.
  [
    'POST /admin/quotations/{id} merge-requests',
    (request, context) =>
      quotationAction({
        request,
        params: { id: '5f0c2a9e-8d41-4b7a-9e36-2c1f7d8a4b10' },
        context,
      } as never),
    'intent=merge-requests&mergeIds=6a1d3b0f-9e52-4c8b-8f47-3d2e8e9b5c21',
  ],
];

const signedInOnly: [string, Call, string][] = [
  [
    'POST /dashboard add-address',
    (request, context) => dashboardAction({ request, params: {}, context } as never),
    'intent=add-address&streetAddress=x',
  ],
  [
    'POST /product/{id} review',
    (request, context) =>
      productAction({ request, params: { id: 'lotus-urli' }, context } as never),
    'intent=review&title=x&content=y&rating=5',
  ],
  [
    'POST /wishlist',
    (request, context) => wishlistAction({ request, params: {}, context } as never),
    'productId=lotus-urli',
  ],
  // docs/requirements.md §21: the price-drop setting is the signed-in customer's own
  [
    'POST /dashboard price-drop-alerts',
    (request, context) => dashboardAction({ request, params: {}, context } as never),
    'intent=price-drop-alerts&priceDropAlerts=on',
  ],
];

describe('work before authorisation', () => {
  for (const [name, call, body] of adminOnly) {
    it(`${name}: a visitor gets 401 and a customer 403, the body unread`, async () => {
      for (const [actor, status, message] of [
        [null, 401, 'Please sign in to continue.'],
        [customer, 403, 'You do not have administrator privileges.'],
      ] as const) {
        const post = watchedPost(body);
        const answer = await settle(() => call(post.request, refusingContext(actor)));
        expect(answer.status, `${name} as ${actor ? 'a customer' : 'a visitor'}`).toBe(status);
        expect(JSON.stringify(answer.body)).toContain(message);
        expect(post.wasRead(), `${name} read the body of a refused request`).toBe(false);
      }
    });
  }

  for (const [name, call, body] of signedInOnly) {
    it(`${name}: a visitor with a body of no declared length, or a large one, gets 401, the body unread`, async () => {
      const undeclaredOrLarge: Record<string, string>[] = [
        {},
        { 'Content-Length': String(VISITOR_BODY_LIMIT + 1) },
      ];
      for (const headers of undeclaredOrLarge) {
        const post = watchedPost(body, headers);
        const answer = await settle(() => call(post.request, refusingContext(null)));
        expect(answer.status, name).toBe(401);
        expect(post.wasRead(), `${name} read the body of a visitor`).toBe(false);
      }
    });
  }

  it('POST /dashboard/security: a visitor is sent to sign in, the body unread', async () => {
    const post = watchedPost('intent=change-password&currentPassword=x&password=y');
    const answer = await settle(() =>
      securityAction({
        request: post.request,
        params: {},
        context: refusingContext(null),
      } as never),
    );
    expect(answer.status).toBe(302);
    expect(post.wasRead(), 'the security page read the body of a visitor').toBe(false);
  });

  it("reads a visitor's small community form to name it in the sign-in answer", async () => {
    const body = 'intent=question&question=Is%20it%20heavy%3F';
    const post = watchedPost(body, { 'Content-Length': String(body.length) });
    const answer = await settle(() =>
      productAction({
        request: post.request,
        params: { id: 'lotus-urli' },
        context: refusingContext(null, { countsPosts: true }),
      } as never),
    );
    // spec §6: the sign-in toast of the form that was sent; nothing else was looked at (the form's
    // own rate limit and the database would have thrown).
    expect(answer).toMatchObject({
      status: 401,
      body: {
        status: 'sign-in-required',
        intent: 'question',
        toast: { title: 'Sign in required', description: 'Please sign in to ask a question' },
      },
    });
  });

  it("sends a visitor's small wishlist form to sign in and back to the product", async () => {
    const body = 'productId=lotus-urli&document=1';
    const post = watchedPost(body, { 'Content-Length': String(body.length) });
    const answer = await settle(() =>
      wishlistAction({
        request: post.request,
        params: {},
        context: refusingContext(null, { countsPosts: true }),
      } as never),
    );
    expect(answer.status).toBe(302);
  });
});
