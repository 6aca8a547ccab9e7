/**
 * What the account's security pages say (docs/requirements.md §15 e-mail verification, the security page and the
 * reset page's toasts); apart from core/identity/identity-texts.ts so that the sign-in page does not load
 * them (docs/decisions/020). core/identity/identity.ts re-exports them.
 */

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
