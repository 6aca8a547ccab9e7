import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { newsletterSubscriptions } from '../../db/schema';
import { subscribeToNewsletter, unsubscribeFromNewsletter, unsubscribeToken } from './index';

const secret = 'test-secret-test-secret-test-secret!!';

describe(`newsletter sign-ups on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('subscribes once; the same address again is "already subscribed" and stays one row', async () => {
    const { db } = database;
    expect(
      await subscribeToNewsletter(db, null, secret, { email: ' Lata@Example.com', source: 'home' }),
    ).toBe('subscribed');
    expect(
      await subscribeToNewsletter(db, null, secret, {
        email: 'lata@example.com',
        source: 'footer',
      }),
    ).toBe('already-subscribed');
    const rows = await db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'lata@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.source).toBe('home');
  });

  it('welcomes back an address that had unsubscribed', async () => {
    const { db } = database;
    await subscribeToNewsletter(db, null, secret, { email: 'back@example.com', source: 'blog' });
    await db
      .update(newsletterSubscriptions)
      .set({ unsubscribedAt: new Date() })
      .where(eq(newsletterSubscriptions.email, 'back@example.com'));
    expect(
      await subscribeToNewsletter(db, null, secret, {
        email: 'back@example.com',
        source: 'footer',
      }),
    ).toBe('subscribed');
    const [row] = await db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'back@example.com'));
    expect(row?.unsubscribedAt).toBeNull();
  });

  it('rejects an invalid address and stores nothing', async () => {
    const { db } = database;
    await expect(
      subscribeToNewsletter(db, null, secret, { email: 'nope', source: 'home' }),
    ).rejects.toThrow('Please enter a valid email address');
    const rows = await db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'nope'));
    expect(rows).toEqual([]);
  });
});

describe(`newsletter unsubscribe on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('a genuine token unsubscribes its address; subscribing again re-activates it', async () => {
    const { db } = database;
    await subscribeToNewsletter(db, null, secret, { email: 'leave@example.com', source: 'home' });
    const token = unsubscribeToken(secret, 'leave@example.com');
    expect(await unsubscribeFromNewsletter(db, null, secret, { token })).toBe('unsubscribed');
    const [row] = await db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'leave@example.com'));
    expect(row?.unsubscribedAt).toBeInstanceOf(Date);
    expect(
      await subscribeToNewsletter(db, null, secret, {
        email: 'leave@example.com',
        source: 'footer',
      }),
    ).toBe('subscribed');
  });

  it('a forged token is rejected and changes nothing', async () => {
    const { db } = database;
    await subscribeToNewsletter(db, null, secret, { email: 'stay@example.com', source: 'home' });
    const forged = `${Buffer.from('stay@example.com').toString('base64url')}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    expect(await unsubscribeFromNewsletter(db, null, secret, { token: forged })).toBe('invalid');
    expect(
      await unsubscribeFromNewsletter(db, null, 'another-secret-another-secret-12', {
        token: unsubscribeToken(secret, 'stay@example.com'),
      }),
    ).toBe('invalid');
    expect(await unsubscribeFromNewsletter(db, null, secret, { token: 'garbage' })).toBe('invalid');
    const [row] = await db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'stay@example.com'));
    expect(row?.unsubscribedAt).toBeNull();
  });
});
