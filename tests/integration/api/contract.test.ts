/**
 * docs/requirements.md §11 "Done when": every operation's answers validate against the generated OpenAPI
 * document, and every route of the API is in it. (The harness checks every answer of every API
 * test against the document; this file calls every operation at least once.)
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEventTypes } from '../../../core/api/webhook-events';
import { createApi } from '../../../server/http/api';
import type { ApiServices } from '../../../server/http/api/context';
import { startApiHarness, type ApiHarness } from '../../support/api-harness';
import { testDatabaseKind } from '../../support/database';
import { webhookSamples } from '../../support/webhook-payloads';
import { apiCases } from './cases';
import type { World } from './cases/types';
import { makeWorld } from './world';

interface WebhookPathItem {
  post: { requestBody: { content: { 'application/json': { schema: object } } } };
}

describe(`the API contract on ${testDatabaseKind}`, () => {
  let api: ApiHarness;
  let world: World;
  beforeAll(async () => {
    api = await startApiHarness();
    world = await makeWorld(api);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('is an OpenAPI 3.1 document whose every schema compiles, none of them null itself', () => {
    expect(api.document.openapi).toBe('3.1.0');
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(api.document as object, 'https://shop.test/check.json');
    for (const [name, schema] of Object.entries(
      (api.document.components as { schemas: Record<string, { type?: unknown }> }).schemas,
    )) {
      // A named shape that is itself nullable would let every use of it be null (orNull).
      expect([schema.type].flat(), name).not.toContain('null');
      expect(() =>
        ajv.compile({ $ref: `https://shop.test/check.json#/components/schemas/${name}` }),
      ).not.toThrow();
    }
  });

  it('describes every webhook event: the body of each, from core/api/webhook-events.ts', () => {
    const webhooks =
      (api.document as { webhooks?: Record<string, WebhookPathItem> }).webhooks ?? {};
    expect(Object.keys(webhooks)).toEqual(webhookEventTypes);
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const type of webhookEventTypes) {
      const body = webhooks[type]!.post.requestBody.content['application/json'].schema;
      const validate = ajv.compile(body);
      const timestamp = '2026-11-24T04:30:00.000Z';
      const data: Record<string, unknown> = webhookSamples[type];
      expect(validate({ type, timestamp, data }), type).toBe(true);
      const { [Object.keys(data)[0]!]: _missing, ...rest } = data;
      expect(validate({ type, timestamp, data: rest }), `${type} with a field missing`).toBe(false);
      expect(validate({ type: 'order.deleted', timestamp, data }), `${type} misnamed`).toBe(false);
    }
  });

  it('generates its document once: asking again adds nothing to the registry', async () => {
    const app = createApi({
      config: { publicUrl: 'http://shop.test', apiCorsOrigins: [] },
    } as unknown as ApiServices);
    const first = await (await app.request('/openapi.json')).json();
    const definitions = app.openAPIRegistry.definitions.length;
    for (let count = 0; count < 3; count += 1) {
      expect(await (await app.request('/openapi.json')).json()).toEqual(first);
    }
    expect(app.openAPIRegistry.definitions.length).toBe(definitions);
  });

  it('documents every route the API answers, and nothing it does not', () => {
    const routes = createApi({} as ApiServices)
      .routes.filter((route) => route.method !== 'ALL' && route.path !== '/openapi.json')
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = Object.entries(api.document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect([...new Set(routes)].sort()).toEqual([...documented].sort());
  });

  it('has a case for every documented operation', () => {
    const documented = Object.entries(api.document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(apiCases.map((apiCase) => apiCase.operation).sort()).toEqual(documented.sort());
  });

  for (const apiCase of apiCases) {
    it(`${apiCase.operation} answers as documented`, async () => {
      const caller =
        apiCase.access.kind === 'public'
          ? world.api.visitor
          : apiCase.access.kind === 'owner'
            ? world.ownerKey
            : world.customerA;
      const fixture = await apiCase.setup?.(world);
      const response = await apiCase.call(world, caller, fixture);
      expect(response.status, await response.clone().text()).toBe(apiCase.success);
    });
  }
});
