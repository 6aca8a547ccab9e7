/** The welcome pop-up's call-back request (spec §2 Welcome pop-up, §9 phone country codes). */
import { z } from 'zod';
import { DEFAULT_COUNTRY_CODE, PHONE_COUNTRY_CODES } from '../identity/phone';

export const welcomeLeadSchema = z.object({
  countryCode: z.enum(PHONE_COUNTRY_CODES).catch(DEFAULT_COUNTRY_CODE),
  phone: z
    .string({ error: 'Please enter your phone number' })
    .trim()
    .transform((value) => value.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(/^\d{6,14}$/, 'Please enter a valid phone number')),
  consent: z.literal('on', { error: 'Please accept the Privacy Policy and T&Cs' }),
});

export type WelcomeLead = z.output<typeof welcomeLeadSchema>;
