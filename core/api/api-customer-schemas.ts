/**
 * The customer's side of the headless API (docs/decisions/015): what `/api/v1/me/...` and the community
 * writes answer. The request bodies are the dashboard's, the quote page's and the product page's
 * own form schemas (core/identity/account.ts, core/quotes/quote-forms.ts, core/community/community.ts), unchanged.
 */
import { z } from 'zod';
import {
  apiQuotationRequestLineSchema,
  apiRequestedPiecesShape,
  buyerGstinInput,
  imageSchema,
  moneySchema,
  orNull,
} from './api-schemas';
import { paymentReferenceSubmissionSchema } from '../quotes/quote-forms';
import { apiReturnSchema } from './api-returns';
import {
  QUOTE_LIST_MAX_PIECES,
  quoteListAddSchema,
  quoteListDetailsSchema,
  quoteListNote,
  quoteListQuantity,
} from '../quotes/quote-list';
import { customerOfferActions, offerStatuses } from '../quotes/quote-offer';
import { orderStatuses, paymentStatuses, quotationStatuses } from '../orders/statuses';

const timestamp = z.string().meta({ description: 'An ISO 8601 instant.' });

export const apiProfileSchema = z
  .object({
    email: z.string(),
    displayName: z.string().nullable(),
    phone: z.string().nullable(),
  })
  .meta({ id: 'Profile' });

export const apiAddressSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    streetAddress: z.string(),
    apartment: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
    isDefault: z.boolean(),
    createdAt: timestamp,
  })
  .meta({ id: 'Address' });

export const apiWishlistItemSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    price: moneySchema,
    priceWhenAdded: moneySchema,
    priceChange: z
      .enum(['drop', 'up'])
      .nullable()
      .meta({ description: 'spec §2: "Price Drop!" or "Price Up" since the piece was saved.' }),
    addedAt: timestamp,
  })
  .meta({ id: 'WishlistItem' });

export const apiWishlistStateSchema = z
  .object({ productId: z.string(), inWishlist: z.boolean() })
  .meta({ id: 'WishlistState' });

