/**
 * `npm run db:check`: fails when server/db/schema.ts and the committed migrations disagree, so a
 * schema change without its migration (or a hand-edited snapshot) never reaches a database.
 *  1. `drizzle-kit check`: the committed migrations and their snapshots are consistent.
 *  2. `drizzle-kit generate` into a scratch copy of the migrations folder must find nothing to
 *     generate: no new file, no changed file, and its own "No schema changes" verdict.
 * The committed folder is never written. drizzle-kit asks questions (renames) only when there
 * are changes; with no terminal to answer them, that is reported as drift too.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import config from '../drizzle.config';

const root = process.cwd();
const drizzleKit = path.join(root, 'node_modules', '.bin', 'drizzle-kit');
const committed = path.resolve(root, config.out ?? 'drizzle');

function run(args: string[]): { ok: boolean; output: string } {
  const result = spawnSync(drizzleKit, args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  return { ok: result.status === 0 && !result.error, output };
}

/** Every file under `directory` with its contents, by relative path. */
function snapshotOf(directory: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(directory, file), readFileSync(file, 'utf8'));
  }
  return files;
}

function fail(message: string, output: string): never {
  console.error(output.trim());
  console.error(`\n✖ ${message}`);
  process.exit(1);
}

const check = run(['check']);
if (!check.ok) fail('drizzle-kit check found inconsistent migrations.', check.output);

const scratch = mkdtempSync(path.join(os.tmpdir(), 'storefront-migrations-'));
try {
  const copy = path.join(scratch, 'migrations');
  cpSync(committed, copy, { recursive: true });
  const before = snapshotOf(copy);
  // drizzle-kit prefixes --out with "./", so it must be relative to the working directory.
  const generate = run([
    'generate',
    `--dialect=${config.dialect}`,
    ...[config.schema ?? []].flat().map((schema) => `--schema=${schema}`),
    `--out=${path.relative(root, copy)}`,
  ]);
  const after = snapshotOf(copy);
  const changed = [...after.keys()].filter((file) => before.get(file) !== after.get(file));
  if (!generate.ok || changed.length > 0 || !generate.output.includes('No schema changes')) {
    fail(
      `server/db/schema.ts and the committed migrations disagree${
        changed.length > 0 ? ` (drizzle-kit would write ${changed.join(', ')})` : ''
      }: run npm run db:generate and commit the migration.`,
      generate.output,
    );
  }
  console.log('Schema and migrations agree.');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
