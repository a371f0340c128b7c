import { describe, expect, it } from 'vitest';
import {
  GIFT_CERTIFICATE_ALPHABET,
  GIFT_CERTIFICATE_MESSAGES,
  applyGiftCertificates,
  formatGiftCertificateCode,
  giftCertificateBalance,
  giftCertificateCodeFrom,
  giftCertificateProblem,
  isGiftCertificateNominal,
  isGiftCertificateOnlyBasket,
  maskGiftCertificateCode,
  normalizeGiftCertificateCode,
} from './gift-certificates.ts';

describe('gift certificate codes (§5: 16 characters starting with X)', () => {
  it('accepts a code typed with spaces, dashes, lower case or a Cyrillic Х', () => {
    expect(normalizeGiftCertificateCode('XABC-DEFG-HJKM-NPQR')).toBe('XABCDEFGHJKMNPQR');
    expect(normalizeGiftCertificateCode(' xabc defg hjkm npqr ')).toBe('XABCDEFGHJKMNPQR');
    expect(normalizeGiftCertificateCode('Хabcdefghjkmnpqr')).toBe('XABCDEFGHJKMNPQR');
  });

  it('refuses other lengths, another first letter and characters outside the alphabet', () => {
    expect(normalizeGiftCertificateCode('XABCDEFGHJKMNPQ')).toBeNull();
    expect(normalizeGiftCertificateCode('XABCDEFGHJKMNPQRS')).toBeNull();
    expect(normalizeGiftCertificateCode('YABCDEFGHJKMNPQR')).toBeNull();
    expect(normalizeGiftCertificateCode('XABCDEFGHJKMNPQ0')).toBeNull();
    expect(normalizeGiftCertificateCode('XABCDEFGHJKMNPQ!')).toBeNull();
    expect(normalizeGiftCertificateCode(null)).toBeNull();
  });

  it('makes codes the rule accepts from random bytes', () => {
    const bytes = Uint8Array.from({ length: 15 }, (_, i) => i * 17 + 3);
    const code = giftCertificateCodeFrom(bytes);
    expect(code).toHaveLength(16);
    expect(code[0]).toBe('X');
    expect(normalizeGiftCertificateCode(code)).toBe(code);
    expect([...code.slice(1)].every((ch) => GIFT_CERTIFICATE_ALPHABET.includes(ch))).toBe(true);
    expect(() => giftCertificateCodeFrom(new Uint8Array(3))).toThrow();
  });

  it('prints in groups of four and masks the middle', () => {
    expect(formatGiftCertificateCode('XABCDEFGHJKMNPQR')).toBe('XABC-DEFG-HJKM-NPQR');
    expect(maskGiftCertificateCode('XABCDEFGHJKMNPQR')).toBe('XABC-••••-••••-NPQR');
  });
});

describe('balance', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  const issued = new Date('2026-01-10T10:00:00Z');
  const expires = new Date('2027-01-10T10:00:00Z');

  it('is the nominal less what live orders hold', () => {
    expect(
      giftCertificateBalance({ nominal: 500_000, used: 120_050, issuedAt: issued, expiresAt: expires }, now),
    ).toEqual({ balance: 379_950, state: 'active' });
  });

  it('is zero when spent, expired or not yet paid, each with its message', () => {
    const spent = giftCertificateBalance(
      { nominal: 100_000, used: 100_000, issuedAt: issued, expiresAt: expires },
      now,
    );
    expect(spent).toEqual({ balance: 0, state: 'spent' });
    const expired = giftCertificateBalance({ nominal: 100_000, used: 0, issuedAt: issued, expiresAt: now }, now);
    expect(expired).toEqual({ balance: 0, state: 'expired' });
    const unpaid = giftCertificateBalance({ nominal: 100_000, used: 0, issuedAt: null, expiresAt: null }, now);
    expect(unpaid.state).toBe('not-issued');
    expect(giftCertificateProblem('spent')).toBe(GIFT_CERTIFICATE_MESSAGES.spent);
    expect(giftCertificateProblem('expired')).toBe(GIFT_CERTIFICATE_MESSAGES.expired);
    expect(giftCertificateProblem('not-issued')).toBe(GIFT_CERTIFICATE_MESSAGES.notFound);
    expect(giftCertificateProblem('active')).toBeNull();
  });
});

describe('paying with several certificates', () => {
  it('takes each in turn up to what is due; the rest stays on the last one used', () => {
    expect(applyGiftCertificates(1_234_567, [500_000, 1_000_000, 300_000])).toEqual({
      amounts: [500_000, 734_567, 0],
      paid: 1_234_567,
      due: 0,
    });
  });

  it('leaves the difference to pay when they do not cover the total', () => {
    expect(applyGiftCertificates(1_234_567, [100_000, 300_000])).toEqual({
      amounts: [100_000, 300_000],
      paid: 400_000,
      due: 834_567,
    });
  });

  it('pays nothing of a zero total', () => {
    expect(applyGiftCertificates(0, [100_000])).toEqual({ amounts: [0], paid: 0, due: 0 });
  });
});

describe('the nominals and the gift-certificate-only basket', () => {
  it('sells 1 000 to 30 000 ₽ only', () => {
    expect(isGiftCertificateNominal(500_000)).toBe(true);
    expect(isGiftCertificateNominal(3_000_000)).toBe(true);
    expect(isGiftCertificateNominal(500_001)).toBe(false);
    expect(isGiftCertificateNominal(5_000_000)).toBe(false);
  });

  it('is a basket where every line is a certificate', () => {
    expect(isGiftCertificateOnlyBasket([{ giftCertificate: true }, { giftCertificate: true }])).toBe(true);
    expect(isGiftCertificateOnlyBasket([{ giftCertificate: true }, { giftCertificate: false }])).toBe(false);
    expect(isGiftCertificateOnlyBasket([])).toBe(false);
  });
});
