/**
 * The public forms' route actions as the server runs them (issue: community, abuse protection):
 * the contact and quotation actions get a real database and the database rate limiter, and a
 * visitor's request as a browser would post it.
 */
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as contactAction } from '../../app/routes/contact';
import { action as quoteAction, loader as quoteLoader } from '../../app/routes/quote';
import type { Database } from '../../server/db/client';
import { contactMessages, quotationRequests } from '../../server/db/schema';
import { loadConfig } from '../../server/config';
import { appContext, type AppContext } from '../../server/http/app-context';
import { createLogger } from '../../server/logger';
import type { MailMessage } from '../../server/modules/mail';
import { databaseRateLimiter, type RateLimiter } from '../../server/modules/rate-limit';
import { insertProduct } from '../factories';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';

// Defaults only: FORM_RATE_LIMIT unset, as a shop runs out of the box.
const config = loadConfig({ AUTH_SECRET: 'integration-secret-integration-secret' });
let addressCount = 0;

/** What React Router hands an action: the app context of one request from one client. */
function requestContext(
  db: Database,
  overrides: Partial<AppContext> = {},
): { context: RouterContextProvider; mails: MailMessage[] } {
  const mails: MailMessage[] = [];
  addressCount += 1;
  const app = {
    db,
    config,
    logger: createLogger('silent'),
    requestId: 'test-request',
    cspNonce: '',
    actor: null,
    viewer: null,
    mailer: {
      send: async (mail: MailMessage) => void mails.push(mail),
      sendLater: (mail: MailMessage) => void mails.push(mail),
    },
    rateLimiter: databaseRateLimiter(db),
    // Each test posts from an address of its own, so counts never carry over between tests.
    clientAddress: `198.51.100.${addressCount}`,
    ...overrides,
  } as AppContext;
  return { context: new RouterContextProvider(new Map([[appContext, app]])), mails };
}

function formPost(path: string, fields: Record<string, string>): Request {
  return new Request(`http://shop.test${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
}

/** The body and status of an action's `data(...)` reply. */
function reply(result: unknown): { status: number; body: { status: string } } {
  const { data, init } = result as { data: { status: string }; init: ResponseInit | null };
  return { status: init?.status ?? 200, body: data };
}

type ContactArgs = Parameters<typeof contactAction>[0];
type QuoteArgs = Parameters<typeof quoteAction>[0];
type QuoteLoaderArgs = Parameters<typeof quoteLoader>[0];

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
      expect(answer, `attempt ${attempt}`).toMatchObject({ status: 200, body: { status: 'sent' } });
    }
    const sixth = await postContact(context, { ...message, subject: 'Attempt 6' });
    expect(sixth).toEqual({
      status: 429,
      body: {
        status: 'rate-limited',
        message: 'Too many requests, please try again in a minute.',
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
    const { context, mails } = requestContext(database.db);
    const before = await storedSubjects();
    const answer = await postContact(context, {
      ...message,
      subject: 'Robot offer',
      website: 'https://spam.example',
    });
    expect(answer).toMatchObject({ status: 200, body: { status: 'sent' } });
    expect(await storedSubjects()).toEqual(before);
    expect(mails).toEqual([]);
  });

  it('answers an unexpected failure with the generic error, not the error page', async () => {
    const failing: RateLimiter = {
      consume: () => Promise.reject(new Error('rate-limit store unreachable')),
      close: async () => {},
    };
    const { context } = requestContext(database.db, { rateLimiter: failing });
    expect(await postContact(context, message)).toEqual({
      status: 500,
      body: { status: 'unexpected' },
    });

    // issue 14 (finding 7): a body that is not a form is the sender's fault: a 400, not a 500.
    const unreadable = await contactAction({
      request: new Request('http://shop.test/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: 'not a form',
      }),
      params: {},
      context: requestContext(database.db).context,
    } as unknown as ContactArgs);
    expect(reply(unreadable)).toEqual({ status: 400, body: { status: 'unexpected' } });
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
      expect(robot).toMatchObject({ status: 200, body: { status: 'success' } });
      expect(await database.db.select().from(quotationRequests)).toEqual([]);

      // The same request from a person is stored.
      expect(await postQuote(product.id, request)).toMatchObject({
        status: 200,
        body: { status: 'success' },
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
});
