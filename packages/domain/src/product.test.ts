import { describe, expect, it } from 'vitest';
import { MIN_PRICE_TO_BUY } from './constants.ts';
import {
  CONDITION_GRADES,
  PRODUCT_NOT_FOUND_MESSAGE,
  PRODUCT_TAB_LINKS,
  conditionLabel,
  conditionScore,
  isBuyAllowed,
  isPreorderOffer,
  isProductAvailable,
  productLoadOutcome,
  productTabs,
  showsAvailabilityTab,
  usedOrDemoWarrantyDays,
} from './product.ts';

describe('isProductAvailable', () => {
  it('is true when the offer is available, whatever order_type says', () => {
    expect(isProductAvailable({ available: true, order_type: 'false' })).toBe(true);
    expect(isProductAvailable({ available: true, order_type: 'preorder' })).toBe(true);
  });

  it("is true when order_type is anything but the string 'false'", () => {
    expect(isProductAvailable({ available: false, order_type: 'preorder' })).toBe(true);
    expect(isProductAvailable({ available: false, order_type: null })).toBe(true);
    expect(isProductAvailable({ available: false })).toBe(true);
    expect(isProductAvailable({ available: false, order_type: 'False' })).toBe(true);
  });

  it("is false only for an unavailable offer with order_type 'false'", () => {
    expect(isProductAvailable({ available: false, order_type: 'false' })).toBe(false);
  });
});

describe('productLoadOutcome', () => {
  const orderable = { available: true, order_type: 'preorder' };
  const gone = { available: false, order_type: 'false' };

  it('is not-found unless status is exactly 1', () => {
    for (const status of [0, 2, -1, null, undefined, Number.NaN]) {
      expect(productLoadOutcome({ status, categoryExists: true, offer: orderable, supplierOffersCount: 0 })).toBe(
        'not-found',
      );
    }
  });

  it('is not-found without a category, even with supplier offers', () => {
    expect(productLoadOutcome({ status: 1, categoryExists: false, offer: gone, supplierOffersCount: 3 })).toBe(
      'not-found',
    );
  });

  it("shows supplier offers for an unavailable product with order_type 'false' and supplier offers", () => {
    expect(productLoadOutcome({ status: 1, categoryExists: true, offer: gone, supplierOffersCount: 1 })).toBe(
      'supplier-offers',
    );
  });

  it('shows the product itself otherwise', () => {
    expect(productLoadOutcome({ status: 1, categoryExists: true, offer: gone, supplierOffersCount: 0 })).toBe(
      'product',
    );
    expect(
      productLoadOutcome({
        status: 1,
        categoryExists: true,
        offer: { available: false, order_type: 'preorder' },
        supplierOffersCount: 2,
      }),
    ).toBe('product');
    expect(
      productLoadOutcome({
        status: 1,
        categoryExists: true,
        offer: { available: true, order_type: 'false' },
        supplierOffersCount: 2,
      }),
    ).toBe('product');
  });

  it('says Страница не найдена', () => {
    expect(PRODUCT_NOT_FOUND_MESSAGE).toBe('Страница не найдена');
  });
});

describe('isPreorderOffer', () => {
  it("is the preorder flag or order_type 'preorder'", () => {
    expect(isPreorderOffer({ preorder: true })).toBe(true);
    expect(isPreorderOffer({ order_type: 'preorder' })).toBe(true);
    expect(isPreorderOffer({ preorder: false, order_type: 'false' })).toBe(false);
    expect(isPreorderOffer({})).toBe(false);
  });
});

describe('isBuyAllowed', () => {
  const base = {
    price: MIN_PRICE_TO_BUY,
    offer: { available: true },
    receivingLoaded: true,
    creditPossible: true,
  };

  it('allows buying at exactly the minimum price and not a kopeck below', () => {
    expect(isBuyAllowed(base)).toBe(true);
    expect(isBuyAllowed({ ...base, price: MIN_PRICE_TO_BUY - 1 })).toBe(false);
    expect(isBuyAllowed({ ...base, price: 0 })).toBe(false);
  });

  it('refuses a missing or invalid price', () => {
    for (const price of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, -5]) {
      expect(isBuyAllowed({ ...base, price })).toBe(false);
    }
  });

  it('needs an available or preorder offer', () => {
    expect(isBuyAllowed({ ...base, offer: { available: false } })).toBe(false);
    expect(isBuyAllowed({ ...base, offer: { available: false, order_type: 'false' } })).toBe(false);
    expect(isBuyAllowed({ ...base, offer: { available: false, preorder: true } })).toBe(true);
    expect(isBuyAllowed({ ...base, offer: { available: false, order_type: 'preorder' } })).toBe(true);
  });

  it('needs credit to be possible once ready and receiving data is loaded', () => {
    expect(isBuyAllowed({ ...base, creditPossible: false })).toBe(false);
    expect(isBuyAllowed({ ...base, ready: true, creditPossible: false })).toBe(false);
  });

  it('does not block on credit before receiving data is loaded or the page is ready', () => {
    expect(isBuyAllowed({ ...base, receivingLoaded: false, creditPossible: false })).toBe(true);
    expect(isBuyAllowed({ ...base, ready: false, creditPossible: false })).toBe(true);
  });

  it('still needs price and offer while loading', () => {
    expect(isBuyAllowed({ ...base, receivingLoaded: false, price: 1 })).toBe(false);
    expect(isBuyAllowed({ ...base, receivingLoaded: false, offer: { available: false } })).toBe(false);
  });
});

