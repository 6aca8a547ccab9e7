import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { insertUser } from '../../../tests/factories';
import { contactMessages } from '../../db/schema';
import type { Actor } from '../actor';
import {
  countContactMessages,
  createContactMessage,
  listContactMessages,
  setContactMessageStatus,
} from './index';

const message = {
  name: 'Priya',
  email: 'priya@example.com',
  subject: 'Hi',
  message: 'Hello',
};

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

  it('refuses the admin list, count and status move to a customer (403) and a visitor (401)', async () => {
    const { db } = database;
    const { id } = await createContactMessage(db, null, message);
    const customer: Actor = { userId: (await insertUser(db)).id, roles: [] };
    const before = await db.select().from(contactMessages).orderBy(contactMessages.id);
    const calls: [string, (actor: Actor) => Promise<unknown>][] = [
      ['countContactMessages', (actor) => countContactMessages(db, actor)],
      ['listContactMessages', (actor) => listContactMessages(db, actor, { page: 1 })],
      [
        'setContactMessageStatus',
        (actor) => setContactMessageStatus(db, actor, { id, status: 'read' }),
      ],
    ];
    for (const [name, call] of calls) {
      await expect(call(customer), name).rejects.toMatchObject({ code: 'forbidden' });
      await expect(call(null), name).rejects.toMatchObject({ code: 'unauthenticated' });
    }
    expect(await db.select().from(contactMessages).orderBy(contactMessages.id)).toEqual(before);
  });

  it('marks a message read, then replied, and never back', async () => {
    const { db } = database;
    const admin: Actor = { userId: (await insertUser(db)).id, roles: ['admin'] };
    const { id } = await createContactMessage(db, null, message);
    await setContactMessageStatus(db, admin, { id, status: 'read' });
    await setContactMessageStatus(db, admin, { id, status: 'replied' });
    await expect(setContactMessageStatus(db, admin, { id, status: 'read' })).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(
      setContactMessageStatus(db, admin, { id: 'not-a-uuid', status: 'read' }),
    ).rejects.toMatchObject({ code: 'not_found', message: 'Message not found' });
  });

  it('counts the messages with a count query and pages them newest first', async () => {
    const { db } = database;
    const admin: Actor = { userId: (await insertUser(db)).id, roles: ['admin'] };
    const { id } = await createContactMessage(db, null, { ...message, subject: 'Newest' });
    const stored = await db.select().from(contactMessages);
    expect(await countContactMessages(db, admin)).toBe(stored.length);
    expect((await listContactMessages(db, admin, { page: 1 }))[0]).toMatchObject({ id });
    expect(await listContactMessages(db, admin, { page: 2 })).toEqual([]);
  });
});
