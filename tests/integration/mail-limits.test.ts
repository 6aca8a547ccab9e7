/**
 * docs/requirements.md §13: which mails a limit may hold (decision 017), counted in the outbox of two job
 * workers sharing one database, as two server processes would. The shop's own answers to a
 * customer are never limited; a stranger flooding one address with guest quotations gets at most
 * the limit delivered, the rest held on Failed Work, and the owner hears of every request.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER, createAuth, type Auth } from '../../server/auth';
import { loadConfig } from '../../server/config';
import { shopSettings } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import type { Actor } from '../../server/modules/actor';
import { DomainError } from '../../server/modules/errors';
import {
  sendVerificationEmail,
  signIn,
  signUp,
  type IdentityExchange,
} from '../../server/modules/identity';
import { JOB_SCHEMA, type JobWorker } from '../../server/modules/jobs';
import { listFailedWork, sendHeldMailNow } from '../../server/modules/jobs/failed-work';
import { setOrderStatus } from '../../server/modules/orders';
import {
  createQuotationRequest,
  getQuoteForCustomer,
  sendOffer,
} from '../../server/modules/quotations';
import { databaseRateLimiter } from '../../server/modules/rate-limit';
import { startDeliveries } from '../../server/worker';
import { insertProduct } from '../factories';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import { acceptOffer } from '../../server/flows/accept-offer';
import { submitPaymentReference } from '../../server/flows/submit-payment-reference';
import { DEFAULT_SHOP_TIME_ZONE } from '../../core/time/shop-calendar';

const PUBLIC_URL = 'http://shop.test';
const SHOP_EMAIL = 'hello@kalakriti.example';
const PASSWORD = 'Marble#Lotus9';
const admin: Actor = { userId: 'mail-limits-admin', roles: ['admin'] };

/** The .eml files of the outbox addressed to `to`. */
function deliveredTo(outbox: string, to: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .filter((eml) => eml.toLowerCase().includes(`\nto: ${to.toLowerCase()}\n`));
}

