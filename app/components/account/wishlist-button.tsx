import { Heart } from '../ui/icons';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { useHydrated } from '../ui/use-hydrated';

/**
 * spec §2 Product detail: the secondary icon button toggles the product on the wishlist, at
 * today's price. A visitor is told to sign in.
 */
export function WishlistButton({
  productId,
  productName,
  inWishlist,
}: {
  productId: string;
  productName: string;
  inWishlist: boolean;
}) {
  // The toasts (added, removed, sign in first) are chosen by the action (app/routes/wishlist.ts).
  const fetcher = useAnswerFetcher();
  const hydrated = useHydrated();
  // While the change is on its way the button already shows where it is going.
  const pending = fetcher.state !== 'idle';
  const saved = pending ? !inWishlist : inWishlist;
  return (
    <fetcher.Form method="post" action="/wishlist">
      <input type="hidden" name="productId" value={productId} />
      {/* Without JavaScript the answer is a page: back to the product, or to sign-in. */}
      {hydrated ? null : <input type="hidden" name="document" value="1" />}
      <button
        type="submit"
        aria-pressed={saved}
        aria-label={
          saved ? `Remove ${productName} from wishlist` : `Add ${productName} to wishlist`
        }
        title={saved ? 'Remove from wishlist' : 'Add to wishlist'}
        className="flex h-12 w-12 items-center justify-center rounded-full ring-1 ring-ink hover:bg-sand"
      >
        <Heart
          aria-hidden="true"
          className={saved ? 'h-5 w-5 fill-danger text-danger' : 'h-5 w-5'}
        />
      </button>
    </fetcher.Form>
  );
}
