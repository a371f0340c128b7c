import { describe, expect, it } from 'vitest';
import { formatTradeInPriceCsv, parseTradeInPriceCsv } from './trade-in-price-list.ts';

const HEADER = 'group;brand;model;year;memory_gb;perfect;working;broken_screen;popular';

describe('trade-in price list CSV', () => {
  it('reads roubles into kopecks, memory 0 for models without sizes', () => {
    const { rows, errors } = parseTradeInPriceCsv(
      `${HEADER}\nsmartphones;Apple;iPhone 12;2020;128;21 500;15000,50;6000;1\nconsoles;Sony;PlayStation 5;2020;0;30000;24000;9000;0\n`,
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        group: 'smartphones',
        brand: 'Apple',
        model: 'iPhone 12',
        year: 2020,
        memoryGb: 128,
        perfect: 2_150_000,
        working: 1_500_050,
        brokenScreen: 600_000,
        popular: true,
      },
      {
        line: 3,
        group: 'consoles',
        brand: 'Sony',
        model: 'PlayStation 5',
        year: 2020,
        memoryGb: 0,
        perfect: 3_000_000,
        working: 2_400_000,
        brokenScreen: 900_000,
        popular: false,
      },
    ]);
  });
  it('names the line of every error', () => {
    const { errors } = parseTradeInPriceCsv(
      [
        HEADER,
        'phones;Apple;iPhone 12;2020;128;1;1;1;1',
        'smartphones;;iPhone 12;2020;128;1;1;1;1',
        'smartphones;Apple;iPhone 13;1999;128;1;1;1;1',
        'smartphones;Apple;iPhone 14;2022;много;1;1;1;1',
        'smartphones;Apple;iPhone 15;2023;128;abc;1;1;1',
        'smartphones;Apple;iPhone 15;2023;256;100;200;50;1',
        'smartphones;Apple;iPhone 15;2023;512;300;200',
        'smartphones;Apple;iPhone 16;2024;128;300;200;100;1',
        'smartphones;apple;IPHONE 16;2024;128;300;200;100;1',
      ].join('\n'),
    );
    expect(errors.map((e) => e.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 10]);
    expect(errors[0]!.message).toMatch(/неизвестная группа «phones»/);
    expect(errors[6]!.message).toMatch(/ожидалось столбцов/);
    expect(errors[7]!.message).toMatch(/повтор строки 9/);
  });
  it('refuses a header without the needed columns and an empty file', () => {
    expect(parseTradeInPriceCsv('group;brand\n').errors).toEqual([
      { line: 1, message: expect.stringMatching(/model/) },
    ]);
    expect(parseTradeInPriceCsv(`${HEADER}\n`).errors).toEqual([
      { line: 1, message: 'В файле нет ни одной строки с ценами' },
    ]);
  });
  it('refuses memory 0 beside memory sizes of the same model', () => {
    const { errors } = parseTradeInPriceCsv(
      `${HEADER}\nwatches;Apple;Watch 8;2022;0;100;50;10;0\nwatches;Apple;Watch 8;2022;32;100;50;10;0`,
    );
    expect(errors).toEqual([{ line: 2, message: expect.stringMatching(/память 0/) }]);
  });
  it('writes what it reads', () => {
    const text = `${HEADER}\nlaptops;Lenovo;"IdeaPad; 5";2021;512;30000.50;20000;5000;0\n`;
    const { rows } = parseTradeInPriceCsv(text);
    expect(formatTradeInPriceCsv(rows)).toBe(text);
  });
});
