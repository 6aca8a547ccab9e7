/**
 * The frame every command-line tool shares: read .env and the configuration, take the embedded
 * database's lock (refused while the server has it open), open the database named by
 * DATABASE_URL, apply pending migrations, run the command, close, and exit with its code.
 */
import { loadConfig, loadDotEnvFile } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { runMigrations } from './db/migrate';
import { lockPgliteDirectory } from './db/pglite-lock';

export function runDatabaseCommand(command: (database: DatabaseHandle) => Promise<number>): void {
  const run = async () => {
    loadDotEnvFile();
    const config = loadConfig();
    // STACK.md: two PGlite instances on one directory corrupt it, so never beside the server.
    const lock = lockPgliteDirectory(config.databaseUrl, 'command');
    try {
      const database = await openDatabase(config.databaseUrl);
      try {
        await runMigrations(database);
        return await command(database);
      } finally {
        await database.close();
      }
    } finally {
      lock.release();
    }
  };
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
