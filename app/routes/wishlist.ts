import { data, redirect } from 'react-router';
import { appContext } from '../../server/http/app-context';
import { visitorBodyIsSmall } from '../../server/http/visitor-body';
import { readFormData } from '../../server/http/form-content-type';
import { toggleWishlist } from '../../server/modules/account';
import { DomainError, httpStatusOf } from '../../server/modules/errors';
import type { Route } from './+types/wishlist';

export type WishlistAnswer =
  | { status: 'saved'; inWishlist: boolean }
  | { status: 'sign-in-required' }
  | { status: 'error'; message: string };

/**
 * spec §2: the product page's wishlist button. With a fetcher it answers data; a plain form post
 * (no JavaScript) goes back to the product page, or to sign-in for a visitor.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor, logger } = context.get(appContext);
  // issue 14 finding 1: a visitor's body is read only when small (for the way back after sign-in).
  if (!actor && !visitorBodyIsSmall(request)) {
    return data<WishlistAnswer>({ status: 'sign-in-required' }, { status: 401 });
  }
  const form = await readFormData(request);
  const productId = String(form.get('productId') ?? '');
  const back = `/product/${encodeURIComponent(productId)}`;
  const wantsDocument = form.get('document') === '1';
  if (!actor) {
    if (wantsDocument) throw redirect(`/auth?redirectTo=${encodeURIComponent(back)}`);
    return data<WishlistAnswer>({ status: 'sign-in-required' }, { status: 401 });
  }
  try {
    const { inWishlist } = await toggleWishlist(db, actor, { productId });
    if (wantsDocument) throw redirect(back);
    return data<WishlistAnswer>({ status: 'saved', inWishlist });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof DomainError) {
      return data<WishlistAnswer>(
        { status: 'error', message: error.message },
        { status: httpStatusOf[error.code] },
      );
    }
    logger.error({ err: error, productId }, 'wishlist change failed');
    return data<WishlistAnswer>(
      { status: 'error', message: 'An unexpected error occurred. Please try again.' },
      { status: 500 },
    );
  }
}

export function loader() {
  return redirect('/dashboard?tab=wishlist');
}
