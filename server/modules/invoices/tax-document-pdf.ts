/**
 * A GST document's PDF (docs/decisions/027, docs/requirements.md §23): a tax invoice or a credit
 * note as CGST Rules 46 and 53 ask, printed from its frozen `TaxDocumentContent` alone. It looks
 * like the offer's PDF (server/modules/quotations/offer-pdf.ts): the same fonts, A4 page, margins,
 * colours and sizes, a table that wraps and breaks pages, and a footer on every page.
 */
import { textAddressLines } from '../../../core/identity/address-lines';
import { formatPercentFromBasisPoints, formatRupees } from '../../../core/money/money';
import {
  AUTHORISED_SIGNATORY,
  REVERSE_CHARGE_TEXT,
  type TaxDocumentContent,
  type ShopDocumentKind,
} from '../../../core/tax/tax-document';
import type { InvoiceTaxLine } from '../../../core/tax/invoice-tax';
import { formatLongDate } from '../../../core/time/dates';
import {
  BODY_SIZE,
  contentBottom,
  contentWidth,
  drawPageFooters,
  horizontalRule,
  INK,
  keepTogether,
  MUTED,
  paragraph,
  SMALL_SIZE,
  startA4Pdf,
  type Pdf,
} from '../../pdf/a4-page';

// The table is at SMALL_SIZE with narrower padding than the offer's: an intra-state invoice has
// seven columns on the same 495.28 pt of A4.
const CELL_PADDING_X = 4;
const CELL_PADDING_Y = 4;
const TOTALS_LABEL_WIDTH = 120;
const TOTALS_AMOUNT_WIDTH = 130;
const SIGNATURE_SPACE = 36;

/** The label of each kind's number beside its title. */
const NUMBER_LABELS: Record<ShopDocumentKind, string> = {
  invoice: 'Invoice number',
  credit_note: 'Credit note number',
  receipt_voucher: 'Receipt voucher number',
  // Unnumbered: the order's number names them.
  proforma_invoice: '',
  receipt: '',
};

type ColumnKey = 'description' | 'hsn' | 'quantity' | 'rate' | 'taxable' | 'cgst' | 'sgst' | 'igst';
interface TableColumn {
  key: ColumnKey;
  title: string;
  width: number;
  align: 'left' | 'right';
}

// Each set adds up to A4's 595.28 pt less both margins. At 9 pt an amount column fits
// ₹9,99,999.99 on one line (a larger amount wraps inside its cell), the HSN column an 8-digit code.
const LEADING_COLUMNS: readonly TableColumn[] = [
  { key: 'hsn', title: 'HSN', width: 54, align: 'left' },
  { key: 'quantity', title: 'Qty', width: 32, align: 'right' },
  { key: 'rate', title: 'Rate', width: 66, align: 'right' },
  { key: 'taxable', title: 'Taxable value', width: 66, align: 'right' },
];
const INTRA_STATE_COLUMNS: readonly TableColumn[] = [
  { key: 'description', title: 'Description', width: 149.28, align: 'left' },
  ...LEADING_COLUMNS,
  { key: 'cgst', title: 'CGST', width: 64, align: 'right' },
  { key: 'sgst', title: 'SGST', width: 64, align: 'right' },
];
const IGST_COLUMNS: readonly TableColumn[] = [
  { key: 'description', title: 'Description', width: 203.28, align: 'left' },
  ...LEADING_COLUMNS,
  { key: 'igst', title: 'IGST', width: 74, align: 'right' },
];

/** One line of text in a cell; a cell holds one or more. */
interface CellLine {
  text: string;
  muted?: boolean;
}
type RowCells = Partial<Record<ColumnKey, CellLine[]>>;

/**
 * docs/decisions/027: a tax invoice, credit note or receipt voucher as an A4 PDF, for the buyer and
 * the owner; and the unnumbered papers made the same way, the proforma invoice and a receipt.
 */
