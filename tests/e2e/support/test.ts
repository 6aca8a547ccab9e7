/**
 * Playwright's `test` for the journeys.
 *
 * Its `page` has a `goto` and `reload` that return once the page has hydrated. The pages load their
 * scripts only after the load event (decision 010), and Playwright's own navigation waits for that
 * event and no further: a click right after it would reach the server-rendered HTML before React
 * does. A journey drives the page as a visitor who waited for it, so every navigation waits for
 * the `data-hydrated` marker the root layout sets (once the deferred sections asked for by then are
 * hydrated too, app/components/ui/deferred.tsx; a section nobody has used or neared keeps its
 * server HTML, docs/decisions/029). It does not wait when scripts are off, when the
 * answer is not an HTML page, or when the caller asked for an earlier point (`waitUntil: 'commit'`
 * or `'domcontentloaded'`).
 *
 * A test fails when any page it opened logged `console.error` or threw an uncaught error
 * (docs/design.md §4a): the fixture's page, pages opened in its context (popups, `context.newPage()`)
 * and pages of contexts the test made with `browser.newContext()`. The browser itself logs
 * "Failed to load resource: the server responded with a status of 404 (Not Found)" for every
 * 4xx and 5xx answer; a journey that provokes a 4xx says so with `allowConsoleErrors(...)` or
 * `test.use({ allowedConsoleErrors: [...] })`, naming the status (`failedResource(404)`). No
 * allowance may match a 5xx answer but `serverFault(status, path)`, for the one path a journey
 * breaks on purpose; an uncaught error is never allowed.
 */
import {
  test as base,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Response,
} from '@playwright/test';

export * from '@playwright/test';

async function untilHydrated(
  page: Page,
  navigation: Promise<Response | null>,
  waitUntil: string | undefined,
): Promise<Response | null> {
  const response = await navigation;
  if (waitUntil === 'commit' || waitUntil === 'domcontentloaded') return response;
  const isPage = response?.headers()['content-type']?.startsWith('text/html') ?? false;
  if (isPage) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  return response;
}

/**
 * A console error a test expects: its text (a string must match exactly), and optionally the URL
 * the browser reports it at (for a failed resource, the resource's address; a string must equal
 * the URL's path, or its path and query when it has a `?`).
 */
export type AllowedConsoleError = RegExp | { text: RegExp | string; url?: RegExp | string };

function resourceLine(status: number): RegExp {
  return new RegExp(
    `^Failed to load resource: the server responded with a status of ${status} \\([^)]*\\)$`,
  );
}

/**
 * The line Chromium logs when a resource is answered with `status`, a 4xx. Pass `url` to allow it
 * for one address only. A 5xx is never expected of the shop: see `serverFault`.
 */
export function failedResource(status: number, url?: RegExp | string): AllowedConsoleError {
  if (!Number.isInteger(status) || status < 400 || status > 499) {
    throw new Error(`failedResource(${status}): only a 4xx answer may be expected`);
  }
  return url === undefined ? { text: resourceLine(status) } : { text: resourceLine(status), url };
}

// Marks the one kind of allowance that may match a 5xx line.
const FAULT = Symbol('server fault');

/**
 * The line Chromium logs when `path` (a path, exact) answers `status`, a 5xx: only for a journey
 * that breaks the server on purpose (a table taken away under it) to show what the shopper sees.
 */
export function serverFault(status: number, path: string): AllowedConsoleError {
  if (!Number.isInteger(status) || status < 500 || status > 599) {
    throw new Error(`serverFault(${status}): only a 5xx answer is a server fault`);
  }
  if (!path.startsWith('/')) throw new Error(`serverFault(${status}, ${path}): name one path`);
  return Object.assign({ text: resourceLine(status), url: path }, { [FAULT]: true });
}

// Lines Chromium would log for 5xx answers: any other allowance matching one of them is too broad.
const SERVER_ERROR_LINES = Array.from({ length: 100 }, (_, index) => 500 + index).flatMap(
  (status) =>
    ['Internal Server Error', 'Bad Gateway', 'Service Unavailable', 'Gateway Timeout', ''].map(
      (reason) =>
        `Failed to load resource: the server responded with a status of ${status} (${reason})`,
    ),
);

interface Allowance {
  text: RegExp | string;
  url?: RegExp | string;
}

function toAllowance(entry: AllowedConsoleError): Allowance {
  if (!(entry instanceof RegExp) && FAULT in entry) return entry;
  const allowance = entry instanceof RegExp ? { text: entry } : entry;
  const text = allowance.text;
  const broad = SERVER_ERROR_LINES.find((line) => matches(text, line));
  if (broad) {
    throw new Error(
      `The console-error allowance ${String(text)} would also allow "${broad}" (see serverFault)`,
    );
  }
  return allowance;
}

