/**
 * docs/requirements.md §10: the quote page, /quotes/{reference}?key={token}. The requester reads their request,
 * the offers and the thread with the private link's key, or signed in as the request's account;
 * anyone else gets the 404 page and no data (server/modules/quotations decides). From here they
 * accept, ask for changes, decline, write to the shop, and pay.
 */
import { offerApproximations } from '../../core/money/display-amount';
import { formatRupeesWithApproximation } from '../../core/money/display-currency';
import { displayRateFor } from '../../server/http/display-currency';
import type { OfferApproximations } from '../components/quotes/offer-table';
import {
  acceptPaymentMethods,
  paymentProgressRows,
  paymentTermsSentence,
} from '../../core/orders/payment-terms';
import { useActionData } from 'react-router';
import { formatShopDate } from '../../core/time/shop-calendar';
import { isAnswer } from '../../core/community/answer';
import {
  acceptOfferSchema,
  declineOfferSchema,
  paymentReferenceSubmissionSchema,
  quoteMessageSchema,
} from '../../core/quotes/quote-forms';
import { quoteToasts } from '../../core/quotes/quote-texts';
import { parseRouteQuery, quotePageQuerySchema } from '../../core/forms/route-query';
import { quotationStatusText } from '../../core/quotes/quotation-progress';
import { paymentStatusLabel } from '../../core/orders/payment-terms';
import { intentConstraints } from '../../server/http/form-constraints';
import { answerAction, intent, pageData, type IntentCall } from '../../server/http/answer';
import { acceptFormDefaults, acceptOffer } from '../../server/flows/accept-offer';
import { addRequestToAccount } from '../../server/flows/add-request-to-account';
import { submitPaymentReference } from '../../server/flows/submit-payment-reference';
import { appContext } from '../../server/http/app-context';
import { PAYMENT_REFERENCE_LIMIT, retryAfterHeaders } from '../../server/http/form-guard';
import { VISITOR_BODY_LIMIT } from '../../server/http/visitor-body';
import { listAddresses } from '../../server/modules/account';
import {
  askForChanges,
  askForNewOffer,
  declineOffer,
  getQuoteForCustomer,
  postCustomerMessage,
  requireQuotationAccess,
} from '../../server/modules/quotations';
import { DocumentAnswer } from '../components/community/document-answer';
import { pageMeta } from '../components/layout/simple-page';
import { orderDocumentLinks } from '../../core/tax/document-links';
import { OrderStatusBadge } from '../components/orders/order-status-badge';
import { useAnswerFetcher } from '../components/forms/use-answer-fetcher';
import { CLAIM_INTENT, ClaimPanel } from '../components/quotes/claim-panel';
import { RequestRecap } from '../components/quotes/request-recap';
import { OfferPreparing } from '../components/quotes/offer-preparing';
import { EarlierOffers } from '../components/quotes/earlier-offers';
import { MergedNotice } from '../components/quotes/merged-notice';
import { CURRENT_OFFER_ANCHOR, OfferDetails } from '../components/quotes/offer-details';
import type { OfferFormTarget } from '../components/quotes/offer-actions';
import { PAYMENT_REFERENCE_INTENT } from '../components/quotes/payment-intent';
import { paymentPanelFor } from '../components/quotes/payment-panel.server';
import { quotePageToasts } from '../components/quotes/quote-page-toasts';
import { QuoteReference } from '../components/quotes/quote-reference';
import { deferred } from '../components/ui/deferred';
import type { Route } from './+types/quotes';
import { shopDayReader, type ShopDays } from '../components/quotes/shop-days';

// docs/decisions/020 and 029: the page's controls (answer the offer, pay, write to the shop) hydrate from
// their own chunks, fetched on their first use or once the reader scrolls near them. Each works
// before its code is in, as it does without JavaScript: the offer's buttons open the page with that
// form (`?form=`), and the forms post natively.
const OfferActions = deferred(() =>
  import('../components/quotes/offer-actions').then((module) => module.OfferActions),
);
const OfferFormSection = deferred(() =>
  import('../components/quotes/offer-actions').then((module) => module.OfferFormSection),
);
const PaymentPanel = deferred(() =>
  import('../components/quotes/payment-panel').then((module) => module.PaymentPanel),
);
// docs/requirements.md §23: the order's invoice and credit notes are links, which work before their code is in.
const OrderDocuments = deferred(() =>
  import('../components/orders/order-documents').then((module) => module.OrderDocuments),
);
const QuoteThread = deferred(() =>
  import('../components/quotes/quote-thread').then((module) => module.QuoteThread),
);

