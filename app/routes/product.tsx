import { RotateCcw, ShieldCheck, Truck } from '../components/ui/icons';
import { Suspense } from 'react';
import {
  Await,
  data,
  isRouteErrorResponse,
  Link,
  useActionData,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { answerFormSchema, questionSchema, reviewSchema } from '../../core/community/community';
import { communityToasts } from '../../core/community/community-texts';
import { findCategoryByValue } from '../../core/catalog/categories';
import { displayImageUrl } from '../../core/catalog/media-url';
import { answerAction, intent } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { intentConstraints } from '../../server/http/form-constraints';
import { getPublishedProduct, listRelatedProducts } from '../../server/modules/catalog';
import { ProductBadges, reviewCountLabel } from '../components/catalog/product-badges';
import { DeferredSection } from '../components/catalog/deferred-section';
import { ProductGallery } from '../components/catalog/product-gallery';
import { RelatedProducts } from '../components/catalog/related-products';
import { parseRouteQuery, productQuerySchema } from '../../core/forms/route-query';
import { productImageField, readQueryField } from '../../core/forms/route-query-fields';
import { retryAfterHeaders } from '../../server/http/form-guard';
import { refuseLargeVisitorBody } from '../../server/http/visitor-body';
import { isInWishlist } from '../../server/modules/account';
import { answerQuestion, askQuestion, listQuestions } from '../../server/modules/questions';
import { createReview, listReviews, toggleHelpfulVote } from '../../server/modules/reviews';
import { DocumentAnswer } from '../components/community/document-answer';
import { WishlistButton } from '../components/account/wishlist-button';
import { QuoteButton } from '../components/quotation/quote-button';
import { AddToQuoteListButton } from '../components/quote-list/add-to-quote-list-button';
import { absoluteUrl, pageMeta } from '../components/layout/simple-page';
import { breadcrumbList } from '../components/layout/structured-data';
import { StreamedContent } from '../components/ui/use-hydrated';
import { deferred } from '../components/ui/deferred';
import type { Route } from './+types/product';

// The not-found page's code loads apart from the page's, as the root's 404 does (docs/decisions/020).
const ProductNotFound = deferred(() =>
  import('../components/layout/not-found').then((module) => module.ProductNotFound),
);

// docs/decisions/020: below the description, read after the piece itself; their forms post natively.
const ReviewsSection = deferred(() =>
  import('../components/community/reviews-section').then((module) => module.ReviewsSection),
);
const QuestionsSection = deferred(() =>
  import('../components/community/questions-section').then((module) => module.QuestionsSection),
);

/**
 * docs/design.md §4a (as Hydrogen does): the loader awaits only what the page cannot render without
 * (the product, or a 404, and the wishlist button's state) and streams the reviews, the questions
 * and the related pieces. A deferred read never throws: a failure is logged and shown in place as
 * "could not be loaded", the rest of the page unharmed.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, config, logger, actor } = context.get(appContext);
  // spec §2: a failed read is shown as "Product not found" too, and logged.
  const found = await getPublishedProduct(db, params.id).catch((error: unknown) => {
    logger.error({ err: error, productId: params.id }, 'product read failed');
    return null;
  });
  if (!found) throw data(null, { status: 404 });
  const { product, images } = found;
  const category = findCategoryByValue(product.category);
  const { reviews: reviewSort } = parseRouteQuery(
    productQuerySchema,
    new URL(request.url).searchParams,
  );
  const deferred = <T,>(read: Promise<T>, part: string): Promise<T | null> =>
    read.catch((error: unknown) => {
      logger.error({ err: error, productId: product.id, part }, 'product page read failed');
      return null;
    });
  const reviews = deferred(
    listReviews(db, actor, { productId: product.id, sort: reviewSort }),
    'reviews',
  );
  const questions = deferred(listQuestions(db, { productId: product.id }), 'questions');
  const related = deferred(
    listRelatedProducts(db, product).then((items) =>
      items.map(({ id, name, primaryImage }) => ({ id, name, primaryImage })),
    ),
    'related products',
  );
  return {
    inWishlist: await isInWishlist(db, actor, product.id),
    // The answer forms' limits, from their schema (docs/decisions/020: no zod in the page to read them).
    formConstraints: intentConstraints(communityIntents),
    signedIn: actor !== null,
    reviewSort,
    reviews,
    questions,
    related,
    publicUrl: config.publicUrl,
    product: {
      id: product.id,
      name: product.name,
      description: product.description,
      careInstructions: product.careInstructions,
      material: product.material,
      dimensions: product.dimensions,
      reviewCount: product.reviewCount,
      newArrival: product.newArrival,
      bestseller: product.bestseller,
      featured: product.featured,
    },
    category: category ? { slug: category.slug, name: category.name } : null,
    images,
  };
}

export type ProductLoaderData = Route.ComponentProps['loaderData'];

/**
 * The community forms of the page (spec §2, §6): a review, a helpful vote, a question, an answer.
 * Signed-in users only (spec §6's sign-in toast of each); all but the vote have the public forms'
 * rate limit and honeypot.
 */
const communityIntents = {
  review: intent({
    schema: reviewSchema,
    rateLimit: 'review',
    honeypot: true,
    run: (fields, { app, params }) =>
      createReview(app.db, app.actor, { ...fields, productId: params.id ?? '' }),
    success: communityToasts.reviewSubmitted,
    signIn: communityToasts.reviewSignIn,
  }),
  question: intent({
    schema: questionSchema,
    rateLimit: 'question',
    honeypot: true,
    run: (fields, { app, params }) =>
      askQuestion(app.db, app.actor, { ...fields, productId: params.id ?? '' }),
    success: communityToasts.questionSubmitted,
    signIn: communityToasts.questionSignIn,
  }),
  answer: intent({
    schema: answerFormSchema,
    rateLimit: 'answer',
    honeypot: true,
    run: (fields, { app }) =>
      answerQuestion(app.db, app.actor, { ...fields, questionId: fields.questionId ?? '' }),
    success: communityToasts.answerSubmitted,
    signIn: communityToasts.answerSignIn,
  }),
  helpful: intent({
    run: (fields, { app }) =>
      toggleHelpfulVote(app.db, app.actor, { reviewId: fields.reviewId ?? '' }),
    success: null,
    signIn: communityToasts.helpfulSignIn,
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    {
      // docs/requirements.md §14: a visitor's body is read only when small, to name the form in the
      // sign-in answer; no community form is larger, so a larger one is refused unread.
      guard: refuseLargeVisitorBody,
      intents: communityIntents,
      signedInOnly: true,
    },
    context.get(appContext),
  );
}

export const headers = retryAfterHeaders;

/** Picking another gallery image changes only `?image=`; nothing needs reloading for that. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod === undefined && currentUrl.pathname === nextUrl.pathname) {
    const current = new URLSearchParams(currentUrl.search);
    const next = new URLSearchParams(nextUrl.search);
    current.delete('image');
    next.delete('image');
    if (current.toString() === next.toString()) return false;
  }
  return defaultShouldRevalidate;
}

export function meta(args: Route.MetaArgs) {
  const { loaderData } = args;
  if (!loaderData) return pageMeta(args, 'Product not found', undefined, { noindex: true });
  const { product, images, publicUrl, category } = loaderData;
  const description = product.description ?? product.name;
  const trail = [
    { name: 'Home', path: '/' },
    ...(category ? [{ name: category.name, path: `/shop/${category.slug}` }] : []),
    { name: product.name, path: `/product/${product.id}` },
  ];
  return pageMeta(args, product.name, description, {
    type: 'product',
    image: images[0] ? displayImageUrl(images[0].url) : null,
    structuredData: [
      {
        // Sold by quotation: no fixed-price Offer; price on request (schema.org has no price).
        '@context': 'https://schema.org',
        '@type': 'Product',
        productID: product.id,
        sku: product.id,
        name: product.name,
        description,
        material: product.material,
        ...(category ? { category: category.name } : {}),
        image: images.map((image) => absoluteUrl(publicUrl, displayImageUrl(image.url))),
        url: `${publicUrl}/product/${product.id}`,
      },
      breadcrumbList(publicUrl, trail),
    ],
  });
}

const breadcrumbLinkClass = 'inline-flex items-center hover:underline max-md:min-h-11';

// spec §2: the notes under the quotation button
const notes = [
  { icon: Truck, label: 'Free Shipping' },
  { icon: ShieldCheck, label: 'Authentic Craft' },
  { icon: RotateCcw, label: 'Easy Returns' },
];

export default function Product({ loaderData }: Route.ComponentProps) {
  const { product, category, images } = loaderData;
  // A plain HTML post (no JavaScript: the answer form) comes back here with its answer.
  const documentAnswer = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const requested = readQueryField(searchParams, 'image', productImageField) - 1;
  const selected = images[requested] ? requested : 0;

  return (
    <article className="mx-auto max-w-6xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
        {/* docs/requirements.md §19: on a phone the links are 44 px tall; the row keeps its place on the page. */}
        <ol className="flex flex-wrap items-center gap-2 max-md:-my-3 max-md:gap-y-0">
          <li>
            <Link to="/" className={breadcrumbLinkClass}>
              Home
            </Link>
          </li>
          {category ? (
            <li>
              <span aria-hidden="true">/ </span>
              <Link to={`/shop/${category.slug}`} className={breadcrumbLinkClass}>
                {category.name}
              </Link>
            </li>
          ) : null}
          <li aria-current="page">
            <span aria-hidden="true">/ </span>
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="mt-8 grid gap-10 md:grid-cols-2">
        <ProductGallery images={images} selected={selected} />

        <div>
          <ProductBadges product={product} newLabel="New Arrival" />
          <h1 className="mt-3 text-4xl font-semibold">{product.name}</h1>
          <p className="mt-2 text-ink-muted">{reviewCountLabel(product.reviewCount)}</p>
          {product.description ? (
            <p className="mt-4 text-lg text-ink-muted">{product.description}</p>
          ) : null}
          <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="font-medium">Material</dt>
            <dd>{product.material}</dd>
            {product.dimensions ? (
              <>
                <dt className="font-medium">Dimensions</dt>
                <dd>{product.dimensions}</dd>
              </>
            ) : null}
          </dl>
          <div className="mt-8 flex flex-wrap gap-3">
            <QuoteButton
              product={product}
              className="rounded-full bg-ink px-8 py-3 font-medium text-ivory hover:bg-brass-800"
            >
              Get Quotation
            </QuoteButton>
            <AddToQuoteListButton productId={product.id} />
            <WishlistButton
              productId={product.id}
              productName={product.name}
              inWishlist={loaderData.inWishlist}
            />
          </div>
          <ul className="mt-8 grid grid-cols-3 gap-3 text-center text-sm">
            {notes.map((note) => (
              <li key={note.label} className="rounded-xl bg-sand p-3">
                <note.icon aria-hidden="true" className="mx-auto h-5 w-5 text-brass-700" />
                <span className="mt-1 block">{note.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="mt-14 grid gap-10 md:grid-cols-2">
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className="text-2xl font-semibold">
            Description
          </h2>
          <p className="mt-3 leading-relaxed">{product.description}</p>
        </section>
        {product.careInstructions ? (
          <section aria-labelledby="care-heading">
            <h2 id="care-heading" className="text-2xl font-semibold">
              Care Instructions
            </h2>
            <p className="mt-3 leading-relaxed">{product.careInstructions}</p>
          </section>
        ) : null}
      </div>

      <DocumentAnswer answer={documentAnswer} className="mt-10" />
      {/* Hydrated after the page, against HTML rendered not hydrated (use-hydrated.ts). */}
      <StreamedContent value>
        <Suspense fallback={<DeferredSection heading="Customer Reviews" part="reviews" />}>
          <Await
            resolve={loaderData.reviews}
            errorElement={<DeferredSection heading="Customer Reviews" part="reviews" failed />}
          >
            {(reviews) =>
              reviews ? (
                <ReviewsSection
                  productId={product.id}
                  signedIn={loaderData.signedIn}
                  sort={loaderData.reviewSort}
                  reviews={reviews.reviews}
                  summary={reviews.summary}
                />
              ) : (
                <DeferredSection heading="Customer Reviews" part="reviews" failed />
              )
            }
          </Await>
        </Suspense>
        <Suspense fallback={<DeferredSection heading="Questions & Answers" part="questions" />}>
          <Await
            resolve={loaderData.questions}
            errorElement={<DeferredSection heading="Questions & Answers" part="questions" failed />}
          >
            {(questions) =>
              questions ? (
                <QuestionsSection
                  productId={product.id}
                  signedIn={loaderData.signedIn}
                  questions={questions}
                />
              ) : (
                <DeferredSection heading="Questions & Answers" part="questions" failed />
              )
            }
          </Await>
        </Suspense>
        <Suspense fallback={<DeferredSection heading="You May Also Like" part="related pieces" />}>
          <Await
            resolve={loaderData.related}
            errorElement={
              <DeferredSection heading="You May Also Like" part="related pieces" failed />
            }
          >
            {(related) =>
              related === null ? (
                <DeferredSection heading="You May Also Like" part="related pieces" failed />
              ) : related.length > 0 ? (
                <RelatedProducts related={related} />
              ) : null
            }
          </Await>
        </Suspense>
      </StreamedContent>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    // spec §2: product not found
    return <ProductNotFound />;
  }
  throw error;
}
