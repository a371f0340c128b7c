import { describe, expect, it } from 'vitest';
import { standardVatRate, vatRateAt } from './vat.ts';

describe('VAT rate by date', () => {
  it('is 20 % up to the last moment of 2025 in Moscow and 22 % from 1 January 2026 (425-ФЗ)', () => {
    expect(standardVatRate(new Date('2025-12-31T20:59:59Z'))).toBe(20);
    expect(standardVatRate(new Date('2025-12-31T21:00:00Z'))).toBe(22);
    expect(standardVatRate(new Date('2026-11-25T12:00:00Z'))).toBe(22);
    expect(standardVatRate(new Date('2024-05-01T12:00:00Z'))).toBe(20);
  });

  it('keeps the reduced 10 % and 0 % of the product, the standard rate for everything else', () => {
    const after = new Date('2026-02-01T12:00:00Z');
    const before = new Date('2025-02-01T12:00:00Z');
    expect(vatRateAt(10, after)).toBe(10);
    expect(vatRateAt(0, after)).toBe(0);
    expect(vatRateAt(20, after)).toBe(22);
    expect(vatRateAt(20, before)).toBe(20);
    expect(vatRateAt(null, after)).toBe(22);
  });
});
