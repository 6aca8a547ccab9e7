/**
 * spec §7 "update profile": the account's name follows the display name in the same transaction,
 * so the header and the mails greet the person by the name they gave; a refused change writes
 * neither.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/database';
import { profiles, users } from '../db/schema';
import { updateProfile } from './update-profile';

describe(`updating a profile on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  const accountName = async (userId: string) =>
    (await database.db.select({ name: users.name }).from(users).where(eq(users.id, userId)))[0]
      ?.name;

  it('renames the account with the display name, and leaves it when only the phone changes', async () => {
    const user = await insertUser(database.db, { name: 'asha' });
    const actor = { userId: user.id, roles: [] };
    await updateProfile(database.db, actor, { displayName: ' Asha Rao ', phone: '' });
    expect(await accountName(user.id)).toBe('Asha Rao');
    await updateProfile(
      database.db,
      actor,
      { phone: '+91 98290 11111' },
      { keepOmittedFields: true },
    );
    expect(await accountName(user.id)).toBe('Asha Rao');
  });

  it('writes neither the profile nor the name when the change is refused', async () => {
    const user = await insertUser(database.db, { name: 'Bala' });
    const actor = { userId: user.id, roles: [] };
    await expect(
      updateProfile(database.db, actor, { displayName: 'Bala K', phone: 'call me' }),
    ).rejects.toMatchObject({ code: 'invalid' });
    await expect(updateProfile(database.db, null, { displayName: 'X' })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    expect(await accountName(user.id)).toBe('Bala');
    const rows = await database.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(rows).toEqual([]);
  });
});
