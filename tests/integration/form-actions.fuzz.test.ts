/**
 * docs/requirements.md §16: the form actions under random and hostile fields, run in-process as the server runs
 * them, on a real database: the public forms, the customer's dashboard forms and the owner's
 * console forms. Every answer is a success or a 4xx with the spec's message, never a thrown error
 * or a 5xx; a success adds exactly its row (an edit none), and a refusal leaves the table as it was.
 */
import { updateProfile } from '../../server/flows/update-profile';
import fc from 'fast-check';
import { Hono } from 'hono';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as adminAction } from '../../app/routes/admin';
import { action as consoleAction } from '../../app/routes/admin.product-media';
import { action as contactAction } from '../../app/routes/contact';
import { action as dashboardAction } from '../../app/routes/dashboard';
import { action as newsletterAction } from '../../app/routes/newsletter';
import { action as productAction } from '../../app/routes/product';
import { action as quoteAction } from '../../app/routes/quote';
import { action as wishlistAction } from '../../app/routes/wishlist';
import { z } from 'zod';
import { adminMessages, orderActions } from '../../core/admin/admin';
import { NEWSLETTER_INVALID_EMAIL } from '../../core/community/newsletter';
import { CONSOLE_MISSING_FIELDS } from '../../core/catalog/product-console';
import {
  QUOTATION_INVALID_EMAIL,
  QUOTATION_INVALID_MOBILE,
  QUOTATION_MISSING_FIELDS,
} from '../../core/quotes/quotation';
import type { Database } from '../../server/db/client';
import {
  addresses,
  contactMessages,
  newsletterSubscriptions,
  orders,
  productQuestions,
  products,
  profiles,
  quotationRequests,
  reviews,
  wishlistItems,
} from '../../server/db/schema';
import { createAuth, type Auth } from '../../server/auth';
import { loadConfig } from '../../server/config';
import { decideAdminAccess } from '../../server/http/admin-access';
import { appContext, type AppContext, type Viewer } from '../../server/http/app-context';
import { formContentType } from '../../server/http/form-content-type';
import { createLogger } from '../../server/logger';
import { createAddress } from '../../server/modules/account';
import type { Actor } from '../../server/modules/actor';
import { createQuotationRequest } from '../../server/modules/quotations';
import type { RateLimiter } from '../../server/modules/rate-limit';
import { insertOrder, insertProduct, insertUser } from '../factories';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import { ADDRESS_FORM_MESSAGES } from '../support/form-messages';
import { INVISIBLE_CHARACTERS_MESSAGE } from '../../core/forms/form-text';
import { hostileForm, hostileText } from '../support/hostile-input';
import { typedSettingsOf } from '../../server/modules/settings';

const RUNS = 25;
/** docs/requirements.md §13: the largest answer a refused form may make (its limits are far below). */
const ECHO_LIMIT_BYTES = 20_000;
const config = loadConfig({ AUTH_SECRET: 'integration-secret-integration-secret' });
// The limit has tests of its own; here every attempt must reach the form's rules.
const unlimited: RateLimiter = {
  consume: async () => ({ allowed: true, retryAfterSeconds: 0 }),
  peek: async () => ({ count: 0, retryAfterSeconds: 0 }),
  close: async () => {},
};

/** Better Auth over a test database, made once per database (docs/requirements.md §19: the passkeys' reads). */
const authOf = new WeakMap<Database, Auth>();
function authFor(db: Database): Auth {
  let auth = authOf.get(db);
  if (!auth) {
    auth = createAuth({
      db,
      config,
      queueMail: async () => {},
      sms: { enabled: false, send: async () => {}, sendLater: () => {} },
      rateLimiter: unlimited,
      logger: createLogger('silent'),
    });
    authOf.set(db, auth);
  }
  return auth;
}

