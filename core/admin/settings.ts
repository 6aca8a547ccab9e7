/**
 * docs/requirements.md §12 "Settings the owner edits": the one schema of /admin/settings, used by the Conform form
 * in the browser, by `updateSettings` on the server and by server/config.ts for the environment
 * variables that set the same values. Every value is stored as text in `shop_settings`.
 */
import { z } from 'zod';
import { visibleText } from '../forms/form-text';
import { gstinTexts, refineOptionalGstin } from '../tax/gstin';
import { DEFAULT_INVOICE_PREFIX, invoicePrefixProblem } from '../tax/financial-year';
import { displayCurrenciesSettingSchema } from '../money/display-currency-schema';
import { SYNONYMS_TEXT_MAX, synonymTextProblem } from '../search/search-synonyms';
import { DEFAULT_SHOP_TIME_ZONE, isShopTimeZone } from '../time/shop-calendar';
import { editableSettingKeys, type EditableSettingKey } from './settings-keys';

export { editableSettingKeys, type EditableSettingKey };

export const SHOP_NAME_MAX = 120;
export const SHOP_EMAIL_MAX = 254;
export const PHONE_MAX = 40;
export const ADDRESS_MAX = 300;
export const BUSINESS_HOURS_MAX = 200;
/** Room for any IANA zone name; a longer text is none. */
export const SHOP_TIME_ZONE_MAX = 64;
export const SOCIAL_URL_MAX = 500;
export const UPI_ID_MAX = 100;
export const BANK_DETAILS_MAX = 500;
/** The database refuses a longer value (migration 0010's shop_settings_value_length_check). */
export const OFFER_TERMS_MAX = 2000;
/** docs/requirements.md §12: the default GST rate is a percentage from 0 to 28 (India's highest slab). */
export const GST_RATE_MAX = 28;
export const OFFER_VALIDITY_DAYS_MIN = 1;
export const OFFER_VALIDITY_DAYS_MAX = 90;
/** docs/requirements.md §21: NPCI's highest per-payment UPI limit (₹5,00,000 for some merchant categories), ×10. */
export const UPI_PAYMENT_LIMIT_MAX_RUPEES = 5_000_000;
/**
 * docs/requirements.md §2: a stat tile's figure is set large, two tiles a row on a phone: "1,000+"
 * fits, a sentence does not.
 */
export const HOME_STAT_VALUE_MAX = 8;
export const HOME_STAT_LABEL_MAX = 40;
export const NEWSLETTER_LINE_MAX = 200;

export const settingsTexts = {
  shopNameRequired: 'Please enter the shop name',
  shopNameTooLong: `The shop name can be at most ${SHOP_NAME_MAX} characters`,
  shopEmailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a phone number: digits, spaces, +, - and brackets',
  whatsappInvalid: 'Please enter the WhatsApp number as digits only, with the country code',
  addressRequired: 'Please enter the address',
  addressTooLong: `The address can be at most ${ADDRESS_MAX} characters`,
  businessHoursRequired: 'Please enter the business hours',
  businessHoursTooLong: `The business hours can be at most ${BUSINESS_HOURS_MAX} characters`,
  shopTimeZoneInvalid: `Please enter a time zone name such as ${DEFAULT_SHOP_TIME_ZONE} or Europe/London`,
  socialUrlInvalid: 'Please enter an https:// link, or leave it empty',
  homeStatValueRequired: 'Please enter the figure',
  homeStatValueTooLong: `The figure can be at most ${HOME_STAT_VALUE_MAX} characters`,
  homeStatLabelRequired: 'Please enter the words under the figure',
  homeStatLabelTooLong: `The words under the figure can be at most ${HOME_STAT_LABEL_MAX} characters`,
  newsletterLineTooLong: `The newsletter line can be at most ${NEWSLETTER_LINE_MAX} characters`,
  upiIdInvalid: 'Please enter a UPI id such as shop@bank',
  bankDetailsRequired: 'Please enter the bank details',
  bankDetailsTooLong: `The bank details can be at most ${BANK_DETAILS_MAX} characters`,
  gstinInvalid: gstinTexts.shape,
  gstRateInvalid: `Please enter a GST rate from 0 to ${GST_RATE_MAX}, with at most 2 decimals`,
  validityInvalid: `Please enter a whole number of days from ${OFFER_VALIDITY_DAYS_MIN} to ${OFFER_VALIDITY_DAYS_MAX}`,
  offerTermsTooLong: `The terms can be at most ${OFFER_TERMS_MAX} characters`,
  dailyDigestInvalid: 'Please choose on or off',
  advancePercentInvalid: 'Please enter a whole percentage from 0 to 100',
  upiPaymentLimitInvalid: `Please enter a whole number of rupees from 1 to ${UPI_PAYMENT_LIMIT_MAX_RUPEES}`,
  searchSynonymsTooLong: `The search synonyms can be at most ${SYNONYMS_TEXT_MAX} characters`,
  singleLine: 'Please keep this on one line, without control characters',
  invoicePrefixInvalid:
    'An invoice prefix is 1 to 4 characters, capital letters A–Z and digits only, such as KK.',
  lutArnInvalid:
    'Please enter the ARN of the filed LUT: 15 capital letters and digits, such as AD080426000123X, or leave it empty',
  lutFinancialYearInvalid:
    'Please enter the financial year the LUT was filed for, such as 26-27, or leave it empty',
  controlCharacters: 'Please remove the control characters',
} as const;

