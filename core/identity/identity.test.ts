import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emailKey,
  emailSchema,
  emailVerificationState,
  firstPasswordProblem,
  hasMailableEmail,
  NO_CONTACT_MESSAGE,
  oneTimeCodeRequestSchema,
  codeRequestFormSchema,
  passwordFormProblemToast,
  passwordRules,
  phonePlaceholderEmail,
  totpCodeFormSchema,
  safeRedirectTarget,
  signUpSchema,
  afterSignInTarget,
  landingAfterSignIn,
  sameEmail,
} from './identity';

describe('the sign-up password rules (spec §5)', () => {
  it.each([
    ['Sh0rt!', 'Password must be at least 8 characters'],
    ['lowercase1!', 'Password must contain at least one uppercase letter'],
    ['UPPERCASE1!', 'Password must contain at least one lowercase letter'],
    ['NoNumbers!', 'Password must contain at least one number'],
    ['NoSpecial12', 'Password must contain at least one special character'],
  ])('%s fails with "%s"', (password, message) => {
    expect(firstPasswordProblem(password)).toBe(message);
  });

  it('reports the first failing rule when several fail', () => {
    expect(firstPasswordProblem('abc')).toBe('Password must be at least 8 characters');
  });

  it('refuses a password longer than Better Auth takes, counted as it counts (UTF-16 units)', () => {
    // 128 code points, 132 UTF-16 units: zod alone would take it
    const astral = `Marble#Lotus9${'a'.repeat(111)}${'𐀀'.repeat(4)}`;
    expect([...astral].length).toBe(128);
    expect(firstPasswordProblem(astral)).toBe('Password must be at most 128 characters');
    expect(firstPasswordProblem(`Marble#Lotus9${'a'.repeat(115)}`)).toBeNull();
  });

  it('accepts a password that meets every rule', () => {
    expect(firstPasswordProblem('Marble#Lotus9')).toBeNull();
    expect(passwordRules.every((rule) => rule.passes('Marble#Lotus9'))).toBe(true);
  });

  it('checks the e-mail and the confirmation', () => {
    const result = signUpSchema.safeParse({
      email: ' not-an-email ',
      password: 'Marble#Lotus9',
      confirmPassword: 'Marble#Lotus8',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Invalid email address',
      'Passwords do not match',
    ]);
    expect(
      signUpSchema.parse({
        email: ' Asha@Example.com ',
        password: 'Marble#Lotus9',
        confirmPassword: 'Marble#Lotus9',
      }).email,
    ).toBe('asha@example.com');
  });
});

describe('a one-time code request (spec §5, §8)', () => {
  it('needs an e-mail or a phone number', () => {
    const result = oneTimeCodeRequestSchema.safeParse({ email: ' ', phoneNumber: '' });
    expect(result.error?.issues[0]?.message).toBe(NO_CONTACT_MESSAGE);
    expect(NO_CONTACT_MESSAGE).toBe('You must provide either an email or phone number.');
  });

  it('picks the channel from what was given', () => {
    expect(oneTimeCodeRequestSchema.parse({ email: 'A@example.com' })).toEqual({
      channel: 'email',
      email: 'a@example.com',
    });
    expect(oneTimeCodeRequestSchema.parse({ phoneNumber: '+91 98290 00000' })).toEqual({
      channel: 'phone',
      phoneNumber: '+919829000000',
    });
  });
});

