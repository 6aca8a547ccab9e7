import { categories } from '../../core/categories';
import {
  sitemapIndex,
  sitemapPageCount,
  sitemapUrlSet,
  type SitemapEntry,
} from '../../core/sitemap';
import { stories } from '../../content/stories';
import { appContext } from '../../server/http/app-context';
import { listPublishedProducts } from '../../server/modules/catalog';
import type { Route } from './+types/sitemap';

// The public pages of spec §2 (plus /artisans and /payment); account and admin pages stay out.
const staticPaths = [
  '/',
  '/shop',
  ...categories.map((category) => `/shop/${category.slug}`),
  '/about',
  '/customisations',
  '/blog',
  '/contact',
  '/faq',
  '/shipping',
  '/privacy',
  '/terms',
  '/artisans',
  '/payment',
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(appContext);
  const products = await listPublishedProducts(db);
  const entries: SitemapEntry[] = [
    ...staticPaths.map((path) => ({ path })),
    ...products.map((product) => ({
      path: `/product/${product.id}`,
      lastModified: product.updatedAt,
    })),
    ...stories.map((story) => ({ path: `/blog/${story.id}`, lastModified: story.date })),
  ];
  const pages = sitemapPageCount(entries);
  const page = Number(new URL(request.url).searchParams.get('page') ?? '0');
  const body =
    pages > 1 && !(page >= 1 && page <= pages)
      ? sitemapIndex(config.publicUrl, pages, new Date())
      : sitemapUrlSet(config.publicUrl, entries, page >= 1 ? page : 1);
  return new Response(body, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
