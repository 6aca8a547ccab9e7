import { clsx } from 'clsx';
import { useLocation, useRouteLoaderData } from 'react-router';
import { ADD_TO_QUOTE_LIST, inQuoteList } from '../../../core/quotes/quote-list-labels';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { ClipboardList } from '../ui/icons';
import { useHydrated } from '../ui/use-hydrated';

/**
 * docs/requirements.md §18 "Add to Quote List": adds the piece with quantity 1, or one more if it is listed
 * ("In Quote List (2)"), and says "Added to your quote list". A form post: without JavaScript the answer is the same page,
 * with the header's count updated. `compact` is the shop listing card's icon button, with the same
 * accessible name.
 */
export function AddToQuoteListButton({
  productId,
  compact = false,
  className,
}: {
  productId: string;
  compact?: boolean;
  className?: string;
}) {
  const fetcher = useAnswerFetcher({ key: `quote-list-add-${productId}` });
  const hydrated = useHydrated();
  const location = useLocation();
  const pending = fetcher.state !== 'idle';
  // docs/requirements.md §18: a listed piece's button says how many are listed; a tap adds one.
  const quantity =
    useRouteLoaderData<{ quoteList?: Record<string, number> }>('root')?.quoteList?.[productId] ?? 0;
  const label = quantity ? inQuoteList(quantity) : ADD_TO_QUOTE_LIST;
  return (
    <fetcher.Form method="post" action="/quote-list" className={className}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {hydrated ? null : (
        <>
          <input type="hidden" name="document" value="1" />
          <input type="hidden" name="back" value={location.pathname + location.search} />
        </>
      )}
      <button
        type="submit"
        disabled={pending}
        aria-label={compact ? label : undefined}
        title={compact ? label : undefined}
        className={clsx(
          'flex items-center justify-center gap-2 rounded-full font-medium ring-1 ring-ink hover:bg-sand disabled:opacity-60',
          compact ? 'h-11 min-w-11 bg-white px-2' : 'px-6 py-3',
        )}
      >
        <ClipboardList aria-hidden="true" className="h-5 w-5" />
        {compact ? quantity || null : label}
      </button>
    </fetcher.Form>
  );
}
