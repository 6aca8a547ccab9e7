/**
 * The frame every command-line tool shares: read .env and the configuration, open the database
 * named by DATABASE_URL, apply pending migrations, run the command, close, and exit with its code.
 */
import { loadConfig, loadDotEnvFile } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { runMigrations } from './db/migrate';

export function runDatabaseCommand(command: (database: DatabaseHandle) => Promise<number>): void {
  const run = async () => {
    loadDotEnvFile();
    const config = loadConfig();
    const database = await openDatabase(config.databaseUrl);
    try {
      await runMigrations(database);
      return await command(database);
    } finally {
      await database.close();
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
