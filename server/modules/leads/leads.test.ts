import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { insertUser } from '../../../tests/factories';
import { callbackLeads } from '../../db/schema';
import type { Actor } from '../actor';
import { countCallbackLeads, createCallbackLead, listCallbackLeads } from './index';

describe(`call-back leads on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('stores the number with its country code and the moment the terms were accepted', async () => {
    const { db } = database;
    await createCallbackLead(db, null, {
      countryCode: '+1',
      phone: '(415) 555-0100',
      consent: 'on',
    });
    const rows = await db.select().from(callbackLeads);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ countryCode: '+1', phone: '4155550100' });
    expect(rows[0]?.acceptedTermsAt).toBeInstanceOf(Date);
  });

  it('stores nothing without consent', async () => {
    const { db } = database;
    await expect(createCallbackLead(db, null, { phone: '9829000000' })).rejects.toThrow(
      'Please accept the Privacy Policy and T&Cs',
    );
    expect(await db.select().from(callbackLeads)).toHaveLength(1);
  });

  it('lists and counts the leads for an admin only, newest first', async () => {
    const { db } = database;
    const admin: Actor = { userId: (await insertUser(db)).id, roles: ['admin'] };
    const customer: Actor = { userId: (await insertUser(db)).id, roles: [] };
    const { id } = await createCallbackLead(db, null, {
      countryCode: '+91',
      phone: '9829011111',
      consent: 'on',
    });
    const calls: [string, (actor: Actor) => Promise<unknown>][] = [
      ['countCallbackLeads', (actor) => countCallbackLeads(db, actor)],
      ['listCallbackLeads', (actor) => listCallbackLeads(db, actor, { page: 1 })],
    ];
    for (const [name, call] of calls) {
      await expect(call(customer), name).rejects.toMatchObject({ code: 'forbidden' });
      await expect(call(null), name).rejects.toMatchObject({ code: 'unauthenticated' });
    }
    expect(await countCallbackLeads(db, admin)).toBe(2);
    expect((await listCallbackLeads(db, admin, { page: 1 })).map((lead) => lead.id)[0]).toBe(id);
  });
});
