import { parseRouteQuery, searchSuggestionsQuerySchema } from '../../core/forms/route-query';
import { appContext } from '../../server/http/app-context';
import { searchSuggestions, type SearchSuggestion } from '../../server/modules/catalog/search';
import type { Route } from './+types/search.suggestions';

/**
 * The header search's live suggestions (spec §2): JSON for `?q=…`, never cached. Server-Timing
 * tells the browser's dev tools and the throughput bench how long the search itself took.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // `settings` is this request's (readSiteSettings, parsed once), so the owner's synonyms apply at once.
  const { db, settings } = context.get(appContext);
  // docs/requirements.md §5: read through its schema, cut to the search's limit.
  const { q: query } = parseRouteQuery(
    searchSuggestionsQuerySchema,
    new URL(request.url).searchParams,
  );
  const started = performance.now();
  // docs/requirements.md §20: spec §5's scoring first; the tolerant search only when it finds nothing.
  const { results, showingResultsFor } = await searchSuggestions(
    db,
    query,
    settings.searchSynonymGroups,
  );
  const searchMilliseconds = performance.now() - started;
  const body: { query: string; results: SearchSuggestion[]; showingResultsFor: string | null } = {
    query,
    results,
    showingResultsFor,
  };
  return Response.json(body, {
    headers: {
      'Cache-Control': 'no-store',
      'Server-Timing': `search;dur=${searchMilliseconds.toFixed(2)}`,
    },
  });
}
