/**
 * Sign-up, sign-in and password rules (spec §5 Sign-up password, §8 identity toasts): one set of
 * schemas for the browser's live checks and for the server, which re-checks them in Better Auth's
 * hooks on every endpoint that sets a password.
 */
import { z } from 'zod';
import { visibleText } from '../forms/form-text';
import { INVALID_EMAIL_MESSAGE } from './identity-texts';
import { PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE, passwordRules } from './password-rules';

// docs/decisions/020: the rules and words the pages show live apart, without zod; they are this module's too.
export { PASSWORD_MAX_LENGTH, passwordFormProblemToast, passwordRules } from './password-rules';
export { identityToasts, INVALID_EMAIL_MESSAGE } from './identity-texts';
export {
  emailVerificationTexts,
  RESEND_VERIFICATION_LABEL,
  securityToasts,
} from './security-texts';

export const passwordSchema = z
  .string({ error: passwordRules[0].message })
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE)
  .superRefine((password, context) => {
    // zod's max counts code points; Better Auth's ceiling (and the browser's maxLength) counts
    // UTF-16 units, so a password of astral characters could pass here and fail at sign-up.
    if (password.length > PASSWORD_MAX_LENGTH && [...password].length <= PASSWORD_MAX_LENGTH) {
      context.addIssue({ code: 'custom', message: PASSWORD_TOO_LONG_MESSAGE });
    }
    for (const rule of passwordRules) {
      if (!rule.passes(password)) context.addIssue({ code: 'custom', message: rule.message });
    }
  });

/** The first failing rule's message, or null when the password meets them all. */
export function firstPasswordProblem(password: string): string | null {
  const result = passwordSchema.safeParse(password);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * docs/requirements.md §13: RFC 5321's longest address, and longest local part (a sign-up without a
 * name is named after it, which must fit the name's limit).
 */
export const EMAIL_MAX_LENGTH = 254;
const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
export const NAME_MAX_LENGTH = 100;

export const emailSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE)
  .pipe(z.email(INVALID_EMAIL_MESSAGE))
  .refine(
    (email) => email.slice(0, email.lastIndexOf('@')).length <= EMAIL_LOCAL_PART_MAX_LENGTH,
    INVALID_EMAIL_MESSAGE,
  );

export const signUpSchema = z
  .object({
    name: visibleText()
      .trim()
      .max(NAME_MAX_LENGTH, `Name must be less than ${NAME_MAX_LENGTH} characters`)
      .optional()
      .transform((name) => name ?? ''),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: 'Passwords do not match' }),
  })
  // spec §5: confirmation must match
  .refine((input) => input.password === input.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

/** The forgotten-password form: the address to mail a reset link to. */
export const forgotPasswordSchema = z.object({ email: emailSchema });

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});

/**
 * spec §8 identity messages: a one-time code needs somewhere to go. The email or the phone number
 * may be given; neither is the spec's error.
 */
export const NO_CONTACT_MESSAGE = 'You must provide either an email or phone number.';

export const oneTimeCodeRequestSchema = z
  .object({
    email: z.string().trim().toLowerCase().optional(),
    phoneNumber: z
      .string()
      .trim()
      .transform((phone) => phone.replace(/[\s()-]/g, ''))
      .optional(),
  })
  .transform((input, context) => {
    if (input.email) {
      const email = emailSchema.safeParse(input.email);
      if (!email.success) {
        context.addIssue({ code: 'custom', message: INVALID_EMAIL_MESSAGE, path: ['email'] });
        return z.NEVER;
      }
      return { channel: 'email' as const, email: email.data };
    }
    if (input.phoneNumber) {
      if (!/^\+?\d{7,15}$/.test(input.phoneNumber)) {
        context.addIssue({
          code: 'custom',
          message: 'Enter the phone number with its country code, such as +91 98290 00000',
          path: ['phoneNumber'],
        });
        return z.NEVER;
      }
      return { channel: 'phone' as const, phoneNumber: input.phoneNumber };
    }
    context.addIssue({ code: 'custom', message: NO_CONTACT_MESSAGE, path: ['email'] });
    return z.NEVER;
  });

