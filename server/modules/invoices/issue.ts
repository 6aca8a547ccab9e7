/**
 * Issuing a GST document (docs/decisions/027, docs/requirements.md §23): the number is drawn from its
 * series in the issuing transaction, so a rollback leaves no gap and two issues at once never share
 * a number; the document is frozen as it is issued (core/tax/tax-document.ts) and never changed.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SiteSettings } from '../../../content/site';
import { shippingAddressLines } from '../../../core/identity/address-lines';
import {
  displayRatesOf,
  approximateTotalLine,
  mailReaderDisplayRate,
  readCurrencyChoice,
} from '../../../core/money/display-currency';
import { paymentsReceived, type PaymentStage } from '../../../core/orders/payment-terms';
import {
  documentNumber,
  financialYearOf,
  type DocumentSeries,
} from '../../../core/tax/financial-year';
import { gstinStateCode } from '../../../core/tax/gstin';
import { placeOfSupply } from '../../../core/tax/place-of-supply';
import {
  CANCELLED_ORDER_REASON,
  invoiceContent,
  isIssuedTaxDocument,
  proformaInvoiceContent,
  type InvoiceContentInput,
  receiptContent,
  wholeInvoiceCreditNote,
  returnedLinesCreditNote,
  RETURNED_GOODS_REASON,
  type TaxDocumentContent,
  type TaxDocumentPayment,
} from '../../../core/tax/tax-document';
import { shopDayOf } from '../../../core/time/shop-calendar';
import type { Database } from '../../db/client';
import {
  orderItems,
  orders,
  products,
  profiles,
  quotationOffers,
  quotationRequests,
  taxDocumentSeries,
  taxDocuments,
} from '../../db/schema';
import { DomainError } from '../errors';
import { enqueue } from '../jobs/enqueue';
import { emitWebhookEvent } from '../webhooks/emit';

type OrderRow = typeof orders.$inferSelect;
export type TaxDocumentRow = typeof taxDocuments.$inferSelect;

/** What the owner is told when an invoice cannot be issued yet, word for word. */
export const invoiceTexts = {
  notPaid: 'An invoice is issued once the order is paid, or its advance is.',
  cancelled: 'A cancelled order gets no invoice.',
  alreadyIssued: (number: string) => `Invoice ${number} was already issued for this order.`,
  noShopGstin: 'Set the shop’s GSTIN in Settings before issuing an invoice.',
  noAddress: 'This order has no shipping address, so it has no place of supply.',
  unknownState: (state: string) =>
    `The shipping address’s state “${state}” is not an Indian state or union territory, so the place of supply is unknown. Correct the order’s address.`,
  missingHsn: (names: string[]) =>
    `Set the HSN code of ${names.map((name) => `“${name}”`).join(', ')} before issuing an invoice.`,
  notFromCatalogue: (names: string[]) =>
    `No line of this order is a catalogue piece (${names.map((name) => `“${name}”`).join(', ')}), so none carries an HSN code.`,
  rateUnknown:
    'The order’s tax is not one GST rate of its value, so its invoice cannot show the rate. Orders made from an offer carry their rate.',
  exportWithoutLut: (year: string) =>
    `An export without IGST needs a Letter of Undertaking for ${year}: set its ARN and year in Settings.`,
  doesNotAddUp: 'The invoice would not add up to what the order charged.',
} as const;

/** The GST slabs in basis points, for an order made without an offer (docs/decisions/027). */
const GST_SLABS = [0, 10, 25, 150, 300, 500, 1200, 1800, 2800];

/** The next number of a series in its financial year; the row stays locked until the transaction ends. */
async function drawSequence(tx: Database, kind: DocumentSeries, financialYear: string) {
  const [row] = await tx
    .insert(taxDocumentSeries)
    .values({ kind, financialYear, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [taxDocumentSeries.kind, taxDocumentSeries.financialYear],
      set: { lastSequence: sql`${taxDocumentSeries.lastSequence} + 1` },
    })
    .returning({ lastSequence: taxDocumentSeries.lastSequence });
  return row!.lastSequence;
}

export async function lockOrder(tx: Database, orderId: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new DomainError('not_found', 'Order not found');
  return order;
}

