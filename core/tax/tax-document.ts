/**
 * A GST document as issued (docs/decisions/027): everything its PDF, the owner's Invoices page,
 * the API and GSTR-1 read, frozen when the number is given. A document is never changed after;
 * the shop's later settings, a product's new HSN code or a renamed buyer do not touch it. One
 * shape for a tax invoice and a credit note, so that a credit note for a whole invoice is that
 * invoice's lines with its own number, title and citation.
 */
import { rupeesInWords } from './amount-in-words';

export type { TaxDocumentKind } from './document-links';
import type { TaxDocumentKind } from './document-links';
import type { GstStateCode } from './gstin';
import type { InvoiceGoodsLine, InvoiceTax } from './invoice-tax';
import { computeInvoiceTax } from './invoice-tax';
import { LUT_EXPORT_TEXT, placeOfSupplyLabel, type IssuablePlaceOfSupply } from './place-of-supply';

/** The title printed at the top of each kind (CGST Rules 46, 50, 53). */
export const taxDocumentTitles: Record<TaxDocumentKind, string> = {
  invoice: 'Tax Invoice',
  credit_note: 'Credit Note',
  receipt_voucher: 'Receipt Voucher',
};

/** Rule 46(p): printed on every tax invoice of this shop, whose sales never carry reverse charge. */
export const REVERSE_CHARGE_TEXT = 'Reverse charge: No';
export const AUTHORISED_SIGNATORY = 'Authorised signatory';

export interface TaxDocumentSeller {
  name: string;
  /** The address as Settings hold it, one line or several. */
  address: string;
  gstin: string;
  stateCode: GstStateCode;
}

export interface TaxDocumentBuyer {
  name: string;
  company: string | null;
  /** Printed when the buyer gave one; it makes the sale B2B in GSTR-1. */
  gstin: string | null;
  /** The lines of the billing address; the order holds one address, so it is the shipping one. */
  billingAddress: string[];
  shippingAddress: string[];
}

export interface TaxDocumentPayment {
  /** "Advance", "Balance" or "Payment in full". */
  label: string;
  amountMinor: number;
  reference: string | null;
}

/**
 * What a PDF of the shop's is: a document issued and numbered in its series, or a paper made from
 * the order as it stands, unnumbered: a proforma invoice or a payment's receipt.
 */
export type ShopDocumentKind = TaxDocumentKind | 'proforma_invoice' | 'receipt';

/** The document: its lines, shipping and totals are core/tax/invoice-tax.ts's, as computed when issued. */
export interface TaxDocumentContent extends InvoiceTax {
  kind: ShopDocumentKind;
  title: string;
  number: string;
  /** The shop's calendar day it was issued, YYYY-MM-DD. */
  issuedOn: string;
  /** "26-27" */
  financialYear: string;
  orderNumber: string;
  seller: TaxDocumentSeller;
  buyer: TaxDocumentBuyer;
  placeOfSupply: IssuablePlaceOfSupply;
  /** "Rajasthan (08)", or the country of an export. */
  placeOfSupplyLabel: string;
  /** The LUT's endorsement and ARN on an export without tax; null otherwise. */
  lutEndorsement: string | null;
  /** "Rupees One Lakh Twenty-Four Thousand Six Hundred Only", of the rounded total. */
  totalInWords: string;
  /** The payments received against the order when the document was issued, and what is still due. */
  payments: TaxDocumentPayment[];
  balanceDueMinor: number;
  /** A credit note's invoice: its number and day. */
  cites: { number: string; issuedOn: string } | null;
  /** A credit note's reason. */
  reason: string | null;
  /** "Approximately US$… at ₹… per US$ …", as on the offer, for a buyer abroad; null otherwise. */
  approximateTotal: string | null;
  /**
   * A receipt's or receipt voucher's payment: the one amount it acknowledges (its `payments` hold
   * that payment alone, `totalInWords` is its amount in words). Absent on every other kind.
   */
  received?: TaxDocumentPayment & { receivedToDateMinor: number };
  /** Printed under the title: "This is not a tax invoice", or the voucher's word on its tax. */
  notice?: string;
}

/** A document as stored when issued: one of the numbered kinds (docs/decisions/027). */
export type IssuedTaxDocument = TaxDocumentContent & { kind: TaxDocumentKind };

/** Whether a document is one the shop issues and numbers, rather than an unnumbered paper. */
export function isIssuedTaxDocument(document: TaxDocumentContent): document is IssuedTaxDocument {
  return document.kind !== 'proforma_invoice' && document.kind !== 'receipt';
}

