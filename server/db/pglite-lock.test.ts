import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  lockPgliteDirectory,
  PgliteLockedError,
  pgliteLockFile,
  type PgliteLock,
} from './pglite-lock';

const taken: PgliteLock[] = [];
afterEach(() => {
  for (const lock of taken.splice(0)) lock.release();
});

function scratchDatabaseUrl(): { url: string; lockFile: string } {
  const directory = path.join(mkdtempSync(path.join(os.tmpdir(), 'storefront-lock-')), 'db');
  return { url: `pglite:${directory}`, lockFile: pgliteLockFile(directory) };
}

function lock(url: string, by: 'server' | 'command' = 'server'): PgliteLock {
  const taking = lockPgliteDirectory(url, by);
  taken.push(taking);
  return taking;
}

function holderOf(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (!child.pid) throw new Error('no child pid');
  return child.pid;
}

describe('the embedded database lock', () => {
  it('is not needed for PostgreSQL or an in-memory PGlite', () => {
    expect(lock('postgres://postgres@127.0.0.1:5432/shop').file).toBeNull();
    expect(lock('pglite:memory').file).toBeNull();
  });

  it('sits beside the directory, names this process, and goes on release', () => {
    const { url, lockFile } = scratchDatabaseUrl();
    expect(lockFile.endsWith(`${path.sep}db.lock`)).toBe(true);
    const held = lock(url, 'command');
    expect(held.file).toBe(lockFile);
    expect(holderOf(lockFile)).toEqual({ pid: process.pid, by: 'command' });
    held.release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('refuses a directory a live server holds, with one line saying what to do', () => {
    const { url, lockFile } = scratchDatabaseUrl();
    writeFileSync(lockFile, JSON.stringify({ pid: process.ppid, by: 'server' }));
    let refusal: unknown;
    try {
      lock(url, 'command');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(PgliteLockedError);
    const message = (refusal as Error).message;
    expect(message).toMatch(
      new RegExp(
        `^The shop server \\(pid ${process.ppid}\\) has the embedded database \\S+ open: stop it first, or use PostgreSQL \\(DATABASE_URL\\)$`,
      ),
    );
    // The holder's lock is left alone.
    expect(holderOf(lockFile)).toEqual({ pid: process.ppid, by: 'server' });
  });

  it('refuses a directory a running command holds', () => {
    const { url, lockFile } = scratchDatabaseUrl();
    writeFileSync(lockFile, JSON.stringify({ pid: process.ppid, by: 'command' }));
    expect(() => lock(url, 'server')).toThrow(
      `A command (pid ${process.ppid}) has the embedded database`,
    );
  });

  it('takes over a stale lock whose process is gone, or one it cannot read', () => {
    const { url, lockFile } = scratchDatabaseUrl();
    writeFileSync(lockFile, JSON.stringify({ pid: deadPid(), by: 'server' }));
    lock(url).release();

    writeFileSync(lockFile, 'not a lock');
    lock(url);
    expect(holderOf(lockFile)).toEqual({ pid: process.pid, by: 'server' });
  });

  it('never removes a lock another process has taken over', () => {
    const { url, lockFile } = scratchDatabaseUrl();
    const held = lock(url);
    writeFileSync(lockFile, JSON.stringify({ pid: process.ppid, by: 'server' }));
    held.release();
    expect(existsSync(lockFile)).toBe(true);
  });

  it('is released when the process exits, process.exit included', () => {
    const { url, lockFile } = scratchDatabaseUrl();
    const script = `
      import { lockPgliteDirectory } from './server/db/pglite-lock.ts';
      import { existsSync } from 'node:fs';
      lockPgliteDirectory(${JSON.stringify(url)}, 'command');
      if (!existsSync(${JSON.stringify(lockFile)})) process.exit(9);
      process.exit(3);`;
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(child.stderr).toBe('');
    expect(child.status).toBe(3);
    expect(existsSync(lockFile)).toBe(false);
  });
});
