/**
 * docs/requirements.md §13, §15: the one reading of a request's customer. Its mail goes to the address
 * the request gave, or else to its account's address once verified; a typed address and a
 * verified one are told apart, and neither a phone sign-in's placeholder nor an unverified
 * account's address is ever an address the shop writes to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { phonePlaceholderEmail } from '../../../core/identity/identity';
import { addressKeysOf, customerOfRequest } from './customer';

describe(`the customer of a quotation request on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  const request = (userId: string | null, customerEmail: string | null) => ({
    userId,
    customerName: 'Asha Rao',
    customerEmail,
  });

  it("is mailed at the request's own address, and knows its account's verified one beside it", async () => {
    const account = await insertUser(database.db, { email: 'asha.account@example.com' });
    const customer = await customerOfRequest(
      database.db,
      request(account.id, 'asha.typed@example.com'),
    );
    expect(customer).toEqual({
      name: 'Asha Rao',
      mailAddress: 'asha.typed@example.com',
      verifiedAccountAddress: 'asha.account@example.com',
    });
    expect(addressKeysOf({ customerEmail: ' Asha.Typed@Example.com ' }, customer)).toEqual([
      'asha.typed@example.com',
      'asha.account@example.com',
    ]);
  });

  it("is mailed at its account's address when the request gave none, only once verified", async () => {
    const verified = await insertUser(database.db, { email: 'verified@example.com' });
    expect((await customerOfRequest(database.db, request(verified.id, null))).mailAddress).toBe(
      'verified@example.com',
    );
    const unverified = await insertUser(database.db, {
      email: 'unverified@example.com',
      emailVerified: false,
    });
    const customer = await customerOfRequest(database.db, request(unverified.id, null));
    expect(customer.mailAddress).toBeNull();
    expect(customer.verifiedAccountAddress).toBeNull();
    expect(addressKeysOf({ customerEmail: null }, customer)).toEqual([]);
  });

  it('has no address at all for a phone sign-in, or a guest who gave none', async () => {
    const phoneAccount = await insertUser(database.db, {
      email: phonePlaceholderEmail('+91 98290 12345'),
      emailVerified: true,
    });
    expect((await customerOfRequest(database.db, request(phoneAccount.id, null))).mailAddress).toBe(
      null,
    );
    expect((await customerOfRequest(database.db, request(null, null))).mailAddress).toBeNull();
  });
});
