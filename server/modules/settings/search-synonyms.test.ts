/**
 * docs/requirements.md §20 "From a row the owner can add a synonym group in one step", against a real database:
 * the owner only, checked first; the words added to the chosen line of the `searchSynonyms`
 * setting (or as a new group) with an activity entry, in one transaction; a word the group holds
 * already, a bad input or a value the environment sets changes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import {
  DEFAULT_SEARCH_SYNONYMS,
  listSynonymGroups,
  parseSynonymGroups,
  synonymTexts,
} from '../../../core/search/search-synonyms';
import { lockedSettingMessage } from '../../../core/admin/settings';
import { loadConfig } from '../../config';
import { activityLog, shopSettings } from '../../db/schema';
import type { Actor } from '../actor';
import { addSearchSynonym, invalidateSettings, readSiteSettings } from './index';

const secret = 'synonym-test-secret-synonym-test-secret';
const config = loadConfig({ AUTH_SECRET: secret });
const lockedConfig = loadConfig({ AUTH_SECRET: secret, SEARCH_SYNONYMS: 'urli, uruli' });
const now = new Date('2026-11-27T10:00:00Z');

const candleHolders = listSynonymGroups(DEFAULT_SEARCH_SYNONYMS).find(
  (group) => group.words[0] === 'candle holder',
)!;

describe(`adding a search synonym on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let owner: Actor;
  const customer: Actor = { userId: 'customer-1', roles: [] };

  const storedRows = () => database.db.select().from(shopSettings);
  const synonymEntries = () =>
    database.db.select().from(activityLog).where(eq(activityLog.kind, 'settings'));
  const synonymsNow = async () => (await readSiteSettings(database.db, config)).searchSynonyms;

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

  const add = (input: unknown, actor: Actor = owner, settingsConfig = config) =>
    addSearchSynonym(database.db, actor, input, settingsConfig, now);

  it('starts from the defaults, candle holders without "votive"', async () => {
    expect(await synonymsNow()).toBe(DEFAULT_SEARCH_SYNONYMS);
    expect(candleHolders.words).toEqual(['candle holder', 'tealight holder', 'tea light holder']);
  });

  it('refuses a visitor, a customer and a key without the settings scope before anything', async () => {
    const input = { group: String(candleHolders.line), words: 'votive' };
    await expect(add(input, null)).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(add(input, customer)).rejects.toMatchObject({ code: 'forbidden' });
    // Even an input that is no form: who asks is checked before what is asked.
    await expect(add('nonsense', customer)).rejects.toMatchObject({ code: 'forbidden' });
    const key: Actor = { ...owner!, apiKey: { id: 'key-1', scopes: ['catalogue:write'] } };
    await expect(add(input, key)).rejects.toMatchObject({ code: 'forbidden' });
    expect(await storedRows()).toEqual([]);
  });

  it('adds "votive" to the candle holders, with who and when, and records it', async () => {
    const before = (await synonymEntries()).length;
    const added = await add({ group: String(candleHolders.line), words: ' Votive ' });
    expect(added).toMatchObject({
      added: ['votive'],
      groupAfter: ['candle holder', 'tealight holder', 'tea light holder', 'votive'],
      notice: 'Added “votive” to the group “candle holder, …”.',
    });
    const after = await synonymsNow();
    expect(parseSynonymGroups(after)).toContainEqual([
      'candle holder',
      'tealight holder',
      'tea light holder',
      'votive',
    ]);
    // Every other line is as it was.
    expect(after.replace(', votive', '')).toBe(DEFAULT_SEARCH_SYNONYMS);
    expect(
      (await storedRows()).map(({ key, updatedBy, updatedAt }) => ({ key, updatedBy, updatedAt })),
    ).toEqual([{ key: 'searchSynonyms', updatedBy: owner?.userId, updatedAt: now }]);
    const entries = await synonymEntries();
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      actorId: owner?.userId,
      summary: 'Added “votive” to the group “candle holder, …”.',
      changes: [{ field: 'searchSynonyms', before: DEFAULT_SEARCH_SYNONYMS, after }],
    });

    // The same word again changes nothing and records nothing.
    const again = await add({ group: String(candleHolders.line), words: 'votive' });
    expect(again).toMatchObject({
      added: [],
      notice: '“votive” is already in the group “candle holder, …”.',
    });
    expect(await synonymsNow()).toBe(after);
    expect(await synonymEntries()).toHaveLength(before + 1);
  });

  it('adds a new group at the end', async () => {
    const added = await add({ group: 'new', words: 'tealight, tea light, votive' });
    expect(added.notice).toBe('Added the group “tealight, tea light, votive”.');
    expect(await synonymsNow()).toBe(`${DEFAULT_SEARCH_SYNONYMS}\ntealight, tea light, votive`);
  });

  it('refuses a bad input or a line that is no group with a clear message, and writes nothing', async () => {
    const before = (await synonymEntries()).length;
    await expect(add({ group: 'new', words: 'votive' })).rejects.toMatchObject({
      code: 'invalid',
      message: synonymTexts.newGroupTooSmall,
    });
    await expect(add({ group: '0', words: 'x'.repeat(41) })).rejects.toMatchObject({
      code: 'invalid',
      message: synonymTexts.wordTooLong,
    });
    await expect(add({ group: '999', words: 'votive' })).rejects.toMatchObject({
      code: 'invalid',
      message: synonymTexts.groupGone,
    });
    await expect(add({ group: 'some', words: 'votive' })).rejects.toMatchObject({
      code: 'invalid',
      message: synonymTexts.groupInvalid,
    });
    expect(await storedRows()).toEqual([]);
    expect(await synonymEntries()).toHaveLength(before);
  });

  it('refuses a text that would pass 2000 characters', async () => {
    const full = `urli, uruli\n${'ab, cd\n'.repeat(300)}`.slice(0, 1996);
    await database.db.insert(shopSettings).values({ key: 'searchSynonyms', value: full });
    await expect(add({ group: '0', words: 'votive' })).rejects.toMatchObject({
      code: 'invalid',
      message: synonymTexts.textTooLong,
    });
    expect((await storedRows())[0]?.value).toBe(full);
  });

  it('refuses every change when the environment sets the synonyms', async () => {
    expect((await readSiteSettings(database.db, lockedConfig)).searchSynonyms).toBe('urli, uruli');
    await expect(add({ group: '0', words: 'urlee' }, owner, lockedConfig)).rejects.toMatchObject({
      code: 'invalid',
      message: lockedSettingMessage('searchSynonyms'),
    });
    expect(lockedSettingMessage('searchSynonyms')).toBe(
      'Search synonyms is set by the environment variable SEARCH_SYNONYMS and cannot be changed here.',
    );
    expect(await storedRows()).toEqual([]);
  });
});
