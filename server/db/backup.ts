/**
 * docs/requirements.md §17: the owner's data is safe on the embedded database. `npm run backup` writes one
 * tar.gz archive and `npm run restore` brings it back:
 *
 *   manifest.json            what the archive holds (format, database kind, when, app version)
 *   database/pgdata.tar      the embedded database: PGlite's dump of its data directory, or
 *   database/postgres.dump   PostgreSQL: pg_dump's custom format of the whole database
 *   media/…                  every file under DATA_DIR/media (the uploaded images)
 *
 * A restore goes only into an empty target and checks that before it writes anything, so a
 * refused restore changes nothing.
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import tar, { type Extract, type Header, type Pack } from 'tar-stream';
import { z } from 'zod';
import { openDatabase, parseDatabaseUrl, type DatabaseKind } from './client';
import { dumpDataDirectory, requestLiveSnapshot, SnapshotUnavailableError } from './live-snapshot';
import { lockPgliteDirectory, PgliteLockedError, type PgliteLock } from './pglite-lock';

/** A refusal or failure the owner can act on: the command prints its one line and exits 1. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const FORMAT = 'artisan-storefront-backup';
const FORMAT_VERSION = 1;
const MANIFEST_ENTRY = 'manifest.json';
const DATABASE_ENTRY: Record<DatabaseKind, string> = {
  pglite: 'database/pgdata.tar',
  postgres: 'database/postgres.dump',
};
const MEDIA_PREFIX = 'media/';

type HeaderArgument = Partial<Header> & Pick<Header, 'name'>;
/** One entry of an archive being read: its header and a stream of its bytes. */
type Entry = Extract extends AsyncIterable<infer T> ? T : never;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().min(1),
  database: z.enum(['pglite', 'postgres']),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export interface BackupOptions {
  databaseUrl: string;
  dataDir: string;
  /** The archive to write; an existing file of that name is replaced once the new one is whole. */
  file: string;
  appVersion: string;
  now: Date;
}

export interface BackupSummary {
  file: string;
  manifest: BackupManifest;
  mediaFiles: number;
  bytes: number;
}

