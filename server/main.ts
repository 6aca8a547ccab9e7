/**
 * Process start-up (docs/design.md §2): config → database → migrations → seed → job worker → http, and a
 * graceful shutdown on SIGTERM/SIGINT that lets requests in flight finish, stops the worker, then
 * closes the database.
 * Every start-up step that fails stops the process with one line on stderr and exit code 1.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { ConfigError, loadConfig, loadDotEnvFile, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { runMigrations } from './db/migrate';
import { serveLiveSnapshots } from './db/live-snapshot';
import { lockPgliteDirectory, PgliteLockedError, type PgliteLock } from './db/pglite-lock';
import { seedCatalog } from './db/seed/catalog';
import { seedDemoAccounts } from './db/seed/demo-accounts';
import { createLogger, type Logger } from './logger';
import type { JobWorker } from './modules/jobs';
import { createOwnerSetupLink, type OwnerSetupLink } from './modules/identity/owner-setup-link';
import { adminExists } from './modules/roles/first-owner';
import { startSearchCountFlushes } from './modules/search-counts';
import { readSiteSettings } from './modules/settings';
import { startDeliveries } from './worker';

export interface StartOptions {
  /** Builds the HTTP app once everything it needs is open. */
  createApp(dependencies: {
    database: DatabaseHandle;
    config: Config;
    logger: Logger;
    jobs: JobWorker;
    /** docs/requirements.md §19: the first-run setup link, while no account has the admin role; else null. */
    ownerSetup: OwnerSetupLink | null;
  }): Promise<{ fetch: (request: Request) => Response | Promise<Response> }>;
  /** Development only: Vite's middlewares run before the app. */
  beforeApp?: (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
  onClose?: () => Promise<void>;
}

