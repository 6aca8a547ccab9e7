/**
 * spec §6 (docs/decisions/019 "One admin guard"): the back-office shell decides once who may see its pages.
 * Every page of the shell, from app/routes.ts, is requested through React Router's own handler
 * (the shell's middleware, then the shell's and the page's loaders, then the render): a visitor is
 * asked to sign in, a customer is denied with the same notice on every page, and neither gets any
 * of the page's data; the product console sends a visitor to /auth and shows a customer its own
 * "Access Denied". An admin's pages load.
 */
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  RouterContextProvider,
  StaticRouterProvider,
  UNSAFE_withComponentProps as withComponentProps,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../../app/routes';
import { loadConfig } from '../../server/config';
import { appContext, type AppContext, type Viewer } from '../../server/http/app-context';
import { createLogger } from '../../server/logger';
import { createQuotationRequest } from '../../server/modules/quotations';
import { insertProduct } from '../factories';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { typedSettingsOf } from '../../server/modules/settings';

const config = loadConfig({ AUTH_SECRET: 'integration-secret-integration-secret' });
const SHELL = 'routes/admin-shell.tsx';
const PRODUCT_CONSOLE = '/admin/product-media';
const someQuotation = '6f1c1a52-8f0e-4d53-9a37-3c1b2f0c9e11';

const quotationForm = {
  quantity: '2',
  customizationNotes: '',
  customerName: 'Ravi Kumar',
  customerCompany: '',
  customerMobile: '+91 94140 55555',
  customerEmail: 'ravi@example.com',
};

type RouteModule = Record<string, unknown> & { default: Parameters<typeof withComponentProps>[0] };

async function routeObject(entry: RouteConfigEntry): Promise<RouteObject> {
  const name = entry.file.replace(/^routes\//, '').replace(/\.tsx$/, '');
  const module = (await import(`../../app/routes/${name}.tsx`)) as RouteModule;
  return {
    id: entry.id ?? entry.file.replace(/\.tsx?$/, ''),
    path: entry.path,
    loader: module.loader as RouteObject['loader'],
    middleware: module.middleware as RouteObject['middleware'],
    handle: module.handle,
    Component: withComponentProps(module.default),
    children: await Promise.all((entry.children ?? []).map(routeObject)),
  } as RouteObject;
}

const shellEntry = routes.find((entry) => entry.file === SHELL);
if (!shellEntry?.children) throw new Error(`${SHELL} has no pages in app/routes.ts`);
const pagePatterns = shellEntry.children.map((page) => `/${page.path}`);
/** A page's address, its `:id` (the quotation page's) filled in. */
const at = (pattern: string, id = someQuotation) => pattern.replace(':id', id);
const pagePaths = pagePatterns.map((pattern) => at(pattern));

/**
 * The app's root hands the shell its sign-out button and the pages the shop's time zone (every
 * time they show is on its clock); nothing else of it matters here.
 */
const handler = createStaticHandler([
  {
    id: 'root',
    path: '/',
    loader: () => ({ site: { shopTimeZone: config.site.shopTimeZone } }),
    Component: () => <Outlet context={{ signOut: null }} />,
    children: [await routeObject(shellEntry)],
  },
]);

interface Answer {
  status: number;
  location: string | null;
  html: string;
  pageData: unknown;
}

/** Any use of the database fails: who may not see a page must not cost a query either. */
const untouchable = new Proxy(
  {},
  {
    get(_target, property) {
      throw new Error(`the page read the database (${String(property)}) for a non-admin`);
    },
  },
);

async function request(path: string, viewer: Viewer | null, db: unknown): Promise<Answer> {
  const app = {
    db,
    config,
    site: config.site,
    settings: typedSettingsOf(config.site),
    logger: createLogger('silent'),
    requestId: 'admin-access',
    cspNonce: '',
    clock: () => new Date(),
    actor: viewer ? { userId: viewer.id, roles: viewer.isAdmin ? ['admin'] : [] } : null,
    viewer,
  } as unknown as AppContext;
  const get = new Request(`http://shop.test${path}`);
  let rendered: StaticHandlerContext | undefined;
  const response = await handler.query(get, {
    requestContext: new RouterContextProvider(new Map([[appContext, app]])),
    generateMiddlewareResponse: async (query) => {
      const result = await query(get);
      if (result instanceof Response) return result;
      rendered = result;
      return new Response(null, { status: result.statusCode });
    },
  });
  if (!(response instanceof Response)) throw new Error('the middleware answered no Response');
  if (!rendered || rendered.errors) {
    return {
      status: response.status,
      location: response.headers.get('location'),
      html: '',
      pageData: undefined,
    };
  }
  const html = renderToString(
    <StaticRouterProvider
      router={createStaticRouter(handler.dataRoutes, rendered)}
      context={rendered}
    />,
  );
  const page = rendered.matches.at(-1)?.route.id ?? '';
  return { status: response.status, location: null, html, pageData: rendered.loaderData[page] };
}

function viewerOf(id: string, isAdmin: boolean): Viewer {
  return {
    id,
    name: isAdmin ? 'Devika Admin' : 'Asha Customer',
    email: `${id}@example.com`,
    emailVerified: true,
    twoFactorEnabled: false,
    isAdmin,
    sessionExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  };
}

describe('the back-office shell decides who sees its pages (spec §6)', () => {
  const customer = viewerOf('customer-1', false);

  it('covers every page of the shell', () => {
    expect(pagePaths).toContain('/admin');
    expect(pagePaths).toContain(PRODUCT_CONSOLE);
    expect(pagePaths.length).toBeGreaterThanOrEqual(8);
  });

  it.each(pagePaths)('asks a visitor to sign in on %s, with no data', async (path) => {
    const answer = await request(path, null, untouchable);
    if (path === PRODUCT_CONSOLE) {
      expect(answer).toMatchObject({
        status: 302,
        location: '/auth?redirectTo=%2Fadmin%2Fproduct-media',
      });
      return;
    }
    expect(answer.status).toBe(200);
    expect(answer.pageData).toBeNull();
    expect(answer.html).toContain('Please sign in to access the admin area.');
    expect(answer.html).toContain(`href="/auth?redirectTo=${encodeURIComponent(path)}"`);
  });

  it.each(pagePaths)('gives a customer the same answer on %s, with no data', async (path) => {
    const answer = await request(path, customer, untouchable);
    expect(answer.status).toBe(200);
    expect(answer.pageData).toBeNull();
    if (path === PRODUCT_CONSOLE) {
      expect(answer.html).toContain('Access Denied');
      expect(answer.html).toContain('You don&#x27;t have admin privileges');
      return;
    }
    expect(answer.html).toContain('Access denied. You do not have administrator privileges.');
    expect(answer.html).toContain(`Your user id: <code>${customer.id}</code>`);
    expect(answer.html).not.toContain('aria-label="Back office"');
  });

  describe('for an admin', () => {
    let database: TestDatabase;
    let quotationId: string;
    beforeAll(async () => {
      database = await createTestDatabase();
      const product = await insertProduct(database.db);
      ({ id: quotationId } = await createQuotationRequest(database.db, null, {
        ...quotationForm,
        productId: product.id,
      }));
    });
    afterAll(async () => {
      await database.destroy();
    });

    it.each(pagePatterns)('loads %s', async (pattern) => {
      const answer = await request(
        at(pattern, quotationId),
        viewerOf('admin-1', true),
        database.db,
      );
      expect(answer.status).toBe(200);
      expect(answer.pageData).not.toBeNull();
      expect(answer.html).toContain('aria-label="Back office"');
      expect(answer.html).not.toContain('Access denied');
    });
  });
});
