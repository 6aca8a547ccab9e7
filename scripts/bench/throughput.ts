/**
 * Server throughput (docs/requirements.md §16): autocannon against the production build on PostgreSQL, at 10 and
 * 50 connections for 20 s each, on the home page, the shop, a product page, the search
 * suggestions, and the JSON API's product list and product (docs/requirements.md §11). `runThroughputBench()` answers the report's Markdown section; run directly
 * (`npx tsx scripts/bench/throughput.ts`) it prints it. THROUGHPUT_SECONDS shortens a trial run.
 *
 * The measured routes are loaders only: the rate limits (FORM_RATE_LIMIT, AUTH_RATE_LIMIT) count
 * form actions and sign-ins, never these reads, so they are left at their defaults; any 429
 * would show in the non-2xx column.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import {
  createBenchDatabase,
  ensureBuilt,
  seededProductId,
  startProductionServer,
  type ProductionServer,
} from './production-server';

const CONNECTION_COUNTS = [10, 50] as const;
const SECONDS_PER_RUN = Number(process.env.THROUGHPUT_SECONDS ?? 20);
const WARM_UP_SECONDS = 3;
/** What a shopper types into the header search (a material of many pieces). */
const SEARCH_QUERY = 'brass';

// Targets of docs/requirements.md §16.
const PRODUCT_MIN_REQUESTS_PER_SECOND = 500;
const PRODUCT_MAX_P99_MS = 50;
const SEARCH_MAX_P95_SERVER_MS = 10;

interface RouteUnderTest {
  label: string;
  path: string;
  /** Collects the Server-Timing `search;dur=` of each answer. */
  timesServer?: boolean;
}

interface RunFigures {
  route: RouteUnderTest;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  serverTimes: number[];
  /** The server's CPU time per answer: unlike req/s, barely moved by other work on the machine. */
  cpuMillisecondsPerRequest: number;
}

/** A browser's request: it accepts compressed pages, so the bench pays for compression too. */
const BROWSER_HEADERS = {
  accept: 'text/html,application/json;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
};

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function serverTimingOf(headers: Record<string, unknown>): number | null {
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'server-timing');
  const match = /search;dur=([\d.]+)/.exec(String(entry?.[1] ?? ''));
  return match ? Number(match[1]) : null;
}

async function load(
  server: ProductionServer,
  route: RouteUnderTest,
  connections: number,
  seconds: number,
): Promise<RunFigures> {
  const serverTimes: number[] = [];
  const cpuBefore = server.cpuMilliseconds();
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    headers: BROWSER_HEADERS,
    requests: [
      {
        method: 'GET',
        path: route.path,
        onResponse: route.timesServer
          ? (_status, _body, _context, headers) => {
              const milliseconds = serverTimingOf(headers as Record<string, unknown>);
              if (milliseconds !== null) serverTimes.push(milliseconds);
            }
          : undefined,
      },
    ],
  });
  return {
    route,
    connections,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    serverTimes: serverTimes.sort((a, b) => a - b),
    cpuMillisecondsPerRequest: (server.cpuMilliseconds() - cpuBefore) / result.requests.total,
  };
}

const format = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
const verdict = (met: boolean) => (met ? 'met' : '**not met**');

