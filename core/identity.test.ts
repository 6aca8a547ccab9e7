import { describe, expect, it } from 'vitest';
import {
  emailVerificationState,
  firstPasswordProblem,
  hasMailableEmail,
  NO_CONTACT_MESSAGE,
  oneTimeCodeRequestSchema,
  passwordRules,
  phonePlaceholderEmail,
  safeRedirectTarget,
  signUpSchema,
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
  it('is the page that sent the user, if it is on this site', () => {
    expect(safeRedirectTarget('/dashboard?tab=orders')).toBe('/dashboard?tab=orders');
    expect(safeRedirectTarget('https://evil.example/')).toBe('/');
    expect(safeRedirectTarget('//evil.example/')).toBe('/');
    expect(safeRedirectTarget('/auth')).toBe('/');
    expect(safeRedirectTarget(null)).toBe('/');
  });
});

describe("an account's e-mail address (issue 14)", () => {
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
});
