/**
 * issue 26 item 7: behind nginx, which appends the address it saw to X-Forwarded-For, a client
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
    api = await startApiHarness({ env: { TRUST_PROXY: '1', FORM_RATE_LIMIT: '2' } });
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
});
