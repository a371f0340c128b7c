// What a phone hydrates (issue 12: TBT and dom-size): a product card's elements, a related row's cards in
// the server's HTML, a filter value's elements. Rendered to HTML as the server does.
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Filter, ProductCard as Card } from '@store/api-client';
import { displayCard } from '../lib/display-card.ts';
import { ProductListsProvider } from '../lib/product-lists.tsx';
import { FiltersPanel } from './filters-panel.tsx';
import { ProductRow } from './home-blocks.tsx';
import { ProductCard } from './product-card.tsx';

function card(id: number): Card {
  return {
    id,
    name: `Холодильник ${id}`,
    url: `/catalog/holodilniki/401/${id}`,
    image: `/img/${id}.svg`,
    category: { id: 401, name: 'Холодильники', code: 'holodilniki' },
    brand: { id: 1, name: 'Атлант', code: 'atlant' },
    rating: 4.5,
    reviews_count: 1234,
    offer: {
      price: 5_499_000,
      price_old: 6_199_000,
      available: true,
      order_type: 'false',
      preorder: false,
      max_quantity: 5,
    },
    stickers: [{ code: 'hit', text: 'Хит', color: '#5856d6' }],
    is_markdown: false,
    markdown_grade: null,
    is_used: false,
    is_demo: false,
    city_availability: { stores: 3, quantity: 7 },
    purchase: {
      way: 'in-stock',
      label: 'В наличии в 3 магазинах',
      buyable: true,
      lead_days: 0,
      max_qty: 5,
      supplier_id: null,
    },
    specifications_short: [],
  };
}

function render(element: ReactNode): string {
  const router = createMemoryRouter([
    {
      path: '/',
      element: createElement(ProductListsProvider, { lists: { favorites: [], compare: [] }, children: element }),
    },
  ]);
  return renderToString(createElement(RouterProvider, { router }));
}

const elements = (html: string) => html.match(/<[a-z][^>]*>/g)?.length ?? 0;

/** A closed filters panel of one list filter, «Бренд», with these values. */
function brandFilters(values: Filter['values']): string {
  const filter: Filter = {
    code: 'brand',
    name: 'Бренд',
    type: 'list',
    unit: null,
    parent_code: null,
    values,
    range: null,
  };
  return render(
    createElement(FiltersPanel, {
      filters: [filter],
      selection: {},
      basePath: '/catalog/holodilniki/401',
      search: '',
      count: 10,
      open: false,
      onClose: () => {},
    }),
  );
}

describe('what a page hydrates', () => {
  it('draws a tile card on sale, in stock, with a sticker in at most 31 elements and no inline SVG', () => {
    const html = render(createElement(ProductCard, { product: card(1) }));
    expect(html).toContain('Рейтинг 4,5 из 5');
    expect(html).toContain('В наличии в 3 магазинах');
    expect(html).not.toContain('<svg');
    expect(elements(html)).toBeLessThanOrEqual(31);
  });

  it('draws the first cards of a related row in the HTML and leaves the rest, sent by id, to the browser', () => {
    // The product page's loader sends a related row's first six cards and the rest by id (decision 0065,
    // lib/product-page-queries.test.ts); the row asks for those when its track nears its end (decision 0064).
    const products = Array.from({ length: 6 }, (_, i) => card(i + 1));
    const moreIds = Array.from({ length: 12 }, (_, i) => i + 7);
    const row = render(
      createElement(ProductRow, {
        id: 'pp-similars',
        title: 'Похожие товары',
        products,
        moreIds,
        moreAtTrackEnd: true,
      }),
    );
    expect(row.match(/<article /g)).toHaveLength(6);
    expect(row).not.toContain('/catalog/holodilniki/401/7"');
  });

  it('draws a filter value as its label, checkbox and count, every value in the form', () => {
    const values = Array.from({ length: 20 }, (_, i) => ({
      id: i + 1,
      name: `Бренд ${i + 1}`,
      count: i,
      selected: false,
    }));
    const html = brandFilters(values);
    // Without JavaScript the folded values are in the form too («Показать все» is a <details>).
    expect(html.match(/type="checkbox"/g)).toHaveLength(20);
    expect(html).toContain('Показать все (20)');
    const [start, end] = [html.indexOf('<fieldset'), html.indexOf('</fieldset>')];
    // fieldset, legend, two value lists, details, summary, and three per value.
    expect(elements(html.slice(start, end))).toBe(6 + 20 * 3);
  });

  it('draws a folded value as the same label a shown one is, without React to hydrate it', () => {
    // Seven selected values (one more than is shown), one empty, one with markup in its name.
    const values = [
      ...Array.from({ length: 7 }, (_, i) => ({ id: i + 1, name: `Бренд ${i + 1}`, count: 3, selected: true })),
      { id: 8, name: 'Нет в продаже', count: 0, selected: false },
      { id: 9, name: 'AT&T <"Q\'s">', count: 12, selected: false },
    ];
    const panel = brandFilters;
    const labelOf = (html: string, id: number) =>
      html.match(new RegExp(`<label[^>]*><input[^>]*value="${id}"[^]*?</label>`))?.[0];
    const folded = panel(values);
    const foldedPart = folded.slice(folded.indexOf('<details class="filter-more"'));
    // Shown: the same value alone in its list.
    for (const id of [7, 8, 9]) {
      const shown = panel(values.filter((v) => v.id === id));
      expect(labelOf(foldedPart, id), `value ${id}`).toBe(labelOf(shown, id));
    }
    expect(labelOf(foldedPart, 9)).toContain('AT&amp;T &lt;&quot;Q&#x27;s&quot;&gt;');
  });
});

describe('a card from what it draws (decision 0065)', () => {
  it('draws the same HTML from the display fields as from the API card, in both views', () => {
    const full: Card = {
      ...card(7),
      is_markdown: true,
      markdown_grade: 'good',
      purchase: { ...card(7).purchase, way: 'supplier', label: 'Под заказ' },
      specifications_short: [
        { name: 'Объём', value: '350 л' },
        { name: 'Цвет', value: 'белый' },
      ],
    };
    for (const view of ['tile', 'list'] as const) {
      const shown = displayCard(full, { specifications: true });
      expect(render(createElement(ProductCard, { product: shown, view }))).toBe(
        render(createElement(ProductCard, { product: full, view })),
      );
    }
    const list = render(
      createElement(ProductCard, { product: displayCard(full, { specifications: true }), view: 'list' }),
    );
    expect(list).toContain('350 л');
    expect(list).toContain('Уценка: хорошее');
    // A tile never draws the specifications: a card that is always a tile leaves them out.
    expect(render(createElement(ProductCard, { product: displayCard(full) }))).toBe(
      render(createElement(ProductCard, { product: full })),
    );
  });

  it('leaves out what no card draws', () => {
    const shown = displayCard(card(3));
    expect(Object.keys(shown).sort()).toEqual(
      [
        'id',
        'image',
        'is_demo',
        'is_markdown',
        'is_used',
        'markdown_grade',
        'name',
        'offer',
        'purchase',
        'rating',
        'reviews_count',
        'stickers',
        'url',
      ].sort(),
    );
    expect(shown.offer).toEqual({ price: 5_499_000, price_old: 6_199_000 });
    expect(shown.purchase).toEqual({ way: 'in-stock', label: 'В наличии в 3 магазинах' });
  });
});
