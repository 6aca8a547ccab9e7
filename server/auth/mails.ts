/**
 * The identity mails and texts: password reset links, the links that verify an account's e-mail
 * address or confirm a new one, the notice of a sign-up with an address that has an account, and
 * one-time sign-in codes. Each mail is queued as an account notice and rendered at delivery by its
 * template (server/modules/notifications/templates, docs/requirements.md §13).
 */
import { emailVerifiedLanding } from '../../core/identity/identity';
import type { Config } from '../config';
import type { AccountNotice } from '../../core/admin/notices';

/** Where the change-email link lands: the security page that asked for it. */
const CHANGE_EMAIL_LANDING = '/dashboard/security';

/**
 * docs/requirements.md §15: an address that is not verified yet gets a link carrying nothing the request
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
    resetPassword({ to, url }: { to: string; url: string }): AccountNotice {
      return { kind: 'account', purpose: 'reset-password', to, url };
    },
    confirmNewEmail({ to, url }: { to: string; url: string }): AccountNotice {
      return {
        kind: 'account',
        purpose: 'confirm-new-email',
        to,
        url: linkToShopPage(url, CHANGE_EMAIL_LANDING),
      };
    },
    /**
     * docs/requirements.md §15: an account owns its address, and the orders made with it, only once this is
     * opened. `resent`: the signed-in account holder asked for a new link (docs/requirements.md §13: their own
     * request, counted apart from a sign-up's, which anyone can make).
     */
    verifyEmail({ to, url, resent }: { to: string; url: string; resent: boolean }): AccountNotice {
      // The link always lands on the dashboard, whatever callbackURL a direct call asked for.
      const link = linkToShopPage(url, emailVerifiedLanding(to));
      return { kind: 'account', purpose: resent ? 'verify-email' : 'sign-up', to, url: link };
    },
    // docs/requirements.md §13: a sign-up with an address that has an account answers as a new one; its owner hears.
    signUpAttempt({ to }: { to: string }): AccountNotice {
      return { kind: 'account', purpose: 'sign-up-attempt', to, url: `${publicUrl}/auth` };
    },
    /** docs/decisions/022 (amended): a passkey was added to the account of `to`. */
    passkeyAdded({ to, passkeyName }: { to: string; passkeyName: string | null }): AccountNotice {
      return {
        kind: 'account',
        purpose: 'passkey-added',
        to,
        ...(passkeyName ? { passkeyName } : {}),
      };
    },
    oneTimeCode({ to, code }: { to: string; code: string }): AccountNotice {
      return { kind: 'account', purpose: 'sign-in-code', to, code };
    },
    smsCode(code: string): string {
      return `${code} is your ${site.shopName} sign-in code. It works for 10 minutes.`;
    },
  };
}