export interface InvoiceContentInput {
  number: string;
  issuedOn: string;
  financialYear: string;
  orderNumber: string;
  seller: TaxDocumentSeller;
  buyer: TaxDocumentBuyer;
  supply: IssuablePlaceOfSupply;
  lines: InvoiceGoodsLine[];
  discountMinor: number;
  shippingMinor: number;
  gstRateBasisPoints: number;
  payments: TaxDocumentPayment[];
  approximateTotal: string | null;
}

/** The LUT endorsement line: the rule's words and the ARN the portal gave the LUT. */
export function lutEndorsementOf(supply: IssuablePlaceOfSupply): string | null {
  return supply.kind === 'export_under_lut'
    ? `${LUT_EXPORT_TEXT} (LUT ARN ${supply.lutArn})`
    : null;
}

/** A tax invoice's content from the order's lines and the shop's state, taxed by core/tax/invoice-tax.ts. */
export function invoiceContent(input: InvoiceContentInput): IssuedTaxDocument {
  const tax: InvoiceTax = computeInvoiceTax({
    lines: input.lines,
    discountMinor: input.discountMinor,
    shippingMinor: input.shippingMinor,
    gstRateBasisPoints: input.gstRateBasisPoints,
    supply: input.supply,
  });
  const paid = input.payments.reduce((sum, payment) => sum + payment.amountMinor, 0);
  return {
    kind: 'invoice',
    title: taxDocumentTitles.invoice,
    number: input.number,
    issuedOn: input.issuedOn,
    financialYear: input.financialYear,
    orderNumber: input.orderNumber,
    seller: input.seller,
    buyer: input.buyer,
    placeOfSupply: input.supply,
    placeOfSupplyLabel: placeOfSupplyLabel(input.supply),
    lutEndorsement: lutEndorsementOf(input.supply),
    ...tax,
    totalInWords: rupeesInWords(tax.totalMinor),
    payments: input.payments,
    balanceDueMinor: Math.max(0, tax.totalMinor - paid),
    cites: null,
    reason: null,
    approximateTotal: input.approximateTotal,
  };
}

/**
 * A credit note for the whole of an invoice (CGST Rule 53(1A)): the invoice's lines and tax, its
 * own number and day, citing the invoice's number and day, with the reason. Money refunded is
 * recorded with the order, not here: nothing is "due" on a credit note.
 */
export function wholeInvoiceCreditNote(
  invoice: TaxDocumentContent,
  note: { number: string; issuedOn: string; financialYear: string; reason: string },
): IssuedTaxDocument {
  return {
    ...invoice,
    kind: 'credit_note',
    title: taxDocumentTitles.credit_note,
    number: note.number,
    issuedOn: note.issuedOn,
    financialYear: note.financialYear,
    payments: [],
    balanceDueMinor: 0,
    cites: { number: invoice.number, issuedOn: invoice.issuedOn },
    reason: note.reason,
  };
}

/**
 * A credit note for the pieces of an invoice that came back (CGST Rule 53(1A), docs/requirements.md §24):
 * each returned line at the quantity returned, its discount and tax in the same proportion as on
 * the invoice. `creditedBefore` is how many of the line earlier credit notes gave back: each note
 * credits the rounded share up to its last piece less the share before it, so the notes of a line
 * add up to the line to the paisa. Shipping is not credited: the goods went out, and the spec puts
 * return shipping on the buyer.
 */
export function returnedLinesCreditNote(
  invoice: TaxDocumentContent,
  returned: readonly { lineIndex: number; quantity: number; creditedBefore: number }[],
  note: { number: string; issuedOn: string; financialYear: string; reason: string },
): IssuedTaxDocument {
  const lines = returned.map(({ lineIndex, quantity, creditedBefore }) => {
    const line = invoice.lines[lineIndex];
    const upTo = creditedBefore + quantity;
    if (!line || !Number.isSafeInteger(quantity) || quantity < 1 || upTo > line.quantity) {
      throw new RangeError(`No ${quantity} of the invoice's line ${lineIndex} left to credit`);
    }
    const share = (minor: number) =>
      Math.round((minor * upTo) / line.quantity) -
      Math.round((minor * creditedBefore) / line.quantity);
    const grossMinor = quantity * line.unitPriceMinor;
    const discountMinor = share(line.discountMinor);
    return {
      ...line,
      quantity,
      grossMinor,
      discountMinor,
      taxableMinor: grossMinor - discountMinor,
      cgstMinor: share(line.cgstMinor),
      sgstMinor: share(line.sgstMinor),
      igstMinor: share(line.igstMinor),
    };
  });
  const sum = (key: 'taxableMinor' | 'cgstMinor' | 'sgstMinor' | 'igstMinor') =>
    lines.reduce((total, line) => total + line[key], 0);
  const taxableMinor = sum('taxableMinor');
  const cgstMinor = sum('cgstMinor');
  const sgstMinor = sum('sgstMinor');
  const igstMinor = sum('igstMinor');
  const taxMinor = cgstMinor + sgstMinor + igstMinor;
  const totalMinor = taxableMinor + taxMinor;
  return {
    ...invoice,
    kind: 'credit_note',
    title: taxDocumentTitles.credit_note,
    number: note.number,
    issuedOn: note.issuedOn,
    financialYear: note.financialYear,
    lines,
    shipping: null,
    taxableMinor,
    cgstMinor,
    sgstMinor,
    igstMinor,
    taxMinor,
    totalMinor,
    totalInWords: rupeesInWords(totalMinor),
    payments: [],
    balanceDueMinor: 0,
    cites: { number: invoice.number, issuedOn: invoice.issuedOn },
    reason: note.reason,
  };
}

