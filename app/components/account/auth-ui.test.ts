import { describe, expect, it } from 'vitest';
import { signUpSchema } from '../../../core/identity';
import { signUpProblem } from './auth-ui';

describe('the sign-up toasts', () => {
  it('show spec §5\'s "Invalid email address" for a bad e-mail', () => {
    const parsed = signUpSchema.safeParse({
      email: 'not-an-email',
      password: 'Marble#Lotus9',
      confirmPassword: 'Marble#Lotus9',
    });
    expect(parsed.success).toBe(false);
    expect(signUpProblem(parsed.error?.issues ?? [])).toEqual({
      title: 'Invalid Email',
      description: 'Invalid email address',
      variant: 'destructive',
    });
  });

  it('show the first failing password rule and the mismatch in their own toasts', () => {
    const weak = signUpSchema.safeParse({
      email: 'asha@example.com',
      password: 'marble#lotus9',
      confirmPassword: 'marble#lotus9',
    });
    expect(signUpProblem(weak.error?.issues ?? [])).toMatchObject({
      title: 'Password Requirements Not Met',
      description: 'Password must contain at least one uppercase letter',
    });
    const mismatch = signUpSchema.safeParse({
      email: 'asha@example.com',
      password: 'Marble#Lotus9',
      confirmPassword: 'Marble#Lotus8',
    });
    expect(signUpProblem(mismatch.error?.issues ?? [])).toMatchObject({
      title: 'Password Mismatch',
      description: 'Passwords do not match',
    });
  });
});
