/**
 * The whole shop answering in this process, as the built server starts it (docs/design.md §2):
 * a test database with the demo catalogue, the production mode with its page copy, the pages
 * rendered from app/routes.ts (./page-build.ts), and clients that keep their cookies from answer
 * to answer as an HTTP client does. For tests of HTTP answers (docs/testing.md): a status, a
 * header, a refusal, a redirect, rows unchanged.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { ServerBuild } from 'react-router';
import { loadConfig } from '../../server/config';
import { seedCatalog } from '../../server/db/seed/catalog';
import { createHttpApp } from '../../server/http/app';
import { createLogger } from '../../server/logger';
import { commandLineOperator } from '../../server/modules/actor';
import { createOwnerSetupLink } from '../../server/modules/identity/owner-setup-link';
import type { JobWorker } from '../../server/modules/jobs';
import { grantRole } from '../../server/modules/roles';
import { adminExists } from '../../server/modules/roles/first-owner';
import { startDeliveries } from '../../server/worker';
import { createTestDatabase, type TestDatabase } from './database';
import { pageServerBuild } from './page-build';

/** The shop's address (PUBLIC_URL): posts from its pages carry this Origin. */
export const SHOP_URL = 'http://shop.test';
export const PASSWORD = 'Marble#Lotus9';

type HttpApp = ReturnType<typeof createHttpApp>;

/** Statuses whose answer has no body. */
const NO_BODY = [204, 205, 304];

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as an HTML form sends it. */
  form?: Record<string, string>;
  /** A string is sent as it is; anything else as JSON. */
  data?: unknown;
  /** 0 answers a redirect as it is; otherwise it is followed (at most 20), as HTTP clients do. */
  maxRedirects?: number;
}

/**
 * One client's side of the conversation: its cookies, kept from answer to answer, and each answer
 * read to its end. It sends no
 * Origin, User-Agent or Accept-Encoding of its own: a test gives the headers it is about.
 */