describe('the page after sign-in', () => {
  const SHOP = 'https://shop.example';

  it('is the page that sent the user, if it is on this site', () => {
    expect(safeRedirectTarget('/dashboard?tab=orders', SHOP)).toBe('/dashboard?tab=orders');
    expect(safeRedirectTarget('/product/boat-ganesh#reviews', SHOP)).toBe(
      '/product/boat-ganesh#reviews',
    );
    expect(safeRedirectTarget('/auth', SHOP)).toBe('/');
    expect(safeRedirectTarget('/auth/two-factor', SHOP)).toBe('/');
    expect(safeRedirectTarget(null, SHOP)).toBe('/');
    expect(safeRedirectTarget(undefined, SHOP)).toBe('/');
    expect(safeRedirectTarget('', SHOP)).toBe('/');
  });

  it('keeps an encoded slash or backslash as part of a path of this site', () => {
    expect(safeRedirectTarget('/%2Fevil.example', SHOP)).toBe('/%2Fevil.example');
    expect(safeRedirectTarget('/%5Cevil.example', SHOP)).toBe('/%5Cevil.example');
    expect(safeRedirectTarget('/%2F%2Fevil.example', SHOP)).toBe('/%2F%2Fevil.example');
    // A header injection stays a harmless path: the parser drops CR and LF.
    expect(safeRedirectTarget('/\r\nSet-Cookie: a=b', SHOP)).toBe('/Set-Cookie:%20a=b');
    // Not a header hazard: the serialisation percent-encodes what a header may not carry.
    expect(safeRedirectTarget('/shop?q=lamp lamp', SHOP)).toBe('/shop?q=lamp%20lamp');
    expect(safeRedirectTarget('/shop?q=दीया', SHOP)).toBe(
      '/shop?q=%E0%A4%A6%E0%A5%80%E0%A4%AF%E0%A4%BE',
    );
  });

  // Each goes home: it leaves the shop once a browser reads it, or it is no path at all.
  const hostile: Array<[string, string]> = [
    ['a tab between the slashes', '/\t/evil.example'],
    ['a newline between the slashes', '/\n/evil.example'],
    ['a carriage return between the slashes', '/\r/evil.example'],
    ['tabs and newlines spread out', '/\t\n/\tevil.example'],
    ['two slashes', '//evil.example'],
    ['three slashes', '///evil.example'],
    ['a slash and a backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash and a slash', '\\/evil.example'],
    ['a slash, a tab and a backslash', '/\t\\evil.example'],
    ['https without slashes', 'https:evil.example'],
    ['http with slashes', 'http://evil.example'],
    ['an absolute address of the shop itself (not a path)', 'https://shop.example/dashboard'],
    ['the shop over http', 'http://shop.example/dashboard'],
    ['javascript:', 'javascript:alert(document.domain)'],
    ['a javascript: behind a slash-less scheme-relative start', 'javascript://%0Aalert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a leading space before two slashes', ' //evil.example'],
    ['a leading space before a path', ' /dashboard'],
    ['a leading tab', '\t//evil.example'],
    ['user info', '//user@evil.example'],
    ['a relative path', 'dashboard'],
    ['a dot path', './/evil.example'],
    ['a dot segment before two slashes', '/.//evil.example'],
    ['a dot-dot segment before two slashes', '/shop/..//evil.example'],
    ['an encoded dot segment before two slashes', '/%2e//evil.example'],
    ['an encoded dot-dot segment before two slashes', '/%2E%2E//evil.example'],
    ['a very long target', `/${'a'.repeat(5000)}`],
  ];

  it.each(hostile)('%s goes home', (_name, target) => {
    expect(safeRedirectTarget(target, SHOP)).toBe('/');
  });

  it('never answers a control character or a space (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (tail) => {
        const answer = safeRedirectTarget(`/${tail}`, SHOP);
        expect(answer).toMatch(/^\/[\x21-\x7e]*$/);
        expect(answer.startsWith('//')).toBe(false);
        expect(new URL(answer, SHOP).origin).toBe(SHOP);
      }),
    );
  });
});
describe('where a sign-in lands (docs/requirements.md §2 Auth)', () => {
  const SHOP = 'https://shop.example';

  it('is the back office for an admin who came from no page, home for anyone else', () => {
    for (const asked of [null, undefined, '', '/auth', '/auth/code', 'https://evil.example/']) {
      expect(landingAfterSignIn(asked, SHOP, true)).toBe('/admin');
      expect(landingAfterSignIn(asked, SHOP, false)).toBe('/');
    }
  });

  it('is the page that sent them, for an admin too', () => {
    expect(landingAfterSignIn('/quote-list', SHOP, true)).toBe('/quote-list');
    expect(landingAfterSignIn('/', SHOP, true)).toBe('/');
    expect(landingAfterSignIn('/admin/settings', SHOP, false)).toBe('/admin/settings');
  });

  it('is decided by /auth once the session is made, unless a page was asked for', () => {
    expect(afterSignInTarget(null, SHOP)).toBe('/auth');
    expect(afterSignInTarget('/auth', SHOP)).toBe('/auth');
    expect(afterSignInTarget('//evil.example', SHOP)).toBe('/auth');
    expect(afterSignInTarget('/dashboard', SHOP)).toBe('/dashboard');
  });
});

