import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { commandLineOperator } from '../actor';
import { DomainError } from '../errors';
import { grantRole, revokeRole, rolesOfUser } from '.';

describe(`roles on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('grants the admin role once, matching the e-mail without case, and revokes it', async () => {
    const { db } = database;
    const user = await insertUser(db, { email: 'owner@example.com' });
    const first = await grantRole(db, commandLineOperator, {
      email: ' Owner@Example.com ',
      role: 'admin',
    });
    const second = await grantRole(db, commandLineOperator, {
      email: 'owner@example.com',
      role: 'admin',
    });
    expect(first).toMatchObject({ userId: user.id, changed: true });
    expect(second.changed).toBe(false);
    expect(await rolesOfUser(db, user.id)).toEqual(['admin']);

    const revoked = await revokeRole(db, commandLineOperator, {
      email: 'owner@example.com',
      role: 'admin',
    });
    expect(revoked.changed).toBe(true);
    expect(await rolesOfUser(db, user.id)).toEqual([]);
  });

  it('refuses the role to an account that has not verified its e-mail, and grants nothing', async () => {
    const db = database.db;
    const user = await insertUser(db, { email: 'staff@example.com', emailVerified: false });
    await expect(
      grantRole(db, commandLineOperator, { email: 'staff@example.com', role: 'admin' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await rolesOfUser(db, user.id)).toEqual([]);
  });

  it('refuses an unknown e-mail with not_found', async () => {
    await expect(
      grantRole(database.db, commandLineOperator, { email: 'nobody@example.com', role: 'admin' }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses anyone but an admin, and changes nothing', async () => {
    const { db } = database;
    const customer = await insertUser(db);
    const target = await insertUser(db);
    for (const actor of [null, { userId: customer.id, roles: [] }]) {
      const attempt = grantRole(db, actor, { email: target.email, role: 'admin' });
      await expect(attempt).rejects.toBeInstanceOf(DomainError);
      await expect(attempt).rejects.toMatchObject({ code: 'forbidden' });
    }
    expect(await rolesOfUser(db, target.id)).toEqual([]);
  });
});
