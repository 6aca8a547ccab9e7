/**
 * docs/decisions/022: the inputs of the passkey screens, one schema each for the browser and the server,
 * and the limits on what a WebAuthn answer may carry into the passkeys table.
 */
import { z } from 'zod';
import { hasOnlyVisibleCharacters, INVISIBLE_CHARACTERS_MESSAGE } from '../forms/form-text';
import { NAME_MAX_LENGTH } from './identity';

export * from './passkey-texts';

/** A passkey's name as its owner types it; empty means unnamed. No invisible characters. */
export const passkeyNameSchema = z
  .string()
  .refine(hasOnlyVisibleCharacters, INVISIBLE_CHARACTERS_MESSAGE)
  .trim()
  .max(NAME_MAX_LENGTH, `Passkey name must be at most ${NAME_MAX_LENGTH} characters`);

export const addPasskeySchema = z.object({ name: passkeyNameSchema.optional() });

const CURRENT_PASSWORD_MISSING = 'Enter your current password';

/**
 * The step before adding a passkey (docs/decisions/022, amended): the current password, or with
 * two-factor on a 6-digit code of the authenticator app in the same field (no password the shop
 * accepts is six digits: core/identity/password-rules.ts).
 */
export const passkeyReauthenticationSchema = z.object({
  currentPassword: z
    .string({ error: CURRENT_PASSWORD_MISSING })
    .min(1, CURRENT_PASSWORD_MISSING)
    .max(128, 'Invalid password'),
});

/** A code of the authenticator app rather than a password (see passkeyReauthenticationSchema). */
export function isAuthenticatorCode(text: string): boolean {
  return /^\d{6}$/.test(text);
}

/** The security page's "Remove" of one passkey. */
export const removePasskeySchema = z.object({
  passkeyId: z.string().trim().min(1, 'Choose a passkey').max(200, 'Unknown passkey'),
});

/**
 * The WebAuthn answer a browser posts to /passkey/verify-*: Better Auth takes it as any object and
 * stores its transports and credential id as they come, so their sizes are held here (docs/requirements.md §14
 * finding 6). A real answer is a few kilobytes; 64 KB leaves room for attestation certificates.
 */
export const PASSKEY_RESPONSE_MAX_BYTES = 64 * 1024;
const KNOWN_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'];

export const passkeyResponseSchema = z
  .looseObject({
    // WebAuthn §4: a credential id is at most 1023 bytes, 1364 characters in base64url.
    id: z.string().max(1364, 'Unknown passkey').optional(),
    response: z
      .looseObject({
        transports: z
          .array(z.enum(KNOWN_TRANSPORTS as [string, ...string[]]))
          .max(KNOWN_TRANSPORTS.length)
          .optional(),
      })
      .optional(),
  })
  .refine(
    (answer) => JSON.stringify(answer).length <= PASSKEY_RESPONSE_MAX_BYTES,
    'The passkey answer is too large',
  );
