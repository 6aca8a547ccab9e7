/**
 * The owner's backups (docs/requirements.md §17, README "Backups"): `npm run backup [-- <file>]` writes the
 * database and DATA_DIR/media to one archive, also while the shop is running; `npm run restore
 * -- <file>` brings one back into an empty DATA_DIR or database. Both read .env and the
 * configuration as the server does.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, loadDotEnvFile } from './config';
import { createBackup, restoreBackup } from './db/backup';

const usage = `Usage:
  npm run backup [-- <file>]   write the database and DATA_DIR/media to one archive
                               (default: DATA_DIR/backups/shop-<date>T<time>Z.tar.gz)
  npm run restore -- <file>    bring an archive back into an empty DATA_DIR or database`;

const [command, file, ...rest] = process.argv.slice(2);
if (rest.length > 0 || !(command === 'backup' || (command === 'restore' && file))) {
  console.error(usage);
  process.exit(2);
}

const describeMedia = (count: number) => `${count} media file${count === 1 ? '' : 's'}`;
const databaseName = { pglite: 'embedded', postgres: 'PostgreSQL' } as const;

async function run(): Promise<number> {
  loadDotEnvFile();
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  if (command === 'backup') {
    const now = new Date();
    const stamp = now
      .toISOString()
      .replace(/:/g, '-')
      .replace(/\.\d+Z$/, 'Z');
    const defaultFile = path.join(config.dataDir, 'backups', `shop-${stamp}.tar.gz`);
    if (!file) mkdirSync(path.dirname(defaultFile), { recursive: true });
    const summary = await createBackup({
      ...target,
      file: file ?? defaultFile,
      appVersion: appVersion(),
      now,
    });
    console.log(
      `Backed up the ${databaseName[summary.manifest.database]} database and ${describeMedia(summary.mediaFiles)} to ${summary.file} (${(summary.bytes / 1_000_000).toFixed(1)} MB).`,
    );
    return 0;
  }
  const summary = await restoreBackup({ ...target, file: file ?? '' });
  console.log(
    `Restored the ${databaseName[summary.manifest.database]} database and ${describeMedia(summary.mediaFiles)} of ${summary.manifest.createdAt} (version ${summary.manifest.appVersion}). Start the shop as usual: it applies any newer migrations.`,
  );
  return 0;
}

function appVersion(): string {
  const manifest = JSON.parse(
    readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  ) as { version?: string };
  return manifest.version ?? 'unknown';
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
