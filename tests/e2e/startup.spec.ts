/**
 * The server process itself: configuration errors, PostgreSQL, health, shutdown, the embedded
 * database's lock and the quick start. These start servers of their own, so they run one at a time.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { createScratchDatabase, withPostgres } from './support/postgres';
import { runToExit, startServerProcess, temporaryDataDir } from './support/server-process';

const root = process.cwd();
const tsx = (script: string, ...args: string[]) => [
  process.execPath,
  '--import',
  'tsx',
  path.join(root, script),
  ...args,
];

/**
 * A directory to run `npm start` in (scripts/start.mjs), with this checkout's build and
 * migrations linked in. No other sources are there, and the folders made here are dated in the
 * past, so start.mjs finds the build current and serves it rather than building.
 */
function startDirectory(dotEnv?: string): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'storefront-start-'));
  symlinkSync(path.join(root, 'build'), path.join(directory, 'build'), 'dir');
  mkdirSync(path.join(directory, 'server', 'db'), { recursive: true });
  symlinkSync(
    path.join(root, 'server', 'db', 'migrations'),
    path.join(directory, 'server', 'db', 'migrations'),
    'dir',
  );
  for (const folder of ['server/db', 'server']) utimesSync(path.join(directory, folder), 0, 0);
  if (dotEnv !== undefined) writeFileSync(path.join(directory, '.env'), dotEnv);
  return directory;
}
const startScript = [process.execPath, path.join(root, 'scripts/start.mjs')];
/** Variables the test runner may have that would decide what these tests look at. */
const unsetForStart = {
  NODE_ENV: undefined,
  AUTH_SECRET: undefined,
  DATA_DIR: undefined,
  DATABASE_URL: undefined,
};

test.describe.configure({ mode: 'serial' });

test('a bad PORT stops start-up with one line naming it', async () => {
  const result = await runToExit({ PORT: 'eighty', AUTH_SECRET: 'x'.repeat(32) });
  expect(result.code).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
});

test('a malformed DATABASE_URL stops start-up with one line naming it', async () => {
  const result = await runToExit({ DATABASE_URL: 'mysql://shop', AUTH_SECRET: 'x'.repeat(32) });
  expect(result.code).toBe(1);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(/^Invalid configuration: DATABASE_URL /);
});

test('an unreachable DATABASE_URL stops start-up with one line naming it', async () => {
  const result = await runToExit({
    DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
    AUTH_SECRET: 'x'.repeat(32),
    DATA_DIR: temporaryDataDir(),
  });
  expect(result.code).toBe(1);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(/^DATABASE_URL could not be opened or migrated: /);
});

test('production refuses to start without AUTH_SECRET', async () => {
  const result = await runToExit({ NODE_ENV: 'production', AUTH_SECRET: '' });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('AUTH_SECRET is required in production');
});

