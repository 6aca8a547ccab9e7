/**
 * User roles (spec §3, §6). There is no screen to grant or revoke roles; the command line does it
 * through these functions. The admin console lists them (spec §2 Admin).
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { changedFields } from '../../../core/admin/activity';
import { ADMIN_PAGE_SIZE } from '../../../core/admin/admin';
import type { UserRoleValue } from '../../../core/orders/statuses';
import type { Database } from '../../db/client';
import { userRoles, users } from '../../db/schema';
import type { Actor } from '../actor';
import { recordActivity } from '../activity/record';
import { DomainError } from '../errors';
import { pageOffset, requireAdmin } from '../kernel';
import { emailKey } from '../../../core/identity/identity';

export interface RoleChange {
  userId: string;
  email: string;
  changed: boolean;
}

export async function rolesOfUser(db: Database, userId: string): Promise<UserRoleValue[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role);
}

export async function grantRole(
  db: Database,
  actor: Actor,
  input: { email: string; role: UserRoleValue },
): Promise<RoleChange> {
  requireAdmin(actor);
  const user = await findUserByEmail(db, input.email);
  // docs/requirements.md §15: an account owns its address only once verified. Otherwise whoever signed up
  // first with a staff member's address would receive the role the owner meant for that person.
  if (!user.emailVerified) {
    throw new DomainError(
      'conflict',
      `The account ${user.email} has not verified its e-mail address yet. Ask them to open the link in the verification e-mail, then grant the role again.`,
    );
  }
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(userRoles)
      .values({ userId: user.id, role: input.role })
      .onConflictDoNothing({ target: [userRoles.userId, userRoles.role] })
      .returning({ id: userRoles.id });
    const changed = inserted.length > 0;
    // docs/requirements.md §12: the command line is an actor too; a role already held is no change
    if (changed) await recordRoleChange(tx, actor, user.email, input.role, 'granted');
    return { userId: user.id, email: user.email, changed };
  });
}

export async function revokeRole(
  db: Database,
  actor: Actor,
  input: { email: string; role: UserRoleValue },
): Promise<RoleChange> {
  requireAdmin(actor);
  const user = await findUserByEmail(db, input.email);
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, input.role)))
      .returning({ id: userRoles.id });
    const changed = deleted.length > 0;
    if (changed) await recordRoleChange(tx, actor, user.email, input.role, 'revoked');
    return { userId: user.id, email: user.email, changed };
  });
}

function recordRoleChange(
  tx: Database,
  actor: Actor,
  email: string,
  role: UserRoleValue,
  change: 'granted' | 'revoked',
) {
  const held = { [`${role}Role`]: 'held' };
  return recordActivity(tx, actor, {
    kind: 'role',
    subject: email,
    summary: `Role ${role} ${change} ${change === 'granted' ? 'to' : 'from'} ${email}`,
    changes: change === 'granted' ? changedFields(null, held) : changedFields(held, null),
  });
}

// The admin tab's label shows a count query, not a count of loaded rows.
export async function countUserRoles(db: Database, actor: Actor): Promise<number> {
  requireAdmin(actor);
  const [row] = await db.select({ value: count() }).from(userRoles);
  return row?.value ?? 0;
}

// spec §7: every list newest first
export async function listUserRoles(db: Database, actor: Actor, input: { page: number }) {
  requireAdmin(actor);
  return db
    .select({
      id: userRoles.id,
      userId: userRoles.userId,
      email: users.email,
      role: userRoles.role,
      createdAt: userRoles.createdAt,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .orderBy(desc(userRoles.createdAt))
    .limit(ADMIN_PAGE_SIZE)
    .offset(pageOffset(input.page));
}

async function findUserByEmail(
  db: Database,
  email: string,
): Promise<{ id: string; email: string; emailVerified: boolean }> {
  const normalised = emailKey(email);
  const [user] = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalised));
  if (!user) {
    throw new DomainError(
      'not_found',
      `No account uses the e-mail address ${normalised}. The person must sign up first.`,
    );
  }
  return user;
}
