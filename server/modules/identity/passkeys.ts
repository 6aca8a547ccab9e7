/**
 * docs/requirements.md §19: the security page's passkeys, listed and removed through Better Auth's passkey
 * plugin on the server. Adding one and signing in with one are WebAuthn ceremonies the browser
 * runs against /api/auth/passkey/* (app/components/account/passkey-client.ts). Every call is made
 * with the request's own session: a passkey is only ever listed or removed for its own account.
 */
import { isAPIError } from 'better-auth/api';
import { removePasskeySchema } from '../../../core/identity/passkeys';
import type { Auth } from '../../auth';
import { DomainError } from '../errors';
import { parseInput } from '../kernel';
import { copyAuthReplyHeaders, type IdentityExchange } from './index';

/** A passkey as its owner sees it on the security page. */
export interface PasskeyView {
  id: string;
  name: string | null;
  /** ISO 8601: when it was added. */
  addedAt: string;
}

async function passkeysOf(auth: Auth, exchange: IdentityExchange) {
  try {
    const { headers, response } = await auth.api.listPasskeys({
      headers: exchange.headers,
      returnHeaders: true,
    });
    copyAuthReplyHeaders(headers, exchange.replyHeaders);
    return response;
  } catch (error) {
    // The plugin checks the session before it reads anything.
    if (isAPIError(error) && error.statusCode === 401) {
      throw new DomainError('unauthenticated', 'Please sign in');
    }
    throw error;
  }
}

/** The signed-in account's passkeys, newest first. */
export async function listOwnPasskeys(
  auth: Auth,
  exchange: IdentityExchange,
): Promise<PasskeyView[]> {
  const passkeys = await passkeysOf(auth, exchange);
  return passkeys
    .map((passkey) => ({
      id: passkey.id,
      name: passkey.name?.trim() || null,
      addedAt: new Date(passkey.createdAt).toISOString(),
    }))
    .sort((a, b) => b.addedAt.localeCompare(a.addedAt));
}

/**
 * Removes one of the signed-in account's passkeys. Another account's passkey (or an id that does
 * not exist) is "not found" and nothing is touched: the id is looked for among the actor's own
 * passkeys first, so it never reaches the delete.
 */
export async function removeOwnPasskey(
  auth: Auth,
  exchange: IdentityExchange,
  fields: unknown,
): Promise<void> {
  const { passkeyId } = parseInput(removePasskeySchema, fields);
  const own = await passkeysOf(auth, exchange);
  if (!own.some((passkey) => passkey.id === passkeyId)) {
    throw new DomainError('not_found', 'Passkey not found');
  }
  const { headers } = await auth.api.deletePasskey({
    body: { id: passkeyId },
    headers: exchange.headers,
    returnHeaders: true,
  });
  copyAuthReplyHeaders(headers, exchange.replyHeaders);
}
