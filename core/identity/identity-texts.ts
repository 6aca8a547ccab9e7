/**
 * What the identity pages say (spec §5, §8 identity toasts). Apart from core/identity/identity.ts's schemas
 * so that the pages showing them load without zod, and apart from the security texts
 * (core/identity/security-texts.ts) and the password form's toast (core/identity/password-rules.ts) so that a page
 * loads only the texts it shows (docs/decisions/020); core/identity/identity.ts re-exports them all.
 */

// spec §5: email trimmed and valid, else "Invalid email address"
export const INVALID_EMAIL_MESSAGE = 'Invalid email address';

// spec §8: identity toasts, word for word. A bad sign-up e-mail says spec §5's message (§8's
// "Please enter a valid email address" is the quotation form's).
export const identityToasts = {
  invalidEmail: { title: 'Invalid Email', description: INVALID_EMAIL_MESSAGE },
  passwordRules: { title: 'Password Requirements Not Met' },
  passwordMismatch: { title: 'Password Mismatch', description: 'Passwords do not match' },
  signUpError: { title: 'Sign Up Error' },
  signInError: { title: 'Sign In Error' },
  signedUp: {
    title: 'Account created successfully!',
    description: 'You can now sign in with your credentials',
  },
  signedIn: { title: 'Welcome back!' },
} as const;

/**
 * The password reset's choice, ticked unless its owner unticks it (docs/requirements.md §18).
 * Here rather than with the passkey texts: the reset page loads these, and only this one of those.
 */
export const REMOVE_PASSKEYS_ON_RESET_LABEL = 'Also remove all passkeys';
