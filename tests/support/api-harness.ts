/**
 * The whole HTTP app over a test database, for the JSON API's tests (docs/requirements.md §11): requests go
 * through the same middleware as in production (Origin check, Better Auth, the API). Callers:
 * a visitor, customers signed in with a bearer token, and owner API keys with chosen scopes.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ApiScope } from '../../core/api/api-access';
import { loadConfig } from '../../server/config';
import { userRoles } from '../../server/db/schema';
import { createHttpApp } from '../../server/http/app';
import { createLogger } from '../../server/logger';
import { createApiKey, revokeApiKey } from '../../server/modules/api-keys';
import { contractChecker, type ContractChecker, type OpenApiDocument } from './api-contract';
import { createTestDatabase, type TestDatabase } from './database';

export const SHOP_URL = 'http://shop.test';
/** The password of every customer account the harness makes. */
export const CUSTOMER_PASSWORD = 'Carved#Stone42';
const PASSWORD = CUSTOMER_PASSWORD;

export interface Caller {
  /** Request headers that identify the caller (none for a visitor). */
  headers: Record<string, string>;
  userId?: string;
  /** The same session as a browser holds it (the Cookie header), for the shop's own pages. */
  sessionCookie?: string;
}

export interface ApiHarness {
  database: TestDatabase;
  document: OpenApiDocument;
  contract: ContractChecker;
  /** Every `/api/v1` request is checked against the document; this is what was answered. */
  answered: Set<string>;
  /**
   * `unchecked`: a request for no operation of the document (an unknown path or method), whose
   * answer its test checks itself.
   */
  request(
    pathAndQuery: string,
    init?: RequestInit & { caller?: Caller; unchecked?: boolean },
  ): Promise<Response>;
  visitor: Caller;
  /** A new customer account, signed in; its bearer token in `headers`. */
  customer(name?: string): Promise<Caller>;
  /** A new owner account and an API key of theirs with these scopes. */
  ownerKey(scopes: readonly ApiScope[]): Promise<Caller & { keyId: string }>;
  revoke(keyId: string, owner: Caller): Promise<void>;
  close(): Promise<void>;
}

export async function startApiHarness(
  options: { clock?: () => Date; env?: Record<string, string> } = {},
): Promise<ApiHarness> {
  const database = await createTestDatabase();
  const config = loadConfig({
    AUTH_SECRET: 'api-test-secret-api-test-secret-api-test',
    PUBLIC_URL: SHOP_URL,
    DATA_DIR: await mkdtemp(path.join(tmpdir(), 'api-test-')),
    // Many calls from one test address: the limits have tests of their own.
    FORM_RATE_LIMIT: '1000',
    AUTH_RATE_LIMIT: '1000',
    API_RATE_LIMIT: '100000',
    ...options.env,
  });
  const app = createHttpApp({
    database,
    config,
    logger: createLogger('silent'),
    build: () => Promise.reject(new Error('the API tests render no pages')),
    mode: 'production',
    jobs: {
      health: () => Promise.resolve({ status: 'ok', waiting: 0, active: 0, failed: 0, held: 0 }),
    },
    clock: options.clock,
  });
  const document = (await (
    await app.request(`${SHOP_URL}/api/v1/openapi.json`)
  ).json()) as OpenApiDocument;
  const contract = contractChecker(document);
  const answered = new Set<string>();
  const request = async (
    pathAndQuery: string,
    init: RequestInit & { caller?: Caller; unchecked?: boolean } = {},
  ) => {
    const { caller, headers, unchecked = false, ...rest } = init;
    const response = await app.request(`${SHOP_URL}${pathAndQuery}`, {
      ...rest,
      headers: { ...caller?.headers, ...(headers as Record<string, string> | undefined) },
    });
    const { pathname } = new URL(pathAndQuery, SHOP_URL);
    // A CORS preflight is the browser's question, not an operation of the document.
    const checked = !unchecked && rest.method !== 'OPTIONS' && pathname !== '/api/v1/openapi.json';
    if (pathname.startsWith('/api/v1/') && checked) {
      const method = rest.method ?? 'GET';
      const apiPath = pathname.slice('/api/v1'.length);
      contract.check(
        method,
        apiPath,
        response.status,
        response.headers.get('content-type'),
        await response.clone().text(),
      );
      answered.add(`${contract.operationOf(method, apiPath)} ${response.status}`);
    }
    return response;
  };
  let accounts = 0;
  const signedIn = async (name: string): Promise<Caller> => {
    accounts += 1;
    const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${accounts}-${Date.now()}@example.com`;
    const json = { 'Content-Type': 'application/json', Origin: SHOP_URL };
    const signUp = await request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name, email, password: PASSWORD }),
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    const signIn = await request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const token = signIn.headers.get('set-auth-token');
    if (!signIn.ok || !token)
      throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const { user } = (await signIn.json()) as { user: { id: string } };
    const sessionCookie = signIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .join('; ');
    return { headers: { Authorization: `Bearer ${token}` }, userId: user.id, sessionCookie };
  };
  return {
    database,
    document,
    contract,
    answered,
    request,
    visitor: { headers: {} },
    customer: (name = 'Asha Customer') => signedIn(name),
    async ownerKey(scopes) {
      const owner = await signedIn('Shop Owner');
      await database.db.insert(userRoles).values({ userId: owner.userId!, role: 'admin' });
      const key = await createApiKey(
        database.db,
        { userId: owner.userId!, roles: ['admin'] },
        {
          name: `key of ${scopes.length} scopes`,
          scopes: scopes.length > 0 ? scopes : ['settings:write'],
        },
      );
      // A key "without the scope" of an operation holds some other scope.
      return {
        headers: { Authorization: `Bearer ${key.key}` },
        userId: owner.userId,
        keyId: key.id,
      };
    },
    async revoke(keyId, owner) {
      await revokeApiKey(database.db, { userId: owner.userId!, roles: ['admin'] }, { keyId });
    },
    close: () => database.destroy(),
  };
}
