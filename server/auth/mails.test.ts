import { describe, expect, it } from 'vitest';
import { siteDefaults } from '../../content/site';
import { identityMails } from './mails';

describe('the identity mails', () => {
  const mails = identityMails({ site: siteDefaults, publicUrl: 'https://shop.example' });

  it('keep a one-time code out of the subject, which is logged and names the outbox file', () => {
    for (const purpose of ['sign-in', 'email-verification', 'forget-password', 'change-email']) {
      const message = mails.oneTimeCode({ to: 'asha@example.com', code: '493817', purpose });
      expect(message.subject).not.toContain('493817');
      expect(message.subject).not.toMatch(/\d{6}/);
      expect(message.text).toContain('493817');
    }
    // tests/e2e/support/accounts.ts reads sign-in codes from the body with this phrase.
    expect(
      mails.oneTimeCode({ to: 'asha@example.com', code: '493817', purpose: 'sign-in' }).text,
    ).toMatch(/Your code to sign in is 493817/);
  });

  it('tell the owner of an address about a sign-up with it, with a way in, and no new account', () => {
    const message = mails.signUpAttempt({ to: 'asha@example.com' });
    // issue 14: the words of the finding, and the sign-in and reset links
    expect(message.text).toContain('Someone tried to sign up with your address');
    expect(message.text).toContain('https://shop.example/auth\n');
    expect(message.text).toContain('https://shop.example/auth/forgot-password');
  });
});

describe('the change-email confirmation', () => {
  const mails = identityMails({ site: siteDefaults, publicUrl: 'https://shop.example' });

  // issue 14 finding 5: the new address is unverified; nothing the request wrote goes to it.
  it('keeps only the token of its link and lands on the security page, whatever the request asked', () => {
    const message = mails.confirmNewEmail({
      to: 'new@example.com',
      url: 'http://localhost:3000/api/auth/verify-email?token=abc.def.ghi&callbackURL=%2FClaim-your-prize-at-evil-example&extra=Marker',
    });
    expect(message.text).toContain(
      'http://localhost:3000/api/auth/verify-email?token=abc.def.ghi&callbackURL=%2Fdashboard%2Fsecurity',
    );
    expect(message.text).not.toMatch(/Claim-your-prize|Marker/);
  });
});
