import { describe, expect, it } from 'vitest';
import {
  FILTER_ERRORS,
  FILTER_VALUES_LIMIT,
  clearFilters,
  filterCount,
  isFilterCode,
  isFilterParam,
  isFiltered,
  parseFilterQuery,
  removeFilter,
  selectedFilterTags,
  serializeFilterQuery,
  setFilterRange,
  toggleFilterValue,
  withFilters,
  type FilterInfo,
  type FilterSelection,
} from './filters.ts';

/** Writes no-break spaces as plain ones, so expected labels stay readable. */
const plain = (text: string) => text.replace(/\u00A0/g, ' ');
const parse = (query: string) => parseFilterQuery(new URLSearchParams(query));

describe('parseFilterQuery: lists', () => {
  it('reads repeated filter[code][] values as strings', () => {
    expect(parse('filter[brand][]=1&filter[brand][]=2&filter[color][]=red')).toEqual({
      selection: { brand: { values: ['1', '2'] }, color: { values: ['red'] } },
      errors: {},
    });
  });

  it('accepts indexed, bare and URL-encoded keys', () => {
    expect(parse('filter[brand][0]=1&filter[brand][1]=2').selection).toEqual({ brand: { values: ['1', '2'] } });
    expect(parse('filter[brand]=3').selection).toEqual({ brand: { values: ['3'] } });
    expect(parse('filter%5Bbrand%5D%5B%5D=4&filter%5bbrand%5d%5b%5d=5').selection).toEqual({
      brand: { values: ['4', '5'] },
    });
    // Keys that arrive with their brackets still encoded (e.g. built from raw pairs).
    expect(parseFilterQuery(new URLSearchParams([['filter%5Bbrand%5D%5B%5D', '6']])).selection).toEqual({
      brand: { values: ['6'] },
    });
  });

  it('splits comma-joined values, trims and de-duplicates in first-seen order', () => {
    expect(parse('filter[brand][]=2,1&filter[brand][]= 1 &filter[brand][]=3,,2').selection).toEqual({
      brand: { values: ['2', '1', '3'] },
    });
    expect(parse('filter[brand][]=1%2C2').selection).toEqual({ brand: { values: ['1', '2'] } });
  });

  it('ignores empty values and a filter left with none', () => {
    expect(parse('filter[brand][]=&filter[brand][]=,&filter[nfc][]=1')).toEqual({
      selection: { nfc: { values: ['1'] } },
      errors: {},
    });
  });

  it('leaves other params alone', () => {
    expect(parse('order_by=price&q=iphone&filters=1&filterx[a][]=1')).toEqual({ selection: {}, errors: {} });
  });

  it('accepts exactly 50 values and rejects 51', () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => `filter[brand][]=${i + 1}`).join('&');
    expect(parse(values(FILTER_VALUES_LIMIT)).selection.brand).toEqual({
      values: Array.from({ length: 50 }, (_, i) => String(i + 1)),
    });
    expect(parse(values(51))).toEqual({
      selection: {},
      errors: { 'filter.brand': ['Пожалуйста, выберите не больше 50 значений.'] },
    });
    // Repeats do not count towards the limit.
    expect(parse(`${values(50)}&filter[brand][]=1`).errors).toEqual({});
    expect(parse(`filter[brand][]=${Array.from({ length: 51 }, (_, i) => i).join(',')}`).errors).toEqual({
      'filter.brand': [FILTER_ERRORS.tooManyValues],
    });
  });
});

