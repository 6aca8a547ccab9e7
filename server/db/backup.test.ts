/**
 * docs/requirements.md §13 against a real database: a shop with orders and uploads is backed up, restored
 * elsewhere (a new DATA_DIR, a new database) and compared table by table and file by file; a
 * restore into a target that is not empty is refused and changes nothing; on the embedded
 * database a running server hands the backup its snapshot.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync, gzipSync } from 'node:zlib';
import { createWriteStream } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { insertOrder, insertOrderItem, insertProduct, insertUser } from '../../tests/factories';
import {
  createTestDatabase,
  TEST_SHARED_BUFFERS,
  templateTarball,
  testDatabaseKind,
} from '../../tests/support/database';
import { databaseUrlFor } from '../../tests/support/postgres-admin';
import { addUploadedMedia } from '../modules/product-media';
import { localMediaStorage } from '../media-storage';
import { createBackup, restoreBackup } from './backup';
import { openDatabase, type DatabaseHandle } from './client';
import { dumpDataDirectory, serveLiveSnapshots, snapshotSocketFile } from './live-snapshot';
import { pgliteLockFile } from './pglite-lock';
import { users } from './schema';

const createdAt = new Date('2026-11-24T03:15:00.000Z');

interface Place {
  databaseUrl: string;
  dataDir: string;
}

// An embedded database takes ~40 MB on disk: every folder made here goes when the file is done.
const temporaryDirectories: string[] = [];
afterAll(async () => {
  await Promise.all(
    temporaryDirectories.map((directory) => rm(directory, { recursive: true, force: true })),
  );
});

async function temporaryDataDir(): Promise<string> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'storefront-backup-test-'));
  temporaryDirectories.push(directory);
  return directory;
}

/** A migrated embedded database in its own directory (the test template, loaded there). */
async function pgliteInDirectory(dataDir: string): Promise<DatabaseHandle> {
  return openDatabase(`pglite:${path.join(dataDir, 'db')}`, {
    pgliteLoadDataDir: await templateTarball(),
    pgliteSharedBuffers: TEST_SHARED_BUFFERS,
  });
}

/** Every row of every table in every schema of the shop's own, in a stable order. */
async function tableContents(database: DatabaseHandle): Promise<Record<string, string[]>> {
  const tables = await database.db.execute<{ name: string }>(sql`
    select format('%I.%I', table_schema, table_name) as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1`);
  const contents: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const { rows } = await database.db.execute(sql.raw(`select * from ${name}`));
    contents[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return contents;
}

/** Every file under `directory` with its bytes, keyed by its path relative to it. */
async function filesUnder(directory: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  if (!existsSync(directory)) return files;
  for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(directory, file), await readFile(file));
  }
  return files;
}

