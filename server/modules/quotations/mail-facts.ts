/**
 * What a quote lifecycle mail says, read when the worker delivers it (docs/requirements.md §10): the job carries
 * ids only, so a mail shows the quotation as it is, and a customer's mail gets a private link of
 * its own, made here: no key is stored in clear, in the job or anywhere else.
 */
import { eq } from 'drizzle-orm';
import { hasMailableEmail } from '../../../core/identity';
import type { Database } from '../../db/client';
import {
  orders,
  quotationMessages,
  quotationOffers,
  quotationRequests,
  users,
} from '../../db/schema';
import type { QuotationEventNotice } from '../../../core/notices';
import type { QuotationMailFacts } from '../../mail/notifications';
import { issueAccessKey } from './access';
import type { StoredOfferDocument } from './documents';
import { offerDocumentOf } from './documents';
import { quoteOrderView, requestView } from './customer-view';
import { requestLinesOf } from './request-lines';

/** The facts of one lifecycle mail; null when the quotation is gone or the customer has no address. */
export async function quotationMailFacts(
  db: Database,
  notice: QuotationEventNotice,
): Promise<(QuotationMailFacts & { offer: StoredOfferDocument | null }) | null> {
  const [request] = await db
    .select()
    .from(quotationRequests)
    .where(eq(quotationRequests.id, notice.quotationId));
  if (!request) return null;
  const customerEmail = await customerAddress(db, request);
  if (notice.to === 'customer' && !customerEmail) return null;

  const [offer] = notice.offerId
    ? await db.select().from(quotationOffers).where(eq(quotationOffers.id, notice.offerId))
    : [];
  const [order] = notice.orderId
    ? await db.select().from(orders).where(eq(orders.id, notice.orderId))
    : [];
  const [message] = notice.messageId
    ? await db.select().from(quotationMessages).where(eq(quotationMessages.id, notice.messageId))
    : [];
  return {
    reference: request.reference,
    quotationId: request.id,
    customerUserId: request.userId,
    requestDisplayCurrency: request.displayCurrency,
    // docs/requirements.md §18: every piece, so that a mail about a request of several never names only the first.
    productNames: requestView(
      request,
      (await requestLinesOf(db, [request.id])).get(request.id),
    ).lines.map((line) => line.productName),
    customerName: request.customerName,
    customerEmail,
    // A link of its own for each customer mail: retried deliveries make another, harmlessly.
    customerKey: notice.to === 'customer' ? await issueAccessKey(db, request.id) : null,
    offer: offer ? await offerDocumentOf(db, request, offer.version) : null,
    order: order ? quoteOrderView(order) : null,
    message: message
      ? {
          author: message.author,
          kind: message.kind,
          body: message.body,
          offerVersion: message.offerVersion,
        }
      : null,
  };
}

/** The request's address, or its account's when that is verified (an account's phone-only sign-in has none). */
async function customerAddress(
  db: Database,
  request: typeof quotationRequests.$inferSelect,
): Promise<string | null> {
  if (request.customerEmail) return request.customerEmail;
  if (!request.userId) return null;
  const [account] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, request.userId));
  return account?.emailVerified && hasMailableEmail(account.email) ? account.email : null;
}
