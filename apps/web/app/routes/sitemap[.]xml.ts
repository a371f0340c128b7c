// /sitemap.xml: the index of the site map's parts (domain sitemap.ts: at most 50,000 URLs a part, by
// kind), on the public origin (PUBLIC_ORIGIN; decision 0015). Without a public origin there is no
// address to give, so no site map either. robots.txt points here.
import { SITEMAP_PART_SIZE, sitemapIndexXml, sitemapParts } from '@store/domain';
import { apiContext, publicConfigContext } from '../context.ts';
import type { Route } from './+types/sitemap[.]xml';

export async function loader({ context }: Route.LoaderArgs) {
  const origin = context.get(publicConfigContext).publicOrigin;
  if (!origin) return new Response('Карта сайта появится, когда задан PUBLIC_ORIGIN.', { status: 404 });
  const counts = await context.get(apiContext).sitemap.counts();
  return new Response(sitemapIndexXml(origin, sitemapParts(counts, SITEMAP_PART_SIZE)), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
