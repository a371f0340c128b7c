// Every route of SPEC §2. RR paths cannot express the parameter rules (numeric ids, page-N,
// city and brand-code characters), so each loader checks them with matchPage() from
// @store/domain and answers 404 when they fail. Routes whose pages later issues build share
// routes/page.tsx (title and breadcrumbs) under their own ids until then.
import { type RouteConfig, index, route } from '@react-router/dev/routes';

const page = (path: string, id: string) => route(path, 'routes/page.tsx', { id });

export default [
  index('routes/home.tsx'),
  route('robots.txt', 'routes/robots[.]txt.ts'),

  // Catalogue and product
  route('catalog/:categoryId?', 'routes/catalog-index.tsx'),
  page('catalog/brand/:brandCode/*', 'brand-listing'),
  page('catalog/tag/:tagAlias/*', 'tag-listing'),
  page('catalog/:categoryCode/:categoryId', 'category-listing'),
  // Third segment: a product id or a listing page-N.
  page('catalog/:type/:categoryId/:productId', 'product-or-listing-page'),
  page('catalog/:type/:categoryId/:productId/faq/:page?', 'product-faq'),
  page('catalog/:type/:categoryId/:productId/availability/:city?', 'product-availability'),
  // Brand + series (+ model) listings and their tag and compatibility variants.
  page('catalog/:categoryCode/:categoryId/*', 'series-listing'),
  page('search/:categoryCode?/:categoryId?/:page?', 'search'),

  page('certificate', 'certificate'),
  page('cert', 'cert'),
  page('account/*', 'account'),
  page('honor', 'honor'),
  page('user/login', 'login'),
  page('user/password-reset', 'password-reset'),
  page('user/upos', 'employee-registration'),
  page('user/promo', 'promo-subscribers'),
  page('user/darim-promokod', 'darim-promokod'),
  page('cart', 'checkout'),
  page('cart/payment/:id', 'repayment'),
  page('shops', 'shops'),
  page('delivery', 'delivery'),
  page('delivery/pay', 'delivery-pay'),
  page('favorite-products', 'favorites'),
  page('compare', 'compare'),
  page('special-offers', 'special-offers'),
  page('special-offers/:id', 'special-offer'),
  page('store/:slug?', 'store'),
  page('news', 'news'),
  page('news/:typeOrId', 'news-section'),
  page('insurance/:product', 'insurance'),
  page('finance/:product', 'finance'),
  page('reviews/list/*', 'reviews-list'),
  page('reviews/view/:slug', 'review'),
  page('service', 'service'),
  page('service/repair', 'repair'),
  page('service/trade-in', 'trade-in'),
  page('service/corporate', 'corporate'),
  page('prm/:slug', 'static-promo'),
  page('promo/:slug', 'constructor-promo'),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
