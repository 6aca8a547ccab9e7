/**
 * STACK.md: two PGlite instances on one data directory corrupt it, and PGlite itself does not
 * stop a second process. So whoever opens an embedded database directory (the server, or a
 * command such as `npm run admin` or `npm run db:migrate`) first takes its lock: a file next to
 * the directory (`data/db.lock` for `pglite:./data/db`) naming the holder's pid. A process that
 * finds a live holder refuses to open the directory. A lock whose process is gone (a crash, a
 * `kill -9`) is stale and taken over. PostgreSQL and `pglite:memory` need no lock.
 */
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDatabaseUrl } from './client';

export type LockHolderKind = 'server' | 'command';

interface LockHolder {
  pid: number;
  by: LockHolderKind;
}

export class PgliteLockedError extends Error {
  override name = 'PgliteLockedError';
  constructor(
    readonly holder: LockHolder,
    directory: string,
  ) {
    const where = path.relative(process.cwd(), directory) || directory;
    super(
      holder.by === 'server'
        ? `The shop server (pid ${holder.pid}) has the embedded database ${where} open: stop it first, or use PostgreSQL (DATABASE_URL)`
        : `A command (pid ${holder.pid}) has the embedded database ${where} open: wait for it to finish, or use PostgreSQL (DATABASE_URL)`,
    );
  }
}

export interface PgliteLock {
  /** The lock file, or null when the database needs none. */
  file: string | null;
  /** Removes the lock if this process still holds it. Safe to call more than once. */
  release(): void;
}

/** Where the lock of an embedded database directory lives: beside it, never inside it. */
export function pgliteLockFile(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/** True when a process with this pid exists (EPERM: it exists but belongs to another user). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (!Number.isInteger(parsed.pid) || (parsed.pid ?? 0) <= 0) return null;
    return { pid: parsed.pid as number, by: parsed.by === 'command' ? 'command' : 'server' };
  } catch {
    return null;
  }
}

/**
 * Takes the lock of the embedded database named by `databaseUrl`, or throws PgliteLockedError
 * when a live process holds it. A no-op for PostgreSQL and `pglite:memory`. The lock is also
 * released when the process exits normally (process.exit included).
 */
export function lockPgliteDirectory(databaseUrl: string, by: LockHolderKind): PgliteLock {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.kind !== 'pglite' || target.dataDir === null) {
    return { file: null, release: () => undefined };
  }
  const directory = path.resolve(target.dataDir);
  const file = pgliteLockFile(directory);
  mkdirSync(path.dirname(file), { recursive: true });

  // Written whole to a private file, then linked into place: link fails if the lock exists, so
  // exactly one process wins, and nobody ever reads a half-written lock.
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, `${JSON.stringify({ pid: process.pid, by } satisfies LockHolder)}\n`);
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw error;
      }
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && processIsAlive(holder.pid)) {
        throw new PgliteLockedError(holder, directory);
      }
      // Stale (its process is gone), unreadable, or our own from before: take it over.
      rmSync(file, { force: true });
    }
  } finally {
    rmSync(draft, { force: true });
  }

  const release = () => {
    process.removeListener('exit', release);
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { file, release };
}