export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const target = parseDatabaseUrl(options.databaseUrl);
  if (target.kind === 'pglite' && target.dataDir === null) {
    throw new BackupError('DATABASE_URL is pglite:memory: there is no stored database to back up');
  }
  const file = path.resolve(options.file);
  if (!(await stat(path.dirname(file)).catch(() => null))?.isDirectory()) {
    throw new BackupError(
      `The folder ${displayPath(path.dirname(file))} for the backup does not exist`,
    );
  }
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'storefront-backup-'));
  try {
    const database =
      target.kind === 'pglite'
        ? { kind: 'pglite' as const, dump: await pgliteSnapshot(options.databaseUrl) }
        : { kind: 'postgres' as const, file: await postgresDump(target.url, scratch) };
    // Listed after the database snapshot: an image uploaded meanwhile is one file too many in
    // the archive, never a media row whose file is missing.
    const mediaDirectory = path.join(options.dataDir, 'media');
    const mediaFiles = await listFiles(mediaDirectory);
    const manifest: BackupManifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      database: database.kind,
      createdAt: options.now.toISOString(),
      appVersion: options.appVersion,
    };

    // Written under a private name and renamed when whole: a failed backup never leaves a
    // truncated archive under the name a restore would look for.
    const draft = `${file}.${process.pid}.tmp`;
    const pack = tar.pack();
    // The archive holds every account's data: readable by the shop's own user only.
    const writing = pipeline(pack, createGzip(), createWriteStream(draft, { mode: 0o600 }));
    const writeFailed = writing.then(
      () => new Promise<never>(() => undefined),
      (error: unknown) => Promise.reject(error),
    );
    writeFailed.catch(() => undefined);
    let mediaCount = 0;
    const add = (header: HeaderArgument, body: Buffer) =>
      Promise.race([addEntry(pack, header, body), writeFailed]);
    try {
      await add({ name: MANIFEST_ENTRY }, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      if (database.kind === 'pglite') {
        await add({ name: DATABASE_ENTRY.pglite }, database.dump);
      } else {
        const { size } = await stat(database.file);
        const sink = pack.entry({ name: DATABASE_ENTRY.postgres, size });
        await Promise.race([pipeline(createReadStream(database.file), sink), writeFailed]);
      }
      for (const relative of mediaFiles) {
        const source = path.join(mediaDirectory, relative);
        // Read whole: an image is at most a few MB, and its size must match the tar header.
        const read = await Promise.all([readFile(source), stat(source)]).catch(
          (error: NodeJS.ErrnoException) => {
            // Deleted by the owner since the listing: the snapshot's row is gone with it too, or
            // goes at the next backup.
            if (error.code === 'ENOENT') return null;
            throw error;
          },
        );
        if (!read) continue;
        await add({ name: `${MEDIA_PREFIX}${relative}`, mtime: read[1].mtime }, read[0]);
        mediaCount += 1;
      }
      pack.finalize();
      await writing;
      await rename(draft, file);
    } catch (error) {
      pack.destroy();
      await writing.catch(() => undefined);
      await rm(draft, { force: true });
      throw error;
    }
    return { file, manifest, mediaFiles: mediaCount, bytes: (await stat(file)).size };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * The embedded database's data directory. Opened here when no process has it; when the running
 * server has it (STACK.md: never two processes on one directory), the server takes the snapshot
 * and sends it (live-snapshot.ts), so a nightly backup needs no downtime.
 */
async function pgliteSnapshot(databaseUrl: string): Promise<Buffer> {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.kind !== 'pglite' || target.dataDir === null)
    throw new Error('not a PGlite directory');
  const directory = target.dataDir;
  let lock: PgliteLock;
  try {
    lock = lockPgliteDirectory(databaseUrl, 'command');
  } catch (error) {
    if (!(error instanceof PgliteLockedError)) throw error;
    if (error.holder.by !== 'server') throw new BackupError(error.message);
    try {
      return await requestLiveSnapshot(directory);
    } catch (failure) {
      if (failure instanceof SnapshotUnavailableError) {
        throw new BackupError(
          `The shop server (pid ${error.holder.pid}) has the embedded database ${displayPath(directory)} open but does not answer backup requests (${failure.message}): restart it with this version, or stop it and back up again`,
        );
      }
      throw new BackupError(`The backup failed: ${(failure as Error).message}`);
    }
  }
  try {
    if (!(await isPostgresDataDirectory(directory))) {
      throw new BackupError(
        `There is no embedded database at ${displayPath(directory)} to back up (DATABASE_URL)`,
      );
    }
    const handle = await openDatabase(databaseUrl);
    try {
      if (handle.driver.kind !== 'pglite') throw new Error('expected PGlite');
      return await dumpDataDirectory(handle.driver.client);
    } finally {
      await handle.close();
    }
  } finally {
    lock.release();
  }
}

async function isPostgresDataDirectory(directory: string): Promise<boolean> {
  return (await stat(path.join(directory, 'PG_VERSION')).catch(() => null))?.isFile() ?? false;
}

/** The whole database, every schema (the job queue's too), in pg_dump's custom format. */
async function postgresDump(url: string, scratch: string): Promise<string> {
  const file = path.join(scratch, 'postgres.dump');
  await runPostgresTool('pg_dump', ['--format=custom', '--file', file], url);
  return file;
}

