import { appContext } from '../../server/http/app-context';
import type { Route } from './+types/robots';

/** Points crawlers at the sitemap and keeps them out of the private areas. */
export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(appContext).config;
  const body = [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /dashboard',
    'Disallow: /auth',
    'Disallow: /quote/',
    'Disallow: /search/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