export const apiShippingAddressSchema = z
  .object({
    name: z.string().optional(),
    streetAddress: z.string(),
    apartment: z.string().nullable().optional(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
    phone: z.string().nullable().optional(),
  })
  .meta({ id: 'ShippingAddress' });

export const apiOrderItemSchema = z
  .object({
    id: z.string(),
    productId: z.string().nullable(),
    productName: z.string(),
    productImage: z.string().nullable(),
    quantity: z.number().int(),
    unitPrice: moneySchema,
    totalPrice: moneySchema,
    // docs/requirements.md §24
    madeToOrder: z.boolean().meta({ description: 'Made to order (not returnable).' }),
  })
  .meta({ id: 'OrderItem' });

/** docs/requirements.md §21: an order paid in two parts; both null when it is paid in one payment. */
const orderAdvanceAndBalance = {
  advance: orNull(moneySchema).meta({
    description: 'The advance asked for first; null when the order is paid in one payment.',
  }),
  balance: orNull(moneySchema).meta({
    description: 'The balance after the advance (total − advance); null when paid in one payment.',
  }),
};

export const apiOrderSchema = z
  .object({
    id: z.string(),
    orderNumber: z.string(),
    status: z.enum(orderStatuses),
    paymentStatus: z.enum(paymentStatuses),
    paymentMethod: z.string().nullable(),
    submittedPaymentReference: z.string().nullable().meta({
      description: 'The UTR or bank reference the customer sent, before the shop confirms it.',
    }),
    shippingAddress: orNull(apiShippingAddressSchema),
    subtotal: moneySchema,
    discount: moneySchema,
    shipping: moneySchema,
    tax: moneySchema,
    total: moneySchema,
    ...orderAdvanceAndBalance,
    createdAt: timestamp,
    items: z.array(apiOrderItemSchema),
    // docs/requirements.md §24
    returns: z.array(apiReturnSchema).meta({ description: 'Her returns, oldest first.' }),
  })
  .meta({ id: 'Order' });

export const apiQuotationSummarySchema = z
  .object({
    reference: z.string(),
    productName: z.string().meta({ description: 'The first line’s piece.' }),
    quantity: z.number().int().meta({ description: 'The first line’s quantity.' }),
    // docs/requirements.md §18: a request of several pieces lists them all
    lines: z.array(apiQuotationRequestLineSchema),
    status: z.enum(quotationStatuses),
    createdAt: timestamp,
    offerStatus: z.enum(offerStatuses).nullable().meta({
      description: 'The latest offer sent, as it stands now (an offer past its day is expired).',
    }),
    offerTotal: orNull(moneySchema),
    orderNumber: z.string().nullable(),
  })
  .meta({ id: 'QuotationSummary' });

export const apiOfferSchema = z
  .object({
    version: z.number().int(),
    status: z
      .enum(offerStatuses)
      .meta({ description: 'As it stands now: a sent offer past its day reads expired.' }),
    lines: z.array(
      z.object({
        productId: z.string().nullable(),
        description: z.string(),
        quantity: z.number().int(),
        unitPrice: moneySchema,
        lineTotal: moneySchema,
        // docs/requirements.md §24: told before she accepts
        madeToOrder: z.boolean().meta({
          description: 'Made to order (not returnable): such a piece cannot be returned.',
        }),
      }),
    ),
    subtotal: moneySchema,
    discount: moneySchema,
    shipping: moneySchema,
    gstRateBasisPoints: z.number().int().meta({ description: '1200 is 12%.' }),
    gst: moneySchema,
    total: moneySchema,
    // docs/requirements.md §21
    advancePercent: z.number().int().meta({
      description: 'The share of the total asked for on acceptance, 0–100; 100 is payment in full.',
    }),
    advance: moneySchema.meta({ description: 'Paid on acceptance.' }),
    balance: moneySchema.meta({ description: 'Paid before dispatch: the total less the advance.' }),
    validUntil: z.string().meta({ description: 'The last day it holds (YYYY-MM-DD, shop time).' }),
    leadTimeDays: z.number().int().nullable(),
    terms: z.string(),
    note: z.string().nullable(),
    declineReason: z.string().nullable(),
    sentAt: timestamp.nullable(),
    decidedAt: timestamp.nullable(),
  })
  .meta({ id: 'Offer' });

export const apiQuoteMessageSchema = z
  .object({
    id: z.string(),
    author: z.enum(['customer', 'shop']),
    kind: z.enum(['message', 'changes-requested', 'declined', 'new-offer-requested']),
    offerVersion: z.number().int().nullable(),
    body: z.string(),
    createdAt: timestamp,
  })
  .meta({ id: 'QuoteMessage' });

export const apiQuoteOrderSchema = z
  .object({
    id: z.string(),
    orderNumber: z.string(),
    status: z.enum(orderStatuses),
    paymentStatus: z.enum(paymentStatuses),
    paymentMethod: z.enum(['upi', 'bank transfer']).nullable(),
    total: moneySchema,
    ...orderAdvanceAndBalance,
    submittedPaymentReference: z.string().nullable(),
    submittedBalanceReference: z.string().nullable(),
  })
  .meta({ id: 'QuoteOrder' });

export const apiQuotationSchema = z
  .object({
    reference: z.string(),
    status: z.enum(quotationStatuses),
    createdAt: timestamp,
    request: z.object({
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
    }),
    // docs/requirements.md §18 "Merge Requests": a request the shop merged into another is closed
    mergedInto: z
      .object({ reference: z.string() })
      .nullable()
      .meta({ description: 'The request this one was merged into; it carries its pieces now.' }),
    currentOffer: orNull(apiOfferSchema).meta({ description: 'The latest offer sent.' }),
    earlierOffers: z.array(apiOfferSchema).meta({ description: 'Older versions, newest first.' }),
    actions: z
      .array(z.enum(customerOfferActions))
      .meta({ description: 'What the customer may do with the current offer now.' }),
    messages: z.array(apiQuoteMessageSchema),
    order: orNull(apiQuoteOrderSchema),
  })
  .meta({ id: 'Quotation' });

export const apiAcceptedOfferSchema = z
  .object({ orderId: z.string(), orderNumber: z.string() })
  .meta({ id: 'AcceptedOffer' });

export const apiDeclinedOfferSchema = z
  .object({ version: z.number().int(), status: z.literal('declined') })
  .meta({ id: 'DeclinedOffer' });

export const apiPaymentReferenceReceiptSchema = z
  .object({ orderNumber: z.string() })
  .meta({ id: 'PaymentReferenceReceived' });

/** docs/requirements.md §10's payment reference, as the API takes it: the order's own method decides its shape. */
export const apiPaymentReferenceBodySchema = z.object({
  reference: paymentReferenceSubmissionSchema.shape.reference,
});

export const apiReviewCreatedSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    title: z.string().nullable(),
    content: z.string(),
    rating: z.number().int().nullable(),
    isVerifiedPurchase: z.boolean(),
  })
  .meta({ id: 'ReviewCreated' });

