import { clsx } from 'clsx';
import { LayoutGrid, List } from '../components/ui/icons';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { data, Form, Link, useLocation, useNavigate, useSubmit } from 'react-router';
import { findCategoryBySlug } from '../../core/catalog/categories';
import { countOf } from '../../core/forms/plurals';
import {
  DEFAULT_PRICE_RANGE,
  shopQueryToSearchParams,
  SORT_OPTIONS,
  type ShopQuery,
} from '../../core/catalog/shop-listing';
import { parseShopQuery } from '../../core/catalog/shop-query';
import {
  parseStoredPreferences,
  preferencesFromQuery,
  queryFromPreferences,
  shopPreferencesKey,
} from '../../core/catalog/shop-preferences';
import { normaliseSearchText } from '../../core/search/search-tolerant';
import { appContext } from '../../server/http/app-context';
import { listShopPage } from '../../server/modules/catalog';
import { countSearch } from '../../server/modules/search-counts';
import { ProductCard } from '../components/catalog/product-card';
import { useHydrated } from '../components/ui/use-hydrated';
import { pageMeta, siteFromMatches } from '../components/layout/simple-page';
import { breadcrumbList } from '../components/layout/structured-data';
import type { Route } from './+types/shop';
import { followNavigation } from '../components/ui/follow-navigation';

// spec §9: the saved scroll position is restored 100 ms after the listing renders.
const SCROLL_RESTORE_DELAY_MS = 100;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, site, settings, clock, config, clientAddress } = context.get(appContext);
  const category = params.category ? findCategoryBySlug(params.category) : undefined;
  if (params.category && !category) throw data(null, { status: 404 });

  const searchParams = new URL(request.url).searchParams;
  const query = parseShopQuery(searchParams);
  const listing = await listShopPage(db, {
    category: category?.adminValue,
    query,
    synonyms: settings.searchSynonymGroups,
  });
  // docs/decisions/024 "What shoppers did not find": a search is the address the search box opens,
  // /shop?q=…, and nothing else; a later filter, sort or page of it is not a new search. It counts
  // once per client address and shop week (docs/requirements.md §20).
  const searched = normaliseSearchText(query.q);
  if (
    searched !== '' &&
    listing.searchOutcome !== null &&
    listing.searchOutcome !== 'exact' &&
    !params.category &&
    [...searchParams.keys()].every((key) => key === 'q')
  ) {
    countSearch(
      db,
      { text: searched, outcome: listing.searchOutcome, clientAddress },
      { now: clock(), timeZone: site.shopTimeZone, secret: config.authSecret },
    );
  }

  return {
    shopName: site.shopName,
    categorySlug: category?.slug,
    // spec §2: the banner shows the category, or All Products with the collection tagline.
    title: category?.name ?? 'All Products',
    description:
      category?.description ?? 'Discover our complete collection of handcrafted treasures',
    materials: listing.materials,
    query,
    total: listing.total,
    // docs/requirements.md §20: what the tolerant search matched, when it answered ("Showing results for …").
    showingResultsFor: listing.showingResultsFor,
    hasMore: listing.hasMore,
    products: listing.products.map((product) => ({
      id: product.id,
      name: product.name,
      shortDescription: product.shortDescription,
      primaryImage: product.primaryImage,
      reviewCount: product.reviewCount,
      newArrival: product.newArrival,
      bestseller: product.bestseller,
      featured: product.featured,
    })),
  };
}

