/**
 * docs/requirements.md §23: an order's documents, each a link to its PDF: "Download Invoice", "Download Credit
 * Note" and "Download Receipt Voucher" with its number, "Download Receipt" with its payment, "Download Proforma
 * Invoice". The buyer's order (dashboard, quote page) and the owner's order card show
 * the same list, of links made by core/tax/document-links.ts (the quote page's loader makes them,
 * so its script carries none of it).
 */
import type { ShipmentView } from '../../../core/orders/shipments';
import type { TaxDocumentLink } from '../../../core/tax/document-links';
import { OrderShipments } from './order-shipments';
import { secondaryButtonClass } from '../ui/classes';
import { FileText } from '../ui/icons';

export function OrderDocuments({
  links,
  shipments,
}: {
  links: readonly TaxDocumentLink[];
  /** docs/requirements.md §24: the quote page shows the order's shipments above its documents. */
  shipments?: readonly ShipmentView[];
}) {
  if (shipments?.length) {
    return (
      <>
        <OrderShipments shipments={shipments} />
        <OrderDocuments links={links} />
      </>
    );
  }
  if (links.length === 0) return null;
  return (
    <ul aria-label="Invoices and receipts" className="mt-4 flex flex-wrap gap-2">
      {links.map((link) => (
        <li key={link.id}>
          <a
            href={link.href}
            download
            // On a phone the number goes under the words, whole: a number is never broken.
            className={`${secondaryButtonClass} flex-wrap gap-x-2 gap-y-0`}
          >
            <FileText aria-hidden="true" className="h-4 w-4" />
            <span className="whitespace-nowrap">{link.label}</span>
            {link.number ? (
              <span className="whitespace-nowrap text-sm font-normal text-ink-muted">
                {link.number}
              </span>
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  );
}
