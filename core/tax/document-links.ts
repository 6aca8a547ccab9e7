/**
 * What the pages need of a GST document to show and link it (docs/requirements.md §23), apart from
 * core/tax/tax-document.ts so the buyer's and the owner's order pages load none of the tax rules.
 */
import { paymentStageLabels, paymentsReceived, type PaymentStage } from '../orders/payment-terms';
import type { PaymentStatus } from '../orders/statuses';
import { paymentStatusBeforeRefunds } from '../orders/refund-status';
import type { DocumentSeries } from './financial-year';

/** The kinds of document, each with its own series (core/tax/financial-year.ts). */
export type TaxDocumentKind = DocumentSeries;

/** What the owner's Invoices page calls each kind in its "Kind" column and filter. */
export const taxDocumentKindLabels: Record<TaxDocumentKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  receipt_voucher: 'Receipt voucher',
};

/** The path of a document's PDF; a guest's carries her quotation's key, "?key=…". */
export function taxDocumentPath(id: string, keyQuery = ''): string {
  return `/documents/${id}.pdf${keyQuery}`;
}

/** The download link's words: "Download Invoice", "Download Credit Note". */
export const taxDocumentDownloadLabels: Record<TaxDocumentKind, string> = {
  invoice: 'Download Invoice',
  credit_note: 'Download Credit Note',
  receipt_voucher: 'Download Receipt Voucher',
};

/** A document's link as the order's pages draw it. */
export interface TaxDocumentLink {
  id: string;
  href: string;
  label: string;
  number: string;
}

/** The links of an order's documents; a guest's carry her quotation's key ("?key=…"). */
export function taxDocumentLinks(
  documents: readonly { id: string; kind: TaxDocumentKind; number: string }[],
  keyQuery = '',
): TaxDocumentLink[] {
  return documents.map((document) => ({
    id: document.id,
    href: taxDocumentPath(document.id, keyQuery),
    label: taxDocumentDownloadLabels[document.kind],
    number: document.number,
  }));
}

/**
 * The papers made from an order as it stands rather than issued and numbered: the proforma
 * invoice before the tax invoice, and each confirmed payment's receipt (docs/requirements.md §23).
 */
export const orderPaperNames = [
  'proforma-invoice',
  'receipt-advance',
  'receipt-balance',
  'receipt-full',
] as const satisfies readonly ('proforma-invoice' | `receipt-${PaymentStage}`)[];
export type OrderPaper = (typeof orderPaperNames)[number];

export const PROFORMA_INVOICE_LABEL = 'Download Proforma Invoice';
export const RECEIPT_LABEL = 'Download Receipt';

/** The path of an order's paper: "/orders/{id}/receipt-advance.pdf", with a guest's "?key=…". */
export function orderPaperPath(orderId: string, paper: OrderPaper, keyQuery = ''): string {
  return `/orders/${orderId}/${paper}.pdf${keyQuery}`;
}

/** What an order's papers are read from: its state, amounts and issued documents. */
export interface OrderPapersSource {
  id: string;
  status: string;
  paymentStatus: PaymentStatus | null;
  totalMinor: number;
  advanceMinor: number | null;
  documents: readonly { id: string; kind: TaxDocumentKind; number: string }[];
  /** docs/requirements.md §24: its refunds, whose money received still names the payments made. */
  refunds?: readonly { receivedMinor: number }[];
}

/**
 * The papers an order has now: a proforma invoice from acceptance until its tax invoice is issued
 * or the order ships or is cancelled, and a receipt for each payment confirmed.
 */
export function orderPapers(order: OrderPapersSource): OrderPaper[] {
  // Before the goods leave: a shipped order has its tax invoice (CGST Rule 46).
  const proforma =
    ['pending', 'confirmed', 'processing'].includes(order.status) &&
    !order.documents.some((document) => document.kind === 'invoice');
  return [
    ...paymentsReceived({
      totalMinor: order.totalMinor,
      advanceMinor: order.advanceMinor,
      // A refunded payment was still made: its receipt stays (docs/requirements.md §24).
      paymentStatus: paymentStatusBeforeRefunds(
        order.paymentStatus,
        order.refunds,
        order.totalMinor,
      ),
      // Which payments were made is enough to name their receipts.
      paymentReference: null,
      balanceReference: null,
    }).map((payment): OrderPaper => `receipt-${payment.stage}`),
    ...(proforma ? (['proforma-invoice'] as const) : []),
  ];
}

/** Every document link of an order: its issued documents, then its receipts and proforma invoice. */
export function orderDocumentLinks(order: OrderPapersSource, keyQuery = ''): TaxDocumentLink[] {
  return [
    ...taxDocumentLinks(order.documents, keyQuery),
    ...orderPapers(order).map((paper) => ({
      id: paper,
      href: orderPaperPath(order.id, paper, keyQuery),
      label: paper === 'proforma-invoice' ? PROFORMA_INVOICE_LABEL : RECEIPT_LABEL,
      number:
        paper === 'proforma-invoice'
          ? ''
          : paymentStageLabels[paper.slice('receipt-'.length) as PaymentStage],
    })),
  ];
}

/** Above the links to the pieces an order's invoice waits for (docs/requirements.md §23). */
export const HSN_CODES_NEEDED =
  'Its tax invoice needs the HSN code of each piece before it is issued or the order ships.';

/** "Issue Invoice" (docs/requirements.md §23). */
export const ISSUE_INVOICE_LABEL = 'Issue Invoice';

/**
 * Whether the owner may issue an order's invoice now: paid, or its advance paid, not cancelled,
 * and none issued yet. The console's button and the invoices module ask the same question.
 */
export function invoiceIssuable(order: {
  status: string;
  paymentStatus: string | null;
  documents: readonly { kind: TaxDocumentKind }[];
}): boolean {
  return (
    order.status !== 'cancelled' &&
    (order.paymentStatus === 'paid' || order.paymentStatus === 'partially_paid') &&
    !order.documents.some((document) => document.kind === 'invoice')
  );
}
