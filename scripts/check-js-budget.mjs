#!/usr/bin/env node
/**
 * The JavaScript budget (docs/requirements.md §16 and docs/decisions/020): the first-load JS of every page route of the built
 * client, gzipped. The framework alone (React DOM, React, React Router: the client entry every page
 * loads) is about 108 KB; docs/decisions/020 gives a public page 12 KB of ours on top, `/dashboard*` 150 KB
 * and `/admin*` 200 KB. The report shows each page against its budget and what it ships beyond the
 * entry (docs/decisions/008).
 *
 * First-load JS is what a browser must fetch before a server-rendered page becomes interactive:
 * the client entry and its imports, then the module of every route from the root down to the page,
 * with their static imports. React Router's build manifest (build/client/assets/manifest-*.js)
 * lists each of those with its imports already flattened, so each chunk is counted once per page.
 * Resource routes (no default export) are not pages and have no budget. Modules loaded only when a
 * form is submitted (`clientActionModule`) are not first-load JS.
 *
 * Sizes are gzip at zlib's default level, the level the server's compression uses.
 *
 * `node scripts/check-js-budget.mjs [clientDirectory]` prints the table and exits 1 when a page is
 * over its budget; `jsBudgetMarkdown()` returns the same table for the bench report.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * docs/decisions/020's budgets, CI's gates (decision 008, amended 2026-11-27): a public page ships the client
 * entry (about 106 KB) and at most 12 KB of ours; the signed-in customer's pages (`/dashboard*`)
 * 150 KB; the back office (`/admin*`) 200 KB.
 */
export const PUBLIC_BUDGET_BYTES = 120 * 1024;
export const SIGNED_IN_BUDGET_BYTES = 150 * 1024;
export const ADMIN_BUDGET_BYTES = 200 * 1024;

const defaultClientDirectory = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'build',
  'client',
);

const ON_DEMAND_MODULE_KEYS = new Set(['clientActionModule']);

