import { describe, expect, it } from 'vitest';
import { siteDefaults } from '../../content/site';
import { renderNotice } from '../mail/notifications';
import { identityMails } from './mails';

const settings = {
  site: siteDefaults,
  publicUrl: 'https://shop.example',
  authSecret: 'identity-mails-test-secret-identity',
};
const mails = identityMails(settings);

describe('the identity mails', () => {
  it('keep a one-time code out of the subject, which is logged and names the outbox file', async () => {
    const message = await renderNotice(
      mails.oneTimeCode({ to: 'asha@example.com', code: '493817' }),
      settings,
    );
    expect(message?.subject).not.toContain('493817');
    expect(message?.subject).not.toMatch(/\d{6}/);
    // tests/e2e/support/accounts.ts reads sign-in codes from the body with this phrase.
    expect(message?.text).toMatch(/Your code to sign in is 493817/);
    expect(message?.html).toContain('493817');
  });

  it('tell the owner of an address about a sign-up with it, with a way in, and no new account', async () => {
    const message = await renderNotice(mails.signUpAttempt({ to: 'asha@example.com' }), settings);
    // docs/requirements.md §15: the words of the finding, and the sign-in and reset links
    expect(message?.text).toContain('Someone tried to sign up with your address');
    expect(message?.text).toContain('https://shop.example/auth\n');
    expect(message?.text).toContain('https://shop.example/auth/forgot-password');
  });

  it("tell a sign-up's link from the account holder's own request for a new one", () => {
    const url = 'https://shop.example/api/auth/verify-email?token=abc&callbackURL=%2F';
    expect(mails.verifyEmail({ to: 'a@example.com', url, resent: false }).purpose).toBe('sign-up');
    expect(mails.verifyEmail({ to: 'a@example.com', url, resent: true }).purpose).toBe(
      'verify-email',
    );
  });
});

describe('the change-email confirmation', () => {
  // docs/requirements.md §15: the new address is unverified; nothing the request wrote goes to it.
  it('keeps only the token of its link and lands on the security page, whatever the request asked', async () => {
    const message = await renderNotice(
      mails.confirmNewEmail({
        to: 'new@example.com',
        url: 'http://localhost:3000/api/auth/verify-email?token=abc.def.ghi&callbackURL=%2FClaim-your-prize-at-evil-example&extra=Marker',
      }),
      settings,
    );
    expect(message?.text).toContain(
      'http://localhost:3000/api/auth/verify-email?token=abc.def.ghi&callbackURL=%2Fdashboard%2Fsecurity',
    );
    expect(`${message?.text}${message?.html}`).not.toMatch(/Claim-your-prize|Marker/);
  });
});
