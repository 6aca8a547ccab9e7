import { categories } from '../../core/catalog/categories';
import { parseRouteQuery, sitemapQuerySchema } from '../../core/forms/route-query';
import {
  latestDate,
  sitemapIndex,
  sitemapPageCount,
  sitemapUrlSet,
  type SitemapEntry,
} from '../../core/catalog/sitemap';
import {
  aboutPage,
  contactPage,
  customisationsPage,
  faqPage,
  paymentPage,
  privacyPage,
  shippingPage,
  termsPage,
} from '../../content/pages';
import { stories } from '../../content/stories';
import { appContext } from '../../server/http/app-context';
import { listSitemapProducts } from '../../server/modules/catalog';
import type { Route } from './+types/sitemap';

// The public pages of spec §2 (plus /artisans and /payment); account and admin pages stay out.
// Pages whose text lives in content/ change when their `updatedAt` says.
const contentPages = [
  ['/about', aboutPage],
  ['/customisations', customisationsPage],
  ['/contact', contactPage],
  ['/faq', faqPage],
  ['/shipping', shippingPage],
  ['/privacy', privacyPage],
  ['/terms', termsPage],
  ['/payment', paymentPage],
] as const;
const contentUpdatedAt: Date =
  latestDate(contentPages.map(([, page]) => page.updatedAt)) ?? new Date();

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(appContext);
  const products = await listSitemapProducts(db);
  // A listing changes when its newest product does; an empty one when the site's texts did.
  const listingUpdatedAt = (listed: typeof products) =>
    latestDate(listed.map((product) => product.updatedAt)) ?? contentUpdatedAt;
  const catalogUpdatedAt = listingUpdatedAt(products);
  const journalUpdatedAt = latestDate(stories.map((story) => story.date)) ?? contentUpdatedAt;
  const entries: SitemapEntry[] = [
    { path: '/', lastModified: catalogUpdatedAt },
    { path: '/shop', lastModified: catalogUpdatedAt },
    ...categories.map((category) => ({
      path: `/shop/${category.slug}`,
      lastModified: listingUpdatedAt(
        products.filter((product) => product.category === category.adminValue),
      ),
    })),
    { path: '/blog', lastModified: journalUpdatedAt },
    // Meet Our Artisans is drawn from the stories and the products' regions.
    {
      path: '/artisans',
      lastModified: latestDate([journalUpdatedAt, catalogUpdatedAt]) ?? contentUpdatedAt,
    },
    ...contentPages.map(([path, page]) => ({ path, lastModified: page.updatedAt })),
    ...products.map((product) => ({
      path: `/product/${product.id}`,
      lastModified: product.updatedAt,
    })),
    ...stories.map((story) => ({ path: `/blog/${story.id}`, lastModified: story.date })),
  ];
  const pages = sitemapPageCount(entries);
  const { page } = parseRouteQuery(sitemapQuerySchema, new URL(request.url).searchParams);
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