export class ShopClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: Pick<HttpApp, 'request'>,
    private readonly baseUrl = SHOP_URL,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Takes the cookies of a `Cookie` header, as a browser given a session would hold them. */
  addCookies(header: string): void {
    for (const pair of header.split(/;\s*/).filter(Boolean)) {
      const separator = pair.indexOf('=');
      this.cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
  }

  clearCookies(): void {
    this.cookies.clear();
  }

  get(pathAndQuery: string, options: Omit<RequestOptions, 'method'> = {}): Promise<Response> {
    return this.fetch(pathAndQuery, { ...options, method: 'GET' });
  }

  post(pathAndQuery: string, options: Omit<RequestOptions, 'method'> = {}): Promise<Response> {
    return this.fetch(pathAndQuery, { ...options, method: 'POST' });
  }

  async fetch(pathAndQuery: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    let body: Uint8Array<ArrayBuffer> | undefined;
    if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new TextEncoder().encode(new URLSearchParams(options.form).toString());
    } else if (typeof options.data === 'string') {
      body = new TextEncoder().encode(options.data);
    } else if (options.data !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = new TextEncoder().encode(JSON.stringify(options.data));
    }
    Object.assign(headers, options.headers);
    // As an HTTP client declares it: the shop reads a visitor's body only when it is small.
    if (body) headers['Content-Length'] = String(body.byteLength);
    let address = new URL(pathAndQuery, this.baseUrl);
    let response = await this.exchange(options.method ?? 'GET', address, headers, body);
    for (let hops = options.maxRedirects ?? 20; hops > 0; hops -= 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) break;
      address = new URL(location, address);
      response = await this.exchange('GET', address, options.headers ?? {});
    }
    return response;
  }

  private async exchange(
    method: string,
    address: URL,
    headers: Record<string, string>,
    body?: Uint8Array<ArrayBuffer>,
  ): Promise<Response> {
    const cookie = this.cookieHeader;
    const streamed = await this.app.request(address.href, {
      method,
      headers: cookie ? { ...headers, Cookie: cookie } : headers,
      body,
    });
    // Read to the end before it is answered, as an HTTP client does: a streamed page's deferred
    // data is part of its request.
    const response = new Response(
      NO_BODY.includes(streamed.status) ? null : await streamed.arrayBuffer(),
      { status: streamed.status, statusText: streamed.statusText, headers: streamed.headers },
    );
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const expired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.split('=');
        if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(setting) <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/** The `name=value` pairs of an answer's cookies, as a Cookie header sends them back. */
export function cookieHeaderOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export interface ShopApp {
  url: string;
  app: HttpApp;
  database: TestDatabase;
  /** The shop's DATA_DIR. */
  dataDir: string;
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** A client with no cookies yet: a visitor. */
  client(): ShopClient;
  /**
   * A new customer signed up through Better Auth's endpoint, then in (a sign-up does not sign in:
   * docs/requirements.md §15); answers the session's Cookie header.
   */
  signUp(options?: {
    email?: string;
    password?: string;
    name?: string;
  }): Promise<{ email: string; password: string; cookie: string }>;
  /** A client holding a new customer's session. */
  customer(options?: {
    name?: string;
  }): Promise<{ client: ShopClient; email: string; password: string }>;
  /** A client holding the session of a new account with the admin role. */
  admin(): Promise<{ client: ShopClient; email: string }>;
  /** Another app on the same database, started with these variables besides the shop's. */
  appWith(environment: Record<string, string>): Promise<HttpApp>;
  close(): Promise<void>;
}

let pages: Promise<ServerBuild> | null = null;

/**
 * The shop with the variables the journeys' server runs with, and `environment` over them;
 * `worker: true` starts the job worker as the server does (for /healthz's queue), otherwise the
 * queue's figures are a fixed healthy answer and queued jobs wait in their table.
 */
export async function startShopApp(
  options: { environment?: Record<string, string>; worker?: boolean } = {},
): Promise<ShopApp> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-app-'));
  const logger = createLogger('silent');
  // As the server starts (server/main.ts): the demo catalogue, the worker, the setup link.
  await seedCatalog(database.db);
  pages ??= pageServerBuild();
  const build = await pages;
  const workers: JobWorker[] = [];
  const environmentOf = (extra: Record<string, string>) => ({
    NODE_ENV: 'production',
    PUBLIC_URL: SHOP_URL,
    AUTH_SECRET: 'shop-app-secret-shop-app-secret-shop-app-secret',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Every client comes from one address; the limits themselves have tests of their own.
    FORM_RATE_LIMIT: '100000',
    AUTH_RATE_LIMIT: '100000',
    MAIL_RATE_LIMIT: '100000',
    SMS_PROVIDER: 'outbox',
    ...options.environment,
    ...extra,
  });
  const startApp = async (extra: Record<string, string>) => {
    const config = loadConfig(environmentOf(extra));
    let jobs: Pick<JobWorker, 'health'> = {
      health: () => Promise.resolve({ status: 'ok', waiting: 0, active: 0, failed: 0, held: 0 }),
    };
    if (options.worker) {
      const worker = await startDeliveries({ database, config, logger });
      workers.push(worker);
      jobs = worker;
    }
    const ownerSetup = (await adminExists(database.db))
      ? null
      : createOwnerSetupLink({ publicUrl: config.publicUrl, clock: () => new Date() });
    return createHttpApp({ database, config, logger, build, mode: 'production', jobs, ownerSetup });
  };
  const app = await startApp({});
  const sql = async <T>(text: string, values: unknown[] = []): Promise<T[]> =>
    database.driver.kind === 'pglite'
      ? (await database.driver.client.query<T>(text, values)).rows
      : ((await database.driver.pool.query(text, values)).rows as T[]);

  const signUp: ShopApp['signUp'] = async ({
    email = uniqueEmail('customer'),
    password = PASSWORD,
    name = 'Asha Rao',
  } = {}) => {
    const headers = { 'Content-Type': 'application/json', Origin: SHOP_URL };
    const made = await app.request(`${SHOP_URL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password, name }),
    });
    if (made.status !== 200) throw new Error(`sign-up: ${made.status} ${await made.text()}`);
    const signedIn = await app.request(`${SHOP_URL}/api/auth/sign-in/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password }),
    });
    if (signedIn.status !== 200)
      throw new Error(`sign-in: ${signedIn.status} ${await signedIn.text()}`);
    const cookie = cookieHeaderOf(signedIn);
    if (!cookie.includes('session_token')) throw new Error(`no session cookie: ${cookie}`);
    return { email, password, cookie };
  };

  return {
    url: SHOP_URL,
    app,
    database,
    dataDir,
    sql,
    client: () => new ShopClient(app),
    signUp,
    async customer({ name } = {}) {
      const { email, password, cookie } = await signUp({ name });
      const client = new ShopClient(app);
      client.addCookies(cookie);
      return { client, email, password };
    },
    async admin() {
      const { email, cookie } = await signUp({ name: 'Devika Admin' });
      // As `npm run admin -- grant-admin` does, for the verified address the owner grants it to.
      await sql('update users set email_verified = true where lower(email) = lower($1)', [email]);
      await grantRole(database.db, commandLineOperator, { email, role: 'admin' });
      const client = new ShopClient(app);
      client.addCookies(cookie);
      return { client, email };
    },
    appWith: (environment) => startApp(environment),
    async close() {
      await Promise.all(workers.map((worker) => worker.stop()));
      await database.destroy();
    },
  };
}
