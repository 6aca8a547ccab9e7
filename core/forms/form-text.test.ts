/**
 * docs/requirements.md §14 "Content and files": every field others read as a name or a label
 * refuses invisible and direction-changing characters with one message; long prose keeps them.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addressSchema, profileSchema } from '../identity/account';
import { apiKeyFormSchema, webhookEndpointFormSchema } from '../api/api-access';
import { reviewSchema } from '../community/community';
import { contactMessageSchema } from '../community/contact';
import { formText, hasOnlyVisibleCharacters, INVISIBLE_CHARACTERS_MESSAGE } from './form-text';
import { authRequestProblem } from '../identity/identity-fields';
import { signUpSchema } from '../identity/identity';
import { orderFromQuotationSchema } from '../orders/orders';
import { ownerSetupSchema } from '../identity/owner-setup';
import { addPasskeySchema } from '../identity/passkeys';
import { mediaFormSchema, productFormSchema } from '../catalog/product-console';
import { quotationRequestSchema } from '../quotes/quotation';
import { acceptOfferSchema } from '../quotes/quote-forms';
import { quoteListDetailsSchema } from '../quotes/quote-list';
import { offerLineSchema } from '../quotes/quote-offer';
import { editableSettingKeys, settingsFormSchema } from '../admin/settings';
import { siteDefaults } from '../../content/site';

/** Each character the rule names, as it would be pasted into the middle of a name. */
const INVISIBLE = {
  'right-to-left override U+202E': '\u202E',
  'left-to-right embedding U+202A': '\u202A',
  'pop directional formatting U+202C': '\u202C',
  'right-to-left isolate U+2067': '\u2067',
  'pop directional isolate U+2069': '\u2069',
  'left-to-right mark U+200E': '\u200E',
  'right-to-left mark U+200F': '\u200F',
  'Arabic letter mark U+061C': '\u061C',
  'zero-width space U+200B': '\u200B',
  'zero-width non-joiner U+200C': '\u200C',
  'zero-width joiner U+200D': '\u200D',
  'word joiner U+2060': '\u2060',
  'invisible separator U+2063': '\u2063',
  'byte-order mark U+FEFF': '\uFEFF',
};

const PASSWORD = 'Marble#Lotus9';
const ADDRESS_LINES = {
  streetAddress: '12 Lake Road',
  apartment: 'Flat 4',
  city: 'Udaipur',
  state: 'Rajasthan',
};

