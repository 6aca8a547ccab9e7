import type { UserRoleValue } from '../../core/statuses';
import { DomainError } from './errors';

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

/** The signed-in user's id; a visitor gets a 401 (spec §6: the dashboard is for signed-in users). */
export function requireUser(actor: Actor): string {
  if (!actor) throw new DomainError('unauthenticated', 'Please sign in to continue.');
  return actor.userId;
}
