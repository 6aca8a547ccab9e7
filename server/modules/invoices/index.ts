/**
 * The shop's GST documents (docs/decisions/027, docs/requirements.md §23): the owner issues a tax invoice for a
 * paid (or advance-paid) order, "Mark as Shipped" issues it when the order has none, cancelling an
 * invoiced order issues a credit note for it. The owner reads every document; a customer reads the
 * documents of her own orders, by her account or by her quotation's private key.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { SiteSettings } from '../../../content/site';
import { invoiceIssuable } from '../../../core/tax/document-links';
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
  invoiceOfOrder,
  invoiceTexts,
  issueInvoiceInTransaction,
  lockOrder,
  type TaxDocumentRow,
} from './issue';

export { invoiceTexts, type TaxDocumentRow } from './issue';
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
): Promise<{ invoice: TaxDocumentSummary; issuedNow: boolean }> {
  requireAdmin(actor, 'orders:write');
  const order = await lockOrder(tx, orderId);
  const existing = await invoiceOfOrder(tx, orderId);
  if (existing) return { invoice: summaryOf(existing), issuedNow: false };
  return {
    invoice: summaryOf(await issueInvoiceInTransaction(tx, order, site, now)),
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
): Promise<TaxDocumentSummary | null> {
  requireAdmin(actor, 'orders:write');
  const invoice = await invoiceOfOrder(tx, orderId);
  if (!invoice) return null;
  const note = await creditNoteInTransaction(tx, invoice, site, now);
  return note ? summaryOf(note) : null;
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
  options: {
    keyOpens?: ((reference: string) => Promise<boolean>) | null;
    /** The customer's own documents only (`/me/documents`), whoever she is. */
    ownOrdersOnly?: boolean;
  } = {},
): Promise<TaxDocumentRow> {
  const { keyOpens = null, ownOrdersOnly = false } = options;
  const isOwner = !ownOrdersOnly && (actor?.roles.includes('admin') ?? false);
  if (isOwner) requireAdmin(actor, 'orders:read');
  else if (!actor && !keyOpens) throw new DomainError('not_found', TAX_DOCUMENT_NOT_FOUND);
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
  if (!found) throw new DomainError('not_found', TAX_DOCUMENT_NOT_FOUND);
  if (isOwner) return found.document;
  if (actor && found.orderUserId === actor.userId) return found.document;
  if (found.reference && keyOpens && (await keyOpens(found.reference))) return found.document;
  throw new DomainError('not_found', TAX_DOCUMENT_NOT_FOUND);
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
 * "Export GSTR-1" (docs/requirements.md §23): the period's tax invoices and credit notes as the GST offline tool's
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
        inArray(taxDocuments.kind, ['invoice', 'credit_note']),
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
