/**
 * docs/requirements.md §23: an order's GST documents, each a link to its PDF: "Download Invoice", "Download Credit
 * Note", with its number. The buyer's order (dashboard, quote page) and the owner's order card show
 * the same list; a guest's links carry her quotation's key.
 */
import {
  taxDocumentDownloadLabels,
  taxDocumentPath,
  type TaxDocumentKind,
} from '../../../core/tax/tax-document';
import { secondaryButtonClass } from '../ui/classes';
import { FileText } from '../ui/icons';

export interface OrderDocumentLink {
  id: string;
  kind: TaxDocumentKind;
  number: string;
}

export function OrderDocuments({
  documents,
  keyQuery = '',
}: {
  documents: readonly OrderDocumentLink[];
  /** "?key=…" on a guest's quote page; empty for an account. */
  keyQuery?: string;
}) {
  if (documents.length === 0) return null;
  return (
    <ul aria-label="Invoices and credit notes" className="mt-4 flex flex-wrap gap-2">
      {documents.map((document) => (
        <li key={document.id}>
          <a
            href={taxDocumentPath(document.id, keyQuery)}
            download
            className={secondaryButtonClass}
          >
            <FileText aria-hidden="true" className="h-4 w-4" />
            {taxDocumentDownloadLabels[document.kind]}
            <span className="font-normal text-ink-muted">{document.number}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
