/**
 * The shared kernel of the domain modules (docs/design.md §3): the checks every module makes before it
 * works, in one place so that every module answers a visitor, a non-admin, a bad id and bad input
 * the same way.
 */
import { z, type ZodType } from 'zod';
import { ADMIN_PAGE_SIZE } from '../../core/admin/admin';
import type { ApiScope } from '../../core/api/api-access';
import { isAdmin, type Actor } from './actor';
import { DomainError } from './errors';

/** The signed-in user's id; a visitor gets a 401 (spec §6: the dashboard is for signed-in users). */
export function requireUser(actor: Actor): string {
  const userId = signedInUser(actor);
  // docs/requirements.md §11: an owner's API key acts for the shop; a customer's own rows are not its to reach.
  if (actor?.apiKey) {
    throw new DomainError('forbidden', 'API keys act for the shop, not for a customer account.');
  }
  return userId;
}

function signedInUser(actor: Actor): string {
  if (!actor) throw new DomainError('unauthenticated', 'Please sign in to continue.');
  return actor.userId;
}

/**
 * spec §6: the admin role, checked on the server. A visitor is asked to sign in (401), a signed-in
 * user without the role is refused (403).
 */
export function requireAdmin(actor: Actor, scope?: ApiScope): string {
  const userId = signedInUser(actor);
  if (!isAdmin(actor)) {
    throw new DomainError('forbidden', 'You do not have administrator privileges.');
  }
  // docs/requirements.md §11: an API key reaches only the owner functions that name a scope it holds; a function
  // that names none is for the owner's own session, so a key fails closed there.
  if (actor?.apiKey && !(scope && actor.apiKey.scopes.includes(scope))) {
    throw new DomainError(
      'forbidden',
      scope ? `This API key lacks the ${scope} scope.` : 'This operation is not open to API keys.',
    );
  }
  return userId;
}

const uuidKey = z.uuid();

/**
 * A row's id from a request. PostgreSQL refuses to compare a uuid column with other text (a 500),
 * so an id of another shape is "<what> not found" before any query, like a row that does not
 * exist. Products are keyed by their slug: pass `rowKey` (core/form-text) as the shape.
 */
export function requireRowId(id: unknown, what: string, shape: ZodType<string> = uuidKey): string {
  const parsed = shape.safeParse(id);
  if (!parsed.success) throw new DomainError('not_found', `${what} not found`);
  return parsed.data;
}

/** Parses input with its shared schema (core/); the first problem becomes an `invalid` error. */
export function parseInput<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new DomainError('invalid', parsed.error.issues[0]?.message ?? 'Invalid input');
  }
  return parsed.data;
}

/** The row offset of an admin list's page; a page below 1 or not a number is the first. */
export function pageOffset(page: number): number {
  return (Math.max(1, Math.trunc(page) || 1) - 1) * ADMIN_PAGE_SIZE;
}