function matches(pattern: RegExp | string, value: string): boolean {
  // A fresh RegExp: a /g or /y pattern keeps state between tests.
  return typeof pattern === 'string'
    ? pattern === value
    : new RegExp(pattern.source, pattern.flags).test(value);
}

function urlMatches(pattern: RegExp | string | undefined, url: string): boolean {
  if (pattern === undefined) return true;
  if (pattern instanceof RegExp) return matches(pattern, url);
  try {
    const parsed = new URL(url);
    return (pattern.includes('?') ? parsed.pathname + parsed.search : parsed.pathname) === pattern;
  } catch {
    return false;
  }
}

/** Collects what the test's pages log, and judges it once the test body has run. */
class ConsoleWatch {
  private readonly allowances: Allowance[] = [];
  private readonly problems: string[] = [];
  private readonly watchedContexts = new WeakSet<BrowserContext>();
  private readonly watchedPages = new WeakSet<Page>();

  constructor(allowed: readonly AllowedConsoleError[]) {
    // A form's post from the page's script that the server refuses with its field errors: the
    // form shows them (docs/requirements.md §5). A submit never waits for the browser's check, so
    // a tap that beats its code meets this answer; the journey then reads the messages it shows.
    this.allow([failedResource(400, /\.data(\?|$)/), ...allowed]);
  }

  allow(entries: readonly AllowedConsoleError[]): void {
    this.allowances.push(...entries.map(toAllowance));
  }

  watchContext(context: BrowserContext): void {
    if (this.watchedContexts.has(context)) return;
    this.watchedContexts.add(context);
    for (const page of context.pages()) this.watchPage(page);
    context.on('page', (page) => this.watchPage(page));
  }

  private watchPage(page: Page): void {
    if (this.watchedPages.has(page)) return;
    this.watchedPages.add(page);
    page.on('console', (message) => this.onConsole(message));
    page.on('pageerror', (error) => {
      this.problems.push(`uncaught error: ${error.stack ?? error.message}`);
    });
  }

  private onConsole(message: ConsoleMessage): void {
    if (message.type() !== 'error') return;
    const text = message.text();
    const { url } = message.location();
    const allowed = this.allowances.some(
      (allowance) => matches(allowance.text, text) && urlMatches(allowance.url, url),
    );
    if (!allowed) this.problems.push(`console.error: ${text}${url ? ` (at ${url})` : ''}`);
  }

  verdict(): Error | null {
    if (this.problems.length === 0) return null;
    return new Error(
      `The page logged ${this.problems.length} unexpected error(s) (docs/design.md §4a; ` +
        `allowConsoleErrors() allows an expected 4xx):\n` +
        this.problems.map((problem) => `  - ${problem}`).join('\n'),
    );
  }
}

// One test at a time runs in a worker, so the running test's watch can live here.
let current: ConsoleWatch | null = null;

/**
 * Allows, for the running test only, console errors its pages are expected to log: call it in the
 * test body (or a `beforeEach`) of a journey that provokes a 4xx.
 */
export function allowConsoleErrors(...entries: AllowedConsoleError[]): void {
  if (!current) throw new Error('allowConsoleErrors() is called from a running test');
  current.allow(entries);
}

/** Makes every context opened on `browser` report to the running test's watch. */
function watchNewContexts(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  // browser.newPage() opens its context through this.newContext, so it is covered too.
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    current?.watchContext(context);
    return context;
  };
}

export const test = base.extend<
  { allowedConsoleErrors: AllowedConsoleError[]; consoleWatch: ConsoleWatch },
  { browser: Browser }
>({
  browser: [
    async ({ browser }, use) => {
      watchNewContexts(browser);
      await use(browser);
    },
    { scope: 'worker' },
  ],
  allowedConsoleErrors: [[], { option: true }],
  consoleWatch: [
    // Not on `browser`: a test that only sends requests starts no browser for it.
    async ({ allowedConsoleErrors }, use) => {
      const watch = new ConsoleWatch(allowedConsoleErrors);
      current = watch;
      try {
        await use(watch);
      } finally {
        current = null;
      }
      const verdict = watch.verdict();
      if (verdict) throw verdict;
    },
    { auto: true },
  ],
  context: async ({ context, consoleWatch }, use) => {
    consoleWatch.watchContext(context);
    await use(context);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = (url, options) => untilHydrated(page, goto(url, options), options?.waitUntil);
      page.reload = (options) => untilHydrated(page, reload(options), options?.waitUntil);
    }
    await use(page);
  },
});
