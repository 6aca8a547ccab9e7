/**
 * What a phone downloads on a first view, measured as a browser does (docs/requirements.md §16):
 * Chromium at 390 × 844 opens each public page with an empty cache, and every script response
 * from the navigation until 5 s after the load event is counted once, at its gzip size (zlib's
 * default level, as `scripts/check-js-budget.mjs` counts the static figure). The static figure
 * says what a page needs before it is interactive; this one adds what its sections fetch at once
 * after hydration, which a phone pays for as well.
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { measureJsBudget, PUBLIC_BUDGET_BYTES } from '../check-js-budget.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import {
  startServerProcess,
  temporaryDataDir,
  type RunningServer,
} from '../../tests/e2e/support/server-process';
import { quotePageWithOffer } from './lighthouse';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const clientDirectory = path.join(projectRoot, 'build', 'client');
const SETTLE_AFTER_LOAD_MS = 5_000;

interface FirstView {
  path: string;
  url: string;
  staticBytes: number;
  browserBytes: number;
  files: number;
  /** Scripts fetched beyond the page's static first load, with their gzip sizes. */
  beyondStatic: { file: string; bytes: number }[];
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const gzipSizes = new Map<string, number>();
function gzipSizeOf(assetPath: string): number {
  let size = gzipSizes.get(assetPath);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(clientDirectory, assetPath.replace(/^\//, '')))).length;
    gzipSizes.set(assetPath, size);
  }
  return size;
}

interface ManifestRoute {
  parentId?: string;
  module: string;
  imports?: string[];
  [key: string]: unknown;
}

/** React Router's build manifest (the newest, as scripts/check-js-budget.mjs reads it). */
function buildManifest(): {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
} {
  const assets = path.join(clientDirectory, 'assets');
  const newest = readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => path.join(assets, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!newest) throw new Error('No React Router manifest: run `npx react-router build` first.');
  const source = readFileSync(newest, 'utf8').trim();
  return JSON.parse(source.replace(/^window\.__reactRouterManifest\s*=\s*/, '').replace(/;$/, ''));
}

/** The chunks the static figure counts for a route: the entry and each route module's imports. */
function staticChunks(routeId: string): Set<string> {
  const manifest = buildManifest();
  const chunks = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let route = manifest.routes[routeId]; route; route = manifest.routes[route.parentId ?? '']) {
    for (const [key, value] of Object.entries(route)) {
      if (key.endsWith('Module') && key !== 'clientActionModule' && typeof value === 'string') {
        chunks.add(value);
      }
    }
    chunks.add(route.module);
    for (const chunk of route.imports ?? []) chunks.add(chunk);
  }
  return chunks;
}

/** The scripts one first view fetches, until 5 s after its load event. */
async function scriptsOfFirstView(page: Page, url: string): Promise<Set<string>> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js') && response.ok()) scripts.add(pathname);
  });
  await page.goto(url, { waitUntil: 'load' });
  // A measurement, not a test: the window after the load event is what is being measured.
  await page.waitForTimeout(SETTLE_AFTER_LOAD_MS);
  return scripts;
}

/** A concrete address for each public route pattern of the build. */
function concretePath(pattern: string, samples: Record<string, string>): string | null {
  if (pattern === '/*') return '/no-such-page';
  if (pattern === '/auth/reset-password') return '/auth/reset-password?token=a-token-from-the-mail';
  if (!pattern.includes(':')) return pattern;
  return samples[pattern] ?? null;
}

