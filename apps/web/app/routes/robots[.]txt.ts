export function loader({ request }: { request: Request }) {
  const origin = new URL(request.url).origin;
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
    `Host: ${origin}`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