/**
 * docs/requirements.md §12: a line break or another control character in a one-line setting would end a
 * mail header, a log line or an `otpauth://` label early; none is taken. (Mail headers are also
 * built by nodemailer, which encodes what it is given.)
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** The same in a text of several lines: line breaks and tabs are its own. */
// eslint-disable-next-line no-control-regex -- as above, line breaks and tabs left out
const CONTROL_CHARACTER_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

const isOneLine = (value: string) => !CONTROL_CHARACTER.test(value);
const hasNoStrayControlCharacters = (value: string) =>
  !CONTROL_CHARACTER_BUT_LINE_BREAKS.test(value);

const requiredText = (max: number, required: string, tooLong: string) =>
  visibleText({ error: required }).trim().min(1, required).max(max, tooLong);

const requiredLine = (max: number, required: string, tooLong: string) =>
  requiredText(max, required, tooLong).refine(isOneLine, settingsTexts.singleLine);

const requiredLines = (max: number, required: string, tooLong: string) =>
  requiredText(max, required, tooLong).refine(
    hasNoStrayControlCharacters,
    settingsTexts.controlCharacters,
  );

const DIGITS_WITH_COUNTRY_CODE = /^\d{7,15}$/;
const PHONE = /^\+?[\d\s\-()]{7,}$/;
// NPCI's virtual payment address: a handle, "@", and the bank's name.
const UPI_ID = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;
const PERCENTAGE = /^\d{1,2}(\.\d{1,2})?$/;
const WHOLE_NUMBER = /^\d{1,3}$/;

/**
 * An absolute https:// address. Checked with the URL parser rather than zod's `z.url`, which
 * would join the zod code every storefront page loads (their script budget is spent).
 */
function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/** docs/requirements.md §12: a social link is an https:// address, or empty for no button. */
const optionalSocialUrl = () =>
  visibleText({ error: settingsTexts.socialUrlInvalid })
    .trim()
    .max(SOCIAL_URL_MAX, settingsTexts.socialUrlInvalid)
    // The URL parser drops line breaks and tabs silently: they are refused before it reads.
    .refine(isOneLine, settingsTexts.singleLine)
    .refine((value) => value === '' || isHttpsUrl(value), settingsTexts.socialUrlInvalid);

const homeStatValue = () =>
  requiredLine(
    HOME_STAT_VALUE_MAX,
    settingsTexts.homeStatValueRequired,
    settingsTexts.homeStatValueTooLong,
  );
const homeStatLabel = () =>
  requiredLine(
    HOME_STAT_LABEL_MAX,
    settingsTexts.homeStatLabelRequired,
    settingsTexts.homeStatLabelTooLong,
  );

