/**
 * Limits on what a request to Better Auth may carry (docs/requirements.md §14: a 5,000,000-character
 * name was stored). Better Auth checks the types of its fields but not their lengths, so the
 * server checks these in its `hooks.before`, for HTTP calls and `auth.api` calls alike, before
 * anything is counted, hashed, stored or mailed.
 */
import { z } from 'zod';
import { hasOnlyVisibleCharacters, INVISIBLE_CHARACTERS_MESSAGE } from '../forms/form-text';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './identity';

/** Longest accepted value of each field Better Auth reads from a body or a query. */
export const AUTH_FIELD_LIMITS = {
  // Stored on the user.
  name: NAME_MAX_LENGTH,
  email: EMAIL_MAX_LENGTH,
  newEmail: EMAIL_MAX_LENGTH,
  image: 2000,
  phoneNumber: 20,
  // Hashed; Better Auth's own ceiling for a new password, and no stored one is longer.
  password: PASSWORD_MAX_LENGTH,
  newPassword: PASSWORD_MAX_LENGTH,
  currentPassword: PASSWORD_MAX_LENGTH,
  // Put into the links the shop mails.
  callbackURL: 2000,
  errorCallbackURL: 2000,
  newUserCallbackURL: 2000,
  redirectTo: 2000,
  // One-time codes, backup codes and the tokens of links.
  otp: 32,
  code: 32,
  token: 2000,
  type: 32,
  issuer: 100,
} as const;

/** Any other text field, such as one a plugin or an upgrade adds. */
export const AUTH_OTHER_FIELD_MAX_LENGTH = 2000;

const labels: Record<keyof typeof AUTH_FIELD_LIMITS, string> = {
  name: 'Name',
  email: 'Email',
  newEmail: 'Email',
  image: 'Image address',
  phoneNumber: 'Phone number',
  password: 'Password',
  newPassword: 'Password',
  currentPassword: 'Password',
  callbackURL: 'Callback address',
  errorCallbackURL: 'Callback address',
  newUserCallbackURL: 'Callback address',
  redirectTo: 'Redirect address',
  otp: 'Code',
  code: 'Code',
  token: 'Token',
  type: 'Type',
  issuer: 'Issuer',
};

function limitMessage(field: keyof typeof AUTH_FIELD_LIMITS): string {
  // The sign-up form's own message for the name (core/identity/identity.ts signUpSchema).
  if (field === 'name') return `Name must be less than ${NAME_MAX_LENGTH} characters`;
  return `${labels[field]} must be at most ${AUTH_FIELD_LIMITS[field]} characters`;
}

/**
 * The fields stored and shown as a name: an account's (sign-up) and a passkey's
 * (/passkey/verify-registration). Their invisible characters are refused, as the forms refuse
 * them (docs/requirements.md §14, core/forms/form-text.ts).
 */
const NAME_FIELDS: readonly string[] = ['name'];

const limitedFields = Object.fromEntries(
  Object.entries(AUTH_FIELD_LIMITS).map(([field, max]) => {
    // Absent, null or text within its limit; Better Auth itself checks what the text must be.
    const text = z.string().max(max, limitMessage(field as keyof typeof AUTH_FIELD_LIMITS));
    return [
      field,
      (NAME_FIELDS.includes(field)
        ? text.refine(hasOnlyVisibleCharacters, INVISIBLE_CHARACTERS_MESSAGE)
        : text
      ).nullish(),
    ];
  }),
) as { [Field in keyof typeof AUTH_FIELD_LIMITS]: z.ZodOptional<z.ZodNullable<z.ZodString>> };

export const authRequestFieldsSchema = z
  .object(limitedFields)
  .catchall(
    z
      .unknown()
      .refine(
        (value) => typeof value !== 'string' || value.length <= AUTH_OTHER_FIELD_MAX_LENGTH,
        `Each field must be at most ${AUTH_OTHER_FIELD_MAX_LENGTH} characters`,
      ),
  );

export const PHONE_NUMBER_BY_CODE_ONLY_MESSAGE =
  'A phone number is added by signing in with a code sent to it';

/**
 * The first problem of a request to Better Auth (`path` is the endpoint's, such as
 * "/sign-up/email"), or null when its fields are within their limits.
 */
export function authRequestProblem(
  path: string,
  ...fieldSets: (Record<string, unknown> | null | undefined)[]
): string | null {
  for (const fields of fieldSets) {
    if (!fields || typeof fields !== 'object') continue;
    const result = authRequestFieldsSchema.safeParse(fields);
    if (!result.success) return result.error.issues[0]?.message ?? 'Invalid request';
    // Sign-up and sign-in by e-mail code store any extra user field from the body, the phone
    // number included: one typed there would claim a stranger's number without its code.
    if (fields.phoneNumber != null && !path.startsWith('/phone-number/')) {
      return PHONE_NUMBER_BY_CODE_ONLY_MESSAGE;
    }
  }
  return null;
}