/** The private link's key, as the page's address carries it; null when there is none. */
function accessKeyOf(url: URL): string | null {
  return parseRouteQuery(quotePageQuerySchema, url.searchParams).key || null;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { db, actor, site, settings, clock } = app;
  const url = new URL(request.url);
  const accessKey = accessKeyOf(url);
  // docs/requirements.md §10: a wrong key, another request's key, or no right to the request is the 404 page and
  // no data, whichever the module found.
  const quote = await pageData(
    () =>
      getQuoteForCustomer(
        db,
        actor,
        { reference: params.reference, key: accessKey },
        clock(),
        site.shopTimeZone,
      ),
    ['not_found', 'forbidden', 'invalid'],
  );
  const [savedAddresses, acceptDefaults, payment] = await Promise.all([
    // docs/requirements.md §10 Accept Offer: a signed-in customer picks one of their saved addresses.
    actor && quote.actions.includes('accept') ? listAddresses(db, actor) : null,
    // docs/requirements.md §19: the form's country, name and mobile to start from
    quote.actions.includes('accept')
      ? acceptFormDefaults(db, actor, quote.request, request.headers.get('accept-language'))
      : null,
    quote.order ? paymentPanelFor(quote.order, site, settings) : null,
  ]);
  const display = await displayRateFor(app, request.headers);
  const keyQuery = accessKey ? `?key=${encodeURIComponent(accessKey)}` : '';
  const pageAction = `/quotes/${quote.reference}${keyQuery}`;
  // The deferred offer actions' prop, made here: one object per answer, not per render
  // (deferred.tsx), and no code for it in the page's script (docs/decisions/026 made room this way).
  const target: OfferFormTarget | null = quote.currentOffer
    ? {
        reference: quote.reference,
        accessKey,
        offerId: quote.currentOffer.id,
        action: pageAction,
        savedAddresses,
        acceptDefaults,
        paymentMethods: acceptPaymentMethods(quote.currentOffer, settings.upiLimitMinor),
      }
    : null;
  return {
    quote,
    openForm: parseRouteQuery(quotePageQuerySchema, url.searchParams).form,
    target,
    pageAction,
    // "Accepted, awaiting payment" while the order is unpaid, not "Completed"; made here,
    // so the public page's JavaScript carries no code for it.
    statusText: quotationStatusText(quote.status, quote.order),
    // The page's dates on the shop's calendar, written here: no time-zone code in its script.
    shopDays: Object.fromEntries(
      [
        quote.createdAt,
        ...[quote.currentOffer, ...quote.earlierOffers].flatMap((offer) =>
          offer ? [offer.sentAt, offer.decidedAt] : [],
        ),
        ...quote.messages.map((message) => message.createdAt),
      ]
        .filter((instant) => instant !== null && instant !== undefined)
        .map((instant) => [
          new Date(instant!).toISOString(),
          formatShopDate(instant!, site.shopTimeZone),
        ]),
    ) as ShopDays,
    // each offer's payment sentence and its amounts in the buyer's display currency
    // ("(≈ US$41)"), the payment's progress and status, in words made here, so the public page's
    // JavaScript carries no code for them
    offerExtras: Object.fromEntries(
      [quote.currentOffer, ...quote.earlierOffers].flatMap((offer) =>
        offer
          ? [
              [
                offer.id,
                {
                  paymentTerms: paymentTermsSentence(
                    offer.totalMinor,
                    offer.advancePercent,
                    (paise) => formatRupeesWithApproximation(paise, display.rate),
                  ),
                  approximations: display.rate ? offerApproximations(offer, display.rate) : null,
                },
              ],
            ]
          : [],
      ),
    ) as Record<string, { paymentTerms: string; approximations: OfferApproximations | null }>,
    paymentProgress: quote.order ? paymentProgressRows(quote.order) : [],
    paymentStatusText: quote.order ? paymentStatusLabel(quote.order.paymentStatus) : '',
    // docs/requirements.md §23, §24: the order's shipments, and its documents, receipts and proforma invoice as links
    // made here, so the page's script has no words for them
    documents: {
      links: quote.order ? orderDocumentLinks(quote.order, keyQuery) : [],
      shipments: quote.order?.shipments ?? [],
    },
    keyQuery,
    payment,
    shopName: site.shopName,
    formConstraints: intentConstraints(quoteIntents),
  };
}

