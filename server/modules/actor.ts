import type { ApiScope } from '../../core/api/api-access';
import type { UserRoleValue } from '../../core/orders/statuses';

/**
 * Who is acting (docs/design.md §3): a signed-in user with their roles, or null for a visitor. An
 * owner's API key (docs/requirements.md §11) acts as the owner who made it, limited to the key's `scopes`; a
 * session has no `scopes` and is limited by its roles alone.
 */
export type Actor = {
  userId: string;
  roles: readonly UserRoleValue[];
  apiKey?: { id: string; scopes: readonly ApiScope[] };
} | null;

/**
 * The operator at the server's command line (`npm run admin`). Shell access to the server already
 * grants everything, so the command line acts with the admin role.
 */
export const commandLineOperator: Actor = { userId: 'command-line', roles: ['admin'] };

export function isAdmin(actor: Actor): boolean {
  return actor?.roles.includes('admin') ?? false;
}
