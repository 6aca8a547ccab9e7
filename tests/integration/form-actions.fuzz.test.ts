/**
 * Issue 8: the form actions under random and hostile fields, run in-process as the server runs
 * them, on a real database. Every answer is a success or a 4xx with the spec's message, never a
 * thrown error or a 5xx, and the table a form writes grows by exactly its one row or not at all.
 */
import fc from 'fast-check';
import { count } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as contactAction } from '../../app/routes/contact';
import { action as newsletterAction } from '../../app/routes/newsletter';
import { action as productAction } from '../../app/routes/product';
import { action as quoteAction } from '../../app/routes/quote';
import { NEWSLETTER_INVALID_EMAIL } from '../../core/newsletter';
import {
  QUOTATION_INVALID_EMAIL,
  QUOTATION_INVALID_MOBILE,
  QUOTATION_MISSING_FIELDS,
} from '../../core/quotation';
import type { Database } from '../../server/db/client';
import {
  contactMessages,
  newsletterSubscriptions,
  productQuestions,
  quotationRequests,
  reviews,
} from '../../server/db/schema';
import { loadConfig } from '../../server/config';
import { appContext, type AppContext } from '../../server/http/app-context';
import { createLogger } from '../../server/logger';
import type { Actor } from '../../server/modules/actor';
import type { RateLimiter } from '../../server/modules/rate-limit';
import { insertProduct, insertUser } from '../factories';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import { hostileForm } from '../support/hostile-input';

const RUNS = 25;
const config = loadConfig({ AUTH_SECRET: 'integration-secret-integration-secret' });
// The limit has tests of its own; here every attempt must reach the form's rules.
const unlimited: RateLimiter = {
  consume: async () => ({ allowed: true, retryAfterSeconds: 0 }),
  close: async () => {},
};

function requestContext(db: Database, actor: Actor | null): RouterContextProvider {
  const app = {
    db,
    config,
    logger: createLogger('silent'),
    requestId: 'fuzz-request',
    cspNonce: '',
    actor,
    viewer: null,
    mailer: { send: async () => {}, sendLater: () => {} },
    rateLimiter: unlimited,
    clientAddress: '198.51.100.200',
  } as unknown as AppContext;
  return new RouterContextProvider(new Map([[appContext, app]]));
}

/** Status and body of what an action returned or threw (`data(...)` or a Response). */
async function settle(run: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: await thrown.text() };
    throw thrown;
  }
  if (outcome instanceof Response) return { status: outcome.status, body: null };
  const { data, init } = outcome as { data: unknown; init: ResponseInit | null };
  return { status: init?.status ?? 200, body: data };
}

type Table = Parameters<ReturnType<Database['select']>['from']>[0];

interface FormCase {
  name: string;
  table: Table;
  signedIn: boolean;
  valid: Record<string, string>;
  /** Adjusts a generated form before it is posted. */
  prepare?(form: Record<string, string | undefined>): Record<string, string | undefined>;
  run(context: RouterContextProvider, request: Request): Promise<unknown>;
  /** The spec's messages this form may refuse with. */
  refusals(): string[];
  /** Rows a successful answer adds to the table. */
  written(body: unknown): number;
}

