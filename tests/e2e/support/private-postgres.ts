/**
 * A PostgreSQL cluster of a test's own, in a temporary directory on a free port, that the test may
 * stop and start at will; the shared server on 5432 is used by everyone else and is never touched.
 * PostgreSQL refuses to run as root, so as root every command runs as the `postgres` user.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { withPostgres } from './postgres';
import { freePort } from './server-process';

const run = promisify(execFile);

export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export function privatePostgresAvailable(): boolean {
  return existsSync(path.join(POSTGRES_BIN, 'initdb'));
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  urlOf(database: string): string;
  createDatabase(name: string): Promise<string>;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: connections are ended, as in a planned restart. */
  stop(): Promise<void>;
  /** Stops the cluster if it runs and deletes its directory. */
  destroy(): Promise<void>;
}

const runsAsRoot = process.getuid?.() === 0;

async function asPostgres(program: string, args: string[]): Promise<void> {
  const command = path.join(POSTGRES_BIN, program);
  // Another user (a CI runner) owns its cluster itself.
  const [file, ...fileArgs] = runsAsRoot
    ? ['runuser', '-u', 'postgres', '--', command, ...args]
    : [command, ...args];
  await run(file!, fileArgs, { timeout: 120_000 });
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'storefront-private-postgres-'));
  const dataDirectory = path.join(directory, 'data');
  if (runsAsRoot) {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(directory, Number(uid.trim()), Number(gid.trim()));
  }
  const port = await freePort();
  const pgCtl = (...args: string[]) =>
    asPostgres('pg_ctl', ['-D', dataDirectory, '-l', path.join(directory, 'log'), ...args]);
  let running = false;

  const cluster: PrivatePostgres = {
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(name) {
      await withPostgres(
        (client) => client.query(`create database ${name}`),
        cluster.urlOf('postgres'),
      );
      return cluster.urlOf(name);
    },
    async start() {
      // The socket goes into the cluster's own directory, away from the shared server's.
      await pgCtl(
        '-w',
        '-o',
        `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off`,
        'start',
      );
      running = true;
    },
    async stop() {
      await pgCtl('-w', '-m', 'fast', 'stop');
      running = false;
    },
    async destroy() {
      try {
        if (running) await pgCtl('-w', '-m', 'immediate', 'stop');
      } finally {
        running = false;
        rmSync(directory, { recursive: true, force: true });
      }
    },
  };

  try {
    await asPostgres('initdb', ['-D', dataDirectory, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await cluster.start();
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  return cluster;
}
