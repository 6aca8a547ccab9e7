import { Link } from 'react-router';
import { stories } from '../../content/stories';
import { countOf } from '../../core/forms/plurals';
import { appContext } from '../../server/http/app-context';
import { listRegionCounts } from '../../server/modules/catalog';
import { pageMeta, SimplePage } from '../components/layout/simple-page';
import type { Route } from './+types/artisans';

const title = 'Meet Our Artisans';
const lead =
  'The families and workshops behind every piece, from the marble carvers of Banswara to the brass casters of Moradabad.';

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  // The workshops' home towns, from the catalogue itself, most pieces first.
  const regions = [...(await listRegionCounts(db))].sort(
    (a, b) => b.pieces - a.pieces || a.region.localeCompare(b.region, 'en'),
  );
  return {
    regions,
    artisans: stories.map(({ id, title, artisan, craft, region, excerpt }) => ({
      id,
      title,
      artisan,
      craft,
      region,
      excerpt,
    })),
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, title, lead);
}

export default function Artisans({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage title={title} lead={lead}>
      <section aria-labelledby="artisans-heading">
        <h2 id="artisans-heading" className="text-2xl font-semibold">
          The makers
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {loaderData.artisans.map((artisan) => (
            <li key={artisan.id} className="rounded-2xl bg-white p-5 ring-1 ring-stone/60">
              <h3 className="text-lg font-semibold">{artisan.artisan}</h3>
              <p className="text-sm text-brass-700">
                {artisan.craft} · {artisan.region}
              </p>
              <p className="mt-2 text-ink-muted">{artisan.excerpt}</p>
              <Link
                to={`/blog/${artisan.id}`}
                className="mt-3 inline-block font-medium text-brass-700 underline-offset-4 hover:underline"
              >
                Read their story<span className="sr-only">: {artisan.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="regions-heading">
        <h2 id="regions-heading" className="text-2xl font-semibold">
          Where our pieces are made
        </h2>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {loaderData.regions.map(({ region, pieces }) => (
            <li key={region}>
              <Link
                to={`/shop?q=${encodeURIComponent(region.split(',')[0] ?? region)}`}
                className="flex justify-between rounded-xl bg-sand px-4 py-3 hover:bg-stone/60"
              >
                <span>{region}</span>
                <span className="text-ink-muted">{countOf(pieces, 'piece')}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </SimplePage>
  );
}
