/**
 * The one HTTP app (docs/design.md §1): health check, static files, security headers, request logs,
 * compression, and React Router for every page.
 */
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import {
  clearedQuoteListCookie,
  clearedQuoteListSessionCookie,
  quoteListMadeInThisSession,
  quoteListTokenOf,
} from './quote-list-cookie';
import { mergeGuestQuoteList } from '../modules/quote-lists';
import { getSessionCookie } from 'better-auth/cookies';
import { isbot } from 'isbot';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { Logger } from '../logger';
import { AUTH_BASE_PATH, CLIENT_ADDRESS_HEADER, createAuth } from '../auth';
import { IMAGE_UPLOAD_MAX_BYTES, localMediaStorage, s3MediaStorage } from '../media-storage';
import { PRODUCTION_UPDATE_MAX_PHOTOS } from '../../core/orders/production-updates';
import { rolesOfUser } from '../modules/roles';
import { databaseRateLimiter, redisRateLimiter } from '../modules/rate-limit';
import { CATALOGUE_CHANNEL, watchCatalogue } from '../modules/catalog';
import { createOrderEventsHub } from '../modules/realtime';
import {
  readSiteSettings,
  SETTINGS_CHANNEL,
  typedSettingsOf,
  watchSettings,
} from '../modules/settings';
import type { JobWorker } from '../modules/jobs';
import type { OwnerSetupLink } from '../modules/identity/owner-setup-link';
import { createSmsSender } from '../modules/sms';
import { API_BASE_PATH, createApi, unmatchedApiResponse } from './api';
import { frontDoorRefusal, problemResponse } from './api/problem';
import { apiTexts } from '../../core/api/api-schemas';
import {
  JSON_BODY_MAX_BYTES,
  jsonBoundsProblem,
  wellFormedJson,
} from '../../core/forms/json-bounds';
import { clientAddressFrom, forwardedProtocolFrom } from './client-address';
import { registerApiReference } from './api/reference-page';
import { appContext, type Viewer } from './app-context';
import {
  cacheDecision,
  isSharedPageRequest,
  PUBLIC_PAGE_VARY,
  sharedPageVariant,
} from './cache-policy';
import { currencyCookieOf } from './display-currency';
import { contentSecurityPolicy as buildContentSecurityPolicy } from './content-security-policy';
import { formContentType } from './form-content-type';
import { createPageCache } from './page-cache';
import { registerOrderEvents } from './order-events';
import { sameOriginGuard } from './same-origin';
import { shopOnlyRedirects } from './shop-only-redirects';

export interface HttpAppOptions {
  database: DatabaseHandle;
  config: Config;
  logger: Logger;
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'development' | 'production';
  /** The built client (production); in development Vite serves these files. */
  clientDirectory?: string;
  /** This process's job worker, whose queue /healthz reports. */
  jobs: Pick<JobWorker, 'health'>;
  /** The time now for the domain (docs/decisions/014); the system clock unless a test moves it. */
  clock?: () => Date;
  /** docs/requirements.md §19: the first-run setup link printed at start-up, while the shop has no owner. */
  ownerSetup?: OwnerSetupLink | null;
}

type AppEnv = {
  Variables: { requestId: string; secureHeadersNonce?: string; clientAddress: string };
};

const HEALTH_CHECK_TIMEOUT_MS = 2000;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const PUBLIC_FILES = 'public, max-age=86400, stale-while-revalidate=604800';

const systemClock = () => new Date();

