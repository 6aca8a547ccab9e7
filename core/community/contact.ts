/** The contact form (spec §5 Contact, §9 limits): one schema for the browser and the server. */
import { z } from 'zod';
import { formText, visibleText } from '../forms/form-text';

// spec §9: contact limits
export const CONTACT_LIMITS = { name: 100, email: 255, subject: 200, message: 1000 } as const;

export const contactMessageSchema = z.object({
  name: visibleText({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(CONTACT_LIMITS.name, 'Name must be less than 100 characters'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(CONTACT_LIMITS.email, 'Email must be less than 255 characters')
    .pipe(z.email('Invalid email address')),
  subject: visibleText({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(CONTACT_LIMITS.subject, 'Subject must be less than 200 characters'),
  message: formText({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(CONTACT_LIMITS.message, 'Message must be less than 1000 characters'),
});

export type ContactMessage = z.output<typeof contactMessageSchema>;
