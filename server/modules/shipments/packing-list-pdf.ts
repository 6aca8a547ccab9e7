/**
 * A shipment's "Packing List" (docs/requirements.md §24): what goes in the boxes, for the owner to pack and
 * enclose: the order and the shipment, the shop's address and the buyer's, each piece and its
 * quantity, and the boxes. On the shop's A4 page (server/pdf/a4-page.ts), like its other PDFs.
 */
import { textAddressLines } from '../../../core/identity/address-lines';
import type { ShipmentView } from '../../../core/orders/shipments';
import { formatLongDate } from '../../../core/time/dates';
import {
  BODY_SIZE,
  contentWidth,
  drawPageFooters,
  horizontalRule,
  INK,
  keepTogether,
  MUTED,
  paragraph,
  SMALL_SIZE,
  startA4Pdf,
} from '../../pdf/a4-page';

export interface PackingList {
  orderNumber: string;
  shipment: ShipmentView;
  shop: { name: string; address: string; phone: string };
  buyer: { name: string; addressLines: string[] };
}

export const PACKING_LIST_TITLE = 'Packing List';

/** "Packing-List-ORD-20261130-0001-2026-11-30.pdf" */
export function packingListFileName(list: Pick<PackingList, 'orderNumber' | 'shipment'>): string {
  return `Packing-List-${list.orderNumber}-${list.shipment.dispatchedOn}.pdf`;
}

export async function renderPackingListPdf(list: PackingList): Promise<Buffer> {
  const { shipment } = list;
  const label = `${PACKING_LIST_TITLE} ${list.orderNumber}`;
  const { pdf, rendered } = await startA4Pdf({
    title: label,
    author: list.shop.name,
    // The shipment's own day: the same list renders to the same bytes.
    creationDate: new Date(`${shipment.dispatchedOn}T00:00:00Z`),
  });
  const left = pdf.page.margins.left;
  const width = contentWidth(pdf);
  pdf.font('bold').fontSize(18).fillColor(INK).text(PACKING_LIST_TITLE, left, pdf.page.margins.top);
  pdf.moveDown(0.4);
  paragraph(pdf, `Order: ${list.orderNumber}`);
  paragraph(pdf, `Dispatch date: ${formatLongDate(shipment.dispatchedOn)}`);
  paragraph(
    pdf,
    `Carrier: ${shipment.carrierName}${shipment.trackingNumber ? ` · Tracking number ${shipment.trackingNumber}` : ''}`,
  );
  pdf.moveDown(1);

  // From and To side by side, as on a parcel.
  const gap = 20;
  const column = (width - gap) / 2;
  const top = pdf.y;
  const block = (title: string, lines: string[], x: number) => {
    pdf.y = top;
    pdf.font('bold').fontSize(SMALL_SIZE).fillColor(MUTED).text(title, x, pdf.y, { width: column });
    pdf.moveDown(0.3);
    for (const [index, line] of lines.entries()) {
      paragraph(pdf, line, { bold: index === 0, x, width: column });
    }
    return pdf.y;
  };
  const shopLines = textAddressLines([
    list.shop.name,
    ...textAddressLines(list.shop.address),
    list.shop.phone,
  ]);
  const belowFrom = block('From', shopLines, left);
  const belowTo = block('To', [list.buyer.name, ...list.buyer.addressLines], left + column + gap);
  pdf.x = left;
  pdf.y = Math.max(belowFrom, belowTo);
  pdf.moveDown(1.2);

  // The pieces: what to put in, and how many.
  const quantityWidth = 80;
  const row = (piece: string, quantity: string, bold: boolean) => {
    keepTogether(pdf, 24);
    const y = pdf.y + 4;
    pdf
      .font(bold ? 'bold' : 'regular')
      .fontSize(BODY_SIZE)
      .fillColor(bold ? MUTED : INK);
    pdf.text(piece, left, y, { width: width - quantityWidth - 8 });
    const below = pdf.y;
    pdf.text(quantity, left + width - quantityWidth, y, { width: quantityWidth, align: 'right' });
    pdf.x = left;
    pdf.y = Math.max(below, pdf.y) + 4;
    horizontalRule(pdf, pdf.y);
  };
  row('Piece', 'Quantity', true);
  for (const piece of shipment.pieces) row(piece.productName, String(piece.quantity), false);
  pdf.moveDown(1);
  paragraph(pdf, `Boxes: ${shipment.boxes}`, { bold: true });
  drawPageFooters(pdf, label);
  pdf.end();
  return rendered;
}
