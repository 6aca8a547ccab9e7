/**
 * The shop's GST documents (docs/decisions/027, docs/requirements.md §23): the owner issues a tax invoice for a
 * paid (or advance-paid) order, "Mark as Shipped" issues it when the order has none, cancelling an
 * invoiced order issues a credit note for it. The owner reads every document; a customer reads the
 * documents of her own orders, by her account or by her quotation's private key.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { SiteSettings } from '../../../content/site';
import { paymentStageLabels, type PaymentStage } from '../../../core/orders/payment-terms';
import { paymentStatusBeforeRefunds } from '../../../core/orders/refund-status';
import { refundsOfOrders } from '../../db/order-refunds';
import { invoiceIssuable, orderPaperNames, orderPapers } from '../../../core/tax/document-links';
import { documentNumberOfPath } from '../../../core/tax/financial-year';
import { gstinStateCode } from '../../../core/tax/gstin';
import type { TaxDocumentContent } from '../../../core/tax/tax-document';
import { FILING_PERIOD_PROBLEM, filingPeriod } from '../../../core/tax/filing-period';
import { gstr1Files } from '../../../core/tax/gstr1';
import { strToU8, zipSync } from 'fflate';
import type { Database } from '../../db/client';
import {
  documentsOfOrders,
  taxDocumentSummary,
  type TaxDocumentSummary,
} from '../../db/order-documents';
import { orderItems, orders, products, quotationRequests, taxDocuments } from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { requireAdmin, requireRowId, requireUser } from '../kernel';
import {
  creditNoteInTransaction,
  returnCreditNoteInTransaction,
  invoiceOfOrder,
  invoiceTexts,
  issueInvoiceInTransaction,
  lockOrder,
  proformaOfOrder,
  receiptOfPayment,
  receiptVoucherInTransaction,
  type TaxDocumentRow,
} from './issue';

export { invoiceTexts, type TaxDocumentRow } from './issue';
export { renderTaxDocumentPdf } from './tax-document-pdf';
export { documentsOfOrders, type TaxDocumentSummary };

export const TAX_DOCUMENT_NOT_FOUND = 'Document not found';

const summaryOf = taxDocumentSummary;

/** "Issue Invoice" (docs/requirements.md §23): the owner's, on a paid or advance-paid order with none yet. */
export async function issueInvoice(
  db: Database,
  actor: Actor,
  input: { orderId: unknown },
  site: SiteSettings,
  now: Date,
): Promise<TaxDocumentSummary> {
  requireAdmin(actor, 'orders:write');
  const orderId = requireRowId(input.orderId, 'Order');
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const existing = await invoiceOfOrder(tx, orderId);
    if (existing) throw new DomainError('conflict', invoiceTexts.alreadyIssued(existing.number));
    if (!invoiceIssuable({ ...order, documents: [] })) {
      throw new DomainError(
        'conflict',
        order.status === 'cancelled' ? invoiceTexts.cancelled : invoiceTexts.notPaid,
      );
    }
    return summaryOf(await issueInvoiceInTransaction(tx, order, site, now));
  });
}

/**
 * The invoice goods leave with (CGST Rule 46: issued at or before removal): the order's own, or
 * one issued now in the caller's transaction, before "Mark as Shipped" changes the status.
 */
export async function invoiceBeforeShipping(
  tx: Database,
  actor: Actor,
  orderId: string,
  site: SiteSettings,
  now: Date,
  options: { mailTheBuyer?: boolean } = {},
): Promise<{ invoice: TaxDocumentSummary; issuedNow: boolean }> {
  requireAdmin(actor, 'orders:write');
  const order = await lockOrder(tx, orderId);
  const existing = await invoiceOfOrder(tx, orderId);
  if (existing) return { invoice: summaryOf(existing), issuedNow: false };
  return {
    invoice: summaryOf(await issueInvoiceInTransaction(tx, order, site, now, options)),
    issuedNow: true,
  };
}

/** A cancelled order's credit note for the whole of its invoice, in the cancelling transaction. */
export async function creditNoteForCancelledOrder(
  tx: Database,
  actor: Actor,
  orderId: string,
  site: SiteSettings,
  now: Date,
  options: { mailTheBuyer?: boolean } = {},
): Promise<TaxDocumentSummary | null> {
  requireAdmin(actor, 'orders:write');
  const invoice = await invoiceOfOrder(tx, orderId);
  if (!invoice) return null;
  const note = await creditNoteInTransaction(tx, invoice, site, now, options);
  return note ? summaryOf(note) : null;
}