function requestContext(
  db: Database,
  actor: Actor | null,
  viewer: Viewer | null = null,
): RouterContextProvider {
  const app = {
    db,
    auth: authFor(db),
    config,
    site: config.site,
    settings: typedSettingsOf(config.site),
    logger: createLogger('silent'),
    requestId: 'fuzz-request',
    cspNonce: '',
    clock: () => new Date(),
    actor,
    viewer,
    sms: { enabled: false },
    rateLimiter: unlimited,
    clientAddress: '198.51.100.200',
  } as unknown as AppContext;
  const context = new RouterContextProvider(new Map([[appContext, app]]));
  // docs/decisions/019: the back-office shell's middleware decides before an admin page's loader runs.
  void decideAdminAccess({ context } as never, async () => new Response());
  return context;
}

/** Status and body of what an action returned or threw (`data(...)` or a Response). */
async function settle(run: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: await thrown.text() };
    // A thrown `data(...)` (a loader's 404) is an answer too.
    if (thrown && typeof thrown === 'object' && 'init' in thrown && 'data' in thrown) {
      const { data, init } = thrown as { data: unknown; init: ResponseInit | null };
      return { status: init?.status ?? 500, body: data };
    }
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
  /** Who posts the form: nobody, a signed-in customer or the shop owner. */
  actor: 'visitor' | 'customer' | 'admin';
  valid: Record<string, string>;
  /** Adjusts a generated form before it is posted (a fresh row for it to act on, say). */
  prepare?(
    form: Record<string, string | undefined>,
  ): Record<string, string | undefined> | Promise<Record<string, string | undefined>>;
  run(context: RouterContextProvider, request: Request): Promise<unknown>;
  /** The spec's messages this form may refuse with. */
  refusals(): string[];
  /** Rows a successful answer adds to the table (an edit adds none). */
  written(body: unknown): number;
}