describe("an account's e-mail address", () => {
  it('is verified, unverified, or a phone account placeholder with no address at all', () => {
    expect(emailVerificationState({ email: 'asha@example.com', emailVerified: true })).toBe(
      'verified',
    );
    expect(emailVerificationState({ email: 'asha@example.com', emailVerified: false })).toBe(
      'unverified',
    );
    const placeholder = phonePlaceholderEmail('+91 98290-12345');
    expect(placeholder).toBe('919829012345@phone.invalid');
    expect(hasMailableEmail(placeholder)).toBe(false);
    expect(hasMailableEmail(placeholder.toUpperCase())).toBe(false);
    expect(emailVerificationState({ email: placeholder, emailVerified: false })).toBe('no-address');
    expect(hasMailableEmail('asha@phone.invalid.example.com')).toBe(true);
  });

  it('is the same mailbox whatever its case and surrounding spaces, and an absent one is none', () => {
    expect(sameEmail(' Asha@Example.COM ', 'asha@example.com')).toBe(true);
    expect(sameEmail('asha@example.com', 'asha@example.co')).toBe(false);
    expect(sameEmail(null, null)).toBe(false);
    expect(sameEmail('', '')).toBe(false);
    expect(sameEmail(undefined, 'asha@example.com')).toBe(false);
  });

  it('compares by the very form the e-mail schema stores', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.boolean(), (address, shout) => {
        const typed = ` ${shout ? address.toUpperCase() : address} `;
        const stored = emailSchema.safeParse(typed);
        if (stored.success) expect(stored.data).toBe(emailKey(typed));
      }),
    );
  });
});

describe('the toast of a refused password form (spec §8)', () => {
  const firstMessage = (input: Record<string, string>) =>
    signUpSchema.safeParse(input).error?.issues[0]?.message ?? '';

  it('says "Invalid email address" under "Invalid Email"', () => {
    const message = firstMessage({
      email: 'not-an-email',
      password: 'Marble#Lotus9',
      confirmPassword: 'Marble#Lotus9',
    });
    expect(passwordFormProblemToast(message, 'Sign Up Error')).toEqual({
      title: 'Invalid Email',
      description: 'Invalid email address',
      variant: 'destructive',
    });
  });

  it('shows a failing password rule and the mismatch under their own titles', () => {
    const weak = firstMessage({
      email: 'asha@example.com',
      password: 'marble#lotus9',
      confirmPassword: 'marble#lotus9',
    });
    expect(passwordFormProblemToast(weak, 'Sign Up Error')).toMatchObject({
      title: 'Password Requirements Not Met',
      description: 'Password must contain at least one uppercase letter',
    });
    const mismatch = firstMessage({
      email: 'asha@example.com',
      password: 'Marble#Lotus9',
      confirmPassword: 'Marble#Lotus8',
    });
    expect(passwordFormProblemToast(mismatch, 'Sign Up Error')).toMatchObject({
      title: 'Password Mismatch',
      description: 'Passwords do not match',
    });
    expect(passwordFormProblemToast('Something else', 'Sign Up Error')).toMatchObject({
      title: 'Sign Up Error',
      description: 'Something else',
    });
  });
});

describe('the one-time code forms', () => {
  it('refuse a request without an address with the spec’s message, on the e-mail field', () => {
    const refused = codeRequestFormSchema.safeParse({ email: '', phoneNumber: '' });
    expect(refused.error?.issues).toMatchObject([{ message: NO_CONTACT_MESSAGE, path: ['email'] }]);
  });

  it('take a TOTP code of six digits only', () => {
    expect(totpCodeFormSchema.safeParse({ code: ' 123456 ' }).data?.code).toBe('123456');
    expect(totpCodeFormSchema.safeParse({ code: '12345' }).error?.issues[0]?.message).toBe(
      'Enter the 6-digit code',
    );
  });
});
