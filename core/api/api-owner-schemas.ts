/**
 * The owner's side of the headless API (docs/requirements.md §11): what `/api/v1/admin/...` answers, and the few
 * inputs that have no form schema of their own (a list's page, a status move). The bodies of the
 * owner's forms are the forms' own schemas (core/quotes/quote-offer.ts, core/orders/orders.ts,
 * core/catalog/product-console.ts), unchanged. `meta({ id })` names a shape in the OpenAPI document; the
 * names start with `Owner` where a customer's view of the same thing differs.
 */
import { z } from 'zod';
import { orderActions } from '../admin/admin';
import { apiRequestedPiecesShape } from './api-schemas';
import { apiReturnSchema } from './api-returns';
import { offerStatuses, ownerOfferActions } from '../quotes/quote-offer';
import { ADMIN_MAX_PAGE } from '../forms/route-query';
import { editableSettingKeys, type EditableSettingKey } from '../admin/settings-keys';
import {
  contactMessageStatuses,
  mediaTypes,
  orderStatuses,
  paymentStatuses,
  quotationStatuses,
} from '../orders/statuses';

const instant = z.string().meta({ description: 'An ISO 8601 instant.' });
const paise = z.number().int().meta({ description: 'Paise (1/100 rupee).' });
/** docs/requirements.md §21: an order paid in two parts; both null when it is paid in one payment. */
const orderAdvanceAndBalance = {
  advanceMinor: paise.nullable().meta({
    description: 'The advance asked for first, in paise; null when paid in one payment.',
  }),
  balanceMinor: paise.nullable().meta({
    description: 'The balance after it (total − advance), in paise; null when paid in one payment.',
  }),
};
const rowId = (example: string) =>
  z
    .string()
    .max(200)
    .meta({ param: { name: 'id', in: 'path' }, example });

export const ownerQuotationIdParams = z.object({
  id: rowId('3f1c2a9e-5b7d-4e2a-9c1b-7d4e2a9c1b7d'),
});
export const ownerOfferParams = ownerQuotationIdParams.extend({
  version: z
    .string()
    .max(10)
    .meta({ param: { name: 'version', in: 'path' }, example: '2' }),
});
export const ownerOrderIdParams = z.object({ id: rowId('8a2b4c6d-1e3f-4a5b-8c7d-9e0f1a2b3c4d') });
export const ownerMessageIdParams = z.object({ id: rowId('5d6e7f80-9a1b-4c2d-8e3f-4a5b6c7d8e9f') });
export const ownerProductIdParams = z.object({ id: rowId('ganesh-marble-idol') });
export const ownerMediaIdParams = z.object({ id: rowId('0b1c2d3e-4f5a-4b6c-8d7e-8f9a0b1c2d3e') });

/** spec §9: the admin lists hold 50 rows a page; the API reads the same pages. */
export const ownerListQuerySchema = z.object({
  page: z.coerce
    .number({ error: `must be a whole number from 1 to ${ADMIN_MAX_PAGE}` })
    .int(`must be a whole number from 1 to ${ADMIN_MAX_PAGE}`)
    .min(1, `must be a whole number from 1 to ${ADMIN_MAX_PAGE}`)
    .max(ADMIN_MAX_PAGE, `must be a whole number from 1 to ${ADMIN_MAX_PAGE}`)
    .default(1),
});

/** spec §4: the quotation's status, moved as the console's select moves it. */
export const quotationStatusMoveSchema = z.object({
  status: z.enum(quotationStatuses, { error: 'Choose pending, processing or completed' }),
});
/** spec §4: "Mark as Read", "Mark as Replied". */
export const messageStatusMoveSchema = z.object({
  status: z.enum(contactMessageStatuses, { error: 'Choose unread, read or replied' }),
});

function pageOf<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      data: z.array(item),
      page: z.number().int(),
      nextPage: z.number().int().nullable().meta({
        description: 'The next page, while this one is full (it may then be empty).',
      }),
    })
    .meta({ id });
}

const requestSchema = z.object({
  ...apiRequestedPiecesShape,
  customizationNotes: z
    .string()
    .nullable()
    .meta({ description: 'The notes for the whole request.' }),
  customerName: z.string(),
  customerCompany: z.string().nullable(),
  customerMobile: z.string(),
  customerEmail: z.string().nullable(),
  customerGstin: z.string().nullable(),
});

export const ownerQuotationSummarySchema = requestSchema
  .extend({
    id: z.string(),
    reference: z.string().meta({ example: 'Q-20261124-0001' }),
    status: z.enum(quotationStatuses),
    userId: z.string().nullable(),
    latestOfferStatus: z.enum(offerStatuses).nullable(),
    needsReply: z.boolean(),
    awaitingReplySince: instant.nullable(),
    createdAt: instant,
  })
  .meta({ id: 'OwnerQuotationSummary' });
