/**
 * docs/requirements.md §12 "Settings the owner edits", against a real database: environment > stored > default,
 * the refusal of a locked key, the activity entry, and the memo that follows `settings_changed`.
 * On PostgreSQL a second connection pool stands for another server process; PGlite notifies only
 * inside its own process, so there the other writer is a statement through the same handle.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { INVISIBLE_CHARACTERS_MESSAGE as INVISIBLE } from '../../../core/forms/form-text';
import { lockedSettingMessage, settingsTexts } from '../../../core/admin/settings';
import { loadConfig } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { activityLog, shopSettings } from '../../db/schema';
import { mailOfNotice, shopAtDelivery } from '../../worker';
import type { Actor } from '../actor';
import {
  getSettingsForOwner,
  invalidateSettings,
  readSiteSettings,
  updateSettings,
  watchSettings,
  type SettingsWatch,
} from './index';

const secret = 'settings-test-secret-settings-test-secret';
const config = loadConfig({ AUTH_SECRET: secret });
// The one variable the end-to-end journeys lock, with the default's value.
const lockedConfig = loadConfig({ AUTH_SECRET: secret, GSTIN: '08AAAAA0000A1Z2' });
const now = new Date('2026-11-24T10:00:00Z');

describe(`shop settings on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let owner: Actor;
  let ownerName: string;
  const customer: Actor = { userId: 'customer-1', roles: [] };

  const storedRows = () => database.db.select().from(shopSettings).orderBy(shopSettings.key);
  const settingsEntries = () =>
    database.db.select().from(activityLog).where(eq(activityLog.kind, 'settings'));

  beforeAll(async () => {
    database = await createTestDatabase();
    const user = await insertUser(database.db, { name: 'Devika Owner' });
    owner = { userId: user.id, roles: ['admin'] };
    ownerName = user.name;
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    // Without a notice (replica mode), so that none arrives late, in the middle of the next test;
    // the memo is dropped by hand instead.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(shopSettings);
    });
    invalidateSettings(database.db);
  });

  it('shows the defaults of content/site.ts until the owner stores a value', async () => {
    expect(await readSiteSettings(database.db, config)).toEqual(config.site);
    const forOwner = await getSettingsForOwner(database.db, owner, config);
    expect(forOwner.values.phone).toBe('+91 98290 00000');
    expect(forOwner.values.dailyDigest).toBe('on');
    expect(forOwner.lockedBy).toEqual({});
  });

  it('refuses a visitor and a customer before reading or writing anything', async () => {
    await expect(getSettingsForOwner(database.db, null, config)).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await expect(getSettingsForOwner(database.db, customer, config)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(
      updateSettings(database.db, customer, { phone: '+91 1111 111 111' }, config, now),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect(await storedRows()).toEqual([]);
  });

  it('stores only the changed keys, with who and when, and records before → after', async () => {
    const before = (await settingsEntries()).length;
    const saved = await updateSettings(
      database.db,
      owner,
      { ...config.site, phone: '+91 141 222 3333', dailyDigest: 'off' },
      config,
      now,
    );
    expect(saved.changed).toEqual(['phone', 'dailyDigest']);
    expect(
      (await storedRows()).map(({ key, value, updatedBy, updatedAt }) => ({
        key,
        value,
        updatedBy,
        updatedAt,
      })),
    ).toEqual([
      { key: 'dailyDigest', value: 'off', updatedBy: owner?.userId, updatedAt: now },
      { key: 'phone', value: '+91 141 222 3333', updatedBy: owner?.userId, updatedAt: now },
    ]);
    const site = await readSiteSettings(database.db, config);
    expect(site.phone).toBe('+91 141 222 3333');
    expect(site.dailyDigest).toBe('off');

    const entries = await settingsEntries();
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      actorName: ownerName,
      actorId: owner?.userId,
      summary: 'Settings updated',
      createdAt: now,
      changes: [
        { field: 'phone', before: '+91 98290 00000', after: '+91 141 222 3333' },
        { field: 'dailyDigest', before: 'on', after: 'off' },
      ],
    });

    // Saved again as it is: nothing is written and nothing is recorded.
    const again = await updateSettings(
      database.db,
      owner,
      { phone: '+91 141 222 3333' },
      config,
      now,
    );
    expect(again.changed).toEqual([]);
    expect(await settingsEntries()).toHaveLength(before + 1);
  });

  it('refuses a bad value with the form’s message, and changes nothing', async () => {
    const before = (await settingsEntries()).length;
    await expect(
      updateSettings(
        database.db,
        owner,
        { phone: '+91 141 222 3333', offerValidityDays: '120' },
        config,
        now,
      ),
    ).rejects.toMatchObject({ code: 'invalid', message: settingsTexts.validityInvalid });
    expect(await storedRows()).toEqual([]);
    expect(await settingsEntries()).toHaveLength(before);
  });

  it.each([
    [
      'an impossible rate date',
      { displayCurrencies: 'USD 83.50 2026-13-45' },
      'Please give the USD rate a real date: 2026-13-45 is not a day of the calendar',
    ],
    [
      'a rate dated tomorrow in the shop’s calendar',
      { displayCurrencies: 'USD 83.50\nGBP 110 2026-11-25' },
      'Please give the GBP rate a date no later than today (2026-11-24): 2026-11-25 is still to come',
    ],
    [
      'a rate dated in 2099',
      { displayCurrencies: 'USD 83.50 2099-01-01' },
      'Please give the USD rate a date no later than today (2026-11-24): 2099-01-01 is still to come',
    ],
    ['a shop name with a right-to-left override', { shopName: 'Kalakriti\u202E' }, INVISIBLE],
    ['a shop name with a zero-width space', { shopName: 'Kala\u200Bkriti' }, INVISIBLE],
    ['bank details with an isolate', { bankDetails: 'A/c 1234\u2067 IFSC' }, INVISIBLE],
  ])('refuses %s with its message, and changes nothing', async (_what, input, message) => {
    const before = (await settingsEntries()).length;
    await expect(updateSettings(database.db, owner, input, config, now)).rejects.toMatchObject({
      code: 'invalid',
      message,
    });
    expect(await storedRows()).toEqual([]);
    expect(await settingsEntries()).toHaveLength(before);
  });

  it('takes a rate dated today in the shop’s calendar, though it is still yesterday in UTC', async () => {
    // 20:00 UTC on the 24th is already the 25th in Asia/Kolkata.
    const evening = new Date('2026-11-24T20:00:00Z');
    const saved = await updateSettings(
      database.db,
      owner,
      { displayCurrencies: 'USD 83.50 2026-11-25' },
      config,
      evening,
    );
    expect(saved.values.displayCurrencies).toBe('USD 83.50 2026-11-25');
  });

  it('lets the environment win: a locked key is refused by name, and nothing is written', async () => {
    const before = (await settingsEntries()).length;
    expect((await getSettingsForOwner(database.db, owner, lockedConfig)).lockedBy).toEqual({
      gstin: 'GSTIN',
    });
    await expect(
      updateSettings(
        database.db,
        owner,
        { phone: '+91 141 222 3333', gstin: '27AAPFU0939F1ZV' },
        lockedConfig,
        now,
      ),
    ).rejects.toMatchObject({ code: 'invalid', message: lockedSettingMessage('gstin') });
    expect(lockedSettingMessage('gstin')).toContain('GSTIN');
    expect(await storedRows()).toEqual([]);
    expect(await settingsEntries()).toHaveLength(before);

    // A row written past the console (psql) does not beat the environment either.
    await database.db.insert(shopSettings).values({ key: 'gstin', value: '27AAPFU0939F1ZV' });
    expect((await readSiteSettings(database.db, lockedConfig)).gstin).toBe('08AAAAA0000A1Z2');
    expect((await readSiteSettings(database.db, config)).gstin).toBe('27AAPFU0939F1ZV');

    // The other fields of the same form save when the locked one is not posted.
    await updateSettings(database.db, owner, { phone: '+91 141 222 3333' }, lockedConfig, now);
    expect((await readSiteSettings(database.db, lockedConfig)).phone).toBe('+91 141 222 3333');
  });

  it('takes the shop time zone from the environment, locked, and refuses a zone that is none', async () => {
    expect((await readSiteSettings(database.db, config)).shopTimeZone).toBe('Asia/Kolkata');
    const torontoConfig = loadConfig({ AUTH_SECRET: secret, SHOP_TIME_ZONE: 'America/Toronto' });
    expect((await readSiteSettings(database.db, torontoConfig)).shopTimeZone).toBe(
      'America/Toronto',
    );
    expect((await getSettingsForOwner(database.db, owner, torontoConfig)).lockedBy).toEqual({
      shopTimeZone: 'SHOP_TIME_ZONE',
    });
    // docs/decisions/019: a zone nobody can read stops start-up with the variable named.
    expect(() => loadConfig({ AUTH_SECRET: secret, SHOP_TIME_ZONE: '+05:30' })).toThrow(
      `SHOP_TIME_ZONE ${settingsTexts.shopTimeZoneInvalid} (got "+05:30")`,
    );
    const before = (await settingsEntries()).length;
    await expect(
      updateSettings(database.db, owner, { shopTimeZone: 'Mars/Olympus' }, config, now),
    ).rejects.toMatchObject({ code: 'invalid', message: settingsTexts.shopTimeZoneInvalid });
    expect(await storedRows()).toEqual([]);
    expect(await settingsEntries()).toHaveLength(before);
  });

  it('mails the owner at the address in Settings as it is when the mail is delivered', async () => {
    const notice = {
      kind: 'webhook-endpoint-disabled' as const,
      url: 'https://hooks.example/shop',
      failingSince: '2026-11-21T10:00:00.000Z',
    };
    expect(
      (await mailOfNotice(database.db, notice, await shopAtDelivery(database.db, config), now))?.to,
    ).toBe('hello@kalakriti.example');
    await updateSettings(database.db, owner, { shopEmail: 'owner@kalakriti.example' }, config, now);
    expect(
      (await mailOfNotice(database.db, notice, await shopAtDelivery(database.db, config), now))?.to,
    ).toBe('owner@kalakriti.example');
  });

  describe('the memo of this process', () => {
    let writer: DatabaseHandle;
    let watch: SettingsWatch;

    beforeAll(async () => {
      writer =
        database.driver.kind === 'postgres' ? await openDatabase(database.driver.url) : database;
      watch = await watchSettings(database);
    });
    afterAll(async () => {
      await watch.stop();
      if (writer !== database) await writer.close();
    });

    const phone = async () => (await readSiteSettings(database.db, config)).phone;

    it('serves from memory until told, and drops the memo on invalidate()', async () => {
      expect(await phone()).toBe('+91 98290 00000');
      // A write the trigger does not see (replica mode), as a missed notice would be.
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.insert(shopSettings).values({ key: 'phone', value: '+91 100 000 0000' });
      });
      expect(await phone()).toBe('+91 98290 00000');
      watch.invalidate();
      expect(await phone()).toBe('+91 100 000 0000');
    });

    it('shows a change written by another process within a second, by its notice', async () => {
      expect(await phone()).toBe('+91 98290 00000');
      await writer.db.insert(shopSettings).values({ key: 'phone', value: '+91 200 000 0000' });
      await expect.poll(phone, { timeout: 1000, interval: 50 }).toBe('+91 200 000 0000');
    });

    it('shows the owner’s own save at once, without waiting for the notice', async () => {
      expect(await phone()).toBe('+91 98290 00000');
      await updateSettings(database.db, owner, { phone: '+91 300 000 0000' }, config, now);
      expect(await phone()).toBe('+91 300 000 0000');
    });
  });
});
