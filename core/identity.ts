/**
 * Sign-up, sign-in and password rules (spec §5 Sign-up password, §8 identity toasts): one set of
 * schemas for the browser's live checks and for the server, which re-checks them in Better Auth's
 * hooks on every endpoint that sets a password.
 */
import { z } from 'zod';
import { formText } from './form-text';

// spec §5: the password rules, in the order their messages are reported
export const passwordRules = [
  {
    label: 'At least 8 characters',
    message: 'Password must be at least 8 characters',
    passes: (password: string) => password.length >= 8,
  },
  {
    label: 'One uppercase letter',
    message: 'Password must contain at least one uppercase letter',
    passes: (password: string) => /\p{Lu}/u.test(password),
  },
  {
    label: 'One lowercase letter',
    message: 'Password must contain at least one lowercase letter',
    passes: (password: string) => /\p{Ll}/u.test(password),
  },
  {
    label: 'One number',
    message: 'Password must contain at least one number',
    passes: (password: string) => /\p{Nd}/u.test(password),
  },
  {
    label: 'One special character',
    message: 'Password must contain at least one special character',
    passes: (password: string) => /[^\p{L}\p{Nd}\s]/u.test(password),
  },
] as const;

/** Better Auth's own ceiling; longer inputs only cost hashing time. */
export const PASSWORD_MAX_LENGTH = 128;

export const passwordSchema = z
  .string({ error: passwordRules[0].message })
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .superRefine((password, context) => {
    for (const rule of passwordRules) {
      if (!rule.passes(password)) context.addIssue({ code: 'custom', message: rule.message });
    }
  });

/** The first failing rule's message, or null when the password meets them all. */
export function firstPasswordProblem(password: string): string | null {
  const result = passwordSchema.safeParse(password);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

// spec §5: email trimmed and valid, else "Invalid email address"
export const INVALID_EMAIL_MESSAGE = 'Invalid email address';

/**
 * issue 14 finding 6: RFC 5321's longest address, and longest local part (a sign-up without a
 * name is named after it, which must fit the name's limit).
 */
export const EMAIL_MAX_LENGTH = 254;
const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
export const NAME_MAX_LENGTH = 100;

export const emailSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE)
  .pipe(z.email(INVALID_EMAIL_MESSAGE))
  .refine(
    (email) => email.slice(0, email.lastIndexOf('@')).length <= EMAIL_LOCAL_PART_MAX_LENGTH,
    INVALID_EMAIL_MESSAGE,
  );

export const signUpSchema = z
  .object({
    name: formText()
      .trim()
      .max(NAME_MAX_LENGTH, `Name must be less than ${NAME_MAX_LENGTH} characters`)
      .optional()
      .transform((name) => name ?? ''),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: 'Passwords do not match' }),
  })
  // spec §5: confirmation must match
  .refine((input) => input.password === input.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});

/**
 * spec §8 identity messages: a one-time code needs somewhere to go. The email or the phone number
 * may be given; neither is the spec's error.
 */
export const NO_CONTACT_MESSAGE = 'You must provide either an email or phone number.';

export const oneTimeCodeRequestSchema = z
  .object({
    email: z.string().trim().toLowerCase().optional(),
    phoneNumber: z
      .string()
      .trim()
      .transform((phone) => phone.replace(/[\s()-]/g, ''))
      .optional(),
  })
  .transform((input, context) => {
    if (input.email) {
      const email = emailSchema.safeParse(input.email);
      if (!email.success) {
        context.addIssue({ code: 'custom', message: INVALID_EMAIL_MESSAGE, path: ['email'] });
        return z.NEVER;
      }
      return { channel: 'email' as const, email: email.data };
    }
    if (input.phoneNumber) {
      if (!/^\+?\d{7,15}$/.test(input.phoneNumber)) {
        context.addIssue({
          code: 'custom',
          message: 'Enter the phone number with its country code, such as +91 98290 00000',
          path: ['phoneNumber'],
        });
        return z.NEVER;
      }
      return { channel: 'phone' as const, phoneNumber: input.phoneNumber };
    }
    context.addIssue({ code: 'custom', message: NO_CONTACT_MESSAGE, path: ['email'] });
    return z.NEVER;
  });

export const oneTimeCodeSchema = z
  .string({ error: 'Enter the 6-digit code' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

export const resetPasswordSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string({ error: 'Passwords do not match' }),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Enter your current password' })
      .min(1, 'Enter your current password'),
    password: passwordSchema,
    confirmPassword: z.string({ error: 'Passwords do not match' }),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export const changeEmailSchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password'),
  email: emailSchema,
});

/** After sign-in the user goes back where they came from, but only to a page of this site. */
export function safeRedirectTarget(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return '/';
  }
  // Sending the user back to /auth itself would bounce them straight home anyway.
  return target.startsWith('/auth') ? '/' : target;
}

// spec §8: identity toasts, word for word. A bad sign-up e-mail says spec §5's message (§8's
// "Please enter a valid email address" is the quotation form's).
export const identityToasts = {
  invalidEmail: { title: 'Invalid Email', description: INVALID_EMAIL_MESSAGE },
  passwordRules: { title: 'Password Requirements Not Met' },
  passwordMismatch: { title: 'Password Mismatch', description: 'Passwords do not match' },
  signUpError: { title: 'Sign Up Error' },
  signInError: { title: 'Sign In Error' },
  signedUp: {
    title: 'Account created successfully!',
    description: 'You can now sign in with your credentials',
  },
  signedIn: { title: 'Welcome back!' },
} as const;