describe(`the mail limits on ${testDatabaseKind}, with two workers`, () => {
  let database: TestDatabase;
  let outbox: string;
  let auth: Auth;
  const workers: JobWorker[] = [];
  const config = (dataDir: string) =>
    loadConfig({
      NODE_ENV: 'test',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      PUBLIC_URL,
      SHOP_EMAIL,
      MAIL_RATE_LIMIT: '5',
      AUTH_RATE_LIMIT: '1000',
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    // The owner's daily digest goes out at the first 10-minute tick after 09:00 shop time that
    // finds requests waiting: a mail to the owner no request of these tests caused, which made
    // the owner's count one too many when a tick fell inside a test.
    await database.db.insert(shopSettings).values({ key: 'dailyDigest', value: 'off' });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mail-limits-'));
    outbox = path.join(dataDir, 'outbox');
    const shop = config(dataDir);
    const logger = createLogger('silent');
    for (let index = 0; index < 2; index += 1) {
      workers.push(await startDeliveries({ database, config: shop, logger }));
    }
    auth = createAuth({
      db: database.db,
      config: shop,
      sms: { enabled: false, send: async () => {}, sendLater: () => {} },
      rateLimiter: databaseRateLimiter(database.db),
      logger,
    });
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await database.destroy();
  });

  /** Waits until no mail is waiting or being delivered. */
  async function allDelivered(): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const result = await database.db.execute(
        sql`select count(*)::int as count from ${sql.raw(JOB_SCHEMA)}.job
            where name = 'mail' and state in ('created', 'retry', 'active')`,
      );
      if (Number((result.rows[0] as { count: number }).count) === 0) return;
      if (Date.now() > deadline) throw new Error('the mail queue did not empty');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** `count` quotation requests made without signing in, each naming `email`. */
  async function guestRequestsNaming(email: string, count: number): Promise<void> {
    const product = await insertProduct(database.db, { name: 'Brass Diya' });
    for (let index = 0; index < count; index += 1) {
      await createQuotationRequest(database.db, null, {
        productId: product.id,
        quantity: '1',
        customerName: 'Anonymous',
        customerMobile: '+91 90000 00000',
        customerEmail: email,
      });
    }
  }

  function exchange(cookie?: string): IdentityExchange {
    const headers = new Headers({ Origin: PUBLIC_URL, [CLIENT_ADDRESS_HEADER]: '203.0.113.7' });
    if (cookie) headers.set('Cookie', cookie);
    return { headers, replyHeaders: new Headers() };
  }

  it('delivers every mail of a quote cycle with two revisions, a payment and a verification resend', async () => {
    const customer = 'meera@example.com';
    const product = await insertProduct(database.db, { name: 'Lotus Urli', priceMinor: 125_050 });
    const request = await createQuotationRequest(database.db, null, {
      productId: product.id,
      quantity: '2',
      customerName: 'Meera Shah',
      customerMobile: '+91 94140 55555',
      customerEmail: customer,
    });
    const now = new Date();
    const offer = (unitPrice: string) => ({
      quotationId: request.id,
      lines: [{ productId: '', description: 'Lotus Urli', quantity: '2', unitPrice }],
      shipping: '500',
      discount: '0',
      gstRate: '12',
      validUntil: new Date(now.getTime() + 14 * 86_400_000).toISOString().slice(0, 10),
      leadTimeDays: '21',
      terms: '50% advance',
      note: '',
    });
    // The offer, and two revisions of it.
    await sendOffer(database.db, admin, offer('10000'), now, DEFAULT_SHOP_TIME_ZONE);
    await sendOffer(database.db, admin, offer('9500'), now, DEFAULT_SHOP_TIME_ZONE);
    await sendOffer(database.db, admin, offer('9000'), now, DEFAULT_SHOP_TIME_ZONE);
    const access = { reference: request.reference, key: request.accessKey };
    const quote = await getQuoteForCustomer(database.db, null, access, now, DEFAULT_SHOP_TIME_ZONE);
    const accepted = await acceptOffer(
      database.db,
      null,
      {
        ...access,
        offerId: quote.currentOffer!.id,
        paymentMethod: 'upi',
        streetAddress: '12 Lake Road',
        city: 'Udaipur',
        state: 'Rajasthan',
        postalCode: '313001',
        country: 'India',
      },
      now,
      DEFAULT_SHOP_TIME_ZONE,
    );
    await submitPaymentReference(
      database.db,
      null,
      { ...access, orderId: accepted.orderId, paymentReference: '432156789012' },
      now,
    );
    await setOrderStatus(
      database.db,
      admin,
      { orderId: accepted.orderId, action: 'confirm-payment', paymentReference: '432156789012' },
      now,
    );
    // She signs up with the same address, and asks for the verification link again.
    await signUp(auth, exchange(), {
      name: 'Meera',
      email: customer,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const signedIn = exchange();
    await signIn(auth, signedIn, { email: customer, password: PASSWORD });
    const cookie = signedIn.replyHeaders
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    await sendVerificationEmail(auth, exchange(cookie), { email: customer, emailVerified: false });
    await allDelivered();

    const subjects = deliveredTo(outbox, customer).map(
      (eml) => eml.match(/^Subject: (.*)$/m)?.[1] ?? '',
    );
    // The confirmation, three offers, the acceptance, the payment, the sign-up's link and the resend.
    expect(subjects).toHaveLength(8);
    expect(subjects.filter((subject) => subject.startsWith('Your quotation '))).toHaveLength(3);
    expect(subjects.filter((subject) => subject.startsWith('Verify your '))).toHaveLength(2);
    expect(subjects.some((subject) => subject.startsWith('Payment confirmed for '))).toBe(true);
    expect(
      (await listFailedWork(database.db, admin)).filter((item) => item.state === 'held'),
    ).toEqual([]);
  });

  it('refuses a sixth verification resend in an hour from one network with 429, and sends nothing for it', async () => {
    const email = `asha-${randomBytes(4).toString('hex')}@example.com`;
    await signUp(auth, exchange(), {
      name: 'Asha',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const signedIn = exchange();
    await signIn(auth, signedIn, { email, password: PASSWORD });
    const cookie = signedIn.replyHeaders
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    for (let index = 0; index < 5; index += 1) {
      await sendVerificationEmail(auth, exchange(cookie), { email, emailVerified: false });
    }
    const refused = await sendVerificationEmail(auth, exchange(cookie), {
      email,
      emailVerified: false,
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('rate_limited');
    // All six asked from one network: that network is refused (docs/decisions/017).
    expect((refused as DomainError).message).toMatch(
      /^Too many e-mails to this address were asked for from your network\. Try again in \d+ minutes?\.$/,
    );
    await allDelivered();
    // The sign-up's link (counted with strangers' mails) and five resends (the account's own).
    expect(deliveredTo(outbox, email)).toHaveLength(6);
  });

  // docs/decisions/017 (amended): a guest's quotations naming an address no longer use up the
  // sign-up of its holder.
  it('still sends the verification link of a sign-up after five guest quotations named its address', async () => {
    const email = `named-${randomBytes(4).toString('hex')}@example.com`;
    await guestRequestsNaming(email, 5);
    await allDelivered();
    expect(deliveredTo(outbox, email)).toHaveLength(5);

    await signUp(auth, exchange(), {
      name: 'Named',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    await allDelivered();
    const subjects = deliveredTo(outbox, email).map(
      (eml) => eml.match(/^Subject: (.*)$/m)?.[1] ?? '',
    );
    expect(subjects.filter((subject) => subject.startsWith('Verify your '))).toHaveLength(1);
  });

  it('holds what a flood of guest quotations would send one address beyond the limit, and tells the owner of every one', async () => {
    const stranger = 'stranger@example.com';
    const ownerBefore = deliveredTo(outbox, SHOP_EMAIL).length;
    await guestRequestsNaming(stranger, 20);
    await allDelivered();
    expect(deliveredTo(outbox, stranger)).toHaveLength(5);
    expect(deliveredTo(outbox, SHOP_EMAIL).length - ownerBefore).toBe(20);

    const held = (await listFailedWork(database.db, admin)).filter((item) => item.kind === 'held');
    expect(held).toHaveLength(15);
    for (const item of held) {
      expect(item.lastError).toBe(
        'Held: stranger@example.com reached the limit of 5 mails an hour',
      );
    }
    expect((await workers[0]!.health()).held).toBe(15);

    // The owner sends one now: it is delivered, whatever the limit says.
    await sendHeldMailNow(database.db, admin, { id: held[0]!.id }, new Date());
    await allDelivered();
    expect(deliveredTo(outbox, stranger)).toHaveLength(6);
    expect((await workers[0]!.health()).held).toBe(14);
  });
});
