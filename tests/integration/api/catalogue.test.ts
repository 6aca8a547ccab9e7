import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../factories';
import { startApiHarness, type ApiHarness } from '../../support/api-harness';
import { testDatabaseKind } from '../../support/database';

describe(`the API's catalogue on ${testDatabaseKind}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApiHarness();
    for (let n = 0; n < 5; n += 1) {
      await insertProduct(api.database.db, {
        name: `Brass Lamp ${n}`,
        material: 'Brass',
        priceMinor: 100_000 + n * 1000,
      });
    }
  });
  afterAll(async () => {
    await api?.close();
  });

  it('pages products with a cursor and answers 304 to a matching ETag', async () => {
    const first = await api.request('/api/v1/products?material=Brass&sort=price-low&limit=2');
    expect(first.status).toBe(200);
    const page = (await first.json()) as {
      data: { name: string }[];
      total: number;
      nextCursor: string;
    };
    expect(page.data.map((product) => product.name)).toEqual(['Brass Lamp 0', 'Brass Lamp 1']);
    expect(page.total).toBe(5);
    const second = (await (
      await api.request(
        `/api/v1/products?material=Brass&sort=price-low&limit=2&cursor=${page.nextCursor}`,
      )
    ).json()) as { data: { name: string }[] };
    expect(second.data.map((product) => product.name)).toEqual(['Brass Lamp 2', 'Brass Lamp 3']);
    const etag = first.headers.get('etag')!;
    const again = await api.request('/api/v1/products?material=Brass&sort=price-low&limit=2', {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    const otherQuery = await api.request(
      `/api/v1/products?material=Marble&cursor=${page.nextCursor}`,
    );
    expect(otherQuery.status).toBe(422);
    expect(otherQuery.headers.get('content-type')).toContain('application/problem+json');
  });

  it('refuses a limit over 100 with a problem naming the field', async () => {
    const response = await api.request('/api/v1/products?limit=101');
    expect(response.status).toBe(422);
    const problem = (await response.json()) as { errors: { pointer: string }[] };
    expect(problem.errors[0]?.pointer).toBe('#/limit');
  });

  it('serves its OpenAPI 3.1 document and the reference page', async () => {
    const document = (await (await api.request('/api/v1/openapi.json')).json()) as {
      openapi: string;
      paths: object;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/products/{id}');
    const page = await api.request('/api/docs');
    expect(await page.text()).toContain('swagger-ui-bundle.js');
  });
});