export const oneTimeCodeSchema = z
  .string({ error: 'Enter the 6-digit code' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

/** Where the user goes after signing in; read by safeRedirectTarget, never trusted as it is. */
const redirectTargetField = z.string().optional();

/** The sign-in form (/auth): the credentials and the page to go back to. */
export const signInFormSchema = signInSchema.extend({ redirectTo: redirectTargetField });

/**
 * The one-time code forms (/auth/code): where the code goes (the request's rules above), and for
 * the second step the code itself. The destination is read again from the same fields on the
 * server (`oneTimeCodeRequestSchema`).
 */
const codeDestinationFields = {
  email: z.string().optional(),
  phoneNumber: z.string().optional(),
  redirectTo: redirectTargetField,
};

function checkCodeDestination(
  input: { email?: string | undefined; phoneNumber?: string | undefined },
  context: z.RefinementCtx,
) {
  const destination = oneTimeCodeRequestSchema.safeParse(input);
  if (destination.success) return;
  for (const issue of destination.error.issues) {
    context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }
}

export const codeRequestFormSchema = z
  .object(codeDestinationFields)
  .superRefine(checkCodeDestination);

export const codeSignInFormSchema = z
  .object({ ...codeDestinationFields, code: oneTimeCodeSchema })
  .superRefine(checkCodeDestination);

/**
 * docs/requirements.md §13: the TOTP codes, one schema each for the browser and the server. The second step of
 * a password sign-in takes a code of the authenticator app (or a backup code); turning TOTP on is
 * confirmed with a code of the app.
 */
export const totpCodeFormSchema = z.object({
  code: oneTimeCodeSchema,
  redirectTo: redirectTargetField,
});

export const BACKUP_CODE_MISSING_MESSAGE = 'Enter one of your backup codes';
/** Better Auth's backup codes are short; anything far longer is not one. */
export const BACKUP_CODE_MAX_LENGTH = 64;

export const backupCodeFormSchema = z.object({
  code: z
    .string({ error: BACKUP_CODE_MISSING_MESSAGE })
    .trim()
    .min(1, BACKUP_CODE_MISSING_MESSAGE)
    .max(BACKUP_CODE_MAX_LENGTH, BACKUP_CODE_MISSING_MESSAGE),
  redirectTo: redirectTargetField,
});

export const confirmTotpSchema = z.object({ code: oneTimeCodeSchema });

const resetPasswordFields = {
  password: passwordSchema,
  confirmPassword: z.string({ error: 'Passwords do not match' }),
};

const passwordsMatch = (input: { password: string; confirmPassword: string }) =>
  input.password === input.confirmPassword;

export const resetPasswordSchema = z.object(resetPasswordFields).refine(passwordsMatch, {
  message: 'Passwords do not match',
  path: ['confirmPassword'],
});

/**
 * The reset page's form: the new password, the token of the mailed link, and "Also remove all
 * passkeys" (docs/decisions/022, amended), a checkbox ticked by default: it posts "on" when ticked
 * and nothing when not.
 */
export const resetPasswordFormSchema = z
  .object({
    ...resetPasswordFields,
    token: z.string().optional(),
    removePasskeys: z
      .union([z.boolean(), z.string()])
      .optional()
      .transform((value) => value === true || value === 'on' || value === 'true'),
  })
  .refine(passwordsMatch, { message: 'Passwords do not match', path: ['confirmPassword'] });

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Enter your current password' })
      .min(1, 'Enter your current password'),
    password: passwordSchema,
    confirmPassword: z.string({ error: 'Passwords do not match' }),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

/** Turning TOTP on or off asks for the current password (reauthentication). */
export const currentPasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password'),
});

export const changeEmailSchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password'),
  email: emailSchema,
});

/** Longer targets are not a page of the shop; they only make a Location header heavy. */
export const REDIRECT_TARGET_MAX_LENGTH = 2000;

/**
 * After sign-in the user goes back where they came from, but only to a page of this site.
 * docs/requirements.md §14: the target is read by the WHATWG URL parser, as the browser will read the
 * Location header, against the shop's own address (PUBLIC_URL). It is kept only when it was written
 * as a path and still lands on the shop's origin; anything else (`/\t/evil`, `/\\evil`, `https:evil`,
 * `javascript:`) goes home. The answer is the parser's serialisation, so no tab, newline or other
 * control character reaches a header.
 */
export function safeRedirectTarget(target: string | null | undefined, shopUrl: string): string {
  return requestedTarget(target, shopUrl) ?? '/';
}

