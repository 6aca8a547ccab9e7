import { DEFAULT_SEARCH_SYNONYMS } from '../core/search/search-synonyms';
import { DEFAULT_SHOP_TIME_ZONE } from '../core/time/shop-calendar';
import { defaultShopName } from './shop-name';

/**
 * Site settings the shop owner sets (docs/design.md §5), and their defaults. The owner edits them at
 * /admin/settings (docs/requirements.md §12; stored in `shop_settings`); a value set by the environment variable
 * named beside it wins over the stored one (server/config.ts, server/modules/settings).
 */
export const siteDefaults = {
  /** SHOP_NAME */
  shopName: defaultShopName,
  /** spec §1 */
  tagline: 'Connecting Cultures, One Craft at a Time.',
  /** SHOP_EMAIL: receives quotation and contact notifications */
  shopEmail: 'hello@kalakriti.example',
  /** SHOP_PHONE */
  phone: '+91 98290 00000',
  /** WHATSAPP_NUMBER: digits only, with country code, for https://wa.me/<number> */
  whatsappNumber: '919829000000',
  /** SHOP_ADDRESS */
  address: 'Near Tripura Sundari Road, Banswara, Rajasthan 327001, India',
  /** SOCIAL_URL: the footer's Instagram button; empty leaves it out */
  socialUrl: 'https://www.instagram.com/',
  /** SOCIAL_LABEL: the Instagram button's name (not edited at /admin/settings) */
  socialLabel: 'Follow us on Instagram',
  /** FACEBOOK_URL, YOUTUBE_URL, PINTEREST_URL: the footer's other social buttons; empty is none */
  facebookUrl: '',
  youtubeUrl: '',
  pinterestUrl: '',
  /** UPI_ID: shown on the Payment Methods page */
  upiId: 'kalakriti@upi',
  /** BANK_DETAILS: account name, number and IFSC for bank transfers, on one line */
  bankDetails:
    'Kalakriti Artisan Decor · A/c 000000000000 · IFSC SBIN0000000 · State Bank of India, Banswara',
  /** BUSINESS_HOURS: spec §9's business hours */
  businessHours: 'Mon-Fri 9-6, Sat 10-4, Sun closed',
  /** SHOP_TIME_ZONE: the IANA zone of the shop's days (docs/decisions/019, docs/design.md §3 "One shop calendar") */
  shopTimeZone: DEFAULT_SHOP_TIME_ZONE,
  /** GSTIN: the shop's GST number, on every offer PDF (docs/requirements.md §10); empty leaves it out */
  gstin: '08AAAAA0000A1Z2',
  /** DEFAULT_GST_RATE: the composer's GST rate in percent (docs/requirements.md §10: 12%) */
  defaultGstRate: '12',
  /** OFFER_VALIDITY_DAYS: how long a new offer holds (docs/requirements.md §10: 14 days) */
  offerValidityDays: '14',
  /**
   * OFFER_TERMS: the composer's terms, editable per offer: delivery, returns, the pieces. Never the
   * payment: each offer's terms begin with a sentence made from its own advance
   * (core/orders/payment-terms.ts paymentTermsSentence); migration 0023 replaced the old default's "50%".
   */
  offerTerms:
    'Prices include packing. Each piece is handmade, so grain, colour and size vary slightly from the photographs.',
  /** DAILY_DIGEST: on or off, the 09:00 mail of the requests awaiting a reply (docs/requirements.md §12) */
  dailyDigest: 'on',
  /**
   * SEARCH_SYNONYMS: the search's synonym groups, one a line, words separated by commas (docs/requirements.md §20);
   * empty is none
   */
  searchSynonyms: DEFAULT_SEARCH_SYNONYMS,
  /** DISPLAY_CURRENCIES: rates to the rupee of the currencies shown beside it (docs/requirements.md §21); none */
  displayCurrencies: '',
  /** ADVANCE_PERCENT: the share of an offer's total asked for on acceptance (docs/requirements.md §21: 100) */
  advancePercent: '100',
  /** UPI_PAYMENT_LIMIT: whole rupees; above it, bank transfer only (docs/requirements.md §21: ₹1,00,000) */
  upiPaymentLimit: '100000',
  /** HOME_STAT_{1..4}_VALUE and _LABEL: the home page's four stat tiles (spec §2's words) */
  homeStat1Value: '100+',
  homeStat1Label: 'Unique Products',
  homeStat2Value: '50+',
  homeStat2Label: 'Years Heritage',
  homeStat3Value: '1000+',
  homeStat3Label: 'Happy Customers',
  homeStat4Value: '100%',
  homeStat4Label: 'Handcrafted',
  /** NEWSLETTER_LINE: the line under the home page's newsletter heading (spec §2); empty is none */
  newsletterLine: 'Join 5,000+ craft lovers. Unsubscribe anytime.',
  /** INVOICE_PREFIX: the tax invoices' number prefix, KK/26-27/0001 (docs/decisions/027) */
  invoicePrefix: 'KK',
  /** LUT_ARN and LUT_FINANCIAL_YEAR: the Letter of Undertaking for exports without IGST; empty is none */
  lutArn: '',
  lutFinancialYear: '',
} as const;

export type SiteSettings = { -readonly [Key in keyof typeof siteDefaults]: string };
