/** spec §9: phone country codes, +91 the default. Kept free of zod so the browser bundle is light. */
export const PHONE_COUNTRY_CODES = ['+91', '+1', '+44'] as const;
export const DEFAULT_COUNTRY_CODE = PHONE_COUNTRY_CODES[0];