export type OwnerQuotationSummary = z.output<typeof ownerQuotationSummarySchema>;
export const ownerQuotationPageSchema = pageOf(ownerQuotationSummarySchema, 'OwnerQuotationPage');

export const ownerOfferSchema = z
  .object({
    id: z.string(),
    version: z.number().int(),
    status: z.enum(offerStatuses),
    shownStatus: z.enum(offerStatuses).meta({
      description: 'As shown now: a sent offer past its day reads expired before the job has run.',
    }),
    lines: z.array(
      z.object({
        id: z.string(),
        productId: z.string().nullable(),
        description: z.string(),
        quantity: z.number().int(),
        unitPriceMinor: paise,
        lineTotalMinor: paise,
        // docs/requirements.md §24
        madeToOrder: z.boolean().meta({
          description:
            'Made to order (not returnable): a line without a catalogue piece always is; a piece when the owner ticked it.',
        }),
      }),
    ),
    subtotalMinor: paise,
    discountMinor: paise,
    shippingMinor: paise,
    gstRateBasisPoints: z.number().int(),
    gstMinor: paise,
    totalMinor: paise,
    // docs/requirements.md §21
    advancePercent: z.number().int().meta({
      description: 'The share of the total asked for on acceptance, 0–100; 100 is payment in full.',
    }),
    advanceMinor: paise.meta({ description: 'Paid on acceptance, in paise.' }),
    balanceMinor: paise.meta({ description: 'Paid before dispatch (total − advance), in paise.' }),
    validUntil: z.string().meta({ description: "The shop's day it holds until, YYYY-MM-DD." }),
    leadTimeDays: z.number().int().nullable(),
    terms: z.string(),
    note: z.string().nullable(),
    declineReason: z.string().nullable(),
    sentAt: instant.nullable(),
    decidedAt: instant.nullable(),
    createdAt: instant,
  })
  .meta({ id: 'OwnerOffer' });

export const ownerQuotationSchema = z
  .object({
    id: z.string(),
    reference: z.string(),
    status: z.enum(quotationStatuses),
    createdAt: instant,
    request: requestSchema,
    userId: z.string().nullable(),
    awaitingReplySince: instant.nullable(),
    offers: z.array(ownerOfferSchema).meta({ description: 'Every version sent, newest first.' }),
    draft: z.union([ownerOfferSchema, z.null()]),
    ownerActions: z.array(z.enum(ownerOfferActions)),
    messages: z.array(
      z.object({
        id: z.string(),
        author: z.enum(['customer', 'shop']),
        kind: z.enum(['message', 'changes-requested', 'declined', 'new-offer-requested']),
        offerVersion: z.number().int().nullable(),
        body: z.string(),
        createdAt: instant,
      }),
    ),
    order: z
      .object({
        id: z.string(),
        orderNumber: z.string(),
        status: z.enum(orderStatuses),
        paymentStatus: z.enum(paymentStatuses),
        paymentMethod: z.enum(['upi', 'bank transfer']).nullable(),
        totalMinor: paise,
        ...orderAdvanceAndBalance,
        submittedPaymentReference: z.string().nullable(),
        submittedBalanceReference: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'OwnerQuotation' });
export type OwnerQuotation = z.output<typeof ownerQuotationSchema>;

export const offerDraftSavedSchema = z
  .object({ version: z.number().int(), status: z.literal('draft') })
  .meta({ id: 'OwnerOfferDraftSaved' });
export const offerSentSchema = z
  .object({
    version: z.number().int(),
    status: z.literal('sent'),
    revised: z.boolean().meta({ description: 'It superseded an offer sent before.' }),
  })
  .meta({ id: 'OwnerOfferSent' });
export const offerWithdrawnSchema = z
  .object({ version: z.number().int(), status: z.literal('withdrawn') })
  .meta({ id: 'OwnerOfferWithdrawn' });
export const shopMessageSchema = z
  .object({
    id: z.string(),
    author: z.literal('shop'),
    body: z.string(),
    createdAt: instant,
  })
  .meta({ id: 'OwnerShopMessage' });
export const quotationStatusSchema = z
  .object({ id: z.string(), status: z.enum(quotationStatuses) })
  .meta({ id: 'OwnerQuotationStatus' });
export const orderFromQuotationCreatedSchema = z
  .object({
    id: z.string(),
    orderNumber: z.string(),
    userId: z
      .string()
      .nullable()
      .meta({ description: "The requester's account the order is linked to, if any." }),
  })
  .meta({ id: 'OwnerOrderCreated' });

export const ownerOrderSchema = z
  .object({
    id: z.string(),
    orderNumber: z.string(),
    status: z.enum(orderStatuses),
    paymentStatus: z.enum(paymentStatuses).meta({ description: 'spec §3: pending when absent.' }),
    storedPaymentStatus: z.enum(paymentStatuses).nullable().meta({
      description: 'Null when absent, which changes the actions on offer (spec §4).',
    }),
    paymentId: z.string().nullable(),
    submittedPaymentReference: z.string().nullable(),
    // docs/requirements.md §21: the balance's reference, as submitted and as confirmed
    submittedBalanceReference: z.string().nullable(),
    balancePaymentId: z.string().nullable(),
    quotationRequestId: z.string().nullable(),
    paymentMethod: z.string().nullable(),
    shippingAddress: z
      .object({
        name: z.string().nullable().optional(),
        streetAddress: z.string(),
        apartment: z.string().nullable().optional(),
        city: z.string(),
        state: z.string(),
        postalCode: z.string(),
        country: z.string(),
        phone: z.string().nullable().optional(),
      })
      .nullable(),
    currency: z.string(),
    subtotalMinor: paise,
    discountMinor: paise,
    shippingAmountMinor: paise,
    taxAmountMinor: paise,
    totalAmountMinor: paise,
    ...orderAdvanceAndBalance,
    createdAt: instant,
    items: z.array(
      z.object({
        id: z.string(),
        productId: z.string().nullable(),
        productName: z.string(),
        productImage: z.string().nullable(),
        quantity: z.number().int(),
        unitPriceMinor: paise,
        totalPriceMinor: paise,
        // docs/requirements.md §24
        madeToOrder: z.boolean().meta({ description: 'Made to order (not returnable).' }),
      }),
    ),
    // docs/requirements.md §24
    returns: z.array(apiReturnSchema).meta({ description: 'The buyer’s returns, oldest first.' }),
    actions: z.array(z.enum(orderActions)).meta({
      description: 'The actions on offer now (spec §4), as the console shows its buttons.',
    }),
  })
  .meta({ id: 'OwnerOrder' });
export type OwnerOrder = z.output<typeof ownerOrderSchema>;
export const ownerOrderPageSchema = pageOf(ownerOrderSchema, 'OwnerOrderPage');

export const orderStatusSchema = z
  .object({
    id: z.string(),
    status: z.enum(orderStatuses),
    paymentStatus: z.enum(paymentStatuses).nullable(),
  })
  .meta({ id: 'OwnerOrderStatus' });

export const contactMessageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    status: z.enum(contactMessageStatuses),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'ContactMessage' });
export const contactMessagePageSchema = pageOf(contactMessageSchema, 'ContactMessagePage');
export const contactMessageStatusSchema = z
  .object({ id: z.string(), status: z.enum(contactMessageStatuses) })
  .meta({ id: 'ContactMessageStatus' });

