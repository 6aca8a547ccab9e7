import { ArrowLeft } from '../components/ui/icons';
import { useState } from 'react';
import { Link, redirect, useActionData } from 'react-router';
import {
  offerComposerSchema,
  quoteMessageSchema,
  type OwnerOfferAction,
} from '../../core/quotes/quote-offer';
import { whatsappChatUrl } from '../../core/quotes/quote-links';
import { mergeToasts } from '../../core/quotes/quote-merge';
import { quoteToasts } from '../../core/quotes/quote-texts';
import { addDays, shopDayOf } from '../../core/time/shop-calendar';
import {
  answerAction,
  intent,
  pageData,
  type Intent,
  type IntentCall,
} from '../../server/http/answer';
import { adminPageLoader } from '../../server/http/admin-access';
import { appContext } from '../../server/http/app-context';
import { requireAdmin } from '../../server/modules/kernel';
import {
  getQuotationForOwner,
  guestRequestHints,
  mergeCandidates,
  mergeQuotationRequests,
  offerCatalogue,
  postShopMessage,
  saveOfferDraft,
  sendOffer,
  withdrawOffer,
} from '../../server/modules/quotations';
import { MERGE_INTENT, MergeRequests } from '../components/admin/merge-requests';
import { OfferComposer, SEND_AND_SHARE_INTENT } from '../components/admin/offer-composer';
import { QuotationCustomer, QuotationRequest } from '../components/admin/quotation-customer';
import { QuotationOffers } from '../components/admin/quotation-offers';
import { QuotationThread } from '../components/admin/quotation-thread';
import { useAnswerFetcher, type AnswerHandlers } from '../components/forms/use-answer-fetcher';
import { pageMeta } from '../components/layout/simple-page';
import { QuoteReference } from '../components/quotes/quote-reference';
import { statusLabel } from '../../core/orders/statuses';
import type { Route } from './+types/admin.quotations';

export function meta(args: Route.MetaArgs) {
  const reference = args.loaderData ? ` ${args.loaderData.quotation.reference}` : '';
  return pageMeta(args, `Quotation${reference}`, undefined, { noindex: true });
}

// spec §6: the admin only (the shell's middleware decides, docs/decisions/019); nobody else gets data
export const loader = adminPageLoader(loadQuotation);

