// JSON text kept with unchanging objects and spliced into an answer (decision 0086): the text is
// JSON.stringify's, byte for byte, wherever the array stands and whatever its items hold.
import { describe, expect, it } from 'vitest';
import { jsonOfUnchanging, jsonWithKeptItems, stringifyAnswer, withJsonText } from './json-text.ts';

const card = (id: number) => ({
  id,
  name: `Смартфон «${id}» 6,1" \\ "кавычки" \u0000 \u2028 😀`,
  price: id * 100.5,
  purchase: id % 2 ? null : { can_buy: true, stores: [1, 2] },
  missing: undefined,
});

describe('jsonWithKeptItems', () => {
  it('writes what JSON.stringify writes, the array first, in the middle, last, empty or holding non-objects', () => {
    const products = [card(1), card(2), card(3)];
    const answers = [
      { products, count: 3, filters: [{ code: 'brand', values: [] }], query: null },
      { count: 3, products, page: 1 },
      { count: 0, query: 'products', products },
      { products: [] as unknown[] },
      { products: [card(4), null, 5, 'x', undefined] as unknown[], count: 2 },
    ];
    for (const answer of answers) {
      expect(jsonWithKeptItems(answer, 'products')).toBe(JSON.stringify(answer));
      // The second time from the kept texts.
      expect(jsonWithKeptItems(answer, 'products')).toBe(JSON.stringify(answer));
    }
  });

  it('writes an answer whose other fields hold the marker text as written, not spliced', () => {
    const products = [card(7)];
    const tricky = { products, note: '"\\u0000json-text:', query: '\u0000json-text:' };
    expect(jsonWithKeptItems(tricky, 'products')).toBe(JSON.stringify(tricky));
  });

  it('keeps an item text from its first answer: only for objects nobody changes after', () => {
    const item = card(8);
    const first = jsonOfUnchanging(item);
    item.price = 1;
    expect(jsonOfUnchanging(item)).toBe(first);
    expect(jsonOfUnchanging({ ...item })).toBe(JSON.stringify(item));
  });
});

describe('stringifyAnswer', () => {
  it('uses an answer’s own writer, and JSON.stringify for every other value', () => {
    const answer = withJsonText({ products: [card(9)], count: 1 }, (a) => jsonWithKeptItems(a, 'products'));
    expect(stringifyAnswer(answer)).toBe(JSON.stringify(answer));
    expect(stringifyAnswer(withJsonText({ a: 1 }, () => '{"written":true}'))).toBe('{"written":true}');
    for (const value of [{ a: [1, { b: 2 }] }, [1, 2], 'text', 3, null, true])
      expect(stringifyAnswer(value)).toBe(JSON.stringify(value));
  });
});
