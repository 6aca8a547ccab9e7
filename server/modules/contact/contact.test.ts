import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { contactMessages } from '../../db/schema';
import { createContactMessage } from './index';

describe(`contact messages on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('stores a contact message as unread, trimmed; an invalid one not at all', async () => {
    const { db } = database;
    const { id } = await createContactMessage(db, null, {
      name: ' Ravi ',
      email: 'ravi@example.com',
      subject: 'Bulk diyas',
      message: ' Two hundred diyas for a wedding. ',
    });
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({
      name: 'Ravi',
      status: 'unread',
      message: 'Two hundred diyas for a wedding.',
    });
    await expect(
      createContactMessage(db, null, {
        name: '',
        email: 'x@example.com',
        subject: 's',
        message: 'm',
      }),
    ).rejects.toThrow('Name is required');
    expect(await db.select().from(contactMessages)).toHaveLength(1);
  });
});
