/**
 * An in-process memo of reads derived from the published catalogue (the search index, the
 * listing's counts, the Material filter's choices). Nothing user-specific is ever stored here.
 *
 * It holds values only while the process listens on `catalogue_changed`: a statement-level
 * trigger (migration 0007) notifies on every write to products or product_media, whoever the
 * writer is, and every process then drops its memo. Without a listener a value could go stale
 * unseen, so reads go to the database each time.
 */
import type { Database, DatabaseHandle } from './client';
import { followNotices, type NoticeWatch } from './notice-watch';

export const CATALOGUE_CHANNEL = 'catalogue_changed';

// Counts are memoised per filter combination; a crawler trying every price must not grow the
// memo without bound.
const MAX_MEMOISED_VALUES = 500;

interface MemoisedValue {
  value: Promise<unknown>;
  /** The catalogue version the value was loaded for. */
  version: number;
  rebuilding: boolean;
}

interface CatalogueMemo {
  watchers: number;
  /** Bumped by every change notice; a value of an older version is stale. */
  version: number;
  values: Map<string, MemoisedValue>;
}

const memos = new WeakMap<Database, CatalogueMemo>();

function memoOf(db: Database): CatalogueMemo {
  let memo = memos.get(db);
  if (!memo) {
    memo = { watchers: 0, version: 0, values: new Map() };
    memos.set(db, memo);
  }
  return memo;
}

export type CatalogueWatch = NoticeWatch;

/** Subscribes this process to catalogue changes; from then on catalogue reads are memoised. */
export function watchCatalogue(database: DatabaseHandle): Promise<CatalogueWatch> {
  const memo = memoOf(database.db);
  return followNotices(database, CATALOGUE_CHANNEL, memo, {
    // A change notice only marks the values stale: rebuilding the search index at 100,000
    // products takes seconds, and readers keep the previous version meanwhile instead of all
    // waiting for it.
    onNotice: () => {
      memo.version += 1;
    },
    invalidate: () => memo.values.clear(),
  });
}

/** Drops the memo of this database now, for a writer that must read its own write at once. */
export function invalidateCatalogue(db: Database): void {
  memos.get(db)?.values.clear();
}

/**
 * docs/decisions/013: a module function that writes products or their media, wrapped so that this
 * process's memo is dropped once the write has ended, whoever called it (a route, the CLI, the API):
 * the writer reads its own write at once. Other processes hear of it from the trigger's notice.
 */
export function catalogueWriter<Args extends [Database, ...unknown[]], Result>(
  write: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    try {
      return await write(...args);
    } finally {
      invalidateCatalogue(args[0]);
    }
  };
}

function rebuildInBackground<T>(
  memo: CatalogueMemo,
  key: string,
  known: MemoisedValue,
  load: () => Promise<T>,
): void {
  // One rebuild at a time per value; a notice arriving meanwhile leaves it stale again, and the
  // next read starts another.
  known.rebuilding = true;
  const version = memo.version;
  load().then(
    (fresh) => {
      known.rebuilding = false;
      if (memo.values.get(key) !== known) return;
      known.value = Promise.resolve(fresh);
      known.version = version;
    },
    () => {
      // The stale value keeps serving; the next read tries again.
      known.rebuilding = false;
    },
  );
}

/**
 * The memoised value of `key`, loading it once per catalogue version while watched. After a change
 * notice the previous version keeps answering until its rebuild has loaded (stale-while-rebuild).
 */
export function memoisedCatalogueRead<T>(
  db: Database,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const memo = memos.get(db);
  if (!memo || memo.watchers === 0) return load();
  const known = memo.values.get(key);
  if (known) {
    if (known.version !== memo.version && !known.rebuilding) {
      rebuildInBackground(memo, key, known, load);
    }
    return known.value as Promise<T>;
  }
  if (memo.values.size >= MAX_MEMOISED_VALUES) memo.values.clear();
  const loading = load();
  const entry: MemoisedValue = { value: loading, version: memo.version, rebuilding: false };
  memo.values.set(key, entry);
  // A failed read is not remembered; the next request tries again.
  loading.catch(() => {
    if (memo.values.get(key) === entry) memo.values.delete(key);
  });
  return loading;
}
