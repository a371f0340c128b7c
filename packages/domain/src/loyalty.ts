// Loyalty bonuses «Мультионы» (SPEC §1, §3 Loyalty card, Bonus balance, Bonus history action, §4 Loyalty
// balance and Bonus history, §9 promo type `bonuses`; docs/decisions/0026). One bonus pays one rouble.
// The card's balance is never stored: it is derived from the append-only ledger by `deriveBalance`,
// which replays the entries in order: credits are lots with an available-from and an expiry date,
// debits take from the lots that are usable at their moment, the earliest expiry first.
import { DIGITAL_CATEGORY_IDS, SERVICE_CATEGORY_ID } from './constants.ts';
import { formatNumber } from './plural.ts';

/** Kopecks one bonus pays. */
export const BONUS_KOPECKS = 100;

export const LOYALTY_RULES = {
  /** Accrued bonuses become usable this many days after the order is completed (the return window). */
  availableAfterDays: 14,
  /** Bonuses expire this many days after they become usable. */
  expireAfterDays: 180,
  /** §4: the expiring-points warning window. */
  expiringSoonDays: 14,
  /** Bonuses pay at most this share (percent) of a product's price. */
  maxSharePercent: 30,
  /** Accrual percent of the money paid for a line whose category names no rate of its own. */
  defaultAccrualPercent: 2,
} as const;

/** Accrual percent per root category of the catalogue; services, digital goods and certificates earn nothing. */
export const ACCRUAL_PERCENT_BY_ROOT: Readonly<Record<number, number>> = {
  100: 1, // smartphones and gadgets: thin margins
  200: 3, // TV and audio
  300: 2, // notebooks and computers
  400: 3, // home appliances
  500: 3, // kitchen appliances
  600: 5, // beauty and health
  700: 2, // photo and video
  800: 2, // games
};

/** The category of electronic gift certificates (a service category: no bonuses earned or spent on it). */
export const GIFT_CERTIFICATE_CATEGORY_ID = 27;

export const BONUS_ENTRY_KINDS = ['RetailOrderBonus', 'RetailOrderPayment', 'Expired', 'Custom'] as const;
export type BonusEntryKind = (typeof BONUS_ENTRY_KINDS)[number];
/** §4: the order line statuses that word the history. */
export type BonusLineStatus = 'Create' | 'I' | 'Completed';

const DAY_MS = 86_400_000;

/** True for goods bonuses neither pay for nor are earned on: services, digital goods, gift certificates. */
export function isBonusExcluded(categoryPath: readonly number[]): boolean {
  return categoryPath.some(
    (id) => id === SERVICE_CATEGORY_ID || id === GIFT_CERTIFICATE_CATEGORY_ID || DIGITAL_CATEGORY_IDS.includes(id),
  );
}

/**
 * Accrual percent of a line: a promotion of type `bonuses` (§9) on the line replaces the category's rate
 * when it gives more; excluded goods earn nothing whatever the promotion.
 */
export function accrualPercent(categoryPath: readonly number[], promotionPercent?: number | null): number {
  if (categoryPath.length === 0 || isBonusExcluded(categoryPath)) return 0;
  const base = ACCRUAL_PERCENT_BY_ROOT[categoryPath[0]!] ?? LOYALTY_RULES.defaultAccrualPercent;
  return Math.max(base, promotionPercent ?? 0);
}

/** Whole bonuses a line earns on the money paid for it (kopecks, after promotions and spent bonuses). */
export function accrualFor(line: {
  categoryPath: readonly number[];
  paidKopecks: number;
  promotionPercent?: number | null;
}): number {
  const percent = accrualPercent(line.categoryPath, line.promotionPercent);
  if (percent <= 0 || line.paidKopecks <= 0) return 0;
  return Math.floor((line.paidKopecks * percent) / 100 / BONUS_KOPECKS);
}

/** §4: the most bonuses one unit of a product can take: a share of its price, zero where bonuses cannot pay. */
export function maxSpendablePerUnit(product: { priceKopecks: number; categoryPath: readonly number[] }): number {
  if (product.priceKopecks <= 0 || isBonusExcluded(product.categoryPath)) return 0;
  return Math.floor((product.priceKopecks * LOYALTY_RULES.maxSharePercent) / 100 / BONUS_KOPECKS);
}

/** The most bonuses a basket can take: the sum of its lines' unit limits times their quantity. */
export function maxSpendableForBasket(
  lines: readonly { priceKopecks: number; qty: number; categoryPath: readonly number[] }[],
): number {
  return lines.reduce((sum, line) => sum + maxSpendablePerUnit(line) * Math.max(0, line.qty), 0);
}