describe('parseFilterQuery: ranges', () => {
  it('reads from and to as numbers', () => {
    expect(parse('filter[price][from][]=10000&filter[price][to][]=50000')).toEqual({
      selection: { price: { from: 10000, to: 50000 } },
      errors: {},
    });
  });

  it('allows one open side', () => {
    expect(parse('filter[price][from][]=10000').selection).toEqual({ price: { from: 10000, to: null } });
    expect(parse('filter[price][to][]=500&filter[price][from][]=').selection).toEqual({
      price: { from: null, to: 500 },
    });
  });

  it('ignores a range with both sides empty', () => {
    expect(parse('filter[price][from][]=&filter[price][to][]=')).toEqual({ selection: {}, errors: {} });
  });

  it('accepts indexed and bare side keys, encoded or not', () => {
    expect(parse('filter[price][from][0]=1&filter[price][to]=2').selection).toEqual({ price: { from: 1, to: 2 } });
    expect(parse('filter%5Bprice%5D%5Bfrom%5D%5B%5D=3').selection).toEqual({ price: { from: 3, to: null } });
  });

  it('reads decimals with a point or a comma, spaces, negatives', () => {
    expect(parse('filter[diagonal][from][]=6.1&filter[diagonal][to][]=6,7').selection).toEqual({
      diagonal: { from: 6.1, to: 6.7 },
    });
    expect(parse('filter[price][from][]=10 000&filter[price][to][]=+50000').selection).toEqual({
      price: { from: 10000, to: 50000 },
    });
    expect(parse('filter[temp][from][]=-18&filter[temp][to][]=-0').selection).toEqual({ temp: { from: -18, to: 0 } });
    // -0 is read as 0, so it serialises as '0'.
    expect(Object.is((parse('filter[temp][to][]=-0').selection.temp as { to: number }).to, 0)).toBe(true);
  });

  it('rejects anything but plain decimal numbers', () => {
    for (const bad of [
      'abc',
      '1e5',
      '0x10',
      '1.2.3',
      '.5',
      '5.',
      '1,2,3',
      'Infinity',
      'NaN',
      '10₽',
      '--1',
      '1' + '0'.repeat(400),
    ]) {
      expect(parse(`filter[price][from][]=${encodeURIComponent(bad)}`), bad).toEqual({
        selection: {},
        errors: { 'filter.price': ['Допустимы только цифры.'] },
      });
    }
  });

  it('drops the whole range when one side is not a number', () => {
    expect(parse('filter[price][from][]=abc&filter[price][to][]=100&filter[brand][]=1')).toEqual({
      selection: { brand: { values: ['1'] } },
      errors: { 'filter.price': ['Допустимы только цифры.'] },
    });
  });

  it('reports the numeric message once for two bad sides', () => {
    expect(parse('filter[price][from][]=a&filter[price][to][]=b').errors).toEqual({
      'filter.price': ['Допустимы только цифры.'],
    });
  });

  it('rejects from greater than to, but allows equal bounds', () => {
    expect(parse('filter[price][from][]=500&filter[price][to][]=100')).toEqual({
      selection: {},
      errors: { 'filter.price': ['Значение «от» больше значения «до».'] },
    });
    expect(parse('filter[price][from][]=500&filter[price][to][]=500').selection).toEqual({
      price: { from: 500, to: 500 },
    });
    // Compared as numbers, not as text.
    expect(parse('filter[price][from][]=9&filter[price][to][]=10').errors).toEqual({});
  });

  it('takes the first non-blank value of a repeated side', () => {
    expect(parse('filter[price][from][]=&filter[price][from][]=5&filter[price][from][]=7').selection).toEqual({
      price: { from: 5, to: null },
    });
  });
});

