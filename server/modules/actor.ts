import type { UserRoleValue } from '../../core/statuses';

/** Who is acting (DESIGN.md §3): a signed-in user with their roles, or null for a visitor. */
export type Actor = { userId: string; roles: readonly UserRoleValue[] } | null;

/**
 * The operator at the server's command line (`npm run admin`). Shell access to the server already
 * grants everything, so the command line acts with the admin role.
 */
export const commandLineOperator: Actor = { userId: 'command-line', roles: ['admin'] };

export function isAdmin(actor: Actor): boolean {
  return actor?.roles.includes('admin') ?? false;
}
