/**
 * docs/requirements.md §11: the versioned JSON API, `/api/v1`, over the same domain modules as the pages. Its
 * OpenAPI 3.1 document is generated from the routes' zod schemas (core/) and served at
 * `/api/v1/openapi.json`; refusals are RFC 9457 problems.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { cors } from 'hono/cors';
import { etag } from 'hono/etag';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { apiTexts } from '../../../core/api/api-schemas';
import {
  webhookEvents,
  webhookEventTypes,
  webhookPayloadSchema,
} from '../../../core/api/webhook-events';
import { API_KEY_PREFIX } from '../../modules/api-keys';
import { DomainError } from '../../modules/errors';
import { registerCatalogue } from './catalogue';
import { registerOwner } from './owner';
import { registerShopForms } from './shop-forms';
import { apiRateLimit, identifyCaller, type ApiEnv, type ApiServices } from './context';
import { registerCustomer } from './customer';
import { registerQuoteList } from './quote-list';
import { registerTaxDocuments } from './tax-documents';
import { QUOTE_LIST_COOKIE } from '../quote-list-cookie';
import { domainProblemResponse, invalidInputResponse, problemResponse } from './problem';

import { API_BASE_PATH } from './base-path';

export { API_BASE_PATH };
export const OPENAPI_DOCUMENT_PATH = '/openapi.json';

export function createApi(services: ApiServices): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) return invalidInputResponse(result.error);
    },
  });

  // docs/requirements.md §11: browsers may call the API only from the origins the owner lists; none by default.
  api.use(
    '*',
    cors({
      origin: (origin) => (services.config.apiCorsOrigins.includes(origin) ? origin : null),
      allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match'],
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      exposeHeaders: ['ETag', 'Retry-After', 'Idempotent-Replayed', 'Location'],
      maxAge: 600,
    }),
  );
  api.use('*', async (c, next) => {
    c.set('services', services);
    await next();
  });
  // The routes do not change while the process runs: the document is generated once, on first ask.
  let document: ReturnType<typeof openApiDocument> | undefined;
  api.get(OPENAPI_DOCUMENT_PATH, (c) => {
    document ??= openApiDocument(api, services.config.publicUrl);
    return c.json(document);
  });
  api.use('*', identifyCaller());
  api.use('*', apiRateLimit());
  api.use('*', etag());

  registerCatalogue(api);
  registerShopForms(api);
  registerCustomer(api);
  registerQuoteList(api);
  registerTaxDocuments(api);
  registerOwner(api);

  api.notFound(() => problemResponse(404, apiTexts.notFound));
  api.onError((error, c) => {
    if (error instanceof DomainError) return domainProblemResponse(error);
    if (error instanceof HTTPException) {
      return problemResponse(error.status, error.message || 'The request was refused.');
    }
    services.logger.error({ err: error, reqId: c.get('requestId') }, 'API error');
    return problemResponse(500, 'An unexpected error occurred. Please try again.');
  });
  return api;
}

/**
 * docs/requirements.md §11: the answer to a request no route under `/api/` took: a problem, never the
 * pages' HTML 404. A path the API serves with other methods is 405 with `Allow`; anything else
 * is 404. `routes` are the API's own (Hono's `api.routes`), mounted at `API_BASE_PATH`.
 */
export function unmatchedApiResponse(
  routes: readonly { method: string; path: string }[],
  method: string,
  path: string,
): Response {
  const apiPath = path.startsWith(`${API_BASE_PATH}/`) ? path.slice(API_BASE_PATH.length) : null;
  const allowed = apiPath
    ? [
        ...new Set(
          routes
            .filter((route) => route.method !== 'ALL' && routePattern(route.path).test(apiPath))
            .map((route) => route.method),
        ),
      ]
    : [];
  if (allowed.length > 0 && !allowed.includes(method)) {
    return problemResponse(405, `This operation takes ${allowed.join(', ')}, not ${method}.`, {
      headers: { Allow: allowed.join(', ') },
    });
  }
  return problemResponse(404, apiTexts.notFound);
}

/** A Hono route path (`/products/:id`) as a pattern of whole paths. */
function routePattern(routePath: string): RegExp {
  const escaped = routePath
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/** Generates the document; call it once per app, as it also registers the security schemes. */
function openApiDocument(api: OpenAPIHono<ApiEnv>, publicUrl: string) {
  api.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: `An owner's API key (\`${API_KEY_PREFIX}…\`), made in the admin under API & Webhooks, with scopes.`,
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerToken', {
    type: 'http',
    scheme: 'bearer',
    description:
      'A customer’s session token: the `set-auth-token` header of POST /api/auth/sign-in/email.',
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'storefront.session_token',
    description: 'The shop’s own pages, signed in; writes must come from the shop’s origin.',
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'quoteListCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: QUOTE_LIST_COOKIE,
    description:
      'A guest’s quote list, on the shop’s own pages: set by the first piece added; writes must come from the shop’s origin. Named `__Host-storefront.quote_list` when the shop is served over https.',
  });
  registerWebhooks(api);
  return api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Artisan storefront API',
      version: '1.0.0',
      description:
        'The shop’s catalogue, quotations, orders and account, over the same rules as its pages. See docs/api.md.',
    },
    servers: [{ url: `${publicUrl.replace(/\/$/, '')}${API_BASE_PATH}` }],
  });
}

/**
 * docs/decisions/019: the document's `webhooks`, one per event of core/api/webhook-events.ts: the POST the shop
 * sends to an endpoint, its Standard Webhooks headers, and the body `{ type, timestamp, data }`.
 */
function registerWebhooks(api: OpenAPIHono<ApiEnv>) {
  const headers = z.object({
    'webhook-id': z
      .string()
      .meta({ description: 'The delivery’s id: the same on every try and on a Resend.' }),
    'webhook-timestamp': z
      .string()
      .meta({ description: 'When this try was signed, in seconds since 1970.' }),
    'webhook-signature': z.string().meta({
      description:
        '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the endpoint’s secret.',
    }),
  });
  for (const type of webhookEventTypes) {
    api.openAPIRegistry.registerWebhook({
      method: 'post',
      path: type,
      summary: type,
      description: `Sent when ${webhookEvents[type].when}. See docs/webhooks.md.`,
      request: {
        headers,
        body: {
          required: true,
          content: { 'application/json': { schema: webhookPayloadSchema(type) } },
        },
      },
      responses: {
        '2XX': { description: 'Received. Anything else, or no answer within 10 s, is retried.' },
      },
    });
  }
}