export async function measureFirstViews(): Promise<FirstView[]> {
  const budget = measureJsBudget(clientDirectory);
  const publicRows = budget.rows.filter((row) => !row.admin && !row.signedIn);
  const dataDir = temporaryDataDir();
  const environment = {
    DATA_DIR: dataDir,
    DATABASE_URL: `pglite:${path.join(dataDir, 'db')}`,
    AUTH_SECRET: 'first-view-bench-secret-first-view-bench-secret',
  };
  let server: RunningServer | undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    server = await startServerProcess(environment, { cwd: projectRoot });
    const firstLink = async (listing: string, pattern: RegExp) => {
      const html = await (await fetch(new URL(listing, server!.url))).text();
      const match = pattern.exec(html);
      if (!match) throw new Error(`no link matching ${pattern} on ${listing}`);
      return match[0];
    };
    const product = await firstLink('/shop', /\/product\/[\w-]+/);
    const story = await firstLink('/blog', /\/blog\/[\w-]+/);
    // The offer is written through the domain while the server is stopped (one PGlite owner).
    await server.stop();
    server = undefined;
    const quotePage = await quotePageWithOffer(dataDir, product.slice('/product/'.length));
    server = await startServerProcess(environment, { cwd: projectRoot });
    const samples: Record<string, string> = {
      '/product/:id': product,
      '/blog/:storyId': story,
      '/quote/:productId': `/quote/${product.slice('/product/'.length)}`,
      '/quotes/:reference': quotePage,
    };
    const views: FirstView[] = [];
    for (const row of publicRows) {
      const pagePath = concretePath(row.path, samples);
      if (!pagePath) continue;
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const scripts = await scriptsOfFirstView(page, new URL(pagePath, server.url).toString());
      await context.close();
      const counted = staticChunks(row.id);
      views.push({
        path: row.path,
        url: pagePath,
        staticBytes: row.bytes,
        browserBytes: [...scripts].reduce((sum, script) => sum + gzipSizeOf(script), 0),
        files: scripts.size,
        beyondStatic: [...scripts]
          .filter((script) => !counted.has(script))
          .map((script) => ({ file: path.basename(script), bytes: gzipSizeOf(script) }))
          .sort((a, b) => b.bytes - a.bytes),
      });
    }
    return views;
  } finally {
    await browser.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both figures per public page, as a Markdown section of the JavaScript part. */
export async function firstViewMarkdown(): Promise<string> {
  const views = await measureFirstViews();
  const over = views.filter(
    (view) => view.staticBytes > PUBLIC_BUDGET_BYTES || view.browserBytes > PUBLIC_BUDGET_BYTES,
  );
  return [
    '### What a phone downloads on a first view',
    '',
    'Chromium at 390 × 844 with an empty cache: every script fetched from the navigation until ' +
      '5 s after the load event, counted once at its gzip size (`scripts/bench/first-view-js.ts`), ' +
      `beside the static first-load figure above. Budget ${kilobytes(PUBLIC_BUDGET_BYTES)} by both.`,
    '',
    '| route | opened as | static first load | first view in Chromium | files | gate |',
    '| --- | --- | ---: | ---: | ---: | --- |',
    ...views.map((view) => {
      const worst = Math.max(view.staticBytes, view.browserBytes);
      const gate =
        worst <= PUBLIC_BUDGET_BYTES ? 'ok' : `over by ${kilobytes(worst - PUBLIC_BUDGET_BYTES)}`;
      const openedAs = view.url.replace(/key=[^&]+/, 'key=…');
      return `| \`${view.path}\` | \`${openedAs}\` | ${kilobytes(view.staticBytes)} | ${kilobytes(view.browserBytes)} | ${view.files} | ${gate} |`;
    }),
    '',
    over.length === 0
      ? 'Every public page is within its budget by both measures.'
      : `${over.length} of ${views.length} public pages are over ${kilobytes(PUBLIC_BUDGET_BYTES)} by at least one measure.`,
    '',
  ].join('\n');
}

/**
 * `npx tsx scripts/bench/first-view-js.ts --files`: per page, the scripts a first view fetched
 * beyond its static first load (what its sections, prefetches and lazy imports fetched at once,
 * docs/decisions/029), with their gzip sizes. Without `--files`, the report's section.
 */
async function beyondStaticListing(): Promise<string> {
  const views = await measureFirstViews();
  return views
    .map((view) => {
      const extra = view.beyondStatic.reduce((sum, file) => sum + file.bytes, 0);
      const files = view.beyondStatic.map(
        (file) => `    ${kilobytes(file.bytes).padStart(8)}  ${file.file}`,
      );
      return [
        `${view.url}: static ${kilobytes(view.staticBytes)}, in Chromium ${kilobytes(view.browserBytes)}, beyond static ${kilobytes(extra)} in ${view.beyondStatic.length} file(s)`,
        ...files,
      ].join('\n');
    })
    .join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(
    `${process.argv.includes('--files') ? await beyondStaticListing() : await firstViewMarkdown()}\n`,
  );
}
