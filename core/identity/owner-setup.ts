/**
 * docs/requirements.md §19: the first-run setup of the shop's owner account, from the one-time link the server
 * prints at start-up while no account has the admin role. The form is the sign-up's (spec §5's
 * password, e-mail and confirmation rules), with the owner's name required.
 */
import { z } from 'zod';
import { visibleText } from '../forms/form-text';
import { emailSchema, NAME_MAX_LENGTH, passwordSchema } from './identity';

/** The path of the setup page; the link adds `?token=`. */
export const OWNER_SETUP_PATH = '/setup';

/** docs/requirements.md §19: the link is valid for 24 hours from start-up. */
export const OWNER_SETUP_LINK_HOURS = 24;

/** docs/requirements.md §19: the start-up line, word for word. */
export function ownerSetupLine(publicUrl: string, token: string): string {
  return `Set up the shop's owner account: ${publicUrl}${OWNER_SETUP_PATH}?token=${token}`;
}

export const ownerSetupSchema = z
  .object({
    // spec §5 (contact form's name rule): an owner is named on the offers and in the activity log
    name: visibleText({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(NAME_MAX_LENGTH, `Name must be less than ${NAME_MAX_LENGTH} characters`),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: 'Passwords do not match' }),
  })
  // spec §5: confirmation must match
  .refine((input) => input.password === input.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export type OwnerSetupInput = z.infer<typeof ownerSetupSchema>;

/** The refusal of an address another account already uses (the owner chooses another). */
export const OWNER_EMAIL_TAKEN_MESSAGE =
  'An account already uses this e-mail address. Choose another address for the owner account.';
