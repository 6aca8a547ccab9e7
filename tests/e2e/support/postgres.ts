/**
 * PostgreSQL for journeys that start a server of their own on a real database and then look at
 * the rows it wrote.
 */
import pg from 'pg';
import { openDatabase } from '../../../server/db/client';
import { commandLineOperator } from '../../../server/modules/actor';
import { grantRole } from '../../../server/modules/roles';
import { databaseUrlFor } from '../../support/postgres-admin';

export const postgresServer =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export async function withPostgres<T>(
  work: (client: pg.Client) => Promise<T>,
  url: string = postgresServer,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Stands for the customer opening the verification link mailed at sign-up (the auth journeys open
 * the real one): the owner grants roles only to verified accounts (docs/requirements.md §15).
 */
export async function markEmailVerified(databaseUrl: string, email: string): Promise<void> {
  await withPostgres(
    (client) =>
      client.query('update users set email_verified = true where lower(email) = lower($1)', [
        email,
      ]),
    databaseUrl,
  );
}

/**
 * The admin role, granted by the roles module's `grantRole` as the command-line operator: what
 * `npm run admin -- grant-admin <email>` calls, without starting a TypeScript process per journey
 * (the command itself is tested in server/admin-cli.test.ts and tests/e2e/startup.spec.ts).
 */
export async function grantAdminRole(databaseUrl: string, email: string): Promise<void> {
  await markEmailVerified(databaseUrl, email);
  const database = await openDatabase(databaseUrl);
  try {
    const change = await grantRole(database.db, commandLineOperator, { email, role: 'admin' });
    if (!change.changed) throw new Error(`${email} was already an admin`);
  } finally {
    await database.close();
  }
}

/**
 * The migrated database tests/e2e/support/global-setup.ts made once for the run, when the
 * PostgreSQL server answers; a scratch database cloned from it starts in milliseconds where a
 * server migrating an empty one takes seconds (docs/testing.md).
 */
const migratedTemplate = process.env.E2E_MIGRATED_TEMPLATE;

/**
 * A new database on the server; `drop` removes it again. Empty by default, as a first start
 * meets it; `migrated: true` clones the run's migrated template, which the server's own start-up
 * migration then finds up to date.
 */
export async function createScratchDatabase(
  prefix: string,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const template = migrated && migratedTemplate ? ` template ${migratedTemplate}` : '';
  await withPostgres((client) => client.query(`create database ${name}${template}`));
  return {
    name,
    url: databaseUrlFor(postgresServer, name),
    drop: () =>
      withPostgres((client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}
