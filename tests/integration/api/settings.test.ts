/**
 * docs/requirements.md §12 over the API: an owner key with `settings:write` reads and changes the settings as
 * /admin/settings does. A field the environment sets (GSTIN here) is refused with 422 naming the
 * variable, and nothing is written; a change is recorded as the key's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVISIBLE_CHARACTERS_MESSAGE as INVISIBLE } from '../../../core/forms/form-text';
import { activityLog, shopSettings } from '../../../server/db/schema';
import { startApiHarness, type ApiHarness, type Caller } from '../../support/api-harness';
import { testDatabaseKind } from '../../support/database';
import { jsonBody } from './cases/types';

// 20:00 UTC on 24 November is already the 25th in the shop's zone (Asia/Kolkata).
const now = new Date('2026-11-24T20:00:00Z');

describe(`the settings over the API on ${testDatabaseKind}`, () => {
  let api: ApiHarness;
  let owner: Caller;
  beforeAll(async () => {
    api = await startApiHarness({ env: { GSTIN: '08AAAAA0000A1Z2' }, clock: () => now });
    owner = await api.ownerKey(['settings:write']);
  });
  afterAll(async () => {
    await api?.close();
  });

  const patch = (body: unknown) =>
    api.request('/api/v1/admin/settings', { method: 'PATCH', caller: owner, ...jsonBody(body) });
  const settingsRows = () => api.database.db.select().from(shopSettings);
  const entries = () =>
    api.database.db.select().from(activityLog).where(eq(activityLog.kind, 'settings'));

  it('shows the values and the locked field with its variable', async () => {
    const response = await api.request('/api/v1/admin/settings', { caller: owner });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { values: Record<string, string>; lockedBy: object };
    expect(body.values.phone).toBe('+91 98290 00000');
    expect(body.values.gstin).toBe('08AAAAA0000A1Z2');
    expect(body.lockedBy).toEqual({ gstin: 'GSTIN' });
    // docs/requirements.md §20: the search synonyms are a setting like the others.
    expect(body.values.searchSynonyms).toContain('urli, uruli');
  });

  it('refuses a locked field and a bad value with 422, and writes nothing', async () => {
    const locked = await patch({ phone: '+91 141 222 3333', gstin: '27AAPFU0939F1ZV' });
    expect(locked.status).toBe(422);
    expect(await locked.text()).toContain(
      'GSTIN is set by the environment variable GSTIN and cannot be changed here.',
    );
    const invalid = await patch({ offerValidityDays: '120' });
    expect(invalid.status).toBe(422);
    expect(await settingsRows()).toEqual([]);
    expect(await entries()).toEqual([]);
  });

  it.each([
    ['an impossible rate date', { displayCurrencies: 'USD 83.50 2026-13-45' }, '2026-13-45'],
    ['a rate dated after today', { displayCurrencies: 'USD 83.50 2026-11-26' }, '2026-11-26'],
    ['a rate dated in 2099', { displayCurrencies: 'GBP 110 2099-01-01' }, '2099-01-01'],
    ['a shop name with U+202E', { shopName: '\u202EKalakriti' }, INVISIBLE],
    ['a shop name with U+200B', { shopName: 'Kala\u200Bkriti' }, INVISIBLE],
    ['business hours with U+2066', { businessHours: 'Daily\u2066 10-7' }, INVISIBLE],
  ])('refuses %s with 422 and its message, and writes nothing', async (_what, body, said) => {
    const response = await patch(body);
    expect(response.status).toBe(422);
    expect(((await response.json()) as { detail: string }).detail).toContain(said);
    expect(await settingsRows()).toEqual([]);
    expect(await entries()).toEqual([]);
  });

  it('changes only what is sent, recorded as the key’s', async () => {
    const response = await patch({ phone: '+91 141 222 3333' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { values: Record<string, string> };
    expect(body.values.phone).toBe('+91 141 222 3333');
    expect(body.values.shopName).toBe('Kalakriti Artisan Decor');
    expect((await settingsRows()).map(({ key, value }) => ({ key, value }))).toEqual([
      { key: 'phone', value: '+91 141 222 3333' },
    ]);
    const [entry] = await entries();
    expect(entry).toMatchObject({
      actorKind: 'api-key',
      changes: [{ field: 'phone', before: '+91 98290 00000', after: '+91 141 222 3333' }],
    });
  });

  it('takes a rate dated today in the shop’s calendar', async () => {
    const response = await patch({ displayCurrencies: 'USD 83.50 2026-11-25' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { values: Record<string, string> };
    expect(body.values.displayCurrencies).toBe('USD 83.50 2026-11-25');
  });
});
