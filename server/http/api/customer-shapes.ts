/**
 * docs/requirements.md §11: the customer's rows as the API answers them: money in paise with the shop's display
 * (spec §9), instants as ISO 8601. Only shaping; the rules stay in the modules.
 */
import type { z } from 'zod';
import type {
  apiAddressSchema,
  apiOfferSchema,
  apiOrderSchema,
  apiQuotationSchema,
  apiQuotationSummarySchema,
  apiQuoteMessageSchema,
  apiWishlistItemSchema,
} from '../../../core/api/api-customer-schemas';
import type { Address, WishlistEntry } from '../../modules/account';
import type { OrderView } from '../../modules/orders';
import { advanceAndBalance, splitPayment } from '../../../core/orders/payment-terms';
import { moneyOf, isoOrNull } from './answer-values';
import { apiReturnOf } from './order-shapes';
import type {
  CustomerQuotationSummary,
  CustomerQuoteView,
  OfferView,
  QuoteMessageView,
} from '../../modules/quotations/views';

export function apiAddressOf(address: Address): z.output<typeof apiAddressSchema> {
  return {
    id: address.id,
    title: address.title,
    streetAddress: address.streetAddress,
    apartment: address.apartment,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    country: address.country,
    isDefault: address.isDefault,
    createdAt: address.createdAt.toISOString(),
  };
}

export function apiWishlistItemOf(entry: WishlistEntry): z.output<typeof apiWishlistItemSchema> {
  return {
    id: entry.id,
    productId: entry.productId,
    name: entry.name,
    image: entry.image,
    price: moneyOf(entry.priceMinor),
    priceWhenAdded: moneyOf(entry.priceWhenAddedMinor),
    priceChange: entry.priceChange,
    addedAt: entry.addedAt.toISOString(),
  };
}

export function apiOrderOf(order: OrderView): z.output<typeof apiOrderSchema> {
  const money = (minor: number) => moneyOf(minor, order.currency);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    submittedPaymentReference: order.submittedPaymentReference,
    shippingAddress: order.shippingAddress,
    subtotal: money(order.subtotalMinor),
    discount: money(order.discountMinor),
    shipping: money(order.shippingAmountMinor),
    tax: money(order.taxAmountMinor),
    total: money(order.totalAmountMinor),
    ...advanceAndBalanceOf(
      { totalMinor: order.totalAmountMinor, advanceMinor: order.advanceMinor },
      money,
    ),
    createdAt: order.createdAt.toISOString(),
    items: order.items.map((item) => ({
      id: item.id,
      productId: item.productId,
      productName: item.productName,
      productImage: item.productImage,
      quantity: item.quantity,
      unitPrice: money(item.unitPriceMinor),
      totalPrice: money(item.totalPriceMinor),
      madeToOrder: item.madeToOrder,
    })),
    returns: order.returns.map(apiReturnOf),
  };
}

export function apiQuotationSummaryOf(
  summary: CustomerQuotationSummary,
): z.output<typeof apiQuotationSummarySchema> {
  return {
    reference: summary.reference,
    productName: summary.productName,
    quantity: summary.quantity,
    lines: summary.lines,
    status: summary.status,
    createdAt: summary.createdAt.toISOString(),
    offerStatus: summary.offerStatus,
    offerTotal: summary.offerTotalMinor === null ? null : moneyOf(summary.offerTotalMinor),
    orderNumber: summary.orderNumber,
  };
}

function apiOfferOf(offer: OfferView): z.output<typeof apiOfferSchema> {
  return {
    version: offer.version,
    status: offer.shownStatus,
    lines: offer.lines.map((line) => ({
      productId: line.productId,
      description: line.description,
      quantity: line.quantity,
      unitPrice: moneyOf(line.unitPriceMinor),
      lineTotal: moneyOf(line.lineTotalMinor),
      madeToOrder: line.madeToOrder,
    })),
    subtotal: moneyOf(offer.subtotalMinor),
    discount: moneyOf(offer.discountMinor),
    shipping: moneyOf(offer.shippingMinor),
    gstRateBasisPoints: offer.gstRateBasisPoints,
    gst: moneyOf(offer.gstMinor),
    total: moneyOf(offer.totalMinor),
    advancePercent: offer.advancePercent,
    ...offerAdvanceAndBalance(offer),
    validUntil: offer.validUntil,
    leadTimeDays: offer.leadTimeDays,
    terms: offer.terms,
    note: offer.note,
    declineReason: offer.declineReason,
    sentAt: isoOrNull(offer.sentAt),
    decidedAt: isoOrNull(offer.decidedAt),
  };
}

export function apiQuoteMessageOf(
  message: QuoteMessageView,
): z.output<typeof apiQuoteMessageSchema> {
  return { ...message, createdAt: message.createdAt.toISOString() };
}

export function apiQuotationOf(quote: CustomerQuoteView): z.output<typeof apiQuotationSchema> {
  return {
    reference: quote.reference,
    status: quote.status,
    createdAt: quote.createdAt.toISOString(),
    request: quote.request,
    mergedInto: quote.mergedInto,
    currentOffer: quote.currentOffer ? apiOfferOf(quote.currentOffer) : null,
    earlierOffers: quote.earlierOffers.map(apiOfferOf),
    actions: quote.actions,
    messages: quote.messages.map(apiQuoteMessageOf),
    order: quote.order
      ? {
          id: quote.order.id,
          orderNumber: quote.order.orderNumber,
          status: quote.order.status,
          paymentStatus: quote.order.paymentStatus,
          paymentMethod: quote.order.paymentMethod,
          total: moneyOf(quote.order.totalMinor),
          ...advanceAndBalanceOf(quote.order, moneyOf),
          submittedPaymentReference: quote.order.submittedPaymentReference,
          submittedBalanceReference: quote.order.submittedBalanceReference,
        }
      : null,
  };
}

/** docs/requirements.md §21: an order's advance and balance as money, both null when it is paid in one payment. */
function advanceAndBalanceOf(
  order: { totalMinor: number; advanceMinor: number | null },
  money: (minor: number) => ReturnType<typeof moneyOf>,
) {
  const { advance, balance } = advanceAndBalance(order);
  return {
    advance: advance === null ? null : money(advance),
    balance: balance === null ? null : money(balance),
  };
}

/** docs/requirements.md §21: an offer's advance and balance, as its terms ask (core/orders/payment-terms.ts). */
function offerAdvanceAndBalance(offer: OfferView) {
  const { advanceMinor, balanceMinor } = splitPayment(offer.totalMinor, offer.advancePercent);
  return { advance: moneyOf(advanceMinor), balance: moneyOf(balanceMinor) };
}
