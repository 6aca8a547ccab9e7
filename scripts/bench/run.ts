/**
 * `npm run bench`: measures the whole product and writes docs/benchmarks.md (issue: quality gates).
 *
 * Each part returns a Markdown section; this script builds the app, records the machine, runs the
 * parts one after another (never in parallel: they would measure each other) and writes them into
 * the report between `<!-- bench:<part>:start/end -->` markers. `--only growth,lighthouse` re-runs
 * some parts and keeps the others' sections as they were (each section states when it was
 * measured). The soak (`npm run soak`) writes its own marked section, which this script keeps.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

interface BenchPart {
  name: string;
  title: string;
  run(): Promise<string>;
}

// Cheapest first, so a broken environment fails before the long parts start.
const parts: BenchPart[] = [
  {
    name: 'javascript',
    title: 'JavaScript budget',
    // The static figure CI gates on, then what Chromium at 390 px fetches on a first view.
    run: async () =>
      [
        (await import('../check-js-budget.mjs')).jsBudgetMarkdown(),
        await (await import('./first-view-js')).firstViewMarkdown(),
      ].join('\n'),
  },
  {
    name: 'lighthouse',
    title: 'Page speed (Lighthouse)',
    run: async () => (await import('./lighthouse')).runLighthouseBench(),
  },
  {
    name: 'throughput',
    title: 'Server throughput (autocannon)',
    run: async () => (await import('./throughput')).runThroughputBench(),
  },
  {
    name: 'growth',
    title: 'Growth (30, 10,000 and 100,000 products)',
    run: async () => (await import('./growth')).runGrowthBench(),
  },
];

const reportPath = path.resolve('docs/benchmarks.md');
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function requestedParts(): BenchPart[] {
  const flag = process.argv.indexOf('--only');
  if (flag === -1) return parts;
  const names = (process.argv[flag + 1] ?? '').split(',').filter(Boolean);
  const unknown = names.filter((name) => !parts.some((part) => part.name === name));
  if (unknown.length > 0 || names.length === 0) {
    console.error(`Usage: npm run bench -- --only ${parts.map((part) => part.name).join(',')}`);
    process.exit(2);
  }
  return parts.filter((part) => names.includes(part.name));
}

function commandOutput(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .split('\n')[0]!;
  } catch {
    return 'not found';
  }
}

async function postgresVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]?.server_version ?? 'unknown';
  } catch {
    return 'not reachable';
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function machineSection(): Promise<string> {
  const cpus = os.cpus();
  const lines = [
    `- Report written: ${new Date().toISOString()} (commit ${commandOutput('git', ['rev-parse', '--short', 'HEAD'])})`,
    `- CPU: ${cpus[0]?.model ?? 'unknown'}, ${cpus.length} cores; memory ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`,
    `- OS: ${os.type()} ${os.release()}; Node ${process.version}`,
    `- PostgreSQL ${await postgresVersion()} on 127.0.0.1 (the same machine as the server and the load)`,
    `- Browser for Lighthouse: ${commandOutput('/usr/bin/chromium', ['--version'])}`,
    `- Load average when the run started: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}`,
  ];
  return lines.join('\n');
}

/** A part may open with its own `## ` heading; the report gives every part one already. */
function withoutHeading(section: string): string {
  return section.trim().replace(/^## [^\n]*\n+/, '');
}

function markers(name: string): [string, string] {
  return [`<!-- bench:${name}:start -->`, `<!-- bench:${name}:end -->`];
}

/** The text between a part's markers in the previous report, if it had one. */
function previousSection(report: string, name: string): string | undefined {
  const [start, end] = markers(name);
  const from = report.indexOf(start);
  const to = report.indexOf(end);
  if (from === -1 || to === -1 || to < from) return undefined;
  return report.slice(from + start.length, to).trim();
}

function soakBlock(report: string): string {
  const start = '<!-- soak:start -->';
  const end = '<!-- soak:end -->';
  const from = report.indexOf(start);
  const to = report.indexOf(end);
  if (from !== -1 && to > from) return report.slice(from, to + end.length);
  return `${start}\n\n## Soak\n\nNot run yet: \`npm run soak\` writes its figures here.\n\n${end}`;
}

function build(): void {
  console.warn('▶ Production build');
  const result = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the production build failed');
}

async function main(): Promise<void> {
  const selected = requestedParts();
  const previous = existsSync(reportPath) ? readFileSync(reportPath, 'utf8') : '';
  if (!process.argv.includes('--no-build')) build();

  const sections = new Map<string, string>();
  for (const part of parts) {
    const kept = previousSection(previous, part.name);
    if (kept) sections.set(part.name, kept);
  }
  for (const part of selected) {
    console.warn(`▶ ${part.title}`);
    const started = Date.now();
    try {
      sections.set(part.name, withoutHeading(await part.run()));
    } catch (error) {
      // A part that cannot run is reported as such, so the report never shows stale figures as new.
      sections.set(
        part.name,
        `**Not measured**: the run failed with \`${error instanceof Error ? error.message : String(error)}\`.`,
      );
      process.exitCode = 1;
    }
    console.warn(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }

  const body = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (scripts/bench/run.ts); the soak section by `npm run soak`.',
    'Every figure below comes from a script in the repo; none is asserted as a timing in the test',
    'suite. Each section states its method and marks every figure against the targets of docs/requirements.md §16.',
    '',
    '## Machine',
    '',
    await machineSection(),
    '',
    ...parts.flatMap((part) => {
      const [start, end] = markers(part.name);
      return [`## ${part.title}`, '', start, sections.get(part.name) ?? 'Not run yet.', end, ''];
    }),
    soakBlock(previous),
    '',
  ].join('\n');

  mkdirSync(path.dirname(reportPath), { recursive: true });
  writeFileSync(reportPath, body);
  console.warn(`▶ Wrote ${path.relative(process.cwd(), reportPath)}`);
}

await main();
