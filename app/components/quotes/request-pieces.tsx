import { Link } from 'react-router';
import type { QuoteRequestLineView } from '../../../server/modules/quotations/views';

/**
 * docs/requirements.md §18: the pieces of a request, each with its quantity and notes, as stacked rows that read
 * at 390 px. A piece still in the catalogue links to its page.
 */
export function RequestPieces({ lines }: { lines: QuoteRequestLineView[] }) {
  return (
    <ol aria-label="Pieces" className="grid gap-3">
      {lines.map((line, index) => (
        <li key={`${line.productId ?? 'gone'}-${index}`} className="rounded-xl bg-white/70 p-3">
          <p className="flex flex-wrap items-baseline justify-between gap-x-4">
            {line.productId ? (
              <Link
                to={`/product/${line.productId}`}
                className="font-medium break-words hover:underline"
              >
                {line.productName}
              </Link>
            ) : (
              <span className="font-medium break-words">{line.productName}</span>
            )}
            <span className="whitespace-nowrap">× {line.quantity}</span>
          </p>
          {line.notes ? (
            <p className="mt-1 text-sm whitespace-pre-line text-ink-muted">{line.notes}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
