/**
 * docs/requirements.md §15: a request that joins an account (made signed in, or added to it with
 * "Add it to your account") fills the profile's mobile, company and GSTIN where the profile has
 * none, and never overwrites what it holds. A visitor's request writes no profile.
 */
import { updateProfile } from './update-profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, insertUser } from '../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/database';
import { profiles } from '../db/schema';
import { getProfile } from '../modules/account';
import type { Actor } from '../modules/actor';
import { createMultiPieceRequest } from '../modules/quotations';
import { addRequestToAccount } from './add-request-to-account';
import { requestQuotation } from './request-quotation';

const GSTIN = '08AAAAA0000A1Z2';

describe(`the profile learns from the account's requests on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let productId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    productId = (await insertProduct(database.db, { name: 'Lotus Urli' })).id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

  async function account(email = `buyer-${stamp()}@example.com`): Promise<Actor> {
    return {
      userId: (await insertUser(database.db, { email, emailVerified: true })).id,
      roles: [],
    };
  }

  it("fills only the profile's empty fields when a guest's request is added to the account", async () => {
    const email = `meera-${stamp()}@example.com`;
    const meera = await account(email);
    await updateProfile(database.db, meera, { displayName: 'Meera', phone: '+91 90000 11111' });
    const guest = await createMultiPieceRequest(database.db, null, {
      lines: [{ productId, quantity: '20', notes: '' }],
      customerName: 'Meera Shah',
      customerCompany: 'Shah Interiors',
      customerMobile: '98765 43210',
      customerEmail: email,
      customerGstin: GSTIN,
    });
    expect(await getProfile(database.db, meera)).toMatchObject({ company: null, gstin: null });

    await addRequestToAccount(database.db, meera, {
      reference: guest.reference,
      key: guest.accessKey,
    });
    expect(await getProfile(database.db, meera)).toMatchObject({
      displayName: 'Meera',
      phone: '+91 90000 11111',
      company: 'Shah Interiors',
      gstin: GSTIN,
    });
  });

  it('fills an empty profile from a signed-in request, and a later request overwrites nothing', async () => {
    const buyer = await account();
    await requestQuotation(database.db, buyer, {
      productId,
      quantity: '4',
      customerName: 'Asha Rao',
      customerCompany: 'Rao Crafts',
      customerMobile: '98290 12345',
      customerEmail: '',
    });
    expect(await getProfile(database.db, buyer)).toMatchObject({
      phone: '98290 12345',
      company: 'Rao Crafts',
      gstin: null,
    });

    await requestQuotation(database.db, buyer, {
      productId,
      quantity: '1',
      customerName: 'Asha Rao',
      customerCompany: 'Another Firm',
      customerMobile: '+1 415 555 0100',
      customerEmail: '',
    });
    expect(await getProfile(database.db, buyer)).toMatchObject({
      phone: '98290 12345',
      company: 'Rao Crafts',
    });
  });

  it("writes no profile for a visitor's request", async () => {
    const before = await database.db.select().from(profiles);
    await requestQuotation(database.db, null, {
      productId,
      quantity: '1',
      customerName: 'A Visitor',
      customerCompany: 'Visiting Co',
      customerMobile: '98290 99999',
      customerEmail: '',
    });
    expect(await database.db.select().from(profiles)).toEqual(before);
  });
});
