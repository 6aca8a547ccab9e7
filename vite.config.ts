import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: {
      build: {
        // The server bundle is our Hono process entry, with the React Router build inside it.
        rollupOptions: { input: { index: './server/entry.production.ts' } },
      },
    },
  },
  ssr: {
    // PGlite loads its WASM and data files relative to its own package: keep it external.
    external: ['@electric-sql/pglite', 'pg', 'pino'],
  },
});
