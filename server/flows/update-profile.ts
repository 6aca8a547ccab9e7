/**
 * spec §7 "update profile": the account module saves the profile; the account's name, in Better
 * Auth's `users` table that server/auth alone writes, follows the display name so mails and the
 * header greet the same person (docs/design.md §3: one writer per table; §6 flows). One transaction.
 */
import { setAccountName } from '../auth/account-name';
import type { Database } from '../db/client';
import { getProfile, saveProfile, type Profile } from '../modules/account';
import type { Actor } from '../modules/actor';

export async function updateProfile(
  db: Database,
  actor: Actor,
  input: unknown,
  options: { keepOmittedFields?: boolean } = {},
): Promise<Profile> {
  await db.transaction(async (tx) => {
    const saved = await saveProfile(tx, actor, input, options);
    if (saved.displayName && actor) await setAccountName(tx, actor.userId, saved.displayName);
  });
  return getProfile(db, actor);
}
