// Every route of SPEC §2. RR paths cannot express the parameter rules (numeric ids, page-N,
// city and brand-code characters), so each loader checks them with matchPage() from
// @store/domain and answers 404 when they fail. Routes whose pages later issues build share
// routes/page.tsx (title and breadcrumbs) under their own ids until then.
import { type RouteConfig, index, route } from '@react-router/dev/routes';

const page = (path: string, id: string) => route(path, 'routes/page.tsx', { id });

export default [
  index('routes/home.tsx'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('sitemap/:part', 'routes/sitemap-part.ts'),
  route('sitemap', 'routes/sitemap.tsx', { id: 'sitemap' }),

  // Catalogue and product
  route('catalog/:categoryId?', 'routes/catalog-index.tsx'),
  route('catalog/brand/:brandCode/*', 'routes/listing.tsx', { id: 'brand-listing' }),
  route('catalog/tag/:tagAlias/*', 'routes/listing.tsx', { id: 'tag-listing' }),
  route('catalog/:categoryCode/:categoryId', 'routes/listing.tsx', { id: 'category-listing' }),
  // Third segment: a product id or a listing page-N (the loader tells them apart with matchPage).
  // A product is a layout whose tabs are child routes (SPEC §2 Product page tabs).
  route('catalog/:type/:categoryId/:productId', 'routes/product-or-listing.tsx', { id: 'product-or-listing-page' }, [
    index('routes/product-reviews.tsx', { id: 'product-reviews' }),
    route('faq/:page?', 'routes/product-faq.tsx', { id: 'product-faq' }),
    route('availability/:city?', 'routes/product-availability.tsx', { id: 'product-availability' }),
  ]),
  // Brand + series (+ model) listings and their tag and compatibility variants.
  route('catalog/:categoryCode/:categoryId/*', 'routes/listing.tsx', { id: 'series-listing' }),
  route('search/:categoryCode?/:categoryId?/:page?', 'routes/search.tsx', { id: 'search' }),

  route('certificate', 'routes/certificate.tsx', { id: 'certificate' }),
  route('cert', 'routes/certificate.tsx', { id: 'cert' }),
  route('account', 'routes/account.tsx', { id: 'account' }, [
    index('routes/account-home.tsx', { id: 'account-home' }),
    route('profile', 'routes/account-profile.tsx', { id: 'account-profile' }),
    route('mailings', 'routes/account-mailings.tsx', { id: 'account-mailings' }),
    route('orders/:param?', 'routes/account-orders.tsx', { id: 'account-orders' }),
    route('reviews', 'routes/account-comments.tsx', { id: 'account-reviews' }),
    route('faq', 'routes/account-comments.tsx', { id: 'account-faq' }),
    route('loyalty', 'routes/account-loyalty.tsx', { id: 'account-loyalty' }),
    route('repair', 'routes/account-repair.tsx', { id: 'account-repair' }),
    route('buyback', 'routes/account-buyback.tsx', { id: 'account-buyback' }),
    route('*', 'routes/account-section.tsx', { id: 'account-section' }),
  ]),
  route('honor', 'routes/honor.tsx', { id: 'honor' }),
  route('user/login', 'routes/login.tsx', { id: 'login' }),
  route('user/loyalty', 'routes/loyalty-login.tsx', { id: 'loyalty-login' }),
  route('user/password-reset', 'routes/password-reset.tsx', { id: 'password-reset' }),
  route('user/logout', 'routes/logout.tsx', { id: 'logout' }),
  route('user/upos', 'routes/upos.tsx', { id: 'employee-registration' }),
  route('user/promo', 'routes/user-promo.tsx', { id: 'promo-subscribers' }),
  route('user/darim-promokod', 'routes/darim-promokod.tsx', { id: 'darim-promokod' }),
  route('cart', 'routes/cart.tsx', { id: 'checkout' }),
  route('order-status', 'routes/order-status.tsx', { id: 'order-status' }),
  route('dev/outbox', 'routes/dev-outbox.tsx', { id: 'dev-outbox' }),
  route('cart/payment/:id', 'routes/cart-payment.tsx', { id: 'repayment' }),
  route('cart/success/:id', 'routes/cart-success.tsx', { id: 'order-success' }),
  route('cart/credit/:id', 'routes/cart-credit.tsx', { id: 'order-credit' }),
  route('cart/receipt/:id', 'routes/cart-receipt.tsx', { id: 'order-receipt' }),
  route('cart/one-click', 'routes/cart-one-click.tsx', { id: 'one-click' }),
  route('cart/corporate', 'routes/cart-corporate.tsx', { id: 'corporate-order' }),
  route('shops', 'routes/shops.tsx', { id: 'shops' }),
  route('delivery', 'routes/delivery.tsx', { id: 'delivery' }),
  route('delivery/pay', 'routes/delivery-pay.tsx', { id: 'delivery-pay' }),
  route('favorite-products', 'routes/favorites.tsx', { id: 'favorites' }),
  route('compare', 'routes/compare.tsx', { id: 'compare' }),
  route('special-offers', 'routes/special-offers.tsx', { id: 'special-offers' }),
  route('special-offers/:id', 'routes/special-offer.tsx', { id: 'special-offer' }),
  route('store/:slug?', 'routes/store.tsx', { id: 'store' }),
  route('news', 'routes/news.tsx', { id: 'news' }),
  route('news/:typeOrId', 'routes/news.tsx', { id: 'news-section' }),
  // Insurance and finance pages (issue 17): the ОСАГО calculator serves both ОСАГО paths.
  route('insurance/osago', 'routes/insurance-osago.tsx', { id: 'insurance-osago' }),
  route('insurance/:product', 'routes/insurance-product.tsx', { id: 'insurance' }),
  route('finance/osago', 'routes/insurance-osago.tsx', { id: 'finance-osago' }),
  route('finance/deposit', 'routes/finance-deposit.tsx', { id: 'finance-deposit' }),
  route('finance/agents', 'routes/finance-agents.tsx', { id: 'finance-agents' }),
  page('finance/:product', 'finance'),
  route('reviews/list/*', 'routes/reviews-list.tsx', { id: 'reviews-list' }),
  route('reviews/view/:slug', 'routes/review.tsx', { id: 'review' }),
  route('service', 'routes/service.tsx', { id: 'service' }),
  route('service/repair', 'routes/service-repair.tsx', { id: 'repair' }),
  route('service/trade-in', 'routes/service-trade-in.tsx', { id: 'trade-in' }),
  route('service/corporate', 'routes/service-corporate.tsx', { id: 'corporate' }),
  route('likenew', 'routes/likenew.tsx', { id: 'buyback' }),
  route('prm/:slug', 'routes/promo.tsx', { id: 'static-promo' }),
  route('promo/:slug', 'routes/promo.tsx', { id: 'constructor-promo' }),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
