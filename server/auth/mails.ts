/**
 * The identity mails and texts: password reset links, the links that verify an account's e-mail
 * address or confirm a new one, the notice of a sign-up with an address that has an account, and
 * one-time sign-in codes.
 */
import { EMAIL_VERIFIED_LANDING } from '../../core/identity';
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
 * issue 14 finding 5: an address that is not verified yet gets a link carrying nothing the request
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

export function identityMails({ site, publicUrl }: Pick<Config, 'site' | 'publicUrl'>) {
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
    // issue 14: an account owns its address, and the orders made with it, only once this is opened.
    verifyEmail({ to, url }: { to: string; url: string }): MailMessage {
      // The link always lands on the dashboard, whatever callbackURL a direct call asked for.
      const link = linkToShopPage(url, EMAIL_VERIFIED_LANDING);
      return {
        to,
        subject: `Verify your ${site.shopName} e-mail address`,
        text: `Welcome to ${site.shopName}. Open this link to verify that this address is yours (it works for one hour):\n${link}\n\nOnce it is verified, orders and quotation requests made with this address join your account.\n\nIf you did not create an account, do not open the link: ignore this e-mail and the account stays unverified.\n`,
      };
    },
    // issue 14: a sign-up with an address that has an account answers as a new one; its owner hears.
    signUpAttempt({ to }: { to: string }): MailMessage {
      return {
        to,
        subject: `Someone tried to sign up with your ${site.shopName} address`,
        text: `Someone tried to sign up with your address, ${to}, but this address already has a ${site.shopName} account. No new account was made.\n\nIf it was you, sign in here:\n${publicUrl}/auth\n\nForgot your password? Choose a new one here:\n${publicUrl}/auth/forgot-password\n\nIf it was not you, ignore this e-mail; your account is unchanged.\n`,
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