/** docs/requirements.md §23: a proforma invoice asks to be paid; it is no supply and bears no number. */
export const NOT_A_TAX_INVOICE = 'This is not a tax invoice';

/** The proforma invoice of an accepted offer's order: its invoice as it would be issued today, unnumbered. */
export function proformaInvoiceContent(
  input: Omit<InvoiceContentInput, 'number'>,
): TaxDocumentContent {
  return {
    ...invoiceContent({ ...input, number: '' }),
    kind: 'proforma_invoice',
    title: 'Proforma Invoice',
    notice: NOT_A_TAX_INVOICE,
  };
}

/**
 * docs/decisions/027: no GST is paid on an advance received for goods (Notification 66/2017–Central
 * Tax); the tax is charged on the tax invoice, which the receipt voucher points to.
 */
export const RECEIPT_VOUCHER_TAX_NOTE =
  'No GST is payable on an advance received for goods (Notification 66/2017–Central Tax); the tax is charged on the tax invoice.';

/**
 * A payment's receipt (docs/requirements.md §23): the order's goods and totals as its invoice
 * computes them, and the one payment acknowledged, its amount in words. A receipt voucher (CGST
 * Rule 50) is numbered in its own series and issued for a payment received before the tax
 * invoice; a receipt is the unnumbered acknowledgement every confirmed payment has.
 */
export function receiptContent(
  order: TaxDocumentContent,
  receipt: {
    kind: 'receipt_voucher' | 'receipt';
    number: string;
    issuedOn: string;
    financialYear: string;
    payment: TaxDocumentPayment;
    /** Every payment confirmed up to and with this one. */
    receivedToDateMinor: number;
  },
): TaxDocumentContent {
  const voucher = receipt.kind === 'receipt_voucher';
  return {
    ...order,
    kind: receipt.kind,
    title: voucher ? taxDocumentTitles.receipt_voucher : 'Receipt',
    number: receipt.number,
    issuedOn: receipt.issuedOn,
    financialYear: receipt.financialYear,
    totalInWords: rupeesInWords(receipt.payment.amountMinor),
    payments: [receipt.payment],
    balanceDueMinor: Math.max(0, order.totalMinor - receipt.receivedToDateMinor),
    cites: null,
    reason: null,
    received: { ...receipt.payment, receivedToDateMinor: receipt.receivedToDateMinor },
    ...(voucher ? { notice: RECEIPT_VOUCHER_TAX_NOTE } : {}),
  };
}

/** The reason a credit note for a cancelled order gives. */
export const CANCELLED_ORDER_REASON = 'Order cancelled';
/** docs/requirements.md §24: the reason on a credit note for pieces the buyer returned. */
export const RETURNED_GOODS_REASON = 'Goods returned';

/**
 * The PDF's file name: "Tax-Invoice-KK-26-27-0001.pdf" (a number's slashes cannot be in a file
 * name); an unnumbered paper is named by its order: "Proforma-Invoice-ORD-2026-0001.pdf",
 * "Receipt-ORD-2026-0001-Advance.pdf".
 */
export function taxDocumentFileName(
  document: Pick<TaxDocumentContent, 'title' | 'number' | 'orderNumber' | 'received'>,
): string {
  const name = document.number
    ? document.number.replace(/\//g, '-')
    : [document.orderNumber, document.received?.label].filter(Boolean).join('-');
  return `${document.title.replace(/ /g, '-')}-${name.replace(/ /g, '-')}.pdf`;
}
