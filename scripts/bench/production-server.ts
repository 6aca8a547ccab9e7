/**
 * The production build on a fresh PostgreSQL database of its own, for the throughput bench and the
 * soak: the figures are the shop's as deployed (NODE_ENV=production, quiet logs), on a database
 * nothing else writes to, which is dropped afterwards.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const POSTGRES_SERVER_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const READY_TIMEOUT_MS = 120_000;

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function onPostgresServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new empty database `<prefix>_<random>` on the PostgreSQL server. */
export async function createBenchDatabase(prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  await onPostgresServer((client) => client.query(`create database ${name}`));
  const url = new URL(POSTGRES_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      onPostgresServer((client) =>
        client.query(`drop database if exists ${name} with (force)`),
      ).then(() => undefined),
  };
}

/** Runs the production build when there is none yet. */
export function ensureBuilt(): void {
  if (existsSync('build/server/index.js')) return;
  process.stderr.write('No build/ yet: running react-router build…\n');
  const built = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('react-router build failed');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ProductionServer {
  url: string;
  pid: number;
  /** The process's resident set size in kB, from /proc/<pid>/status. */
  residentKilobytes(): number;
  /** CPU time the process has used so far (user + system), in ms, from /proc/<pid>/stat. */
  cpuMilliseconds(): number;
  output(): string;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts `node build/server/index.js` on `databaseUrl` and resolves once /healthz answers 200. */
export async function startProductionServer(
  databaseUrl: string,
  environment: Record<string, string> = {},
): Promise<ProductionServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
  const child = spawn(process.execPath, ['build/server/index.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-bench',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // The address the load comes to: its posts carry this origin, which the server checks.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...environment,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited(child);
    rmSync(dataDir, { recursive: true, force: true });
  };

  // A script, not a test: polling /healthz is the simplest honest readiness check.
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start-up:\n${output}`);
    const healthy = await fetch(`${url}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    pid: child.pid ?? 0,
    residentKilobytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0);
    },
    cpuMilliseconds() {
      // Fields 14 and 15 (utime, stime) in clock ticks of 10 ms; the name in field 2 may hold spaces.
      const fields =
        readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    output: () => output,
    stop,
  };
}

/** The id of a published product the seed created. */
export async function seededProductId(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      'select id from products where published order by id limit 1',
    );
    if (!rows[0]) throw new Error('the seed created no published product');
    return rows[0].id;
  } finally {
    await client.end();
  }
}
