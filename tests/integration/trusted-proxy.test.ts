/**
 * docs/decisions/018: behind nginx, which appends the address it saw to X-Forwarded-For, a client
 * that writes its own X-Forwarded-For changes only the leftmost entry. Taking the leftmost let
 * every request pass as a new client and walk around every per-address limit; the shop takes the
 * address its trusted proxy added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../support/api-harness';
import { testDatabaseKind } from '../support/database';

describe(`the per-address limits behind a trusted proxy on ${testDatabaseKind}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApiHarness({
      env: { TRUST_PROXY: '1', FORM_RATE_LIMIT: '2', API_RATE_LIMIT: '4' },
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('counts one client however it fills in X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (const spoofed of ['6.6.6.1', '6.6.6.2', '6.6.6.3']) {
      const answer = await api.request('/api/v1/contact-messages', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          // What nginx forwards: the client's own header, then the address it saw.
          'X-Forwarded-For': `${spoofed}, 198.51.100.7`,
        },
        body: JSON.stringify({
          name: 'Priya Nair',
          email: 'priya@example.com',
          subject: 'Diyas',
          message: 'Hello',
        }),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });

  // docs/requirements.md §14: one subscriber holds a whole IPv6 /64, and can take a new address
  // in it for every request.
  it('counts every address of one IPv6 /64 as one client, for the forms and the API', async () => {
    const contact = (client: string) =>
      api.request('/api/v1/contact-messages', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
        body: JSON.stringify({
          name: 'Priya Nair',
          email: 'priya@example.com',
          subject: 'Diyas',
          message: 'Hello',
        }),
      });
    const statuses: number[] = [];
    for (const client of ['2001:db8:77:1::1', '2001:db8:77:1::2', '2001:db8:77:1:ffff::fffe']) {
      statuses.push((await contact(client)).status);
    }
    expect(statuses).toEqual([201, 201, 429]);
    // The next /64 is another client.
    expect((await contact('2001:db8:77:2::1')).status).toBe(201);

    // A visitor's requests to the API, each from a new address of one /64.
    const read = (client: string) =>
      api.request('/api/v1/categories', { headers: { 'X-Forwarded-For': client } });
    const reads: number[] = [];
    for (let host = 1; host <= 5; host += 1) {
      reads.push((await read(`2001:db8:77:3::${host}`)).status);
    }
    expect(reads).toEqual([200, 200, 200, 200, 429]);
  });
});
