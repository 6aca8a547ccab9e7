/**
 * The offer's table, drawn once for the customer's quote page and the owner's quotation page
 * (issue 27): the pieces, then the totals in core/offer-totals.ts's one order, which the mail and
 * the PDF follow too.
 */
import { offerTotalRows, type OfferPricing } from '../../../core/offer-totals';
import { formatRupees } from '../../../core/money';
import { TotalsList } from '../ui/totals-list';

export function OfferTable({
  offer,
}: {
  offer: OfferPricing<{ id: string } & OfferPricing['lines'][number]>;
}) {
  return (
    <>
      {/* On a phone the table scrolls sideways in its own region, which the keyboard can reach
          (WCAG 2.1.1; axe's scrollable-region-focusable). */}
      <div
        role="region"
        aria-label={`Pieces of version ${offer.version}`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region
        tabIndex={0}
        className="overflow-x-auto"
      >
        <table className="w-full min-w-[32rem] text-left">
          <caption className="sr-only">Pieces in offer v{offer.version}</caption>
          <thead className="border-b border-stone text-sm text-ink-muted">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Piece
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Quantity
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Unit price
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {offer.lines.map((line) => (
              <tr key={line.id} className="border-b border-stone/50">
                <td className="py-2 pr-3">{line.description}</td>
                <td className="px-3 py-2 text-right">{line.quantity}</td>
                <td className="px-3 py-2 text-right">{formatRupees(line.unitPriceMinor)}</td>
                <td className="py-2 pl-3 text-right">{formatRupees(line.lineTotalMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <TotalsList
        rows={offerTotalRows(offer)}
        className="grid w-full grid-cols-[1fr_auto] gap-x-6 gap-y-1 sm:max-w-sm sm:justify-self-end"
      />
    </>
  );
}
