import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/database';
import { mailQueueFrom } from '../../tests/support/queued-mail';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { profiles, wishlistItems } from '../db/schema';
import type { Actor } from '../modules/actor';
import {
  priceDropUnsubscribeAddress,
  priceDropUnsubscribePath,
  readPriceDropAlerts,
  setPriceDropAlerts,
  toggleWishlist,
  unsubscribeFromPriceDropAlerts,
} from '../modules/account';
import { JOB_SCHEMA } from '../modules/jobs';
import { unsubscribeToken } from '../modules/newsletter';
import { createProduct, updateProduct } from '../modules/products';
import { alertPriceDrop } from './alert-price-drop';

const config = loadConfig({
  AUTH_SECRET: 'price-drop-test-secret-price-drop-test',
  PUBLIC_URL: 'https://shop.example',
});
const HOUR = 3_600_000;
const t0 = new Date('2026-11-27T10:00:00Z');
const after = (hours: number) => new Date(t0.getTime() + hours * HOUR);

const productForm = {
  name: 'Lotus Brass Urli',
  description: 'A wide brass bowl for floating flowers.',
  category: 'divine',
  material: 'Brass',
  inStock: 'on',
  published: 'on',
};

interface AlertJob {
  id: string;
  data: { productId: string };
  start_after: string | Date;
}

/** The price-drop jobs waiting in the queue, as the worker would find them. */
async function waitingAlerts(db: Database): Promise<AlertJob[]> {
  const result = await db.execute(
    sql.raw(
      `select id::text as id, data, start_after from ${JOB_SCHEMA}.job
       where name = 'price-drop-alert' and state = 'created' order by start_after, id`,
    ),
  );
  return result.rows as unknown as AlertJob[];
}

/** Works every alert job due at `now`, as the worker would at that time. */
async function workAlertsDue(db: Database, now: Date): Promise<number> {
  let worked = 0;
  for (const job of await waitingAlerts(db)) {
    if (new Date(job.start_after).getTime() > now.getTime()) continue;
    await alertPriceDrop(db, config.authSecret, job.data, now);
    await db.execute(
      sql`update ${sql.raw(`${JOB_SCHEMA}.job`)} set state = 'completed' where id = ${job.id}::uuid`,
    );
    worked += 1;
  }
  return worked;
}

