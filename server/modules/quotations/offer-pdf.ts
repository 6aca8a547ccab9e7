import { formatLongDate } from '../../../core/time/dates';
import { lineAmounts } from '../../../core/quotes/line-text';
import {
  offerTotalRows,
  type OfferLine,
  type OfferPricing,
} from '../../../core/quotes/offer-totals';
import { returnTexts } from '../../../core/orders/return-status';
import { paymentTermsSentence } from '../../../core/orders/payment-terms';
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

/**
 * Everything an offer's PDF prints (docs/decisions/014): the shop, the customer and the priced offer,
 * each line with its "Made to order (not returnable)" mark (docs/requirements.md §24).
 */
export interface OfferDocument extends OfferPricing<OfferLine & { madeToOrder?: boolean }> {
  shop: { name: string; address: string; phone: string; email: string; gstin: string };
  /** e.g. Q-20261124-0001 */
  reference: string;
  /** When the offer was sent (or created, for a draft). */
  issuedAt: Date;
  customer: { name: string; company: string | null; mobile: string; email: string | null };
  terms: string;
  note: string | null;
  payment: { upiId: string; bankDetails: string };
  /**
   * docs/requirements.md §21: "Approximately US$2,287 at ₹83.50 per US$ (rates of {date}); the amount payable is
   * in rupees.", under the total, for a reader with a display currency; null or absent: none.
   */
  approximateTotal?: string | null;
}

const CELL_PADDING_X = 6;
const CELL_PADDING_Y = 5;

type LineColumnKey = 'piece' | 'quantity' | 'unitPrice' | 'lineTotal';
interface TableColumn {
  key: LineColumnKey;
  width: number;
  align: 'left' | 'right';
}
// The widths add up to A4's 595.28 pt less both margins; the amount columns fit
// ₹99,99,99,999.99 (89 pt at 10 pt) on one line, the Quantity column its bold title.
const LINE_COLUMNS: readonly TableColumn[] = [
  { key: 'piece', width: 205.28, align: 'left' },
  { key: 'quantity', width: 70, align: 'right' },
  { key: 'unitPrice', width: 110, align: 'right' },
  { key: 'lineTotal', width: 110, align: 'right' },
];
const TOTALS_LABEL_WIDTH = 120;
const TOTALS_AMOUNT_WIDTH = 130;

/** docs/requirements.md §10: the offer as a clean A4 quotation, for the customer's download and the offer mail. */
export async function renderOfferPdf(document: OfferDocument): Promise<Buffer> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(document.validUntil)) {
    throw new RangeError(`validUntil must be a YYYY-MM-DD date, got "${document.validUntil}"`);
  }
  const { pdf, rendered } = await startA4Pdf({
    title: `Quotation ${document.reference} v${document.version}`,
    author: document.shop.name,
    // The same offer renders to the same bytes, whether for the download or the mail.
    creationDate: document.issuedAt,
  });

  drawShopHeader(pdf, document.shop);
  drawTitle(pdf, document);
  drawCustomer(pdf, document.customer);
  drawLines(pdf, document.lines);
  drawTotals(pdf, document);
  drawConditions(pdf, document);
  drawHowToPay(pdf, document.payment);
  // "Quotation … · Offer v… · Page n of m"
  drawPageFooters(pdf, `Quotation ${document.reference} · Offer v${document.version}`);
  pdf.end();
  return rendered;
}

function drawShopHeader(pdf: Pdf, shop: OfferDocument['shop']): void {
  pdf.font('bold').fontSize(18).fillColor(INK);
  pdf.text(shop.name, pdf.page.margins.left, pdf.page.margins.top, { width: contentWidth(pdf) });
  pdf.moveDown(0.2).font('regular').fontSize(SMALL_SIZE).fillColor(MUTED);
  const details = [shop.address, shop.phone, shop.email];
  // docs/requirements.md §10: the GSTIN line only when the shop has one.
  if (shop.gstin.trim() !== '') details.push(`GSTIN ${shop.gstin.trim()}`);
  for (const detail of details) {
    pdf.text(detail, { width: contentWidth(pdf) });
  }
  pdf.moveDown(0.8);
  horizontalRule(pdf, pdf.y);
  pdf.moveDown(1);
}

