/**
 * The identity mails and texts: password reset links, the link that confirms a new e-mail address,
 * and one-time sign-in codes.
 */
import type { Config } from '../config';
import type { MailMessage } from '../modules/mail';

const purposes: Record<string, string> = {
  'sign-in': 'sign in',
  'email-verification': 'verify your e-mail address',
  'forget-password': 'reset your password',
  'change-email': 'change your e-mail address',
};

/** Where the change-email link lands: the security page that asked for it. */
const CHANGE_EMAIL_LANDING = '/dashboard/security';

/**
 * issue 14 finding 5: the new address is not verified yet, so its link carries nothing the request
 * wrote. Better Auth copies the request's callbackURL into the link; only the token is kept, and
 * the link lands on the shop's own page.
 */
function linkToShopPage(url: string, landing: string): string {
  const link = new URL(url);
  const token = link.searchParams.get('token') ?? '';
  link.search = '';
  link.searchParams.set('token', token);
  link.searchParams.set('callbackURL', landing);
  return link.toString();
}

export function identityMails({ site }: Pick<Config, 'site'>) {
  return {
    resetPassword({ to, url }: { to: string; url: string }): MailMessage {
      return {
        to,
        subject: `Reset your ${site.shopName} password`,
        text: `Someone asked to reset the password of your ${site.shopName} account.\n\nChoose a new password here (the link works for one hour):\n${url}\n\nIf it was not you, ignore this e-mail; your password stays as it is.\n`,
      };
    },
    confirmNewEmail({ to, url }: { to: string; url: string }): MailMessage {
      return {
        to,
        subject: `Confirm your new ${site.shopName} e-mail address`,
        text: `Someone asked to use this address for a ${site.shopName} account.\n\nOpen this link to confirm it (it works for one hour); the account's e-mail changes when you do:\n${linkToShopPage(url, CHANGE_EMAIL_LANDING)}\n\nIf it was not you, ignore this e-mail; nothing changes.\n`,
      };
    },
    oneTimeCode({ to, code, purpose }: { to: string; code: string; purpose: string }): MailMessage {
      return {
        to,
        // The code stays out of the subject: subjects are logged and name the outbox files.
        subject: `Your ${site.shopName} ${purpose === 'sign-in' ? 'sign-in code' : 'one-time code'}`,
        text: `Your code to ${purposes[purpose] ?? 'sign in'} is ${code}.\n\nIt works for 10 minutes. If you did not ask for it, ignore this e-mail.\n`,
      };
    },
    smsCode(code: string): string {
      return `${code} is your ${site.shopName} sign-in code. It works for 10 minutes.`;
    },
  };
}
