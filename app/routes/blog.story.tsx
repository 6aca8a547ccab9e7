import { ArrowLeft } from '../components/ui/icons';
import { data, isRouteErrorResponse, Link } from 'react-router';
import { formatLongDate } from '../../core/time/dates';
import { formatRupees } from '../../core/money/money';
import { stories } from '../../content/stories';
import { appContext } from '../../server/http/app-context';
import { listPublishedProductsByIds } from '../../server/modules/catalog';
import { ProductImage } from '../components/catalog/product-image';
import { Approximate } from '../components/ui/approximate';
import { ShareButtons } from '../components/journal/share-buttons';
import { absoluteUrl, pageMeta } from '../components/layout/simple-page';
import type { Route } from './+types/blog.story';
import { deferred } from '../components/ui/deferred';

// The not-found page's code loads apart from the page's, as the root's 404 does (docs/decisions/020).
const NotFound = deferred(() =>
  import('../components/layout/not-found').then((module) => module.NotFound),
);

export async function loader({ params, context }: Route.LoaderArgs) {
  const story = stories.find((candidate) => candidate.id === params.storyId);
  if (!story) throw data(null, { status: 404 });
  const { db, config } = context.get(appContext);
  const related = await listPublishedProductsByIds(db, story.relatedProducts);
  return {
    story,
    pageUrl: `${config.publicUrl}/blog/${story.id}`,
    related: related.map(({ id, name, shortDescription, priceMinor, primaryImage }) => ({
      id,
      name,
      shortDescription,
      price: formatRupees(priceMinor),
      priceMinor,
      primaryImage,
    })),
  };
}

export function meta(args: Route.MetaArgs) {
  const { loaderData } = args;
  if (!loaderData) return pageMeta(args, 'Story Not Found', undefined, { noindex: true });
  const { story, pageUrl } = loaderData;
  const origin = pageUrl.slice(0, pageUrl.indexOf('/blog/'));
  return pageMeta(args, story.title, story.excerpt, {
    type: 'article',
    image: story.image,
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: story.title,
        description: story.excerpt,
        image: [absoluteUrl(origin, story.image)],
        datePublished: story.date,
        author: { '@type': 'Person', name: story.artisan },
        mainEntityOfPage: pageUrl,
      },
    ],
  });
}

export default function Story({ loaderData }: Route.ComponentProps) {
  const { story, related, pageUrl } = loaderData;
  return (
    <article className="mx-auto max-w-4xl px-4 py-12">
      <Link
        to="/blog"
        className="inline-flex items-center gap-2 text-brass-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Journal
      </Link>
      <div className="relative mt-6 overflow-hidden rounded-2xl">
        <img
          src={story.image}
          alt=""
          width={1200}
          height={675}
          fetchPriority="high"
          className="aspect-video w-full object-cover"
        />
        <span className="absolute top-4 left-4 rounded-full bg-ivory px-3 py-1 text-sm font-semibold">
          {story.category}
        </span>
      </div>
      <h1 className="mt-8 text-4xl font-semibold md:text-5xl">{story.title}</h1>
      <p className="mt-4 text-ink-muted">
        <time dateTime={story.date}>{formatLongDate(story.date)}</time> · {story.readTime} ·{' '}
        {story.region}
      </p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div className="rounded-2xl bg-sand p-5">
          <dt className="text-sm text-ink-muted">Artisan</dt>
          <dd className="text-lg font-semibold">{story.artisan}</dd>
        </div>
        <div className="rounded-2xl bg-sand p-5">
          <dt className="text-sm text-ink-muted">Craft</dt>
          <dd className="text-lg font-semibold">{story.craft}</dd>
        </div>
      </dl>
      <p className="mt-8 text-lg">{story.excerpt}</p>
      <div className="mt-10 space-y-10">
        {story.fullContent.sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-2xl font-semibold">{section.heading}</h2>
            {/* spec §2: paragraphs are split on blank lines */}
            {section.content.split(/\n\s*\n/).map((paragraph) => (
              <p key={paragraph.slice(0, 40)} className="mt-4 leading-relaxed">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </div>
      <div className="mt-10">
        <ShareButtons pageUrl={pageUrl} title={story.title} />
      </div>

      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-16">
          <h2 id="related-heading" className="text-2xl font-semibold">
            Discover Related Pieces
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {related.map((product) => (
              <li key={product.id}>
                <Link
                  to={`/product/${product.id}`}
                  className="group block overflow-hidden rounded-2xl bg-white ring-1 ring-stone/60"
                >
                  <ProductImage image={product.primaryImage} />
                  <div className="p-4">
                    <h3 className="font-sans text-base font-semibold group-hover:underline">
                      {product.name}
                    </h3>
                    <p className="mt-1 text-sm text-ink-muted">{product.shortDescription}</p>
                    <p className="mt-2 font-semibold">
                      {product.price}
                      <Approximate paise={product.priceMinor} />
                    </p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section
        aria-labelledby="continue-heading"
        className="mt-16 rounded-2xl bg-sand p-8 text-center"
      >
        <h2 id="continue-heading" className="text-2xl font-semibold">
          Continue Reading
        </h2>
        <Link
          to="/blog"
          className="mt-4 inline-block rounded-full bg-ink px-6 py-3 text-ivory hover:bg-brass-800"
        >
          View All Stories
        </Link>
      </section>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    // spec §2: unknown story
    return <NotFound heading="Story Not Found" linkTo="/blog" linkLabel="Back to Journal" />;
  }
  throw error;
}
