import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '@store/api';
import { matchPage } from '@store/domain';
import {
  distanceText,
  formatRuDate,
  inlineJson,
  pickupText,
  productBasePath,
  productJsonLd,
  productPageKey,
  stockSummary,
  tabOfPath,
  watchedAfterView,
  watchedToShow,
} from './product.ts';

const offer = {
  price: 3_819_000,
  price_old: 5_049_000,
  available: true,
  order_type: 'false',
  preorder: false,
  max_quantity: 2,
  before_discount_price: 5_049_000,
  pink_price: null,
  quantity: 10,
  preorder_date: null,
  discountTradein: null,
  super_price: null,
  has_credit: true,
};

const product = {
  id: 328,
  name: 'Холодильник Bosch KGN39VI25R',
  url: '/catalog/holodilniki/401/328',
  images: ['/img/1.svg', '/img/2.svg'],
  brand: { id: 1, name: 'Bosch', code: 'bosch' },
  category: { id: 401, name: 'Холодильники', code: 'holodilniki', path: [400, 401] },
  description: 'Вместительный',
  rating: 4,
  reviews_count: 5,
  offer,
  is_used: false,
  is_demo: false,
  is_markdown: false,
  city_availability: { stores: 3, quantity: 32 },
} as unknown as ProductDetail;

describe('recently watched', () => {
  it('moves the viewed product to the end and keeps the newest 20', () => {
    expect(watchedAfterView(undefined, 5)).toBe('5');
    expect(watchedAfterView('1,5,7', 5)).toBe('1,7,5');
    const twenty = Array.from({ length: 20 }, (_, i) => i + 1).join(',');
    expect(watchedAfterView(twenty, 99).split(',')).toHaveLength(20);
    expect(watchedAfterView(twenty, 99).startsWith('2,')).toBe(true);
  });

  it('shows the other products, newest first, at most 10', () => {
    expect(watchedToShow('1,2,3', 2)).toEqual([3, 1]);
    expect(watchedToShow(Array.from({ length: 15 }, (_, i) => i + 1).join(','), 99)).toEqual([
      15, 14, 13, 12, 11, 10, 9, 8, 7, 6,
    ]);
  });
});

describe('stock summary', () => {
  it('is the purchase rule’s way as the card words it', () => {
    const p = {
      purchase: {
        way: 'transfer' as const,
        label: 'Под заказ',
        buyable: true,
        lead_days: 3,
        max_qty: 5,
        supplier_id: null,
      },
    };
    expect(stockSummary(p)).toEqual({ kind: 'order', text: 'Под заказ' });
  });
});

