/**
 * The A4 page every PDF of the shop prints on (docs/decisions/014, docs/decisions/027): the offer's
 * quotation and the GST documents. One place for the fonts, margins, colours and sizes, the start
 * of a document and its page footers, so the documents a buyer keeps look alike. Below the
 * modules (docs/design.md §3: modules do not import each other).
 */
import path from 'node:path';

// Resolved from the working directory like the migrations (server/db/migrate.ts): the production
// build bundles this module into build/server, where import.meta.url no longer points at the
// sources. PDFKit's built-in Helvetica has no rupee sign (₹, U+20B9), which formatRupees prints.
const REGULAR_FONT = path.resolve(process.cwd(), 'server/assets/fonts/DejaVuSans.ttf');
const BOLD_FONT = path.resolve(process.cwd(), 'server/assets/fonts/DejaVuSans-Bold.ttf');

export const MARGIN = 50;
const FOOTER_OFFSET = 20;
export const INK = '#1f2937';
export const MUTED = '#6b7280';
export const RULE = '#d1d5db';
export const BODY_SIZE = 10;
export const SMALL_SIZE = 9;

export type Pdf = PDFKit.PDFDocument;

/**
 * A new A4 document with the fonts registered as 'regular' and 'bold', and the promise of its
 * bytes once `pdf.end()` is called. `creationDate` is the document's own date, never the time of
 * rendering: a document renders to the same bytes each time it is downloaded or mailed.
 */
export async function startA4Pdf(info: {
  title: string;
  author: string;
  creationDate: Date;
}): Promise<{ pdf: Pdf; rendered: Promise<Buffer> }> {
  // docs/decisions/030: PDFKit and its font engine load with the first document, not with every
  // process that could make one (Node keeps the module once loaded).
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Loading our font first keeps PDFKit from loading Helvetica at all.
    font: REGULAR_FONT,
    bufferPages: true,
    displayTitle: true,
    lang: 'en-IN',
    info: { Title: info.title, Author: info.author, CreationDate: info.creationDate },
  });
  const chunks: Buffer[] = [];
  const rendered = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', REGULAR_FONT);
  pdf.registerFont('bold', BOLD_FONT);
  return { pdf, rendered };
}

export function contentWidth(pdf: Pdf): number {
  return pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
}

export function contentBottom(pdf: Pdf): number {
  return pdf.page.height - pdf.page.margins.bottom;
}

/** Starts a new page when fewer than `height` points are left, so a block is not split. */
export function keepTogether(pdf: Pdf, height: number): void {
  if (pdf.y + height > contentBottom(pdf)) pdf.addPage();
}

export function horizontalRule(pdf: Pdf, y: number): void {
  pdf
    .moveTo(pdf.page.margins.left, y)
    .lineTo(pdf.page.width - pdf.page.margins.right, y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
}

/** A paragraph of body text at the current position, across the page or the given column. */
export function paragraph(
  pdf: Pdf,
  text: string,
  options: { bold?: boolean; color?: string; x?: number; width?: number } = {},
): void {
  pdf
    .font(options.bold ? 'bold' : 'regular')
    .fontSize(BODY_SIZE)
    .fillColor(options.color ?? INK)
    .text(text, options.x ?? pdf.page.margins.left, pdf.y, {
      width: options.width ?? contentWidth(pdf),
    });
}

/** "{label} · Page n of m" in every page's bottom margin, once every page is drawn. */
export function drawPageFooters(pdf: Pdf, label: string): void {
  const { start, count } = pdf.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    pdf.switchToPage(index);
    const bottomMargin = pdf.page.margins.bottom;
    // Text below the bottom margin would otherwise make PDFKit start yet another page.
    pdf.page.margins.bottom = 0;
    pdf
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `${label} · Page ${index - start + 1} of ${count}`,
        pdf.page.margins.left,
        pdf.page.height - bottomMargin + FOOTER_OFFSET,
        { width: contentWidth(pdf), align: 'center', lineBreak: false },
      );
    pdf.page.margins.bottom = bottomMargin;
  }
}