export async function renderTaxDocumentPdf(document: TaxDocumentContent): Promise<Buffer> {
  if (document.issuedOn !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(document.issuedOn)) {
    throw new RangeError(`issuedOn must be a YYYY-MM-DD day, got "${document.issuedOn}"`);
  }
  // An unnumbered paper is named by its order: "Proforma Invoice ORD-2026-0001".
  const name = `${document.title} ${document.number || document.orderNumber}`;
  const { pdf, rendered } = await startA4Pdf({
    title: name,
    author: document.seller.name,
    // The document's own day: an issued document never changes (docs/decisions/027), and
    // neither do its bytes when it is rendered again.
    creationDate: new Date(document.issuedOn ? `${document.issuedOn}T00:00:00Z` : 0),
  });

  const columns =
    document.placeOfSupply.kind === 'intra_state' ? INTRA_STATE_COLUMNS : IGST_COLUMNS;
  drawSeller(pdf, document.seller);
  drawTitle(pdf, document);
  drawBuyer(pdf, document.buyer);
  drawSupply(pdf, document);
  if (document.received) {
    drawReceived(pdf, document, document.received);
    sectionHeading(pdf, 'For the order', pdf.page.margins.left, contentWidth(pdf));
    drawLines(pdf, columns, document);
    drawOrderBalance(pdf, document, document.received);
  } else {
    drawLines(pdf, columns, document);
    drawTotals(pdf, document);
    drawPayments(pdf, document);
  }
  drawSignatory(pdf, document.seller.name);
  // "Tax Invoice KK/26-27/0001 · Page n of m"
  drawPageFooters(pdf, name);
  pdf.end();
  return rendered;
}

function bodyLineHeight(pdf: Pdf): number {
  return pdf.font('regular').fontSize(BODY_SIZE).currentLineHeight(true);
}

/** docs/decisions/027 (Rule 46): the supplier's name, address and GSTIN. */
function drawSeller(pdf: Pdf, seller: TaxDocumentContent['seller']): void {
  pdf.font('bold').fontSize(18).fillColor(INK);
  pdf.text(seller.name, pdf.page.margins.left, pdf.page.margins.top, { width: contentWidth(pdf) });
  pdf.moveDown(0.2).font('regular').fontSize(SMALL_SIZE).fillColor(MUTED);
  for (const line of [...textAddressLines(seller.address), `GSTIN: ${seller.gstin}`]) {
    pdf.text(line, { width: contentWidth(pdf) });
  }
  pdf.moveDown(0.8);
  horizontalRule(pdf, pdf.y);
  pdf.moveDown(1);
}

/** The title on the left; the number, day and order on the right (docs/decisions/027). */
function drawTitle(pdf: Pdf, document: TaxDocumentContent): void {
  const left = pdf.page.margins.left;
  const half = contentWidth(pdf) / 2;
  const top = pdf.y;
  pdf.font('bold').fontSize(16).fillColor(INK);
  pdf.text(document.title, left, top, { width: half });
  const belowTitle = pdf.y;
  pdf.font('regular').fontSize(BODY_SIZE).fillColor(INK);
  // issuedOn is the shop's calendar day; formatLongDate prints a YYYY-MM-DD string as that day,
  // whatever the server's time zone.
  const lines = [
    ...(document.number ? [`${NUMBER_LABELS[document.kind]}: ${document.number}`] : []),
    // A receipt of a payment confirmed before its day was recorded has no day to print.
    ...(document.issuedOn ? [`Date: ${formatLongDate(document.issuedOn)}`] : []),
    `Order: ${document.orderNumber}`,
  ];
  for (const [index, line] of lines.entries()) {
    pdf.text(line, left + half, index === 0 ? top : pdf.y, { width: half, align: 'right' });
  }
  pdf.x = left;
  pdf.y = Math.max(pdf.y, belowTitle);
  if (document.notice) {
    // docs/requirements.md §23: "This is not a tax invoice"; a receipt voucher's word on its tax.
    pdf.moveDown(0.6);
    paragraph(pdf, document.notice, { bold: true });
  }
  if (document.cites) {
    // docs/decisions/027 (Rule 53): a credit note names the invoice it adjusts.
    pdf.moveDown(0.6);
    paragraph(
      pdf,
      `Against invoice ${document.cites.number} of ${formatLongDate(document.cites.issuedOn)}`,
      { bold: true },
    );
  }
  if (document.reason) paragraph(pdf, `Reason: ${document.reason}`);
  pdf.moveDown(1);
}