describe(`price-drop alerts on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let admin: Actor;
  const wishers: Record<'asha' | 'bala' | 'chitra' | 'dev', { actor: Actor; email: string }> =
    {} as never;
  let productId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    admin = { userId: (await insertUser(db)).id, roles: ['admin'] };
    const product = await createProduct(db, admin, { ...productForm, price: '1000' });
    productId = product.id;
    for (const name of ['asha', 'bala', 'chitra', 'dev'] as const) {
      const user = await insertUser(db, { name });
      wishers[name] = { actor: { userId: user.id, roles: [] }, email: user.email };
      await toggleWishlist(db, wishers[name].actor, { productId });
    }
    // dev added it when it cost ₹900 already (at the price it will drop to)
    await db
      .update(wishlistItems)
      .set({ priceWhenAddedMinor: 90_000 })
      .where(eq(wishlistItems.userId, wishers.dev.actor!.userId));
  });
  afterAll(async () => {
    await database.destroy();
  });

  const setPrice = (price: string, now: Date) =>
    updateProduct(database.db, admin, { ...productForm, id: productId, price }, now);

  it('keeps the setting on by default, and the dashboard form turns it off and on', async () => {
    const { db } = database;
    const chitra = wishers.chitra.actor;
    expect(await readPriceDropAlerts(db, chitra)).toBe(true);
    // An unticked checkbox posts nothing
    await expect(setPriceDropAlerts(db, chitra, {})).resolves.toEqual({ priceDropAlerts: false });
    expect(await readPriceDropAlerts(db, chitra)).toBe(false);
    await setPriceDropAlerts(db, chitra, { priceDropAlerts: 'on' });
    expect(await readPriceDropAlerts(db, chitra)).toBe(true);
    await setPriceDropAlerts(db, chitra, {});
    await expect(setPriceDropAlerts(db, null, { priceDropAlerts: 'on' })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await expect(readPriceDropAlerts(db, null)).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it('mails each wisher once for two drops within an hour, with the latest price', async () => {
    const { db } = database;
    const queue = await mailQueueFrom(db, config);
    await setPrice('950', t0);
    await setPrice('900', after(0.5));
    // The second drop is folded into the alert the first one queued, an hour after it.
    const waiting = await waitingAlerts(db);
    expect(waiting).toHaveLength(1);
    expect(new Date(waiting[0]!.start_after).toISOString()).toBe(after(1).toISOString());
    expect(await workAlertsDue(db, after(0.9))).toBe(0);
    expect(await queue.mails()).toEqual([]);
    expect(await workAlertsDue(db, after(1))).toBe(1);
    const mails = await queue.mails();
    // chitra turned the setting off; dev holds it at the new price: neither is mailed.
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [wishers.asha.email, wishers.bala.email].sort(),
    );
    for (const mail of mails) {
      expect(mail.subject).toBe('A piece on your wishlist is now ₹900 (was ₹1,000)');
      expect(mail.text).toContain('Lotus Brass Urli');
      expect(mail.text).toContain(`https://shop.example/product/${productId}`);
      expect(mail.headers?.['List-Unsubscribe']).toMatch(
        /^<https:\/\/shop\.example\/price-drop-alerts\/unsubscribe\?token=[\w-]+\.[\w-]+>$/,
      );
    }
    const [item] = await db
      .select()
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, wishers.asha.actor!.userId));
    expect(item).toMatchObject({ alertedPriceMinor: 90_000, alertedAt: after(1) });
    // A second run of the same job (a retry) mails nobody again.
    await alertPriceDrop(db, config.authSecret, { productId }, after(1.1));
    expect(await queue.mails()).toHaveLength(2);
  });

  it('folds a lower drop within the day into one mail when the day is over', async () => {
    const { db } = database;
    const queue = await mailQueueFrom(db, config);
    await setPrice('850', after(2));
    expect(await workAlertsDue(db, after(3))).toBe(1);
    // dev, who added it at ₹900, is told now; asha and bala, told of ₹900 at hour 1, wait.
    let mails = await queue.mails();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [wishers.dev.email, 'A piece on your wishlist is now ₹850 (was ₹900)'],
    ]);
    await setPrice('800', after(4));
    expect(await workAlertsDue(db, after(5))).toBe(1);
    expect(await workAlertsDue(db, after(24.9))).toBe(0);
    expect(await queue.mails()).toHaveLength(1);
    // The day since their last mail is over: one mail with the last price.
    expect(await workAlertsDue(db, after(25))).toBe(1);
    mails = (await queue.mails()).slice(1);
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [wishers.asha.email, wishers.bala.email].sort(),
    );
    for (const mail of mails) {
      expect(mail.subject).toBe('A piece on your wishlist is now ₹800 (was ₹1,000)');
    }
    expect(await workAlertsDue(db, after(27))).toBe(1);
    mails = (await queue.mails()).slice(3);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [wishers.dev.email, 'A piece on your wishlist is now ₹800 (was ₹900)'],
    ]);
    expect(await waitingAlerts(db)).toEqual([]);
  });

  it('sends nothing for a rise', async () => {
    const { db } = database;
    const queue = await mailQueueFrom(db, config);
    await setPrice('1200', after(30));
    expect(await waitingAlerts(db)).toEqual([]);
    await alertPriceDrop(db, config.authSecret, { productId }, after(31));
    expect(await queue.mails()).toEqual([]);
  });

  it('turns the setting off by the mail’s signed link, and a forged link changes nothing', async () => {
    const { db } = database;
    const queue = await mailQueueFrom(db, config);
    await setPrice('700', after(60));
    await workAlertsDue(db, after(61));
    const mail = (await queue.mails()).find((sent) => sent.to === wishers.asha.email);
    const link = /<([^>]+)>/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    // The account module made the link in the mail's transaction; the queued notice carries it.
    const path = priceDropUnsubscribePath(config.authSecret, wishers.asha.actor!.userId);
    expect(link).toBe(`${config.publicUrl}${path}`);
    const jobs = await db.execute(
      sql`select data->>'unsubscribePath' as path from ${sql.raw(`${JOB_SCHEMA}.job`)}
          where name = 'mail' and data->>'userId' = ${wishers.asha.actor!.userId}`,
    );
    expect(jobs.rows.length).toBeGreaterThan(0);
    expect(jobs.rows.every((row) => row.path === path)).toBe(true);
    const token = new URL(link).searchParams.get('token') ?? '';
    // Opening the link only asks: nothing changes before the POST.
    expect(await priceDropUnsubscribeAddress(db, config.authSecret, token)).toBe(
      wishers.asha.email,
    );
    expect(await readPriceDropAlerts(db, wishers.asha.actor)).toBe(true);
    // A token for bala signed with another secret, or asha's altered, is refused.
    const forged = `${Buffer.from(wishers.bala.actor!.userId).toString('base64url')}.${token.split('.')[1]}`;
    await expect(
      unsubscribeFromPriceDropAlerts(db, null, config.authSecret, { token: forged }),
    ).resolves.toBe('invalid');
    expect(await priceDropUnsubscribeAddress(db, config.authSecret, forged)).toBeNull();
    expect(await readPriceDropAlerts(db, wishers.bala.actor)).toBe(true);
    await expect(
      unsubscribeFromPriceDropAlerts(db, null, 'another-secret-another-secret-another', {
        token,
      }),
    ).resolves.toBe('invalid');
    expect(await readPriceDropAlerts(db, wishers.asha.actor)).toBe(true);
    // The newsletter's token of the same text, signed for its own purpose, is no token here.
    const newsletterToken = unsubscribeToken(config.authSecret, wishers.asha.actor!.userId);
    await expect(
      unsubscribeFromPriceDropAlerts(db, null, config.authSecret, { token: newsletterToken }),
    ).resolves.toBe('invalid');
    expect(await readPriceDropAlerts(db, wishers.asha.actor)).toBe(true);
    await expect(
      unsubscribeFromPriceDropAlerts(db, null, config.authSecret, { token }),
    ).resolves.toBe('unsubscribed');
    expect(await readPriceDropAlerts(db, wishers.asha.actor)).toBe(false);
    const [profile] = await db
      .select({ on: profiles.priceDropAlerts })
      .from(profiles)
      .where(and(eq(profiles.userId, wishers.asha.actor!.userId)));
    expect(profile?.on).toBe(false);
    // The next drop tells bala and not asha.
    await setPrice('600', after(90));
    await workAlertsDue(db, after(91));
    const next = (await queue.mails()).slice(3);
    expect(next.map((sent) => sent.to).sort()).toEqual(
      [wishers.bala.email, wishers.dev.email].sort(),
    );
  });
});
