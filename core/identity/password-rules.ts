/**
 * spec §5 Sign-up password: the rules and their messages. Apart from core/identity/identity.ts, whose
 * schemas check them, so that the live checklist under a password field loads without zod
 * (docs/decisions/020); core/identity/identity.ts re-exports them.
 */
import { identityToasts, INVALID_EMAIL_MESSAGE } from './identity-texts';

// spec §5: the password rules, in the order their messages are reported
export const passwordRules = [
  {
    label: 'At least 8 characters',
    message: 'Password must be at least 8 characters',
    passes: (password: string) => password.length >= 8,
  },
  {
    label: 'One uppercase letter',
    message: 'Password must contain at least one uppercase letter',
    passes: (password: string) => /\p{Lu}/u.test(password),
  },
  {
    label: 'One lowercase letter',
    message: 'Password must contain at least one lowercase letter',
    passes: (password: string) => /\p{Ll}/u.test(password),
  },
  {
    label: 'One number',
    message: 'Password must contain at least one number',
    passes: (password: string) => /\p{Nd}/u.test(password),
  },
  {
    label: 'One special character',
    message: 'Password must contain at least one special character',
    passes: (password: string) => /[^\p{L}\p{Nd}\s]/u.test(password),
  },
] as const;

/** Better Auth's own ceiling; longer inputs only cost hashing time. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;

/**
 * spec §8: the toast of a refused password form, picked by the refusal's message: the e-mail's,
 * the mismatch's, a password rule's under its own title, anything else under `otherTitle`.
 */
export function passwordFormProblemToast(
  message: string,
  otherTitle: string,
): { title: string; description?: string; variant: 'destructive' } {
  if (message === INVALID_EMAIL_MESSAGE)
    return { ...identityToasts.invalidEmail, variant: 'destructive' };
  if (message === identityToasts.passwordMismatch.description) {
    return { ...identityToasts.passwordMismatch, variant: 'destructive' };
  }
  const isRule =
    passwordRules.some((rule) => rule.message === message) || message === PASSWORD_TOO_LONG_MESSAGE;
  if (isRule)
    return { ...identityToasts.passwordRules, description: message, variant: 'destructive' };
  return { title: otherTitle, description: message, variant: 'destructive' };
}