/** Each setting's own rule: the form's field, and the check of the variable that sets it. */
export const settingFieldSchemas = {
  shopName: requiredLine(
    SHOP_NAME_MAX,
    settingsTexts.shopNameRequired,
    settingsTexts.shopNameTooLong,
  ),
  shopEmail: visibleText({ error: settingsTexts.shopEmailInvalid })
    .trim()
    .max(SHOP_EMAIL_MAX, settingsTexts.shopEmailInvalid)
    .refine(isOneLine, settingsTexts.singleLine)
    .pipe(z.email(settingsTexts.shopEmailInvalid)),
  phone: visibleText({ error: settingsTexts.phoneInvalid })
    .trim()
    .max(PHONE_MAX, settingsTexts.phoneInvalid)
    .regex(PHONE, settingsTexts.phoneInvalid),
  // For https://wa.me/<number>, which takes digits only.
  whatsappNumber: visibleText({ error: settingsTexts.whatsappInvalid })
    .trim()
    .regex(DIGITS_WITH_COUNTRY_CODE, settingsTexts.whatsappInvalid),
  address: requiredLines(ADDRESS_MAX, settingsTexts.addressRequired, settingsTexts.addressTooLong),
  businessHours: requiredLine(
    BUSINESS_HOURS_MAX,
    settingsTexts.businessHoursRequired,
    settingsTexts.businessHoursTooLong,
  ),
  // docs/decisions/019: an IANA zone, read alike by the browser, the server and PostgreSQL.
  shopTimeZone: visibleText({ error: settingsTexts.shopTimeZoneInvalid })
    .trim()
    .max(SHOP_TIME_ZONE_MAX, settingsTexts.shopTimeZoneInvalid)
    .refine(isShopTimeZone, settingsTexts.shopTimeZoneInvalid),
  socialUrl: optionalSocialUrl(),
  upiId: visibleText({ error: settingsTexts.upiIdInvalid })
    .trim()
    .max(UPI_ID_MAX, settingsTexts.upiIdInvalid)
    .regex(UPI_ID, settingsTexts.upiIdInvalid),
  bankDetails: requiredLines(
    BANK_DETAILS_MAX,
    settingsTexts.bankDetailsRequired,
    settingsTexts.bankDetailsTooLong,
  ),
  // docs/requirements.md §10: empty leaves the GSTIN off the offer PDF. docs/requirements.md §12: its state code
  // and check character are checked as well as its shape (core/tax/gstin.ts).
  gstin: visibleText({ error: settingsTexts.gstinInvalid })
    .trim()
    .toUpperCase()
    .superRefine(refineOptionalGstin),
  defaultGstRate: visibleText({ error: settingsTexts.gstRateInvalid })
    .trim()
    .regex(PERCENTAGE, settingsTexts.gstRateInvalid)
    .refine((value) => Number(value) <= GST_RATE_MAX, settingsTexts.gstRateInvalid)
    // "12.50" and "12.5" are one rate: stored as the number reads.
    .transform((value) => String(Number(value))),
  offerValidityDays: visibleText({ error: settingsTexts.validityInvalid })
    .trim()
    .regex(WHOLE_NUMBER, settingsTexts.validityInvalid)
    .refine((value) => {
      const days = Number(value);
      return days >= OFFER_VALIDITY_DAYS_MIN && days <= OFFER_VALIDITY_DAYS_MAX;
    }, settingsTexts.validityInvalid)
    .transform((value) => String(Number(value))),
  offerTerms: visibleText()
    .trim()
    .max(OFFER_TERMS_MAX, settingsTexts.offerTermsTooLong)
    .refine(hasNoStrayControlCharacters, settingsTexts.controlCharacters),
  // docs/requirements.md §12: the 09:00 digest of requests awaiting a reply can be turned off.
  dailyDigest: z.enum(['on', 'off'], { error: settingsTexts.dailyDigestInvalid }),
  // docs/requirements.md §20: one synonym group a line (core/search/search-synonyms.ts); empty is no synonyms.
  searchSynonyms: visibleText()
    // A textarea posts its lines with CRLF: stored with LF, the defaults' text is saved unchanged.
    .overwrite((value) => value.replace(/\r\n?/g, '\n'))
    .trim()
    .max(SYNONYMS_TEXT_MAX, settingsTexts.searchSynonymsTooLong)
    .refine(hasNoStrayControlCharacters, settingsTexts.controlCharacters)
    .superRefine((value, context) => {
      const problem = synonymTextProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  // docs/requirements.md §21: the display currencies' rates to the rupee (core/money/display-currency.ts).
  displayCurrencies: displayCurrenciesSettingSchema,
  // docs/requirements.md §21: the share of an offer's total asked for on acceptance; 100 is payment in full.
  advancePercent: visibleText({ error: settingsTexts.advancePercentInvalid })
    .trim()
    .regex(WHOLE_NUMBER, settingsTexts.advancePercentInvalid)
    .refine((value) => Number(value) <= 100, settingsTexts.advancePercentInvalid)
    .transform((value) => String(Number(value))),
  // docs/requirements.md §21: whole rupees; an amount above it is paid by bank transfer only.
  upiPaymentLimit: visibleText({ error: settingsTexts.upiPaymentLimitInvalid })
    .trim()
    .regex(/^\d{1,7}$/, settingsTexts.upiPaymentLimitInvalid)
    .refine((value) => {
      const rupees = Number(value);
      return rupees >= 1 && rupees <= UPI_PAYMENT_LIMIT_MAX_RUPEES;
    }, settingsTexts.upiPaymentLimitInvalid)
    .transform((value) => String(Number(value))),
  facebookUrl: optionalSocialUrl(),
  youtubeUrl: optionalSocialUrl(),
  pinterestUrl: optionalSocialUrl(),
  homeStat1Value: homeStatValue(),
  homeStat1Label: homeStatLabel(),
  homeStat2Value: homeStatValue(),
  homeStat2Label: homeStatLabel(),
  homeStat3Value: homeStatValue(),
  homeStat3Label: homeStatLabel(),
  homeStat4Value: homeStatValue(),
  homeStat4Label: homeStatLabel(),
  // Empty leaves the line out.
  newsletterLine: visibleText()
    .trim()
    .max(NEWSLETTER_LINE_MAX, settingsTexts.newsletterLineTooLong)
    .refine(isOneLine, settingsTexts.singleLine),
  // docs/decisions/027: the prefix is the owner's; the year and the counter are not (core/tax/financial-year.ts).
  invoicePrefix: visibleText({ error: settingsTexts.invoicePrefixInvalid })
    .trim()
    .toUpperCase()
    .refine((value) => invoicePrefixProblem(value) === null, settingsTexts.invoicePrefixInvalid),
  // docs/decisions/027: the ARN the GST portal gave the filed Letter of Undertaking; empty is none.
  lutArn: visibleText({ error: settingsTexts.lutArnInvalid })
    .trim()
    .toUpperCase()
    .regex(/^(|[A-Z0-9]{15})$/, settingsTexts.lutArnInvalid),
  // An LUT covers one financial year: "26-27", two years in a row.
  lutFinancialYear: visibleText({ error: settingsTexts.lutFinancialYearInvalid })
    .trim()
    .refine(
      (value) => value === '' || isFinancialYearLabel(value),
      settingsTexts.lutFinancialYearInvalid,
    ),
} satisfies Record<EditableSettingKey, z.ZodType<string, string>>;

/** "26-27": two-digit years, the second the year after the first. */
function isFinancialYearLabel(value: string): boolean {
  const match = /^(\d{2})-(\d{2})$/.exec(value);
  return match !== null && (Number(match[1]) + 1) % 100 === Number(match[2]);
}

/**
 * The settings form. Every field is optional: a field set by an environment variable is shown
 * disabled and not posted, and the server leaves what is not posted as it is. A posted field is
 * checked by its rule.
 */
export const settingsFormSchema = z.object(
  Object.fromEntries(
    editableSettingKeys.map((key) => [key, settingFieldSchemas[key].optional()]),
  ) as { [Key in EditableSettingKey]: z.ZodOptional<(typeof settingFieldSchemas)[Key]> },
);
export type SettingsForm = z.output<typeof settingsFormSchema>;

/** The values of every editable setting, as stored and shown. */
export type EditableSettings = Record<EditableSettingKey, string>;

export const settingLabels: Record<EditableSettingKey, string> = {
  shopName: 'Shop name',
  shopEmail: 'Shop e-mail',
  phone: 'Phone',
  whatsappNumber: 'WhatsApp number',
  address: 'Postal address',
  businessHours: 'Business hours',
  shopTimeZone: 'Shop time zone',
  socialUrl: 'Instagram link',
  upiId: 'UPI id',
  bankDetails: 'Bank details',
  gstin: 'GSTIN',
  defaultGstRate: 'Default GST rate (%)',
  offerValidityDays: 'Default offer validity (days)',
  offerTerms: 'Offer terms',
  dailyDigest: 'Daily digest mail',
  searchSynonyms: 'Search synonyms',
  displayCurrencies: 'Display currencies',
  advancePercent: 'Advance payment (%)',
  upiPaymentLimit: 'UPI limit per payment (₹)',
  facebookUrl: 'Facebook link',
  youtubeUrl: 'YouTube link',
  pinterestUrl: 'Pinterest link',
  homeStat1Value: 'First tile’s figure',
  homeStat1Label: 'First tile’s words',
  homeStat2Value: 'Second tile’s figure',
  homeStat2Label: 'Second tile’s words',
  homeStat3Value: 'Third tile’s figure',
  homeStat3Label: 'Third tile’s words',
  homeStat4Value: 'Fourth tile’s figure',
  homeStat4Label: 'Fourth tile’s words',
  newsletterLine: 'Newsletter line',
  invoicePrefix: 'Invoice number prefix',
  lutArn: 'LUT ARN',
  lutFinancialYear: 'LUT financial year',
};

/** What each field is for, under its label. */
export const settingHints: Partial<Record<EditableSettingKey, string>> = {
  shopEmail: 'Quotation and contact notifications go to this address.',
  whatsappNumber: 'Digits only, with the country code (for wa.me links), e.g. 919829000000.',
  shopTimeZone:
    'The shop’s days in this zone: order numbers, offer expiry, the 09:00 digest, date filters.',
  address: 'On every mail, every offer PDF and the contact page.',
  socialUrl: 'Each link is a button in the footer, an https:// link; leave one empty for none.',
  homeStat1Value: `The home page’s stat tiles: a figure of up to ${HOME_STAT_VALUE_MAX} characters, such as 40+, and the words under it.`,
  newsletterLine: 'Under the home page’s newsletter sign-up; leave empty for none.',
  gstin: 'Printed on every offer PDF; leave empty to leave it out.',
  defaultGstRate: 'The offer composer’s GST rate, 0 to 28.',
  offerValidityDays: 'How long a new offer holds, 1 to 90 days.',
  offerTerms: 'The offer composer’s terms; editable per offer.',
  advancePercent:
    'The share of the total asked for on acceptance, 0 to 100; 100 is payment in full. Editable per offer.',
  upiPaymentLimit: 'An amount above it is paid by bank transfer only.',
  dailyDigest: 'At 09:00 shop time, a mail listing the requests awaiting a reply.',
  invoicePrefix: `1 to 4 capital letters or digits. Invoices are numbered ${DEFAULT_INVOICE_PREFIX}/26-27/0001, credit notes ${DEFAULT_INVOICE_PREFIX}C/26-27/0001, receipt vouchers ${DEFAULT_INVOICE_PREFIX}R/26-27/0001.`,
  lutArn:
    'The ARN of your Letter of Undertaking for exports. With it, an export invoice carries no IGST; empty charges IGST on exports.',
  lutFinancialYear: 'The financial year the LUT covers, such as 26-27; file a new LUT each year.',
  // docs/requirements.md §20
  searchSynonyms:
    'One group a line, words separated by commas. A search that finds nothing tries every word of its group.',
};

/** The environment variable that sets each key; a value it sets wins and cannot be edited. */
export const settingEnvironmentVariables = {
  shopName: 'SHOP_NAME',
  shopEmail: 'SHOP_EMAIL',
  phone: 'SHOP_PHONE',
  whatsappNumber: 'WHATSAPP_NUMBER',
  address: 'SHOP_ADDRESS',
  businessHours: 'BUSINESS_HOURS',
  shopTimeZone: 'SHOP_TIME_ZONE',
  socialUrl: 'SOCIAL_URL',
  upiId: 'UPI_ID',
  bankDetails: 'BANK_DETAILS',
  gstin: 'GSTIN',
  defaultGstRate: 'DEFAULT_GST_RATE',
  offerValidityDays: 'OFFER_VALIDITY_DAYS',
  offerTerms: 'OFFER_TERMS',
  dailyDigest: 'DAILY_DIGEST',
  searchSynonyms: 'SEARCH_SYNONYMS',
  displayCurrencies: 'DISPLAY_CURRENCIES',
  advancePercent: 'ADVANCE_PERCENT',
  upiPaymentLimit: 'UPI_PAYMENT_LIMIT',
  facebookUrl: 'FACEBOOK_URL',
  youtubeUrl: 'YOUTUBE_URL',
  pinterestUrl: 'PINTEREST_URL',
  homeStat1Value: 'HOME_STAT_1_VALUE',
  homeStat1Label: 'HOME_STAT_1_LABEL',
  homeStat2Value: 'HOME_STAT_2_VALUE',
  homeStat2Label: 'HOME_STAT_2_LABEL',
  homeStat3Value: 'HOME_STAT_3_VALUE',
  homeStat3Label: 'HOME_STAT_3_LABEL',
  homeStat4Value: 'HOME_STAT_4_VALUE',
  homeStat4Label: 'HOME_STAT_4_LABEL',
  newsletterLine: 'NEWSLETTER_LINE',
  invoicePrefix: 'INVOICE_PREFIX',
  lutArn: 'LUT_ARN',
  lutFinancialYear: 'LUT_FINANCIAL_YEAR',
} as const satisfies Record<EditableSettingKey, string>;

/** The form's sections, in the order the page shows them. */
export const settingGroups: { title: string; keys: EditableSettingKey[] }[] = [
  { title: 'Shop', keys: ['shopName', 'address', 'businessHours', 'shopTimeZone'] },
  { title: 'Social links', keys: ['socialUrl', 'facebookUrl', 'youtubeUrl', 'pinterestUrl'] },
  {
    title: 'Home page',
    keys: [
      'homeStat1Value',
      'homeStat1Label',
      'homeStat2Value',
      'homeStat2Label',
      'homeStat3Value',
      'homeStat3Label',
      'homeStat4Value',
      'homeStat4Label',
      'newsletterLine',
    ],
  },
  { title: 'Contact', keys: ['shopEmail', 'phone', 'whatsappNumber'] },
  { title: 'Payment', keys: ['upiId', 'bankDetails', 'gstin', 'upiPaymentLimit'] },
  {
    title: 'Offers',
    keys: ['defaultGstRate', 'offerValidityDays', 'advancePercent', 'offerTerms'],
  },
  { title: 'Invoices', keys: ['invoicePrefix', 'lutArn', 'lutFinancialYear'] },
  { title: 'Display currencies', keys: ['displayCurrencies'] },
  { title: 'Notifications', keys: ['dailyDigest'] },
  { title: 'Search', keys: ['searchSynonyms'] },
];

/** The refusal of a value the environment sets (docs/requirements.md §12: it wins, and shows as locked). */
export function lockedSettingMessage(key: EditableSettingKey): string {
  return `${settingLabels[key]} is set by the environment variable ${settingEnvironmentVariables[key]} and cannot be changed here.`;
}

/** The note beside a locked field. */
export function lockedSettingNote(variable: string): string {
  return `Set by the environment variable ${variable}`;
}