function report(runs: RunFigures[], productPath: string, startedAt: Date): string {
  const cpus = os.cpus();
  const lines = [
    '## Server throughput',
    '',
    `Measured ${startedAt.toISOString()} on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}.`,
    '',
    `Method: the production build (\`node build/server/index.js\`, NODE_ENV=production, ` +
      `LOG_LEVEL=warn) on a fresh PostgreSQL database with the seed catalogue; autocannon 9 on ` +
      `the same machine, ${SECONDS_PER_RUN} s per route and connection count after a ` +
      `${WARM_UP_SECONDS} s warm-up, with a browser's \`Accept-Encoding\` (responses are gzipped). ` +
      `No cache in front: every request reaches the server. The search route is ` +
      `\`/search/suggestions?q=${SEARCH_QUERY}\`; its server time is the \`Server-Timing: ` +
      `search;dur=…\` of every answer. The server CPU per request (from /proc) is the figure to ` +
      `compare across runs on a busy machine. The page routes are not rate-limited (the limits count ` +
      `form actions and sign-ins only); the API routes count every request against API_RATE_LIMIT ` +
      `(one upsert each), raised here so the single load address is never refused.`,
    '',
    '| route | connections | req/s | p50 ms | p99 ms | requests | errors | non-2xx | server CPU ms/req |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...runs.map(
      (run) =>
        `| ${run.route.label} | ${run.connections} | ${format(run.requestsPerSecond)} | ` +
        `${format(run.p50)} | ${format(run.p99)} | ${run.requests} | ${run.errors} | ${run.non2xx} | ` +
        `${format(run.cpuMillisecondsPerRequest, 2)} |`,
    ),
    '',
    '| search server time | connections | p50 ms | p95 ms | samples |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...runs
      .filter((run) => run.route.timesServer)
      .map(
        (run) =>
          `| \`search;dur\` | ${run.connections} | ${format(percentile(run.serverTimes, 0.5), 2)} | ` +
          `${format(percentile(run.serverTimes, 0.95), 2)} | ${run.serverTimes.length} |`,
      ),
    '',
    'Targets:',
    '',
  ];
  for (const run of runs.filter((candidate) => candidate.route.path === productPath)) {
    const met =
      run.requestsPerSecond >= PRODUCT_MIN_REQUESTS_PER_SECOND &&
      run.p99 < PRODUCT_MAX_P99_MS &&
      run.errors + run.non2xx === 0;
    lines.push(
      `- \`/product/{id}\` ≥ ${PRODUCT_MIN_REQUESTS_PER_SECOND} req/s at p99 < ${PRODUCT_MAX_P99_MS} ms, ` +
        `${run.connections} connections: ${format(run.requestsPerSecond)} req/s, ` +
        `p99 ${format(run.p99)} ms: ${verdict(met)}.`,
    );
  }
  for (const run of runs.filter((candidate) => candidate.route.timesServer)) {
    const p95 = percentile(run.serverTimes, 0.95);
    lines.push(
      `- search p95 ≤ ${SEARCH_MAX_P95_SERVER_MS} ms server time, ${run.connections} connections: ` +
        `${format(p95, 2)} ms: ${verdict(p95 <= SEARCH_MAX_P95_SERVER_MS)}.`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export async function runThroughputBench(): Promise<string> {
  ensureBuilt();
  const startedAt = new Date();
  const database = await createBenchDatabase('bench_tp');
  try {
    // docs/requirements.md §11: one address sends all the load, so the API's per-caller limit (600 a minute by
    // default) is raised; every API request still pays for its count, as in production.
    const server = await startProductionServer(database.url, { API_RATE_LIMIT: '100000000' });
    try {
      const productId = encodeURIComponent(await seededProductId(database.url));
      const productPath = `/product/${productId}`;
      const routes: RouteUnderTest[] = [
        { label: '`/`', path: '/' },
        { label: '`/shop`', path: '/shop' },
        { label: `\`${productPath}\``, path: productPath },
        {
          label: `\`/search/suggestions?q=${SEARCH_QUERY}\``,
          path: `/search/suggestions?q=${SEARCH_QUERY}`,
          timesServer: true,
        },
        // docs/requirements.md §11: the JSON API's catalogue reads.
        { label: '`/api/v1/products`', path: '/api/v1/products' },
        { label: `\`/api/v1/products/${productId}\``, path: `/api/v1/products/${productId}` },
      ];
      const runs: RunFigures[] = [];
      for (const route of routes) {
        await load(server, route, CONNECTION_COUNTS[0], WARM_UP_SECONDS);
        for (const connections of CONNECTION_COUNTS) {
          process.stderr.write(`throughput: ${route.path} at ${connections} connections…\n`);
          runs.push(await load(server, route, connections, SECONDS_PER_RUN));
        }
      }
      return report(runs, productPath, startedAt);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(await runThroughputBench());
}
