// Electronic gift certificates (SPEC §2 /certificate and /cert, §3 Payment available_gift_certificate,
// §5 the 16-character code starting with X and the gift-certificate-only rule; decision 0027).
// A certificate is money paid in advance: it pays an order the way a payment does (never a discount on
// the lines), partly or wholly, several at once; what an order does not use stays on it.
import { formatPrice } from './price.ts';

const RUB = 100;

/** The nominals on sale, in kopecks (1 000 to 30 000 ₽, as the store's pages promise). */
export const GIFT_CERTIFICATE_NOMINALS: readonly number[] = [
  1_000 * RUB,
  3_000 * RUB,
  5_000 * RUB,
  10_000 * RUB,
  15_000 * RUB,
  30_000 * RUB,
];

export const GIFT_CERTIFICATE_RULES = {
  /** A certificate pays this many days after it is issued. */
  validDays: 365,
  /** At most this many certificates pay one order. */
  maxPerOrder: 5,
  codeLength: 16,
} as const;

/** Code characters after the leading X: no 0/O, 1/I/L, so a code read aloud or retyped stays right. */
export const GIFT_CERTIFICATE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export const GIFT_CERTIFICATE_MESSAGES = {
  format: 'Код сертификата — 16 символов, начинается с X',
  /** One answer for a code that does not exist and one not yet paid: nothing tells them apart. */
  notFound: 'Сертификат не найден',
  expired: 'Срок действия сертификата истёк',
  spent: 'На сертификате не осталось денег',
  repeated: 'Этот сертификат уже добавлен',
  tooMany: `Не больше ${GIFT_CERTIFICATE_RULES.maxPerOrder} сертификатов в заказе`,
  /** Another order used it between the summary and placing this one. */
  taken: 'Сертификат уже использован в другом заказе',
  nominal: 'Выберите номинал сертификата',
  notNeeded: 'Заказ уже оплачен другими сертификатами',
} as const;

/**
 * The code as typed, reduced to its 16 characters: spaces and dashes dropped, upper case, the
 * Cyrillic Х read as the Latin X. Null when it is not a §5 code (16 characters starting with X).
 */
export function normalizeGiftCertificateCode(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const code = input
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .replace(/Х/g, 'X');
  if (code.length !== GIFT_CERTIFICATE_RULES.codeLength || code[0] !== 'X') return null;
  for (const ch of code.slice(1)) if (!GIFT_CERTIFICATE_ALPHABET.includes(ch)) return null;
  return code;
}

/** A new code from random bytes (at least 15): X and 15 characters of the alphabet. */
export function giftCertificateCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < GIFT_CERTIFICATE_RULES.codeLength - 1) throw new Error('not enough random bytes');
  let code = 'X';
  for (let i = 0; i < GIFT_CERTIFICATE_RULES.codeLength - 1; i += 1) {
    code += GIFT_CERTIFICATE_ALPHABET[bytes[i]! % GIFT_CERTIFICATE_ALPHABET.length];
  }
  return code;
}

/** The code as printed: four groups of four (XABC-DEFG-HJKM-NPQR). */
export const formatGiftCertificateCode = (code: string) => code.match(/.{1,4}/g)!.join('-');

/** The code with only its first and last four characters shown (order pages, logs). */
export const maskGiftCertificateCode = (code: string) => `${code.slice(0, 4)}-••••-••••-${code.slice(-4)}`;

export const isGiftCertificateNominal = (kopecks: number) => GIFT_CERTIFICATE_NOMINALS.includes(kopecks);

export const giftCertificateTitle = (nominal: number) => `Электронный подарочный сертификат на ${formatPrice(nominal)}`;

export interface GiftCertificateFacts {
  nominal: number;
  /** Kopecks held or spent by orders that are not cancelled. */
  used: number;
  issuedAt: Date | null;
  expiresAt: Date | null;
}

export type GiftCertificateState = 'active' | 'spent' | 'expired' | 'not-issued';

/** What a certificate can pay now. */
export function giftCertificateBalance(facts: GiftCertificateFacts, now: Date) {
  const balance = Math.max(0, facts.nominal - facts.used);
  const state: GiftCertificateState =
    facts.issuedAt === null
      ? 'not-issued'
      : facts.expiresAt !== null && facts.expiresAt.getTime() <= now.getTime()
        ? 'expired'
        : balance === 0
          ? 'spent'
          : 'active';
  return { balance: state === 'active' ? balance : 0, state };
}

/** The field message of a certificate that cannot pay, or null when it can. */
export function giftCertificateProblem(state: GiftCertificateState): string | null {
  switch (state) {
    case 'active':
      return null;
    case 'not-issued':
      return GIFT_CERTIFICATE_MESSAGES.notFound;
    case 'expired':
      return GIFT_CERTIFICATE_MESSAGES.expired;
    case 'spent':
      return GIFT_CERTIFICATE_MESSAGES.spent;
  }
}

/**
 * How several certificates pay `total` kopecks: in the order given, each as much as it holds of
 * what is still due. A certificate that is no longer needed takes nothing (and is reported, so the
 * shopper is not surprised that it stays untouched).
 */
export function applyGiftCertificates(
  total: number,
  balances: readonly number[],
): { amounts: number[]; paid: number; due: number } {
  let due = Math.max(0, total);
  const amounts = balances.map((balance) => {
    const take = Math.min(due, Math.max(0, balance));
    due -= take;
    return take;
  });
  return { amounts, paid: Math.max(0, total) - due, due };
}

/**
 * SPEC §5: a basket of gift certificates only is paid by the methods with available_gift_certificate;
 * a certificate is never bought with bonuses or other certificates (decision 0027).
 */
export const isGiftCertificateOnlyBasket = (lines: readonly { giftCertificate: boolean }[]) =>
  lines.length > 0 && lines.every((l) => l.giftCertificate);
