/**
 * docs/requirements.md §12 "Settings the owner edits": the shop's name, contact details, payment details, offer
 * defaults and the digest switch. Effective value of each: the environment's (it wins, and the
 * owner sees it locked) > the owner's stored row in `shop_settings` > content/site.ts's default.
 *
 * The stored rows are memoised per database while this process listens on `settings_changed`
 * (migration 0010's trigger notifies on every write to the table, whoever the writer is), the
 * catalogue memo's LISTEN/NOTIFY path (docs/requirements.md §12: "a change shows on every page of every process
 * within a second"). Without a listener a value could go stale unseen, so reads go to the
 * database each time.
 */
import { sql } from 'drizzle-orm';
import { changedFields } from '../../../core/admin/activity';
import { rateDateProblem, stampDisplayRates } from '../../../core/money/display-currency';
import { shopDayOf } from '../../../core/time/shop-calendar';
import {
  addSynonymSchema,
  addToSynonymGroup,
  listSynonymGroups,
  NEW_SYNONYM_GROUP,
  quotedWords,
  SynonymEditError,
  synonymGroupName,
} from '../../../core/search/search-synonyms';
import {
  editableSettingKeys,
  lockedSettingMessage,
  settingsFormSchema,
  type EditableSettingKey,
  type EditableSettings,
} from '../../../core/admin/settings';
import type { SiteSettings } from '../../../content/site';
import type { Config } from '../../config';
import type { Database, DatabaseHandle } from '../../db/client';
import { followNotices, type NoticeWatch } from '../../db/notice-watch';
import { shopSettings } from '../../db/schema';
import { recordActivity } from '../activity/record';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { parseInput, requireAdmin } from '../kernel';

export const SETTINGS_CHANNEL = 'settings_changed';

/** What the settings depend on besides the database: the defaults and the environment's values. */
export type SettingsConfig = Pick<Config, 'site' | 'siteLockedBy'>;

type StoredSettings = Partial<EditableSettings>;

interface SettingsMemo {
  watchers: number;
  stored: Promise<StoredSettings> | null;
}

const memos = new WeakMap<Database, SettingsMemo>();

function memoOf(db: Database): SettingsMemo {
  let memo = memos.get(db);
  if (!memo) {
    memo = { watchers: 0, stored: null };
    memos.set(db, memo);
  }
  return memo;
}

const isEditableKey = (key: string): key is EditableSettingKey =>
  (editableSettingKeys as readonly string[]).includes(key);

async function loadStoredSettings(db: Database): Promise<StoredSettings> {
  const rows = await db
    .select({ key: shopSettings.key, value: shopSettings.value })
    .from(shopSettings);
  const stored: StoredSettings = {};
  for (const row of rows) if (isEditableKey(row.key)) stored[row.key] = row.value;
  return stored;
}

function storedSettings(db: Database): Promise<StoredSettings> {
  const memo = memos.get(db);
  if (!memo || memo.watchers === 0) return loadStoredSettings(db);
  if (memo.stored) return memo.stored;
  // Kept as the promise, set before it settles: an invalidation while it loads drops it, so a
  // read that began before a write never becomes the memo after it.
  const loading = loadStoredSettings(db);
  memo.stored = loading;
  // A failed read is not remembered; the next request tries again.
  loading.catch(() => {
    if (memo.stored === loading) memo.stored = null;
  });
  return loading;
}

function effectiveSettings(stored: StoredSettings, config: SettingsConfig): SiteSettings {
  const site: SiteSettings = { ...config.site };
  for (const key of editableSettingKeys) {
    const value = stored[key];
    // docs/requirements.md §12: a value set by an environment variable wins over the stored one.
    if (value !== undefined && !config.siteLockedBy[key]) site[key] = value;
  }
  return site;
}

/** The settings the shop shows now: environment > the owner's stored value > default. */
export async function readSiteSettings(
  db: Database,
  config: SettingsConfig,
): Promise<SiteSettings> {
  return effectiveSettings(await storedSettings(db), config);
}

export type SettingsWatch = NoticeWatch;

/** Subscribes this process to settings changes; from then on the stored settings are memoised. */
export function watchSettings(database: DatabaseHandle): Promise<SettingsWatch> {
  const memo = memoOf(database.db);
  const invalidate = () => {
    memo.stored = null;
  };
  return followNotices(database, SETTINGS_CHANNEL, memo, { onNotice: invalidate, invalidate });
}

/** Drops this database's memo now: the writer's own process reads its write at once. */
export function invalidateSettings(db: Database): void {
  const memo = memos.get(db);
  if (memo) memo.stored = null;
}

function editableValuesOf(site: SiteSettings): EditableSettings {
  return Object.fromEntries(editableSettingKeys.map((key) => [key, site[key]])) as EditableSettings;
}

export interface OwnerSettings {
  values: EditableSettings;
  /** The settings an environment variable sets, with its name: shown locked, refused on save. */
  lockedBy: SettingsConfig['siteLockedBy'];
}

/** The settings form's values for the owner (docs/requirements.md §12 `/admin/settings`). */
export async function getSettingsForOwner(
  db: Database,
  actor: Actor,
  config: SettingsConfig,
): Promise<OwnerSettings> {
  // docs/requirements.md §11: an owner key needs the settings scope (the settings hold the bank details).
  requireAdmin(actor, 'settings:write');
  const site = await readSiteSettings(db, config);
  return { values: editableValuesOf(site), lockedBy: { ...config.siteLockedBy } };
}

export interface SettingsUpdate {
  /** The keys whose value changed (none when the form was saved as it was). */
  changed: EditableSettingKey[];
  values: EditableSettings;
}

