import { Heart } from 'lucide-react';
import { useFetcher } from 'react-router';
import { accountToasts } from '../../../core/account';
import type { WishlistAnswer } from '../../routes/wishlist';
import { toast } from '../ui/toast-store';
import { useHydrated } from '../ui/use-hydrated';
import { useOnAnswer } from '../ui/use-answer';

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
  const fetcher = useFetcher<WishlistAnswer>();
  const hydrated = useHydrated();
  // While the change is on its way the button already shows where it is going.
  const pending = fetcher.state !== 'idle';
  const saved = pending ? !inWishlist : inWishlist;
  useOnAnswer(fetcher.state === 'idle' ? fetcher.data : undefined, (answer) => {
    if (answer.status === 'sign-in-required') {
      // spec §6: the sign-in-required toast
      toast({
        ...accountToasts.signInRequired,
        description: 'Please sign in to save pieces to your wishlist',
      });
    } else if (answer.status === 'error') {
      toast({ title: 'Error', description: answer.message, variant: 'destructive' });
    } else {
      toast(answer.inWishlist ? accountToasts.wishlistAdded : accountToasts.wishlistRemoved);
    }
  });
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
