import { Trash2 } from '../ui/icons';
import { Form, Link } from 'react-router';
import { quoteListTexts } from '../../../core/quotes/quote-list-texts';
import { formatShopDate } from '../../../core/time/shop-calendar';
import { formatRupees } from '../../../core/money/money';
import { Approximate } from '../ui/approximate';
import type { WishlistEntry } from '../../../server/modules/account';
import { ProductImage } from '../catalog/product-image';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { useShopTimeZone } from '../layout/shop-time';

/** spec §2 Wishlist: newest first; a price change against the price when added is flagged. */
export function WishlistTab({ items }: { items: WishlistEntry[] }) {
  // Held here, not in the card: a removed card is gone before its answer could be toasted.
  const remove = useAnswerFetcher({ key: 'remove-wishlist' });
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-display text-2xl font-semibold">My Wishlist ({items.length})</h2>
        {items.length > 0 ? (
          // docs/requirements.md §18: every wished piece onto the quote list, which then opens
          <Form method="post" action="/quote-list">
            <input type="hidden" name="intent" value="wishlist" />
            <button
              type="submit"
              className="rounded-full bg-ink px-5 py-2 font-medium text-ivory hover:bg-brass-800"
            >
              {quoteListTexts.wishlistAll}
            </button>
          </Form>
        ) : null}
      </div>
      {items.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-sand p-10 text-center">
          <p className="text-lg font-medium">Your wishlist is empty</p>
          <Link
            to="/shop"
            className="mt-4 inline-block rounded-full bg-ink px-6 py-3 text-ivory hover:bg-brass-800"
          >
            Discover Products
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <WishlistCard key={item.id} item={item} remove={remove} />
          ))}
        </ul>
      )}
    </div>
  );
}

function WishlistCard({
  item,
  remove: fetcher,
}: {
  item: WishlistEntry;
  remove: ReturnType<typeof useAnswerFetcher>;
}) {
  const timeZone = useShopTimeZone();
  const removing = fetcher.state !== 'idle' && fetcher.formData?.get('id') === item.id;
  return (
    <li
      aria-label={item.name}
      className={`relative overflow-hidden rounded-2xl border border-stone/70 bg-white ${removing ? 'opacity-50' : ''}`}
    >
      <ProductImage image={item.image ? { url: item.image, alt: item.name } : null} />
      <fetcher.Form method="post" className="absolute top-3 right-3">
        <input type="hidden" name="intent" value="remove-wishlist" />
        <input type="hidden" name="id" value={item.id} />
        <button
          type="submit"
          aria-label={`Remove ${item.name} from wishlist`}
          className="rounded-full bg-white/90 p-2 shadow hover:bg-sand"
          disabled={removing}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </button>
      </fetcher.Form>
      <div className="grid gap-2 p-4">
        <h3 className="font-display text-lg font-semibold">{item.name}</h3>
        <div className="flex items-center gap-2">
          <span className="font-medium">
            {formatRupees(item.priceMinor)}
            <Approximate paise={item.priceMinor} />
          </span>
          {item.priceChange === 'drop' ? (
            <span className="rounded-full bg-success/10 px-2 py-0.5 text-xs font-semibold text-success">
              Price Drop!
            </span>
          ) : item.priceChange === 'up' ? (
            <span className="rounded-full bg-danger/10 px-2 py-0.5 text-xs font-semibold text-danger">
              Price Up
            </span>
          ) : null}
        </div>
        <p className="text-sm text-ink-muted">Added {formatShopDate(item.addedAt, timeZone)}</p>
        <Link to={`/product/${item.productId}`} className="underline">
          View Product
        </Link>
      </div>
    </li>
  );
}
