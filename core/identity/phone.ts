/** spec §9: phone country codes, +91 the default. Kept free of zod so the browser bundle is light. */
export const PHONE_COUNTRY_CODES = ['+91', '+1', '+44'] as const;
export const DEFAULT_COUNTRY_CODE = PHONE_COUNTRY_CODES[0];

/**
 * The digits of a phone number, as one number is counted whatever its spacing or punctuation
 * ("+91 98290-12345" and "+919829012345" are one number); the placeholder e-mail of a phone
 * account is made of the same digits (`phonePlaceholderEmail`).
 */
export function phoneNumberDigits(phoneNumber: string): string {
  return phoneNumber.replace(/\D/g, '');
}
