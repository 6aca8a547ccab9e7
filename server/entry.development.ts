/**
 * The development process (`npm run dev`): the same server, with Vite's middlewares in front.
 * The HTTP app and the routes load through Vite, so edits apply without a restart and both share
 * one module graph (one React Router context key).
 */
import { createServer as createViteServer } from 'vite';
import type { Hono } from 'hono';
import type { ServerBuild } from 'react-router';
import type { HttpAppOptions } from './http/app';
import { startServer } from './main';

const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' });

await startServer({
  beforeApp: (request, response, next) => vite.middlewares(request, response, next),
  async createApp(dependencies) {
    // A thin app that re-imports the real one per request, so server edits are picked up.
    const { Hono } = await import('hono');
    const app = new Hono();
    app.all('*', async (c) => {
      const module = (await vite.ssrLoadModule('/server/http/app.ts')) as {
        createHttpApp: (options: HttpAppOptions) => Hono;
      };
      const real = module.createHttpApp({
        ...dependencies,
        mode: 'development',
        build: () =>
          vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      });
      return real.fetch(c.req.raw);
    });
    return app;
  },
  onClose: () => vite.close(),
});