/** Which quotation an intent acts on: the page's reference and the key of its address. */
function accessOf({ params, request }: Pick<IntentCall, 'params' | 'request'>) {
  return { reference: params.reference ?? '', key: accessKeyOf(new URL(request.url)) };
}

/** A field outside the intent's schema (a row's id), as posted; '' when absent. */
function postedValue(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * Each form of the page calls one function of the quotations module, which checks the key or the
 * account first and the offer's state by core/quote-offer's rules, whatever the page showed.
 * docs/requirements.md §10: messages (a thread message, the changes asked, a decline's reason, a new offer asked)
 * are rate-limited like the public forms.
 */
const quoteIntents = {
  message: intent({
    schema: quoteMessageSchema,
    rateLimit: 'quote-message',
    run: (_fields, call) =>
      postCustomerMessage(
        call.app.db,
        call.app.actor,
        { ...accessOf(call), ...call.payload },
        call.app.clock(),
      ),
    success: quotePageToasts.messageSent,
  }),
  'ask-changes': intent({
    schema: quoteMessageSchema,
    rateLimit: 'quote-message',
    run: (_fields, call) =>
      askForChanges(
        call.app.db,
        call.app.actor,
        { ...accessOf(call), ...call.payload, offerId: postedValue(call.formData, 'offerId') },
        call.app.clock(),
        call.app.site.shopTimeZone,
      ),
    success: quotePageToasts.changesAsked,
  }),
  'ask-new-offer': intent({
    rateLimit: 'quote-message',
    run: (_fields, call) =>
      askForNewOffer(
        call.app.db,
        call.app.actor,
        { ...accessOf(call), offerId: postedValue(call.formData, 'offerId') },
        call.app.clock(),
        call.app.site.shopTimeZone,
      ),
    success: quotePageToasts.newOfferAsked,
  }),
  decline: intent({
    schema: declineOfferSchema,
    rateLimit: 'quote-message',
    run: (_fields, call) =>
      declineOffer(
        call.app.db,
        call.app.actor,
        { ...accessOf(call), ...call.payload, offerId: postedValue(call.formData, 'offerId') },
        call.app.clock(),
        call.app.site.shopTimeZone,
      ),
    success: quotePageToasts.declined,
  }),
  accept: intent({
    schema: acceptOfferSchema,
    run: (_fields, call) =>
      acceptOffer(
        call.app.db,
        call.app.actor,
        { ...accessOf(call), ...call.payload, offerId: postedValue(call.formData, 'offerId') },
        call.app.clock(),
        call.app.site.shopTimeZone,
        call.app.settings.upiLimitMinor,
      ),
    // docs/requirements.md §10: "Offer Accepted" / "Your order {orderNumber} has been created."
    success: (result) => quoteToasts.offerAccepted(result.orderNumber),
  }),
  // docs/requirements.md §15: the account holder adds a guest's request (and its order) to their account.
  [CLAIM_INTENT]: intent({
    run: (_fields, call) => addRequestToAccount(call.app.db, call.app.actor, accessOf(call)),
    success: quotePageToasts.addedToAccount,
  }),
  // A payment reference counts on the thread's message limit, on every path that takes one
  // (docs/requirements.md, payments).
  [PAYMENT_REFERENCE_INTENT]: intent({
    schema: paymentReferenceSubmissionSchema,
    rateLimit: PAYMENT_REFERENCE_LIMIT,
    run: (fields, call) =>
      submitPaymentReference(
        call.app.db,
        call.app.actor,
        {
          ...accessOf(call),
          orderId: postedValue(call.formData, 'orderId'),
          // The form's own method only shaped the browser's check; the module uses the order's.
          paymentReference: fields.reference ?? '',
        },
        call.app.clock(),
        call.app.settings.upiLimitMinor,
      ),
    success: quoteToasts.referenceReceived,
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    {
      // Authorise before any work: a wrong key or another's account is a 404, the form unread.
      guard: (app, guarded) =>
        requireQuotationAccess(app.db, app.actor, accessOf({ params, request: guarded })),
      intents: quoteIntents,
      // No form of the page comes near this; a larger body is refused unread.
      bodyLimit: { bytes: VISITOR_BODY_LIMIT, message: 'This form is too large.' },
    },
    context.get(appContext),
  );
}

export const headers = retryAfterHeaders;

export function meta(args: Route.MetaArgs) {
  const reference = args.loaderData?.quote.reference;
  // docs/requirements.md §10: a private page: never indexed (and, not being a public page, never cached shared:
  // server/http/cache-policy.ts answers it `private, no-store`).
  return pageMeta(
    args,
    reference ? `Your Quotation ${reference}` : 'Oops! Page not found',
    reference
      ? `Your quotation ${reference}: the offer, the thread with the shop, and how to pay.`
      : undefined,
    {
      noindex: true,
    },
  );
}

export default function QuotePage({ loaderData }: Route.ComponentProps) {
  const dayOf = shopDayReader(loaderData.shopDays);
  const {
    quote,
    openForm,
    target,
    pageAction,
    statusText,
    payment,
    shopName,
    offerExtras,
    paymentProgress,
    paymentStatusText,
    keyQuery,
    documents,
  } = loaderData;
  const pdfHref = (version: number) =>
    `/quotes/${quote.reference}/offers/${version}.pdf${keyQuery}`;
  // A plain HTML post (no JavaScript) comes back as the page with its answer; the payment panel
  // shows its own.
  const actionData: unknown = useActionData();
  const documentAnswer =
    isAnswer(actionData) && actionData.intent !== PAYMENT_REFERENCE_INTENT ? actionData : undefined;
  const offer = quote.currentOffer;
  const { request } = quote;
  const claimFetcher = useAnswerFetcher({ key: CLAIM_INTENT });

  return (
    <article className="mx-auto grid w-full max-w-4xl gap-10 px-4 py-12">
      <header>
        <h1 className="font-display text-4xl font-semibold">
          Your Quotation <QuoteReference reference={quote.reference} />
        </h1>
        <p className="mt-2 text-ink-muted">
          Requested {dayOf(quote.createdAt)} · Status:{' '}
          <span className="font-medium text-ink">{statusText}</span>
        </p>
      </header>

      <DocumentAnswer answer={documentAnswer} />

      <MergedNotice mergedInto={quote.mergedInto} />

      {quote.claim ? (
        <ClaimPanel claim={quote.claim} action={pageAction} fetcher={claimFetcher} />
      ) : null}

      {quote.order ? (
        <section aria-labelledby="order-heading" className="grid gap-4">
          <h2 id="order-heading" className="font-display text-2xl font-semibold">
            Your order {quote.order.orderNumber}
          </h2>
          <p className="flex flex-wrap items-center gap-3">
            <OrderStatusBadge status={quote.order.status} />
            <span>Payment: {paymentStatusText}</span>
          </p>
          {payment ? (
            <PaymentPanel
              payment={payment}
              action={pageAction}
              headingLevel={3}
              progress={paymentProgress}
            />
          ) : null}
          <OrderDocuments {...documents} />
        </section>
      ) : null}

      {offer && target ? (
        <section
          id={CURRENT_OFFER_ANCHOR}
          aria-labelledby={`offer-v${offer.version}-heading`}
          // Opened at its anchor (the offer mail's link), it stops below the sticky header.
          className="scroll-mt-24 rounded-2xl bg-white p-6 ring-1 ring-stone/60"
        >
          <OfferDetails
            offer={offer}
            headingLevel={2}
            pdfHref={pdfHref(offer.version)}
            actions={<OfferActions target={target} actions={quote.actions} />}
            dayOf={dayOf}
            {...offerExtras[offer.id]}
          />
        </section>
      ) : quote.mergedInto ? null : (
        // docs/requirements.md §18: a merged request's offer comes on the request it joined (the notice above)
        <OfferPreparing />
      )}

      {target ? <OfferFormSection form={openForm} target={target} actions={quote.actions} /> : null}

      <RequestRecap request={request} open={!offer} />

      {quote.earlierOffers.length > 0 ? (
        <EarlierOffers
          offers={quote.earlierOffers}
          pdfHref={pdfHref}
          dayOf={dayOf}
          offerExtras={offerExtras}
        />
      ) : null}

      <QuoteThread
        messages={quote.messages}
        shopName={shopName}
        action={pageAction}
        dayOf={dayOf}
      />
    </article>
  );
}
