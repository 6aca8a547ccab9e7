import { parseRouteQuery, searchSuggestionsQuerySchema } from '../../core/route-query';
import { appContext } from '../../server/http/app-context';
import { searchProducts, type SearchSuggestion } from '../../server/modules/catalog/search';
import type { Route } from './+types/search.suggestions';

/**
 * The header search's live suggestions (spec §2): JSON for `?q=…`, never cached. Server-Timing
 * tells the browser's dev tools and the throughput bench how long the search itself took.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  // issue 14 (finding 7): read through its schema, cut to the search's limit.
  const { q: query } = parseRouteQuery(
    searchSuggestionsQuerySchema,
    new URL(request.url).searchParams,
  );
  const started = performance.now();
  const results = await searchProducts(db, query);
  const searchMilliseconds = performance.now() - started;
  const body: { query: string; results: SearchSuggestion[] } = { query, results };
  return Response.json(body, {
    headers: {
      'Cache-Control': 'no-store',
      'Server-Timing': `search;dur=${searchMilliseconds.toFixed(2)}`,
    },
  });
}
