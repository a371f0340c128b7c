import { parseTradeInPriceCsv, formatTradeInPriceCsv, TRADE_IN_GROUPS } from '@store/domain';
import { describe, expect, it } from 'vitest';
import { buildTradeInPriceList } from './trade-in.ts';

describe('demo trade-in price list', () => {
  const rows = buildTradeInPriceList(42);
  it('looks like a real programme: 5 groups, 15+ brands, 300+ models with years and memories', () => {
    expect(new Set(rows.map((r) => r.group))).toEqual(new Set(TRADE_IN_GROUPS.map((g) => g.code)));
    expect(new Set(rows.map((r) => r.brand)).size).toBeGreaterThanOrEqual(15);
    const models = new Set(rows.map((r) => `${r.brand}/${r.model}`));
    expect(models.size).toBeGreaterThanOrEqual(300);
    expect(rows.some((r) => r.memoryGb === 0 && r.group === 'watches')).toBe(true);
    expect(rows.filter((r) => r.group === 'smartphones').every((r) => r.memoryGb > 0)).toBe(true);
    expect(rows.some((r) => r.popular)).toBe(true);
    for (const r of rows) {
      expect(r.year).toBeGreaterThanOrEqual(2015);
      expect(r.year).toBeLessThanOrEqual(2025);
      expect(r.perfect).toBeGreaterThan(r.working);
      expect(r.working).toBeGreaterThan(r.brokenScreen);
      expect(r.brokenScreen % 100).toBe(0);
    }
  });
  it('is deterministic and passes the operator CSV check as it is', () => {
    expect(buildTradeInPriceList(42)).toEqual(rows);
    expect(buildTradeInPriceList(7)).not.toEqual(rows);
    const parsed = parseTradeInPriceCsv(formatTradeInPriceCsv(rows));
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map(({ line: _, ...r }) => r)).toEqual(rows);
  });
  it('prices a newer, larger phone above an older, smaller one', () => {
    const price = (model: string, memory: number) =>
      rows.find((r) => r.brand === 'Apple' && r.model === model && r.memoryGb === memory)!.perfect;
    expect(price('iPhone 15 Pro', 256)).toBeGreaterThan(price('iPhone 11', 128));
    expect(price('iPhone 13', 256)).toBeGreaterThan(price('iPhone 13', 128));
  });
});
