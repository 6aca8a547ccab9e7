/**
 * The public forms' route actions as the server runs them (issue: community, abuse protection):
 * the contact and quotation actions get a real database and the database rate limiter, and a
 * visitor's request as a browser would post it.
 */
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as contactAction } from '../../app/routes/contact';
import { action as newsletterAction } from '../../app/routes/newsletter';
import { action as unsubscribeAction } from '../../app/routes/newsletter.unsubscribe';
import { action as productAction, loader as productLoader } from '../../app/routes/product';
import { action as quoteAction, loader as quoteLoader } from '../../app/routes/quote';
import { action as wishlistAction } from '../../app/routes/wishlist';
import { UNEXPECTED_ERROR_MESSAGE, type Answer } from '../../core/community/answer';
import type { Database } from '../../server/db/client';
import {
  contactMessages,
  newsletterSubscriptions,
  quotationRequests,
  reviews,
  wishlistItems,
} from '../../server/db/schema';
import { loadConfig } from '../../server/config';
import { appContext, type AppContext } from '../../server/http/app-context';
import { createLogger } from '../../server/logger';
import { unsubscribeToken } from '../../server/modules/newsletter';
import { databaseRateLimiter, type RateLimiter } from '../../server/modules/rate-limit';
import { insertProduct, insertUser } from '../factories';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import { mailQueueFrom } from '../support/queued-mail';
import { mailOfNotice, shopAtDelivery } from '../../server/worker';
import { typedSettingsOf } from '../../server/modules/settings';

// Defaults only: FORM_RATE_LIMIT unset, as a shop runs out of the box.
const config = loadConfig({ AUTH_SECRET: 'integration-secret-integration-secret' });
let addressCount = 0;

/** What React Router hands an action: the app context of one request from one client. */
function requestContext(
  db: Database,
  overrides: Partial<AppContext> = {},
): { context: RouterContextProvider } {
  addressCount += 1;
  const app = {
    db,
    config,
    site: config.site,
    settings: typedSettingsOf(config.site),
    logger: createLogger('silent'),
    requestId: 'test-request',
    cspNonce: '',
    clock: () => new Date(),
    actor: null,
    viewer: null,
    rateLimiter: databaseRateLimiter(db),
    // Each test posts from an address of its own, so counts never carry over between tests.
    clientAddress: `198.51.100.${addressCount}`,
    ...overrides,
  } as AppContext;
  return { context: new RouterContextProvider(new Map([[appContext, app]])) };
}

