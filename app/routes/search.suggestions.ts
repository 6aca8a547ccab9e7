import { appContext } from '../../server/http/app-context';
import { searchProducts, type SearchSuggestion } from '../../server/modules/search';
import type { Route } from './+types/search.suggestions';

/** The header search's live suggestions (spec §2): JSON for `?q=…`, never cached. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const query = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 200);
  const results = await searchProducts(db, query);
  const body: { query: string; results: SearchSuggestion[] } = { query, results };
  return Response.json(body, { headers: { 'Cache-Control': 'no-store' } });
}