/**
 * docs/requirements.md §24: the credit note for the pieces of a refunded return, when the order has an
 * invoice (CGST Rule 53), in the refund's transaction; null without an invoice.
 */
export async function creditNoteForReturnedPieces(
  tx: Database,
  actor: Actor,
  input: {
    orderId: string;
    pieces: readonly { orderItemId: string; quantity: number; returnedBefore: number }[];
  },
  site: SiteSettings,
  now: Date,
  options: { mailTheBuyer?: boolean } = {},
): Promise<TaxDocumentSummary | null> {
  requireAdmin(actor, 'orders:write');
  const invoice = await invoiceOfOrder(tx, input.orderId);
  if (!invoice) return null;
  return summaryOf(
    await returnCreditNoteInTransaction(tx, invoice, input.pieces, site, now, options),
  );
}

/**
 * One document for its PDF: the owner reads any; a customer only a document of her own order, by
 * her account, or by the private key of the order's quotation, which `keyOpens` (the quotations
 * module's check, through server/flows/read-tax-document.ts) decides. Anyone else is told it is
 * not found, the same as for a document that does not exist.
 */
export async function readTaxDocument(
  db: Database,
  actor: Actor,
  input: { id: unknown },
  options: DocumentReaderOptions = {},
): Promise<TaxDocumentRow> {
  const reader = documentReader(actor, options);
  const id = requireRowId(input.id, 'Document');
  const [found] = await db
    .select({
      document: taxDocuments,
      orderUserId: orders.userId,
      reference: quotationRequests.reference,
    })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .leftJoin(quotationRequests, eq(quotationRequests.id, orders.quotationRequestId))
    .where(eq(taxDocuments.id, id));
  if (!found || !(await reader.mayRead(found))) {
    throw new DomainError('not_found', TAX_DOCUMENT_NOT_FOUND);
  }
  return found.document;
}

interface DocumentReaderOptions {
  keyOpens?: ((reference: string) => Promise<boolean>) | null;
  /** The customer's own documents only (`/me/documents`), whoever she is. */
  ownOrdersOnly?: boolean;
}

/**
 * Who may read an order's documents and papers: the owner any; a customer those of her own order,
 * by her account or by her quotation's private key. Asked before anything is read; anyone else is
 * told the document is not found.
 */
function documentReader(
  actor: Actor,
  { keyOpens = null, ownOrdersOnly = false }: DocumentReaderOptions,
) {
  const isOwner = !ownOrdersOnly && (actor?.roles.includes('admin') ?? false);
  if (isOwner) requireAdmin(actor, 'orders:read');
  else if (!actor && !keyOpens) throw new DomainError('not_found', TAX_DOCUMENT_NOT_FOUND);
  return {
    mayRead: async (order: { orderUserId: string | null; reference: string | null }) =>
      isOwner ||
      (actor !== null && order.orderUserId === actor.userId) ||
      (order.reference !== null && keyOpens !== null && (await keyOpens(order.reference))),
  };
}

/**
 * An order's paper (docs/requirements.md §23), made from the order as it stands: its proforma
 * invoice until the tax invoice is issued, or the receipt of a confirmed payment. Read as its
 * documents are, by the owner, the order's account or its quotation's key holder.
 */
