/**
 * What the passkey screens say (docs/decisions/022): zod-free, so that the sign-in page's first load
 * carries only these few strings and the WebAuthn code loads on the button's click.
 */
import { formatLongDate } from '../time/dates';

export const PASSKEY_SIGN_IN_LABEL = 'Sign in with a passkey';
export const ADD_PASSKEY_LABEL = 'Add a passkey';
export const PASSKEY_NAME_LABEL = 'Passkey name (optional)';
/**
 * docs/decisions/022 (amended): adding a passkey asks for the current password, or a code of the
 * authenticator app when two-factor is on, as changing the e-mail does.
 */
export const PASSKEY_CURRENT_PASSWORD_LABEL = 'Current Password';
export const PASSKEY_PASSWORD_OR_CODE_LABEL = 'Current Password or authenticator code';
export const PASSKEY_REAUTHENTICATION_REQUIRED_MESSAGE =
  'Enter your current password again to add a passkey.';
export const PASSKEY_PASSWORD_OR_CODE_WRONG_MESSAGE = 'Invalid password or code';
/** Shown for a passkey added without a name. */
export const UNNAMED_PASSKEY = 'Passkey';

/** The server's refusals that the sign-in screen words for people (server/auth). */
export const PASSKEY_USER_NOT_VERIFIED_MESSAGE =
  'Your device did not check that it is you (PIN, fingerprint or face). Unlock the passkey with it and try again.';

export const passkeyToasts = {
  added: { title: 'Passkey added', description: 'You can now sign in with it in one tap.' },
  removed: { title: 'Passkey removed' },
  notAdded: (description: string) => ({
    title: 'Passkey not added',
    description,
    variant: 'destructive' as const,
  }),
  signInFailed: (description: string) => ({
    title: 'Sign In Error',
    description,
    variant: 'destructive' as const,
  }),
} as const;

export const passkeyProblems = {
  /** The credential is not (or no longer) on any account here: it was removed, or never added. */
  unknown:
    'This passkey is not linked to an account here any more. Sign in with your password or a one-time code, then add a new passkey.',
  cancelled: 'The passkey request was cancelled or timed out. Please try again.',
  unsupported:
    'This browser cannot use passkeys. Sign in with your password or a one-time code instead.',
  alreadyAdded: 'This device already holds a passkey for your account.',
  /** A passkey answer for another shop's address, or one already added to an account here. */
  refused: 'This passkey could not be added. Please try again on this site.',
  failed: 'Something went wrong with the passkey. Please try again.',
  notLoaded: 'Could not start the passkey request. Check your connection and try again.',
  userNotVerified: PASSKEY_USER_NOT_VERIFIED_MESSAGE,
} as const;

/** "Added November 27, 2026" (spec §2's long date). */
export function passkeyAddedOn(date: Date | string): string {
  return `Added ${formatLongDate(date)}`;
}
