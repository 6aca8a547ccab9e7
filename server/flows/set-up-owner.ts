/**
 * docs/requirements.md §19: the first-run setup. The holder of the one-time link printed at start-up makes the
 * shop's owner account: verified, with the admin role, in one transaction; then is signed in as
 * Better Auth's own sign-in does it (its session cookie in the reply's headers). The account is
 * Better Auth's tables (server/auth) and the role the roles module's: this flow has each write its
 * own.
 */
import { ownerSetupSchema } from '../../core/identity/owner-setup';
import type { Auth } from '../auth';
import { createOwnerAccount } from '../auth/owner-account';
import type { Database } from '../db/client';
import { DomainError } from '../modules/errors';
import { signIn, type IdentityExchange } from '../modules/identity';
import type { OwnerSetupLink } from '../modules/identity/owner-setup-link';
import { parseInput } from '../modules/kernel';
import { adminExists, grantFirstOwnerRole, lockFirstOwner } from '../modules/roles/first-owner';

/**
 * Whether `token` opens the setup page: the link admits it and no account has the admin role
 * (one granted from the command line while the server runs closes the link too).
 */
export async function ownerSetupOpen(
  db: Database,
  link: OwnerSetupLink | null,
  token: unknown,
): Promise<boolean> {
  if (!link?.admits(token)) return false;
  if (await adminExists(db)) {
    link.close();
    return false;
  }
  return true;
}

/** Throws the site's "not found" unless `token` opens the setup page (see ownerSetupOpen). */
export async function requireOwnerSetup(
  db: Database,
  link: OwnerSetupLink | null,
  token: unknown,
): Promise<void> {
  if (!(await ownerSetupOpen(db, link, token))) {
    throw new DomainError('not_found', 'Page not found');
  }
}

export async function setUpOwner(
  db: Database,
  auth: Auth,
  link: OwnerSetupLink | null,
  exchange: IdentityExchange,
  input: { token: unknown; fields: unknown },
): Promise<{ userId: string; email: string }> {
  // docs/requirements.md §19: the token is the authorisation, checked before the fields are looked at
  if (!link) throw new DomainError('not_found', 'Page not found');
  const claim = link.claim(input.token);
  let owner: { userId: string; email: string };
  let fields: { email: string; password: string };
  try {
    const parsed = parseInput(ownerSetupSchema, input.fields);
    fields = parsed;
    owner = await db.transaction(async (tx) => {
      const { adminExists: taken } = await lockFirstOwner(tx);
      if (taken) {
        // docs/decisions/023: once any admin exists the link is dead
        claim.spend();
        throw new DomainError('not_found', 'Page not found');
      }
      const account = await createOwnerAccount(tx, parsed);
      await grantFirstOwnerRole(tx, account);
      return account;
    });
  } catch (error) {
    // Bad input or a failure made nothing: the same link may try again.
    claim.release();
    throw error;
  }
  // docs/requirements.md §19: single use
  claim.spend();
  await signIn(auth, exchange, { email: fields.email, password: fields.password });
  return owner;
}
