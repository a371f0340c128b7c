import { describe, expect, it } from 'vitest';
import {
  addArticleView,
  adventDayState,
  capOfferPreviews,
  formatMoscowDay,
  formatRuDate,
  formatRuPeriod,
  isAdventPreviewDate,
  isAdventSeason,
  isRunning,
  mechanicsProgress,
  moscowDate,
  offerPageSize,
  pageCountOf,
  pageOffset,
  parseArticleViews,
  reviewFiltersOf,
  reviewListPath,
  viewportOf,
} from './content.ts';
import { matchPage } from './pages.ts';

describe('special offers paging (SPEC §9)', () => {
  it('pages 3 on a phone, 6 on a tablet and desktop, 12 when the viewport is unknown', () => {
    expect(offerPageSize(viewportOf(375))).toBe(3);
    expect(offerPageSize(viewportOf(800))).toBe(6);
    expect(offerPageSize(viewportOf(1280))).toBe(6);
    expect(offerPageSize(null)).toBe(12);
  });
  it('counts pages and offsets', () => {
    expect(pageCountOf(0, 12)).toBe(1);
    expect(pageCountOf(26, 12)).toBe(3);
    expect(pageCountOf(24, 12)).toBe(2);
    expect(pageOffset(3, 6)).toBe(12);
    expect(pageOffset(0, 6)).toBe(0);
  });
  it('caps the previews at 3 and never shows the offer itself', () => {
    const list = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    expect(capOfferPreviews(list, 2).map((p) => p.id)).toEqual([1, 3, 4]);
    expect(capOfferPreviews(list, 9).map((p) => p.id)).toEqual([1, 2, 3]);
    expect(capOfferPreviews([{ id: 5 }], 5)).toEqual([]);
  });
  it('hides an offer before its start and after its end', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    expect(isRunning({ active_from: '2026-11-01T00:00:00Z', active_to: null }, now)).toBe(true);
    expect(isRunning({ active_from: '2026-11-27T00:00:00Z', active_to: null }, now)).toBe(false);
    expect(isRunning({ active_from: '2026-10-01T00:00:00Z', active_to: '2026-11-26T09:59:59Z' }, now)).toBe(false);
  });
});

describe('advent calendar dates', () => {
  it('takes the Moscow date, not the UTC one', () => {
    expect(moscowDate(new Date('2026-12-14T21:30:00Z'))).toBe('2026-12-15');
    expect(moscowDate(new Date('2026-12-14T20:59:59Z'))).toBe('2026-12-14');
  });
  it('opens a day on its date, shows past days and locks future ones', () => {
    expect(adventDayState('2026-12-15', '2026-12-15')).toBe('open');
    expect(adventDayState('2026-12-11', '2026-12-15')).toBe('past');
    expect(adventDayState('2026-12-16', '2026-12-15')).toBe('locked');
  });
  it('dates previews from 11 to 31 December only', () => {
    expect(isAdventPreviewDate('2026-12-11')).toBe(true);
    expect(isAdventPreviewDate('2026-12-31')).toBe(true);
    expect(isAdventPreviewDate('2026-12-10')).toBe(false);
    expect(isAdventPreviewDate('2026-11-20')).toBe(false);
    expect(isAdventSeason('2026-12-01')).toBe(true);
    expect(isAdventSeason('2027-01-01')).toBe(false);
  });
});

describe('review list paths (SPEC §2)', () => {
  const parse = (path: string) => {
    const match = matchPage(path);
    return match?.kind === 'reviews-list' ? reviewFiltersOf(match.filters) : undefined;
  };
  it('reads every segment form', () => {
    expect(parse('/reviews/list')).toEqual({ category: null, brand: null, badge: null, tag: null });
    expect(parse('/reviews/list/category-smartfony')?.category).toBe('smartfony');
    expect(parse('/reviews/list/brand-samsung')?.brand).toBe('samsung');
    expect(parse('/reviews/list/badge-text')?.badge).toBe('text');
    expect(parse('/reviews/list/tema-obzor')?.tag).toEqual({ type: 'tema', code: 'obzor' });
    expect(parse('/reviews/list/category-smartfony/brand-samsung/badge-text')).toEqual({
      category: 'smartfony',
      brand: 'samsung',
      badge: 'text',
      tag: null,
    });
    expect(parse('/reviews/list/brand-samsung/category-smartfony')?.category).toBe('smartfony');
  });
  it('refuses a repeated type and more than three segments', () => {
    expect(parse('/reviews/list/brand-a/brand-b')).toBeUndefined();
    expect(parse('/reviews/list/category-a/brand-b/badge-text/tema-obzor')).toBeUndefined();
    expect(
      reviewFiltersOf([
        { type: 'tema', code: 'a' },
        { type: 'povod', code: 'b' },
      ]),
    ).toBeNull();
  });
  it('writes the canonical path in a fixed order', () => {
    expect(reviewListPath({ category: 'smartfony', brand: 'samsung', badge: 'text', tag: null })).toBe(
      '/reviews/list/category-smartfony/brand-samsung/badge-text',
    );
    expect(reviewListPath({ category: null, brand: null, badge: null, tag: { type: 'tema', code: 'obzor' } })).toBe(
      '/reviews/list/tema-obzor',
    );
  });
});