export function createHttpApp(options: HttpAppOptions): Hono<AppEnv> {
  const { database, config, logger, mode } = options;
  const app = new Hono<AppEnv>();
  const usesHttps = config.publicUrl.startsWith('https://');
  const rateLimiter = config.redisUrl
    ? redisRateLimiter(config.redisUrl)
    : databaseRateLimiter(database.db);
  const sms = createSmsSender({
    settings: config.sms,
    outboxDirectory: path.join(config.dataDir, 'outbox'),
    logger,
  });
  const auth = createAuth({ db: database.db, config, sms, rateLimiter, logger });
  const mediaDirectory = path.join(config.dataDir, 'media');
  const mediaStorage = config.s3 ? s3MediaStorage(config.s3) : localMediaStorage(mediaDirectory);

  app.use(requestId());
  // No page, id or search of the shop holds NUL, and PostgreSQL refuses it in any text it is
  // handed: an address carrying one is answered here rather than as a failed query in a loader.
  app.use(async (c, next) => {
    if (c.req.url.includes('%00')) return frontDoorRefusal(c.req.path, 400, 'Bad request');
    await next();
  });
  // The largest body the shop takes is an image upload with its form fields. A larger one is
  // refused before any route reads it, chunked bodies too (they bypass the routes' Content-Length
  // checks).
  const tooLarge = (c: Context) => frontDoorRefusal(c.req.path, 413, 'The request is too large.');
  const oneImage = bodyLimit({ maxSize: IMAGE_UPLOAD_MAX_BYTES + 1024 * 1024, onError: tooLarge });
  // docs/requirements.md §24: the console's production update and the buyer's return request carry up to four
  // photos; each page's action checks who is asking before it reads the body.
  const orderPhotos = bodyLimit({
    maxSize: PRODUCTION_UPDATE_MAX_PHOTOS * IMAGE_UPLOAD_MAX_BYTES + 1024 * 1024,
    onError: tooLarge,
  });
  const takesPhotos = new Set(['/admin', '/admin.data', '/dashboard', '/dashboard.data']);
  app.use((c, next) => (takesPhotos.has(c.req.path) ? orderPhotos : oneImage)(c, next));
  app.use(async (c, next) => {
    c.set('clientAddress', clientAddressOf(c, config.trustProxy));
    await next();
  });
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    // Set after the handler: a Response returned by React Router replaces headers set before it.
    c.res.headers.set('X-Request-Id', c.get('requestId'));
    logger.info(
      {
        reqId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });

  const contentSecurityPolicy = buildContentSecurityPolicy({
    mode,
    // With S3 the images live at the bucket (or its CDN); locally they are the shop's own /media.
    mediaOrigins: [new URL(mediaStorage.publicUrl('any'), config.publicUrl).origin].filter(
      (origin) => origin !== new URL(config.publicUrl).origin,
    ),
  });
  app.use(
    secureHeaders({
      // Vite's dev client injects scripts of its own; in development the policy only reports.
      ...(mode === 'production'
        ? { contentSecurityPolicy }
        : { contentSecurityPolicyReportOnly: contentSecurityPolicy }),
      strictTransportSecurity: false,
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-origin',
      permissionsPolicy: {
        camera: [],
        geolocation: [],
        microphone: ['self'],
        payment: [],
      },
    }),
  );
  app.use(async (c, next) => {
    await next();
    if (usesHttps || requestCameOverHttps(c, config.trustProxy)) {
      c.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    }
  });
  // docs/requirements.md §14: before anything reads a body, looks up a session or runs a route.
  app.use(sameOriginGuard(config.publicUrl));
  // docs/requirements.md §14: no answer redirects out of the shop, whichever code built the redirect.
  app.use(
    shopOnlyRedirects(config.publicUrl, (header, target) =>
      logger.warn({ header, target }, 'a redirect out of the shop was replaced by one home'),
    ),
  );
  app.use(compress());

  app.get('/healthz', async (c) => {
    try {
      await withTimeout(database.ping(), HEALTH_CHECK_TIMEOUT_MS);
      // docs/requirements.md §13: the queue's own figures; failed jobs stay queryable until they are handled.
      const queue = await withTimeout(options.jobs.health(), HEALTH_CHECK_TIMEOUT_MS);
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'ok', database: database.kind, queue });
    } catch (error) {
      logger.warn({ err: error, reqId: c.get('requestId') }, 'health check: database unavailable');
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'unavailable', database: database.kind }, 503);
    }
  });

  if (options.clientDirectory) {
    const root = options.clientDirectory;
    app.use(
      '/assets/*',
      serveStatic({ root, onFound: (_path, c) => c.header('Cache-Control', IMMUTABLE) }),
    );
    app.use(
      '*',
      serveStatic({ root, onFound: (_path, c) => c.header('Cache-Control', PUBLIC_FILES) }),
    );
  }

  // Uploaded images; with S3 their URLs point at the bucket, and nothing is served from here.
  if (mediaStorage.kind === 'local') {
    app.use(
      '/media/*',
      async (c, next) => {
        await next();
        // Not through onFound: @hono/node-server 2.1 calls it after the response is built.
        if (c.res.ok) c.res.headers.set('Cache-Control', IMMUTABLE);
      },
      serveStatic({
        root: mediaDirectory,
        rewriteRequestPath: (requestPath) => requestPath.slice('/media'.length),
      }),
    );
    // A missing image is a plain 404, not a rendered page.
    app.get('/media/*', (c) => c.notFound());
  }

  // Registered after the static files and media, which choose their own long-lived caching.
  app.use(async (c, next) => {
    await next();
    const { cacheControl, varyOnCookie } = cacheDecision({
      method: c.req.method,
      path: c.req.path,
      search: new URL(c.req.url).search,
      hasSession: hasPersonalCookie(c.req.raw.headers),
      isBot: isbot(c.req.header('user-agent') ?? ''),
      status: c.res.status,
      setsCookie: c.res.headers.has('Set-Cookie'),
      routeCacheControl: c.res.headers.get('Cache-Control'),
    });
    c.res.headers.set('Cache-Control', cacheControl);
    if (varyOnCookie) c.res.headers.append('Vary', PUBLIC_PAGE_VARY);
  });

  // spec §7: the identity endpoints, and the JWKS at its well-known address for API clients.
  app.on(['GET', 'POST'], `${AUTH_BASE_PATH}/*`, async (c) => {
    let request: Request | null = null;
    if (c.req.method === 'POST') {
      // docs/requirements.md §14: the identity endpoints' JSON is bounded as the API's is, by
      // size and depth, on its text before Better Auth parses it.
      if (Number(c.req.header('content-length') ?? 0) > JSON_BODY_MAX_BYTES) {
        return problemResponse(413, apiTexts.bodyTooLarge);
      }
      const text = await c.req.text();
      if (Buffer.byteLength(text, 'utf8') > JSON_BODY_MAX_BYTES) {
        return problemResponse(413, apiTexts.bodyTooLarge);
      }
      const bounds = jsonBoundsProblem(text, undefined);
      if (bounds?.kind === 'too-deep') return problemResponse(400, apiTexts.bodyTooDeep);
      if (bounds) {
        return problemResponse(
          400,
          `The array at ${bounds.pointer} can hold at most ${bounds.max} items.`,
        );
      }
      const headers = new Headers(c.req.raw.headers);
      // The body may be rewritten (a lone surrogate made U+FFFD), so its old length no longer holds.
      headers.delete('content-length');
      request = new Request(c.req.url, { method: 'POST', headers, body: wellFormedJson(text) });
    }
    const answer = await auth.handler(
      withClientAddress(request ?? c.req.raw, c.get('clientAddress')),
    );
    // docs/requirements.md §14: Better Auth answers a path it does not know with an empty 404; under
    // /api/ every answer is a problem.
    if (answer.status === 404 && !answer.headers.get('Content-Type')) {
      return problemResponse(404, 'No such identity endpoint.');
    }
    return answer;
  });
  app.get('/.well-known/jwks.json', (c) =>
    auth.handler(new Request(new URL(`${AUTH_BASE_PATH}/jwks`, c.req.url))),
  );

  // docs/requirements.md §11: the JSON API and its reference page, before the pages' form-only body rule.
  const api = createApi({
    db: database.db,
    config,
    logger,
    auth,
    rateLimiter,
    mediaStorage,
    sms,
    clock: options.clock ?? systemClock,
  });
  app.route(API_BASE_PATH, api);
  // The reference page's title is fixed when the server starts (the shop's name as deployed).
  registerApiReference(app, config.site.shopName);

  const orderEvents = createOrderEventsHub(database, (error) =>
    logger.warn({ err: error }, 'order event could not be read'),
  );
  registerOrderEvents(app, {
    hub: orderEvents,
    logger,
    userIdOf: async (request) =>
      (await auth.api.getSession({ headers: request.headers }))?.user.id ?? null,
  });
  // docs/requirements.md §14: whatever no route under /api/ took (the API, Better Auth, the order events)
  // is a problem (404, or 405 with Allow), never the pages' HTML 404.
  app.all('/api', (c) => unmatchedApiResponse(api.routes, c.req.method, c.req.path));
  app.all('/api/*', (c) => unmatchedApiResponse(api.routes, c.req.method, c.req.path));

  // Search and the shop's counts are memoised while this process follows catalogue writes from
  // every process (modules/catalog/catalogue-cache.ts); until then they read the tables.
  void watchCatalogue(database).catch((error: unknown) =>
    logger.warn({ err: error }, 'catalogue changes cannot be followed: catalogue reads uncached'),
  );

  // docs/requirements.md §12: the owner's settings are memoised while this process follows their changes from
  // every process; until then each request reads them.
  void watchSettings(database).catch((error: unknown) =>
    logger.warn({ err: error }, 'settings changes cannot be followed: settings read per request'),
  );

  // Production only: in development an edited component must show on the next reload.
  const pageCache = mode === 'production' ? createPageCache() : null;
  if (pageCache) {
    // Notices sent while the listening connection was down are lost: a reconnect empties it too.
    // docs/requirements.md §12: a settings change (the phone on /contact) shows at once in every process, so
    // the copies of the anonymous pages that show a setting go with it.
    for (const channel of [CATALOGUE_CHANNEL, SETTINGS_CHANNEL]) {
      database
        .listen(channel, () => pageCache.clear(), { onReconnect: () => pageCache.clear() })
        .catch((error: unknown) =>
          logger.warn({ err: error, channel }, 'changes not heard; pages expire on their own'),
        );
    }
  }

  app.use(formContentType()); // docs/requirements.md §14: a write's body is a form, or 415
  const handleRequest = createRequestHandler(options.build, mode);
  app.all('*', async (c) => {
    const nonce = c.get('secureHeadersNonce') ?? '';
    const sharedPage =
      c.req.method === 'GET' &&
      isSharedPageRequest({
        method: c.req.method,
        path: c.req.path,
        search: new URL(c.req.url).search,
        hasSession: hasPersonalCookie(c.req.raw.headers),
        isBot: isbot(c.req.header('user-agent') ?? ''),
      });
    const { pathname, search } = new URL(c.req.url);
    // docs/decisions/026: the approximate amounts follow the browser's region until a currency is chosen.
    const pageKey = `${pathname}${search}#${sharedPageVariant(c.req.header('accept-language') ?? null)}`;
    if (pageCache && sharedPage) {
      const cached = pageCache.read(pageKey, nonce);
      if (cached) return cached;
    }
    const request = withClientAddress(c.req.raw, c.get('clientAddress'));
    const [{ viewer, actor, refreshedCookies }, site] = await Promise.all([
      identify(request),
      readSiteSettings(database.db, config),
    ]);
    const context = new RouterContextProvider(
      new Map([
        [
          appContext,
          {
            db: database.db,
            config,
            site,
            settings: typedSettingsOf(site),
            logger: logger.child({ reqId: c.get('requestId') }),
            requestId: c.get('requestId'),
            cspNonce: nonce,
            actor,
            viewer,
            auth,
            sms,
            mediaStorage,
            rateLimiter,
            clientAddress: c.get('clientAddress'),
            clock: options.clock ?? systemClock,
            ownerSetup: options.ownerSetup ?? null,
          },
        ],
      ]),
    );
    const response = await handleRequest(request, context);
    // A rolling session was extended: hand the browser its refreshed cookie.
    for (const cookie of refreshedCookies) response.headers.append('Set-Cookie', cookie);
    if (pageCache) {
      // A form that changed something may have changed a page (a review, a product).
      if (!['GET', 'HEAD'].includes(c.req.method) && response.status < 400) pageCache.clear();
      const storable =
        sharedPage &&
        response.status === 200 &&
        !response.headers.has('Set-Cookie') &&
        !response.headers.has('Cache-Control');
      if (storable) return pageCache.store(pageKey, response, nonce);
    }
    return response;
  });

  /** The signed-in user behind a request, read only when it carries a session cookie. */
  async function identify(request: Request) {
    const anonymous = { viewer: null, actor: null, refreshedCookies: [] as string[] };
    if (!hasSessionCookie(request.headers)) return anonymous;
    const { response: session, headers } = await auth.api.getSession({
      headers: request.headers,
      returnHeaders: true,
    });
    const refreshedCookies = headers.getSetCookie();
    if (!session) return { ...anonymous, refreshedCookies };
    const roles = await rolesOfUser(database.db, session.user.id);
    // docs/requirements.md §18: a guest's quote list joins the account's at its first request signed in, however
    // they signed in; the cookie is then forgotten. docs/decisions/021 (amended): only a list
    // written from this browser in this browser session joins; any other stays the guest's.
    const guestList = quoteListTokenOf(request.headers, usesHttps);
    if (
      guestList &&
      quoteListMadeInThisSession(request.headers, guestList, usesHttps, config.authSecret)
    ) {
      await mergeGuestQuoteList(
        database.db,
        { userId: session.user.id, roles },
        guestList,
        (options.clock ?? systemClock)(),
      );
      refreshedCookies.push(
        clearedQuoteListCookie(usesHttps),
        clearedQuoteListSessionCookie(usesHttps),
      );
    }
    const viewer: Viewer = {
      id: session.user.id,
      name: session.user.name,
      email: session.user.email,
      emailVerified: session.user.emailVerified,
      twoFactorEnabled: Boolean(session.user.twoFactorEnabled),
      isAdmin: roles.includes('admin'),
      sessionExpiresAt: session.session.expiresAt.toISOString(),
    };
    return { viewer, actor: { userId: session.user.id, roles }, refreshedCookies };
  }

  app.onError((error, c: Context<AppEnv>) => {
    logger.error({ err: error, reqId: c.get('requestId') }, 'unhandled error');
    return c.text('An unexpected error occurred. Please try again.', 500);
  });

  return app;
}

