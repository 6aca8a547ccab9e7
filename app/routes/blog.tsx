import { clsx } from 'clsx';
import { Link } from 'react-router';
import { formatLongDate } from '../../core/time/dates';
import { blogQuerySchema, parseRouteQuery } from '../../core/forms/route-query';
import { stories } from '../../content/stories';
import { NewsletterForm } from '../components/community/newsletter-form';
import { pageMeta } from '../components/layout/simple-page';
import type { Route } from './+types/blog';

const lead = 'Stories of the artisans, places and crafts behind every piece.';
const storyCategories = [...new Set(stories.map((story) => story.category))];
const storyRegions = [...new Set(stories.map((story) => story.region))];
const storyFilterQuerySchema = blogQuerySchema(storyCategories, storyRegions);

export function loader({ request }: Route.LoaderArgs) {
  // docs/requirements.md §5: a category or region the stories do not have shows them all.
  const { category, region } = parseRouteQuery(
    storyFilterQuerySchema,
    new URL(request.url).searchParams,
  );
  const shown = stories.filter(
    (story) =>
      (category === null || story.category === category) &&
      (region === null || story.region === region),
  );
  // spec §2: one featured story, the rest as cards
  const featured = shown.find((story) => story.featured) ?? null;
  // docs/decisions/020: the stories, and the filters made from them, come as loader data only, so no
  // story's text is in the page's JavaScript; a card needs none of a story's full text.
  return {
    categories: storyCategories,
    regions: storyRegions,
    category,
    region,
    featured: featured ? storyCard(featured) : null,
    others: shown.filter((story) => story !== featured).map(storyCard),
  };
}

function storyCard({
  id,
  title,
  excerpt,
  image,
  category,
  region,
  date,
  readTime,
}: (typeof stories)[number]) {
  return { id, title, excerpt, image, category, region, date, readTime };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Journal', lead);
}

function filterHref(category: string | null, region: string | null): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (region) params.set('region', region);
  const query = params.toString();
  return query ? `?${query}` : '/blog';
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { categories, regions, category, region, featured, others } = loaderData;
  return (
    <article className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-4xl font-semibold">Journal</h1>
      <p className="mt-4 text-lg text-ink-muted">{lead}</p>

      <nav aria-label="Filter stories" className="mt-8 grid gap-3">
        <FilterRow
          label="Category"
          values={categories}
          current={category}
          href={(value) => filterHref(value, region)}
          allLabel="All categories"
        />
        <FilterRow
          label="Region"
          values={regions}
          current={region}
          href={(value) => filterHref(category, value)}
          allLabel="All regions"
        />
      </nav>

      <section aria-label="Stories">
        {featured ? (
          <Link
            to={`/blog/${featured.id}`}
            className="group mt-10 grid overflow-hidden rounded-2xl bg-white ring-1 ring-stone/60 md:grid-cols-2"
          >
            <img
              src={featured.image}
              alt=""
              width={1200}
              height={675}
              className="aspect-video h-full w-full object-cover"
            />
            <div className="flex flex-col justify-center p-8">
              <p className="text-sm font-semibold text-brass-700">Featured · {featured.category}</p>
              <h2 className="mt-2 text-3xl font-semibold group-hover:underline">
                {featured.title}
              </h2>
              <p className="mt-3 text-ink-muted">{featured.excerpt}</p>
              <p className="mt-4 text-sm text-ink-muted">
                {formatLongDate(featured.date)} · {featured.readTime} · {featured.region}
              </p>
            </div>
          </Link>
        ) : null}

        {featured === null && others.length === 0 ? (
          <p className="mt-10 text-lg">No stories match these filters yet.</p>
        ) : (
          <ul className="mt-10 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {others.map((story) => (
              <li
                key={story.id}
                className="overflow-hidden rounded-2xl bg-white ring-1 ring-stone/60"
              >
                <img
                  src={story.image}
                  alt=""
                  width={1200}
                  height={675}
                  loading="lazy"
                  className="aspect-video w-full object-cover"
                />
                <div className="p-6">
                  <p className="text-sm text-brass-700">
                    {story.category} · {story.region}
                  </p>
                  <h2 className="mt-2 text-2xl font-semibold">
                    <Link to={`/blog/${story.id}`} className="hover:underline">
                      {story.title}
                    </Link>
                  </h2>
                  <p className="mt-3 text-ink-muted">{story.excerpt}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section
        aria-labelledby="journal-newsletter"
        className="mt-16 flex flex-col items-center rounded-2xl bg-sand p-10 text-center"
      >
        <h2 id="journal-newsletter" className="text-2xl font-semibold">
          New stories, once a month
        </h2>
        <p className="mt-2 text-ink-muted">The next artisan story, straight to your inbox.</p>
        <div className="mt-6 flex w-full justify-center">
          <NewsletterForm source="blog" />
        </div>
      </section>
    </article>
  );
}

function FilterRow({
  label,
  values,
  current,
  href,
  allLabel,
}: {
  label: string;
  values: string[];
  current: string | null;
  href: (value: string | null) => string;
  allLabel: string;
}) {
  const chip = (active: boolean) =>
    clsx(
      'rounded-full px-4 py-1.5 text-sm font-medium ring-1',
      active ? 'bg-ink text-ivory ring-ink' : 'ring-stone hover:bg-sand',
    );
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="w-20 text-sm font-semibold">{label}</span>
      <Link
        to={href(null)}
        preventScrollReset
        aria-current={current === null ? 'true' : undefined}
        className={chip(current === null)}
      >
        {allLabel}
      </Link>
      {values.map((value) => (
        <Link
          key={value}
          to={href(value)}
          preventScrollReset
          aria-current={current === value ? 'true' : undefined}
          className={chip(current === value)}
        >
          {value}
        </Link>
      ))}
    </div>
  );
}