export async function invoiceOfOrder(db: Database, orderId: string) {
  const [invoice] = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
  return invoice ?? null;
}

/** The payments received so far, as the invoice lists them. */
function paymentsOf(order: OrderRow): TaxDocumentPayment[] {
  return paymentsReceived({
    totalMinor: order.totalAmountMinor,
    advanceMinor: order.advanceMinor,
    paymentStatus: order.paymentStatus,
    paymentReference: order.paymentId,
    balanceReference: order.balancePaymentId,
  }).map(({ label, amountMinor, reference }) => ({ label, amountMinor, reference }));
}

/** The order's GST rate: its offer's, or for an order made without one, the slab its tax is. */
async function rateOf(tx: Database, order: OrderRow): Promise<number> {
  if (order.offerId) {
    const [offer] = await tx
      .select({ rate: quotationOffers.gstRateBasisPoints })
      .from(quotationOffers)
      .where(eq(quotationOffers.id, order.offerId));
    if (offer) return offer.rate;
  }
  const taxable = order.subtotalMinor - order.discountMinor + order.shippingAmountMinor;
  const slab = GST_SLABS.find(
    (rate) => Math.round((taxable * rate) / 10_000) === order.taxAmountMinor,
  );
  if (slab === undefined) throw new DomainError('conflict', invoiceTexts.rateUnknown);
  return slab;
}

/** An order's invoice as it would be issued now, before it has a number and a day. */
interface InvoiceDraft {
  financialYear: string;
  input: Omit<InvoiceContentInput, 'number' | 'issuedOn'>;
  content: (number: string, issuedOn: string) => TaxDocumentContent;
}

/**
 * What an order's tax invoice says, from the order, its offer's rate and the shop's settings
 * (docs/decisions/027). Refused, with what to do, when the shop has no GSTIN or the delivery's
 * state is not known, and, when `hsnRequired` (the tax invoice itself), when a piece lacks its HSN
 * code. A proforma invoice and a receipt voucher print a missing code blank.
 */