describe('dates and paths', () => {
  it('prints server dates in Russian, Moscow time, and nothing for a bad date', () => {
    expect(formatRuDate('2026-07-25 00:00:00+00')).toBe('25 июля 2026');
    expect(formatRuDate('2025-08-05 23:00:00+00')).toBe('6 августа 2025');
    expect(formatRuDate('2026-12-25 00:00:00+00', false)).toBe('25 декабря');
    expect(formatRuDate('not a date')).toBe('');
    expect(formatRuDate(null)).toBe('');
  });

  it('tells the tab and the product path from a path', () => {
    expect(tabOfPath('/catalog/holodilniki/401/328')).toBe('reviews');
    expect(tabOfPath('/catalog/holodilniki/401/328/faq/page-2')).toBe('faq');
    expect(tabOfPath('/catalog/holodilniki/401/328/availability/moskva')).toBe('availability');
    expect(productBasePath('/catalog/holodilniki/401/328/faq/page-2')).toBe('/catalog/holodilniki/401/328');
  });

  it('keys a product page by its product and city exactly as the domain matches the path', () => {
    const paths = [
      '/catalog/holodilniki/401/328',
      '/catalog/holodilniki/401/328/',
      '/catalog/holodilniki/401/328/faq',
      '/catalog/holodilniki/401/328/faq/page-2',
      '/catalog/holodilniki/401/328/faq/page-0',
      '/catalog/holodilniki/401/328/faq/2',
      '/catalog/holodilniki/401/328/availability',
      '/catalog/holodilniki/401/328/availability/sankt-peterburg',
      '/catalog/holodilniki/401/328/availability/Moskva',
      '/catalog/holodilniki/401/328/availability/moskva/extra',
      '/catalog/holodilniki/401/328/reviews',
      '/catalog/holodilniki/401/page-2',
      '/catalog/holodilniki/401/007',
      '/catalog/holodilniki/0/328',
      '/catalog/Holo_dilniki/401/328',
      '/catalog/brand/apple/page-2',
      '/catalog/tag/novinki/page-2',
      '/catalog/holodilniki/401/tag/novinki',
      '/catalog/holodilniki/401/samsung/galaxy',
      '/search/holodilniki/401',
      '/cart',
    ];
    for (const path of paths) {
      const match = matchPage(path);
      const expected = match?.kind === 'product' ? `${match.productId}|${match.city ?? ''}` : null;
      expect(productPageKey(path), path).toBe(expected);
    }
    expect(productPageKey('/catalog/holodilniki/401/328/faq/page-3')).toBe(productPageKey('/catalog/a/1/328'));
    expect(productPageKey('/catalog/holodilniki/401/328/availability/tula')).not.toBe(
      productPageKey('/catalog/holodilniki/401/328/availability'),
    );
  });

  it('words distances', () => {
    expect(distanceText(523)).toBe('520 м');
    expect(distanceText(9526)).toBe('9,5 км');
  });
});

describe('pickup time', () => {
  // 2026-11-21 12:00 Moscow time.
  const noon = Date.parse('2026-11-21T09:00:00Z');
  const store = { hours: 'Ежедневно 10:00–22:00', hasReserve: true, date: '2026-11-21', time: '' };

  it('reserves in a store that is open, else from its next opening', () => {
    expect(pickupText(store, noon)).toBe('через 15 минут');
    expect(pickupText(store, Date.parse('2026-11-21T04:00:00Z'))).toBe('сегодня c 10:00');
    expect(pickupText(store, Date.parse('2026-11-21T20:00:00Z'))).toBe('завтра c 10:00');
  });

  it('uses the date and time of a delivery to the point', () => {
    expect(pickupText({ ...store, hasReserve: false, date: '2026-11-22', time: '10:00' }, noon)).toBe('завтра c 10:00');
    expect(pickupText({ ...store, hasReserve: false, date: '2026-11-25', time: '10:00' }, noon)).toBe(
      '25 ноября c 10:00',
    );
  });
});

describe('JSON-LD', () => {
  it('describes the product with its offer in rubles and its rating', () => {
    const ld = productJsonLd(product, 'https://shop.example') as {
      offers: Record<string, string>;
      aggregateRating?: Record<string, unknown>;
      image: string[];
    };
    expect(ld.offers).toMatchObject({
      price: '38190.00',
      priceCurrency: 'RUB',
      availability: 'https://schema.org/InStock',
    });
    expect(ld.image[0]).toBe('https://shop.example/img/1.svg');
    expect(ld.aggregateRating).toMatchObject({ ratingValue: '4.0', reviewCount: 5 });
  });

  it('says preorder and out of stock, and leaves the rating out without reviews', () => {
    const preorder = productJsonLd({ ...product, offer: { ...offer, order_type: 'preorder' } }, '') as {
      offers: Record<string, string>;
    };
    expect(preorder.offers.availability).toBe('https://schema.org/PreOrder');
    const gone = productJsonLd({ ...product, reviews_count: 0, offer: { ...offer, available: false } }, '') as {
      offers: Record<string, string>;
      aggregateRating?: unknown;
    };
    expect(gone.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(gone.aggregateRating).toBeUndefined();
  });

  it('cannot close its script element', () => {
    expect(inlineJson({ name: '</script><b>' })).not.toContain('</');
  });
});