/** The page asked for by a "go back to" target, or null when none was asked for or it is unsafe. */
function requestedTarget(target: string | null | undefined, shopUrl: string): string | null {
  if (!target || target.length > REDIRECT_TARGET_MAX_LENGTH || !target.startsWith('/')) return null;
  let shop: URL;
  let resolved: URL;
  try {
    shop = new URL(shopUrl);
    resolved = new URL(target, shop);
  } catch {
    return null;
  }
  if (resolved.origin !== shop.origin) return null;
  const path = resolved.pathname + resolved.search + resolved.hash;
  // Dot segments can leave a path that starts with two slashes (`/.//evil`, `/%2e//evil`); written
  // alone in a Location header it would name another host.
  if (path.startsWith('//')) return null;
  // Sending the user back to /auth itself would bounce them straight home anyway.
  return resolved.pathname.startsWith('/auth') ? null : path;
}

/**
 * docs/requirements.md §2 Auth: where a signed-in person lands. The page that sent them, when it
 * is on the shop; else the back office for an admin, the shop's home for anyone else.
 */
export function landingAfterSignIn(
  target: string | null | undefined,
  shopUrl: string,
  isAdmin: boolean,
): string {
  return requestedTarget(target, shopUrl) ?? (isAdmin ? '/admin' : '/');
}

/**
 * Where a sign-in form sends the browser once the session is made: the page asked for, else
 * `/auth` itself, whose loader knows by then who signed in and sends them on (landingAfterSignIn).
 * The forms cannot tell an admin by their credentials, and a passkey signs in from the browser.
 */
export function afterSignInTarget(target: string | null | undefined, shopUrl: string): string {
  return requestedTarget(target, shopUrl) ?? '/auth';
}

/**
 * Accounts made by a first sign-in by phone get a placeholder e-mail at this reserved domain
 * (RFC 2606: nothing there receives mail). They have no address to verify.
 */
export const PHONE_PLACEHOLDER_EMAIL_DOMAIN = 'phone.invalid';

export function phonePlaceholderEmail(phoneNumber: string): string {
  return `${phoneNumber.replace(/\D/g, '')}@${PHONE_PLACEHOLDER_EMAIL_DOMAIN}`;
}

/**
 * The one comparison of e-mail addresses: the form `emailSchema` stores (trimmed, lower case).
 * Addresses written before that schema, or by Better Auth, are compared by the same key; the SQL
 * side is `emailKeySql` in server/db/email-key.ts (docs/design.md §3).
 */
export function emailKey(address: string): string {
  return address.trim().toLowerCase();
}

/** Whether two addresses are the same mailbox by `emailKey`; an absent one matches nothing. */
export function sameEmail(
  first: string | null | undefined,
  second: string | null | undefined,
): boolean {
  return Boolean(first && second && emailKey(first) === emailKey(second));
}

/** docs/requirements.md §15: whether an account's e-mail is a real address that can be verified and mailed. */
export function hasMailableEmail(email: string): boolean {
  return !email.toLowerCase().endsWith(`@${PHONE_PLACEHOLDER_EMAIL_DOMAIN}`);
}

/**
 * docs/requirements.md §15: where the link of a verification mail lands. Better Auth adds `&error=CODE` when the
 * link was expired or not valid; without it the address is verified.
 */
export const EMAIL_VERIFIED_LANDING = '/dashboard?email-link=opened';
export const EMAIL_LINK_PARAMETER = 'email-link';

/** The address a verification link was sent to, on its landing and on the sign-in page. */
export const LINK_EMAIL_PARAMETER = 'email';

/**
 * docs/requirements.md §15: the landing of the link mailed to `email`. Opening it signs the
 * account in; when it cannot (expired, damaged, opened before), the address it carries fills in
 * the sign-in form the landing links to.
 */
export function emailVerifiedLanding(email: string): string {
  return `${EMAIL_VERIFIED_LANDING}&${LINK_EMAIL_PARAMETER}=${encodeURIComponent(email)}`;
}

/** The address carried by a link's landing or the sign-in page's query, when it is one; else ''. */
export function linkEmailOf(params: URLSearchParams): string {
  const parsed = emailSchema.safeParse(params.get(LINK_EMAIL_PARAMETER) ?? '');
  return parsed.success ? parsed.data : '';
}

/** What the dashboard says about the account's e-mail address (docs/requirements.md §15). */
export type EmailVerificationState = 'verified' | 'unverified' | 'no-address';

export function emailVerificationState(viewer: {
  email: string;
  emailVerified: boolean;
}): EmailVerificationState {
  if (!hasMailableEmail(viewer.email)) return 'no-address';
  return viewer.emailVerified ? 'verified' : 'unverified';
}