test('on PostgreSQL the server migrates, seeds and serves the same pages; /healthz follows the database', async () => {
  const database = await createScratchDatabase('storefront_e2e');
  const server = await startServerProcess({ DATABASE_URL: database.url });
  try {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ database: 'postgres' });

    for (const [route, text] of [
      ['/', 'Shop Now'],
      ['/shop', 'All Products'],
      ['/shop/crafted-sip-smoke', 'Wine Chiller Black'],
      ['/product/boat-ganesh', 'Boat Ganesh'],
    ] as const) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(await response.text(), route).toContain(text);
    }

    // The database goes away: health says so, and the process stays up.
    await withPostgres((client) => client.query(`drop database ${database.name} with (force)`));
    const down = await fetch(`${server.url}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: 'unavailable' });
  } finally {
    await server.stop();
    await database.drop();
  }
});

test('a seeding error stops start-up with one line', async () => {
  const database = await createScratchDatabase('storefront_seed_fails');
  try {
    // Migrated by the CLI, then armed so that the first product the seed inserts is refused.
    const migrated = await runToExit(
      { DATABASE_URL: database.url },
      tsx('server/db/cli.ts', 'migrate'),
    );
    expect(migrated.code, migrated.stderr).toBe(0);
    await withPostgres(
      (client) =>
        client.query(`
          create function refuse_products() returns trigger language plpgsql as
            $$ begin raise exception 'products are refused by this test'; end $$;
          create trigger refuse_products before insert on products
            for each row execute function refuse_products();`),
      database.url,
    );

    const result = await runToExit({
      DATABASE_URL: database.url,
      AUTH_SECRET: 'x'.repeat(32),
      DATA_DIR: temporaryDataDir(),
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Seeding the database failed: P0001 products are refused by this test',
    ]);
  } finally {
    await database.drop();
  }
});

test('over https (PUBLIC_URL) the server sends Strict-Transport-Security', async () => {
  const server = await startServerProcess({ PUBLIC_URL: 'https://shop.example' });
  try {
    for (const route of ['/', '/healthz', '/shop']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('strict-transport-security'), route).toBe(
        'max-age=63072000; includeSubDomains',
      );
    }
  } finally {
    await server.stop();
  }
});

test('while the server holds the embedded database, the CLIs refuse it; SIGTERM releases it', async () => {
  const server = await startServerProcess({});
  const lockFile = path.join(server.dataDir, 'db.lock');
  try {
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toEqual({ pid: server.pid, by: 'server' });
    const refusal = `The shop server (pid ${server.pid}) has the embedded database`;
    for (const command of [
      tsx('server/admin-cli.ts', 'grant-admin', 'owner@example.com'),
      tsx('server/db/cli.ts', 'migrate'),
    ]) {
      const result = await runToExit(
        { DATABASE_URL: `pglite:${server.dataDir}/db`, DATA_DIR: server.dataDir },
        command,
      );
      expect(result.code).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(refusal);
      expect(lines[0]).toContain('stop it first, or use PostgreSQL (DATABASE_URL)');
    }
    // A second server on the same directory is refused the same way.
    const second = await runToExit({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      DATA_DIR: server.dataDir,
      DATABASE_URL: `pglite:${server.dataDir}/db`,
      PORT: '0',
    });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(refusal);
  } finally {
    expect(await server.stop()).toBe(0);
  }
  expect(server.output()).toContain('closed the database');
  expect(existsSync(lockFile)).toBe(false);
});

test('SIGTERM lets a request in flight finish, then closes the database', async () => {
  const server = await startServerProcess({});
  const { port } = new URL(server.url);
  const body = 'email=in-flight%40example.com&source=footer';
  // In flight: the server has read the headers (it answered 100 Continue); the body is to come.
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/newsletter',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Content-Length': Buffer.byteLength(body),
      Expect: '100-continue',
    },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.once('error', reject);
    });
  });
  await new Promise((resolve) => request.once('continue', resolve));

  const stopped = server.stop();
  await server.waitForOutput('shutting down');
  request.end(body);
  const answer = await answered;
  expect(answer.status).toBe(200);
  expect(await stopped).toBe(0);
  expect(server.output()).toContain('closed the database');
});

test('npm start reads .env first: its NODE_ENV, DATA_DIR and AUTH_SECRET apply', async () => {
  const directory = startDirectory(
    [
      'NODE_ENV=development',
      'DATA_DIR=./shop-data',
      'DATABASE_URL=pglite:./shop-data/db',
      `AUTH_SECRET=${'s'.repeat(40)}`,
    ].join('\n'),
  );
  const server = await startServerProcess(unsetForStart, { command: startScript, cwd: directory });
  try {
    expect((await fetch(server.url)).status).toBe(200);
    // Development (from .env): the demo accounts of a fresh embedded database are shown.
    expect(server.output()).toContain('Demo accounts');
    // The secret from .env is used: none is generated, here or in .env's DATA_DIR.
    expect(server.output()).not.toContain('AUTH_SECRET is not set');
    expect(existsSync(path.join(directory, 'shop-data', 'db'))).toBe(true);
    expect(existsSync(path.join(directory, 'shop-data', 'auth-secret'))).toBe(false);
    expect(existsSync(path.join(directory, 'data'))).toBe(false);
  } finally {
    await server.stop();
  }
});

test("npm start without NODE_ENV generates the secret into .env's DATA_DIR", async () => {
  const directory = startDirectory('DATA_DIR=./shop-data\nDATABASE_URL=pglite:./shop-data/db\n');
  const server = await startServerProcess(unsetForStart, { command: startScript, cwd: directory });
  try {
    expect((await fetch(server.url)).status).toBe(200);
    expect(server.output()).toContain(
      'AUTH_SECRET is not set: using the one kept in shop-data/auth-secret.',
    );
    expect(readFileSync(path.join(directory, 'shop-data', 'auth-secret'), 'utf8')).toMatch(
      /^[0-9a-f]{64}\n$/,
    );
    // Production: no demo accounts.
    expect(server.output()).not.toContain('Demo accounts');
    expect(existsSync(path.join(directory, 'data'))).toBe(false);
  } finally {
    await server.stop();
  }
});

test('npm start with NODE_ENV=production and no AUTH_SECRET stops with one line', async () => {
  const message =
    'Invalid configuration: AUTH_SECRET is required in production (openssl rand -hex 32)';
  // Set in the environment…
  const fromEnvironment = startDirectory();
  const given = await runToExit(
    { ...unsetForStart, NODE_ENV: 'production' },
    startScript,
    60_000,
    fromEnvironment,
  );
  expect(given.code).toBe(1);
  expect(given.stderr.trim().split('\n')).toEqual([message]);
  expect(existsSync(path.join(fromEnvironment, 'data', 'auth-secret'))).toBe(false);

  // …or in .env.
  const fromDotEnv = startDirectory('NODE_ENV=production\n');
  const written = await runToExit(unsetForStart, startScript, 60_000, fromDotEnv);
  expect(written.code).toBe(1);
  expect(written.stderr.trim().split('\n')).toEqual([message]);
  expect(existsSync(path.join(fromDotEnv, 'data', 'auth-secret'))).toBe(false);
});

test("the README's first command serves the home page on a fresh copy and creates data/", async () => {
  test.setTimeout(240_000);
  const copy = mkdtempSync(path.join(os.tmpdir(), 'storefront-fresh-'));
  const skipped = new Set([
    'node_modules',
    'build',
    'data',
    '.git',
    'test-results',
    '.react-router',
  ]);
  cpSync(root, copy, {
    recursive: true,
    filter: (source) => !skipped.has(path.relative(root, source).split(path.sep)[0] ?? ''),
  });
  // `npm ci` is the first half of the command; reuse this checkout's packages for it.
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  expect(existsSync(path.join(copy, 'data'))).toBe(false);

  const server = await startServerProcess(
    { NODE_ENV: '', AUTH_SECRET: '', DATA_DIR: '', DATABASE_URL: '' },
    { command: [process.execPath, 'scripts/start.mjs'], cwd: copy, readyTimeoutMs: 200_000 },
  );
  try {
    const home = await fetch(server.url);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Shop Now');
    expect(existsSync(path.join(copy, 'data', 'db'))).toBe(true);
    expect(existsSync(path.join(copy, 'data', 'auth-secret'))).toBe(true);
  } finally {
    await server.stop();
  }
});