describe(`form actions under hostile input on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let productId: string;
  let customer: Actor;
  let owner: Actor;
  let addressId: string;
  // The console's product form may unpublish the product it edits: it gets one of its own.
  let consoleProductId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    productId = (await insertProduct(database.db)).id;
    customer = { userId: (await insertUser(database.db)).id, roles: [] };
    owner = { userId: (await insertUser(database.db)).id, roles: ['admin'] };
    consoleProductId = (await insertProduct(database.db)).id;
    await updateProfile(database.db, customer, { displayName: 'Asha' });
    addressId = (
      await createAddress(database.db, customer, {
        title: 'Home',
        streetAddress: '12 Marble Lane',
        city: 'Jaipur',
        state: 'Rajasthan',
        postalCode: '302001',
        country: 'IN',
      })
    ).id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** The table's rows, in an order that does not depend on how the database returns them. */
  const rowsIn = async (table: Table) =>
    (await database.db.select().from(table)).map((row) => JSON.stringify(row)).sort();

  let unique = 0;
  const forms: FormCase[] = [
    {
      name: 'contact',
      table: contactMessages,
      actor: 'visitor',
      valid: {
        name: 'Priya',
        email: 'priya@example.com',
        subject: 'Diyas',
        message: 'Two hundred',
      },
      run: (context: RouterContextProvider, request: Request) =>
        contactAction({ request, params: {}, context } as never),
      refusals: () => [
        INVISIBLE_CHARACTERS_MESSAGE,
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
      actor: 'visitor',
      valid: {
        quantity: '2',
        customerName: 'Asha',
        customerMobile: '+91 98290 00000',
        customerEmail: 'asha@example.com',
        customizationNotes: 'Engrave',
        customerCompany: 'Rao',
      },
      run: (context: RouterContextProvider, request: Request) =>
        quoteAction({ request, params: { productId }, context } as never),
      refusals: () => [
        INVISIBLE_CHARACTERS_MESSAGE,
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
      actor: 'visitor',
      valid: { email: 'reader@example.com', source: 'home' },
      // A fresh address each time, so a valid form is a new subscription.
      prepare: (form: Record<string, string | undefined>) =>
        form.email === 'reader@example.com'
          ? { ...form, email: `reader-${(unique += 1)}@example.com` }
          : form,
      run: (context: RouterContextProvider, request: Request) =>
        newsletterAction({ request, params: {}, context } as never),
      refusals: () => [NEWSLETTER_INVALID_EMAIL],
      written: (body: unknown) => ((body as { data: string }).data === 'subscribed' ? 1 : 0),
    },
    {
      // docs/requirements.md §14: the product key reaches a query; NUL in it answered 500.
      name: 'wishlist',
      table: wishlistItems,
      actor: 'customer',
      valid: { productId: 'set in beforeAll' },
      prepare: (form) => (form.productId === 'set in beforeAll' ? { ...form, productId } : form),
      run: (context: RouterContextProvider, request: Request) =>
        wishlistAction({ request, params: {}, context } as never),
      refusals: () => ['Product not found'],
      // Each accepted post toggles: the product is added, then taken off again.
      written: (body: unknown) =>
        (body as { data: { inWishlist: boolean } }).data.inWishlist ? 1 : -1,
    },
    {
      name: 'product question',
      table: productQuestions,
      actor: 'customer',
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
      actor: 'customer',
      valid: { intent: 'review', title: 'Lovely', content: 'It glows.', rating: '5' },
      run: (context: RouterContextProvider, request: Request) =>
        productAction({ request, params: { id: productId }, context } as never),
      refusals: () => [
        INVISIBLE_CHARACTERS_MESSAGE,
        'Title must be less than 120 characters',
        'Please write your review',
        'Review must be less than 2000 characters',
        'Choose from 1 to 5 stars',
        'Unknown action',
      ],
      written: () => 1,
    },
    {
      name: 'profile',
      table: profiles,
      actor: 'customer',
      valid: { intent: 'update-profile', displayName: 'Asha Rao', phone: '+91 98290 00000' },
      run: (context: RouterContextProvider, request: Request) =>
        dashboardAction({ request, params: {}, context } as never),
      refusals: () => [
        INVISIBLE_CHARACTERS_MESSAGE,
        'Display name must be less than 100 characters',
        'Phone must be less than 20 characters',
        'Enter a phone number of digits, spaces and an optional leading +',
        'Unknown action',
      ],
      written: () => 0,
    },
    ...(['add-address', 'edit-address'] as const).map((intent): FormCase => ({
      name: intent,
      table: addresses,
      actor: 'customer',
      valid: {
        intent,
        title: 'Studio',
        streetAddress: '4 Brass Street',
        apartment: 'Unit 2',
        city: 'Moradabad',
        state: 'Uttar Pradesh',
        postalCode: '244001',
        country: 'IN',
        isDefault: 'on',
      },
      prepare: (form) => (intent === 'edit-address' ? { ...form, id: addressId } : form),
      run: (context: RouterContextProvider, request: Request) =>
        dashboardAction({ request, params: {}, context } as never),
      refusals: () => [...ADDRESS_FORM_MESSAGES, 'Unknown action'],
      written: () => (intent === 'add-address' ? 1 : 0),
    })),
    ...(['create-product', 'update-product'] as const).map((intent): FormCase => ({
      name: `console ${intent}`,
      table: products,
      actor: 'admin',
      valid: {
        intent,
        name: 'Lotus Diya',
        price: '1499.50',
        description: 'Hand-cast brass.',
        category: 'home',
        material: 'Brass',
        shortDescription: 'A small diya',
        subcategory: 'Lamps',
        region: 'Moradabad',
        dimensions: '10 cm',
        weight: '300 g',
        careInstructions: 'Dry cloth',
        artisanStory: 'Cast by hand.',
        inStock: 'on',
        published: 'on',
      },
      prepare: (form) => (intent === 'update-product' ? { ...form, id: consoleProductId } : form),
      run: (context: RouterContextProvider, request: Request) =>
        consoleAction({ request, params: {}, context } as never),
      refusals: () => [
        INVISIBLE_CHARACTERS_MESSAGE,
        CONSOLE_MISSING_FIELDS,
        ...[200, 5000, 100, 300, 2000].map((max) => `Please keep this under ${max} characters`),
        'Price cannot be negative',
        'Price is too large',
        'Price has at most two decimals',
        'Product not found',
        'Unknown action',
      ],
      written: () => (intent === 'create-product' ? 1 : 0),
    })),
    {
      name: 'console order from a quotation',
      table: orders,
      actor: 'admin',
      valid: {
        intent: 'create-order',
        quantity: '3',
        unitPrice: '1200',
        shipping: '150',
        tax: '54.50',
        paymentMethod: 'upi',
        name: 'Asha Rao',
        streetAddress: '12 Marble Lane',
        apartment: 'Flat 3',
        city: 'Jaipur',
        state: 'Rajasthan',
        postalCode: '302001',
        country: 'IN',
      },
      // Each post turns its own fresh quotation into an order.
      prepare: async (form) => {
        const quotation = await createQuotationRequest(database.db, null, {
          productId,
          quantity: '1',
          customerName: 'Asha',
          customerMobile: '+91 98290 00000',
          customerEmail: 'asha@example.com',
        });
        return { ...form, quotationId: quotation.id };
      },
      run: (context: RouterContextProvider, request: Request) =>
        adminAction({ request, params: {}, context } as never),
      // The schema's own messages and zod's for a missing or long field: only the status and
      // rows are checked.
      refusals: () => [],
      written: () => 1,
    },
    {
      name: 'console payment confirmation',
      table: orders,
      actor: 'admin',
      valid: { intent: 'order-action', action: 'confirm-payment', paymentReference: 'UPI-4471' },
      prepare: async (form) => {
        const order = await insertOrder(database.db, { paymentMethod: 'upi' });
        return { ...form, orderId: order.id };
      },
      run: (context: RouterContextProvider, request: Request) =>
        adminAction({ request, params: {}, context } as never),
      // spec §8: the admin alert names the failed step, then the reason.
      refusals: () =>
        [
          'Order not found',
          'The payment reference must be under 100 characters',
          z.enum(orderActions).safeParse('').error?.issues[0]?.message ?? '',
        ]
          .flatMap((reason) => [
            adminMessages.paymentFailed(reason),
            adminMessages.orderFailed(reason),
          ])
          .concat('Unknown action'),
      written: () => 0,
    },
  ];

  const actors = {
    visitor: null,
    get customer() {
      return customer;
    },
    get admin() {
      return owner;
    },
  };

  /** Posts one version of a form and checks the answer and the table against the rules above. */
  async function postAndCheck(form: FormCase, generated: Record<string, string | undefined>) {
    const fields = Object.fromEntries(
      Object.entries(form.prepare ? await form.prepare(generated) : generated).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    const before = await rowsIn(form.table);
    const request = new Request('http://shop.test/form', {
      method: 'POST',
      body: new URLSearchParams(fields),
    });
    const answer = await settle(() =>
      form.run(requestContext(database.db, actors[form.actor]), request),
    );
    const after = await rowsIn(form.table);
    expect(answer.status, JSON.stringify(answer.body)?.slice(0, 500)).toBeLessThan(500);
    // docs/requirements.md §14: an answer echoes at most the fields' limits, never the whole post.
    expect(JSON.stringify(answer.body ?? null).length).toBeLessThan(ECHO_LIMIT_BYTES);
    if (answer.status < 400) {
      expect(after.length - before.length).toBe(form.written(answer.body));
    } else {
      // Refused: not a row added, removed or changed.
      expect(after).toEqual(before);
      const message = (answer.body as { message?: string } | null)?.message;
      if (message && form.refusals().length > 0) expect(form.refusals()).toContain(message);
    }
  }

  it.each(forms)(
    '$name: a success or a 4xx with the spec’s message, and all or none of its row',
    async (form) => {
      await fc.assert(
        fc.asyncProperty(hostileForm(form.valid), (generated) => postAndCheck(form, generated)),
        { numRuns: RUNS },
      );
    },
  );

  // Random forms reach a NUL in a field that is otherwise valid only now and then; PostgreSQL
  // refuses NUL in text, so each field of each form gets one on its own.
  it.each(forms)('$name: NUL in any one field is stored without it or refused', async (form) => {
    for (const name of Object.keys(form.valid).filter((field) => field !== 'intent')) {
      await postAndCheck(form, { ...form.valid, [name]: `${form.valid[name]}\u0000x` });
    }
  });

  it('a 2 MB message is answered with its field error, not echoed', async () => {
    const before = await rowsIn(contactMessages);
    const request = new Request('http://shop.test/contact', {
      method: 'POST',
      body: new URLSearchParams({
        name: 'Priya',
        email: 'priya@example.com',
        subject: 'Diyas',
        message: 'x'.repeat(2 * 1024 * 1024),
        unknownField: 'y'.repeat(100_000),
      }),
    });
    const answer = await settle(() =>
      contactAction({ request, params: {}, context: requestContext(database.db, null) } as never),
    );
    expect(answer.status).toBe(400);
    const echoed = JSON.stringify(answer.body);
    expect(echoed.length).toBeLessThan(ECHO_LIMIT_BYTES);
    expect(echoed).toContain('Message must be less than 1000 characters');
    const { result } = answer.body as {
      result: { initialValue: Record<string, string>; error: Record<string, string[]> };
    };
    // The value comes back cut to its limit (the form shows it), other fields as posted.
    expect(result.initialValue.message).toBe('x'.repeat(1000));
    expect(result.initialValue.name).toBe('Priya');
    expect(result.initialValue).not.toHaveProperty('unknownField');
    expect(result.error.message).toEqual(['Message must be less than 1000 characters']);
    expect(await rowsIn(contactMessages)).toEqual(before);
  });

  it('Conform’s reserved fields with garbage are a 4xx or a success', async () => {
    for (const form of forms.filter((entry) => ['contact', 'quote'].includes(entry.name))) {
      for (const reserved of ['__intent__', '__state__']) {
        await postAndCheck(form, { ...form.valid, [reserved]: '{not json' });
      }
    }
  });

  // docs/requirements.md §14: a body of another encoding than a form's made every action's
  // formData() throw (a 500). The server's middleware answers 415 before the route; what it lets
  // through, each action must answer with a success or a 4xx.
  const contentTypes = fc.oneof(
    fc.constantFrom(
      undefined,
      '',
      'application/json',
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/xml',
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=hostile',
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded; charset=UTF-8',
      'APPLICATION/X-WWW-FORM-URLENCODED',
      'application/x-www-form-urlencoded-not',
    ),
    fc.string({ maxLength: 60 }),
  );
  const bodyKinds = fc.constantFrom('urlencoded', 'json', 'hostile', 'multipart', 'none');

  function bodyOf(kind: string, fields: Record<string, string>, hostile: string) {
    if (kind === 'urlencoded') return new URLSearchParams(fields).toString();
    if (kind === 'json') return JSON.stringify(fields);
    if (kind === 'multipart') {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return form;
    }
    return kind === 'hostile' ? hostile : null;
  }

  it.each(forms)('$name: any content type is a 415, a success or a 4xx', async (form) => {
    const gate = new Hono();
    gate.use(formContentType());
    gate.all('*', (c) => c.text('reached the route'));
    await fc.assert(
      fc.asyncProperty(contentTypes, bodyKinds, hostileText, async (contentType, kind, hostile) => {
        const fields = Object.fromEntries(
          Object.entries(form.prepare ? await form.prepare({ ...form.valid }) : form.valid).filter(
            (entry): entry is [string, string] => entry[1] !== undefined,
          ),
        );
        const body = bodyOf(kind, fields, hostile);
        const build = () => {
          const headers = new Headers();
          // A FormData body sets its own multipart type with the boundary, unless one is given.
          if (contentType !== undefined && !(body instanceof FormData)) {
            headers.set('Content-Type', contentType);
          }
          return new Request('http://shop.test/form', { method: 'POST', headers, body });
        };
        const gated = await gate.request(build());
        if (gated.status === 415) return;
        expect(await gated.text()).toBe('reached the route');
        const before = await rowsIn(form.table);
        const answer = await settle(() =>
          form.run(requestContext(database.db, actors[form.actor]), build()),
        );
        expect(answer.status, JSON.stringify(answer.body)?.slice(0, 300)).toBeLessThan(500);
        if (answer.status >= 400) expect(await rowsIn(form.table)).toEqual(before);
      }),
      { numRuns: RUNS },
    );
  });

  // docs/requirements.md §5: every route's loader under random query strings, as visitor, customer
  // and owner: the known parameters get hostile values (huge, not finite, repeated, NUL-free as
  // the server lets no NUL through), unknown ones are added. Each answer is data, a redirect or a
  // 4xx, never a thrown error or a 5xx.
  const routeModules = import.meta.glob<{ loader?: (args: unknown) => unknown }>(
    '../../app/routes/*.{ts,tsx}',
    { eager: true },
  );
  const knownParameters = [
    'page',
    'tab',
    'q',
    'sort',
    'view',
    'material',
    'minPrice',
    'maxPrice',
    'product',
    'find',
    'reviews',
    'image',
    'category',
    'region',
    'token',
    'phone',
    'error',
    'redirectTo',
  ];
  const queryValue = fc.oneof(
    hostileText.map((text) => text.replaceAll('\u0000', '').slice(0, 3_000)),
    fc.double().map(String),
    fc.bigInt().map(String),
    fc.constantFrom('99999999999999999999', '1e308', '-1e308', 'NaN', 'Infinity', '', '0x10'),
  );
  const hostileQuery = fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...knownParameters), fc.string({ maxLength: 12 })),
        queryValue,
      ),
      { maxLength: 10 },
    )
    .map((pairs) => new URLSearchParams(pairs).toString());
  const viewerOf = (actor: NonNullable<Actor>, isAdmin: boolean): Viewer => ({
    id: actor.userId,
    name: 'Asha',
    email: 'asha@example.com',
    emailVerified: true,
    twoFactorEnabled: false,
    isAdmin,
    sessionExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  const loaders = Object.entries(routeModules).flatMap(([file, module]) =>
    module.loader ? [{ route: file.replace('../../app/routes/', ''), loader: module.loader }] : [],
  );

  it('finds the loaders of the route table', () => {
    expect(loaders.map((entry) => entry.route)).toEqual(
      expect.arrayContaining(['shop.tsx', 'admin.tsx', 'admin.product-media.tsx', 'blog.tsx']),
    );
  });

  it.each(loaders)('$route: any query string is data, a redirect or a 4xx', async ({ loader }) => {
    const who = fc.constantFrom('visitor', 'customer', 'admin');
    await fc.assert(
      fc.asyncProperty(hostileQuery, who, async (query, role) => {
        const actor = role === 'visitor' ? null : role === 'customer' ? customer : owner;
        const viewer = actor ? viewerOf(actor, role === 'admin') : null;
        const request = new Request(`http://shop.test/route?${query}`);
        const params = {
          id: productId,
          productId,
          category: 'culinary-crafts',
          storyId: 'marble-artisans-of-banswara',
        };
        const answer = await settle(async () => {
          const outcome = await loader({
            request,
            params,
            context: requestContext(database.db, actor, viewer),
          });
          // A loader answers plain data too, which `settle` reads as a 200.
          return outcome instanceof Response ||
            (outcome && typeof outcome === 'object' && 'init' in outcome)
            ? outcome
            : { data: outcome, init: null };
        });
        expect(answer.status, query.slice(0, 300)).toBeLessThan(500);
      }),
      {
        numRuns: RUNS,
        // The attack's own addresses (docs/requirements.md §13), tried first on every loader.
        examples: [
          ['page=99999999999999999999', 'visitor'],
          ['page=1e308', 'visitor'],
          ['tab=orders&page=1e308', 'admin'],
          ['tab=roles&page=99999999999999999999', 'admin'],
        ],
      },
    );
  });
});
