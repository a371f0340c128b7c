import { publicConfigContext } from '../context.ts';
import type { Route } from './+types/robots[.]txt';

export function loader({ context }: Route.LoaderArgs) {
  // The public origin (PUBLIC_ORIGIN, or localhost's own): never a Host header a visitor made up.
  // The site map's index lives there too (sitemap.xml needs absolute addresses).
  const origin = context.get(publicConfigContext).publicOrigin;
  const body = [
    'User-agent: *',
    'Disallow: /account',
    'Disallow: /cart',
    'Disallow: /compare',
    'Disallow: /favorite-products',
    'Disallow: /search',
    'Disallow: /api/',
    'Disallow: /*?*filter',
    '',
    ...(origin ? [`Host: ${origin}`, `Sitemap: ${origin}/sitemap.xml`, ''] : []),
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
