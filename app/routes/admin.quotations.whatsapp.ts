/**
 * docs/requirements.md §10 "Send on WhatsApp": the owner's click makes a fresh private link for the customer and
 * opens WhatsApp with it. The link is made when it is asked for, so the owner's page holds no key
 * and a page load makes none. docs/requirements.md §10: it is a POST (a form in a new tab): a GET wrote a
 * key, so a link on another site could make the owner's browser create one.
 */
import { redirect } from 'react-router';
import { whatsappChatUrl } from '../../core/quotes/quote-links';
import { appContext } from '../../server/http/app-context';
import { resourceReply } from '../../server/http/answer';
import { issueCustomerLink } from '../../server/modules/quotations';
import type { Route } from './+types/admin.quotations.whatsapp';

/** A GET makes nothing: it is told to post (docs/requirements.md §10). */
export function loader() {
  return new Response('Send on WhatsApp is a form post.', {
    status: 405,
    headers: { Allow: 'POST', 'Cache-Control': 'no-store' },
  });
}

export async function action({ context, params }: Route.ActionArgs) {
  const { db, actor, config, site } = context.get(appContext);
  // Anyone but the owner, and an unknown request, are refused by the module: no key is made.
  return resourceReply(async () => {
    const customer = await issueCustomerLink(db, actor, { id: params.id });
    return redirect(
      whatsappChatUrl({ ...customer, publicUrl: config.publicUrl, shopName: site.shopName }),
      { headers: { 'Cache-Control': 'private, no-store' } },
    );
  });
}
