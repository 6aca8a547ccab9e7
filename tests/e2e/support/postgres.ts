/**
 * PostgreSQL for journeys that start a server of their own on a real database and then look at
 * the rows it wrote.
 */
import pg from 'pg';
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

/** A new, empty database on the server; `drop` removes it again. */
export async function createScratchDatabase(
  prefix: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await withPostgres((client) => client.query(`create database ${name}`));
  return {
    name,
    url: databaseUrlFor(postgresServer, name),
    drop: () =>
      withPostgres((client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}
