/**
 * The shop owner's command line: `npm run admin -- grant-admin <email>` and `revoke-admin <email>`.
 * It opens the configured database (DATABASE_URL), applies pending migrations, and calls the roles
 * module as the command-line operator.
 */
import { runDatabaseCommand } from './cli-support';
import { commandLineOperator } from './modules/actor';
import { DomainError } from './modules/errors';
import { grantRole, revokeRole } from './modules/roles';

const usage = `Usage:
  npm run admin -- grant-admin <email>   give an account the admin role
  npm run admin -- revoke-admin <email>  take the admin role away`;

const [command, email] = process.argv.slice(2);
if ((command !== 'grant-admin' && command !== 'revoke-admin') || !email) {
  console.error(usage);
  process.exit(2);
}

runDatabaseCommand(async ({ db }) => {
  try {
    const change =
      command === 'grant-admin'
        ? await grantRole(db, commandLineOperator, { email, role: 'admin' })
        : await revokeRole(db, commandLineOperator, { email, role: 'admin' });
    const verb = command === 'grant-admin' ? 'is now an admin' : 'is no longer an admin';
    const already = command === 'grant-admin' ? 'was already an admin' : 'was not an admin';
    console.log(`${change.email} ${change.changed ? verb : already}.`);
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
});
