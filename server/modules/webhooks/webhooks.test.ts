import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookTexts } from '../../../core/api/api-access';
import { webhookEventTypes, type WebhookEventType } from '../../../core/api/webhook-events';
import { insertOrder, insertOrderItem, insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { mailQueueFrom } from '../../../tests/support/queued-mail';
import { webhookPayloadProblem, webhookSamples } from '../../../tests/support/webhook-payloads';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createLogger } from '../../logger';
import { startDeliveries } from '../../worker';
import type { Actor } from '../actor';
import { createContactMessage } from '../contact';
import { DomainError, httpStatusOf } from '../errors';
import { JOB_SCHEMA, type JobWorker } from '../jobs';
import { subscribeToNewsletter, unsubscribeFromNewsletter, unsubscribeToken } from '../newsletter';
import { setOrderStatus } from '../orders';
import { issueInvoice } from '../invoices';
import { recordShipment } from '../shipments';
import { siteDefaults } from '../../../content/site';
import { applyOrderAction } from '../../flows/apply-order-action';
import { refundOrder } from '../../flows/refund-order';
import { addProductionUpdate } from '../order-updates';
import { requestReturn } from '../returns';
import { localMediaStorage } from '../../media-storage';
import {
  askForChanges,
  createQuotationRequest,
  declineOffer,
  expireOffers,
  getQuoteForCustomer,
  postCustomerMessage,
  postShopMessage,
  sendOffer,
} from '../quotations';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  deliverWebhook,
  emitWebhookEvent,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  setWebhookEndpointEnabled,
  type DeliveryOutcome,
  type WebhookPayload,
} from './index';
import { acceptOffer } from '../../flows/accept-offer';
import { createOrderFromQuotation } from '../../flows/create-order-from-quotation';
import { submitPaymentReference } from '../../flows/submit-payment-reference';
import { DEFAULT_SHOP_TIME_ZONE } from '../../../core/time/shop-calendar';