/**
 * Saves the owner's settings: only the keys whose value changed are written, in one transaction
 * with their activity entry. A key the environment sets is refused, and nothing is written.
 */
export async function updateSettings(
  db: Database,
  actor: Actor,
  input: unknown,
  config: SettingsConfig,
  now: Date,
): Promise<SettingsUpdate> {
  const userId = requireAdmin(actor, 'settings:write');
  const submitted = parseInput(settingsFormSchema, input);
  for (const key of editableSettingKeys) {
    // docs/requirements.md §12: a value set by an environment variable wins; the server refuses it whatever the
    // form showed.
    if (submitted[key] !== undefined && config.siteLockedBy[key]) {
      throw new DomainError('invalid', lockedSettingMessage(key));
    }
  }
  try {
    return await db.transaction(async (tx) => {
      // Read inside the transaction, never from the memo: the before of the activity entry is
      // what this write replaces.
      const before = editableValuesOf(effectiveSettings(await loadStoredSettings(tx), config));
      const after: EditableSettings = { ...before };
      for (const key of editableSettingKeys) {
        const value = submitted[key];
        if (value !== undefined) after[key] = value;
      }
      if (submitted.displayCurrencies !== undefined) {
        const today = shopDayOf(now, before.shopTimeZone);
        // docs/requirements.md §12: a date posted with a rate is never kept, and one still to
        // come is refused rather than ignored.
        const problem = rateDateProblem(submitted.displayCurrencies, today);
        if (problem) throw new DomainError('invalid', problem);
        // docs/decisions/026: each rate carries the shop day it was set; an unchanged one keeps its date.
        after.displayCurrencies = stampDisplayRates(
          submitted.displayCurrencies,
          before.displayCurrencies,
          today,
        );
      }
      const changed = editableSettingKeys.filter((key) => after[key] !== before[key]);
      if (changed.length === 0) return { changed, values: after };
      await tx
        .insert(shopSettings)
        .values(
          changed.map((key) => ({ key, value: after[key], updatedBy: userId, updatedAt: now })),
        )
        .onConflictDoUpdate({
          target: shopSettings.key,
          set: {
            value: sql`excluded.value`,
            updatedBy: sql`excluded.updated_by`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
      await recordActivity(
        tx,
        actor,
        {
          kind: 'settings',
          summary: 'Settings updated',
          changes: changedFields(pick(before, changed), pick(after, changed)),
        },
        now,
      );
      return { changed, values: after };
    });
  } finally {
    // Other processes drop theirs on the trigger's notice; this one must not wait for it.
    invalidateSettings(db);
  }
}

function pick(values: EditableSettings, keys: EditableSettingKey[]): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [key, values[key]]));
}

export interface SynonymAdded {
  /** The words added (those the group held already are not). */
  added: string[];
  /** The group as it was before (empty for a new group), and as it is now. */
  groupBefore: string[];
  groupAfter: string[];
  /** The owner's notice (docs/decisions/024 "Added “votive” to the group “candle holder, …”."). */
  notice: string;
}

/**
 * docs/requirements.md §20 "From a row the owner can add a synonym group in one step": adds the words to the
 * group on line `group` of the `searchSynonyms` setting, or as a new group at its end, in one
 * transaction with its activity entry. A word the group holds already changes nothing; when the
 * environment sets the synonyms, the change is refused.
 */
export async function addSearchSynonym(
  db: Database,
  actor: Actor,
  input: unknown,
  config: SettingsConfig,
  now: Date,
): Promise<SynonymAdded> {
  const userId = requireAdmin(actor, 'settings:write');
  const { group, words } = parseInput(addSynonymSchema, input);
  if (config.siteLockedBy.searchSynonyms) {
    throw new DomainError('invalid', lockedSettingMessage('searchSynonyms'));
  }
  try {
    return await db.transaction(async (tx) => {
      const before = effectiveSettings(await loadStoredSettings(tx), config).searchSynonyms;
      const groupBefore =
        group === NEW_SYNONYM_GROUP
          ? []
          : (listSynonymGroups(before).find((each) => each.line === group)?.words ?? []);
      let after: string;
      try {
        after = addToSynonymGroup(before, { words, group });
      } catch (error) {
        if (error instanceof SynonymEditError) throw new DomainError('invalid', error.message);
        throw error;
      }
      const added = words.filter((word) => !groupBefore.includes(word));
      const groupAfter = [...groupBefore, ...added];
      const notice =
        added.length === 0
          ? `${quotedWords(words)} ${words.length === 1 ? 'is' : 'are'} already in the group “${synonymGroupName(groupBefore)}”.`
          : group === NEW_SYNONYM_GROUP
            ? `Added the group “${groupAfter.join(', ')}”.`
            : `Added ${quotedWords(added)} to the group “${synonymGroupName(groupBefore)}”.`;
      if (after === before) return { added: [], groupBefore, groupAfter: groupBefore, notice };
      await tx
        .insert(shopSettings)
        .values({ key: 'searchSynonyms', value: after, updatedBy: userId, updatedAt: now })
        .onConflictDoUpdate({
          target: shopSettings.key,
          set: { value: after, updatedBy: userId, updatedAt: now },
        });
      await recordActivity(
        tx,
        actor,
        {
          kind: 'settings',
          summary: notice,
          changes: changedFields({ searchSynonyms: before }, { searchSynonyms: after }),
        },
        now,
      );
      return { added, groupBefore, groupAfter, notice };
    });
  } finally {
    // As updateSettings: this process reads its own write at once.
    invalidateSettings(db);
  }
}

export { typedSettingsOf, type TypedSettings } from './typed';