export function meta(args: Route.MetaArgs) {
  const { loaderData } = args;
  if (!loaderData) return pageMeta(args, 'Oops! Page not found', undefined, { noindex: true });
  const { publicUrl } = siteFromMatches(args.matches);
  const trail = [
    { name: 'Home', path: '/' },
    { name: 'All Products', path: '/shop' },
    ...(loaderData.categorySlug
      ? [{ name: loaderData.title, path: `/shop/${loaderData.categorySlug}` }]
      : []),
  ];
  return pageMeta(args, loaderData.title, loaderData.description, {
    image: loaderData.products[0]?.primaryImage?.url,
    structuredData: [breadcrumbList(publicUrl, trail)],
  });
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { query, products, total, materials, categorySlug, hasMore, showingResultsFor } =
    loaderData;
  useShopPreferences(categorySlug, query);
  const submit = useSubmit();
  const hydrated = useHydrated();
  const formId = useId();
  const activeFilters =
    query.materials.length + (query.minPrice === null ? 0 : 1) + (query.maxPrice === null ? 0 : 1);
  // Clearing the filters keeps what the shopper searched for (/shop?q=…), the sort and the view.
  const clearFilters = `?${shopQueryToSearchParams({ q: query.q, sort: query.sort, view: query.view }).toString()}`;
  const loadMore = `?${shopQueryToSearchParams({ ...query, page: query.page + 1 }).toString()}`;

  // With JavaScript every change applies at once; without it the Apply button submits.
  const applyChange = (event: FormEvent<HTMLElement>) => {
    const form = (event.currentTarget as HTMLInputElement | HTMLSelectElement).form;
    if (form) void submit(form, { replace: true, preventScrollReset: true });
  };

  return (
    <>
      <section className="bg-sand">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h1 className="text-4xl font-semibold">{loaderData.title}</h1>
          <p className="mt-3 max-w-2xl text-lg text-ink-muted">{loaderData.description}</p>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[15rem_1fr]">
        <Form
          id={formId}
          method="get"
          preventScrollReset
          replace
          aria-label="Filters"
          className="self-start rounded-2xl bg-white ring-1 ring-stone/60"
        >
          {/* Folded on phones so the products come first; always open on wide screens (app.css). */}
          <details className="shop-filters" open={activeFilters > 0}>
            <summary className="cursor-pointer p-5 text-lg font-semibold">
              Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
            </summary>
            <div className="flex flex-col gap-6 px-5 pb-5">
              {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
              <fieldset>
                <legend className="text-lg font-semibold">Material</legend>
                <div className="mt-3 grid gap-2">
                  {materials.map((material) => (
                    <label key={material} className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        name="material"
                        value={material}
                        defaultChecked={query.materials.includes(material)}
                        key={`${material}-${query.materials.includes(material)}`}
                        onChange={applyChange}
                        className="h-4 w-4 accent-brass-700"
                      />
                      {material}
                    </label>
                  ))}
                </div>
              </fieldset>
              <fieldset>
                <legend className="text-lg font-semibold">Price range (₹)</legend>
                <div className="mt-3 grid grid-cols-2 gap-2">
                  <label className="grid gap-1 text-sm">
                    Min
                    <input
                      type="number"
                      name="minPrice"
                      min={0}
                      step={100}
                      inputMode="numeric"
                      placeholder={String(DEFAULT_PRICE_RANGE[0])}
                      defaultValue={query.minPrice ?? ''}
                      key={`min-${query.minPrice}`}
                      onBlur={applyChange}
                      className="w-full rounded-lg border border-stone px-2 py-1.5"
                    />
                  </label>
                  <label className="grid gap-1 text-sm">
                    Max
                    <input
                      type="number"
                      name="maxPrice"
                      min={0}
                      step={100}
                      inputMode="numeric"
                      placeholder={String(DEFAULT_PRICE_RANGE[1])}
                      defaultValue={query.maxPrice ?? ''}
                      key={`max-${query.maxPrice}`}
                      onBlur={applyChange}
                      className="w-full rounded-lg border border-stone px-2 py-1.5"
                    />
                  </label>
                </div>
              </fieldset>
              <div className="flex flex-wrap gap-2">
                {hydrated ? null : (
                  <button
                    type="submit"
                    className="rounded-full bg-ink px-4 py-2 text-sm font-medium text-ivory hover:bg-brass-800"
                  >
                    Apply
                  </button>
                )}
                <Link
                  to={clearFilters}
                  preventScrollReset
                  className="rounded-full px-4 py-2 text-sm font-medium ring-1 ring-ink hover:bg-sand"
                >
                  Clear Filters
                </Link>
              </div>
            </div>
          </details>
        </Form>

        <section aria-label="Products" className="min-w-0">
          <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
            {/* spec §2: the result line; docs/requirements.md §20: above it, what the tolerant search matched */}
            <div role="status" className="text-ink-muted">
              {showingResultsFor ? (
                <p className="font-medium text-ink">Showing results for {showingResultsFor}</p>
              ) : null}
              <p>
                Showing {products.length} of {countOf(total, 'product')}
                {query.q ? <> for &ldquo;{query.q}&rdquo;</> : null}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <label className="flex items-center gap-2 text-sm">
                Sort by
                <select
                  form={formId}
                  name="sort"
                  defaultValue={query.sort}
                  key={query.sort}
                  onChange={applyChange}
                  className="rounded-lg border border-stone bg-white px-2 py-1.5"
                >
                  {SORT_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </label>
              <div role="group" aria-label="View" className="flex rounded-lg ring-1 ring-stone">
                {(['grid', 'list'] as const).map((view) => (
                  <button
                    key={view}
                    type="submit"
                    form={formId}
                    name="view"
                    value={view}
                    aria-pressed={query.view === view}
                    aria-label={view === 'grid' ? 'Grid view' : 'List view'}
                    className={clsx(
                      'p-2 first:rounded-l-lg last:rounded-r-lg',
                      query.view === view ? 'bg-ink text-ivory' : 'hover:bg-sand',
                    )}
                  >
                    {view === 'grid' ? (
                      <LayoutGrid aria-hidden="true" className="h-5 w-5" />
                    ) : (
                      <List aria-hidden="true" className="h-5 w-5" />
                    )}
                  </button>
                ))}
              </div>
            </div>
          </div>

          {products.length === 0 ? (
            <div className="rounded-2xl bg-white p-10 text-center ring-1 ring-stone/60">
              <p className="text-lg">No products found matching your filters.</p>
              <Link
                to={clearFilters}
                className="mt-6 inline-block rounded-full bg-ink px-6 py-3 text-ivory hover:bg-brass-800"
              >
                Clear Filters
              </Link>
            </div>
          ) : (
            <ul
              className={clsx(
                'grid gap-6',
                query.view === 'grid' ? 'grid-cols-1 sm:grid-cols-2 xl:grid-cols-3' : 'grid-cols-1',
              )}
            >
              {products.map((product, index) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  view={query.view}
                  // The first picture is the largest paint on a phone: fetch it first.
                  priority={index === 0}
                />
              ))}
            </ul>
          )}

          {hasMore ? (
            <div className="mt-10 text-center">
              <Link
                to={loadMore}
                preventScrollReset
                replace
                className="inline-block rounded-full px-6 py-3 font-medium ring-1 ring-ink hover:bg-sand"
              >
                Load more
              </Link>
            </div>
          ) : null}
        </section>
      </div>
    </>
  );
}

/**
 * spec §2: the listing remembers sortBy, viewMode, priceRange, selectedMaterials and the scroll
 * position per category, saved on every change and when the page is left. Opened without
 * parameters, the page returns to what was saved, scrolling after 100 ms.
 */
function useShopPreferences(categorySlug: string | undefined, query: ShopQuery) {
  const location = useLocation();
  const navigate = useNavigate();
  const key = shopPreferencesKey(categorySlug);
  const latest = useRef({ query, scroll: 0 });
  // Updated after render, so a cleanup below still sees the query of the page being left.
  useEffect(() => {
    latest.current.query = query;
  });
  const queryKey = shopQueryToSearchParams({ ...query, page: 1 }).toString();

  // Restore once per category page, only when the URL does not ask for something itself.
  const pendingScroll = useRef<{ search: string; top: number } | null>(null);
  useEffect(() => {
    if (location.search !== '') return;
    const saved = parseStoredPreferences(readStorage(key));
    if (!saved) return;
    const restored = shopQueryToSearchParams(queryFromPreferences(saved)).toString();
    // The 100 ms count from the restored listing on screen, not from the arrival: scrolling the
    // listing that is about to be replaced would land short of (or past) the saved position.
    // The effect below starts them when that listing has rendered: the location changes with
    // the loader's data, so the restored address on screen means its listing is. (Compared by
    // address rather than by parsing the query here, which would ship the server's query schema
    // to every shop visitor.)
    pendingScroll.current = {
      search: restored === '' ? '' : `?${restored}`,
      top: saved.scrollPosition,
    };
    if (restored !== '') {
      followNavigation(
        navigate({ search: `?${restored}` }, { replace: true, preventScrollReset: true }),
      );
    }
    // Only on arrival: later changes of the URL are the shopper's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  useEffect(() => {
    const pending = pendingScroll.current;
    if (!pending || pending.search !== location.search) return;
    pendingScroll.current = null;
    const timer = window.setTimeout(
      () => window.scrollTo({ top: pending.top }),
      SCROLL_RESTORE_DELAY_MS,
    );
    // A shopper who changes the listing within the 100 ms keeps their own position.
    return () => window.clearTimeout(timer);
  }, [queryKey, location.search]);

  // Save on change. The first run is skipped, so an arrival without parameters cannot
  // overwrite the preferences it is about to restore.
  const firstRun = useRef(true);
  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    writeStorage(key, preferencesFromQuery(latest.current.query, window.scrollY));
  }, [key, queryKey]);

  // Save on leaving: closing the tab, and navigating elsewhere in the app.
  useEffect(() => {
    const trackScroll = () => {
      latest.current.scroll = window.scrollY;
    };
    const save = () =>
      writeStorage(key, preferencesFromQuery(latest.current.query, latest.current.scroll));
    window.addEventListener('scroll', trackScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', trackScroll);
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [key]);
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage can be disabled; the listing still works without it
  }
}

function writeStorage(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: preferences are a convenience, never an error
  }
}