/** A product as the console edits it: published or not, price in paise. */
export const ownerProductSchema = z
  .object({
    id: z.string().meta({ description: 'The slug, made from the name (unique with -2, -3…).' }),
    name: z.string(),
    priceMinor: paise,
    currency: z.string(),
    description: z.string(),
    shortDescription: z.string().nullable(),
    artisanStory: z.string().nullable(),
    category: z.string(),
    subcategory: z.string().nullable(),
    material: z.string(),
    region: z.string().nullable(),
    dimensions: z.string().nullable(),
    weight: z.string().nullable(),
    careInstructions: z.string().nullable(),
    hsnCode: z
      .string()
      .nullable()
      .meta({ description: 'The HSN code its tax invoice line prints: 4 to 8 digits, or null.' }),
    inStock: z.boolean(),
    published: z.boolean(),
    featured: z.boolean(),
    bestseller: z.boolean(),
    newArrival: z.boolean(),
    reviewCount: z.number().int(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'OwnerProduct' });

export const productMediaSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    mediaUrl: z.string(),
    mediaType: z.enum(mediaTypes),
    altText: z.string().nullable(),
    sortOrder: z.number().int(),
    isPrimary: z.boolean(),
    createdAt: instant,
  })
  .meta({ id: 'ProductMedia' });

export const mediaImportReportSchema = z
  .object({
    imported: z.number().int(),
    skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })),
    notes: z.array(z.object({ line: z.number().int(), reason: z.string() })).meta({
      description: 'Rows imported with a change, e.g. a second primary imported as not primary.',
    }),
  })
  .meta({ id: 'MediaImportReport' });

export const ownerApiTexts = {
  notCsv: 'Send the CSV as text/csv.',
} as const;

/** docs/requirements.md §12: the shop's settings as the owner edits them, and which the environment locks. */
export const ownerSettingsSchema = z
  .object({
    values: z.object(
      Object.fromEntries(editableSettingKeys.map((key) => [key, z.string()])) as Record<
        EditableSettingKey,
        z.ZodString
      >,
    ),
    lockedBy: z.record(z.string(), z.string()).meta({
      description:
        'The settings an environment variable sets, each with its name: they win, and cannot be changed here.',
    }),
  })
  .meta({ id: 'OwnerSettings' });
