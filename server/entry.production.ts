/** The production process: Vite bundles this file with the React Router server build. */
import path from 'node:path';
// A virtual module that only exists inside the React Router build.
import * as build from 'virtual:react-router/server-build';
import { createHttpApp } from './http/app';
import { startServer } from './main';

await startServer({
  async createApp({ database, config, logger, jobs, ownerSetup }) {
    return createHttpApp({
      database,
      config,
      logger,
      jobs,
      ownerSetup,
      build,
      mode: 'production',
      clientDirectory: path.relative(process.cwd(), path.resolve('build/client')),
    });
  },
});