export async function readOrderPaper(
  db: Database,
  actor: Actor,
  input: { orderId: unknown; paper: unknown },
  options: DocumentReaderOptions,
  site: SiteSettings,
  now: Date,
): Promise<TaxDocumentContent> {
  const reader = documentReader(actor, options);
  const orderId = requireRowId(input.orderId, 'Order');
  const paper = orderPaperNames.find((name) => name === input.paper);
  if (!paper) throw new DomainError('not_found', TAX_DOCUMENT_NOT_FOUND);
  const [found] = await db
    .select({ order: orders, orderUserId: orders.userId, reference: quotationRequests.reference })
    .from(orders)
    .leftJoin(quotationRequests, eq(quotationRequests.id, orders.quotationRequestId))
    .where(eq(orders.id, orderId));
  if (!found || !(await reader.mayRead(found))) {
    throw new DomainError('not_found', TAX_DOCUMENT_NOT_FOUND);
  }
  const documents = (await documentsOfOrders(db, [orderId])).get(orderId) ?? [];
  const refunds = (await refundsOfOrders(db, [orderId])).get(orderId) ?? [];
  const available = orderPapers({
    id: orderId,
    status: found.order.status,
    paymentStatus: found.order.paymentStatus,
    totalMinor: found.order.totalAmountMinor,
    advanceMinor: found.order.advanceMinor,
    documents,
    refunds,
  });
  if (!available.includes(paper)) throw new DomainError('not_found', TAX_DOCUMENT_NOT_FOUND);
  if (paper === 'proforma-invoice') return proformaOfOrder(db, found.order, site, now);
  const stage = paper.slice('receipt-'.length) as PaymentStage;
  // A refunded payment was still made: its receipt is the payment's as it was (docs/requirements.md §24).
  const paid = {
    ...found.order,
    paymentStatus: paymentStatusBeforeRefunds(
      found.order.paymentStatus,
      refunds,
      found.order.totalAmountMinor,
    ),
  };
  const receipt = await receiptOfPayment(db, paid, stage, site, now);
  if (!receipt) throw new DomainError('not_found', TAX_DOCUMENT_NOT_FOUND);
  return receipt;
}

/**
 * The receipt of a confirmed payment for the mail that tells the order's customer it was confirmed
 * (docs/requirements.md §23): its receipt voucher when one was issued for it, else its receipt.
 * The worker's, for a mail the confirming owner queued; null when the order is gone, the payment
 * is not confirmed, or no receipt can be made (a shop without a GSTIN).
 */
export async function receiptOfConfirmedPayment(
  db: Database,
  orderId: string,
  stage: PaymentStage,
  site: SiteSettings,
  now: Date,
): Promise<TaxDocumentContent | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const vouchers = await db
    .select({ content: taxDocuments.content })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'receipt_voucher')));
  const label = paymentStageLabels[stage];
  const voucher = vouchers.find((row) => row.content.received?.label === label);
  if (voucher) return voucher.content;
  try {
    return await receiptOfPayment(db, order, stage, site, now);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/**
 * The receipt voucher of the payment just confirmed (CGST Rule 50), in the confirming transaction,
 * when the order has no tax invoice yet. A shop without a GSTIN issues none. A voucher that cannot
 * be made (the delivery's state unknown, say) never holds up the payment: the owner is told why
 * there is none, and the payment stands.
 */
export async function receiptVoucherForConfirmedPayment(
  tx: Database,
  actor: Actor,
  orderId: string,
  site: SiteSettings,
  now: Date,
): Promise<{ voucher: TaxDocumentSummary | null; problem: string | null }> {
  requireAdmin(actor, 'orders:write');
  if (!gstinStateCode(site.gstin)) return { voucher: null, problem: null };
  const order = await lockOrder(tx, orderId);
  try {
    // A savepoint: a voucher refused leaves the confirmation's own writes in place.
    const voucher = await tx.transaction((savepoint) =>
      receiptVoucherInTransaction(savepoint, order, site, now),
    );
    return { voucher: voucher ? summaryOf(voucher) : null, problem: null };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { voucher: null, problem: error.message };
  }
}

/**
 * The owner's one document by its number (`/api/v1/invoices/{number}`, docs/requirements.md §23): "KK/26-27/0001",
 * escaped in the address or written as its file name ("KK-26-27-0001"). Not found for a number
 * that is none.
 */
export async function readTaxDocumentByNumber(
  db: Database,
  actor: Actor,
  input: { number: unknown },
): Promise<TaxDocumentRow> {
  requireAdmin(actor, 'orders:read');
  const number = typeof input.number === 'string' ? documentNumberOfPath(input.number) : null;
  if (!number) throw new DomainError('not_found', TAX_DOCUMENT_NOT_FOUND);
  const [row] = await db.select().from(taxDocuments).where(eq(taxDocuments.number, number));
  if (!row) throw new DomainError('not_found', TAX_DOCUMENT_NOT_FOUND);
  return row;
}

/** The owner's list of documents, newest first (docs/requirements.md §23 "Invoices"). */
export async function listTaxDocuments(
  db: Database,
  actor: Actor,
  filter: { kind?: TaxDocumentRow['kind'] | null; fromDay?: string | null; toDay?: string | null },
): Promise<TaxDocumentRow[]> {
  requireAdmin(actor, 'orders:read');
  return db
    .select()
    .from(taxDocuments)
    .where(
      and(
        filter.kind ? eq(taxDocuments.kind, filter.kind) : undefined,
        filter.fromDay ? gte(taxDocuments.issuedOn, filter.fromDay) : undefined,
        filter.toDay ? lte(taxDocuments.issuedOn, filter.toDay) : undefined,
      ),
    )
    .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.number));
}

