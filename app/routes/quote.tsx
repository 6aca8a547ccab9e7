import { data, isRouteErrorResponse, Link, useActionData } from 'react-router';
import { quotationRequestSchema } from '../../core/quotes/quotation';
import { problemToast, quotationToasts } from '../../core/quotes/quotation-texts';
import { quotationLink } from '../../core/quotes/quote-links';
import {
  quotationSubmittedToast,
  submittedQuotationOf,
  type QuotationSubmitted,
} from '../components/quotation/quotation-submitted';
import { answerAction, intent } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { displayCurrencyOf } from '../../server/http/display-currency';
import { retryAfterHeaders } from '../../server/http/form-guard';
import { getPublishedProduct } from '../../server/modules/catalog';
import { requestQuotation } from '../../server/flows/request-quotation';
import type { StoredQuotationRequest } from '../../server/modules/quotations';
import { DocumentAnswer } from '../components/community/document-answer';
import { QuotationRequestForm } from '../components/quotation/quotation-form';
import type { Route } from './+types/quote';
import { deferred } from '../components/ui/deferred';

// The not-found page's code loads apart from the page's, as the root's 404 does (docs/decisions/020).
const ProductNotFound = deferred(() =>
  import('../components/layout/not-found').then((module) => module.ProductNotFound),
);

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, site, logger } = context.get(appContext);
  // spec §2: a failed read is shown as "Product not found" too, and logged (as on /product).
  const found = await getPublishedProduct(db, params.productId).catch((error: unknown) => {
    logger.error({ err: error, productId: params.productId }, 'product read failed');
    return null;
  });
  if (!found) throw data(null, { status: 404 });
  return {
    shopName: site.shopName,
    product: { id: found.product.id, name: found.product.name },
  };
}

/**
 * Every Get Quote dialog posts here with a fetcher; without JavaScript the page's own form does.
 * The product comes from the URL and its name from the catalogue (server/modules/quotations),
 * which also tells the owner and the requester.
 */
const quotationIntents = {
  quotation: intent<StoredQuotationRequest | undefined>({
    schema: quotationRequestSchema,
    rateLimit: 'quotation',
    honeypot: true,
    run: async (fields, { app, params, request }) =>
      requestQuotation(
        app.db,
        app.actor,
        { ...fields, productId: params.productId ?? '' },
        app.clock(),
        app.site.shopTimeZone,
        await displayCurrencyOf(app, request.headers),
      ),
    // docs/requirements.md §10: spec §8's toast, with the reference; the form shows the private link. A robot
    // caught by the honeypot (no request) is thanked with spec §8's toast alone.
    success: (result) =>
      result ? quotationSubmittedToast(result.reference) : quotationToasts.success,
    data: (result): QuotationSubmitted | null =>
      result
        ? {
            reference: result.reference,
            // A relative link: the page that shows it is the shop's own.
            link: quotationLink('', result.reference, result.accessKey),
          }
        : null,
    // spec §8: only "Missing Information", "Invalid Email" or the failure text, never another.
    invalid: problemToast,
    failure: (message, _fields, code) =>
      code === 'invalid' ? problemToast([message]) : quotationToasts.failure,
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    { intents: quotationIntents, defaultIntent: 'quotation' },
    context.get(appContext),
  );
}

export const headers = retryAfterHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Product not found' }];
  return [
    { title: `Request Quotation: ${loaderData.product.name} | ${loaderData.shopName}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Quote({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  // Only a plain HTML post (no JavaScript) lands here; the dialog's fetcher toasts instead.
  const answer = useActionData<typeof action>();
  const submitted = answer?.status === 'ok' ? submittedQuotationOf(answer.data) : null;
  return (
    <section className="mx-auto max-w-2xl px-4 py-14">
      <Link
        to={`/product/${product.id}`}
        className="text-brass-700 underline-offset-4 hover:underline"
      >
        Back to {product.name}
      </Link>
      <h1 className="mt-6 text-4xl font-semibold">Request Quotation</h1>
      <p className="mt-3 text-ink-muted">Tell us what you need and we will send you a quotation.</p>
      <DocumentAnswer answer={answer} className="mt-6" />
      {submitted ? (
        <p className="mt-4">
          <Link
            to={submitted.link}
            className="font-medium text-brass-700 underline underline-offset-4"
          >
            View your quotation
          </Link>
        </p>
      ) : null}
      <div className="mt-8 rounded-2xl bg-white p-6 ring-1 ring-stone/60">
        <QuotationRequestForm product={product} documentResult={answer?.result} />
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ProductNotFound />;
  }
  throw error;
}
