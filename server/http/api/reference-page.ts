/**
 * docs/requirements.md §11: `/api/docs`, the API's reference, rendered by Swagger UI from the generated document.
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

// Swagger UI leaves a few WCAG 2.2 AA gaps on this page (axe): the servers list has no name and
// the path links sit inside the operation buttons, long examples scroll out of the keyboard's
// reach. The script names every unnamed list, renders paths as text (no deep links) and lets
// examples take focus; reference.css mends contrast and target sizes.
const initialiser = `window.addEventListener('load', function () {
  var nameLists = function () {
    document.querySelectorAll('select:not([aria-label])').forEach(function (list) {
      list.setAttribute('aria-label', list.id === 'servers' ? 'Server' : 'Choose a value');
    });
    // Long examples scroll: the keyboard must reach them too.
    document.querySelectorAll('.microlight:not([tabindex])').forEach(function (example) {
      example.setAttribute('tabindex', '0');
    });
  };
  new MutationObserver(nameLists).observe(document.getElementById('reference'), {
    childList: true,
    subtree: true,
  });
  window.SwaggerUIBundle({
    url: '${API_BASE_PATH}${OPENAPI_DOCUMENT_PATH}',
    dom_id: '#reference',
    deepLinking: false,
  });
});
`;

const accessibilityMends = `
.swagger-ui .opblock .opblock-summary-method { color: #fff; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f4e79; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1e6b3a; }
.swagger-ui .opblock.opblock-put .opblock-summary-method,
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #7a4a00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #a12020; }
.swagger-ui .info .title small, .swagger-ui .info .title small pre { background: #2f4f2f; color: #fff; }
.swagger-ui .info .title small.version-stamp { background: #2f4f2f; }
.swagger-ui .info .url, .swagger-ui .info a { color: #1f4e79; }
.swagger-ui .btn span, .swagger-ui .btn { color: #1a1a1a; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #4a4a4a; }
.swagger-ui .parameter__in, .swagger-ui .parameter__type, .swagger-ui .parameter__deprecated,
.swagger-ui .prop-format, .swagger-ui .response-col_links { color: #4a4a4a; }
.swagger-ui .opblock-summary-path a, .swagger-ui .nostyle { display: inline-block; min-height: 24px; min-width: 24px; }
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
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css">
    <link rel="stylesheet" href="${ASSETS_PATH}/reference.css">
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
  app.get(`${ASSETS_PATH}/reference.css`, (c) => {
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Content-Type', 'text/css; charset=utf-8');
    return c.body(accessibilityMends);
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