export async function startServer(options: StartOptions): Promise<void> {
  let config: Config;
  try {
    loadDotEnvFile();
    config = loadConfig();
  } catch (error) {
    exitWithOneLine(error);
  }
  const logger = createLogger(config.logLevel);

  // STACK.md: one process per embedded database directory; the CLIs check this lock too.
  let lock: PgliteLock;
  try {
    lock = lockPgliteDirectory(config.databaseUrl, 'server');
  } catch (error) {
    exitWithOneLine(error);
  }

  let database: DatabaseHandle;
  try {
    database = await openDatabase(config.databaseUrl, {
      onPoolError: (error) => logger.warn({ err: error }, 'database connection lost'),
    });
    await database.ping();
    await runMigrations(database);
  } catch (error) {
    exitWithOneLine(
      new ConfigError(`DATABASE_URL could not be opened or migrated: ${describe(error)}`),
    );
  }

  try {
    const seeded = await seedCatalog(database.db);
    if (!seeded.skipped) {
      logger.info(
        { products: seeded.productsInserted, media: seeded.mediaInserted },
        'seeded the demo catalogue',
      );
    }

    // A first look at a fresh embedded database, never in production (README "Demo accounts").
    if (database.kind === 'pglite' && !config.isProduction) {
      const demo = await seedDemoAccounts(database.db);
      if (demo.length > 0) {
        const lines = demo.map(
          (account) =>
            `  ${account.role.padEnd(8)} ${account.email}  password: ${account.password}`,
        );
        process.stdout.write(
          `\nDemo accounts (shown only this once; change or delete them before going live):\n${lines.join('\n')}\n\n`,
        );
      }
    }
  } catch (error) {
    exitWithOneLine(new ConfigError(`Seeding the database failed: ${describe(error)}`));
  }

  // docs/requirements.md §13: this process delivers queued mail from now on, those left by a previous run first.
  let jobs: JobWorker;
  try {
    jobs = await startDeliveries({ database, config, logger });
  } catch (error) {
    exitWithOneLine(new ConfigError(`The job queue could not start: ${describe(error)}`));
  }

  // docs/requirements.md §19: a shop without an owner prints a one-time link to make one (a restart, a new one).
  let ownerSetup: OwnerSetupLink | null = null;
  try {
    if (!(await adminExists(database.db))) {
      ownerSetup = createOwnerSetupLink({ publicUrl: config.publicUrl, clock: () => new Date() });
    }
  } catch (error) {
    exitWithOneLine(new ConfigError(`Reading the accounts failed: ${describe(error)}`));
  }

  let app: Awaited<ReturnType<StartOptions['createApp']>>;
  try {
    app = await options.createApp({ database, config, logger, jobs, ownerSetup });
  } catch (error) {
    exitWithOneLine(error);
  }
  // docs/requirements.md §20: searches are counted in memory and written off the request path, every 5 s.
  const searchCountFlushes = startSearchCountFlushes({
    db: database.db,
    logger,
    shopTimeZone: async () => (await readSiteSettings(database.db, config)).shopTimeZone,
  });
  const listener = getRequestListener(app.fetch);
  let closing = false;
  const server = createServer((request, response) => {
    if (closing) {
      // Shutting down: answer this request, then close its connection instead of keeping it.
      response.shouldKeepAlive = false;
    }
    // Once shutdown has begun, a finished request's connection goes at once, not after keep-alive.
    response.once('finish', () => {
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
    if (options.beforeApp) {
      options.beforeApp(request, response, () => void listener(request, response));
    } else {
      void listener(request, response);
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(new ConfigError(`PORT ${config.port} cannot be used: ${error.code ?? error.message}`));
    });
    server.listen(config.port, config.host, resolve);
  }).catch(exitWithOneLine);

  const { port } = server.address() as AddressInfo;
  logger.info({ port, database: database.kind }, `serving on http://localhost:${port}`);
  // docs/decisions/023: on stdout as a plain line, whatever LOG_LEVEL, once the link can be opened
  if (ownerSetup) process.stdout.write(`\n${ownerSetup.line}\n\n`);

  // docs/requirements.md §17: `npm run backup` asks this process for the embedded database's snapshot.
  const stopLiveSnapshots = await serveLiveSnapshots(database, config.databaseUrl).catch(
    (error: unknown) => {
      logger.warn({ err: error }, 'backups cannot be taken while this server runs');
      return async () => undefined;
    },
  );

  // Graceful shutdown: stop accepting connections, close the idle ones, let requests in flight
  // finish (each connection closes as its request ends), then close the database. Whatever is
  // still open after the grace period is cut; a database that will not close cannot hold the exit.
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const grace = setTimeout(() => {
      logger.warn(`requests still open after ${shutdownGraceMs / 1000} s; closing them`);
      server.closeAllConnections();
    }, shutdownGraceMs);
    grace.unref();
    const forceExit = setTimeout(() => process.exit(1), shutdownGraceMs + 5_000);
    forceExit.unref();
    server.close(() => {
      clearTimeout(grace);
      void (async () => {
        await options.onClose?.();
        // The last requests have finished: their searches are written before the database closes.
        await searchCountFlushes.stop();
        await stopLiveSnapshots();
        await jobs.stop().catch((error: unknown) => {
          logger.warn({ err: error }, 'the job worker did not stop cleanly');
        });
        await database.close();
        lock.release();
        logger.info('closed the database; bye');
        process.exit(0);
      })();
    });
    server.closeIdleConnections();
  };
  // A promise nobody awaited that fails while the database is away is logged, not a reason to
  // stop serving: the shop serves again by itself when it returns (docs/requirements.md §17).
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'a background task failed');
  });
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

/** How long requests in flight may run on after SIGTERM before their connections are cut. */
const shutdownGraceMs = 10_000;

/** One line about an error: a failed query is described by its cause (the database's own words). */
function describe(error: unknown): string {
  if (error instanceof Error) {
    if (error.cause instanceof Error && /^Failed query/.test(error.message)) {
      return describe(error.cause);
    }
    const code = (error as NodeJS.ErrnoException).code;
    return [code, error.message].filter(Boolean).join(' ').split('\n')[0] ?? 'unknown error';
  }
  return String(error);
}

function exitWithOneLine(error: unknown): never {
  const message =
    error instanceof ConfigError || error instanceof PgliteLockedError
      ? error.message
      : `Start-up failed: ${describe(error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
