/**
 * docs/decisions/008: every zod schema of core/ takes random and hostile input without throwing; a refusal
 * speaks only the spec's messages for the form, and an acceptance yields values that keep the
 * schema's rules (trimmed, within the limits, storable in PostgreSQL, which refuses NUL).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADDRESS_FORM_MESSAGES } from '../tests/support/form-messages';
import { hostileForm, hostileText } from '../tests/support/hostile-input';
import { addressSchema, profileSchema } from './identity/account';
import { categoryValues } from './catalog/categories';
import { answerSchema, questionSchema, reviewSchema } from './community/community';
import { INVISIBLE_CHARACTERS_MESSAGE } from './forms/form-text';
import { contactMessageSchema } from './community/contact';
import {
  changeEmailSchema,
  changePasswordSchema,
  emailSchema,
  INVALID_EMAIL_MESSAGE,
  NO_CONTACT_MESSAGE,
  oneTimeCodeRequestSchema,
  oneTimeCodeSchema,
  passwordRules,
  passwordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from './identity/identity';
import { NEWSLETTER_INVALID_EMAIL, newsletterSubscriptionSchema } from './community/newsletter';
import {
  CONSOLE_MISSING_FIELDS,
  mediaFormSchema,
  PRODUCT_MAX_PRICE_RUPEES,
  productFormSchema,
} from './catalog/product-console';
import {
  QUOTATION_INVALID_EMAIL,
  QUOTATION_INVALID_MOBILE,
  QUOTATION_MISSING_FIELDS,
  quotationRequestSchema,
} from './quotes/quotation';
import {
  ADMIN_MAX_PAGE,
  ADMIN_TABS,
  adminQuerySchema,
  authCodeQuerySchema,
  authQuerySchema,
  blogQuerySchema,
  DASHBOARD_TABS,
  dashboardQuerySchema,
  dashboardSecurityQuerySchema,
  parseRouteQuery,
  productConsoleQuerySchema,
  productQuerySchema,
  resetPasswordQuerySchema,
  searchSuggestionsQuerySchema,
  SITEMAP_MAX_PAGE,
  sitemapQuerySchema,
  unsubscribeQuerySchema,
} from './forms/route-query';
import { quotationListQuerySchema } from './admin/admin-list-query';
import { SORT_OPTIONS } from './catalog/shop-listing';
import { parseShopQuery, SHOP_MAX_PAGE } from './catalog/shop-query';
import { welcomeLeadSchema } from './catalog/welcome-lead';

const RUNS = 60;
const PASSWORD = 'Marble#Lotus9';

type Output = Record<string, unknown>;

/**
 * Trimmed text within its limit, without NUL (PostgreSQL text cannot hold it). Limits count
 * characters (code points), as zod and PostgreSQL's varchar do, not UTF-16 units.
 */
function isStorableText(value: unknown, max: number, required = true): boolean {
  if (value === null) return !required;
  return (
    typeof value === 'string' &&
    value === value.trim() &&
    [...value].length <= max &&
    (value.length > 0 || !required) &&
    !value.includes('\u0000')
  );
}

function isEmail(value: unknown, max = 255): boolean {
  return (
    typeof value === 'string' &&
    [...value].length <= max &&
    value === value.trim().toLowerCase() &&
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
  );
}

function meetsPasswordRules(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    value.length <= 128 &&
    passwordRules.every((rule) => rule.passes(value))
  );
}

const passwordMessages = [
  ...passwordRules.map((rule) => rule.message),
  'Password must be at most 128 characters',
];
const keepUnder = (...limits: number[]) =>
  limits.map((limit) => `Please keep this under ${limit} characters`);
const lessThan = (...fields: [string, number][]) =>
  fields.map(([label, limit]) => `${label} must be less than ${limit} characters`);