describe(`form actions under hostile input on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let productId: string;
  let actor: Actor;
  beforeAll(async () => {
    database = await createTestDatabase();
    productId = (await insertProduct(database.db)).id;
    const user = await insertUser(database.db);
    actor = { userId: user.id, roles: [] };
  });
  afterAll(async () => {
    await database.destroy();
  });

  const rowsIn = async (table: Table) =>
    Number((await database.db.select({ rows: count() }).from(table))[0]?.rows ?? 0);

  let unique = 0;
  const forms: FormCase[] = [
    {
      name: 'contact',
      table: contactMessages,
      signedIn: false,
      valid: {
        name: 'Priya',
        email: 'priya@example.com',
        subject: 'Diyas',
        message: 'Two hundred',
      },
      run: (context: RouterContextProvider, request: Request) =>
        contactAction({ request, params: {}, context } as never),
      refusals: () => [
        ...['Name', 'Email', 'Subject', 'Message'].map((field) => `${field} is required`),
        'Name must be less than 100 characters',
        'Email must be less than 255 characters',
        'Subject must be less than 200 characters',
        'Message must be less than 1000 characters',
        'Invalid email address',
      ],
      written: () => 1,
    },
    {
      name: 'quote',
      table: quotationRequests,
      signedIn: false,
      valid: {
        quantity: '2',
        customerName: 'Asha',
        customerMobile: '+91 98290 00000',
        customerEmail: 'asha@example.com',
        customizationNotes: 'Engrave',
        customerCompany: 'Rao',
      },
      run: (context: RouterContextProvider, request: Request) =>
        quoteAction({ request, params: { id: productId }, context } as never),
      refusals: () => [
        QUOTATION_MISSING_FIELDS,
        QUOTATION_INVALID_EMAIL,
        QUOTATION_INVALID_MOBILE,
        'Please ask for at most 100000 pieces',
        ...[2000, 100, 200, 30].map((limit) => `Please keep this under ${limit} characters`),
      ],
      written: () => 1,
    },
    {
      name: 'newsletter',
      table: newsletterSubscriptions,
      signedIn: false,
      valid: { email: 'reader@example.com', source: 'home' },
      // A fresh address each time, so a valid form is a new subscription.
      prepare: (form: Record<string, string | undefined>) =>
        form.email === 'reader@example.com'
          ? { ...form, email: `reader-${(unique += 1)}@example.com` }
          : form,
      run: (context: RouterContextProvider, request: Request) =>
        newsletterAction({ request, params: {}, context } as never),
      refusals: () => [NEWSLETTER_INVALID_EMAIL],
      written: (body: unknown) => ((body as { status: string }).status === 'subscribed' ? 1 : 0),
    },
    {
      name: 'product question',
      table: productQuestions,
      signedIn: true,
      valid: { intent: 'question', question: 'Is it food safe?' },
      run: (context: RouterContextProvider, request: Request) =>
        productAction({ request, params: { id: productId }, context } as never),
      refusals: () => [
        'Please enter your question',
        'Question must be less than 1000 characters',
        'Unknown action',
      ],
      written: () => 1,
    },
    {
      name: 'product review',
      table: reviews,
      signedIn: true,
      valid: { intent: 'review', title: 'Lovely', content: 'It glows.', rating: '5' },
      run: (context: RouterContextProvider, request: Request) =>
        productAction({ request, params: { id: productId }, context } as never),
      refusals: () => [
        'Title must be less than 120 characters',
        'Please write your review',
        'Review must be less than 2000 characters',
        'Choose from 1 to 5 stars',
        'Unknown action',
      ],
      written: () => 1,
    },
  ];

  it.each(forms)(
    '$name: a success or a 4xx with the spec’s message, and all or none of its row',
    async (form) => {
      await fc.assert(
        fc.asyncProperty(hostileForm(form.valid), async (generated) => {
          const fields = Object.fromEntries(
            Object.entries(form.prepare ? form.prepare(generated) : generated).filter(
              (entry): entry is [string, string] => entry[1] !== undefined,
            ),
          );
          const before = await rowsIn(form.table);
          const request = new Request('http://shop.test/form', {
            method: 'POST',
            body: new URLSearchParams(fields),
          });
          const answer = await settle(() =>
            form.run(requestContext(database.db, form.signedIn ? actor : null), request),
          );
          const after = await rowsIn(form.table);
          expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
          if (answer.status < 400) {
            expect(after - before).toBe(form.written(answer.body));
          } else {
            expect(after - before).toBe(0);
            const message = (answer.body as { message?: string } | null)?.message;
            if (message !== undefined) expect(form.refusals()).toContain(message);
          }
        }),
        { numRuns: RUNS },
      );
    },
  );
});
