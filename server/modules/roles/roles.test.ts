import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { commandLineOperator, type Actor } from '../actor';
import { DomainError } from '../errors';
import { countUserRoles, grantRole, listUserRoles, revokeRole, rolesOfUser } from '.';

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

  it('refuses a visitor (401) and a non-admin (403) every role read and write, and changes nothing', async () => {
    const { db } = database;
    const customer: Actor = { userId: (await insertUser(db)).id, roles: [] };
    const target = await insertUser(db);
    await grantRole(db, commandLineOperator, { email: target.email, role: 'admin' });
    const calls: [string, (actor: Actor) => Promise<unknown>][] = [
      ['grantRole', (actor) => grantRole(db, actor, { email: target.email, role: 'admin' })],
      ['revokeRole', (actor) => revokeRole(db, actor, { email: target.email, role: 'admin' })],
      ['countUserRoles', (actor) => countUserRoles(db, actor)],
      ['listUserRoles', (actor) => listUserRoles(db, actor, { page: 1 })],
    ];
    for (const [name, call] of calls) {
      await expect(call(customer), name).rejects.toBeInstanceOf(DomainError);
      await expect(call(customer), name).rejects.toMatchObject({ code: 'forbidden' });
      await expect(call(null), name).rejects.toMatchObject({ code: 'unauthenticated' });
    }
    expect(await rolesOfUser(db, target.id)).toEqual(['admin']);
  });

  it('lists and counts the roles newest first, with the e-mail of each account', async () => {
    const { db } = database;
    const user = await insertUser(db, { email: 'listed@example.com' });
    await grantRole(db, commandLineOperator, { email: user.email, role: 'admin' });
    const listed = await listUserRoles(db, commandLineOperator, { page: 1 });
    expect(listed[0]).toMatchObject({
      userId: user.id,
      email: 'listed@example.com',
      role: 'admin',
    });
    expect(await countUserRoles(db, commandLineOperator)).toBe(listed.length);
  });
});