/** A valid form of each schema, and its fields that are names or labels. */
const nameFields: { form: string; schema: z.ZodType; valid: object; fields: string[] }[] = [
  {
    form: 'Settings (every text)',
    schema: settingsFormSchema,
    valid: Object.fromEntries(editableSettingKeys.map((key) => [key, siteDefaults[key]])),
    fields: editableSettingKeys.filter((key) => key !== 'dailyDigest'),
  },
  {
    form: 'sign-up',
    schema: signUpSchema,
    valid: {
      name: 'Asha Rao',
      email: 'asha@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
    fields: ['name'],
  },
  {
    form: 'owner setup',
    schema: ownerSetupSchema,
    valid: {
      name: 'Devika',
      email: 'devika@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
    fields: ['name'],
  },
  {
    form: 'profile',
    schema: profileSchema,
    valid: { displayName: 'Asha Rao', phone: '+91 98290 00000' },
    fields: ['displayName'],
  },
  {
    form: 'address',
    schema: addressSchema,
    valid: {
      title: 'Home',
      ...ADDRESS_LINES,
      postalCode: '313001',
      country: 'IN',
    },
    fields: ['title', 'streetAddress', 'apartment', 'city', 'state'],
  },
  {
    form: 'contact',
    schema: contactMessageSchema,
    valid: { name: 'Asha', email: 'asha@example.com', subject: 'Hello', message: 'A question' },
    fields: ['name', 'subject'],
  },
  {
    form: 'quotation request',
    schema: quotationRequestSchema,
    valid: {
      quantity: '2',
      customerName: 'Meera Iyer',
      customerCompany: 'Iyer Interiors',
      customerMobile: '+91 98765 43210',
    },
    fields: ['customerName', 'customerCompany'],
  },
  {
    form: 'quote list details',
    schema: quoteListDetailsSchema,
    valid: {
      customerName: 'Meera Iyer',
      customerCompany: 'Iyer Interiors',
      customerMobile: '+91 98765 43210',
    },
    fields: ['customerName', 'customerCompany'],
  },
  {
    form: 'accept offer',
    schema: acceptOfferSchema,
    valid: {
      paymentMethod: 'upi',
      name: 'Meera Iyer',
      ...ADDRESS_LINES,
      postalCode: '313001',
      country: 'IN',
    },
    fields: ['name', 'streetAddress', 'apartment', 'city', 'state'],
  },
  {
    form: 'order from a quotation',
    schema: orderFromQuotationSchema,
    valid: {
      quantity: '1',
      unitPrice: '100',
      shipping: '0',
      tax: '0',
      paymentMethod: 'upi',
      name: 'Meera Iyer',
      ...ADDRESS_LINES,
      postalCode: '313001',
      country: 'India',
    },
    fields: ['name', 'streetAddress', 'apartment', 'city', 'state', 'postalCode', 'country'],
  },
  {
    form: 'product',
    schema: productFormSchema,
    valid: {
      name: 'Marble Urli',
      price: '3400',
      description: 'A bowl for floating flowers.',
      category: 'home',
      material: 'Marble',
      shortDescription: 'White marble with inlay',
      subcategory: 'Urli',
      region: 'Rajasthan',
      dimensions: '30 cm',
      weight: '4 kg',
    },
    fields: [
      'name',
      'material',
      'shortDescription',
      'subcategory',
      'region',
      'dimensions',
      'weight',
    ],
  },
  {
    form: 'product media',
    schema: mediaFormSchema,
    valid: { mediaUrl: 'https://example.com/urli.jpg', mediaType: 'image', altText: 'Urli' },
    fields: ['altText'],
  },
  {
    form: 'review',
    schema: reviewSchema,
    valid: { title: 'Lovely', content: 'The marble glows at dusk.', rating: '5' },
    fields: ['title'],
  },
  {
    form: 'offer line',
    schema: offerLineSchema,
    valid: { description: 'Marble urli, 40 cm', quantity: '1', unitPrice: '3400' },
    fields: ['description'],
  },
  {
    form: 'API key',
    schema: apiKeyFormSchema,
    valid: { name: 'CRM sync', scopes: 'orders:read' },
    fields: ['name'],
  },
  {
    form: 'webhook endpoint',
    schema: webhookEndpointFormSchema,
    valid: { url: 'https://crm.example.com/hook', description: 'CRM', events: 'order.created' },
    fields: ['description'],
  },
  {
    form: 'passkey',
    schema: addPasskeySchema,
    valid: { name: 'My phone' },
    fields: ['name'],
  },
];

describe('invisible and direction-changing characters', () => {
  it.each(Object.entries(INVISIBLE))('finds the %s', (_name, character) => {
    expect(hasOnlyVisibleCharacters(`Kala${character}kriti`)).toBe(false);
  });

  it('passes text in every script, and emoji without joiners', () => {
    for (const text of ['Kalakriti', 'कलाकृति', 'مرحبا', 'שלום', 'Café 😀', 'e\u0301']) {
      expect(hasOnlyVisibleCharacters(text)).toBe(true);
    }
  });

  for (const { form, schema, valid, fields } of nameFields) {
    it(`the ${form} form takes its valid values`, () => {
      const parsed = schema.safeParse(valid);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    });

    it.each(fields)(`the ${form} form refuses an invisible character in %s, saying so`, (field) => {
      for (const character of ['\u202E', '\u200B']) {
        const value = `${String((valid as Record<string, unknown>)[field] ?? 'x')}`;
        const tampered = { ...valid, [field]: `${value.slice(0, 1)}${character}${value.slice(1)}` };
        const parsed = schema.safeParse(tampered);
        expect(parsed.success).toBe(false);
        expect(parsed.error?.issues).toContainEqual(
          expect.objectContaining({ path: [field], message: INVISIBLE_CHARACTERS_MESSAGE }),
        );
      }
    });
  }

  it('refuses them in a name sent to the identity endpoints directly (a sign-up, a passkey)', () => {
    expect(authRequestProblem('/sign-up/email', { name: '\u202Eevil' })).toBe(
      INVISIBLE_CHARACTERS_MESSAGE,
    );
    expect(authRequestProblem('/passkey/verify-registration', { name: 'My\u200Bphone' })).toBe(
      INVISIBLE_CHARACTERS_MESSAGE,
    );
    expect(authRequestProblem('/passkey/generate-register-options', {}, { name: '\u2067x' })).toBe(
      INVISIBLE_CHARACTERS_MESSAGE,
    );
    expect(authRequestProblem('/sign-up/email', { name: 'Asha Rao' })).toBeNull();
  });

  it('keeps them in long prose, where an emoji sequence or an Indian script may need a joiner', () => {
    const prose = 'Loved it 👩🏽\u200D🔧 क्\u200Dष';
    expect(formText().parse(prose)).toBe(prose);
    expect(reviewSchema.parse({ content: prose }).content).toBe(prose);
  });
});
