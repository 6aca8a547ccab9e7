/**
 * React Router's server build, put together from app/routes.ts in the test's own module graph, so
 * that an in-process `createHttpApp` renders the pages and answers their `.data` requests as the
 * built server does, with no `react-router build` first. The built bundle would not do: its
 * routes would read the app context through a second copy of server/http/app-context.
 * The browser's assets are not served here; their manifest only names each route's module, and
 * the stylesheet's address comes from vitest.config.ts (docs/testing.md "Pages rendered in a test").
 */
import type { RouteConfigEntry } from '@react-router/dev/routes';
import {
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps as withHydrateFallbackProps,
  type ServerBuild,
} from 'react-router';
import reactRouterConfig from '../../react-router.config';
import routeTable from '../../app/routes';
import * as entryServer from '../../app/entry.server';
import * as rootModule from '../../app/root';

type RouteModule = Record<string, unknown>;
type Component = Parameters<typeof withComponentProps>[0];

/**
 * The route module as React Router's Vite plugin hands it over: its components get their loader
 * data, params and matches as props.
 */
function asBuilt(module: RouteModule): RouteModule {
  const built = { ...module };
  if (module.default) built.default = withComponentProps(module.default as Component);
  if (module.ErrorBoundary)
    built.ErrorBoundary = withErrorBoundaryProps(
      module.ErrorBoundary as Parameters<typeof withErrorBoundaryProps>[0],
    );
  if (module.HydrateFallback)
    built.HydrateFallback = withHydrateFallbackProps(
      module.HydrateFallback as Parameters<typeof withHydrateFallbackProps>[0],
    );
  return built;
}

interface FlatRoute {
  id: string;
  parentId: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: RouteModule;
}

async function flatten(entries: RouteConfigEntry[], parentId: string): Promise<FlatRoute[]> {
  const flat: FlatRoute[] = [];
  for (const entry of entries) {
    // React Router names a route by its file without the extension unless the table gives an id.
    const id = entry.id ?? entry.file.replace(/\.tsx?$/, '');
    const module = asBuilt(
      (await import(/* @vite-ignore */ `../../app/${entry.file}`)) as RouteModule,
    );
    flat.push({
      id,
      parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      module,
    });
    flat.push(...(await flatten(entry.children ?? [], id)));
  }
  return flat;
}

function manifestEntry(route: Omit<FlatRoute, 'parentId'> & { parentId?: string }) {
  const has = (name: string) => typeof route.module[name] === 'function';
  return {
    id: route.id,
    parentId: route.parentId,
    path: route.path,
    index: route.index,
    caseSensitive: route.caseSensitive,
    hasAction: has('action'),
    hasLoader: has('loader'),
    hasClientAction: has('clientAction'),
    hasClientLoader: has('clientLoader'),
    hasClientMiddleware: Array.isArray(route.module.clientMiddleware),
    hasDefaultExport: route.module.default !== undefined,
    hasErrorBoundary: route.module.ErrorBoundary !== undefined,
    module: `/assets/${route.id}.js`,
    imports: [],
    css: [],
  };
}

export async function pageServerBuild(): Promise<ServerBuild> {
  const rootRoute = { id: 'root', path: '', module: asBuilt(rootModule as RouteModule) };
  const pages = await flatten(routeTable as RouteConfigEntry[], 'root');
  const routes = Object.fromEntries(
    [rootRoute, ...pages].map((route) => [
      route.id,
      {
        id: route.id,
        parentId: 'parentId' in route ? route.parentId : undefined,
        path: route.path,
        index: 'index' in route ? route.index : undefined,
        caseSensitive: 'caseSensitive' in route ? route.caseSensitive : undefined,
        module: route.module,
      },
    ]),
  );
  return {
    entry: { module: entryServer },
    routes,
    assets: {
      entry: { module: '/assets/entry.client.js', imports: [], css: [] },
      routes: Object.fromEntries(
        [rootRoute, ...pages].map((route) => [route.id, manifestEntry(route)]),
      ),
      url: '/assets/manifest-test.js',
      version: 'test',
    },
    basename: '/',
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: { ...reactRouterConfig.future },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
    allowedActionOrigins: false,
  } as unknown as ServerBuild;
}
