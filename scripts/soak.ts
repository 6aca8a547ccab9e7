/**
 * The soak (docs/requirements.md §16, `npm run soak`, not part of CI): the production build on a fresh PostgreSQL
 * database under a moderate mixed load (browse, search, quotation requests, sign-up and sign-in,
 * the dashboard) for SOAK_MINUTES (default 10) after a 30 s warm-up. It passes with no 5xx and
 * an RSS at the end of at most 1.5 × the RSS after warm-up, and writes its figures into
 * docs/benchmarks.md between `<!-- soak:start -->` and `<!-- soak:end -->`.
 *
 * Every request comes from 127.0.0.1, which stands for many shoppers here, so the per-address
 * form and sign-in limits are raised for the run (as the browser tests do).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { SoakLoad } from './soak-load';
import {
  createBenchDatabase,
  ensureBuilt,
  seededProductId,
  startProductionServer,
} from './bench/production-server';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const WARM_UP_SECONDS = 30;
const REQUESTS_PER_SECOND = 30;
const RSS_SAMPLE_MS = 5_000;
const MAX_RSS_GROWTH = 1.5;
const REPORT_PATH = 'docs/benchmarks.md';
const START_MARKER = '<!-- soak:start -->';
const END_MARKER = '<!-- soak:end -->';

function writeReport(section: string): void {
  const current = existsSync(REPORT_PATH)
    ? readFileSync(REPORT_PATH, 'utf8')
    : `# Benchmarks\n\n${START_MARKER}\n${END_MARKER}\n`;
  const start = current.indexOf(START_MARKER);
  const end = current.indexOf(END_MARKER);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start + START_MARKER.length)}\n${section}${current.slice(end)}`
      : `${current.trimEnd()}\n\n${START_MARKER}\n${section}${END_MARKER}\n`;
  writeFileSync(REPORT_PATH, next);
}

async function runSoak(): Promise<boolean> {
  ensureBuilt();
  const startedAt = new Date();
  const database = await createBenchDatabase('soak');
  try {
    const server = await startProductionServer(database.url, {
      FORM_RATE_LIMIT: '100000',
      AUTH_RATE_LIMIT: '100000',
    });
    try {
      const load = new SoakLoad(server.url, await seededProductId(database.url));
      process.stderr.write(`soak: warming up for ${WARM_UP_SECONDS} s…\n`);
      await load.run(WARM_UP_SECONDS * 1000, REQUESTS_PER_SECOND);
      const rssAfterWarmUp = server.residentKilobytes();
      let rssPeak = rssAfterWarmUp;
      // One reading a minute goes into the report: a curve that flattens is a heap that has found
      // its size; one that keeps rising is a leak.
      const rssByMinute: number[] = [];
      const soakStarted = Date.now();
      const sampler = setInterval(() => {
        const rss = server.residentKilobytes();
        rssPeak = Math.max(rssPeak, rss);
        const minute = Math.floor((Date.now() - soakStarted) / 60_000);
        if (minute > rssByMinute.length) rssByMinute.push(rss);
      }, RSS_SAMPLE_MS);
      load.resetCounts();
      process.stderr.write(`soak: ${MINUTES} min at about ${REQUESTS_PER_SECOND} req/s…\n`);
      try {
        await load.run(MINUTES * 60_000, REQUESTS_PER_SECOND);
      } finally {
        clearInterval(sampler);
      }
      const rssAtEnd = server.residentKilobytes();
      rssPeak = Math.max(rssPeak, rssAtEnd);
      const counts = load.counts();
      const serverErrors = counts['5xx'] ?? 0;
      const growth = rssAtEnd / rssAfterWarmUp;
      const passed = serverErrors === 0 && counts.failed === 0 && growth <= MAX_RSS_GROWTH;
      const megabytes = (kilobytes: number) => `${(kilobytes / 1024).toFixed(1)} MB`;
      const cpus = os.cpus();
      writeReport(
        [
          '## Soak',
          '',
          `Run ${startedAt.toISOString()} on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ` +
            `Node ${process.version}: the production build on a fresh PostgreSQL database, ` +
            `${WARM_UP_SECONDS} s warm-up, then ${MINUTES} min at about ${REQUESTS_PER_SECOND} req/s ` +
            `of browsing (home, shop, category, product, journal), search suggestions, quotation ` +
            `requests through the form action, sign-up and sign-in, and the dashboard.`,
          '',
          '| figure | value |',
          '| --- | --- |',
          `| requests | ${counts.total} |`,
          `| 2xx / 3xx / 4xx / 5xx | ${counts['2xx'] ?? 0} / ${counts['3xx'] ?? 0} / ${counts['4xx'] ?? 0} / ${serverErrors} |`,
          `| failed (no answer) | ${counts.failed} |`,
          `| RSS after warm-up | ${megabytes(rssAfterWarmUp)} |`,
          `| RSS peak | ${megabytes(rssPeak)} |`,
          `| RSS at end | ${megabytes(rssAtEnd)} (${growth.toFixed(2)} ×) |`,
          `| RSS at each minute | ${rssByMinute.map((rss) => (rss / 1024).toFixed(0)).join(', ')} MB |`,
          `| result | ${passed ? 'pass' : '**fail**'} (0 5xx and RSS at end ≤ ${MAX_RSS_GROWTH} × after warm-up) |`,
          '',
        ].join('\n'),
      );
      process.stdout.write(
        `soak: ${counts.total} requests, 5xx ${serverErrors}, failed ${counts.failed}, RSS ` +
          `${megabytes(rssAfterWarmUp)} → ${megabytes(rssAtEnd)} (peak ${megabytes(rssPeak)}): ` +
          `${passed ? 'pass' : 'FAIL'}; figures in ${REPORT_PATH}\n`,
      );
      if (serverErrors > 0) process.stderr.write(server.output().slice(-4000));
      return passed;
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

process.exitCode = (await runSoak()) ? 0 : 1;
