import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { callbackLeads } from '../../db/schema';
import { createCallbackLead } from './index';

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
});