/**
 * Spreads `amount` bonuses over lines in proportion to their limits (largest remainder, ties to the
 * earlier line), never over a line's limit. The amount must not exceed the sum of the limits.
 */
export function spreadBonuses(limits: readonly number[], amount: number): number[] {
  const total = limits.reduce((s, l) => s + Math.max(0, l), 0);
  if (!Number.isInteger(amount) || amount < 0 || amount > total) {
    throw new RangeError(`cannot spread ${amount} bonuses over limits totalling ${total}`);
  }
  if (amount === 0) return limits.map(() => 0);
  const exact = limits.map((l) => (Math.max(0, l) * amount) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((s, v) => s + v, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    if (shares[index]! < Math.max(0, limits[index]!)) {
      shares[index]! += 1;
      left -= 1;
    }
  }
  return shares;
}

/** How many bonuses a shopper may spend on a basket: within the basket's limit and the card's available balance. */
export function spendableNow(basketLimit: number, available: number): number {
  return Math.max(0, Math.min(basketLimit, available));
}

/** One ledger entry as the balance rules see it. */
export interface BonusEntry {
  id: number;
  kind: BonusEntryKind;
  /** Whole bonuses: credits positive, debits negative. */
  amount: number;
  createdAt: Date;
  availableFrom: Date | null;
  expiresAt: Date | null;
  orderId: number | null;
  lineStatus: BonusLineStatus | null;
  comment: string | null;
  /** The credit entry this debit takes from alone (an accrual's cancellation, an expiry). */
  reversesId: number | null;
  /** A write-off of an order placed but neither paid, completed nor cancelled: the bonuses are blocked. */
  held: boolean;
}

export interface BonusLot {
  entryId: number;
  remaining: number;
  availableFrom: Date;
  expiresAt: Date | null;
}

export interface BonusBalance {
  /** Available plus blocked: the card's bonuses that are not pending. */
  total: number;
  /** Usable now. */
  available: number;
  /** Held by orders placed but not yet paid or completed. */
  blocked: number;
  /** Accrued, not yet usable (the return window). */
  pending: number;
  /** §4: bonuses that expire within 14 days, and the first such date. */
  expiringSoon: { amount: number; date: Date } | null;
  /** Credits whose expiry passed with bonuses left: `Expired` postings are due for them. */
  expiredDue: { entryId: number; amount: number }[];
}

const isCredit = (e: BonusEntry) => e.amount > 0;
const usableAt = (lot: BonusLot, t: number) =>
  lot.remaining > 0 && lot.availableFrom.getTime() <= t && (lot.expiresAt === null || lot.expiresAt.getTime() > t);

/** Replays the ledger: the lots with what is left of each after every debit. */
export function replayLedger(entries: readonly BonusEntry[]): { lots: BonusLot[]; uncovered: number } {
  const sorted = [...entries].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  const lots = new Map<number, BonusLot>();
  let uncovered = 0;
  for (const entry of sorted) {
    if (isCredit(entry)) {
      lots.set(entry.id, {
        entryId: entry.id,
        remaining: entry.amount,
        availableFrom: entry.availableFrom ?? entry.createdAt,
        expiresAt: entry.expiresAt,
      });
      continue;
    }
    let need = -entry.amount;
    const t = entry.createdAt.getTime();
    const own = entry.reversesId !== null ? lots.get(entry.reversesId) : undefined;
    if (own) {
      const take = Math.min(need, own.remaining);
      own.remaining -= take;
      need -= take;
    }
    const usable = [...lots.values()]
      .filter((lot) => usableAt(lot, t))
      .sort(
        (a, b) =>
          (a.expiresAt?.getTime() ?? Number.MAX_SAFE_INTEGER) - (b.expiresAt?.getTime() ?? Number.MAX_SAFE_INTEGER) ||
          a.entryId - b.entryId,
      );
    for (const lot of usable) {
      if (need === 0) break;
      const take = Math.min(need, lot.remaining);
      lot.remaining -= take;
      need -= take;
    }
    uncovered += need;
  }
  return { lots: [...lots.values()], uncovered };
}

/** The card's balance at `now` (SPEC §3 Bonus balance, §4 Loyalty balance and Bonus history). */
export function deriveBalance(entries: readonly BonusEntry[], now: Date): BonusBalance {
  const t = now.getTime();
  const { lots, uncovered } = replayLedger(entries);
  let usable = 0;
  let pending = 0;
  let soonAmount = 0;
  let soonDate: Date | null = null;
  const expiredDue: BonusBalance['expiredDue'] = [];
  const soonLimit = t + LOYALTY_RULES.expiringSoonDays * DAY_MS;
  for (const lot of lots) {
    if (lot.remaining <= 0) continue;
    if (lot.expiresAt !== null && lot.expiresAt.getTime() <= t) {
      expiredDue.push({ entryId: lot.entryId, amount: lot.remaining });
    } else if (lot.availableFrom.getTime() > t) {
      pending += lot.remaining;
    } else {
      usable += lot.remaining;
      if (lot.expiresAt !== null && lot.expiresAt.getTime() <= soonLimit) {
        soonAmount += lot.remaining;
        if (!soonDate || lot.expiresAt < soonDate) soonDate = lot.expiresAt;
      }
    }
  }
  const blocked = entries.reduce((sum, e) => sum + (e.held && e.amount < 0 ? -e.amount : 0), 0);
  const available = Math.max(0, usable - uncovered);
  return {
    total: available + blocked,
    available,
    blocked,
    pending,
    expiringSoon: soonDate ? { amount: soonAmount, date: soonDate } : null,
    expiredDue,
  };
}

/** When an accrual of an order completed at `completedAt` becomes usable, and when it expires. */
export function accrualDates(completedAt: Date): { availableFrom: Date; expiresAt: Date } {
  const availableFrom = new Date(completedAt.getTime() + LOYALTY_RULES.availableAfterDays * DAY_MS);
  return { availableFrom, expiresAt: new Date(availableFrom.getTime() + LOYALTY_RULES.expireAfterDays * DAY_MS) };
}

/** Bonuses returned or granted now: usable at once, expiring after the usual period. */
export function immediateCreditDates(now: Date): { availableFrom: Date; expiresAt: Date } {
  return { availableFrom: now, expiresAt: new Date(now.getTime() + LOYALTY_RULES.expireAfterDays * DAY_MS) };
}

const dayMonth = (d: Date) =>
  new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', timeZone: 'Europe/Moscow' }).format(d);

/**
 * §4 Bonus history titles: the entry kind and the order line status (Create, I, Completed) word each change.
 */
export function bonusEntryTitle(
  entry: Pick<BonusEntry, 'kind' | 'amount' | 'orderId' | 'lineStatus' | 'comment' | 'held' | 'availableFrom'>,
  now: Date,
): string {
  const order = entry.orderId !== null ? ` №${entry.orderId}` : '';
  switch (entry.kind) {
    case 'RetailOrderBonus':
      if (entry.lineStatus === 'I' || entry.amount < 0) return 'Начисление отменено';
      if (entry.availableFrom && entry.availableFrom.getTime() > now.getTime()) {
        return `Начисление за заказ${order}, станут доступны ${dayMonth(entry.availableFrom)}`;
      }
      return `Начисление за заказ${order}`;
    case 'RetailOrderPayment':
      if (entry.lineStatus === 'I' || entry.amount > 0) return 'Возврат списанных бонусов';
      return entry.held ? `Заблокировано для оплаты заказа${order}` : `Оплата заказа${order}`;
    case 'Expired':
      return 'Бонусы сгорели';
    case 'Custom':
      return entry.comment?.trim() || (entry.amount >= 0 ? 'Начисление' : 'Списание');
  }
}

/** `n бонус/бонуса/бонусов` (Russian plural). */
export function formatBonuses(n: number): string {
  const abs = Math.abs(n) % 100;
  const last = abs % 10;
  const word = abs > 10 && abs < 20 ? 'бонусов' : last === 1 ? 'бонус' : last >= 2 && last <= 4 ? 'бонуса' : 'бонусов';
  return `${formatNumber(n)} ${word}`;
}

/** «N бонусами» / «21 бонусом» (the instrumental case: «можно оплатить до N бонусами»). */
export function formatBonusesInstrumental(n: number): string {
  const word = n % 10 === 1 && n % 100 !== 11 ? 'бонусом' : 'бонусами';
  return `${formatNumber(n)} ${word}`;
}

/* ---------- card numbers ---------- */

/** The EAN-13 check digit of the first twelve digits. */
export function ean13CheckDigit(twelve: string): number {
  if (!/^\d{12}$/.test(twelve)) throw new RangeError('twelve digits expected');
  const sum = [...twelve].reduce((s, ch, i) => s + Number(ch) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

export const isEan13 = (value: string) =>
  /^\d{13}$/.test(value) && ean13CheckDigit(value.slice(0, 12)) === Number(value[12]);

/** The store's card numbers: prefix 2 (in-store numbering), 11 digits of the sequence, the check digit. */
export const LOYALTY_CARD_PREFIX = '2';
export function loyaltyCardNumber(sequence: number): string {
  const twelve = `${LOYALTY_CARD_PREFIX}${String(sequence).padStart(11, '0')}`;
  return `${twelve}${ean13CheckDigit(twelve)}`;
}

export const LOYALTY_MESSAGES = {
  cardNumber: 'Проверьте номер карты: 13 цифр с обратной стороны карты',
  cardNotAttachable: 'Эту карту нельзя привязать. Проверьте номер или обратитесь в магазин',
  cardNotYours: 'Карта не найдена',
  alreadyMember: 'У вас уже есть карта «Мультионы»',
  noBalance: 'No balances found',
  tooMany: (max: number) => `Можно списать не больше ${formatBonuses(max)}`,
  notEnough: 'Недостаточно бонусов на карте',
  signInToSpend: 'Войдите в программу «Мультионы», чтобы списать бонусы',
  phoneRequired: 'Укажите телефон в профиле, чтобы вступить в программу',
  codeSent: 'Код отправлен в SMS',
} as const;

/* ---------- bonuses in an order's price ---------- */

/**
 * Whole bonuses per unit for each line so that each line's unit price stays a whole kopeck and the
 * same for every unit (the 54-FZ receipt prints one price per line): the amount is spread by the
 * lines' limits, each share is rounded down to whole units, and what is left goes unit by unit to
 * lines with room. The sum can fall short of the amount asked only when no line has a unit to take it.
 */
export function bonusesPerUnit(lines: readonly { unitLimit: number; qty: number }[], amount: number): number[] {
  const limits = lines.map((l) => Math.max(0, l.unitLimit) * Math.max(0, l.qty));
  const cap = limits.reduce((s, l) => s + l, 0);
  const wanted = Math.min(Math.max(0, Math.floor(amount)), cap);
  const shares = spreadBonuses(limits, wanted);
  const perUnit = lines.map((l, i) => (l.qty > 0 ? Math.floor(shares[i]! / l.qty) : 0));
  let left = wanted - perUnit.reduce((s, b, i) => s + b * lines[i]!.qty, 0);
  // Smallest quantities first, so the leftover lands where it fits exactly.
  const order = lines.map((l, i) => i).sort((a, b) => lines[a]!.qty - lines[b]!.qty || a - b);
  let moved = true;
  while (left > 0 && moved) {
    moved = false;
    for (const i of order) {
      const line = lines[i]!;
      if (line.qty > 0 && line.qty <= left && perUnit[i]! < line.unitLimit) {
        perUnit[i]! += 1;
        left -= line.qty;
        moved = true;
        if (left === 0) break;
      }
    }
  }
  return perUnit;
}

interface BonusPricedLine {
  item: { product_id: number; kind: string; qty: number };
  final_price: number;
  discount: number;
  children: BonusPricedLine[];
}

/**
 * Takes bonuses off an order's price (decision 0026): a discount on the product and accessory lines they
 * pay for, never on warranties, spread by each line's limit (30 % of its unit price after promotions).
 * Answers the new price and the whole bonuses of each line in the order the lines are listed (parents
 * before their children), so Σ final_price × qty + delivery = total still holds to the kopeck.
 */
export function priceWithBonuses<P extends { items: BonusPricedLine[]; discount: number; total: number }>(
  price: P,
  amount: number,
  categoryPathOf: (productId: number) => readonly number[],
): { price: P; applied: number; perLine: number[] } {
  const flat: BonusPricedLine[] = [];
  const walk = (line: BonusPricedLine) => {
    flat.push(line);
    line.children.forEach(walk);
  };
  price.items.forEach(walk);
  const unitLimits = flat.map((l) =>
    l.item.kind === 'warranty'
      ? 0
      : maxSpendablePerUnit({ priceKopecks: l.final_price, categoryPath: categoryPathOf(l.item.product_id) }),
  );
  const perUnit = bonusesPerUnit(
    flat.map((l, i) => ({ unitLimit: unitLimits[i]!, qty: l.item.qty })),
    amount,
  );
  const perLine = perUnit.map((b, i) => b * flat[i]!.item.qty);
  const applied = perLine.reduce((s, b) => s + b, 0);
  if (applied === 0) return { price, applied: 0, perLine };
  const index = new Map(flat.map((l, i) => [l, i]));
  const cut = (line: BonusPricedLine): BonusPricedLine => {
    const i = index.get(line)!;
    const off = perUnit[i]! * BONUS_KOPECKS;
    return {
      ...line,
      final_price: line.final_price - off,
      discount: line.discount + off * line.item.qty,
      children: line.children.map(cut),
    };
  };
  const kopecks = applied * BONUS_KOPECKS;
  return {
    price: { ...price, items: price.items.map(cut), discount: price.discount + kopecks, total: price.total - kopecks },
    applied,
    perLine,
  };
}