/**
 * "Export GSTR-1" (docs/requirements.md §23): the period's tax invoices, credit notes and receipt vouchers as the GST offline tool's
 * CSV files (core/tax/gstr1.ts), in one ZIP, for the owner (and a key with `orders:read`).
 */
export async function gstr1Archive(
  db: Database,
  actor: Actor,
  input: { period: unknown },
): Promise<{ fileName: string; archive: Uint8Array }> {
  requireAdmin(actor, 'orders:read');
  const period = filingPeriodOf(input.period);
  const rows = await db
    .select({ content: taxDocuments.content })
    .from(taxDocuments)
    .where(
      and(
        // A receipt voucher counts in docs only (core/tax/gstr1.ts).
        inArray(taxDocuments.kind, ['invoice', 'credit_note', 'receipt_voucher']),
        gte(taxDocuments.issuedOn, period.fromDay),
        lte(taxDocuments.issuedOn, period.toDay),
      ),
    )
    .orderBy(taxDocuments.issuedOn, taxDocuments.kind, taxDocuments.sequence);
  const files = gstr1Files(rows.map((row) => row.content));
  // A fixed time in each entry, so the same period's documents make the same archive.
  const mtime = new Date(`${period.fromDay}T00:00:00Z`);
  const archive = zipSync(
    Object.fromEntries(files.map((file) => [file.name, [strToU8(file.csv), { mtime }]])),
  );
  return { fileName: `GSTR-1-${period.value}.zip`, archive };
}

/**
 * docs/requirements.md §23: the catalogue pieces of each order that have no HSN code yet, so the owner's order
 * card can link to each before "Issue Invoice" or "Mark as Shipped" is refused for them. Orders
 * already invoiced are left out: their document is issued.
 */
export async function piecesWithoutHsnCode(
  db: Database,
  actor: Actor,
  orderIds: string[],
): Promise<Map<string, { productId: string; productName: string }[]>> {
  requireAdmin(actor, 'orders:read');
  const byOrder = new Map<string, { productId: string; productName: string }[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      productName: products.name,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(
      taxDocuments,
      and(eq(taxDocuments.orderId, orderItems.orderId), eq(taxDocuments.kind, 'invoice')),
    )
    .where(
      and(inArray(orderItems.orderId, orderIds), isNull(products.hsnCode), isNull(taxDocuments.id)),
    )
    .orderBy(asc(products.name));
  for (const row of rows) {
    const pieces = byOrder.get(row.orderId) ?? [];
    if (!pieces.some((piece) => piece.productId === row.productId)) {
      pieces.push({ productId: row.productId!, productName: row.productName });
    }
    byOrder.set(row.orderId, pieces);
  }
  return byOrder;
}

/** A customer's own documents, newest first: those of the orders of her account (docs/requirements.md §23). */
export async function listTaxDocumentsOfCustomer(
  db: Database,
  actor: Actor,
): Promise<TaxDocumentRow[]> {
  const userId = requireUser(actor);
  const rows = await db
    .select({ document: taxDocuments })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.number));
  return rows.map((row) => row.document);
}

/** A month or quarter as an address or the API sends it, after who asks was checked. */
function filingPeriodOf(value: unknown) {
  const period = filingPeriod(typeof value === 'string' ? value : '');
  if (!period) throw new DomainError('invalid', FILING_PERIOD_PROBLEM);
  return period;
}

/** The API's list: a month's or quarter's documents ("2026-11", "26-27-Q3"), checked here. */
export async function listTaxDocumentsOfPeriod(
  db: Database,
  actor: Actor,
  input: { period: unknown; kind?: TaxDocumentRow['kind'] | null },
): Promise<TaxDocumentRow[]> {
  requireAdmin(actor, 'orders:read');
  const { fromDay, toDay } = filingPeriodOf(input.period);
  return listTaxDocuments(db, actor, { kind: input.kind ?? null, fromDay, toDay });
}