async function invoiceDraft(
  tx: Database,
  order: OrderRow,
  site: SiteSettings,
  now: Date,
  { hsnRequired }: { hsnRequired: boolean },
): Promise<InvoiceDraft> {
  const shopStateCode = gstinStateCode(site.gstin);
  if (!shopStateCode) throw new DomainError('conflict', invoiceTexts.noShopGstin);
  const address = order.shippingAddress;
  if (!address) throw new DomainError('conflict', invoiceTexts.noAddress);

  const items = await tx
    .select({
      productId: orderItems.productId,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      unitPriceMinor: orderItems.unitPriceMinor,
      hsnCode: products.hsnCode,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  // A line that is no catalogue piece (a finish, an engraving the offer added) is part of the
  // composite supply of the pieces, as shipping is: it takes the principal piece's HSN code
  // (docs/decisions/027). An order of such lines alone has no code to take.
  const pieces = items.filter((item) => item.productId !== null);
  if (hsnRequired && pieces.length === 0) {
    throw new DomainError(
      'conflict',
      invoiceTexts.notFromCatalogue(items.map((item) => item.productName)),
    );
  }
  const lacking = pieces.filter((item) => !item.hsnCode);
  if (hsnRequired && lacking.length > 0) {
    throw new DomainError(
      'conflict',
      invoiceTexts.missingHsn(lacking.map((item) => item.productName)),
    );
  }
  const principalHsn = pieces[0]?.hsnCode ?? null;

  const timeZone = site.shopTimeZone;
  const year = financialYearOf(now, timeZone);
  const rate = await rateOf(tx, order);
  // docs/decisions/027: an export goes without IGST under the LUT only when its order charged none;
  // an order that charged GST is invoiced with IGST, which the shop pays and claims back, so the
  // invoice is always what the buyer was charged.
  const lut =
    rate === 0 && site.lutArn.trim() !== ''
      ? { arn: site.lutArn, financialYear: site.lutFinancialYear }
      : null;
  const supply = placeOfSupply({
    shopStateCode,
    deliveryCountry: address.country,
    deliveryState: address.state,
    lut,
    financialYearLabel: year.label,
  });
  if (supply.kind === 'unknown_state') {
    throw new DomainError('conflict', invoiceTexts.unknownState(supply.deliveryState));
  }
  if (supply.kind === 'export_with_igst' && rate === 0) {
    throw new DomainError('conflict', invoiceTexts.exportWithoutLut(year.label));
  }

  const [request] = order.quotationRequestId
    ? await tx
        .select()
        .from(quotationRequests)
        .where(eq(quotationRequests.id, order.quotationRequestId))
    : [];
  const approximateTotal =
    supply.kind === 'export_under_lut' || supply.kind === 'export_with_igst'
      ? await approximateTotalOf(tx, order, request ?? null, site, now)
      : null;
  const lines = address.streetAddress ? shippingAddressLines(address) : [];
  const input = {
    financialYear: year.label,
    orderNumber: order.orderNumber,
    seller: {
      name: site.shopName,
      address: site.address,
      gstin: site.gstin,
      stateCode: shopStateCode,
    },
    buyer: {
      name: address.name?.trim() || request?.customerName || 'Customer',
      company: request?.customerCompany ?? null,
      gstin: request?.customerGstin ?? null,
      billingAddress: lines,
      shippingAddress: lines,
    },
    supply,
    lines: items.map((item) => ({
      description: item.productName,
      hsnCode: item.productId === null ? principalHsn : item.hsnCode,
      quantity: item.quantity,
      unitPriceMinor: item.unitPriceMinor,
    })),
    discountMinor: order.discountMinor,
    shippingMinor: order.shippingAmountMinor,
    gstRateBasisPoints: rate,
    payments: paymentsOf(order),
    approximateTotal,
  };
  return {
    financialYear: year.label,
    input,
    content: (number, issuedOn) => {
      const content = invoiceContent({ ...input, number, issuedOn });
      if (content.totalMinor !== order.totalAmountMinor)
        throw new DomainError('conflict', invoiceTexts.doesNotAddUp);
      return content;
    },
  };
}

/**
 * The tax invoice of an order, issued in `tx` (the caller has checked who asks and locked the
 * order). Refused, with what to do, when a piece lacks its HSN code, when the shop has no GSTIN
 * or when the delivery's state is not known.
 */
export async function issueInvoiceInTransaction(
  tx: Database,
  order: OrderRow,
  site: SiteSettings,
  now: Date,
  /** False when another mail carries the invoice: the shipped mail (docs/requirements.md §24). */
  { mailTheBuyer = true }: { mailTheBuyer?: boolean } = {},
): Promise<TaxDocumentRow> {
  const draft = await invoiceDraft(tx, order, site, now, { hsnRequired: true });
  const sequence = await drawSequence(tx, 'invoice', draft.financialYear);
  const number = documentNumber('invoice', site.invoicePrefix, draft.financialYear, sequence);
  const content = draft.content(number, shopDayOf(now, site.shopTimeZone));
  return insertDocument(tx, order.id, sequence, content, null, now, { mailTheBuyer });
}

/** The proforma invoice of an order (docs/requirements.md §23): its invoice as it would be today, unnumbered. */
export async function proformaOfOrder(
  db: Database,
  order: OrderRow,
  site: SiteSettings,
  now: Date,
): Promise<TaxDocumentContent> {
  const draft = await invoiceDraft(db, order, site, now, { hsnRequired: false });
  return proformaInvoiceContent({ ...draft.input, issuedOn: shopDayOf(now, site.shopTimeZone) });
}

/**
 * The receipt voucher of the payment the owner has just confirmed on `order` (as it is after the
 * confirmation), issued in `tx` when the order has no tax invoice yet: a payment received before
 * the supply is an advance (CGST Rule 50, docs/decisions/027).
 */
export async function receiptVoucherInTransaction(
  tx: Database,
  order: OrderRow,
  site: SiteSettings,
  now: Date,
): Promise<TaxDocumentRow | null> {
  if (await invoiceOfOrder(tx, order.id)) return null;
  const payments = paymentsOf(order);
  const payment = payments.at(-1);
  if (!payment) return null;
  const draft = await invoiceDraft(tx, order, site, now, { hsnRequired: false });
  const sequence = await drawSequence(tx, 'receipt_voucher', draft.financialYear);
  const number = documentNumber(
    'receipt_voucher',
    site.invoicePrefix,
    draft.financialYear,
    sequence,
  );
  const issuedOn = shopDayOf(now, site.shopTimeZone);
  const content = receiptContent(draft.content('', issuedOn), {
    kind: 'receipt_voucher',
    number,
    issuedOn,
    financialYear: draft.financialYear,
    payment,
    receivedToDateMinor: payments.reduce((sum, each) => sum + each.amountMinor, 0),
  });
  return insertDocument(tx, order.id, sequence, content, null, now);
}

/**
 * The receipt of one confirmed payment (docs/requirements.md §23), dated the day the owner
 * confirmed it: the advance's or the payment in full's on `paid_at`, the balance's on
 * `balance_paid_at`. Null when that payment has not been confirmed.
 */
export async function receiptOfPayment(
  db: Database,
  order: OrderRow,
  stage: PaymentStage,
  site: SiteSettings,
  now: Date,
): Promise<TaxDocumentContent | null> {
  const payments = paymentsReceived({
    totalMinor: order.totalAmountMinor,
    advanceMinor: order.advanceMinor,
    paymentStatus: order.paymentStatus,
    paymentReference: order.paymentId,
    balanceReference: order.balancePaymentId,
  });
  const index = payments.findIndex((payment) => payment.stage === stage);
  if (index === -1) return null;
  const { label, amountMinor, reference } = payments[index]!;
  const confirmedAt = stage === 'balance' ? order.balancePaidAt : order.paidAt;
  const draft = await invoiceDraft(db, order, site, confirmedAt ?? now, { hsnRequired: false });
  const issuedOn = confirmedAt ? shopDayOf(confirmedAt, site.shopTimeZone) : '';
  return receiptContent(draft.content('', issuedOn), {
    kind: 'receipt',
    number: '',
    issuedOn,
    financialYear: draft.financialYear,
    payment: { label, amountMinor, reference },
    receivedToDateMinor: payments
      .slice(0, index + 1)
      .reduce((sum, each) => sum + each.amountMinor, 0),
  });
}

/** The credit note for the whole of a cancelled order's invoice, if it has one and none yet. */
export async function creditNoteInTransaction(
  tx: Database,
  invoice: TaxDocumentRow,
  site: SiteSettings,
  now: Date,
  options: { mailTheBuyer?: boolean } = {},
): Promise<TaxDocumentRow | null> {
  const [existing] = await tx
    .select({ id: taxDocuments.id })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.citesDocumentId, invoice.id), eq(taxDocuments.kind, 'credit_note')));
  if (existing) return null;
  const year = financialYearOf(now, site.shopTimeZone);
  const sequence = await drawSequence(tx, 'credit_note', year.label);
  const content = wholeInvoiceCreditNote(invoice.content, {
    number: documentNumber('credit_note', site.invoicePrefix, year.label, sequence),
    issuedOn: shopDayOf(now, site.shopTimeZone),
    financialYear: year.label,
    reason: CANCELLED_ORDER_REASON,
  });
  return insertDocument(tx, invoice.orderId, sequence, content, invoice.id, now, options);
}