interface SchemaCase {
  name: string;
  schema: z.ZodType;
  /** A valid input, whose fields the property replaces with hostile text or removes. */
  valid: Record<string, string> | string;
  /** The spec's messages for this form (spec §5, §8, §9). */
  messages: string[];
  /** The rules an accepted value keeps. */
  holds(output: never): boolean;
}

const cases: SchemaCase[] = [
  {
    name: 'profileSchema',
    schema: profileSchema,
    valid: { displayName: 'Asha Rao', phone: '+91 98290 00000' },
    messages: [
      INVISIBLE_CHARACTERS_MESSAGE,
      ...lessThan(['Display name', 100], ['Phone', 20]),
      'Enter a phone number of digits, spaces and an optional leading +',
    ],
    holds: (output: Output) =>
      isStorableText(output.displayName, 100, false) &&
      (output.phone === null ||
        (isStorableText(output.phone, 20) && /^\+?[\d\s()-]{7,20}$/.test(String(output.phone)))),
  },
  {
    name: 'addressSchema',
    schema: addressSchema,
    valid: {
      title: 'Home',
      streetAddress: '12 Lake Road',
      apartment: 'Flat 4',
      city: 'Udaipur',
      state: 'Rajasthan',
      postalCode: '313001',
      country: 'IN',
      isDefault: 'on',
    },
    messages: [...ADDRESS_FORM_MESSAGES],
    holds: (output: Output) =>
      isStorableText(output.title, 50) &&
      isStorableText(output.streetAddress, 200) &&
      isStorableText(output.apartment, 100, false) &&
      isStorableText(output.city, 100) &&
      isStorableText(output.state, 100) &&
      isStorableText(output.postalCode, 20) &&
      isStorableText(output.country, 60) &&
      typeof output.isDefault === 'boolean',
  },
  {
    name: 'reviewSchema',
    schema: reviewSchema,
    valid: { title: 'Lovely', content: 'The marble glows at dusk.', rating: '5' },
    messages: [
      INVISIBLE_CHARACTERS_MESSAGE,
      'Title must be less than 120 characters',
      'Please write your review',
      'Review must be less than 2000 characters',
      'Choose from 1 to 5 stars',
    ],
    holds: (output: Output) =>
      isStorableText(output.title, 120, false) &&
      isStorableText(output.content, 2000) &&
      (output.rating === null ||
        (Number.isInteger(output.rating) &&
          Number(output.rating) >= 1 &&
          Number(output.rating) <= 5)),
  },
  {
    name: 'questionSchema',
    schema: questionSchema,
    valid: { question: 'Is it food safe?' },
    messages: ['Please enter your question', 'Question must be less than 1000 characters'],
    holds: (output: Output) => isStorableText(output.question, 1000),
  },
  {
    name: 'answerSchema',
    schema: answerSchema,
    valid: { answer: 'Yes, it is sealed.' },
    messages: ['Please enter your answer', 'Answer must be less than 2000 characters'],
    holds: (output: Output) => isStorableText(output.answer, 2000),
  },
  {
    name: 'contactMessageSchema',
    schema: contactMessageSchema,
    valid: { name: 'Asha', email: 'asha@example.com', subject: 'Hello', message: 'A question' },
    messages: [
      INVISIBLE_CHARACTERS_MESSAGE,
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
      'Name must be less than 100 characters',
      'Email must be less than 255 characters',
      'Subject must be less than 200 characters',
      'Message must be less than 1000 characters',
      INVALID_EMAIL_MESSAGE,
    ],
    holds: (output: Output) =>
      isStorableText(output.name, 100) &&
      typeof output.email === 'string' &&
      [...output.email].length <= 255 &&
      /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(output.email) &&
      isStorableText(output.subject, 200) &&
      isStorableText(output.message, 1000),
  },
  {
    name: 'passwordSchema',
    schema: passwordSchema,
    valid: PASSWORD,
    messages: passwordMessages,
    holds: meetsPasswordRules,
  },
  {
    name: 'emailSchema',
    schema: emailSchema,
    valid: 'Asha@Example.com ',
    messages: [INVALID_EMAIL_MESSAGE],
    holds: (output: unknown) => isEmail(output, Infinity),
  },
  {
    name: 'signUpSchema',
    schema: signUpSchema,
    valid: {
      name: 'Asha',
      email: 'asha@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
    messages: [
      INVISIBLE_CHARACTERS_MESSAGE,
      'Name must be less than 100 characters',
      INVALID_EMAIL_MESSAGE,
      ...passwordMessages,
      'Passwords do not match',
    ],
    holds: (output: Output) =>
      (output.name === '' || isStorableText(output.name, 100)) &&
      isEmail(output.email, Infinity) &&
      meetsPasswordRules(output.password) &&
      output.password === output.confirmPassword,
  },
  {
    name: 'signInSchema',
    schema: signInSchema,
    valid: { email: 'asha@example.com', password: PASSWORD },
    messages: [INVALID_EMAIL_MESSAGE, 'Password is required'],
    holds: (output: Output) =>
      isEmail(output.email, Infinity) &&
      typeof output.password === 'string' &&
      output.password !== '',
  },
  {
    name: 'oneTimeCodeRequestSchema',
    schema: oneTimeCodeRequestSchema,
    valid: { email: 'asha@example.com', phoneNumber: '+91 98290 00000' },
    messages: [
      INVALID_EMAIL_MESSAGE,
      'Enter the phone number with its country code, such as +91 98290 00000',
      NO_CONTACT_MESSAGE,
    ],
    holds: (output: Output) =>
      output.channel === 'email'
        ? isEmail(output.email, Infinity)
        : output.channel === 'phone' && /^\+?\d{7,15}$/.test(String(output.phoneNumber)),
  },
  {
    name: 'oneTimeCodeSchema',
    schema: oneTimeCodeSchema,
    valid: '123456',
    messages: ['Enter the 6-digit code'],
    holds: (output: unknown) => typeof output === 'string' && /^\d{6}$/.test(output),
  },
  {
    name: 'resetPasswordSchema',
    schema: resetPasswordSchema,
    valid: { password: PASSWORD, confirmPassword: PASSWORD },
    messages: [...passwordMessages, 'Passwords do not match'],
    holds: (output: Output) =>
      meetsPasswordRules(output.password) && output.password === output.confirmPassword,
  },
  {
    name: 'changePasswordSchema',
    schema: changePasswordSchema,
    valid: { currentPassword: 'Old#Password1', password: PASSWORD, confirmPassword: PASSWORD },
    messages: ['Enter your current password', ...passwordMessages, 'Passwords do not match'],
    holds: (output: Output) =>
      typeof output.currentPassword === 'string' &&
      output.currentPassword !== '' &&
      meetsPasswordRules(output.password) &&
      output.password === output.confirmPassword,
  },
  {
    name: 'changeEmailSchema',
    schema: changeEmailSchema,
    valid: { currentPassword: PASSWORD, email: 'new@example.com' },
    messages: ['Enter your current password', INVALID_EMAIL_MESSAGE],
    holds: (output: Output) =>
      typeof output.currentPassword === 'string' &&
      output.currentPassword !== '' &&
      isEmail(output.email, Infinity),
  },
  {
    name: 'newsletterSubscriptionSchema',
    schema: newsletterSubscriptionSchema,
    valid: { email: 'asha@example.com', source: 'footer' },
    messages: [NEWSLETTER_INVALID_EMAIL],
    holds: (output: Output) =>
      isEmail(output.email) && ['home', 'footer', 'blog'].includes(String(output.source)),
  },
  {
    name: 'productFormSchema',
    schema: productFormSchema,
    valid: {
      name: 'Lotus Urli',
      price: '1250.50',
      description: 'A carved marble bowl.',
      category: 'home',
      material: 'Marble',
      shortDescription: 'Carved bowl',
      subcategory: 'Bowls',
      region: 'Rajasthan',
      dimensions: '30 cm',
      weight: '2 kg',
      careInstructions: 'Wipe dry',
      artisanStory: 'Made in Banswara',
      inStock: 'on',
      published: 'on',
      featured: '',
      bestseller: 'true',
      newArrival: 'on',
    },
    messages: [
      INVISIBLE_CHARACTERS_MESSAGE,
      CONSOLE_MISSING_FIELDS,
      'Price cannot be negative',
      'Price is too large',
      'Price has at most two decimals',
      ...keepUnder(200, 5000, 100, 300, 2000),
    ],
    holds: (output: Output) =>
      isStorableText(output.name, 200) &&
      typeof output.price === 'number' &&
      Number.isFinite(output.price) &&
      output.price >= 0 &&
      output.price <= 10_000_000 &&
      isStorableText(output.description, 5000) &&
      (categoryValues as readonly string[]).includes(String(output.category)) &&
      isStorableText(output.material, 100) &&
      isStorableText(output.shortDescription, 300, false) &&
      ['subcategory', 'region', 'dimensions', 'weight'].every((field) =>
        isStorableText(output[field], 100, false),
      ) &&
      isStorableText(output.careInstructions, 2000, false) &&
      isStorableText(output.artisanStory, 5000, false) &&
      ['inStock', 'published', 'featured', 'bestseller', 'newArrival'].every(
        (field) => typeof output[field] === 'boolean',
      ),
  },
  {
    name: 'mediaFormSchema',
    schema: mediaFormSchema,
    valid: {
      mediaUrl: 'https://example.com/lotus.webp',
      mediaType: 'image',
      altText: 'A lotus bowl',
      sortOrder: '2',
      isPrimary: 'on',
    },
    messages: [
      INVISIBLE_CHARACTERS_MESSAGE,
      CONSOLE_MISSING_FIELDS,
      ...keepUnder(2000, 300),
      'Enter a web address (https://…) or a path on this shop (/…)',
      'Media type is image or video',
      'Sort order is a whole number',
      'Sort order cannot be negative',
      'Sort order is too large',
    ],
    holds: (output: Output) =>
      isStorableText(output.mediaUrl, 2000) &&
      /^(\/|https?:\/\/)/i.test(String(output.mediaUrl)) &&
      ['image', 'video'].includes(String(output.mediaType)) &&
      isStorableText(output.altText, 300, false) &&
      (output.sortOrder === undefined ||
        (Number.isInteger(output.sortOrder) &&
          Number(output.sortOrder) >= 0 &&
          Number(output.sortOrder) <= 100_000)) &&
      typeof output.isPrimary === 'boolean',
  },
  {
    name: 'quotationRequestSchema',
    schema: quotationRequestSchema,
    valid: {
      quantity: '3',
      customizationNotes: 'Engrave a name',
      customerName: 'Asha Rao',
      customerCompany: 'Rao Interiors',
      customerMobile: '+91 98290 00000',
      customerEmail: 'asha@example.com',
    },
    messages: [
      INVISIBLE_CHARACTERS_MESSAGE,
      QUOTATION_MISSING_FIELDS,
      QUOTATION_INVALID_EMAIL,
      QUOTATION_INVALID_MOBILE,
      'Please ask for at most 100000 pieces',
      ...keepUnder(2000, 100, 200, 30),
    ],
    holds: (output: Output) =>
      Number.isInteger(output.quantity) &&
      Number(output.quantity) >= 1 &&
      Number(output.quantity) <= 100_000 &&
      isStorableText(output.customizationNotes, 2000, false) &&
      isStorableText(output.customerName, 100) &&
      isStorableText(output.customerCompany, 200, false) &&
      isStorableText(output.customerMobile, 30) &&
      (output.customerEmail === null || isEmail(output.customerEmail)),
  },
  {
    name: 'welcomeLeadSchema',
    schema: welcomeLeadSchema,
    valid: { countryCode: '+91', phone: '98290 00000', consent: 'on' },
    messages: [
      'Please enter your phone number',
      'Please enter a valid phone number',
      'Please accept the Privacy Policy and T&Cs',
    ],
    holds: (output: Output) =>
      ['+91', '+1', '+44'].includes(String(output.countryCode)) &&
      /^\d{6,14}$/.test(String(output.phone)) &&
      output.consent === 'on',
  },
];

describe.each(cases)(
  '$name under random and hostile input',
  ({ schema, valid, messages, holds }) => {
    const inputs: fc.Arbitrary<unknown> =
      typeof valid === 'string'
        ? fc.oneof(fc.constant(valid), hostileText, fc.constant(undefined))
        : fc.oneof(
            { arbitrary: fc.constant(valid), weight: 1 },
            { arbitrary: hostileForm(valid), weight: 4 },
          );

    it('never throws, refuses only with the spec’s messages, and accepts only what keeps its rules', () => {
      let accepted = 0;
      let refused = 0;
      fc.assert(
        fc.property(inputs, (input) => {
          const result = schema.safeParse(input);
          if (result.success) {
            accepted += 1;
            expect(holds(result.data as never), JSON.stringify(result.data)?.slice(0, 300)).toBe(
              true,
            );
          } else {
            refused += 1;
            for (const issue of result.error.issues) expect(messages).toContain(issue.message);
          }
        }),
        { numRuns: RUNS },
      );
      // Both sides were exercised, so neither check above passed by never running.
      expect(accepted).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    });
  },
);

// docs/requirements.md §14: every route's query schema under random query strings: known parameters
// with hostile values (repeated, huge or not-finite numbers), and unknown parameters. Reading a
// query never throws, and what it yields keeps the route's bounds.
const queryValue = fc.oneof(
  hostileText,
  fc.double().map(String),
  fc.bigInt().map(String),
  fc.constantFrom('99999999999999999999', '1e308', '-1e308', 'NaN', 'Infinity', '', '0x10'),
);

function hostileQuery(known: readonly string[]): fc.Arbitrary<URLSearchParams> {
  return fc
    .array(
      fc.tuple(fc.oneof(fc.constantFrom(...known), fc.string({ maxLength: 12 })), queryValue),
      { maxLength: 12 },
    )
    .map((pairs) => new URLSearchParams(pairs));
}

const isWithin = (value: unknown, minimum: number, maximum: number) =>
  Number.isInteger(value) && Number(value) >= minimum && Number(value) <= maximum;
const isQueryText = (value: unknown, max: number) =>
  typeof value === 'string' && [...value].length <= max && !value.includes('\u0000');

interface QueryCase {
  route: string;
  known: readonly string[];
  read(params: URLSearchParams): Record<string, unknown>;
  holds(output: Record<string, unknown>): boolean;
}

const queryCases: QueryCase[] = [
  {
    route: '/shop',
    known: ['sort', 'view', 'material', 'minPrice', 'maxPrice', 'page', 'q'],
    read: (params) => ({ ...parseShopQuery(params) }),
    holds: (output) =>
      SORT_OPTIONS.some((option) => option.value === output.sort) &&
      ['grid', 'list'].includes(String(output.view)) &&
      Array.isArray(output.materials) &&
      output.materials.length <= 50 &&
      output.materials.every((material) => isQueryText(material, 100) && material !== '') &&
      [output.minPrice, output.maxPrice].every(
        (price) => price === null || isWithin(price, 0, PRODUCT_MAX_PRICE_RUPEES),
      ) &&
      isWithin(output.page, 1, SHOP_MAX_PAGE) &&
      isQueryText(output.q, 200),
  },
  {
    route: '/admin',
    known: ['tab', 'page'],
    read: (params) => parseRouteQuery(adminQuerySchema, params),
    holds: (output) =>
      ADMIN_TABS.includes(output.tab as never) && isWithin(output.page, 1, ADMIN_MAX_PAGE),
  },
  {
    // docs/requirements.md §12: the filters of /admin's lists, their exports and /admin/subscribers
    route: '/admin?tab=quotations, /admin/export/quotations.csv',
    known: ['page', 'q', 'status', 'from', 'to', 'sort'],
    read: (params) => parseRouteQuery(quotationListQuerySchema, params),
    holds: (output) =>
      isWithin(output.page, 1, ADMIN_MAX_PAGE) &&
      isQueryText(output.q, 100) &&
      [null, 'pending', 'processing', 'completed'].includes(output.status as never) &&
      ['newest', 'oldest'].includes(output.sort as never) &&
      [output.from, output.to].every(
        (day) => day === null || /^\d{4}-\d{2}-\d{2}$/.test(String(day)),
      ),
  },
  {
    route: '/admin/product-media',
    known: ['product', 'find'],
    read: (params) => parseRouteQuery(productConsoleQuerySchema, params),
    holds: (output) => isQueryText(output.product, 200) && isQueryText(output.find, 200),
  },
  {
    route: '/dashboard',
    known: ['tab'],
    read: (params) => parseRouteQuery(dashboardQuerySchema, params),
    holds: (output) => DASHBOARD_TABS.includes(output.tab as never),
  },
  {
    route: '/dashboard/security',
    known: ['error'],
    read: (params) => parseRouteQuery(dashboardSecurityQuerySchema, params),
    holds: (output) => typeof output.error === 'boolean',
  },
  {
    route: '/product/:id',
    known: ['reviews', 'image'],
    read: (params) => parseRouteQuery(productQuerySchema, params),
    holds: (output) =>
      ['most_helpful', 'newest'].includes(String(output.reviews)) &&
      isWithin(output.image, 1, 1_000),
  },
  {
    route: '/search/suggestions',
    known: ['q'],
    read: (params) => parseRouteQuery(searchSuggestionsQuerySchema, params),
    holds: (output) => isQueryText(output.q, 200),
  },
  {
    route: '/blog',
    known: ['category', 'region'],
    read: (params) => parseRouteQuery(blogQuerySchema(['Craft'], ['Jaipur']), params),
    holds: (output) =>
      [null, 'Craft'].includes(output.category as never) &&
      [null, 'Jaipur'].includes(output.region as never),
  },
  {
    route: '/auth',
    known: ['tab'],
    read: (params) => parseRouteQuery(authQuerySchema, params),
    holds: (output) => ['sign-in', 'sign-up'].includes(String(output.tab)),
  },
  {
    route: '/auth/code',
    known: ['phone'],
    read: (params) => parseRouteQuery(authCodeQuerySchema, params),
    holds: (output) => output.phone === null || /^\+\d{7,15}$/.test(String(output.phone)),
  },
  {
    route: '/auth/reset-password',
    known: ['token'],
    read: (params) => parseRouteQuery(resetPasswordQuerySchema, params),
    holds: (output) => isQueryText(output.token, 1_000),
  },
  {
    route: '/newsletter/unsubscribe',
    known: ['token'],
    read: (params) => parseRouteQuery(unsubscribeQuerySchema, params),
    holds: (output) => isQueryText(output.token, 1_000),
  },
  {
    route: '/sitemap.xml',
    known: ['page'],
    read: (params) => parseRouteQuery(sitemapQuerySchema, params),
    holds: (output) => isWithin(output.page, 0, SITEMAP_MAX_PAGE),
  },
];

describe.each(queryCases)('the query of $route', ({ known, read, holds }) => {
  it('never throws and keeps the route’s bounds, for any query string', () => {
    fc.assert(
      fc.property(hostileQuery(known), (params) => {
        const output = read(params);
        expect(holds(output), JSON.stringify(output).slice(0, 300)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