function hasSessionCookie(headers: Headers): boolean {
  return Boolean(getSessionCookie(headers, { cookiePrefix: 'storefront' }));
}

/**
 * A page for this browser alone: signed in, or a guest whose header shows their quote list's
 * count (docs/requirements.md §18), so neither may be kept by or served from a shared cache.
 */
function hasPersonalCookie(headers: Headers): boolean {
  // docs/decisions/026: a chosen display currency (its cookie) makes the page this browser's own too.
  return (
    hasSessionCookie(headers) ||
    quoteListTokenOf(headers, true) !== null ||
    quoteListTokenOf(headers, false) !== null ||
    currencyCookieOf(headers) !== null
  );
}

function withTimeout<T>(promise: Promise<T>, milliseconds: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), milliseconds);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The request as Better Auth and the routes see it: with the client address we trust. */
function withClientAddress(request: Request, address: string): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, address);
  return new Request(request, { headers });
}

/** Behind a trusted proxy that ended TLS, its X-Forwarded-Proto says how the browser came. */
function requestCameOverHttps(c: Context<AppEnv>, trustedHops: number): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return forwardedProtocolFrom(c.req.header('x-forwarded-proto'), trustedHops) === 'https';
}

function socketAddressOf(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // called without a Node socket, as in-process tests do
  }
}

function clientAddressOf(c: Context<AppEnv>, trustedHops: number): string {
  return clientAddressFrom(socketAddressOf(c), c.req.header('x-forwarded-for'), trustedHops);
}
