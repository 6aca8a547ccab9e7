import { redirect } from 'react-router';
import { accountToasts } from '../../core/identity/account-texts';
import { answerAction, intent } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { refuseLargeVisitorBody } from '../../server/http/visitor-body';
import { toggleWishlist } from '../../server/modules/account';
import type { Route } from './+types/wishlist';

/**
 * spec §2: the product page's wishlist button. With a fetcher it answers data; a plain form post
 * (no JavaScript) goes back to the product page, or to sign-in for a visitor.
 */
const wishlistIntents = {
  toggle: intent({
    run: async (fields, { app }) => {
      const back = `/product/${encodeURIComponent(fields.productId ?? '')}`;
      const wantsDocument = fields.document === '1';
      if (wantsDocument && !app.actor) {
        throw redirect(`/auth?redirectTo=${encodeURIComponent(back)}`);
      }
      const saved = await toggleWishlist(app.db, app.actor, { productId: fields.productId ?? '' });
      if (wantsDocument) throw redirect(back);
      return saved;
    },
    success: ({ inWishlist }) =>
      inWishlist ? accountToasts.wishlistAdded : accountToasts.wishlistRemoved,
    data: (saved) => saved,
    // spec §6: the sign-in-required toast
    signIn: {
      ...accountToasts.signInRequired,
      description: 'Please sign in to save pieces to your wishlist',
    },
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    {
      // docs/requirements.md §14: a visitor's body is read only when small (for the way back after
      // sign-in).
      guard: refuseLargeVisitorBody,
      intents: wishlistIntents,
      defaultIntent: 'toggle',
    },
    context.get(appContext),
  );
}

export function loader() {
  return redirect('/dashboard?tab=wishlist');
}