describe('parseFilterQuery: unknown filters', () => {
  it('rejects codes outside [a-z0-9_]{1,64}', () => {
    expect(parse('filter[Brand][]=1')).toEqual({ selection: {}, errors: { 'filter.Brand': ['Неизвестный фильтр'] } });
    expect(parse('filter[bra-nd][]=1').errors).toEqual({ 'filter.bra-nd': ['Неизвестный фильтр'] });
    expect(parse('filter[бренд][]=1').errors).toEqual({ 'filter.бренд': ['Неизвестный фильтр'] });
    expect(parse('filter[][]=1').errors).toEqual({ filter: ['Неизвестный фильтр'] });
    expect(parse(`filter[${'a'.repeat(65)}][]=1`).selection).toEqual({});
    expect(parse(`filter[${'a'.repeat(64)}][]=1`).selection).toEqual({ ['a'.repeat(64)]: { values: ['1'] } });
    expect(parse('filter[sim_2][]=1').selection).toEqual({ sim_2: { values: ['1'] } });
  });

  it('rejects keys of other shapes', () => {
    expect(parse('filter[brand][foo]=1').errors).toEqual({ 'filter.brand': ['Неизвестный фильтр'] });
    expect(parse('filter[price][from][to]=1').errors).toEqual({ 'filter.price': ['Неизвестный фильтр'] });
    expect(parse('filter[brand][][]=1').errors).toEqual({ 'filter.brand': ['Неизвестный фильтр'] });
    expect(parse('filter[brand=1').errors).toEqual({ filter: ['Неизвестный фильтр'] });
  });

  it('drops a filter that also has a malformed key', () => {
    expect(parse('filter[brand][]=1&filter[brand][x]=2')).toEqual({
      selection: {},
      errors: { 'filter.brand': ['Неизвестный фильтр'] },
    });
  });

  it('rejects one code given as a list and as a range', () => {
    expect(parse('filter[price][]=1&filter[price][from][]=5')).toEqual({
      selection: {},
      errors: { 'filter.price': ['Фильтр задан и списком, и диапазоном.'] },
    });
  });

  it('keeps codes that are object keys as plain data', () => {
    const { selection } = parse('filter[__proto__][]=1&filter[constructor][from][]=2');
    expect(Object.keys(selection)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(selection)).toBe(Object.prototype);
    expect(selection['__proto__']).toEqual({ values: ['1'] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('serializeFilterQuery', () => {
  it('writes lists and ranges in the API form, codes sorted', () => {
    expect(
      serializeFilterQuery({
        price: { from: 10000, to: 50000 },
        brand: { values: ['10', '2'] },
        diagonal: { from: 6.1, to: null },
      }),
    ).toEqual([
      ['filter[brand][]', '2'],
      ['filter[brand][]', '10'],
      ['filter[diagonal][from][]', '6.1'],
      ['filter[price][from][]', '10000'],
      ['filter[price][to][]', '50000'],
    ]);
  });

  it('sorts numeric values numerically before the others', () => {
    expect(serializeFilterQuery({ c: { values: ['b', '10', 'a', '9', '-1', '2.5'] } }).map(([, v]) => v)).toEqual([
      '-1',
      '2.5',
      '9',
      '10',
      'a',
      'b',
    ]);
  });

  it('is stable whatever order the selection was built in', () => {
    const a = serializeFilterQuery({ brand: { values: ['1', '2'] }, color: { values: ['x'] } });
    const b = serializeFilterQuery({ color: { values: ['x'] }, brand: { values: ['2', '1'] } });
    expect(a).toEqual(b);
  });

  it('leaves out empty lists, open sides, non-finite numbers, blanks, repeats and bad codes', () => {
    expect(
      serializeFilterQuery({
        brand: { values: [] },
        color: { values: ['', ' red ', 'red'] },
        price: { from: null, to: null },
        weight: { from: Number.NaN, to: Number.POSITIVE_INFINITY },
        Bad: { values: ['1'] },
      }),
    ).toEqual([['filter[color][]', 'red']]);
  });

  it('writes numbers without exponents and from > to as given', () => {
    expect(serializeFilterQuery({ price: { from: 1e21, to: 5 } })).toEqual([
      ['filter[price][from][]', '1000000000000000000000'],
      ['filter[price][to][]', '5'],
    ]);
    expect(serializeFilterQuery({ x: { from: -0, to: 0.0000001 } })).toEqual([
      ['filter[x][from][]', '0'],
      ['filter[x][to][]', '0.0000001'],
    ]);
  });

  it('round-trips through a URL', () => {
    const selection: FilterSelection = {
      brand: { values: ['2', '10'] },
      color: { values: ['black', 'white'] },
      diagonal: { from: 6.1, to: 6.7 },
      price: { from: null, to: 50000 },
    };
    const url = new URLSearchParams(serializeFilterQuery(selection)).toString();
    expect(url).toContain('filter%5Bbrand%5D%5B%5D=2');
    expect(parseFilterQuery(new URLSearchParams(url))).toEqual({ selection, errors: {} });
  });
});

describe('withFilters', () => {
  it('replaces every filter param and keeps the rest in order', () => {
    const params = new URLSearchParams(
      'q=iphone&filter[brand][]=1&order_by=-price&filter%5Bcolor%5D%5B%5D=red&filter[price][from][]=5',
    );
    const next = withFilters(params, { brand: { values: ['3'] } });
    expect([...next]).toEqual([
      ['q', 'iphone'],
      ['order_by', '-price'],
      ['filter[brand][]', '3'],
    ]);
  });

  it('removes all filters for an empty selection and does not touch the input', () => {
    const params = new URLSearchParams('filter[brand][]=1&order_by=price');
    expect(withFilters(params, {}).toString()).toBe('order_by=price');
    expect(params.toString()).toBe('filter%5Bbrand%5D%5B%5D=1&order_by=price');
  });

  it('keeps params that only look similar', () => {
    expect(withFilters(new URLSearchParams('filters=1&filter=2'), {}).toString()).toBe('filters=1&filter=2');
    expect(isFilterParam('filter[a][]')).toBe(true);
    expect(isFilterParam('filter%5Ba%5D')).toBe(true);
    expect(isFilterParam('filter')).toBe(false);
  });
});

describe('toggleFilterValue', () => {
  const dependents = { brand: ['series'], series: ['model'] };

  it('adds a value, creating the filter', () => {
    expect(toggleFilterValue({}, 'brand', '1')).toEqual({ brand: { values: ['1'] } });
    expect(toggleFilterValue({ brand: { values: ['1'] } }, 'brand', 2)).toEqual({ brand: { values: ['1', '2'] } });
  });

  it('removes a selected value, and the filter when it becomes empty', () => {
    expect(toggleFilterValue({ brand: { values: ['1', '2'] } }, 'brand', '1')).toEqual({ brand: { values: ['2'] } });
    expect(toggleFilterValue({ brand: { values: ['1'] }, color: { values: ['x'] } }, 'brand', ' 1 ')).toEqual({
      color: { values: ['x'] },
    });
  });

  it('clears dependent sub-filters when the parent becomes empty', () => {
    const selection = { brand: { values: ['1'] }, series: { values: ['7'] }, color: { values: ['x'] } };
    expect(toggleFilterValue(selection, 'brand', '1', dependents)).toEqual({ color: { values: ['x'] } });
  });

  it('clears dependents on any removal, transitively', () => {
    const selection = { brand: { values: ['1', '2'] }, series: { values: ['7'] }, model: { values: ['9'] } };
    expect(toggleFilterValue(selection, 'brand', '2', dependents)).toEqual({ brand: { values: ['1'] } });
  });

  it('keeps dependents when a value is added', () => {
    const selection = { brand: { values: ['1'] }, series: { values: ['7'] } };
    expect(toggleFilterValue(selection, 'brand', '2', dependents)).toEqual({
      brand: { values: ['1', '2'] },
      series: { values: ['7'] },
    });
  });

  it('does not clear the parent when a dependent value is removed', () => {
    const selection = { brand: { values: ['1'] }, series: { values: ['7'] } };
    expect(toggleFilterValue(selection, 'series', '7', dependents)).toEqual({ brand: { values: ['1'] } });
  });

  it('survives cyclic and self dependents', () => {
    const cyclic = { a: ['b'], b: ['a', 'c'], c: ['c'] };
    const selection = { a: { values: ['1', '2'] }, b: { values: ['1'] }, c: { values: ['1'] } };
    expect(toggleFilterValue(selection, 'a', '1', cyclic)).toEqual({ a: { values: ['2'] } });
  });

  it('keeps the order of the other filters', () => {
    const selection = { a: { values: ['1', '2'] }, b: { values: ['1'] } };
    expect(Object.keys(toggleFilterValue(selection, 'a', '1'))).toEqual(['a', 'b']);
  });

  it('replaces a range under the same code', () => {
    expect(toggleFilterValue({ x: { from: 1, to: 2 } }, 'x', '5')).toEqual({ x: { values: ['5'] } });
  });

  it('refuses a 51st value and a blank id, returning the same object', () => {
    const full = { brand: { values: Array.from({ length: 50 }, (_, i) => String(i)) } };
    expect(toggleFilterValue(full, 'brand', 'new')).toBe(full);
    expect(toggleFilterValue(full, 'brand', '0').brand).toEqual({ values: full.brand.values.slice(1) });
    expect(toggleFilterValue(full, 'brand', '  ')).toBe(full);
  });

  it('does not mutate its input', () => {
    const selection = Object.freeze({ brand: Object.freeze({ values: Object.freeze(['1']) as string[] }) });
    toggleFilterValue(selection, 'brand', '2');
    toggleFilterValue(selection, 'brand', '1');
    expect(selection).toEqual({ brand: { values: ['1'] } });
  });

  it('handles codes that are object keys', () => {
    expect(toggleFilterValue({}, 'constructor', '1', { constructor: ['x'] })).toEqual({
      constructor: { values: ['1'] },
    });
    const proto = toggleFilterValue({}, '__proto__', '1');
    expect(Object.keys(proto)).toEqual(['__proto__']);
    expect(toggleFilterValue(proto, '__proto__', '1')).toEqual({});
    // An inherited dependents key must not be read as a list.
    expect(toggleFilterValue({ toString: { values: ['1'] } }, 'toString', '1', {})).toEqual({});
  });
});

describe('setFilterRange', () => {
  it('sets, replaces and opens sides', () => {
    expect(setFilterRange({}, 'price', 100, 500)).toEqual({ price: { from: 100, to: 500 } });
    expect(setFilterRange({ price: { from: 100, to: 500 } }, 'price', null, 500)).toEqual({
      price: { from: null, to: 500 },
    });
  });

  it('removes the filter when both sides are open', () => {
    expect(setFilterRange({ price: { from: 1, to: 2 }, brand: { values: ['1'] } }, 'price', null, null)).toEqual({
      brand: { values: ['1'] },
    });
  });

  it('treats non-finite bounds as open', () => {
    expect(setFilterRange({}, 'price', Number.NaN, 5)).toEqual({ price: { from: null, to: 5 } });
    expect(setFilterRange({ price: { from: 1, to: 2 } }, 'price', Number.NaN, Number.POSITIVE_INFINITY)).toEqual({});
  });

  it('keeps from > to as given and 0 as a real bound', () => {
    expect(setFilterRange({}, 'price', 500, 100)).toEqual({ price: { from: 500, to: 100 } });
    expect(setFilterRange({}, 'price', 0, null)).toEqual({ price: { from: 0, to: null } });
  });
});

describe('removeFilter and clearFilters', () => {
  it('removes a filter with its dependents', () => {
    const selection = { brand: { values: ['1'] }, series: { values: ['7'] }, color: { values: ['x'] } };
    expect(removeFilter(selection, 'brand', { brand: ['series'] })).toEqual({ color: { values: ['x'] } });
    expect(removeFilter(selection, 'brand')).toEqual({ series: { values: ['7'] }, color: { values: ['x'] } });
    expect(removeFilter(selection, 'missing')).toEqual(selection);
  });

  it('clears everything', () => {
    expect(clearFilters()).toEqual({});
    expect(clearFilters()).not.toBe(clearFilters());
  });
});

describe('filterCount and isFiltered', () => {
  it('counts list values and active ranges', () => {
    const selection = { brand: { values: ['1', '2'] }, price: { from: 1, to: null }, nfc: { values: ['1'] } };
    expect(filterCount(selection)).toBe(4);
    expect(isFiltered(selection)).toBe(true);
  });

  it('ignores empty lists, open ranges, blanks and repeats', () => {
    const selection = {
      brand: { values: [] },
      price: { from: null, to: null },
      weight: { from: Number.NaN, to: null },
      color: { values: ['', 'x', 'x'] },
    };
    expect(filterCount(selection)).toBe(1);
    expect(filterCount({ brand: { values: [] }, price: { from: null, to: null } })).toBe(0);
    expect(isFiltered({ brand: { values: [] } })).toBe(false);
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ price: { from: 0, to: null } })).toBe(true);
  });
});

describe('isFilterCode', () => {
  it('accepts lowercase latin, digits and underscore, 1 to 64 long', () => {
    expect(isFilterCode('brand')).toBe(true);
    expect(isFilterCode('sim_count_2')).toBe(true);
    expect(isFilterCode('')).toBe(false);
    expect(isFilterCode('Brand')).toBe(false);
    expect(isFilterCode('a b')).toBe(false);
    expect(isFilterCode('brand\n')).toBe(false);
  });
});

describe('selectedFilterTags', () => {
  const filters: FilterInfo[] = [
    {
      code: 'brand',
      name: 'Бренд',
      type: 'list',
      unit: null,
      values: [
        { id: 1, name: 'Samsung' },
        { id: 2, name: 'Apple' },
      ],
    },
    {
      code: 'nfc',
      name: 'NFC',
      type: 'list',
      unit: null,
      values: [
        { id: 'y', name: 'Да' },
        { id: 'n', name: 'нет' },
      ],
    },
    { code: 'sim', name: 'Количество SIM-карт', type: 'list', unit: null, values: [{ id: 5, name: '2' }] },
    {
      code: 'memory',
      name: 'Встроенная память',
      type: 'list',
      unit: 'ГБ',
      values: [
        { id: 10, name: '256' },
        { id: 11, name: '512 ГБ' },
        { id: 12, name: '1 ТБ' },
      ],
    },
    { code: 'price', name: 'Цена', type: 'range', unit: '₽', values: [] },
    { code: 'diagonal', name: 'Диагональ экрана', type: 'range', unit: '"', values: [] },
    { code: 'weight', name: 'Вес', type: 'range', unit: 'кг', values: [] },
  ];
  const tags = (selection: FilterSelection) =>
    selectedFilterTags(filters, selection).map((tag) => ({ ...tag, label: plain(tag.label) }));

  it('shows plain list values by their name only', () => {
    expect(tags({ brand: { values: ['2', '1'] } })).toEqual([
      { code: 'brand', valueId: '1', label: 'Samsung' },
      { code: 'brand', valueId: '2', label: 'Apple' },
    ]);
  });

  it('shows yes/no values with the filter name, capitalised', () => {
    expect(tags({ nfc: { values: ['y', 'n'] } })).toEqual([
      { code: 'nfc', valueId: 'y', label: 'NFC: Да' },
      { code: 'nfc', valueId: 'n', label: 'NFC: Нет' },
    ]);
  });

  it('shows numeric values with the filter name and unit', () => {
    expect(tags({ sim: { values: ['5'] }, memory: { values: ['10', '11', '12'] } })).toEqual([
      { code: 'sim', valueId: '5', label: 'Количество SIM-карт: 2' },
      { code: 'memory', valueId: '10', label: 'Встроенная память: 256 ГБ' },
      { code: 'memory', valueId: '11', label: 'Встроенная память: 512 ГБ' },
      // '1 ТБ' is not a number in the filter's unit: shown as is.
      { code: 'memory', valueId: '12', label: '1 ТБ' },
    ]);
  });

  it('uses a no-break space before a unit and a decimal comma', () => {
    const [tag] = selectedFilterTags(
      [{ code: 'd', name: 'Диагональ', type: 'list', unit: 'дюйм', values: [{ id: 1, name: '6.1' }] }],
      { d: { values: ['1'] } },
    );
    expect(tag?.label).toBe('Диагональ: 6,1\u00A0дюйм');
  });

  it('treats "Да" only as a whole name', () => {
    const [tag] = selectedFilterTags(
      [{ code: 'f', name: 'Функции', type: 'list', unit: null, values: [{ id: 1, name: 'Да, с NFC' }] }],
      { f: { values: ['1'] } },
    );
    expect(tag?.label).toBe('Да, с NFC');
  });

  it('shows a price range in rubles with grouped thousands', () => {
    expect(tags({ price: { from: 10000, to: 50000 } })).toEqual([
      { code: 'price', valueId: null, label: 'Цена: 10 000 – 50 000 ₽' },
    ]);
    expect(tags({ price: { from: 10000, to: null } })[0]?.label).toBe('Цена: от 10 000 ₽');
    expect(tags({ price: { from: null, to: 50000 } })[0]?.label).toBe('Цена: до 50 000 ₽');
    expect(tags({ price: { from: 999, to: 1000 } })[0]?.label).toBe('Цена: 999 – 1 000 ₽');
    expect(tags({ price: { from: 0, to: 99.5 } })[0]?.label).toBe('Цена: 0 – 99,50 ₽');
    expect(tags({ price: { from: 5000, to: 5000 } })[0]?.label).toBe('Цена: 5 000 ₽');
  });

  it('keeps the number and sign of a price together', () => {
    const [tag] = selectedFilterTags(filters, { price: { from: 10000, to: 50000 } });
    expect(tag?.label).toBe('Цена: 10\u00A0000\u00A0– 50\u00A0000\u00A0₽');
  });

  it('shows other ranges with a decimal comma and the unit', () => {
    expect(tags({ diagonal: { from: 6.1, to: 6.7 } })[0]?.label).toBe('Диагональ экрана: 6,1 – 6,7"');
    expect(tags({ diagonal: { from: 6.1, to: null } })[0]?.label).toBe('Диагональ экрана: от 6,1"');
    expect(tags({ weight: { from: null, to: 2.5 } })[0]?.label).toBe('Вес: до 2,5 кг');
    expect(tags({ weight: { from: 12000, to: 2023 } })[0]?.label).toBe('Вес: 12 000 – 2023 кг');
    expect(tags({ weight: { from: -1.5, to: 0 } })[0]?.label).toBe('Вес: -1,5 – 0 кг');
  });

  it('follows the order of the filters, not of the selection', () => {
    const labels = tags({ price: { from: 1, to: null }, brand: { values: ['1'] } }).map((tag) => tag.code);
    expect(labels).toEqual(['brand', 'price']);
  });

  it('skips unknown values and codes, open ranges and kind mismatches', () => {
    expect(
      tags({
        brand: { values: ['999'] },
        unknown: { values: ['1'] },
        price: { from: null, to: null },
        diagonal: { values: ['1'] },
        nfc: { from: 1, to: 2 },
        weight: { from: Number.NaN, to: null },
      }),
    ).toEqual([]);
    expect(selectedFilterTags(filters, {})).toEqual([]);
    expect(selectedFilterTags([], { brand: { values: ['1'] } })).toEqual([]);
  });

  it('gives one tag per value even if the filter lists an id twice', () => {
    const doubled: FilterInfo = {
      code: 'b',
      name: 'B',
      type: 'list',
      unit: null,
      values: [
        { id: 1, name: 'X' },
        { id: '1', name: 'X' },
      ],
    };
    expect(selectedFilterTags([doubled, doubled], { b: { values: ['1', '1'] } })).toHaveLength(1);
  });

  it('matches number ids against string selections', () => {
    expect(tags({ brand: { values: [' 1'] } })).toEqual([{ code: 'brand', valueId: '1', label: 'Samsung' }]);
  });

  it('does not read inherited keys as selections', () => {
    const proto: FilterInfo = {
      code: 'constructor',
      name: 'C',
      type: 'list',
      unit: null,
      values: [{ id: 1, name: 'X' }],
    };
    expect(selectedFilterTags([proto], {})).toEqual([]);
  });
});