/**
 * docs/requirements.md §24: the credit note for the pieces of a return, of the order's invoice. The invoice's
 * lines are the order's items in the order of their ids (`invoiceDraft`), so each piece is found
 * by its item's place there.
 */
export async function returnCreditNoteInTransaction(
  tx: Database,
  invoice: TaxDocumentRow,
  pieces: readonly { orderItemId: string; quantity: number; returnedBefore: number }[],
  site: SiteSettings,
  now: Date,
  options: { mailTheBuyer?: boolean } = {},
): Promise<TaxDocumentRow> {
  const itemIds = (
    await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, invoice.orderId))
      .orderBy(asc(orderItems.id))
  ).map((item) => item.id);
  const year = financialYearOf(now, site.shopTimeZone);
  const sequence = await drawSequence(tx, 'credit_note', year.label);
  const content = returnedLinesCreditNote(
    invoice.content,
    pieces.map((piece) => ({
      lineIndex: itemIds.indexOf(piece.orderItemId),
      quantity: piece.quantity,
      creditedBefore: piece.returnedBefore,
    })),
    {
      number: documentNumber('credit_note', site.invoicePrefix, year.label, sequence),
      issuedOn: shopDayOf(now, site.shopTimeZone),
      financialYear: year.label,
      reason: RETURNED_GOODS_REASON,
    },
  );
  return insertDocument(tx, invoice.orderId, sequence, content, invoice.id, now, options);
}