function readReactRouterManifest(clientDirectory) {
  const assets = path.join(clientDirectory, 'assets');
  let candidates;
  try {
    candidates = readdirSync(assets).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  } catch {
    throw new Error(`No built client at ${clientDirectory}: run \`npx react-router build\` first.`);
  }
  if (candidates.length === 0) {
    throw new Error(`No React Router manifest in ${assets}: run \`npx react-router build\` first.`);
  }
  const newest = candidates
    .map((name) => path.join(assets, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  const source = readFileSync(newest, 'utf8').trim();
  const json = source.replace(/^window\.__reactRouterManifest\s*=\s*/, '').replace(/;$/, '');
  return JSON.parse(json);
}

function routeChain(routes, route) {
  const chain = [];
  for (let current = route; current; current = routes[current.parentId]) chain.unshift(current);
  return chain;
}

function urlPattern(chain) {
  const segments = chain.map((route) => route.path).filter(Boolean);
  return `/${segments.join('/')}`;
}

function chunksOf(route) {
  const modules = Object.entries(route)
    .filter(([key, value]) => key.endsWith('Module') && !ON_DEMAND_MODULE_KEYS.has(key) && value)
    .map(([, value]) => value);
  return [route.module, ...modules, ...(route.imports ?? [])];
}

/**
 * Measures every page route of the built client.
 * @returns {{ framework: number, rows: Array<{ id: string, path: string, admin: boolean,
 *   chunks: number, bytes: number, budget: number, withinBudget: boolean }> }}
 */
export function measureJsBudget(clientDirectory = defaultClientDirectory) {
  const manifest = readReactRouterManifest(clientDirectory);
  const gzipped = new Map();
  const gzipSize = (url) => {
    if (!gzipped.has(url)) {
      const file = path.join(clientDirectory, url.replace(/^\//, ''));
      gzipped.set(url, gzipSync(readFileSync(file)).length);
    }
    return gzipped.get(url);
  };
  const total = (chunks) => [...chunks].reduce((sum, url) => sum + gzipSize(url), 0);

  const entryChunks = [manifest.entry.module, ...manifest.entry.imports];
  const rows = Object.values(manifest.routes)
    // A pathless layout route (the back office's shell) is no page of its own: its chunks are
    // counted with each page under it.
    .filter((route) => route.hasDefaultExport && route.id !== 'root')
    .filter((route) => route.path !== undefined || route.index)
    .map((route) => {
      const chain = routeChain(manifest.routes, route);
      const chunks = new Set(entryChunks);
      for (const level of chain) for (const chunk of chunksOf(level)) chunks.add(chunk);
      const pattern = urlPattern(chain);
      const admin = pattern === '/admin' || pattern.startsWith('/admin/');
      const signedIn = pattern === '/dashboard' || pattern.startsWith('/dashboard/');
      const budget = admin
        ? ADMIN_BUDGET_BYTES
        : signedIn
          ? SIGNED_IN_BUDGET_BYTES
          : PUBLIC_BUDGET_BYTES;
      const bytes = total(chunks);
      // docs/decisions/020: what the page ships beyond the framework, by chunk (named for its first module).
      const beyondEntry = [...chunks]
        .filter((url) => !entryChunks.includes(url))
        .map((url) => ({ name: chunkName(url), bytes: gzipSize(url) }))
        .sort((a, b) => b.bytes - a.bytes);
      return {
        signedIn,
        beyondEntry,
        id: route.id,
        path: pattern,
        admin,
        chunks: chunks.size,
        bytes,
        budget,
        withinBudget: bytes <= budget,
      };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
  return { framework: total(new Set(entryChunks)), rows };
}

const kilobytes = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** `/assets/modal-CNsJ3VP4.js` → `modal`: Vite names a chunk for its first module. */
function chunkName(url) {
  return path.basename(url, '.js').replace(/-[\w-]{8}$/, '');
}

/** The chunks a page ships beyond the client entry, largest first, as one line. */
function beyondEntryLine(row, limit = 8) {
  const listed = row.beyondEntry
    .slice(0, limit)
    .map((chunk) => `${chunk.name} ${kilobytes(chunk.bytes)}`);
  const rest = row.beyondEntry.length - limit;
  return rest > 0 ? `${listed.join(', ')}, +${rest} more` : listed.join(', ');
}

function tableRows({ rows }) {
  return rows.map((row) => [
    row.path,
    row.admin ? 'admin' : 'public',
    String(row.chunks),
    kilobytes(row.bytes),
    kilobytes(row.budget),
    row.withinBudget ? 'ok' : `over by ${kilobytes(row.bytes - row.budget)}`,
  ]);
}

const HEADINGS = ['route', 'kind', 'chunks', 'first-load JS (gzip)', 'budget', 'gate'];

/** The budget as a Markdown section for docs/benchmarks.md. */
export function jsBudgetMarkdown(clientDirectory = defaultClientDirectory) {
  const measured = measureJsBudget(clientDirectory);
  const over = measured.rows.filter((row) => !row.withinBudget);
  const lines = [
    '## JavaScript budget',
    '',
    'First-load JS per page route of the production build: the client entry with its imports, ' +
      'plus every route module from the root to the page with their static imports, each chunk ' +
      "counted once, gzip at zlib's default level (`scripts/check-js-budget.mjs`). The " +
      `budgets: ${kilobytes(PUBLIC_BUDGET_BYTES)} on public pages (the entry and at most 12 KB of ` +
      `ours), ${kilobytes(SIGNED_IN_BUDGET_BYTES)} on \`/dashboard*\`, ` +
      `${kilobytes(ADMIN_BUDGET_BYTES)} on \`/admin*\`; CI fails a build with a page over its ` +
      'budget (decision 008, amended 2026-11-27).',
    '',
    `The client entry alone (React, React DOM and React Router's runtime, shared by every page) ` +
      `is ${kilobytes(measured.framework)}.`,
    '',
    `| ${HEADINGS.join(' | ')} |`,
    `| ${HEADINGS.map((_, index) => (index >= 2 && index <= 4 ? '---:' : '---')).join(' | ')} |`,
    ...tableRows(measured).map(
      (cells) => `| ${cells.map((cell, i) => (i === 0 ? `\`${cell}\`` : cell)).join(' | ')} |`,
    ),
    '',
    over.length === 0
      ? 'Every page is within its budget.'
      : `${over.length} of ${measured.rows.length} pages are over their budget.`,
    '',
    '### What each page ships beyond the client entry',
    '',
    'gzip per chunk, largest first; a chunk is named for its first module.',
    '',
    '| route | beyond the entry | chunks |',
    '| --- | ---: | --- |',
    ...measured.rows.map(
      (row) =>
        `| \`${row.path}\` | ${kilobytes(row.bytes - measured.framework)} | ${beyondEntryLine(row)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

function printTable(measured) {
  const body = tableRows(measured);
  const widths = HEADINGS.map((heading, column) =>
    Math.max(heading.length, ...body.map((cells) => cells[column].length)),
  );
  const format = (cells) =>
    cells
      .map((cell, column) =>
        column >= 2 && column <= 4 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join('  ');
  process.stdout.write(`${format(HEADINGS)}\n${format(widths.map((w) => '-'.repeat(w)))}\n`);
  for (const cells of body) process.stdout.write(`${format(cells)}\n`);
  process.stdout.write(`\nClient entry (shared by every page): ${kilobytes(measured.framework)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const clientDirectory = process.argv[2] ? path.resolve(process.argv[2]) : defaultClientDirectory;
  try {
    const measured = measureJsBudget(clientDirectory);
    printTable(measured);
    process.stdout.write('\nBeyond the client entry (gzip, largest first):\n');
    for (const row of measured.rows) {
      process.stdout.write(
        `  ${row.path.padEnd(24)} ${kilobytes(row.bytes - measured.framework).padStart(8)}  ${beyondEntryLine(row, 6)}\n`,
      );
    }
    const over = measured.rows.filter((row) => !row.withinBudget);
    if (over.length > 0) {
      console.error(
        `\n✖ JavaScript budget: ${over.length} page(s) over budget: ${over.map((row) => row.path).join(', ')}`,
      );
      process.exit(1);
    }
    process.stdout.write('\n✔ JavaScript budget: every page is within its budget\n');
  } catch (error) {
    console.error(`✖ JavaScript budget: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