export interface RestoreOptions {
  databaseUrl: string;
  dataDir: string;
  file: string;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  mediaFiles: number;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const target = parseDatabaseUrl(options.databaseUrl);
  if (target.kind === 'pglite' && target.dataDir === null) {
    throw new BackupError('DATABASE_URL is pglite:memory: there is nowhere to restore to');
  }
  const file = path.resolve(options.file);
  if (!(await stat(file).catch(() => null))?.isFile()) {
    throw new BackupError(`There is no backup file at ${displayPath(file)}`);
  }
  const mediaDirectory = path.join(options.dataDir, 'media');

  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  // Its failure (not gzip, cut short) also ends the entries below, which report it.
  reading.catch(() => undefined);
  const entries = extract[Symbol.asyncIterator]();
  let lock: PgliteLock | null = null;
  let staging: string | null = null;
  try {
    const first = await nextEntry(entries, file);
    if (!first || first.header.name !== MANIFEST_ENTRY) {
      throw new BackupError(`${displayPath(file)} is not a backup of this shop (no manifest)`);
    }
    const manifest = parseManifest(await readAll(first), file);
    if (manifest.database !== target.kind) {
      throw new BackupError(
        manifest.database === 'pglite'
          ? 'This backup holds an embedded database: set DATABASE_URL=pglite:<directory> to restore it'
          : 'This backup holds a PostgreSQL database: set DATABASE_URL=postgres://… (an empty database) to restore it',
      );
    }

    // Every check comes before the first write: a refused restore changes nothing.
    if (target.kind === 'pglite' && target.dataDir !== null) {
      try {
        lock = lockPgliteDirectory(options.databaseUrl, 'command');
      } catch (error) {
        if (error instanceof PgliteLockedError) throw new BackupError(error.message);
        throw error;
      }
      await requireEmptyDirectory(target.dataDir, 'the embedded database directory');
    } else if (target.kind === 'postgres') {
      await requireEmptyPostgres(target.url);
    }
    await requireEmptyDirectory(mediaDirectory, 'the media directory');

    // Unpacked into a staging directory beside the media first: the archive is read to its end
    // (and so known to be whole) before the database or the media directory is touched.
    await mkdir(options.dataDir, { recursive: true });
    staging = await mkdtemp(path.join(options.dataDir, '.restore-'));
    const stagedMedia = path.join(staging, 'media');
    const stagedDatabase = path.join(staging, 'database');
    let hasDatabase = false;
    let mediaFiles = 0;
    try {
      for (
        let entry = await nextEntry(entries, file);
        entry;
        entry = await nextEntry(entries, file)
      ) {
        const { name, type } = entry.header;
        if (type !== 'file') throw unexpectedEntry(file, name);
        if (name === DATABASE_ENTRY[manifest.database] && !hasDatabase) {
          await pipeline(entry, createWriteStream(stagedDatabase));
          hasDatabase = true;
          continue;
        }
        const destination = mediaDestination(stagedMedia, name);
        if (!destination) throw unexpectedEntry(file, name);
        await mkdir(path.dirname(destination), { recursive: true });
        await pipeline(entry, createWriteStream(destination, { flags: 'wx' }));
        mediaFiles += 1;
      }
      await reading;
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw unreadable(file, error);
    }
    if (!hasDatabase) throw new BackupError(`${displayPath(file)} holds no database`);

    if (target.kind === 'pglite' && target.dataDir !== null) {
      await loadPgliteDirectory(target.dataDir, stagedDatabase);
    } else if (target.kind === 'postgres') {
      // One transaction: a restore that fails leaves the database as empty as it was.
      await runPostgresTool(
        'pg_restore',
        ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges'],
        target.url,
        [stagedDatabase],
      );
    }
    if (mediaFiles > 0) {
      // Checked empty above; rmdir (not rm -r) refuses should anything have appeared since.
      await rmdir(mediaDirectory).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      await rename(stagedMedia, mediaDirectory);
    }
    return { manifest, mediaFiles };
  } finally {
    extract.destroy();
    if (staging) await rm(staging, { recursive: true, force: true });
    lock?.release();
  }
}

/**
 * Loads the dump into a directory of its own beside the target, then renames it into place:
 * rename(2) takes the place of a missing or empty directory and refuses one with files, so a
 * restore can never overwrite a database, and a failed one removes only what it made.
 */
async function loadPgliteDirectory(directory: string, dump: string) {
  const draft = `${path.resolve(directory)}.restore-${process.pid}`;
  try {
    const handle = await openDatabase(`pglite:${draft}`, {
      pgliteLoadDataDir: new Blob([await readFile(dump)], { type: 'application/x-tar' }),
    });
    try {
      await handle.ping();
    } finally {
      await handle.close();
    }
    await rename(draft, path.resolve(directory));
  } catch (error) {
    await rm(draft, { recursive: true, force: true });
    throw new BackupError(
      `The embedded database could not be restored: ${(error as Error).message}`,
    );
  }
}