describe('mechanics progress', () => {
  const none = { mainQty: 0, mainSum: 0, accessoriesSum: 0, hasWarranty: false };
  it('asks for one more product and for the accessories left to the threshold', () => {
    const steps = mechanicsProgress(
      {
        type: 'accessories',
        conditions: [{ type: 'main_product' }, { type: 'accessories_sum', value: 300_000 }],
        params: { price_from: 300_000 },
      },
      { ...none, accessoriesSum: 120_000 },
    );
    expect(steps.map((s) => s.hint)).toEqual([
      'Добавьте в корзину 1 товар из акции',
      'Добавьте аксессуары ещё на 1\u00a0800\u00a0₽',
    ]);
    expect(steps[1]!.ratio).toBeCloseTo(0.4);
  });
  it('counts the units a quantity condition still needs', () => {
    const [step] = mechanicsProgress(
      { type: 'discount', conditions: [{ type: 'main_qty', value: 3 }], params: {} },
      {
        ...none,
        mainQty: 2,
      },
    );
    expect(step!.hint).toBe('Добавьте ещё 1 товар');
    const [two] = mechanicsProgress(
      { type: 'discount', conditions: [{ type: 'main_qty', value: 3 }], params: {} },
      {
        ...none,
        mainQty: 1,
      },
    );
    expect(two!.hint).toBe('Добавьте ещё 2 товара');
  });
  it('marks done conditions and the purchase threshold', () => {
    const steps = mechanicsProgress(
      {
        type: 'promocode',
        conditions: [{ type: 'main_product' }, { type: 'warranty' }],
        params: { price_from: 3_000_000 },
      },
      { mainQty: 1, mainSum: 3_500_000, accessoriesSum: 0, hasWarranty: true },
    );
    expect(steps.every((s) => s.done && s.hint === null)).toBe(true);
    expect(steps).toHaveLength(3);
  });
});

describe('dates in Russian and the views cookie', () => {
  it('formats dates and periods', () => {
    expect(formatRuDate('2026-11-26T10:00:00Z')).toBe('26 ноября 2026');
    expect(formatRuDate('not a date')).toBe('');
    expect(formatRuPeriod('2026-11-01T00:00:00Z', '2026-12-31T12:00:00Z')).toBe('с 1 ноября 2026 по 31 декабря 2026');
  });
  it('keeps each viewed id once', () => {
    expect(parseArticleViews('1,5,x,-3,9')).toEqual([1, 5, 9]);
    expect(addArticleView([1, 5], 5)).toEqual([1, 5]);
    expect(addArticleView([1, 5], 7)).toEqual([1, 5, 7]);
  });
});

// Dates since Moscow's last clock change are read without Intl (decision 0063); Intl is the reference.
describe('Moscow days without Intl', () => {
  const withYear = new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Moscow',
  });
  const noYear = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'Europe/Moscow' });
  const isoDay = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'Europe/Moscow',
  });
  // Every 7 hours 13 minutes from 2013 (UTC+4, before the change) to 2031: every hour of the day and both sides of it.
  const times: number[] = [];
  for (let t = Date.UTC(2013, 0, 1); t < Date.UTC(2031, 0, 1); t += (7 * 60 + 13) * 60_000) times.push(t);
  times.push(
    Date.UTC(2014, 9, 25, 21, 59),
    Date.UTC(2014, 9, 25, 22),
    Date.UTC(2026, 10, 26, 20, 59),
    Date.UTC(2026, 10, 26, 21),
  );

  it('prints the day, month and year Intl prints for Moscow, with and without the year', () => {
    for (const t of times) {
      expect(formatMoscowDay(t), new Date(t).toISOString()).toBe(withYear.format(t).replace(/\s*г\.$/, ''));
      expect(formatMoscowDay(t, false), new Date(t).toISOString()).toBe(noYear.format(t));
      expect(moscowDate(new Date(t)), new Date(t).toISOString()).toBe(isoDay.format(t));
    }
  });

  it('reads an ISO moment as Moscow sees it', () => {
    expect(formatRuDate('2026-11-26T21:30:00Z')).toBe('27 ноября 2026');
    expect(formatRuDate('2026-11-26T20:30:00Z')).toBe('26 ноября 2026');
    expect(formatRuDate('not a date')).toBe('');
  });
});
