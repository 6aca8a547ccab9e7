/**
 * The customer's forms of the quote lifecycle (docs/requirements.md §10): a message on the thread, Decline,
 * Accept Offer and the payment reference (the page's texts and toasts are core/quotes/quote-texts.ts).
 * Apart from core/quotes/quote-offer.ts (which re-exports them) so that the quote page's JavaScript
 * carries these schemas without the offer composer's.
 */
import { z } from 'zod';
import { ADDRESS_LIMITS } from '../identity/account-texts';
import {
  CHOOSE_COUNTRY_MESSAGE,
  checkPostalCode,
  countryText,
  postalCodeText,
} from '../identity/address-fields';
import { formText, visibleText } from '../forms/form-text';
import { QUOTATION_INVALID_MOBILE } from './quotation-texts';
import { offerPaymentMethods, QUOTE_MESSAGE_MAX } from './quote-texts';

// docs/decisions/020: the page's words live apart, without zod; they are this module's too.
export {
  offerPaymentMethodLabels,
  offerPaymentMethods,
  QUOTE_MESSAGE_MAX,
  quoteTexts,
  quoteToasts,
  type OfferPaymentMethod,
} from './quote-texts';

/** A message on the quotation's thread, from either side (docs/requirements.md §10). */
export const quoteMessageSchema = z.object({
  body: formText({ error: 'Write a message' })
    .trim()
    .min(1, 'Write a message')
    .max(QUOTE_MESSAGE_MAX, `Please keep your message under ${QUOTE_MESSAGE_MAX} characters`),
});

export const declineOfferSchema = z.object({
  reason: formText()
    .trim()
    .max(QUOTE_MESSAGE_MAX, `Please keep the reason under ${QUOTE_MESSAGE_MAX} characters`)
    .optional()
    .transform((value) => (value ? value : null)),
});

const requiredAddressText = (max: number, label: string) =>
  visibleText({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be less than ${max} characters`);

/**
 * docs/requirements.md §10 Accept Offer: the shipping address (a saved one, by its id, or the Address fields of
 * spec §2) and the payment method. docs/requirements.md §19: the country is one of core/countries' (stored as
 * its ISO code), the postal code follows it (PIN, ZIP or postal code), the mobile is the one to
 * call for the delivery, and a signed-in buyer may save a new address to their address book.
 */
export const acceptOfferSchema = z
  .object({
    paymentMethod: z.enum(offerPaymentMethods, { error: 'Choose a payment method' }),
    addressId: z
      .string()
      .optional()
      .transform((value) => (value ? value : undefined)),
    name: visibleText().trim().max(100, 'Name must be less than 100 characters').optional(),
    // A blank mobile is the request's; the pattern only judges what was typed.
    phone: formText()
      .trim()
      .max(30, QUOTATION_INVALID_MOBILE)
      .regex(/^$|^\+?[\d\s()-]{6,}$/, QUOTATION_INVALID_MOBILE)
      .optional(),
    streetAddress: visibleText().trim().max(ADDRESS_LIMITS.streetAddress).optional(),
    apartment: visibleText().trim().max(ADDRESS_LIMITS.apartment).optional(),
    city: visibleText().trim().max(ADDRESS_LIMITS.city).optional(),
    state: visibleText().trim().max(ADDRESS_LIMITS.state).optional(),
    postalCode: postalCodeText.optional(),
    country: countryText.optional(),
    // docs/requirements.md §19 "Save this address": a checkbox posts "on" when ticked, nothing when not.
    saveAddress: z
      .union([z.boolean(), z.string()])
      .optional()
      .transform((value) => value === true || value === 'on' || value === 'true'),
  })
  .superRefine((input, context) => {
    if (input.addressId) return;
    const required = {
      streetAddress: requiredAddressText(ADDRESS_LIMITS.streetAddress, 'Street Address'),
      city: requiredAddressText(ADDRESS_LIMITS.city, 'City'),
      state: requiredAddressText(ADDRESS_LIMITS.state, 'State'),
    };
    for (const [field, schema] of Object.entries(required)) {
      const result = schema.safeParse(input[field as keyof typeof required] ?? '');
      if (!result.success) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: result.error.issues[0]?.message ?? `${field} is required`,
        });
      }
    }
    if (!input.country) {
      context.addIssue({ code: 'custom', path: ['country'], message: CHOOSE_COUNTRY_MESSAGE });
    }
    checkPostalCode(input, context);
  });
export type AcceptOfferInput = z.output<typeof acceptOfferSchema>;

/**
 * docs/requirements.md §10: a UPI UTR has 12 digits; a bank reference has 6 to 22 letters and digits. Stored in
 * capitals, so one reference typed twice in different cases is the same reference.
 */
export const paymentReferenceSubmissionSchema = z
  .object({
    paymentMethod: z.enum(offerPaymentMethods),
    reference: formText({ error: 'Enter the payment reference' })
      .trim()
      .transform((value) => value.replaceAll(/\s+/g, '').toUpperCase()),
  })
  .superRefine((input, context) => {
    const valid =
      input.paymentMethod === 'upi'
        ? /^\d{12}$/.test(input.reference)
        : /^[A-Z0-9]{6,22}$/.test(input.reference);
    if (!valid) {
      context.addIssue({
        code: 'custom',
        path: ['reference'],
        message:
          input.paymentMethod === 'upi'
            ? 'A UPI reference (UTR) has 12 digits'
            : 'A bank reference has 6 to 22 letters and digits',
      });
    }
  });
