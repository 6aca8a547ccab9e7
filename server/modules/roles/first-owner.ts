/**
 * docs/requirements.md §19: the admin role of the shop's first owner, granted by the first-run setup (the flow
 * server/flows/set-up-owner.ts, which has checked the setup link). Later owners get the role from
 * the command line (grantRole).
 */
import { eq, sql } from 'drizzle-orm';
import { changedFields } from '../../../core/admin/activity';
import type { Database } from '../../db/client';
import { userRoles } from '../../db/schema';
import { recordActivity } from '../activity/record';

/** Whether any account has the admin role: while none has, the setup link is printed and open. */
export async function adminExists(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'))
    .limit(1);
  return Boolean(row);
}

/**
 * Holds the first owner's place until `tx` ends, and answers whether an admin exists already: two
 * setups at once (two processes, each with its own link) make one owner, the other sees the first.
 */
export async function lockFirstOwner(tx: Database): Promise<{ adminExists: boolean }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('first-owner'))`);
  return { adminExists: await adminExists(tx) };
}

/** The admin role of the account the setup just made, in the setup's transaction. */
export async function grantFirstOwnerRole(
  tx: Database,
  owner: { userId: string; email: string },
): Promise<void> {
  await tx.insert(userRoles).values({ userId: owner.userId, role: 'admin' });
  // docs/requirements.md §12: the activity log names who did it; here the new owner made their own account
  await recordActivity(
    tx,
    { userId: owner.userId, roles: ['admin'] },
    {
      kind: 'role',
      subject: owner.email,
      summary: `Role admin granted to ${owner.email} by the first-run setup`,
      changes: changedFields(null, { adminRole: 'held' }),
    },
  );
}
