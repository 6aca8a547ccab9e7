/**
 * docs/requirements.md §17: a nightly `npm run backup` while the shop keeps serving. The embedded database
 * allows one process per directory (pglite-lock.ts), so the backup cannot open it beside the
 * server: it asks the server for a snapshot instead. The server listens on a Unix socket beside
 * the lock (`data/db.backup.sock` for `pglite:./data/db`); a command that connects and sends
 * `snapshot` gets one header line and then the dump of the data directory.
 *
 * A socket rather than a signal: SIGUSR2 ends a process that does not handle it (a server of an
 * older version, or an unrelated process that took a crashed server's pid from a stale lock),
 * whereas a connection to a server that is gone is simply refused. The answer, errors included,
 * comes back on the connection: no file to poll, none left behind.
 */
import { chmodSync, renameSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { parseDatabaseUrl, type DatabaseHandle } from './client';

const REQUEST = 'snapshot\n';

const headerSchema = z.object({
  ok: z.boolean(),
  bytes: z.number().int().min(0).optional(),
  error: z.string().optional(),
});
type SnapshotHeader = z.infer<typeof headerSchema>;

export class SnapshotUnavailableError extends Error {
  override name = 'SnapshotUnavailableError';
}

/** Where the server of an embedded database directory answers snapshot requests. */
export function snapshotSocketFile(dataDir: string): string {
  return `${path.resolve(dataDir)}.backup.sock`;
}

/**
 * The server side: answers snapshot requests for the embedded database of `databaseUrl` until
 * the returned function is called. A no-op for PostgreSQL and `pglite:memory`. The caller holds
 * the directory's lock, so a socket file already there is a crashed server's and is replaced.
 */
export async function serveLiveSnapshots(
  database: DatabaseHandle,
  databaseUrl: string,
): Promise<() => Promise<void>> {
  const target = parseDatabaseUrl(databaseUrl);
  if (database.driver.kind !== 'pglite' || target.kind !== 'pglite' || target.dataDir === null) {
    return async () => undefined;
  }
  const client = database.driver.client;
  const file = snapshotSocketFile(target.dataDir);
  const draft = `${file}.${process.pid}.tmp`;
  rmSync(draft, { force: true });
  const server = net.createServer((socket) => answer(client, socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(draft, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // The dump holds every account's data: only the shop's own user may connect. The socket gets
  // its mode under a private name and only then appears where commands look for it.
  chmodSync(draft, 0o600);
  renameSync(draft, file);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(file, { force: true });
  };
}

function answer(client: PGlite, socket: net.Socket): void {
  socket.on('error', () => socket.destroy());
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    if (received.length < REQUEST.length) return;
    socket.removeAllListeners('data');
    if (received !== REQUEST) {
      socket.end(headerLine({ ok: false, error: 'unknown request' }));
      return;
    }
    void dumpDataDirectory(client).then(
      (dump) => {
        socket.write(headerLine({ ok: true, bytes: dump.length }));
        socket.end(dump);
      },
      (error: unknown) =>
        socket.end(
          headerLine({ ok: false, error: error instanceof Error ? error.message : String(error) }),
        ),
    );
  });
}

/**
 * A consistent copy of the data directory. PGlite runs one statement at a time; its transaction
 * lock is held by every query and by a transaction from BEGIN to COMMIT, so taking it here keeps
 * a half-done transaction out of the copy. Uncompressed: the archive compresses it, outside the
 * server's process.
 */
export async function dumpDataDirectory(client: PGlite): Promise<Buffer<ArrayBuffer>> {
  const dump = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
  return Buffer.from(await dump.arrayBuffer());
}

function headerLine(header: SnapshotHeader): Buffer {
  return Buffer.from(`${JSON.stringify(header)}\n`);
}

/**
 * The command side: asks the server holding `dataDir` for its snapshot. Rejects with
 * SnapshotUnavailableError when nobody answers at the socket, and with the server's own words
 * when the dump failed there.
 */
export function requestLiveSnapshot(
  dataDir: string,
  options: { timeoutMs?: number } = {},
): Promise<Buffer> {
  const file = snapshotSocketFile(dataDir);
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let connected = false;
    const socket = net.createConnection(file, () => {
      connected = true;
      socket.write(REQUEST);
    });
    socket.setTimeout(options.timeoutMs ?? 120_000, () => {
      socket.destroy(new Error('the shop server did not answer the snapshot request in time'));
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected) {
        reject(
          new SnapshotUnavailableError(`no answer at ${file} (${error.code ?? error.message})`),
        );
      } else {
        reject(error);
      }
    });
    socket.on('end', () => {
      try {
        resolve(parseAnswer(Buffer.concat(chunks)));
      } catch (error) {
        reject(error as Error);
      }
    });
  });
}

function parseAnswer(answer: Buffer): Buffer {
  const newline = answer.indexOf(0x0a);
  if (newline < 0) throw new Error('the shop server sent no snapshot');
  const header = headerSchema.parse(JSON.parse(answer.subarray(0, newline).toString('utf8')));
  if (!header.ok) throw new Error(`the shop server could not take a snapshot: ${header.error}`);
  const body = answer.subarray(newline + 1);
  if (body.length !== header.bytes) {
    throw new Error(
      `the snapshot was cut short (${body.length} of ${String(header.bytes)} bytes received)`,
    );
  }
  return body;
}
