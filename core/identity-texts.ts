/**
 * What the identity pages say (spec §5, §8 identity toasts, issue 14 e-mail verification): the
 * toasts, the e-mail messages and the verification texts. Apart from core/identity.ts's schemas so
 * that the pages showing them load without zod (issue 28); core/identity.ts re-exports them.
 */
import { PASSWORD_TOO_LONG_MESSAGE, passwordRules } from './password-rules';

// spec §5: email trimmed and valid, else "Invalid email address"
export const INVALID_EMAIL_MESSAGE = 'Invalid email address';

export const RESEND_VERIFICATION_LABEL = 'Resend verification email';

export const emailVerificationTexts = {
  bannerTitle: 'Please verify your e-mail address',
  bannerText: (email: string) =>
    `We sent a link to ${email}. Until you open it, the quotation requests you made with this address cannot be added to your account.`,
  sent: (email: string) => ({
    title: 'Verification email sent',
    description: `We sent a new link to ${email}. It works for one hour.`,
  }),
  verified: 'Your e-mail address is verified.',
  verifiedSignIn: 'Your e-mail address is verified. Sign in to see your account.',
  linkFailed:
    'This verification link has expired or is not valid. Sign in and send yourself a new one.',
  linkFailedSignedIn:
    'This verification link has expired or is not valid. Send yourself a new one below.',
} as const;

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

/** The security page's and the reset page's own success toasts. */
export const securityToasts = {
  passwordChanged: {
    title: 'Password changed',
    description: 'Your other devices were signed out.',
  },
  emailChangeSent: (email: string) => ({
    title: 'Check your new e-mail',
    description: `We sent a link to ${email}. Your e-mail changes when you open it.`,
  }),
  totpOn: {
    title: 'Two-factor authentication is on',
    description: 'Sign-ins now ask for a code from your app.',
  },
  totpOff: { title: 'Two-factor authentication is off' },
  passwordReset: {
    title: 'Password updated',
    description: 'You can now sign in with your new password.',
  },
  /** Said whether or not an account uses the address, so the form reveals no one's e-mail. */
  resetLinkSent: {
    title: 'Check your e-mail',
    description: 'If an account uses that address, we have sent it a link to reset the password.',
  },
  codeSent: (destination: string) => ({
    title: 'Code sent',
    description: `We sent a 6-digit code to ${destination}.`,
  }),
} as const;