async function insertDocument(
  tx: Database,
  orderId: string,
  sequence: number,
  content: TaxDocumentContent,
  citesDocumentId: string | null,
  now: Date,
  { mailTheBuyer = true }: { mailTheBuyer?: boolean } = {},
): Promise<TaxDocumentRow> {
  if (!isIssuedTaxDocument(content)) throw new TypeError(`A ${content.kind} is not issued`);
  // A receipt voucher's amounts are the advance it acknowledges, on which goods carry no tax
  // (docs/decisions/027); every other document's are its own totals.
  const amounts = content.received
    ? {
        taxableMinor: content.received.amountMinor,
        taxMinor: 0,
        totalMinor: content.received.amountMinor,
      }
    : {
        taxableMinor: content.taxableMinor,
        taxMinor: content.taxMinor,
        totalMinor: content.totalMinor,
      };
  const [row] = await tx
    .insert(taxDocuments)
    .values({
      kind: content.kind,
      number: content.number,
      financialYear: content.financialYear,
      sequence,
      orderId,
      citesDocumentId,
      issuedOn: content.issuedOn,
      issuedAt: now,
      buyerName: content.buyer.name,
      buyerGstin: content.buyer.gstin,
      placeOfSupply: content.placeOfSupplyLabel,
      ...amounts,
      content,
    })
    .returning();
  // docs/requirements.md §11 and §23: integrations hear of the document in its own transaction.
  const data = {
    documentId: row!.id,
    number: content.number,
    orderId,
    orderNumber: content.orderNumber,
    issuedOn: content.issuedOn,
    buyerName: content.buyer.name,
    buyerGstin: content.buyer.gstin,
    placeOfSupply: content.placeOfSupplyLabel,
    taxableMinor: content.taxableMinor,
    taxMinor: content.taxMinor,
    totalMinor: content.totalMinor,
  };
  let event: 'invoice-issued' | 'credit-note-issued' | null = null;
  if (content.kind === 'credit_note' && content.cites) {
    await emitWebhookEvent(
      tx,
      'credit_note.issued',
      { ...data, invoiceNumber: content.cites.number, reason: content.reason ?? '' },
      now,
    );
    event = 'credit-note-issued';
  } else if (content.kind === 'invoice') {
    await emitWebhookEvent(tx, 'invoice.issued', data, now);
    event = 'invoice-issued';
  }
  // docs/requirements.md §23: the buyer is mailed her invoice or credit note, its PDF attached, in
  // the issuing transaction, as the payment mails are: an order made from a quotation has her
  // address and her private link.
  const [order] =
    event && mailTheBuyer
      ? await tx
          .select({ quotationRequestId: orders.quotationRequestId })
          .from(orders)
          .where(eq(orders.id, orderId))
      : [];
  if (event && mailTheBuyer && order?.quotationRequestId) {
    await enqueue(tx, 'mail', {
      kind: 'quotation-event',
      event,
      to: 'customer',
      quotationId: order.quotationRequestId,
      orderId,
      documentId: row!.id,
    });
  }
  return row!;
}

/** docs/decisions/026: the buyer's display currency on the day of issue, for a buyer abroad. */
async function approximateTotalOf(
  tx: Database,
  order: OrderRow,
  request: typeof quotationRequests.$inferSelect | null,
  site: SiteSettings,
  now: Date,
): Promise<string | null> {
  const { fresh } = displayRatesOf(site, now);
  if (fresh.length === 0) return null;
  const userId = order.userId ?? request?.userId ?? null;
  const [profile] = userId
    ? await tx
        .select({ displayCurrency: profiles.displayCurrency })
        .from(profiles)
        .where(eq(profiles.userId, userId))
    : [];
  const rate = mailReaderDisplayRate({
    accountChoice: readCurrencyChoice(profile?.displayCurrency),
    requestCurrency: request?.displayCurrency ?? null,
    freshRates: fresh,
  });
  return rate ? approximateTotalLine(order.totalAmountMinor, rate) : null;
}
