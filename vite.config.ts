import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/**
 * The root's own modules and what only they use: every page loads them. The header's search, the
 * footer with its newsletter form, and the 404 page are not among them: they hydrate from their
 * own chunks (app/components/ui/deferred.tsx). Nor are the layout helpers only some pages use
 * (structured data, policy text sections, the shop's clock with its Intl formatters).
 */
const shellModules =
  /\/app\/(root\.tsx|components\/layout\/(?!site-footer|page-footer|not-found|structured-data|text-sections|shop-time)|components\/ui\/(toaster|toast-store|icons|use-hydrated|use-answer|follow-navigation)\b|components\/account\/(auth-sync|sign-out-button)\b|components\/forms\/use-answer-fetcher\b)|\/core\/answer\.ts|\/content\/shop-name\.ts|\/node_modules\/clsx\//;

/** The lazy form and the field frame every form draws (app/components/ui/field-frame.tsx). */
const formModules = /\/app\/components\/(forms\/lazy-form|ui\/field-frame)\./;

const frameworkModules = /\/node_modules\/(react|react-dom|react-router|scheduler)\//;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        // The scripts load after the page (decision 010), so preloading a lazy chunk's imports
        // buys nothing; without it Vite leaves its preload helper out of every page.
        modulePreload: false,
        rolldownOptions: {
          output: {
            // docs/decisions/020: what the root renders on every page (header, search, footer, toaster…)
            // ships as one chunk, not a dozen small ones that each cost a request and compress
            // apart; about 4 KB less on every page (docs/decisions/008).
            codeSplitting: {
              groups: [
                // React and React Router stay the client entry of their own (the framework's
                // floor, decision 008), not part of the shell that pulls them in.
                { name: 'framework', test: frameworkModules, priority: 2 },
                { name: 'shell', test: shellModules, priority: 1 },
                // The labelled field's frame rides with the form module its pages already load:
                // a chunk of its own would cost each of them its gzip floor, and the sign-in and
                // quote-list pages are within a few hundred bytes of their budget.
                { name: 'lazy-form', test: formModules },
              ],
            },
          },
        },
      },
    },
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
