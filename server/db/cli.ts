/**
 * Database chores for the shop owner: `npm run db:migrate` applies pending migrations and
 * `npm run db:seed [-- --force]` loads the demo catalogue of content/catalog.ts. The server does
 * both on start-up; these are for preparing a database before the first start or after editing
 * the catalogue. Both open the database named by DATABASE_URL.
 */
import { runDatabaseCommand } from '../cli-support';
import { countOf } from '../../core/forms/plurals';
import { seedCatalog } from './seed/catalog';

const usage = `Usage:
  npm run db:migrate              apply pending migrations
  npm run db:seed [-- --force]    load the demo catalogue (--force: again, adding only new products)`;

const [command, ...flags] = process.argv.slice(2);
if (command !== 'migrate' && command !== 'seed') {
  console.error(usage);
  process.exit(2);
}

runDatabaseCommand(async (database) => {
  if (command === 'migrate') {
    console.log(`Migrations applied to the ${database.kind} database.`);
    return 0;
  }
  const result = await seedCatalog(database.db, { force: flags.includes('--force') });
  console.log(
    result.skipped
      ? 'The demo catalogue was loaded before; nothing to do (use --force to add new products).'
      : `Added ${countOf(result.productsInserted, 'product')} and ${countOf(result.mediaInserted, 'image')}.`,
  );
  return 0;
});