function formPost(path: string, fields: Record<string, string>): Request {
  return new Request(`http://shop.test${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
}

/** The body and status of an action's `data(...)` reply. */
function reply(result: unknown): { status: number; body: Answer } {
  const { data, init } = result as { data: Answer; init: ResponseInit | null };
  return { status: init?.status ?? 200, body: data };
}

type ContactArgs = Parameters<typeof contactAction>[0];
type QuoteArgs = Parameters<typeof quoteAction>[0];
type QuoteLoaderArgs = Parameters<typeof quoteLoader>[0];
type ProductLoaderArgs = Parameters<typeof productLoader>[0];

const message = {
  name: 'Priya Nair',
  email: 'priya@example.com',
  subject: 'Diyas for a wedding',
  message: 'We need two hundred diyas by March.',
};

describe(`the public forms' actions on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  const postContact = async (context: RouterContextProvider, fields: Record<string, string>) =>
    reply(
      await contactAction({
        request: formPost('/contact', fields),
        params: {},
        context,
      } as unknown as ContactArgs),
    );

  const storedSubjects = async () =>
    (await database.db.select({ subject: contactMessages.subject }).from(contactMessages)).map(
      (row) => row.subject,
    );

  it('answers the 6th contact message in a minute from one client with 429 and stores it not', async () => {
    expect(config.formRateLimit).toBe(5);
    const { context } = requestContext(database.db);
    const before = await storedSubjects();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await postContact(context, { ...message, subject: `Attempt ${attempt}` });
      expect(answer, `attempt ${attempt}`).toMatchObject({
        status: 200,
        body: { status: 'ok', toast: { title: 'Message sent!' } },
      });
    }
    const sixth = await postContact(context, { ...message, subject: 'Attempt 6' });
    expect(sixth).toMatchObject({
      status: 429,
      body: {
        status: 'rate-limited',
        message: 'Too many requests, please try again in a minute.',
        toast: {
          title: 'Too many requests',
          description: 'Too many requests, please try again in a minute.',
        },
      },
    });
    const stored = await storedSubjects();
    expect(stored).not.toContain('Attempt 6');
    expect(stored.length - before.length).toBe(5);

    // Another client is not held back by this one's count.
    const other = requestContext(database.db).context;
    expect(await postContact(other, { ...message, subject: 'Other client' })).toMatchObject({
      status: 200,
    });
  });

  it('thanks a contact robot that fills the hidden field and stores nothing, mails nobody', async () => {
    const { context } = requestContext(database.db);
    const queue = await mailQueueFrom(database.db, config);
    const before = await storedSubjects();
    const answer = await postContact(context, {
      ...message,
      subject: 'Robot offer',
      website: 'https://spam.example',
    });
    expect(answer).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await storedSubjects()).toEqual(before);
    expect(await queue.mails()).toEqual([]);
  });

  it('answers an unexpected failure with the generic error, not the error page', async () => {
    const failing: RateLimiter = {
      consume: () => Promise.reject(new Error('rate-limit store unreachable')),
      peek: () => Promise.reject(new Error('rate-limit store unreachable')),
      close: async () => {},
    };
    const { context } = requestContext(database.db, { rateLimiter: failing });
    expect(await postContact(context, message)).toMatchObject({
      status: 500,
      body: { status: 'error', message: UNEXPECTED_ERROR_MESSAGE },
    });

    // docs/requirements.md §14: a body that is not a form is the sender's fault: a 400, not a 500.
    const unreadable = await contactAction({
      request: new Request('http://shop.test/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: 'not a form',
      }),
      params: {},
      context: requestContext(database.db).context,
    } as unknown as ContactArgs);
    expect(reply(unreadable)).toMatchObject({
      status: 400,
      body: { status: 'invalid', message: UNEXPECTED_ERROR_MESSAGE },
    });
  });

  describe('quotation requests', () => {
    const postQuote = async (productId: string, fields: Record<string, string>) =>
      reply(
        await quoteAction({
          request: formPost(`/quote/${productId}`, fields),
          params: { productId },
          context: requestContext(database.db).context,
        } as unknown as QuoteArgs),
      );
    const request = {
      quantity: '3',
      customerName: 'Meera Shah',
      customerMobile: '+91 98765 43210',
    };

    it('thanks a robot that fills the hidden field and stores nothing', async () => {
      const product = await insertProduct(database.db);
      const robot = await postQuote(product.id, { ...request, website: 'https://spam.example' });
      expect(robot).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await database.db.select().from(quotationRequests)).toEqual([]);

      // The same request from a person is stored.
      expect(await postQuote(product.id, request)).toMatchObject({
        status: 200,
        body: { status: 'ok', toast: { title: 'Request Submitted!' } },
      });
      expect(await database.db.select().from(quotationRequests)).toHaveLength(1);
    });

    it('shows "Product not found" (a 404) when the product cannot be read', async () => {
      const brokenDatabase = {
        select: () => {
          throw new Error('connection reset');
        },
      } as unknown as Database;
      await expect(
        quoteLoader({
          request: new Request('http://shop.test/quote/lotus-urli'),
          params: { productId: 'lotus-urli' },
          context: requestContext(brokenDatabase).context,
        } as unknown as QuoteLoaderArgs),
      ).rejects.toMatchObject({ init: { status: 404 } });
    });
  });

  describe('quotation answers (spec §8)', () => {
    const post = async (productId: string, fields: Record<string, string>) =>
      reply(
        await quoteAction({
          request: formPost(`/quote/${productId}`, fields),
          params: { productId },
          context: requestContext(database.db).context,
        } as unknown as QuoteArgs),
      );

    it("refuses a form with spec §8's toast and the field errors, storing nothing", async () => {
      const product = await insertProduct(database.db);
      const before = await database.db.select().from(quotationRequests);
      const missing = await post(product.id, { quantity: '2' });
      expect(missing).toMatchObject({
        status: 400,
        body: {
          status: 'invalid',
          toast: {
            title: 'Missing Information',
            description: 'Please fill in all required fields.',
          },
          result: { error: { customerName: ['Please fill in all required fields.'] } },
        },
      });
      const email = await post(product.id, {
        customerName: 'Meera',
        customerMobile: '+91 98765 43210',
        customerEmail: 'not-an-address',
      });
      expect(email.body.toast).toMatchObject({ title: 'Invalid Email' });
      const mobile = await post(product.id, { customerName: 'Meera', customerMobile: 'call me' });
      expect(mobile.body.toast).toMatchObject({
        title: 'Error',
        description: 'Failed to submit your request. Please try again.',
      });
      expect(await database.db.select().from(quotationRequests)).toEqual(before);
    });

    it('answers a product that is not for sale with a 404 and the failure text', async () => {
      const answer = await post('no-such-product', {
        customerName: 'Meera',
        customerMobile: '+91 98765 43210',
      });
      expect(answer).toMatchObject({
        status: 404,
        body: {
          status: 'not-found',
          toast: { description: 'Failed to submit your request. Please try again.' },
        },
      });
    });
  });

  describe('newsletter answers (spec §8)', () => {
    const post = async (fields: Record<string, string>) =>
      reply(
        await newsletterAction({
          request: formPost('/newsletter', fields),
          params: {},
          context: requestContext(database.db).context,
        } as unknown as Parameters<typeof newsletterAction>[0]),
      );

    it('thanks a new subscriber, then says "Already subscribed!", and refuses a bad address', async () => {
      const email = `reader-${Date.now()}@example.com`;
      expect(await post({ email, source: 'home' })).toMatchObject({
        status: 200,
        body: {
          status: 'ok',
          data: 'subscribed',
          toast: { title: 'Thank you for subscribing! 🎉' },
        },
      });
      expect(await post({ email: email.toUpperCase(), source: 'footer' })).toMatchObject({
        status: 200,
        body: { status: 'ok', data: 'already-subscribed', toast: { title: 'Already subscribed!' } },
      });
      expect(await post({ email: 'nope', source: 'footer' })).toMatchObject({
        status: 400,
        body: {
          status: 'invalid',
          toast: { title: 'Invalid email', description: 'Please enter a valid email address' },
        },
      });
      const rows = await database.db.select().from(newsletterSubscriptions);
      expect(rows.filter((row) => row.email === email)).toHaveLength(1);
    });

    it("unsubscribes the address of the welcome mail's link, and nobody for a forged one", async () => {
      const email = `leaver-${Date.now()}@example.com`;
      const queue = await mailQueueFrom(database.db, config);
      await post({ email, source: 'blog' });
      const welcome = (await queue.mails()).find((mail) => mail.to === email);
      const link = /<([^>]+)>/.exec(welcome?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
      expect(welcome?.html).toContain(`href="${link}"`);
      // A welcome queued before the notice carried its link (an older job) gets the same one.
      const olderJob = await mailOfNotice(
        database.db,
        { kind: 'newsletter-welcome', email },
        await shopAtDelivery(database.db, config),
        new Date(),
      );
      expect(olderJob?.headers?.['List-Unsubscribe']).toBe(`<${link}>`);
      const token = new URL(link).searchParams.get('token') ?? '';
      const unsubscribe = async (token: string) =>
        reply(
          await unsubscribeAction({
            request: formPost(`/newsletter/unsubscribe?token=${token}`, {
              'List-Unsubscribe': 'One-Click',
            }),
            params: {},
            context: requestContext(database.db).context,
          } as unknown as Parameters<typeof unsubscribeAction>[0]),
        );
      expect(await unsubscribe('forged.token')).toMatchObject({
        status: 200,
        body: { status: 'ok', data: 'invalid' },
      });
      const stillSubscribed = await database.db.select().from(newsletterSubscriptions);
      expect(stillSubscribed.find((row) => row.email === email)?.unsubscribedAt).toBeNull();
      expect(token).toBe(unsubscribeToken(config.authSecret, email));
      expect(await unsubscribe(token)).toMatchObject({
        status: 200,
        body: { status: 'ok', data: 'unsubscribed' },
      });
      const rows = await database.db.select().from(newsletterSubscriptions);
      expect(rows.find((row) => row.email === email)?.unsubscribedAt).toBeInstanceOf(Date);
    });
  });

  describe("the product page's forms", () => {
    const asCustomer = async () => {
      const user = await insertUser(database.db);
      return requestContext(database.db, { actor: { userId: user.id, roles: [] } }).context;
    };

    it("answers a customer's review with spec §8's toast, and a refused one with its field error", async () => {
      const product = await insertProduct(database.db);
      const context = await asCustomer();
      const post = async (fields: Record<string, string>) =>
        reply(
          await productAction({
            request: formPost(`/product/${product.id}`, fields),
            params: { id: product.id },
            context,
          } as unknown as Parameters<typeof productAction>[0]),
        );
      expect(await post({ intent: 'review', content: 'It glows.', rating: '5' })).toMatchObject({
        status: 200,
        body: {
          status: 'ok',
          intent: 'review',
          toast: { title: 'Review submitted', description: 'Thank you for your review!' },
        },
      });
      expect(await post({ intent: 'review', content: '   ' })).toMatchObject({
        status: 400,
        body: { status: 'invalid', result: { error: { content: ['Please write your review'] } } },
      });
      const stored = await database.db.select().from(reviews);
      expect(stored.filter((row) => row.productId === product.id)).toHaveLength(1);
    });

    it('toggles the wishlist with its toast, and sends a plain HTML post back to the product', async () => {
      const product = await insertProduct(database.db);
      const context = await asCustomer();
      const post = (fields: Record<string, string>) =>
        wishlistAction({
          request: formPost('/wishlist', fields),
          params: {},
          context,
        } as unknown as Parameters<typeof wishlistAction>[0]);
      expect(reply(await post({ productId: product.id }))).toMatchObject({
        status: 200,
        body: { status: 'ok', data: { inWishlist: true }, toast: { title: 'Added to wishlist' } },
      });
      const redirected = await post({ productId: product.id, document: '1' }).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(redirected).toBeInstanceOf(Response);
      expect((redirected as Response).status).toBe(302);
      expect((redirected as Response).headers.get('Location')).toBe(`/product/${product.id}`);
      const rows = await database.db.select().from(wishlistItems);
      expect(rows.filter((row) => row.productId === product.id)).toEqual([]);
    });

    it("tells a visitor to sign in to save to the wishlist (spec §6's words)", async () => {
      const product = await insertProduct(database.db);
      const body = `productId=${product.id}`;
      const answer = await wishlistAction({
        request: new Request('http://shop.test/wishlist', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'Content-Length': String(body.length),
          },
          body,
        }),
        params: {},
        context: requestContext(database.db).context,
      } as unknown as Parameters<typeof wishlistAction>[0]);
      expect(reply(answer)).toMatchObject({
        status: 401,
        body: {
          status: 'sign-in-required',
          toast: {
            title: 'Sign in required',
            description: 'Please sign in to save pieces to your wishlist',
          },
        },
      });
    });
  });

  describe('the product page streams what it can render without (docs/design.md §4a)', () => {
    const load = async (productId: string, overrides: Partial<AppContext> = {}) =>
      productLoader({
        request: new Request(`http://shop.test/product/${productId}`),
        params: { id: productId },
        context: requestContext(database.db, overrides).context,
      } as unknown as ProductLoaderArgs);

    it('awaits the product and streams the reviews, questions and related pieces', async () => {
      const product = await insertProduct(database.db);
      const page = await load(product.id);
      expect(page.product.id).toBe(product.id);
      expect(page.reviews).toBeInstanceOf(Promise);
      expect(page.questions).toBeInstanceOf(Promise);
      expect(page.related).toBeInstanceOf(Promise);
      expect(await page.reviews).toMatchObject({ reviews: [], summary: { count: 0 } });
      expect(await page.questions).toEqual([]);
      expect(Array.isArray(await page.related)).toBe(true);
    });

    it('a deferred read that fails resolves to nothing and is logged; the page still renders', async () => {
      const product = await insertProduct(database.db);
      const logged: unknown[] = [];
      const logger = createLogger('silent');
      // Every read after the product's two (the deferred ones) fails, as a lost connection would.
      let reads = 0;
      const failingReads = new Proxy(database.db, {
        get(target, property, receiver) {
          const value: unknown = Reflect.get(target, property, receiver);
          if (property !== 'select' || typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            reads += 1;
            if (reads > 2) throw new Error('connection reset');
            return (value as (...inner: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      const page = await productLoader({
        request: new Request(`http://shop.test/product/${product.id}`),
        params: { id: product.id },
        context: requestContext(failingReads, {
          logger: { ...logger, error: (...args: unknown[]) => void logged.push(args) } as never,
        }).context,
      } as unknown as ProductLoaderArgs);
      expect(page.product.id).toBe(product.id);
      expect([await page.reviews, await page.questions, await page.related]).toContain(null);
      expect(logged.length).toBeGreaterThan(0);
    });

    it('is a 404 when the product is not for sale', async () => {
      await expect(load('no-such-product')).rejects.toMatchObject({ init: { status: 404 } });
    });
  });
});
