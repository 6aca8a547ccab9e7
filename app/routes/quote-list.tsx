import { redirect, useActionData, useLoaderData } from 'react-router';
import {
  quoteListFormValues,
  quoteListSaveSchema,
  quoteListSubmitSchema,
} from '../../core/quotes/quote-list';
// The page's own words without zod: the schemas above stay on the server (docs/decisions/020's budget).
import { quoteListTexts, quoteListToasts } from '../../core/quotes/quote-list-texts';
import { problemToast, quotationToasts } from '../../core/quotes/quotation-texts';
import { quotationLink } from '../../core/quotes/quote-links';
import { safeRedirectTarget } from '../../core/identity/identity';
import { quoteWholeWishlist } from '../../server/flows/quote-wishlist';
import { submitQuoteList } from '../../server/flows/submit-quote-list';
import { answerAction, intent, type IntentCall } from '../../server/http/answer';
import { appContext, type AppContext } from '../../server/http/app-context';
import { displayCurrencyOf } from '../../server/http/display-currency';
import { intentConstraints } from '../../server/http/form-constraints';
import { retryAfterHeaders } from '../../server/http/form-guard';
import {
  quoteListCookie,
  quoteListSessionCookie,
  quoteListTokenOf,
  servedOverHttps,
} from '../../server/http/quote-list-cookie';
import { getProfile, requestFormDetails } from '../../server/modules/account';
import {
  addToQuoteList,
  changeQuoteList,
  readQuoteList,
  removeFromQuoteList,
  type QuoteListHolder,
} from '../../server/modules/quote-lists';
import { quotationSubmittedToast } from '../components/quotation/quotation-submitted';
import { QuoteListForm } from '../components/quote-list/quote-list-form';
import { pageMeta } from '../components/layout/simple-page';
import type { Route } from './+types/quote-list';

/** Whoever asks: their account when signed in, else the guest's cookie (docs/requirements.md §18). */
function holderOf(app: AppContext, request: Request): QuoteListHolder {
  return {
    actor: app.actor,
    token: quoteListTokenOf(request.headers, servedOverHttps(app.config.publicUrl)),
  };
}

/**
 * A guest's browser keeps their list's token for 30 days from its last change (docs/requirements.md §18): the
 * cookie is set when the first piece makes the list, and set again by every change after. Each
 * also marks the list as written from this browser in this session, the one kind of list that
 * joins the account at sign-in (docs/decisions/021, amended).
 */
function keepToken(call: IntentCall, madeToken: string | null = null) {
  const { config } = call.app;
  const secure = servedOverHttps(config.publicUrl);
  const token = call.app.actor
    ? null
    : (madeToken ?? quoteListTokenOf(call.request.headers, secure));
  if (!token) return;
  call.replyHeaders.append('Set-Cookie', quoteListCookie(token, secure));
  call.replyHeaders.append('Set-Cookie', quoteListSessionCookie(token, secure, config.authSecret));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [list, profile] = await Promise.all([
    readQuoteList(app.db, holderOf(app, request)),
    // Signed in, the name, e-mail and mobile come from the profile; docs/requirements.md
    // §15: the company and GSTIN too
    app.actor && !app.actor.apiKey ? getProfile(app.db, app.actor) : null,
  ]);
  return {
    shopName: app.site.shopName,
    pieces: list.pieces,
    // Made here, not in the page's script (docs/decisions/026 made room in the public pages' budget).
    defaultValue: quoteListFormValues(list.pieces, profile ? requestFormDetails(profile) : null),
    formConstraints: intentConstraints(quoteListIntents),
  };
}

/**
 * docs/requirements.md §18: every button of the quote list is a form post here, so the list works without
 * JavaScript; with it, the same posts go by fetcher and the page and the header's count reload.
 */
const quoteListIntents = {
  add: intent({
    rateLimit: 'quote-list',
    run: async (fields, call) => {
      const { app, request } = call;
      const added = await addToQuoteList(
        app.db,
        holderOf(app, request),
        { productId: fields.productId ?? '' },
        app.clock(),
      );
      // Without JavaScript the answer is the page the button was on, with the count updated.
      if (fields.document === '1') {
        keepToken(call, added.token);
        throw redirect(safeRedirectTarget(fields.back, app.config.publicUrl), {
          headers: call.replyHeaders,
        });
      }
      keepToken(call, added.token);
      return { count: added.count };
    },
    success: quoteListToasts.added,
    data: (result) => result,
  }),
  save: intent({
    schema: quoteListSaveSchema,
    rateLimit: 'quote-list',
    run: async (_fields, call) => {
      const { app, request, payload } = call;
      const saved = await changeQuoteList(
        app.db,
        holderOf(app, request),
        { lines: payload.lines },
        app.clock(),
      );
      keepToken(call);
      return saved;
    },
    success: quoteListToasts.saved,
    resetForm: false,
  }),
  remove: intent({
    rateLimit: 'quote-list',
    run: async (fields, call) => {
      const { app, request } = call;
      const left = await removeFromQuoteList(
        app.db,
        holderOf(app, request),
        { productId: fields.productId ?? '' },
        app.clock(),
      );
      keepToken(call);
      return left;
    },
    success: quoteListToasts.removed,
  }),
  // docs/requirements.md §18 "Request a Quote for All": the wishlist's pieces join the list, which then shows.
  wishlist: intent({
    run: async (_fields, { app }) => {
      await quoteWholeWishlist(app.db, app.actor, app.clock());
      throw redirect('/quote-list');
    },
    signIn: { title: 'Sign in required', description: 'Please sign in to continue.' },
  }),
  // docs/requirements.md §18: one request of every piece, sharing the quotation form's limit (spec §7)
  submit: intent({
    schema: quoteListSubmitSchema,
    rateLimit: 'quotation',
    honeypot: true,
    run: async (_fields, { app, request, payload }) =>
      submitQuoteList(
        app.db,
        holderOf(app, request),
        payload,
        app.clock(),
        app.site.shopTimeZone,
        await displayCurrencyOf(app, request.headers),
      ),
    success: (result) =>
      result ? quotationSubmittedToast(result.reference) : quotationToasts.success,
    data: (result) =>
      result
        ? {
            reference: result.reference,
            link: quotationLink('', result.reference, result.accessKey),
          }
        : null,
    // spec §8: "Missing Information", "Invalid Email", or the failure text with the field's message
    invalid: problemToast,
    failure: (message, _fields, code) =>
      code === 'invalid' || code === 'not_found'
        ? { ...quotationToasts.failure, description: message }
        : quotationToasts.failure,
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    { intents: quoteListIntents, defaultIntent: 'submit' },
    context.get(appContext),
  );
}

export const headers = retryAfterHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, quoteListTexts.title, undefined, { noindex: true });
}

export default function QuoteList() {
  const { pieces, defaultValue } = useLoaderData<typeof loader>();
  const documentAnswer = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <h1 className="font-display text-3xl font-semibold sm:text-4xl">{quoteListTexts.title}</h1>
      <QuoteListForm pieces={pieces} defaultValue={defaultValue} documentAnswer={documentAnswer} />
    </section>
  );
}