function drawTitle(pdf: Pdf, document: OfferDocument): void {
  const left = pdf.page.margins.left;
  const top = pdf.y;
  pdf.font('bold').fontSize(16).fillColor(INK);
  pdf.text(`Quotation ${document.reference}`, left, top, { width: contentWidth(pdf) });
  const belowTitle = pdf.y;
  pdf.font('regular').fontSize(BODY_SIZE);
  pdf.text(`Offer v${document.version}`, left, top, { width: contentWidth(pdf), align: 'right' });
  pdf.fillColor(MUTED).text(formatLongDate(document.issuedAt), { align: 'right' });
  pdf.x = left;
  pdf.y = Math.max(pdf.y, belowTitle);
  pdf.moveDown(1);
}

function sectionHeading(pdf: Pdf, title: string, linesToFollow = 2): void {
  const lineHeight = pdf.font('regular').fontSize(BODY_SIZE).currentLineHeight(true);
  // A heading never sits alone at the foot of a page.
  keepTogether(pdf, lineHeight * (1 + linesToFollow));
  pdf.font('bold').fontSize(SMALL_SIZE).fillColor(MUTED);
  pdf.text(title, pdf.page.margins.left, pdf.y, { width: contentWidth(pdf) });
  pdf.moveDown(0.3);
}

function drawCustomer(pdf: Pdf, customer: OfferDocument['customer']): void {
  sectionHeading(pdf, 'Prepared for', 3);
  paragraph(pdf, customer.name, { bold: true });
  if (customer.company) paragraph(pdf, customer.company);
  paragraph(pdf, customer.mobile);
  if (customer.email) paragraph(pdf, customer.email);
  pdf.moveDown(1.2);
}

/**
 * Draws one table row, starting a page (with the table's header again) when it does not fit;
 * `pieceNote` is a small muted line under the piece (docs/requirements.md §24's "Made to order").
 */
function drawRow(
  pdf: Pdf,
  cells: Record<LineColumnKey, string>,
  options: {
    font: 'regular' | 'bold';
    color: string;
    repeatHeaderOnNewPage: boolean;
    pieceNote?: string | null;
  },
): void {
  const pieceWidth = LINE_COLUMNS[0]!.width - 2 * CELL_PADDING_X;
  const note = options.pieceNote ?? null;
  const noteHeight = note
    ? pdf.font('regular').fontSize(SMALL_SIZE).heightOfString(note, { width: pieceWidth })
    : 0;
  pdf.font(options.font).fontSize(BODY_SIZE);
  const cellHeights = LINE_COLUMNS.map(
    (column) =>
      pdf.heightOfString(cells[column.key], { width: column.width - 2 * CELL_PADDING_X }) +
      (column.key === 'piece' ? noteHeight : 0),
  );
  const rowHeight = Math.max(...cellHeights) + 2 * CELL_PADDING_Y;
  if (pdf.y + rowHeight > contentBottom(pdf)) {
    pdf.addPage();
    // docs/requirements.md §2: many lines flow onto the next page under the table's header again.
    if (options.repeatHeaderOnNewPage) drawLinesHeader(pdf);
    pdf.font(options.font).fontSize(BODY_SIZE);
  }
  const top = pdf.y;
  let x = pdf.page.margins.left;
  pdf.fillColor(options.color);
  for (const column of LINE_COLUMNS) {
    pdf.text(cells[column.key], x + CELL_PADDING_X, top + CELL_PADDING_Y, {
      width: column.width - 2 * CELL_PADDING_X,
      align: column.align,
    });
    x += column.width;
  }
  if (note) {
    const pieceHeight = pdf.heightOfString(cells.piece, { width: pieceWidth });
    pdf.font('regular').fontSize(SMALL_SIZE).fillColor(MUTED);
    pdf.text(note, pdf.page.margins.left + CELL_PADDING_X, top + CELL_PADDING_Y + pieceHeight, {
      width: pieceWidth,
    });
    pdf.fillColor(INK);
  }
  pdf.x = pdf.page.margins.left;
  pdf.y = top + rowHeight;
  horizontalRule(pdf, pdf.y);
}

// docs/requirements.md §10: the table of lines reads Piece, Quantity, Unit price, Line total.
function drawLinesHeader(pdf: Pdf): void {
  drawRow(
    pdf,
    { piece: 'Piece', quantity: 'Quantity', unitPrice: 'Unit price', lineTotal: 'Line total' },
    { font: 'bold', color: MUTED, repeatHeaderOnNewPage: false },
  );
}