async function withPostgresAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** A new, empty database on the test server, named so the suite's teardown drops it too. */
async function emptyPostgresDatabase(): Promise<string> {
  const name = `${inject('postgresTemplateName')}_restore_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  await withPostgresAdmin((admin) => admin.query(`create database ${name}`));
  return name;
}

/** An empty place to restore into: a new DATA_DIR, and on PostgreSQL a new database. */
async function emptyPlace(): Promise<Place> {
  const dataDir = await temporaryDataDir();
  if (testDatabaseKind === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL ?? '';
    return { dataDir, databaseUrl: databaseUrlFor(serverUrl, await emptyPostgresDatabase()) };
  }
  return { dataDir, databaseUrl: `pglite:${path.join(dataDir, 'db')}` };
}

interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The real command line, as `npm run backup` / `npm run restore` start it. */
function runCli(args: string[], place: Place): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/backup-cli.ts', ...args],
      {
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          ...process.env,
          DATABASE_URL: place.databaseUrl,
          DATA_DIR: place.dataDir,
          NODE_ENV: 'development',
          // Given, so the command writes no generated secret into DATA_DIR.
          AUTH_SECRET: 'a'.repeat(32),
        },
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe(`backup and restore on ${testDatabaseKind}`, () => {
  const drops: string[] = [];
  let source: Place;
  let sourceTables: Record<string, string[]>;
  let sourceMedia: Map<string, Buffer>;
  let archive: string;
  let restored: Place;

  beforeAll(async () => {
    const dataDir = await temporaryDataDir();
    let database: DatabaseHandle;
    if (testDatabaseKind === 'postgres') {
      const test = await createTestDatabase();
      if (test.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
      database = test;
      source = { dataDir, databaseUrl: test.driver.url };
      drops.push(new URL(test.driver.url).pathname.slice(1));
    } else {
      database = await pgliteInDirectory(dataDir);
      source = { dataDir, databaseUrl: `pglite:${path.join(dataDir, 'db')}` };
    }

    // A shop with a customer's orders and uploaded photographs (each stored as its variants).
    const { db } = database;
    const admin = await insertUser(db);
    const customer = await insertUser(db);
    for (const number of [1, 2]) {
      const product = await insertProduct(db, { name: `Marble elephant ${number}` });
      const order = await insertOrder(db, { userId: customer.id });
      await insertOrderItem(db, { orderId: order.id, productName: product.name, quantity: 2 });
      const photo = await sharp({
        create: {
          width: 320,
          height: 240,
          channels: 3,
          background: { r: 90 * number, g: 60, b: 30 },
        },
      })
        .png()
        .toBuffer();
      await addUploadedMedia(
        db,
        { userId: admin.id, roles: ['admin'] },
        localMediaStorage(path.join(dataDir, 'media')),
        { productId: product.id, altText: `Elephant ${number}`, image: photo },
      );
    }
    // Everything under DATA_DIR/media counts, folders included.
    await mkdir(path.join(dataDir, 'media', 'owner', 'notes'), { recursive: true });
    await writeFile(
      path.join(dataDir, 'media', 'owner', 'notes', 'kiln.bin'),
      Buffer.from([0, 255, 7]),
    );

    sourceTables = await tableContents(database);
    sourceMedia = await filesUnder(path.join(dataDir, 'media'));
    // Stopped, as the shop is when no server holds the directory.
    await database.close();
    archive = path.join(await temporaryDataDir(), 'shop.tar.gz');
  });

  afterAll(async () => {
    if (testDatabaseKind !== 'postgres') return;
    await withPostgresAdmin(async (admin) => {
      for (const name of drops) await admin.query(`drop database if exists ${name} with (force)`);
    });
  });

  it('writes one archive: the manifest, the database and every media file', async () => {
    const summary = await createBackup({
      ...source,
      file: archive,
      appVersion: '9.8.7',
      now: createdAt,
    });

    expect(summary).toMatchObject({
      file: archive,
      mediaFiles: sourceMedia.size,
      manifest: {
        format: 'artisan-storefront-backup',
        formatVersion: 1,
        database: testDatabaseKind,
        createdAt: '2026-11-24T03:15:00.000Z',
        appVersion: '9.8.7',
      },
    });
    // The two uploads' variants and the owner's own file.
    expect(sourceMedia.size).toBeGreaterThanOrEqual(3);
    expect(statSync(archive).size).toBe(summary.bytes);
    // It holds every account's data: private to the shop's user.
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    // Whole or not at all: no draft is left beside it.
    expect(await readdir(path.dirname(archive))).toEqual(['shop.tar.gz']);
  });

  it('restores it elsewhere: every row of every table and every media file byte for byte', async () => {
    restored = await emptyPlace();
    if (testDatabaseKind === 'postgres')
      drops.push(new URL(restored.databaseUrl).pathname.slice(1));

    const summary = await restoreBackup({ ...restored, file: archive });

    expect(summary).toMatchObject({
      mediaFiles: sourceMedia.size,
      manifest: { database: testDatabaseKind },
    });
    const database = await openDatabase(restored.databaseUrl);
    try {
      const tables = await tableContents(database);
      expect(Object.keys(tables)).toEqual(Object.keys(sourceTables));
      expect(tables['public.orders']).toHaveLength(2);
      expect(tables['public.order_items']).toHaveLength(2);
      expect(tables['public.product_media']).toHaveLength(2);
      expect(tables).toEqual(sourceTables);
    } finally {
      await database.close();
    }
    expect(await filesUnder(path.join(restored.dataDir, 'media'))).toEqual(sourceMedia);
    // The staging folder of the restore is gone.
    expect((await readdir(restored.dataDir)).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('refuses to restore over a shop (exit code 1, one line) and changes nothing', async () => {
    const database = await openDatabase(restored.databaseUrl);
    const tablesBefore = await tableContents(database);
    await database.close();
    const mediaBefore = await filesUnder(path.join(restored.dataDir, 'media'));

    const result = await runCli(['restore', archive], restored);

    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr.trim()).toMatch(
      testDatabaseKind === 'postgres'
        ? /^Restore refused: the database \w+ is not empty \(\d+ tables and sequences, such as public\.\w+\); restore into a new, empty database$/
        : /^Restore refused: the embedded database directory .+\/db is not empty; restore into a new DATA_DIR, or move it away first$/,
    );
    const after = await openDatabase(restored.databaseUrl);
    try {
      expect(await tableContents(after)).toEqual(tablesBefore);
    } finally {
      await after.close();
    }
    expect(await filesUnder(path.join(restored.dataDir, 'media'))).toEqual(mediaBefore);
  }, 60_000);

  it('refuses a database that is not empty even when the media folder is', async () => {
    const place = { databaseUrl: restored.databaseUrl, dataDir: await temporaryDataDir() };
    const database = await openDatabase(place.databaseUrl);
    const tablesBefore = await tableContents(database);
    await database.close();

    await expect(restoreBackup({ ...place, file: archive })).rejects.toThrow(
      testDatabaseKind === 'postgres'
        ? /^Restore refused: the database \w+ is not empty/
        : /^Restore refused: the embedded database directory .+\/db is not empty/,
    );

    const after = await openDatabase(place.databaseUrl);
    try {
      expect(await tableContents(after)).toEqual(tablesBefore);
    } finally {
      await after.close();
    }
    expect(await readdir(place.dataDir)).toEqual([]);
  });

  it('refuses a DATA_DIR whose media folder holds files and leaves the database empty', async () => {
    const place = await emptyPlace();
    if (testDatabaseKind === 'postgres') drops.push(new URL(place.databaseUrl).pathname.slice(1));
    await mkdir(path.join(place.dataDir, 'media'));
    await writeFile(path.join(place.dataDir, 'media', 'left-over.webp'), 'not mine');

    await expect(restoreBackup({ ...place, file: archive })).rejects.toThrow(
      /^Restore refused: the media directory .+\/media is not empty; restore into a new DATA_DIR, or move it away first$/,
    );

    expect([...(await filesUnder(path.join(place.dataDir, 'media'))).keys()]).toEqual([
      'left-over.webp',
    ]);
    if (testDatabaseKind === 'postgres') {
      const database = await openDatabase(place.databaseUrl);
      try {
        expect(await tableContents(database)).toEqual({});
      } finally {
        await database.close();
      }
    } else {
      expect(existsSync(path.join(place.dataDir, 'db'))).toBe(false);
    }
    expect(await readdir(place.dataDir)).toEqual(['media']);
  });

  it('reads an archive to its end before writing: one cut short writes nothing', async () => {
    const place = await emptyPlace();
    if (testDatabaseKind === 'postgres') drops.push(new URL(place.databaseUrl).pathname.slice(1));
    // Whole up to the database and beyond, cut inside the last media file.
    const whole = gunzipSync(await readFile(archive));
    const cut = path.join(await temporaryDataDir(), 'cut.tar.gz');
    await writeFile(cut, gzipSync(whole.subarray(0, whole.length - 1024 - 256)));

    await expect(restoreBackup({ ...place, file: cut })).rejects.toThrow(
      /cut\.tar\.gz is not a readable backup archive: .+/,
    );

    expect(await readdir(place.dataDir)).toEqual([]);
    if (testDatabaseKind === 'postgres') {
      const database = await openDatabase(place.databaseUrl);
      try {
        expect(await tableContents(database)).toEqual({});
      } finally {
        await database.close();
      }
    }
  });

  it('refuses an archive whose media entry would leave the media folder, writing nothing', async () => {
    const place = { dataDir: await temporaryDataDir(), databaseUrl: '' };
    place.databaseUrl = `pglite:${path.join(place.dataDir, 'db')}`;
    const crafted = path.join(place.dataDir, 'crafted.tar.gz');
    const pack = tar.pack();
    const writing = pipeline(pack, createGzip(), createWriteStream(crafted));
    const manifest = {
      format: 'artisan-storefront-backup',
      formatVersion: 1,
      database: 'pglite',
      createdAt: createdAt.toISOString(),
      appVersion: '9.8.7',
    };
    pack.entry({ name: 'manifest.json' }, JSON.stringify(manifest));
    pack.entry({ name: 'media/../escaped.txt' }, 'outside');
    pack.entry({ name: 'database/pgdata.tar' }, 'not reached');
    pack.finalize();
    await writing;

    await expect(restoreBackup({ ...place, file: crafted })).rejects.toThrow(
      /crafted\.tar\.gz holds an unexpected entry: media\/\.\.\/escaped\.txt$/,
    );

    expect((await readdir(place.dataDir)).sort()).toEqual(['crafted.tar.gz']);
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'says what to install when pg_dump is not on PATH',
    async () => {
      const path = process.env.PATH;
      process.env.PATH = '/nonexistent';
      try {
        await expect(
          createBackup({ ...source, file: `${archive}.2`, appVersion: '9.8.7', now: createdAt }),
        ).rejects.toThrow(
          "pg_dump is not on PATH: install the PostgreSQL client tools (the server's major version or newer), e.g. apt-get install postgresql-client",
        );
      } finally {
        process.env.PATH = path;
      }
    },
  );
});

describe.runIf(testDatabaseKind === 'pglite')(
  'a backup while the shop server runs (embedded)',
  () => {
    let dataDir: string;
    let place: Place;
    let database: DatabaseHandle;
    let stopServing: () => Promise<void>;

    beforeAll(async () => {
      dataDir = await temporaryDataDir();
      place = { dataDir, databaseUrl: `pglite:${path.join(dataDir, 'db')}` };
      database = await pgliteInDirectory(dataDir);
      // This test process stands in for the running server: it holds the lock and the directory.
      await writeFile(
        pgliteLockFile(path.join(dataDir, 'db')),
        JSON.stringify({ pid: process.pid, by: 'server' }),
      );
      stopServing = await serveLiveSnapshots(database, place.databaseUrl);
    });

    afterAll(async () => {
      await stopServing();
      await database.close();
    });

    it('answers only its own user: the socket is private to the shop', () => {
      expect(statSync(snapshotSocketFile(path.join(dataDir, 'db'))).mode & 0o777).toBe(0o600);
    });

    it('gets its snapshot from the server, up to the last order written', async () => {
      const lastCustomer = await insertUser(database.db, {
        name: 'Written just before the backup',
      });
      const file = path.join(dataDir, 'nightly.tar.gz');

      const result = await runCli(['backup', file], place);

      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(
        /^Backed up the embedded database and 0 media files to .+nightly\.tar\.gz/,
      );
      expect(result.code).toBe(0);
      const elsewhere = await emptyPlace();
      await restoreBackup({ ...elsewhere, file });
      const copy = await openDatabase(elsewhere.databaseUrl);
      try {
        const names = (await copy.db.select({ name: users.name }).from(users)).map(
          (row) => row.name,
        );
        expect(names).toContain(lastCustomer.name);
      } finally {
        await copy.close();
      }
    }, 60_000);

    it('waits for a transaction in progress: the snapshot holds all of it', async () => {
      if (database.driver.kind !== 'pglite') throw new Error('expected PGlite');
      let openGate = () => {};
      const gate = new Promise<void>((resolve) => (openGate = resolve));
      let firstInserted = () => {};
      const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
      const transaction = database.db.transaction(async (tx) => {
        await insertUser(tx, { name: 'First of a pair' });
        firstInserted();
        await gate;
        await insertUser(tx, { name: 'Second of a pair' });
      });
      await inserted;

      const dumping = dumpDataDirectory(database.driver.client);
      openGate();
      await transaction;
      const copy = await openDatabase('pglite:memory', {
        pgliteLoadDataDir: new Blob([await dumping]),
      });
      try {
        const names = (await copy.db.select({ name: users.name }).from(users)).map(
          (row) => row.name,
        );
        expect(names).toEqual(expect.arrayContaining(['First of a pair', 'Second of a pair']));
      } finally {
        await copy.close();
      }
    });

    it('says so when the server holding the database does not answer (an older version)', async () => {
      const other = await temporaryDataDir();
      const otherPlace = { dataDir: other, databaseUrl: `pglite:${path.join(other, 'db')}` };
      await writeFile(
        pgliteLockFile(path.join(other, 'db')),
        JSON.stringify({ pid: process.pid, by: 'server' }),
      );

      const result = await runCli(['backup', path.join(other, 'x.tar.gz')], otherPlace);

      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toMatch(
        new RegExp(
          `^The shop server \\(pid ${process.pid}\\) has the embedded database .+/db open but does not answer backup requests \\(no answer at .+/db\\.backup\\.sock \\(ENOENT\\)\\): restart it with this version, or stop it and back up again$`,
        ),
      );
      expect(existsSync(path.join(other, 'x.tar.gz'))).toBe(false);
    }, 60_000);
  },
);
