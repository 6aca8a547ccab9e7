#!/usr/bin/env node
/**
 * `npm start`: builds the app when the build is missing or older than the sources, then serves it.
 * The server itself migrates and seeds the database on start-up.
 *
 * `.env` is read first, as the server reads it (the real environment wins), so its settings apply
 * here too. This is the quick start: when NODE_ENV is not set (in the environment or `.env`) it
 * runs the optimised build (NODE_ENV=production) and, when no AUTH_SECRET is set either, uses one
 * generated once into DATA_DIR/auth-secret. An explicit NODE_ENV is left to the server's own rules:
 * `NODE_ENV=production` without AUTH_SECRET stops with one line, as a real deployment should.
 */
import { spawnSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const serverEntry = path.join(root, 'build/server/index.js');
const sourceDirectories = ['app', 'core', 'server', 'content', 'public'];
const sourceFiles = ['package-lock.json', 'vite.config.ts', 'react-router.config.ts'];

function newestModification(entry) {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry))
    newest = Math.max(newest, newestModification(path.join(entry, child)));
  return newest;
}

function buildIsStale() {
  if (!existsSync(serverEntry)) return true;
  const built = statSync(serverEntry).mtimeMs;
  const sources = [...sourceDirectories, ...sourceFiles].map((entry) =>
    newestModification(path.join(root, entry)),
  );
  return Math.max(...sources) > built;
}

if (buildIsStale()) {
  console.log('Building the app…');
  const build = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// process.loadEnvFile never overrides a variable that is already set.
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

// An empty variable means "not set", as in server/config.ts.
const environment = { ...process.env };
if (!environment.NODE_ENV) {
  environment.NODE_ENV = 'production';
  if (!environment.AUTH_SECRET) {
    const dataDir = path.resolve(root, environment.DATA_DIR || './data');
    const secretFile = path.join(dataDir, 'auth-secret');
    if (!existsSync(secretFile)) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(secretFile, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    }
    environment.AUTH_SECRET = readFileSync(secretFile, 'utf8').trim();
    console.log(
      `AUTH_SECRET is not set: using the one kept in ${path.relative(root, secretFile)}.`,
    );
  }
}

const server = spawn(process.execPath, [serverEntry], { stdio: 'inherit', env: environment });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