async function loadQuotation({ context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { db, actor, site, settings } = app;
  const now = app.clock();
  // A request that does not exist is the 404 page, as an unknown product is.
  const quotation = await pageData(() =>
    getQuotationForOwner(db, actor, { id: params.id }, now, site.shopTimeZone),
  );
  const catalogue = await offerCatalogue(db, actor);
  // "Merge Requests" (docs/decisions/011, amended): the same account's other pending requests, and guest requests with
  // the same e-mail or mobile as hints only (none of either: no section)
  const [mergeable, guestHints] = await Promise.all([
    mergeCandidates(db, actor, { id: quotation.id }),
    guestRequestHints(db, actor, { id: quotation.id }),
  ]);
  // docs/requirements.md §10: the composer's defaults are site settings (GST 12%, valid 14 days, the terms); the
  // validity counts from the shop's today, whatever the server's zone.
  const composerDefaults = {
    gstRate: String(settings.defaultGstRate),
    validUntil: addDays(shopDayOf(now, site.shopTimeZone), settings.offerValidityDays),
    terms: site.offerTerms,
    advancePercent: String(settings.advancePercent),
  };
  // docs/requirements.md §10 "Send on WhatsApp": only a sent offer has a link to share; the link (and its key)
  // is made when the owner clicks (admin.quotations.whatsapp.ts), not by loading this page.
  const sent = quotation.offers.some((offer) => offer.status === 'sent');
  const whatsappUrl = sent ? `/admin/quotations/${quotation.id}/whatsapp` : null;
  return {
    quotation,
    catalogue,
    composerDefaults,
    whatsappUrl,
    mergeCandidates: mergeable,
    guestHints,
  };
}

/** docs/requirements.md §18: the composer's starting lines in a word, so that a merge's new pieces restart it. */
function piecesKey(lines: readonly { productId: string | null; quantity: number }[]): string {
  return lines.map((line) => `${line.productId ?? ''}*${line.quantity}`).join(',');
}

/** The quotation the page is about: the route's id, checked again by every module function. */
const quotationIdOf = (call: IntentCall) => call.params.id;

/** "Send Offer" and "Revise Offer": sendOffer supersedes the offer sent, if there is one. */
const sendOfferIntent = intent({
  schema: offerComposerSchema,
  run: (_fields, call) =>
    sendOffer(
      call.app.db,
      call.app.actor,
      { ...call.payload, quotationId: quotationIdOf(call) },
      call.app.clock(),
      call.app.site.shopTimeZone,
      { advancePercentDefault: call.app.settings.advancePercent },
    ),
  success: ({ customerName }) => quoteToasts.offerSent(customerName),
  resetForm: false,
});

// docs/decisions/014 "What the owner does": the composer's buttons (ownerActionsFor), the withdrawal and
// the thread's reply, each one module function.
const offerIntents = {
  'save-draft': intent({
    schema: offerComposerSchema,
    run: (_fields, call) =>
      saveOfferDraft(
        call.app.db,
        call.app.actor,
        { ...call.payload, quotationId: quotationIdOf(call) },
        call.app.clock(),
        call.app.site.shopTimeZone,
        call.app.settings.advancePercent,
      ),
    success: ({ version }) => ({
      title: 'Draft Saved',
      description: `Offer v${version} is saved as a draft.`,
    }),
    resetForm: false,
  }),
  send: sendOfferIntent,
  // docs/requirements.md §10 "Revise Offer": a new version that supersedes the one sent, sent the same way.
  revise: sendOfferIntent,
  withdraw: intent({
    run: (_fields, call) =>
      withdrawOffer(
        call.app.db,
        call.app.actor,
        { quotationId: quotationIdOf(call) },
        call.app.clock(),
        call.app.site.shopTimeZone,
      ),
    success: ({ version }) => ({
      title: 'Offer Withdrawn',
      description: `Offer v${version} has been withdrawn.`,
    }),
  }),
  reply: intent({
    schema: quoteMessageSchema,
    run: (fields, call) =>
      postShopMessage(
        call.app.db,
        call.app.actor,
        { quotationId: quotationIdOf(call), body: fields.body },
        call.app.clock(),
      ),
    success: { title: 'Message Sent', description: 'Your reply is on the thread.' },
  }),
  // docs/requirements.md §18 "Merge Requests": the ticked requests join this one (the checkboxes repeat a name).
  // docs/requirements.md §19 "Send and Share on WhatsApp": the same send (or revision), and, only once it is sent,
  // this tab goes on to WhatsApp with the customer's link (made in the send's transaction). A
  // refusal is answered as Send Offer's is, in the alert area, and WhatsApp does not open.
  [SEND_AND_SHARE_INTENT]: intent({
    schema: offerComposerSchema,
    run: async (_fields, call) => {
      const { customerLink } = await sendOffer(
        call.app.db,
        call.app.actor,
        { ...call.payload, quotationId: quotationIdOf(call) },
        call.app.clock(),
        call.app.site.shopTimeZone,
        { customerLink: true, advancePercentDefault: call.app.settings.advancePercent },
      );
      if (!customerLink) throw new Error('the customer link was not made');
      // A same-tab redirect, as a phone opens WhatsApp from it and no popup blocker stops it;
      // the CSP's form-action and the redirect allow-list let through exactly wa.me.
      return redirect(
        whatsappChatUrl({
          ...customerLink,
          publicUrl: call.app.config.publicUrl,
          shopName: call.app.site.shopName,
        }),
        { headers: { 'Cache-Control': 'private, no-store' } },
      );
    },
  }),
  [MERGE_INTENT]: intent({
    run: (_fields, call) =>
      mergeQuotationRequests(
        call.app.db,
        call.app.actor,
        {
          keepId: quotationIdOf(call),
          mergeIds: call.formData.getAll('mergeIds').filter((id) => typeof id === 'string'),
        },
        call.app.clock(),
      ),
    success: ({ reference, mergedReferences }) => mergeToasts.merged(mergedReferences, reference),
  }),
} satisfies Record<
  OwnerOfferAction | 'reply' | typeof MERGE_INTENT | typeof SEND_AND_SHARE_INTENT,
  Intent<unknown>
>;

export async function action({ request, params, context }: Route.ActionArgs) {
  // docs/requirements.md §14: who asks is checked before the body is read; every module function
  // checks again.
  return answerAction(
    { request, params, context },
    { guard: (app) => requireAdmin(app.actor), intents: offerIntents },
    context.get(appContext),
  );
}

export default function AdminQuotation({ loaderData }: Route.ComponentProps) {
  return <QuotationPage data={loaderData} />;
}

/** What the page shows: the loader's data for an admin. */
export type AdminQuotationData = Route.ComponentProps['loaderData'];

function QuotationPage({ data: loaded }: { data: AdminQuotationData }) {
  const { quotation } = loaded;
  const [alert, setAlert] = useState<string | null>(null);
  // spec §8: a failure shows in the alert area as well as in its toast; a success clears it.
  const alertArea: AnswerHandlers<unknown> = {
    onSuccess: () => setAlert(null),
    onFailure: (answer) => setAlert(answer.message),
  };
  // Held by the page, not the composer: the composer starts afresh when an offer is sent, and
  // the answer's toast must outlive it.
  const composerFetcher = useAnswerFetcher({ ...alertArea, key: 'offer-composer' });
  const mergeFetcher = useAnswerFetcher({ ...alertArea, key: MERGE_INTENT });
  const documentAnswer = useActionData<typeof action>();
  const shownAlert =
    alert ?? (documentAnswer && documentAnswer.status !== 'ok' ? documentAnswer.message : null);
  // docs/requirements.md §19: below 768 px the composer's send bar covers the page's foot; room is kept for it
  const sendBar = quotation.ownerActions.some((action) => action === 'send' || action === 'revise');
  return (
    <section className={`mx-auto w-full max-w-6xl px-4 py-12 ${sendBar ? 'max-md:pb-32' : ''}`}>
      <Link to="/admin" className="inline-flex items-center gap-2 py-0.5 text-sm underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Admin Dashboard
      </Link>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-4xl font-semibold">
          {/* docs/requirements.md §19: at 390 px the reference breaks as a whole, never inside */}
          Quotation <QuoteReference reference={quotation.reference} />
        </h1>
        <span className="rounded-full bg-sand px-3 py-1 text-sm font-semibold">
          {statusLabel(quotation.status)}
        </span>
      </div>
      {shownAlert ? (
        <p role="alert" className="mt-6 rounded-xl bg-danger/10 p-4 text-danger">
          {shownAlert}
        </p>
      ) : null}
      {documentAnswer?.status === 'ok' && documentAnswer.toast ? (
        <p role="status" className="mt-6 rounded-xl bg-sand p-4 font-medium">
          {`${documentAnswer.toast.title} ${documentAnswer.toast.description ?? ''}`.trim()}
        </p>
      ) : null}
      {/* docs/decisions/023: in reading order at every width (the DOM's, for keyboards and screen readers
          too): what the owner must read first, then the composer, then the history. */}
      <div className="mt-8">
        <QuotationRequest quotation={quotation} />
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-8">
          <OfferComposer
            // A sent, saved or withdrawn offer changes what the composer starts from; so do the
            // pieces a merge adds (docs/requirements.md §18).
            key={`${quotation.draft?.id ?? 'no-draft'}:${quotation.offers[0]?.id ?? 'none'}:${quotation.offers[0]?.status ?? ''}:${piecesKey(quotation.suggestedLines)}`}
            quotation={quotation}
            catalogue={loaded.catalogue}
            defaults={loaded.composerDefaults}
            fetcher={composerFetcher}
            whatsappUrl={loaded.whatsappUrl}
          />
          <QuotationOffers offers={quotation.offers} order={quotation.order} />
        </div>
        <div className="grid content-start gap-8">
          <QuotationThread
            messages={quotation.messages}
            customerName={quotation.request.customerName}
            alertArea={alertArea}
          />
          <QuotationCustomer quotation={quotation} />
          <MergeRequests
            reference={quotation.reference}
            candidates={loaded.mergeCandidates}
            guestHints={loaded.guestHints}
            fetcher={mergeFetcher}
          />
        </div>
      </div>
    </section>
  );
}