const AUTH_SECRET = 'webhooks-test-secret-webhooks-test-secret';
const config = loadConfig({
  AUTH_SECRET,
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'webhooks-test-')),
});
const owner: Actor = { userId: 'webhooks-owner', roles: ['admin'] };
const customer: Actor = { userId: 'webhooks-customer', roles: [] };
// An owner's API key holding every scope: the admin page's functions are for sessions only.
const ownersKey: Actor = {
  userId: 'webhooks-owner',
  roles: ['admin'],
  apiKey: {
    id: '00000000-0000-4000-8000-000000000017',
    scopes: ['catalogue:write', 'quotations:write', 'orders:write', 'settings:write'],
  },
};
const contactForm = {
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  subject: 'Brass diyas',
  message: 'Do you make them in sets of twelve?',
};
// 10:00 in India on November 24, 2026
const monday = new Date('2026-11-24T04:30:00Z');
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** A local endpoint: answers each request with `answer(n)` (n from 0), keeps what it got. */
async function startReceiver(
  answer: (index: number) => {
    status: number;
    body?: string;
    headers?: Record<string, string>;
  } = () => ({
    status: 200,
    body: 'ok',
  }),
): Promise<Receiver> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const index = received.length;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const { status, body = '', headers = {} } = answer(index);
      response.writeHead(status, headers).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${error}`);
  return error;
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`signed webhooks on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    await insertUser(database.db, { id: owner!.userId });
  });
  afterEach(async () => {
    // Each test starts with no endpoint: another test's would receive its events.
    await database.db.delete(webhookEndpoints);
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function receiver(answer?: Parameters<typeof startReceiver>[0]) {
    const started = await startReceiver(answer);
    receivers.push(started);
    return started;
  }

  async function endpointFor(url: string, events: WebhookEventType[]) {
    return createWebhookEndpoint(
      database.db,
      owner,
      { url, events },
      { allowPrivate: true, requireHttps: false },
    );
  }

  async function deliveriesOf(endpointId: string) {
    return database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(webhookDeliveries.createdAt, webhookDeliveries.eventType);
  }

  async function attemptsOf(deliveryId: string) {
    return database.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, deliveryId))
      .orderBy(webhookAttempts.attemptedAt, webhookAttempts.id);
  }

  /** The delivery queue's jobs, oldest first: all of them, or one delivery's. */
  async function deliveryJobs(deliveryId?: string) {
    const result = await database.db.execute(
      sql`select data, start_after as "startAfter" from ${sql.raw(JOB_SCHEMA)}.job
          where name = 'webhook-delivery'
          ${deliveryId ? sql`and data->>'deliveryId' = ${deliveryId}` : sql``}
          order by created_on, start_after`,
    );
    return result.rows as { data: { deliveryId: string; manual?: boolean }; startAfter: Date }[];
  }

  /** Emits an event by hand, with its sample data: for the tests of delivering. */
  async function emit(type: WebhookEventType, at: Date) {
    await database.db.transaction((tx) => emitWebhookEvent(tx, type, webhookSamples[type], at));
  }

  it('signs a delivery by the Standard Webhooks scheme, verified by the standardwebhooks verifier', async () => {
    const local = await receiver();
    const endpoint = await endpointFor(local.url, ['contact.created']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const stored = await createContactMessage(database.db, null, contactForm, new Date());
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ eventType: 'contact.created', status: 'pending' });
    expect(await deliveryJobs(delivery!.id)).toHaveLength(1);

    const outcome = await deliverWebhook(
      database.db,
      { deliveryId: delivery!.id },
      { now: new Date(), allowPrivate: true },
    );
    expect(outcome).toBe('succeeded');
    expect(local.received).toHaveLength(1);
    const [request] = local.received;
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['webhook-id']).toBe(delivery!.id);
    const verified = new Webhook(endpoint.secret).verify(
      request!.body,
      request!.headers as Record<string, string>,
    ) as WebhookPayload;
    expect(verified).toMatchObject({
      type: 'contact.created',
      data: { contactMessageId: stored.id, email: 'ravi@example.com', subject: 'Brass diyas' },
    });
    expect(Number.isNaN(Date.parse(verified.timestamp))).toBe(false);
    // Another secret does not verify it: the signature is the endpoint's own.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(
        request!.body,
        request!.headers as Record<string, string>,
      ),
    ).toThrow('No matching signature found');

    const [done] = await deliveriesOf(endpoint.id);
    expect(done).toMatchObject({ status: 'succeeded', attemptCount: 1 });
    const attempts = await attemptsOf(delivery!.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ responseStatus: 200, responseExcerpt: 'ok', error: null });
  });

  it('makes a delivery only for the enabled endpoints that follow the event', async () => {
    const local = await receiver();
    const following = await endpointFor(local.url, ['contact.created', 'order.created']);
    const other = await endpointFor(local.url, ['order.created']);
    const disabled = await endpointFor(local.url, ['contact.created']);
    await setWebhookEndpointEnabled(
      database.db,
      owner,
      { endpointId: disabled.id, enabled: false },
      monday,
    );
    await createContactMessage(database.db, null, contactForm, monday);
    expect(await deliveriesOf(following.id)).toHaveLength(1);
    expect(await deliveriesOf(other.id)).toEqual([]);
    expect(await deliveriesOf(disabled.id)).toEqual([]);
  });

  it('leaves no delivery and no job when the change rolls back, or when no endpoint follows', async () => {
    const local = await receiver();
    const endpoint = await endpointFor(local.url, ['order.created']);
    const jobsBefore = (await deliveryJobs()).length;
    await expect(
      database.db.transaction(async (tx) => {
        const created = webhookSamples['order.created'];
        expect(await emitWebhookEvent(tx, 'order.created', created, monday)).toBe(1);
        throw new Error('the change failed after its event was emitted');
      }),
    ).rejects.toThrow('the change failed');
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
    expect(await deliveryJobs()).toHaveLength(jobsBefore);

    await database.db.delete(webhookEndpoints);
    expect(
      await database.db.transaction((tx) =>
        emitWebhookEvent(tx, 'order.created', webhookSamples['order.created'], monday),
      ),
    ).toBe(0);
    expect(await database.db.select().from(webhookDeliveries)).toEqual([]);
    expect(await deliveryJobs()).toHaveLength(jobsBefore);
  });

  it('takes only an event of the contract with its own data (npx tsc checks these)', () => {
    // Never called: the type checker refuses each line, or fails on its @ts-expect-error.
    const refusedByTheTypeChecker = (tx: Database) => {
      const drafted = { ...webhookSamples['offer.sent'], status: 'draft' as const };
      return [
        // @ts-expect-error: no such event
        emitWebhookEvent(tx, 'order.deleted', webhookSamples['order.created'], monday),
        // @ts-expect-error: another event's data
        emitWebhookEvent(tx, 'order.created', webhookSamples['order.status_changed'], monday),
        // @ts-expect-error: a field missing
        emitWebhookEvent(tx, 'newsletter.subscribed', { email: 'asha@example.com' }, monday),
        // @ts-expect-error: a status the event never has
        emitWebhookEvent(tx, 'offer.sent', drafted, monday),
      ];
    };
    expect(refusedByTheTypeChecker).toBeTypeOf('function');
  });

  it('delivers once, as a success, to a receiver that fails twice first: three attempts logged (the worker)', async () => {
    const local = await receiver((index) =>
      index < 2 ? { status: 503, body: `down ${index + 1}` } : { status: 204 },
    );
    const endpoint = await endpointFor(local.url, ['newsletter.subscribed']);
    const worker: JobWorker = await startDeliveries({
      database,
      config,
      logger: createLogger('silent'),
      // A tiny back-off, so the retries come within the test.
      webhooks: { retrySchedule: [50] },
    });
    try {
      expect(
        await subscribeToNewsletter(
          database.db,
          null,
          AUTH_SECRET,
          { email: 'leela@example.com' },
          new Date(),
        ),
      ).toBe('subscribed');
      const [delivery] = await deliveriesOf(endpoint.id);
      await until(async () => (await deliveriesOf(endpoint.id))[0]?.status === 'succeeded');
      expect(local.received).toHaveLength(3);
      // Every try is the same message: one webhook-id, each signed for its own time.
      for (const request of local.received) {
        expect(request.headers['webhook-id']).toBe(delivery!.id);
        const payload = new Webhook(endpoint.secret).verify(
          request.body,
          request.headers as Record<string, string>,
        ) as WebhookPayload;
        expect(payload).toMatchObject({
          type: 'newsletter.subscribed',
          data: { email: 'leela@example.com', resubscribed: false },
        });
      }
      const attempts = await attemptsOf(delivery!.id);
      expect(attempts.map((attempt) => attempt.responseStatus)).toEqual([503, 503, 204]);
      expect(attempts.map((attempt) => attempt.responseExcerpt)).toEqual(['down 1', 'down 2', '']);
      expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({
        status: 'succeeded',
        attemptCount: 3,
      });
      const [afterwards] = await listWebhookEndpoints(database.db, owner);
      expect(afterwards?.failingSince).toBeNull();
    } finally {
      await worker.stop();
    }
  });

  it('retries on the back-off schedule until 24 hours after the delivery was made, then fails it', async () => {
    const local = await receiver(() => ({ status: 500, body: 'x'.repeat(3000) }));
    const endpoint = await endpointFor(local.url, ['order.created']);
    await emit('order.created', monday);
    const [delivery] = await deliveriesOf(endpoint.id);
    let now = monday;
    const outcomes: DeliveryOutcome[] = [];
    const triedAt: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      triedAt.push(now.getTime() - monday.getTime());
      const outcome = await deliverWebhook(
        database.db,
        { deliveryId: delivery!.id },
        { now, allowPrivate: true },
      );
      outcomes.push(outcome);
      if (outcome !== 'retry-scheduled') break;
      const jobs = await deliveryJobs(delivery!.id);
      now = new Date(jobs.at(-1)!.startAfter);
    }
    // 10 s, 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h… and the last try at the end of the day.
    expect(triedAt).toEqual([
      0,
      10_000,
      70_000,
      70_000 + 5 * MINUTE,
      70_000 + 35 * MINUTE,
      70_000 + 35 * MINUTE + 2 * HOUR,
      70_000 + 35 * MINUTE + 7 * HOUR,
      70_000 + 35 * MINUTE + 17 * HOUR,
      DAY,
    ]);
    expect(outcomes.at(-1)).toBe('failed');
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({
      status: 'failed',
      attemptCount: 9,
    });
    // No try after the last; each attempt keeps the first KB of the answer.
    expect(await deliveryJobs(delivery!.id)).toHaveLength(9);
    const attempts = await attemptsOf(delivery!.id);
    expect(attempts).toHaveLength(9);
    expect(attempts[0]!.responseExcerpt).toBe('x'.repeat(1024));
    // A job taken up again after the end finds the delivery failed and sends nothing.
    const sent = local.received.length;
    expect(
      await deliverWebhook(database.db, { deliveryId: delivery!.id }, { now, allowPrivate: true }),
    ).toBe('skipped');
    expect(local.received).toHaveLength(sent);
  });

  it('disables an endpoint failing for 3 days, mails the owner once, and makes it no new deliveries', async () => {
    const local = await receiver(() => ({ status: 500 }));
    const endpoint = await endpointFor(local.url, ['order.status_changed']);
    const queue = await mailQueueFrom(database.db, config);
    const deliverLatest = async (at: Date) => {
      const deliveries = await deliveriesOf(endpoint.id);
      return deliverWebhook(
        database.db,
        { deliveryId: deliveries.at(-1)!.id },
        { now: at, allowPrivate: true },
      );
    };
    await emit('order.status_changed', monday);
    expect(await deliverLatest(monday)).toBe('retry-scheduled');
    await emit('order.status_changed', later(monday, 3 * DAY - MINUTE));
    expect(await deliverLatest(later(monday, 3 * DAY - MINUTE))).toBe('retry-scheduled');
    let [shown] = await listWebhookEndpoints(database.db, owner);
    expect(shown).toMatchObject({ enabled: true, failingSince: monday.toISOString() });

    // Two deliveries fail at the 3 days at once: the endpoint is disabled once, with one mail.
    await emit('order.status_changed', later(monday, 3 * DAY));
    await emit('order.status_changed', later(monday, 3 * DAY));
    const [, , third, fourth] = await deliveriesOf(endpoint.id);
    const atThreeDays = { now: later(monday, 3 * DAY), allowPrivate: true };
    expect(
      await Promise.all([
        deliverWebhook(database.db, { deliveryId: third!.id }, atThreeDays),
        deliverWebhook(database.db, { deliveryId: fourth!.id }, atThreeDays),
      ]),
    ).toEqual(['failed', 'failed']);
    [shown] = await listWebhookEndpoints(database.db, owner);
    expect(shown).toMatchObject({
      enabled: false,
      disabledAt: later(monday, 3 * DAY).toISOString(),
    });

    // Its waiting deliveries end without a try; a new event makes none.
    const tries = local.received.length;
    const [first] = await deliveriesOf(endpoint.id);
    expect(
      await deliverWebhook(
        database.db,
        { deliveryId: first!.id },
        { now: later(monday, 3 * DAY + MINUTE), allowPrivate: true },
      ),
    ).toBe('skipped');
    expect(local.received).toHaveLength(tries);
    expect((await deliveriesOf(endpoint.id)).map((delivery) => delivery.status)).toEqual([
      'failed',
      'pending',
      'failed',
      'failed',
    ]);
    await emit('order.status_changed', later(monday, 3 * DAY + HOUR));
    expect(await deliveriesOf(endpoint.id)).toHaveLength(4);

    const mails = await queue.mails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: config.site.shopEmail,
      subject: `Webhook endpoint disabled: ${local.url}`,
    });
    expect(mails[0]!.text).toContain('has failed since November 24, 2026');
    expect(mails[0]!.text).toContain(`${config.publicUrl}/admin/api`);

    // Enabled again, it starts afresh.
    const enabled = await setWebhookEndpointEnabled(
      database.db,
      owner,
      { endpointId: endpoint.id, enabled: true },
      later(monday, 4 * DAY),
    );
    expect(enabled).toMatchObject({ enabled: true, failingSince: null, disabledAt: null });
  });

  it('refuses a private address when the endpoint is made, unless the shop allows them', async () => {
    const resolve = async (hostname: string) =>
      hostname === 'hooks.internal.example'
        ? ['93.184.215.14', '192.168.1.20']
        : hostname === 'hooks.example.com'
          ? ['93.184.215.14']
          : ['127.0.0.1'];
    const refused = [
      'http://127.0.0.1:8080/hooks',
      'http://10.0.0.1/hooks',
      'http://172.20.1.1/hooks',
      'http://192.168.0.10/hooks',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/hooks',
      'http://0.0.0.0/hooks',
      'http://localhost:3000/hooks',
      'http://[::1]/hooks',
      'http://[::ffff:127.0.0.1]/hooks',
      'http://[::ffff:a9fe:a9fe]/hooks',
      'http://[fe80::1]/hooks',
      'http://[fd00::1]/hooks',
      'http://2130706433/hooks',
      'https://hooks.internal.example/hooks',
    ];
    for (const url of refused) {
      const error = await refusal(
        createWebhookEndpoint(
          database.db,
          owner,
          { url, events: ['order.created'] },
          { allowPrivate: false, requireHttps: false, resolve },
        ),
      );
      expect(error, url).toMatchObject({ code: 'invalid', message: webhookTexts.urlPrivate });
    }
    expect(await listWebhookEndpoints(database.db, owner)).toEqual([]);

    const made = await createWebhookEndpoint(
      database.db,
      owner,
      { url: 'https://hooks.example.com/shop', events: ['order.created'], description: 'ERP' },
      { allowPrivate: false, requireHttps: true, resolve },
    );
    expect(made).toMatchObject({ url: 'https://hooks.example.com/shop', description: 'ERP' });
    const allowed = await createWebhookEndpoint(
      database.db,
      owner,
      { url: 'http://127.0.0.1:8080/hooks', events: ['order.created'] },
      { allowPrivate: true, requireHttps: true },
    );
    expect(allowed.url).toBe('http://127.0.0.1:8080/hooks');
  });

  it('refuses IPv6 forms of a private IPv4 address when the endpoint is made, not those of a public one', async () => {
    const resolve = async (hostname: string) =>
      hostname === 'nat64-private.example'
        ? ['64:ff9b::a00:1']
        : hostname === 'nat64-public.example'
          ? ['64:ff9b::808:808']
          : ['93.184.215.14'];
    for (const url of [
      'https://[::127.0.0.1]/hook',
      'https://[64:ff9b::7f00:1]/hook',
      'https://[64:ff9b:1::7f00:1]/hook',
      'https://[2002:a9fe:a9fe::]/hook',
      'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook',
      'https://[2001:db8::1]/hook',
      'https://203.0.113.10/hook',
      'https://nat64-private.example/hook',
    ]) {
      const error = await refusal(
        createWebhookEndpoint(
          database.db,
          owner,
          { url, events: ['order.created'] },
          { allowPrivate: false, requireHttps: true, resolve },
        ),
      );
      expect(error, url).toMatchObject({ code: 'invalid', message: webhookTexts.urlPrivate });
    }
    expect(await listWebhookEndpoints(database.db, owner)).toEqual([]);

    for (const url of ['https://[64:ff9b::808:808]/hook', 'https://nat64-public.example/hook']) {
      const made = await createWebhookEndpoint(
        database.db,
        owner,
        { url, events: ['order.created'] },
        { allowPrivate: false, requireHttps: true, resolve },
      );
      expect(made.url, url).toBe(url);
    }
  });

  it('refuses localhost names, names that do not resolve and http:// in production when the endpoint is made', async () => {
    // Every name resolves to a public address here, or to nothing: the rules, not the address, refuse.
    const resolve = async (hostname: string) => {
      if (hostname === 'nowhere.example') {
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      }
      return hostname === 'empty.example' ? [] : ['93.184.215.14'];
    };
    const refused: [url: string, message: string][] = [
      ['https://localhost./hook', webhookTexts.urlPrivate],
      ['https://foo.localhost/hook', webhookTexts.urlPrivate],
      ['https://nowhere.example/hook', 'nowhere.example does not resolve; check the address'],
      ['https://empty.example/hook', 'empty.example does not resolve; check the address'],
      [
        'http://example.com/hook',
        "Webhook endpoints must use https:// (they carry customers' names, e-mails and mobiles)",
      ],
    ];
    for (const [url, message] of refused) {
      const error = await refusal(
        createWebhookEndpoint(
          database.db,
          owner,
          { url, events: ['order.created'] },
          { allowPrivate: false, requireHttps: true, resolve },
        ),
      );
      expect(error, url).toMatchObject({ code: 'invalid', message });
      expect(httpStatusOf[error.code], url).toBe(400);
    }
    expect(await listWebhookEndpoints(database.db, owner)).toEqual([]);

    // Outside production a plain-http endpoint is accepted.
    const plain = await createWebhookEndpoint(
      database.db,
      owner,
      { url: 'http://example.com/hook', events: ['order.created'] },
      { allowPrivate: false, requireHttps: false, resolve },
    );
    expect(plain.url).toBe('http://example.com/hook');
    await deleteWebhookEndpoint(database.db, owner, { endpointId: plain.id });

    // WEBHOOKS_ALLOW_PRIVATE lifts every one of these rules, for tests and local tools.
    for (const [url] of refused) {
      const made = await createWebhookEndpoint(
        database.db,
        owner,
        { url, events: ['order.created'] },
        { allowPrivate: true, requireHttps: true, resolve },
      );
      expect(made.url, url).toBe(url);
    }
    expect(await listWebhookEndpoints(database.db, owner)).toHaveLength(refused.length);
  });

  it('refuses at delivery a name that now resolves to NAT64 of a private address, and a localhost name unresolved', async () => {
    const local = await receiver();
    const port = new URL(local.url).port;
    const asked: string[] = [];
    const resolve = async (hostname: string) => {
      asked.push(hostname);
      return hostname === 'hooks.example.com' ? ['64:ff9b::7f00:1'] : ['127.0.0.1'];
    };
    const targets: [url: string, error: string][] = [
      [
        `http://hooks.example.com:${port}/hooks`,
        'hooks.example.com resolves to 64:ff9b::7f00:1, which is not a public address',
      ],
      [`http://[64:ff9b::7f00:1]:${port}/hooks`, '64:ff9b::7f00:1 is not a public address'],
      [`http://[::127.0.0.1]:${port}/hooks`, '::7f00:1 is not a public address'],
      [`http://hooks.localhost:${port}/hooks`, 'hooks.localhost is this machine'],
    ];
    for (const [url, expected] of targets) {
      // Made while the shop allowed private addresses; delivered after it stopped.
      const endpoint = await endpointFor(url, ['contact.created']);
      await emit('contact.created', new Date());
      const [delivery] = await deliveriesOf(endpoint.id);
      const outcome = await deliverWebhook(
        database.db,
        { deliveryId: delivery!.id },
        { now: new Date(), allowPrivate: false, resolve, timeoutMs: 2_000 },
      );
      expect(outcome, url).toBe('retry-scheduled');
      const [attempt] = await attemptsOf(delivery!.id);
      expect(attempt, url).toMatchObject({ responseStatus: null });
      expect(attempt!.error, url).toContain(expected);
      await database.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    }
    // A localhost name is refused before it is looked up.
    expect(asked).toEqual(['hooks.example.com']);
    expect(local.received).toEqual([]);
  });

  it('refuses a private address at delivery without the flag: a literal, localhost and a DNS answer', async () => {
    const local = await receiver();
    const port = new URL(local.url).port;
    const targets = [
      local.url,
      `http://localhost:${port}/hooks`,
      `http://[::ffff:127.0.0.1]:${port}/hooks`,
      `http://hooks.example.com:${port}/hooks`,
    ];
    for (const url of targets) {
      // Made while the shop allowed private addresses; delivered after it stopped.
      const endpoint = await endpointFor(url, ['contact.created']);
      await emit('contact.created', new Date());
      const [delivery] = await deliveriesOf(endpoint.id);
      const outcome = await deliverWebhook(
        database.db,
        { deliveryId: delivery!.id },
        // hooks.example.com resolves to this machine: the connection refuses it all the same.
        { now: new Date(), allowPrivate: false, resolve: async () => ['127.0.0.1'] },
      );
      expect(outcome, url).toBe('retry-scheduled');
      const [attempt] = await attemptsOf(delivery!.id);
      expect(attempt, url).toMatchObject({ responseStatus: null });
      expect(attempt!.error, url).toContain('not a public address');
      await database.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    }
    expect(local.received).toEqual([]);
  });

  it('follows no redirect: a 3xx is a failed attempt, and its target gets nothing', async () => {
    const target = await receiver();
    const redirecting = await receiver(() => ({
      status: 307,
      headers: { Location: target.url },
    }));
    const endpoint = await endpointFor(redirecting.url, ['contact.created']);
    await emit('contact.created', new Date());
    const [delivery] = await deliveriesOf(endpoint.id);
    const outcome = await deliverWebhook(
      database.db,
      { deliveryId: delivery!.id },
      { now: new Date(), allowPrivate: true },
    );
    expect(outcome).toBe('retry-scheduled');
    expect(redirecting.received).toHaveLength(1);
    expect(target.received).toEqual([]);
    const [attempt] = await attemptsOf(delivery!.id);
    expect(attempt).toMatchObject({ responseStatus: 307 });
    expect(attempt!.error).toContain('Redirects are not followed');
  });

  it('gives up on an answer that does not come within the timeout', async () => {
    const silent = createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const endpoint = await endpointFor(`http://127.0.0.1:${port}/`, ['contact.created']);
      await emit('contact.created', new Date());
      const [delivery] = await deliveriesOf(endpoint.id);
      const outcome = await deliverWebhook(
        database.db,
        { deliveryId: delivery!.id },
        { now: new Date(), allowPrivate: true, timeoutMs: 300 },
      );
      expect(outcome).toBe('retry-scheduled');
      const [attempt] = await attemptsOf(delivery!.id);
      expect(attempt).toMatchObject({ responseStatus: null });
      expect(attempt!.error).toContain('No complete answer within 0.3 s');
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('resends a delivery with the same webhook-id; lists deliveries with their attempts, and endpoints without secrets', async () => {
    const local = await receiver();
    const endpoint = await endpointFor(local.url, ['contact.created']);
    await createContactMessage(database.db, null, contactForm, new Date());
    const [delivery] = await deliveriesOf(endpoint.id);
    await deliverWebhook(
      database.db,
      { deliveryId: delivery!.id },
      { now: new Date(), allowPrivate: true },
    );

    const resent = await resendWebhookDelivery(
      database.db,
      owner,
      { deliveryId: delivery!.id },
      new Date(),
    );
    expect(resent).toEqual({ eventType: 'contact.created', url: local.url });
    const [, manual] = await deliveryJobs(delivery!.id);
    expect(manual?.data).toEqual({ deliveryId: delivery!.id, manual: true });
    expect(
      await deliverWebhook(database.db, manual!.data, { now: new Date(), allowPrivate: true }),
    ).toBe('succeeded');
    expect(local.received.map((request) => request.headers['webhook-id'])).toEqual([
      delivery!.id,
      delivery!.id,
    ]);

    const [listed] = await listWebhookDeliveries(database.db, owner, { endpointId: endpoint.id });
    expect(listed).toMatchObject({
      id: delivery!.id,
      eventType: 'contact.created',
      status: 'succeeded',
      attemptCount: 2,
    });
    expect(listed!.attempts.map((attempt) => attempt.responseStatus)).toEqual([200, 200]);
    const endpoints = await listWebhookEndpoints(database.db, owner);
    expect(JSON.stringify(endpoints)).not.toContain(endpoint.secret);
    expect(endpoints[0]).not.toHaveProperty('secret');

    await setWebhookEndpointEnabled(
      database.db,
      owner,
      { endpointId: endpoint.id, enabled: false },
      new Date(),
    );
    const error = await refusal(
      resendWebhookDelivery(database.db, owner, { deliveryId: delivery!.id }, new Date()),
    );
    expect(error.code).toBe('conflict');

    await deleteWebhookEndpoint(database.db, owner, { endpointId: endpoint.id });
    expect(await listWebhookEndpoints(database.db, owner)).toEqual([]);
    expect(await database.db.select().from(webhookDeliveries)).toEqual([]);
  });

  it('refuses every owner function to a visitor, a customer and an API key, changing nothing', async () => {
    const local = await receiver();
    const endpoint = await endpointFor(local.url, ['contact.created']);
    await createContactMessage(database.db, null, contactForm, new Date());
    const [delivery] = await deliveriesOf(endpoint.id);
    const snapshot = async () =>
      JSON.stringify([
        await database.db.select().from(webhookEndpoints),
        await database.db.select().from(webhookDeliveries),
        await database.db.select().from(webhookAttempts),
        await deliveryJobs(),
      ]);
    const before = await snapshot();
    const calls: [string, (actor: Actor) => Promise<unknown>][] = [
      [
        'createWebhookEndpoint',
        (actor) =>
          createWebhookEndpoint(
            database.db,
            actor,
            { url: local.url, events: ['order.created'] },
            { allowPrivate: true, requireHttps: false },
          ),
      ],
      ['listWebhookEndpoints', (actor) => listWebhookEndpoints(database.db, actor)],
      [
        'setWebhookEndpointEnabled',
        (actor) =>
          setWebhookEndpointEnabled(
            database.db,
            actor,
            { endpointId: endpoint.id, enabled: false },
            new Date(),
          ),
      ],
      [
        'deleteWebhookEndpoint',
        (actor) => deleteWebhookEndpoint(database.db, actor, { endpointId: endpoint.id }),
      ],
      [
        'listWebhookDeliveries',
        (actor) => listWebhookDeliveries(database.db, actor, { endpointId: endpoint.id }),
      ],
      [
        'resendWebhookDelivery',
        (actor) =>
          resendWebhookDelivery(database.db, actor, { deliveryId: delivery!.id }, new Date()),
      ],
    ];
    for (const [name, call] of calls) {
      expect((await refusal(call(null))).code, `${name} for a visitor`).toBe('unauthenticated');
      expect((await refusal(call(customer))).code, `${name} for a customer`).toBe('forbidden');
      expect((await refusal(call(ownersKey))).message, `${name} for an API key`).toBe(
        'This operation is not open to API keys.',
      );
    }
    expect(await snapshot()).toBe(before);
  });

  it('emits each event from the domain function that makes the change, without private keys', async () => {
    const local = await receiver();
    const endpoint = await endpointFor(local.url, [...webhookEventTypes]);
    const { db } = database;
    const product = await insertProduct(db, {
      name: 'Lotus Urli',
      priceMinor: 340_000,
      hsnCode: '7418',
    });
    const requestForm = {
      productId: product.id,
      quantity: '2',
      customerName: 'Meera Shah',
      customerMobile: '+91 94140 55555',
      customerEmail: 'meera@example.com',
    };
    const offerForm = {
      lines: [
        { productId: product.id, description: 'Lotus Urli', quantity: '2', unitPrice: '3400' },
      ],
      shipping: '0',
      discount: '0',
      gstRate: '12',
      validUntil: '2026-12-08',
      leadTimeDays: '',
      terms: '',
      note: '',
    };
    const address = {
      name: 'Meera Shah',
      streetAddress: '12 Lake Road',
      city: 'Udaipur',
      state: 'Rajasthan',
      postalCode: '313001',
      country: 'IN',
    };
    // Each step a second after the one before, so the deliveries sort in the order of the steps.
    let step = 0;
    const at = () => new Date(monday.getTime() + ++step * 1000);
    const request = await createQuotationRequest(db, null, requestForm, monday);
    const access = { reference: request.reference, key: request.accessKey };
    await sendOffer(
      db,
      owner,
      { quotationId: request.id, ...offerForm },
      at(),
      DEFAULT_SHOP_TIME_ZONE,
    );
    const { currentOffer } = await getQuoteForCustomer(
      db,
      null,
      access,
      at(),
      DEFAULT_SHOP_TIME_ZONE,
    );
    await askForChanges(
      db,
      null,
      { ...access, offerId: currentOffer!.id, body: 'Smaller?' },
      at(),
      DEFAULT_SHOP_TIME_ZONE,
    );
    await sendOffer(
      db,
      owner,
      { quotationId: request.id, ...offerForm },
      at(),
      DEFAULT_SHOP_TIME_ZONE,
    );
    await postShopMessage(db, owner, { quotationId: request.id, body: 'Revised.' }, at());
    await postCustomerMessage(db, null, { ...access, body: 'Thank you' }, at());
    const revised = (await getQuoteForCustomer(db, null, access, at(), DEFAULT_SHOP_TIME_ZONE))
      .currentOffer!;
    const order = await acceptOffer(
      db,
      null,
      { ...access, offerId: revised.id, paymentMethod: 'upi', ...address },
      at(),
      DEFAULT_SHOP_TIME_ZONE,
    );
    await submitPaymentReference(
      db,
      null,
      { orderId: order.orderId, ...access, paymentReference: '432156789012' },
      at(),
    );
    await setOrderStatus(
      db,
      owner,
      { orderId: order.orderId, action: 'confirm-payment', paymentReference: '432156789012' },
      at(),
    );
    // docs/requirements.md §23: the paid order's tax invoice, and its credit note when the order is cancelled
    await issueInvoice(db, owner, { orderId: order.orderId }, siteDefaults, at());
    // docs/requirements.md §24: cancelled with a refund of part of what was paid
    await refundOrder(
      db,
      owner,
      {
        orderId: order.orderId,
        action: 'cancel',
        refund: { amount: '1000', method: 'upi', reference: 'UTR612345678901' },
      },
      siteDefaults,
      at(),
    );

    const declined = await createQuotationRequest(db, null, requestForm, at());
    const declinedAccess = { reference: declined.reference, key: declined.accessKey };
    await sendOffer(
      db,
      owner,
      { quotationId: declined.id, ...offerForm },
      at(),
      DEFAULT_SHOP_TIME_ZONE,
    );
    const declinedOffer = (
      await getQuoteForCustomer(db, null, declinedAccess, at(), DEFAULT_SHOP_TIME_ZONE)
    ).currentOffer!;
    await declineOffer(
      db,
      null,
      { ...declinedAccess, offerId: declinedOffer.id, reason: 'Too dear' },
      at(),
      DEFAULT_SHOP_TIME_ZONE,
    );

    const expiring = await createQuotationRequest(db, null, requestForm, at());
    await sendOffer(
      db,
      owner,
      { quotationId: expiring.id, ...offerForm },
      at(),
      DEFAULT_SHOP_TIME_ZONE,
    );

    const direct = await createQuotationRequest(db, null, requestForm, at());
    await createOrderFromQuotation(
      db,
      owner,
      {
        quotationId: direct.id,
        quantity: '1',
        unitPrice: '1500',
        shipping: '0',
        tax: '0',
        paymentMethod: 'upi',
        ...address,
      },
      at(),
      DEFAULT_SHOP_TIME_ZONE,
    );
    // docs/requirements.md §24: a shipment of an order in processing
    const processing = await insertOrder(db, { status: 'processing', paymentStatus: 'paid' });
    const piece = await insertOrderItem(db, {
      orderId: processing.id,
      productId: product.id,
      productName: 'Lotus Urli',
      quantity: 2,
    });
    // docs/requirements.md §24: a making-of update of it, a note alone
    const update = await addProductionUpdate(
      db,
      owner,
      localMediaStorage(path.join(mkdtempSync(path.join(os.tmpdir(), 'hooks-media-')), 'media')),
      { orderId: processing.id, note: 'The inlay is half done.', photos: [] },
      at(),
    );
    const shippedAt = at();
    const { shipment } = await db.transaction((tx) =>
      recordShipment(
        tx,
        owner,
        {
          orderId: processing.id,
          shipment: {
            carrier: 'blue-dart',
            trackingNumber: '12345678901',
            trackingUrl: '',
            dispatchedOn: '2026-11-30',
            boxes: 1,
            pieces: [{ orderItemId: piece.id, quantity: 2 }],
          },
          photos: [],
        },
        shippedAt,
      ),
    );
    // docs/requirements.md §24: a shipped order delivered
    const shipped = await insertOrder(db, { status: 'shipped', paymentStatus: 'paid' });
    await applyOrderAction(
      db,
      owner,
      { orderId: shipped.id, action: 'deliver' },
      siteDefaults,
      at(),
    );
    // docs/requirements.md §24: the buyer of a delivered order asks to return a piece
    const returner = await insertUser(db);
    const delivered = await insertOrder(db, {
      userId: returner.id,
      status: 'delivered',
      paymentStatus: 'paid',
      deliveredAt: at(),
    });
    const returnedPiece = await insertOrderItem(db, {
      orderId: delivered.id,
      productId: product.id,
      productName: 'Lotus Urli',
      quantity: 2,
    });
    const asked = await requestReturn(
      db,
      { userId: returner.id, roles: [] },
      localMediaStorage(path.join(mkdtempSync(path.join(os.tmpdir(), 'hooks-media-')), 'media')),
      {
        orderId: delivered.id,
        request: {
          pieces: [{ orderItemId: returnedPiece.id, quantity: 1 }],
          reason: 'Dented',
          condition: true,
        },
        photos: [],
      },
      { now: at(), timeZone: DEFAULT_SHOP_TIME_ZONE },
    );
    await createContactMessage(db, null, contactForm, at());
    await subscribeToNewsletter(db, null, AUTH_SECRET, { email: 'asha@example.com' }, at());
    // An address already on the list is no event; one that comes back is.
    await subscribeToNewsletter(db, null, AUTH_SECRET, { email: 'asha@example.com' }, at());
    await unsubscribeFromNewsletter(db, null, AUTH_SECRET, {
      token: unsubscribeToken(AUTH_SECRET, 'asha@example.com'),
    });
    await subscribeToNewsletter(db, null, AUTH_SECRET, { email: 'asha@example.com' }, at());
    await expireOffers(db, new Date('2026-12-09T10:00:00Z'), DEFAULT_SHOP_TIME_ZONE);

    const deliveries = await deliveriesOf(endpoint.id);
    const events = deliveries.map((delivery) => delivery.eventType);
    expect(events).toEqual([
      'quotation.created',
      'offer.sent',
      'quotation.message',
      'offer.sent',
      'quotation.message',
      'quotation.message',
      'offer.accepted',
      'order.created',
      'order.payment_reference',
      'order.status_changed',
      'invoice.issued',
      // The cancel and its credit note share a moment; deliveries of one moment sort by type.
      'credit_note.issued',
      'order.refunded',
      'order.status_changed',
      'quotation.created',
      'offer.sent',
      'offer.declined',
      'quotation.created',
      'offer.sent',
      'quotation.created',
      'order.created',
      'order.production_update',
      'order.shipped',
      'order.delivered',
      'order.status_changed',
      'order.return_requested',
      'contact.created',
      'newsletter.subscribed',
      'newsletter.subscribed',
      'offer.expired',
    ]);
    // docs/decisions/019: every event of the contract is emitted here, and each stored body matches it.
    expect(new Set(events)).toEqual(new Set(webhookEventTypes));
    for (const delivery of deliveries) {
      expect(webhookPayloadProblem(delivery.payload), delivery.eventType).toBeNull();
    }
    const payloads = deliveries.map((delivery) => delivery.payload as WebhookPayload);
    expect(payloads[0]).toMatchObject({
      type: 'quotation.created',
      timestamp: monday.toISOString(),
      data: { quotationId: request.id, reference: request.reference, quantity: 2 },
    });
    expect(payloads[2]!.data).toMatchObject({
      author: 'customer',
      kind: 'changes-requested',
      body: 'Smaller?',
    });
    expect(payloads[3]!.data).toMatchObject({ version: 2, revised: true, totalMinor: 761_600 });
    expect(payloads[7]!.data).toMatchObject({
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      totalMinor: 761_600,
      paymentMethod: 'upi',
    });
    expect(payloads[9]!.data).toMatchObject({
      orderId: order.orderId,
      before: { status: 'pending', paymentStatus: 'pending' },
      after: { status: 'confirmed', paymentStatus: 'paid' },
    });
    expect(payloads[16]!.data).toMatchObject({ status: 'declined', reason: 'Too dear' });
    // An order the owner makes from a request says so in the same shape, without an offer.
    expect(payloads[20]!.data).toMatchObject({
      quotationId: direct.id,
      reference: direct.reference,
      offerId: null,
      status: 'pending',
      paymentStatus: null,
      paymentMethod: 'upi',
      subtotalMinor: 150_000,
      discountMinor: 0,
      totalMinor: 150_000,
    });
    expect(payloads[21]!.data).toEqual({
      orderId: processing.id,
      orderNumber: processing.orderNumber,
      updateId: update.id,
      note: 'The inlay is half done.',
      photoUrls: [],
    });
    expect(payloads[22]).toEqual({
      type: 'order.shipped',
      timestamp: shippedAt.toISOString(),
      data: {
        orderId: processing.id,
        orderNumber: processing.orderNumber,
        shipmentId: shipment.id,
        carrier: 'blue-dart',
        carrierName: 'Blue Dart',
        trackingNumber: '12345678901',
        trackingUrl:
          'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=12345678901',
        dispatchedOn: '2026-11-30',
        boxes: 1,
        pieces: [{ productName: 'Lotus Urli', quantity: 2 }],
        everyPieceShipped: true,
        photoUrls: [],
      },
    });
    expect(payloads[23]!.data).toMatchObject({
      orderId: shipped.id,
      orderNumber: shipped.orderNumber,
      confirmedBy: 'shop',
    });
    expect(payloads[25]!.data).toEqual({
      orderId: delivered.id,
      orderNumber: delivered.orderNumber,
      returnId: asked.id,
      pieces: [{ orderItemId: returnedPiece.id, productName: 'Lotus Urli', quantity: 1 }],
      reason: 'Dented',
      photoUrls: [],
    });
    expect(payloads.find((payload) => payload.type === 'order.refunded')!.data).toMatchObject({
      orderId: order.orderId,
      amountMinor: 100_000,
      method: 'upi',
      reference: 'UTR612345678901',
      paymentStatus: 'partly_refunded',
    });
    expect(payloads.at(-1)!.data).toMatchObject({
      quotationId: expiring.id,
      reference: expiring.reference,
      status: 'expired',
    });
    expect(payloads.at(-2)!.data).toMatchObject({ email: 'asha@example.com', resubscribed: true });
    // The private links' keys never leave the shop.
    const sent = JSON.stringify(payloads);
    for (const key of [
      request.accessKey,
      declined.accessKey,
      expiring.accessKey,
      direct.accessKey,
    ]) {
      expect(sent).not.toContain(key);
    }
  });
});