function sectionHeading(pdf: Pdf, title: string, x: number, width: number): void {
  pdf.font('bold').fontSize(SMALL_SIZE).fillColor(MUTED);
  pdf.text(title, x, pdf.y, { width });
  pdf.moveDown(0.3);
}

/** The recipient, with its GSTIN when registered, and the delivery address beside it (Rule 46). */
function drawBuyer(pdf: Pdf, buyer: TaxDocumentContent['buyer']): void {
  const left = pdf.page.margins.left;
  const gap = 20;
  const width = (contentWidth(pdf) - gap) / 2;
  const billTo = [buyer.name, buyer.company, ...textAddressLines(buyer.billingAddress)];
  const lineCount = Math.max(billTo.length + 1, buyer.shippingAddress.length);
  keepTogether(pdf, bodyLineHeight(pdf) * (lineCount + 1.5));
  const top = pdf.y;

  sectionHeading(pdf, 'Bill to', left, width);
  paragraph(pdf, buyer.name, { bold: true, x: left, width });
  if (buyer.company) paragraph(pdf, buyer.company, { x: left, width });
  for (const line of textAddressLines(buyer.billingAddress))
    paragraph(pdf, line, { x: left, width });
  if (buyer.gstin) paragraph(pdf, `GSTIN: ${buyer.gstin}`, { x: left, width });
  const belowBillTo = pdf.y;

  pdf.y = top;
  const right = left + width + gap;
  sectionHeading(pdf, 'Ship to', right, width);
  for (const line of textAddressLines(buyer.shippingAddress))
    paragraph(pdf, line, { x: right, width });

  pdf.x = left;
  pdf.y = Math.max(pdf.y, belowBillTo);
  pdf.moveDown(1);
}

/** The place of supply, reverse charge and, on an export under a LUT, its endorsement (docs/decisions/027). */
function drawSupply(pdf: Pdf, document: TaxDocumentContent): void {
  paragraph(pdf, `Place of supply: ${document.placeOfSupplyLabel}`);
  paragraph(pdf, REVERSE_CHARGE_TEXT);
  if (document.lutEndorsement) {
    pdf.moveDown(0.5);
    paragraph(pdf, document.lutEndorsement, { bold: true });
  }
  pdf.moveDown(1);
}

/** The GST rate in percent as people write it, without trailing zeros: 1200 → "12". */
function wholeRateText(basisPoints: number): string {
  return `${formatPercentFromBasisPoints(basisPoints)}%`;
}

/**
 * Half the rate, CGST's or SGST's (docs/decisions/027): 1200 → "6%", 500 → "2.5%", 25 → "0.125%".
 * In thousandths of a percent, so an odd number of basis points halves without a float.
 */
