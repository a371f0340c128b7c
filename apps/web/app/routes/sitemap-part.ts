// /sitemap/{kind}-{n}.xml: one part of the site map, streamed as it is read from the API a chunk at a
// time (domain sitemapPartXml), so a part of 50,000 products is never held whole.
import { SITEMAP_PART_SIZE, parseSitemapPartName, sitemapPartXml } from '@store/domain';
import { apiContext, publicConfigContext } from '../context.ts';
import type { Route } from './+types/sitemap-part';

export function loader({ params, context }: Route.LoaderArgs) {
  const origin = context.get(publicConfigContext).publicOrigin;
  const part = parseSitemapPartName(params.part);
  if (!origin || !part) return new Response('Нет такой части карты сайта.', { status: 404 });
  const api = context.get(apiContext);
  const pieces = sitemapPartXml(origin, part.index, (offset, limit) => api.sitemap.paths(part.kind, offset, limit), {
    partSize: SITEMAP_PART_SIZE,
  });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await pieces.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        console.error('sitemap part failed', params.part, error);
        controller.error(error);
      }
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
