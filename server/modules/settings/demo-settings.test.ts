/**
 * docs/requirements.md §19 "The admin says what still needs setting", against a real database: the details the
 * admin shell's banner names follow what the owner saves and what the environment sets.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { siteDefaults } from '../../../content/site';
import {
  demoSettingsSentence,
  settingsStillDemo,
  shopContentStillDemo,
} from '../../../core/admin/demo-settings';
import { insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { loadConfig } from '../../config';
import { shopSettings } from '../../db/schema';
import type { Actor } from '../actor';
import { invalidateSettings, readSiteSettings, updateSettings, type SettingsConfig } from './index';

const secret = 'demo-settings-test-secret-demo-settings-test';
const config = loadConfig({ AUTH_SECRET: secret });
const now = new Date('2026-11-27T10:00:00Z');

describe(`the demo details still on offers, on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let owner: Actor;

  const demoLeft = async (settingsConfig: SettingsConfig = config) =>
    settingsStillDemo(
      await readSiteSettings(database.db, settingsConfig),
      siteDefaults,
      settingsConfig.siteLockedBy,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    const user = await insertUser(database.db, { name: 'Devika Owner' });
    owner = { userId: user.id, roles: ['admin'] };
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(shopSettings);
    });
    invalidateSettings(database.db);
  });

  it('names all six on a new shop; saving the UPI id takes it off, then the GSTIN', async () => {
    expect(await demoLeft()).toEqual([
      'upiId',
      'bankDetails',
      'gstin',
      'phone',
      'whatsappNumber',
      'shopEmail',
    ]);
    await updateSettings(database.db, owner, { upiId: 'devika@okhdfc' }, config, now);
    expect(await demoLeft()).toEqual([
      'bankDetails',
      'gstin',
      'phone',
      'whatsappNumber',
      'shopEmail',
    ]);
    await updateSettings(database.db, owner, { gstin: '27AAPFU0939F1ZV' }, config, now);
    expect(await demoLeft()).toEqual(['bankDetails', 'phone', 'whatsappNumber', 'shopEmail']);
  });

  it('keeps a detail the owner saved back to the demo value', async () => {
    await updateSettings(database.db, owner, { upiId: 'devika@okhdfc' }, config, now);
    await updateSettings(database.db, owner, { upiId: siteDefaults.upiId }, config, now);
    expect(await demoLeft()).toContain('upiId');
  });

  it('names the demo address, Instagram link, home page figures and newsletter line until each is the owner’s', async () => {
    const contentLeft = async () =>
      shopContentStillDemo(
        await readSiteSettings(database.db, config),
        siteDefaults,
        config.siteLockedBy,
      );
    expect(await contentLeft()).toEqual(['address', 'socialUrl', 'homeStats', 'newsletterLine']);
    await updateSettings(
      database.db,
      owner,
      { address: '14 Haveli Lane, Jaipur 302003', socialUrl: '' },
      config,
      now,
    );
    expect(await contentLeft()).toEqual(['homeStats', 'newsletterLine']);
    // Three tiles of four are not enough: the fourth still shows the demo's figure.
    await updateSettings(
      database.db,
      owner,
      { homeStat1Value: '31', homeStat2Label: 'Years carving', homeStat3Value: '40+' },
      config,
      now,
    );
    expect(await contentLeft()).toEqual(['homeStats', 'newsletterLine']);
    await updateSettings(
      database.db,
      owner,
      { homeStat4Label: 'Made by hand in Banswara', newsletterLine: '' },
      config,
      now,
    );
    expect(await contentLeft()).toEqual([]);
    await updateSettings(
      database.db,
      owner,
      {
        upiId: 'devika@okhdfc',
        bankDetails: 'Devika Crafts · A/c 123456789012 · IFSC HDFC0001234',
        gstin: '27AAPFU0939F1ZV',
        phone: '+91 141 222 3333',
        whatsappNumber: '911412223333',
        shopEmail: 'orders@shop.in',
      },
      config,
      now,
    );
    // Nothing of the demo's left: the banner goes.
    expect(demoSettingsSentence(await demoLeft(), await contentLeft())).toBeNull();
  });

  it('counts a detail the environment sets as set, even to the demo value', async () => {
    const locked = loadConfig({
      AUTH_SECRET: secret,
      GSTIN: siteDefaults.gstin,
      SHOP_EMAIL: 'orders@shop.in',
    });
    expect(await demoLeft(locked)).toEqual(['upiId', 'bankDetails', 'phone', 'whatsappNumber']);
  });
});
