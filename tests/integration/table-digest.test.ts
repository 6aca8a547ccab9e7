/**
 * The digest the "nothing changed" tests compare (tests/support/table-digest.ts): it must change
 * with any added, changed or removed row, and only with the rows its source names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import { tableDigests } from '../support/table-digest';

describe(`table digests on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  const sql = async <T>(text: string, values: unknown[] = []): Promise<T[]> =>
    database.driver.kind === 'pglite'
      ? (await database.driver.client.query<T>(text, values)).rows
      : ((await database.driver.pool.query(text, values)).rows as T[]);
  const digests = () =>
    tableDigests(
      sql,
      [
        'contact_messages',
        { name: "Kabir's messages", table: 'contact_messages', where: 't.email = $1' },
      ],
      ['kabir@example.com'],
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    await sql(
      `insert into contact_messages (name, email, subject, message) values
       ('Kabir Sen', 'kabir@example.com', 'Bulk order', 'Twenty urlis.'),
       ('Meera Shah', 'meera@example.com', 'Custom size', 'A larger Ganesh.')`,
    );
  });
  afterAll(() => database?.destroy());

  it('stays the same while nothing is written, and names its sources', async () => {
    const before = await digests();
    expect(Object.keys(before)).toEqual(['contact_messages', "Kabir's messages"]);
    expect(before.contact_messages).toMatch(/^2 rows, [0-9a-f]{32}$/);
    expect(before["Kabir's messages"]).toMatch(/^1 rows, [0-9a-f]{32}$/);
    expect(await digests()).toEqual(before);
  });

  it('changes with a changed, an added and a removed row', async () => {
    let before = await digests();
    await sql(
      `update contact_messages set subject = 'Bulk order!' where email = 'kabir@example.com'`,
    );
    let after = await digests();
    expect(after.contact_messages).not.toBe(before.contact_messages);
    expect(after["Kabir's messages"]).not.toBe(before["Kabir's messages"]);

    before = after;
    await sql(
      `insert into contact_messages (name, email, subject, message)
       values ('Asha Rao', 'asha@example.com', 'Delivery', 'To Udaipur?')`,
    );
    after = await digests();
    expect(after.contact_messages).not.toBe(before.contact_messages);
    // Another customer's row is not in Kabir's source.
    expect(after["Kabir's messages"]).toBe(before["Kabir's messages"]);

    before = after;
    await sql(`delete from contact_messages where email = 'meera@example.com'`);
    after = await digests();
    expect(after.contact_messages).not.toBe(before.contact_messages);
    expect(after.contact_messages).toMatch(/^2 rows, /);
  });
});