describe('showsAvailabilityTab', () => {
  it('shows for an available, non-preorder, non-digital product', () => {
    expect(showsAvailabilityTab({ available: true, preorder: false, categoryId: 224 })).toBe(true);
    expect(showsAvailabilityTab({ available: true, preorder: false, categoryId: null })).toBe(true);
  });

  it('hides for an unavailable product or a preorder', () => {
    expect(showsAvailabilityTab({ available: false, preorder: false, categoryId: 224 })).toBe(false);
    expect(showsAvailabilityTab({ available: true, preorder: true, categoryId: 224 })).toBe(false);
  });

  it('hides for every digital category', () => {
    for (const categoryId of [1, 13, 19, 29, 46]) {
      expect(showsAvailabilityTab({ available: true, preorder: false, categoryId })).toBe(false);
    }
    for (const categoryId of [2, 12, 14, 26, 60]) {
      expect(showsAvailabilityTab({ available: true, preorder: false, categoryId })).toBe(true);
    }
  });
});

describe('condition grades', () => {
  it('labels perfect, best and good', () => {
    expect(conditionLabel('perfect')).toBe('как новый');
    expect(conditionLabel('best')).toBe('отличное');
    expect(conditionLabel('good')).toBe('хорошее');
    expect(conditionScore('perfect')).toBe('5+');
    expect(conditionScore('best')).toBe('5');
    expect(conditionScore('good')).toBe('4');
  });

  it('ignores case and spaces', () => {
    expect(conditionLabel(' Perfect ')).toBe('как новый');
  });

  it('gives null for unknown or missing grades', () => {
    for (const grade of ['', 'bad', 'excellent', null, undefined, 'toString', '__proto__']) {
      expect(conditionLabel(grade)).toBeNull();
      expect(conditionScore(grade)).toBeNull();
    }
  });

  it('has exactly three grades', () => {
    expect(Object.keys(CONDITION_GRADES)).toEqual(['perfect', 'best', 'good']);
  });
});

describe('usedOrDemoWarrantyDays', () => {
  it('is 90 for used or demo goods', () => {
    expect(usedOrDemoWarrantyDays({ is_used: true })).toBe(90);
    expect(usedOrDemoWarrantyDays({ is_demo: true })).toBe(90);
    expect(usedOrDemoWarrantyDays({ is_used: true, is_demo: true })).toBe(90);
  });

  it('is null for new goods, missing flags and markdown-only goods', () => {
    expect(usedOrDemoWarrantyDays({})).toBeNull();
    expect(usedOrDemoWarrantyDays({ is_used: false, is_demo: null })).toBeNull();
    expect(usedOrDemoWarrantyDays({ is_used: false, is_demo: false, is_markdown: true })).toBeNull();
  });
});

describe('productTabs', () => {
  it('lists all three tabs with their paths when availability shows', () => {
    expect(productTabs({ available: true, preorder: false, categoryId: 224 })).toEqual([
      { tab: 'reviews', label: 'Отзывы', path: '' },
      { tab: 'faq', label: 'Вопрос-ответ', path: 'faq' },
      { tab: 'availability', label: 'Наличие и доставка', path: 'availability' },
    ]);
  });

  it('drops only «Наличие и доставка» when it is hidden', () => {
    for (const input of [
      { available: false, preorder: false, categoryId: 224 },
      { available: true, preorder: true, categoryId: 224 },
      { available: true, preorder: false, categoryId: 13 },
    ]) {
      expect(productTabs(input).map((tab) => tab.path)).toEqual(['', 'faq']);
    }
  });

  it('returns fresh objects', () => {
    const tabs = productTabs({ available: true, preorder: false, categoryId: 224 });
    tabs[0]!.label = 'x';
    expect(PRODUCT_TAB_LINKS[0]!.label).toBe('Отзывы');
  });
});
