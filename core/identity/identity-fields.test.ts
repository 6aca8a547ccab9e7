import { describe, expect, it } from 'vitest';
import { emailSchema, signUpSchema } from './identity';
import {
  AUTH_FIELD_LIMITS,
  authRequestProblem,
  PHONE_NUMBER_BY_CODE_ONLY_MESSAGE,
} from './identity-fields';

// docs/requirements.md §14: limits on every text Better Auth stores.
describe('the limits on identity fields', () => {
  it('take an e-mail of up to 254 characters with a local part of up to 64', () => {
    const domain = `${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(57)}.com`;
    const longest = `${'l'.repeat(64)}@${domain}`;
    expect(longest).toHaveLength(254);
    expect(emailSchema.safeParse(longest).success).toBe(true);
    expect(emailSchema.safeParse(`l${longest}`).success).toBe(false);
    expect(emailSchema.safeParse(`${'l'.repeat(65)}@example.com`).success).toBe(false);
  });

  it('keep the sign-up name to 100 characters', () => {
    const valid = {
      email: 'asha@example.com',
      password: 'Marble#Lotus9',
      confirmPassword: 'Marble#Lotus9',
    };
    expect(signUpSchema.safeParse({ ...valid, name: 'N'.repeat(100) }).success).toBe(true);
    expect(signUpSchema.safeParse({ ...valid, name: 'N'.repeat(101) }).success).toBe(false);
  });

  it("refuse any of Better Auth's fields one over its limit, and any other text over 2000", () => {
    for (const [field, max] of Object.entries(AUTH_FIELD_LIMITS)) {
      // The phone sign-in's endpoint, where every field (the phone number too) may come.
      const endpoint = '/phone-number/verify';
      expect(authRequestProblem(endpoint, { [field]: 'x'.repeat(max) }), field).toBeNull();
      expect(authRequestProblem(endpoint, { [field]: 'x'.repeat(max + 1) }), field).toMatch(
        /must be (at most|less than)/,
      );
    }
    expect(authRequestProblem('/sign-up/email', { anything: 'x'.repeat(2001) })).toMatch(/2000/);
    // The query of a link counts too.
    expect(authRequestProblem('/verify-email', {}, { token: 'x'.repeat(2001) })).toMatch(/Token/);
  });

  it('take a phone number only on the phone sign-in endpoints', () => {
    expect(authRequestProblem('/sign-up/email', { phoneNumber: '+919829000001' })).toBe(
      PHONE_NUMBER_BY_CODE_ONLY_MESSAGE,
    );
    expect(authRequestProblem('/sign-in/email-otp', { phoneNumber: '+919829000001' })).toBe(
      PHONE_NUMBER_BY_CODE_ONLY_MESSAGE,
    );
    expect(authRequestProblem('/phone-number/verify', { phoneNumber: '+919829000001' })).toBeNull();
  });
});