function halfRateText(basisPoints: number): string {
  const thousandths = basisPoints * 5;
  const whole = Math.floor(thousandths / 1000);
  const fraction = String(thousandths % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction === '' ? '' : `.${fraction}`}%`;
}

function taxCell(rate: string, amountMinor: number): CellLine[] {
  return [{ text: rate, muted: true }, { text: formatRupees(amountMinor) }];
}

function lineCells(line: InvoiceTaxLine): RowCells {
  const description: CellLine[] = [{ text: line.description }];
  // docs/decisions/027: Rule 46 asks for each line's discount beside the value it reduces.
  if (line.discountMinor > 0) {
    description.push({ text: `Less discount ${formatRupees(line.discountMinor)}`, muted: true });
  }
  return {
    description,
    hsn: [{ text: line.hsnCode ?? '' }],
    quantity: [{ text: String(line.quantity) }],
    rate: [{ text: formatRupees(line.unitPriceMinor) }],
    taxable: [{ text: formatRupees(line.taxableMinor) }],
    cgst: taxCell(halfRateText(line.rateBasisPoints), line.cgstMinor),
    sgst: taxCell(halfRateText(line.rateBasisPoints), line.sgstMinor),
    igst: taxCell(wholeRateText(line.rateBasisPoints), line.igstMinor),
  };
}

function headerCells(columns: readonly TableColumn[]): RowCells {
  return Object.fromEntries(columns.map((column) => [column.key, [{ text: column.title }]]));
}

function cellTextWidth(column: TableColumn): number {
  return column.width - 2 * CELL_PADDING_X;
}

/** Draws one table row, starting a page (with the table's header again) when it does not fit. */
function drawRow(
  pdf: Pdf,
  columns: readonly TableColumn[],
  cells: RowCells,
  options: { font: 'regular' | 'bold'; color: string; repeatHeaderOnNewPage: boolean },
): void {
  pdf.font(options.font).fontSize(SMALL_SIZE);
  const cellHeight = (column: TableColumn) =>
    (cells[column.key] ?? []).reduce(
      (height, line) => height + pdf.heightOfString(line.text, { width: cellTextWidth(column) }),
      0,
    );
  const rowHeight = Math.max(...columns.map(cellHeight)) + 2 * CELL_PADDING_Y;
  if (pdf.y + rowHeight > contentBottom(pdf)) {
    pdf.addPage();
    // Many lines flow onto the next page under the table's header again, as on the offer.
    if (options.repeatHeaderOnNewPage) drawLinesHeader(pdf, columns);
    pdf.font(options.font).fontSize(SMALL_SIZE);
  }
  const top = pdf.y;
  let x = pdf.page.margins.left;
  for (const column of columns) {
    pdf.y = top + CELL_PADDING_Y;
    for (const line of cells[column.key] ?? []) {
      pdf.fillColor(line.muted ? MUTED : options.color);
      pdf.text(line.text, x + CELL_PADDING_X, pdf.y, {
        width: cellTextWidth(column),
        align: column.align,
      });
    }
    x += column.width;
  }
  pdf.x = pdf.page.margins.left;
  pdf.y = top + rowHeight;
  horizontalRule(pdf, pdf.y);
}

function drawLinesHeader(pdf: Pdf, columns: readonly TableColumn[]): void {
  drawRow(pdf, columns, headerCells(columns), {
    font: 'bold',
    color: MUTED,
    repeatHeaderOnNewPage: false,
  });
}

/** docs/decisions/027: each line, then shipping and packing as the last. */
function drawLines(pdf: Pdf, columns: readonly TableColumn[], document: TaxDocumentContent): void {
  const lineHeight = pdf.font('regular').fontSize(SMALL_SIZE).currentLineHeight(true);
  // The header and at least one two-line row together, never the header alone at a page's foot.
  keepTogether(pdf, 4 * lineHeight + 4 * CELL_PADDING_Y);
  drawLinesHeader(pdf, columns);
  const rows = document.shipping ? [...document.lines, document.shipping] : document.lines;
  for (const line of rows) {
    drawRow(pdf, columns, lineCells(line), {
      font: 'regular',
      color: INK,
      repeatHeaderOnNewPage: true,
    });
  }
  pdf.moveDown(0.8);
}

/** The totals at the right, the total in words under them (docs/decisions/027). */
function drawTotals(pdf: Pdf, document: TaxDocumentContent): void {
  const rows: { label: string; amountMinor: number; total?: boolean }[] = [
    { label: 'Taxable value', amountMinor: document.taxableMinor },
    ...(document.placeOfSupply.kind === 'intra_state'
      ? [
          { label: 'CGST', amountMinor: document.cgstMinor },
          { label: 'SGST', amountMinor: document.sgstMinor },
        ]
      : [{ label: 'IGST', amountMinor: document.igstMinor }]),
    { label: 'Total', amountMinor: document.totalMinor, total: true },
  ];
  const amountX = pdf.page.width - pdf.page.margins.right - TOTALS_AMOUNT_WIDTH;
  const amountWidth = TOTALS_AMOUNT_WIDTH - CELL_PADDING_X;
  const labelX = amountX - TOTALS_LABEL_WIDTH;
  const lineHeight = pdf.font('bold').fontSize(11).currentLineHeight(true) + 4;
  // The totals, the approximation and the words stay together.
  keepTogether(pdf, rows.length * lineHeight + 4 + 4 * bodyLineHeight(pdf));
  for (const row of rows) {
    if (row.total) {
      horizontalRule(pdf, pdf.y);
      pdf.y += 4;
    }
    const y = pdf.y;
    pdf
      .font(row.total ? 'bold' : 'regular')
      .fontSize(row.total ? 11 : BODY_SIZE)
      .fillColor(INK);
    pdf.text(row.label, labelX, y, { width: TOTALS_LABEL_WIDTH, align: 'right' });
    pdf.text(formatRupees(row.amountMinor), amountX, y, { width: amountWidth, align: 'right' });
    pdf.y = y + lineHeight;
  }
  pdf.x = pdf.page.margins.left;
  if (document.approximateTotal) {
    // docs/requirements.md §21: one line under the total; rupees stay the only amount payable.
    pdf.font('regular').fontSize(SMALL_SIZE).fillColor(MUTED);
    pdf.text(document.approximateTotal, pdf.page.margins.left, pdf.y, {
      width: contentWidth(pdf) - CELL_PADDING_X,
      align: 'right',
    });
  }
  pdf.moveDown(0.8);
  paragraph(pdf, `Amount in words: ${document.totalInWords}`);
  pdf.moveDown(1.2);
}

/**
 * What the buyer has paid against the order and what is still due, on an invoice and a proforma
 * invoice (which a buyer abroad wires from); a credit note owes nothing.
 */
function drawPayments(pdf: Pdf, document: TaxDocumentContent): void {
  const proforma = document.kind === 'proforma_invoice';
  if (document.kind !== 'invoice' && !proforma) return;
  if (document.payments.length === 0 && !proforma) return;
  keepTogether(pdf, bodyLineHeight(pdf) * (document.payments.length + 3));
  if (document.payments.length > 0) {
    sectionHeading(pdf, 'Payments received', pdf.page.margins.left, contentWidth(pdf));
    for (const payment of document.payments) {
      const reference = payment.reference ? ` (reference ${payment.reference})` : '';
      paragraph(pdf, `${payment.label} ${formatRupees(payment.amountMinor)}${reference}`);
    }
    pdf.moveDown(0.3);
  }
  drawBalanceDue(pdf, document);
}

/** "Balance due: ₹…", or "Paid in full", under the payments. */
function drawBalanceDue(pdf: Pdf, document: TaxDocumentContent): void {
  paragraph(
    pdf,
    document.balanceDueMinor > 0
      ? `Balance due: ${formatRupees(document.balanceDueMinor)}`
      : 'Paid in full',
    { bold: true },
  );
  pdf.moveDown(1.2);
}

/** What a receipt acknowledges: the one payment, its reference and its amount in words. */
function drawReceived(
  pdf: Pdf,
  document: TaxDocumentContent,
  received: NonNullable<TaxDocumentContent['received']>,
): void {
  const reference = received.reference ? `, reference ${received.reference}` : '';
  paragraph(
    pdf,
    `Received from ${document.buyer.name} ${formatRupees(received.amountMinor)} (${received.label}${reference}) against order ${document.orderNumber}.`,
    { bold: true },
  );
  paragraph(pdf, `Amount in words: ${document.totalInWords}`);
  pdf.moveDown(1.2);
}

/** Under a receipt's order: its total, what has been received with this payment, and what is still due. */
function drawOrderBalance(
  pdf: Pdf,
  document: TaxDocumentContent,
  received: NonNullable<TaxDocumentContent['received']>,
): void {
  keepTogether(pdf, bodyLineHeight(pdf) * 5);
  paragraph(pdf, `Order total: ${formatRupees(document.totalMinor)}`);
  paragraph(pdf, `Received to date: ${formatRupees(received.receivedToDateMinor)}`);
  drawBalanceDue(pdf, document);
}

/** The supplier's signature, under its name, at the right (Rule 46). */
function drawSignatory(pdf: Pdf, sellerName: string): void {
  const lineHeight = bodyLineHeight(pdf);
  keepTogether(pdf, 2 * lineHeight + SIGNATURE_SPACE);
  const left = pdf.page.margins.left;
  const options = { width: contentWidth(pdf), align: 'right' } as const;
  pdf.font('bold').fontSize(BODY_SIZE).fillColor(INK);
  pdf.text(`For ${sellerName}`, left, pdf.y, options);
  pdf.y += SIGNATURE_SPACE;
  pdf.font('regular').fillColor(MUTED);
  pdf.text(AUTHORISED_SIGNATORY, left, pdf.y, options);
  pdf.x = left;
}
