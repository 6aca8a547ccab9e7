#!/usr/bin/env node
/**
 * `npm test`: the whole suite, as CI runs it.
 *  1. unit and integration tests on the embedded database (PGlite);
 *  2. the same on PostgreSQL, when one answers at TEST_DATABASE_URL (default: the local server);
 *     both stages also test the Redis rate-limit store when Redis answers at TEST_REDIS_URL
 *     (default redis://127.0.0.1:6379; required in CI);
 *  3. the production build, its JavaScript budget (scripts/check-js-budget.mjs), and the
 *     Playwright journeys against it.
 * Set SKIP_POSTGRES=1 or SKIP_E2E=1 to leave a stage out. Each stage prints its seconds; the end
 * prints every stage's time, the 15 slowest files of each runner, a warning when the whole run took
 * over the time budget (docs/testing.md), and last one "N passed, N failed, N skipped" line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const reports = mkdtempSync(path.join(os.tmpdir(), 'storefront-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Seconds per stage, in the order they ran. */
const stages = [];
/** Seconds per test file, per runner, from the runners' JSON reports. */
const fileTimes = {};
const startedAt = Date.now();
/** docs/testing.md: the whole `npm test` should stay within 20 minutes on a 2-core machine. */
const BUDGET_SECONDS = 1200;

const seconds = (milliseconds) => Math.round(milliseconds / 100) / 10;

function run(title, command, args, extraEnvironment = {}) {
  console.log(`\n▶ ${title}`);
  const began = Date.now();
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...extraEnvironment },
  });
  const took = seconds(Date.now() - began);
  stages.push({ title, seconds: took });
  console.log(`⏱ ${title}: ${took} s`);
  return result.status === 0;
}

function printTimes() {
  console.log('\nStage times:');
  for (const stage of stages)
    console.log(`  ${String(stage.seconds).padStart(8)} s  ${stage.title}`);
  for (const [runner, files] of Object.entries(fileTimes)) {
    console.log(`\nSlowest files, ${runner}:`);
    const slowest = Object.entries(files)
      .sort((first, second) => second[1] - first[1])
      .slice(0, 15);
    for (const [file, took] of slowest) console.log(`  ${String(took).padStart(8)} s  ${file}`);
  }
  const total = seconds(Date.now() - startedAt);
  console.log(`\nWhole run: ${total} s`);
  if (total > BUDGET_SECONDS) {
    const slowestStages = [...stages]
      .sort((first, second) => second.seconds - first.seconds)
      .slice(0, 3)
      .map((stage) => `${stage.title} ${stage.seconds} s`)
      .join(', ');
    console.log(
      `⚠ The run took ${total} s, over its budget of ${BUDGET_SECONDS} s; slowest stages: ${slowestStages}`,
    );
  }
}

function finish(ok) {
  printTimes();
  if (flakyJourneys.length > 0) {
    console.log(
      `\n⚠ ${flakyJourneys.length} journeys passed only when tried again (flaky, to mend):`,
    );
    for (const journey of flakyJourneys) console.log(`    ${journey}`);
  }
  console.log(
    `\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`,
  );
  process.exit(ok ? 0 : 1);
}

const relative = (file) => path.relative(process.cwd(), file);

function countVitest(file, runner) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const files = (fileTimes[runner] = {});
  for (const result of report.testResults ?? []) {
    files[relative(result.name)] = seconds((result.endTime ?? 0) - (result.startTime ?? 0));
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

/** A Playwright file's time: the sum of its tests' attempts (workers run files side by side). */
/** The journeys that failed first and passed when tried again: each a flake to mend. */
const flakyJourneys = [];

function playwrightFileTimes(suites, files) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((test) => test.status === 'flaky')) {
        flakyJourneys.push(`${spec.file}:${spec.line} › ${spec.title}`);
      }
      const took = (spec.tests ?? [])
        .flatMap((test) => test.results ?? [])
        .reduce((sum, result) => sum + (result.duration ?? 0), 0);
      files[spec.file] = seconds((files[spec.file] ?? 0) * 1000 + took);
    }
    playwrightFileTimes(suite.suites, files);
  }
}

function countPlaywright(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  playwrightFileTimes(report.suites, (fileTimes['browser journeys'] = {}));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

function vitestStage(title, name, extraEnvironment) {
  const file = path.join(reports, `${name}.json`);
  const ok = run(
    title,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    extraEnvironment,
  );
  try {
    countVitest(file, title);
  } catch {
    totals.failed += 1;
  }
  if (!ok) finish(false);
}

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function redisAnswers() {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

if (await redisAnswers()) {
  process.env.TEST_REDIS_URL = redisUrl;
} else if (process.env.CI) {
  console.error(`\n✖ Redis does not answer at ${redisUrl}`);
  finish(false);
} else {
  console.log(`\n• Redis rate-limit tests skipped: nothing answers at ${redisUrl}`);
}

vitestStage('Unit and integration tests on PGlite', 'pglite', { TEST_DATABASE_URL: '' });

if (process.env.SKIP_POSTGRES === '1') {
  console.log('\n• PostgreSQL stage skipped (SKIP_POSTGRES=1)');
} else if (await postgresAnswers()) {
  // Pure code was tested on the stage above; only the folders that reach a database run again.
  vitestStage('Unit and integration tests on PostgreSQL', 'postgres', {
    TEST_DATABASE_URL: postgresUrl,
    TEST_SCOPE: 'database',
  });
} else if (process.env.CI) {
  console.error(`\n✖ PostgreSQL does not answer at ${postgresUrl}`);
  finish(false);
} else {
  console.log(`\n• PostgreSQL stage skipped: nothing answers at ${postgresUrl}`);
}

if (process.env.SKIP_E2E === '1') {
  console.log('\n• Browser stage skipped (SKIP_E2E=1)');
} else {
  if (!run('Production build', 'npx', ['react-router', 'build'])) finish(false);
  // docs/decisions/008: first-load JS over its budget fails the run, after the journeys have still run.
  const withinJsBudget = run('JavaScript budget', process.execPath, [
    'scripts/check-js-budget.mjs',
  ]);
  if (!withinJsBudget) totals.failed += 1;
  const file = path.join(reports, 'playwright.json');
  const ok = run(
    'Browser journeys (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    },
  );
  try {
    countPlaywright(file);
  } catch {
    totals.failed += 1;
  }
  if (!ok || !withinJsBudget) finish(false);
}
finish(true);
