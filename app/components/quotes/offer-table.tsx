/**
 * The offer's table, drawn once for the customer's quote page and the owner's quotation page
 * (docs/decisions/019): the pieces, then the totals in core/quotes/offer-totals.ts's one order, which the mail and
 * the PDF follow too.
 */
import { lineAmounts, lineText } from '../../../core/quotes/line-text';
import { offerTotalRows, type OfferPricing } from '../../../core/quotes/offer-totals';
import { MADE_TO_ORDER_TEXT } from '../../../core/orders/made-to-order';
import { Approximation, TotalsList } from '../ui/totals-list';

/**
 * docs/requirements.md §21: an offer's approximate amounts: each line total's by line id, and each totals row's
 * (subtotal, discount, shipping, GST, total) by its label (core/money/display-amount.ts).
 */
export interface OfferApproximations {
  lines: Record<string, string>;
  rows: Record<string, string>;
}

export function OfferTable({
  offer,
  approximations,
}: {
  offer: OfferPricing<{ id: string; madeToOrder: boolean } & OfferPricing['lines'][number]>;
  /**
   * docs/requirements.md §21: the buyer's approximate amounts beside the line totals and every total, "(≈ US$41)",
   * made by the page's loader (core/money/display-amount.ts), so the page ships no code for them.
   */
  approximations?: OfferApproximations | null;
}) {
  const name = `Pieces in offer v${offer.version}`;
  return (
    <>
      {/* docs/requirements.md §19: below 480 px each line is a stacked row, the piece over "20 × ₹2,300 =
          ₹46,000", so a phone shows the prices without scrolling sideways. CSS alone picks the
          list or the table; the other is display: none, so a screen reader meets one of them. */}
      <ul aria-label={name} className="border-y border-stone min-[480px]:hidden">
        {offer.lines.map((line) => (
          <li key={line.id} className="border-b border-stone/50 py-2 last:border-b-0">
            <p className="font-medium">{line.description}</p>
            <MadeToOrder line={line} />
            <p className="tabular-nums">
              {lineText(line)}
              <Approximation text={approximations?.lines[line.id]} />
            </p>
          </li>
        ))}
      </ul>
      {/* From 480 px the table, which scrolls sideways in its own region until it fits; the
          keyboard can reach the region (WCAG 2.1.1; axe's scrollable-region-focusable). */}
      <div
        role="region"
        aria-label={`Pieces of version ${offer.version}`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region
        tabIndex={0}
        className="hidden overflow-x-auto min-[480px]:block"
      >
        <table className="w-full min-w-[32rem] text-left">
          <caption className="sr-only">{name}</caption>
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
            {offer.lines.map((line) => {
              const amounts = lineAmounts(line);
              return (
                <tr key={line.id} className="border-b border-stone/50">
                  <td className="py-2 pr-3">
                    {line.description}
                    <MadeToOrder line={line} />
                  </td>
                  <td className="px-3 py-2 text-right">{amounts.quantity}</td>
                  <td className="px-3 py-2 text-right">{amounts.unitPrice}</td>
                  <td className="py-2 pl-3 text-right">
                    {amounts.lineTotal}
                    <Approximation text={approximations?.lines[line.id]} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <TotalsList
        rows={offerTotalRows(offer)}
        approximations={approximations?.rows}
        className="grid w-full grid-cols-[1fr_auto] gap-x-6 gap-y-1 sm:max-w-sm sm:justify-self-end"
      />
    </>
  );
}

/** docs/requirements.md §24: the buyer reads, before accepting, which pieces cannot be returned. */
function MadeToOrder({ line }: { line: { madeToOrder: boolean } }) {
  return line.madeToOrder ? <p className="text-sm text-ink-muted">{MADE_TO_ORDER_TEXT}</p> : null;
}