async function nextEntry(entries: AsyncIterator<Entry>, file: string): Promise<Entry | null> {
  try {
    const next = await entries.next();
    return next.done ? null : next.value;
  } catch (error) {
    throw unreadable(file, error);
  }
}

function unreadable(file: string, error: unknown): BackupError {
  const reason = error instanceof Error ? error.message : String(error);
  return new BackupError(`${displayPath(file)} is not a readable backup archive: ${reason}`);
}

function parseManifest(text: Buffer, file: string): BackupManifest {
  let parsed: ReturnType<typeof manifestSchema.safeParse>;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(text.toString('utf8')));
  } catch {
    throw new BackupError(`${displayPath(file)} has an unreadable manifest`);
  }
  if (!parsed.success) {
    throw new BackupError(`${displayPath(file)} is not a backup of this shop (its manifest)`);
  }
  if (parsed.data.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `This backup was written by a newer version of the shop (format ${parsed.data.formatVersion}): update the shop first`,
    );
  }
  return parsed.data;
}

function unexpectedEntry(file: string, name: string): BackupError {
  return new BackupError(`${displayPath(file)} holds an unexpected entry: ${name}`);
}

/** Where a `media/…` entry goes, or null for any other name or one that would leave the folder. */
function mediaDestination(root: string, name: string): string | null {
  if (!name.startsWith(MEDIA_PREFIX)) return null;
  const relative = name.slice(MEDIA_PREFIX.length);
  if (
    relative === '' ||
    relative.includes('\0') ||
    path.posix.isAbsolute(relative) ||
    relative.split('/').some((part) => part === '' || part === '.' || part === '..')
  ) {
    return null;
  }
  return path.join(root, ...relative.split('/'));
}

async function requireEmptyDirectory(directory: string, what: string): Promise<void> {
  const children = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    if (error.code === 'ENOTDIR') return [path.basename(directory)];
    throw error;
  });
  if (children.length > 0) {
    throw new BackupError(
      `Restore refused: ${what} ${displayPath(directory)} is not empty; restore into a new DATA_DIR, or move it away first`,
    );
  }
}

/** Empty: no table, view or sequence in any schema of its own (public, drizzle, pgboss, …). */
async function requireEmptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; database: string }>(
      `select n.nspname || '.' || c.relname as name, current_database() as database
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
        order by n.nspname <> 'public', 1`,
    );
    if (rows.length > 0) {
      throw new BackupError(
        `Restore refused: the database ${rows[0]?.database} is not empty (${rows.length} tables and sequences, such as ${rows[0]?.name}); restore into a new, empty database`,
      );
    }
  } finally {
    await client.end();
  }
}

/**
 * Runs pg_dump or pg_restore against `url`. The password goes in PGPASSWORD, not in the
 * arguments, where any user of the machine could read it (ps).
 */
async function runPostgresTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  url: string,
  trailing: string[] = [],
): Promise<void> {
  const connection = new URL(url);
  const password = decodeURIComponent(connection.password);
  connection.password = '';
  const child = spawn(tool, [...args, '--dbname', connection.toString(), ...trailing], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      throw new BackupError(
        `${tool} is not on PATH: install the PostgreSQL client tools (the server's major version or newer), e.g. apt-get install postgresql-client`,
      );
    }
    throw error;
  });
  if (code !== 0) {
    const reason = stderr.trim().split('\n')[0] ?? '';
    throw new BackupError(`${tool} failed (exit code ${String(code)}): ${reason}`);
  }
}

/** Every regular file under `directory`, as `/`-separated paths relative to it, sorted. */
async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}

function addEntry(pack: Pack, header: HeaderArgument, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry(header, body, (error) => (error ? reject(error) : resolve()));
  });
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative === '' || relative.startsWith('..') ? path.resolve(file) : relative;
}
