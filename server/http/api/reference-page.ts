/**
 * issue 17: `/api/docs`, the API's reference, rendered by Swagger UI from the generated document.
 * Its script and stylesheet come from the `swagger-ui-dist` package and are served by the shop
 * itself under its CSP (scripts from 'self' only: the page has no inline script).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Env, Hono } from 'hono';
import { API_BASE_PATH, OPENAPI_DOCUMENT_PATH } from './index';

const require = createRequire(import.meta.url);
const swaggerUiDirectory = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const { version: swaggerUiVersion } = require('swagger-ui-dist/package.json') as {
  version: string;
};

export const API_REFERENCE_PATH = '/api/docs';
/** Versioned, so the files may be cached for a year. */
const ASSETS_PATH = `${API_REFERENCE_PATH}/swagger-ui-${swaggerUiVersion}`;

const files = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;

const initialiser = `window.addEventListener('load', function () {
  window.SwaggerUIBundle({
    url: '${API_BASE_PATH}${OPENAPI_DOCUMENT_PATH}',
    dom_id: '#reference',
    deepLinking: true,
  });
});
`;

export function registerApiReference<E extends Env>(app: Hono<E>, shopName: string): void {
  app.get(API_REFERENCE_PATH, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.html(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>API reference · ${escapeHtml(shopName)}</title>
    <meta name="robots" content="noindex">
    <link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css">
  </head>
  <body>
    <main id="reference" aria-label="API reference"><h1>${escapeHtml(shopName)} API reference</h1><p>The reference needs JavaScript. The OpenAPI document is at <a href="${API_BASE_PATH}${OPENAPI_DOCUMENT_PATH}">${API_BASE_PATH}${OPENAPI_DOCUMENT_PATH}</a>.</p></main>
    <script src="${ASSETS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${ASSETS_PATH}/init.js"></script>
  </body>
</html>`);
  });
  app.get(`${ASSETS_PATH}/init.js`, (c) => {
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(initialiser);
  });
  for (const [name, contentType] of Object.entries(files)) {
    app.get(`${ASSETS_PATH}/${name}`, async (c) => {
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
      c.header('Content-Type', contentType);
      return c.body(await readFile(path.join(swaggerUiDirectory, name)));
    });
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