export const apiQuestionCreatedSchema = z
  .object({ id: z.string(), productId: z.string(), question: z.string() })
  .meta({ id: 'QuestionCreated' });

export const apiAnswerCreatedSchema = z
  .object({ id: z.string(), questionId: z.string(), answer: z.string(), isAdmin: z.boolean() })
  .meta({ id: 'AnswerCreated' });

/**
 * A quotation's reference in a path: `Q-20261124-0001`. Any text is taken, so that a malformed
 * reference is "not found" like someone else's, and tells nothing.
 */
export const apiQuotationReferenceParams = z.object({
  reference: z
    .string()
    .max(64)
    .meta({ param: { name: 'reference', in: 'path' }, example: 'Q-20261124-0001' }),
});

/** docs/requirements.md §18: the buyer's quote list, as `/quote-list` shows it. */
export const apiQuoteListSchema = z
  .object({
    pieces: z.array(
      z.object({
        productId: z.string(),
        name: z.string(),
        image: orNull(imageSchema),
        quantity: z.number().int(),
        notes: z.string().nullable(),
      }),
    ),
    count: z
      .number()
      .int()
      .meta({
        description: `The pieces on the list (at most ${QUOTE_LIST_MAX_PIECES}), not their quantities.`,
      }),
  })
  .meta({ id: 'QuoteList' });

/** docs/requirements.md §18 "Add to Quote List": quantity 1, or one more of a piece already listed. */
export const apiQuoteListAddBodySchema = quoteListAddSchema.meta({ id: 'QuoteListAddInput' });

/** docs/requirements.md §18: a row of the list as the buyer changes it; a field not sent stays as it is. */
export const apiQuoteListChangeBodySchema = z
  .object({
    quantity: quoteListQuantity.optional(),
    notes: quoteListNote.optional().meta({ description: 'null or "" clears the notes.' }),
  })
  .meta({ id: 'QuoteListItemChange' });

/** docs/requirements.md §18 "Request Quotation": the request's details below the list. */
export const apiQuoteListSubmitBodySchema = quoteListDetailsSchema
  .extend({ customerGstin: buyerGstinInput })
  .meta({ id: 'QuoteListSubmitInput' });

/** docs/requirements.md §18: a piece of the list in a path, by the product's id. */
export const apiQuoteListItemParams = z.object({
  productId: quoteListAddSchema.shape.productId.meta({
    param: { name: 'productId', in: 'path' },
    example: 'ganesh-marble-idol',
  }),
});
