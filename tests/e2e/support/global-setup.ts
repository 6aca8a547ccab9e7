/**
 * Once per journey run: a migrated PostgreSQL database for the journeys that start a shop server
 * of their own to clone (`createScratchDatabase(prefix, { migrated: true })`), instead of each
 * server migrating an empty database at start (docs/testing.md). Without a PostgreSQL server the
 * clones start empty, as before, and those journeys fail as they always did there.
 */
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../../server/db/client';
import { runMigrations } from '../../../server/db/migrate';
import { databaseUrlFor } from '../../support/postgres-admin';
import { postgresServer, withPostgres } from './postgres';

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  const name = `storefront_e2e_template_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  try {
    await withPostgres((client) => client.query(`create database ${name}`));
  } catch {
    return undefined;
  }
  const database = await openDatabase(databaseUrlFor(postgresServer, name));
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  process.env.E2E_MIGRATED_TEMPLATE = name;
  return async () => {
    await withPostgres((client) => client.query(`drop database if exists ${name} with (force)`));
  };
}
