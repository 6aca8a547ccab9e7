import { data, isRouteErrorResponse, Link, useActionData } from 'react-router';
import { appContext } from '../../server/http/app-context';
import { readFormData } from '../../server/http/form-content-type';
import { rateLimitedReply, retryAfterHeaders } from '../../server/http/form-guard';
import { isRobotSubmission } from '../components/community/honeypot';
import { getPublishedProduct } from '../../server/modules/catalog';
import { DomainError } from '../../server/modules/errors';
import { createQuotationRequest } from '../../server/modules/quotations';
import { quotationRequestSchema } from '../../core/quotation';
import { cappedReply, schemaFieldsOf } from '../../core/form-reply';
import { ProductNotFound } from '../components/layout/not-found';
import {
  errorMessages,
  parseQuotationForm,
  problemToast,
  QuotationRequestForm,
  quotationToasts,
  type QuotationActionData,
} from '../components/quotation/quotation-form';
import type { Route } from './+types/quote';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config, logger } = context.get(appContext);
  // spec §2: a failed read is shown as "Product not found" too, and logged (as on /product).
  const found = await getPublishedProduct(db, params.productId).catch((error: unknown) => {
    logger.error({ err: error, productId: params.productId }, 'product read failed');
    return null;
  });
  if (!found) throw data(null, { status: 404 });
  return {
    shopName: config.site.shopName,
    product: { id: found.product.id, name: found.product.name },
  };
}

/**
 * Every Get Quote dialog posts here with a fetcher; without JavaScript the page's own form does.
 * The product comes from the URL and its name from the catalogue (server/modules/quotations).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { db, actor, logger } = app;
  const limited = await rateLimitedReply(app, 'quotation');
  if (limited) return data<QuotationActionData>(limited.body, limited.init);
  const formData = await readFormData(request);
  const submission = parseQuotationForm(schemaFieldsOf(formData, quotationRequestSchema));
  if (isRobotSubmission(formData)) {
    return data<QuotationActionData>({
      status: 'success',
      result: cappedReply(submission, quotationRequestSchema, { resetForm: true }),
    });
  }
  if (submission.status !== 'success') {
    return data<QuotationActionData>(
      { status: 'invalid', result: cappedReply(submission, quotationRequestSchema) },
      { status: 400 },
    );
  }
  try {
    await createQuotationRequest(db, actor, {
      ...Object.fromEntries(formData),
      productId: params.productId,
    });
    return data<QuotationActionData>({
      status: 'success',
      result: cappedReply(submission, quotationRequestSchema, { resetForm: true }),
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'invalid') {
      return data<QuotationActionData>(
        {
          status: 'invalid',
          result: cappedReply(submission, quotationRequestSchema, {
            formErrors: [error.message],
          }),
        },
        { status: 400 },
      );
    }
    logger.error({ err: error, productId: params.productId }, 'quotation request failed');
    const status = error instanceof DomainError && error.code === 'not_found' ? 404 : 500;
    return data<QuotationActionData>({ status: 'error', result: null }, { status });
  }
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
  const answer = useActionData<typeof action>();
  // Only a plain HTML post (no JavaScript) lands here; the dialog's fetcher toasts instead.
  const outcome =
    answer?.status === 'success'
      ? quotationToasts.success
      : answer?.status === 'invalid'
        ? problemToast(errorMessages(answer.result))
        : answer?.status === 'rate-limited'
          ? { title: 'Too many requests', description: answer.message }
          : answer?.status === 'error'
            ? quotationToasts.failure
            : null;

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
      {outcome ? (
        <div
          role={answer?.status === 'success' ? 'status' : 'alert'}
          className={
            answer?.status === 'success'
              ? 'mt-6 rounded-xl bg-success/10 p-4 text-success'
              : 'mt-6 rounded-xl bg-danger/10 p-4 text-danger'
          }
        >
          <p className="font-semibold">{outcome.title}</p>
          <p>{outcome.description}</p>
        </div>
      ) : null}
      <div className="mt-8 rounded-2xl bg-white p-6 ring-1 ring-stone/60">
        <QuotationRequestForm
          product={product}
          documentResult={answer && 'result' in answer ? answer.result : null}
        />
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
