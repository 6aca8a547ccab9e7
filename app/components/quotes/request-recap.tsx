/**
 * docs/requirements.md §10, §18: the quote page's "Your request", the recap of what was asked
 * for: its pieces, or the one product and its quantity, the GSTIN and the notes.
 */
import type { QuoteRequestView } from '../../../server/modules/quotations/views';
import { RequestPieces } from './request-pieces';

export function RequestRecap({ request, open }: { request: QuoteRequestView; open: boolean }) {
  // docs/requirements.md §10: once an offer exists the page opens on it, and the request's
  // recap is folded below it; before any offer the recap is what the page is about.
  return (
    <details open={open} aria-labelledby="request-heading" className="rounded-2xl bg-sand p-6">
      <summary className="cursor-pointer">
        <h2 id="request-heading" className="inline font-display text-2xl font-semibold">
          Your request
        </h2>
      </summary>
      {/* docs/requirements.md §18: a request of several pieces lists them all */}
      {request.lines.length > 1 ? (
        <div className="mt-4">
          <RequestPieces lines={request.lines} />
        </div>
      ) : null}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        {request.lines.length > 1 ? null : (
          <>
            <dt className="font-medium">Product</dt>
            <dd>{request.productName}</dd>
            <dt className="font-medium">Quantity</dt>
            <dd>{request.quantity}</dd>
          </>
        )}
        {request.customerGstin ? (
          <>
            <dt className="font-medium">GSTIN</dt>
            <dd>{request.customerGstin}</dd>
          </>
        ) : null}
        {request.customizationNotes ? (
          <>
            <dt className="font-medium">Notes</dt>
            <dd className="whitespace-pre-line">{request.customizationNotes}</dd>
          </>
        ) : null}
      </dl>
    </details>
  );
}