function drawLines(pdf: Pdf, lines: OfferDocument['lines']): void {
  const rowHeight = pdf.font('regular').fontSize(BODY_SIZE).currentLineHeight(true);
  // The header and at least one line together, never the header alone at a page's foot.
  keepTogether(pdf, 2 * (rowHeight + 2 * CELL_PADDING_Y));
  drawLinesHeader(pdf);
  for (const line of lines) {
    // docs/requirements.md §19: the figures the pages and the mail print, from core/quotes/line-text.ts.
    drawRow(
      pdf,
      { piece: line.description, ...lineAmounts(line) },
      {
        font: 'regular',
        color: INK,
        repeatHeaderOnNewPage: true,
        // docs/requirements.md §24: the buyer reads, before accepting, which pieces cannot be returned.
        pieceNote: line.madeToOrder ? returnTexts.madeToOrder : null,
      },
    );
  }
  pdf.moveDown(0.8);
}

function drawTotals(pdf: Pdf, document: OfferDocument): void {
  const rows = offerTotalRows(document);
  // Wider than the table's amount column: the bold total of ₹99,99,99,999.99 is 109 pt.
  const amountX = pdf.page.width - pdf.page.margins.right - TOTALS_AMOUNT_WIDTH;
  const amountWidth = TOTALS_AMOUNT_WIDTH - CELL_PADDING_X;
  const labelX = amountX - TOTALS_LABEL_WIDTH;
  const lineHeight = pdf.font('bold').fontSize(11).currentLineHeight(true) + 4;
  keepTogether(pdf, rows.length * lineHeight + 4);
  for (const row of rows) {
    const top = pdf.y;
    if (row.total) {
      horizontalRule(pdf, top);
      pdf.y = top + 4;
    }
    const y = pdf.y;
    pdf
      .font(row.total ? 'bold' : 'regular')
      .fontSize(row.total ? 11 : BODY_SIZE)
      .fillColor(INK);
    pdf.text(row.label, labelX, y, { width: TOTALS_LABEL_WIDTH, align: 'right' });
    pdf.text(row.amount, amountX, y, { width: amountWidth, align: 'right' });
    pdf.y = y + lineHeight;
  }
  pdf.x = pdf.page.margins.left;
  if (document.approximateTotal) {
    // docs/requirements.md §21: one line under the total; rupees stay the only amount payable.
    pdf.font('regular').fontSize(SMALL_SIZE).fillColor(MUTED);
    pdf.text(document.approximateTotal, { align: 'right' });
    pdf.fillColor(INK);
  }
  pdf.moveDown(1.2);
}

function drawConditions(pdf: Pdf, document: OfferDocument): void {
  keepTogether(pdf, 3 * pdf.font('regular').fontSize(BODY_SIZE).currentLineHeight(true));
  // docs/requirements.md §10: validUntil is the shop's calendar day, printed as that day (formatLongDate reads a
  // YYYY-MM-DD string without shifting it by the server's time zone).
  paragraph(pdf, `Valid until ${formatLongDate(document.validUntil)}`, { bold: true });
  if (document.leadTimeDays !== null) {
    const days = document.leadTimeDays === 1 ? 'day' : 'days';
    paragraph(pdf, `Lead time: ${document.leadTimeDays} ${days}`);
  }
  pdf.moveDown(1);
  // The payment sentence made from the offer's numbers first, then the shop's own terms: free
  // text can never promise a payment the offer does not ask for.
  sectionHeading(pdf, 'Terms');
  paragraph(pdf, paymentTermsSentence(document.totalMinor, document.advancePercent));
  if (document.terms.trim() !== '') {
    pdf.moveDown(0.4);
    paragraph(pdf, document.terms.trim());
  }
  pdf.moveDown(1);
  if (document.note !== null && document.note.trim() !== '') {
    sectionHeading(pdf, 'Note');
    paragraph(pdf, document.note.trim());
    pdf.moveDown(1);
  }
}

function drawHowToPay(pdf: Pdf, payment: OfferDocument['payment']): void {
  sectionHeading(pdf, 'How to pay', 3);
  paragraph(pdf, `UPI: ${payment.upiId}`);
  if (payment.bankDetails.trim() !== '') {
    pdf.moveDown(0.4);
    paragraph(pdf, 'Bank transfer', { bold: true });
    paragraph(pdf, payment.bankDetails.trim());
  }
}
