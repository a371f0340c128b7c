// 54-FZ receipt data sent to the payment provider with an online payment and stored with it: one
// item per order line (name, quantity, price, amount, VAT code from the line's VAT rate), the
// payment method and object of each item, the customer's contact and the store's taxation system.
// Money is kopecks; the items always add up to what is paid (the payment and any advance it offsets), as the
// fiscal receipt must.
// The VAT rate is the one in force when the receipt is issued (vat.ts) and is kept with each item.
// Gift certificates (decision 0048): selling one is an advance (ФФД 1.2 tag 1214 «аванс», 1212 «платёж»,
// VAT at the calculated rate of the day, 22/122 or 20/120); an order later paid with certificates is
// settled in full (1214 «полный расчёт») with the certificates' part as the advance offset (1215).
// A cancelled order's money back (decision 0052) is receipted as «возврат прихода» (tag 1054 = 2): the
// sale's own items, VAT and split between the card and the certificates, mirrored by buildRefundReceipt.
import { standardVatRate, vatRateAt } from './vat.ts';

export const RECEIPT_VAT_CODES = ['vat22', 'vat20', 'vat10', 'vat0', 'vat122', 'vat120', 'none'] as const;
/** vat122 and vat120: the calculated rates 22/122 and 20/120 (tag 1199) of an advance. */
export type ReceiptVatCode = (typeof RECEIPT_VAT_CODES)[number];
/**
 * Tag 1214 (признак способа расчёта): full_prepayment 1 «предоплата 100%» (goods handed over later),
 * advance 3 «аванс» (a gift certificate sold: the goods are not known yet), full_payment 4 «полный расчёт»
 * (an order paid with certificates: an advance can be offset only in a settlement).
 */
export const RECEIPT_PAYMENT_METHODS = ['full_prepayment', 'advance', 'full_payment'] as const;
export type ReceiptPaymentMethod = (typeof RECEIPT_PAYMENT_METHODS)[number];
/** Tag 1212 (признак предмета расчёта): commodity 1 «товар», service 4 «услуга», payment 10 «платёж». */
export const RECEIPT_PAYMENT_OBJECTS = ['commodity', 'service', 'payment'] as const;
export type ReceiptPaymentObject = (typeof RECEIPT_PAYMENT_OBJECTS)[number];
/**
 * Tag 1054 (признак расчёта): income 1 «приход» (a sale), income_return 2 «возврат прихода» (its money
 * given back). Receipts without `operation` are sales.
 */
export const RECEIPT_OPERATION_TAGS = { income: 1, income_return: 2 } as const;
export type ReceiptOperation = keyof typeof RECEIPT_OPERATION_TAGS;
/** Taxation system of the seller: общая система налогообложения. */
export const RECEIPT_TAXATION_SYSTEM = 'osn';

export interface ReceiptItem {
  name: string;
  qty: number;
  /** Kopecks per unit after discounts. */
  price: number;
  /** Kopecks: price × qty, corrected so the items add up to the payment. */
  amount: number;
  vat_code: ReceiptVatCode;
  /** The VAT rate in percent at the moment of the sale (null: without VAT). Older receipts lack it. */
  vat_rate?: number | null;
  payment_method: ReceiptPaymentMethod;
  /** A warranty and delivery are services, goods commodities, a gift certificate sold a payment. */
  payment_object: ReceiptPaymentObject;
  /** Kopecks of `amount` paid by offsetting an advance (the item's share of tag 1215). Older receipts lack it. */
  prepayment?: number;
}

/** How the receipt's total is paid: tag 1081 (безналичными) and tag 1215 (предоплатой, зачёт аванса). */
export interface ReceiptPayments {
  electronic: number;
  prepayment: number;
}

export interface Receipt {
  /** Tag 1054; absent on sales stored before refunds existed (a sale). */
  operation?: ReceiptOperation;
  items: ReceiptItem[];
  customer: { phone: string; email: string | null };
  taxation_system: typeof RECEIPT_TAXATION_SYSTEM;
  /** Kopecks; the sum of the items' amounts, and of the payments. */
  total: number;
  /** Older receipts lack it: all of the total was paid electronically. */
  payments?: ReceiptPayments;
  /** When the receipt was issued (ISO): the moment its VAT rates are taken at. Older receipts lack it. */
  issued_at?: string;
}

export interface ReceiptLine {
  name: string;
  qty: number;
  /** Kopecks per unit the shopper pays. */
  finalPrice: number;
  /** The product's VAT class in percent: 10 or 0 reduced, anything else the standard rate of the day. */
  vat: number;
  kind: string;
}

/** The 54-FZ VAT code of a rate in percent; a rate the receipt cannot name is «без НДС». */
export function receiptVatCode(rate: number): ReceiptVatCode {
  if (rate === 22) return 'vat22';
  if (rate === 20) return 'vat20';
  if (rate === 10) return 'vat10';
  if (rate === 0) return 'vat0';
  return 'none';
}

/** The calculated rate (rate / (100 + rate)) an advance is taxed at: 22/122, or 20/120 before 2026. */
export function receiptCalculatedVatCode(rate: number): ReceiptVatCode {
  if (rate === 22) return 'vat122';
  if (rate === 20) return 'vat120';
  return 'none';
}

/**
 * `part` of `total` spread over `amounts` in proportion, rounding the running sum so the shares are whole
 * kopecks, never above their amount, and add up to `part` exactly.
 */
function spreadInProportion(amounts: readonly number[], part: number): number[] {
  const total = amounts.reduce((sum, a) => sum + a, 0);
  if (total <= 0) return amounts.map(() => 0);
  let running = 0;
  let given = 0;
  return amounts.map((amount) => {
    running += amount;
    const upTo = Math.round((running * part) / total);
    const share = upTo - given;
    given = upTo;
    return share;
  });
}

/**
 * The receipt of a payment of `amount` kopecks for an order's lines and delivery cost, with `prepaid`
 * kopecks of it already paid by gift certificates (offset as an advance). When the lines do not add up
 * to amount + prepaid (an order-level discount), the difference is spread over the items in proportion
 * to their amounts, the last item taking the rounding, so the receipt's total always equals what is paid.
 * `sale: 'advance'` is the sale of gift certificates: each line an advance of a payment at the
 * calculated rate.
 */
export function buildReceipt(input: {
  lines: readonly ReceiptLine[];
  deliveryCost: number;
  /** Kopecks paid now (electronically, at the acquirer). */
  amount: number;
  /** Kopecks the order's gift certificates pay: the advance this receipt offsets. */
  prepaid?: number;
  /** goods (the default) or advance: the lines are gift certificates sold. */
  sale?: 'goods' | 'advance';
  customer: { phone: string; email: string | null };
  /** The moment of the sale: the VAT rates in force then. */
  at: Date;
}): Receipt {
  const advance = input.sale === 'advance';
  const prepaid = advance ? 0 : Math.max(0, input.prepaid ?? 0);
  const method: ReceiptPaymentMethod = advance ? 'advance' : prepaid > 0 ? 'full_payment' : 'full_prepayment';
  const items: ReceiptItem[] = input.lines
    .filter((line) => line.qty > 0)
    .map((line) => {
      const rate = advance ? standardVatRate(input.at) : vatRateAt(line.vat, input.at);
      return {
        name: line.name,
        qty: line.qty,
        price: line.finalPrice,
        amount: line.finalPrice * line.qty,
        vat_code: advance ? receiptCalculatedVatCode(rate) : receiptVatCode(rate),
        vat_rate: rate,
        payment_method: method,
        payment_object: advance ? 'payment' : line.kind === 'warranty' ? 'service' : 'commodity',
      };
    });
  if (input.deliveryCost > 0) {
    // Delivery is a service at the standard rate.
    const rate = standardVatRate(input.at);
    items.push({
      name: 'Доставка',
      qty: 1,
      price: input.deliveryCost,
      amount: input.deliveryCost,
      vat_code: receiptVatCode(rate),
      vat_rate: rate,
      payment_method: method,
      payment_object: 'service',
    });
  }
  const paid = input.amount + prepaid;
  const listed = items.reduce((sum, item) => sum + item.amount, 0);
  if (listed !== paid && listed > 0) {
    let left = paid;
    items.forEach((item, index) => {
      const share = index === items.length - 1 ? left : Math.round((item.amount * paid) / listed);
      item.amount = share;
      // The unit price follows the corrected amount; a remainder of one kopeck stays in the amount.
      item.price = Math.round(share / item.qty);
      left -= share;
    });
  }
  if (prepaid > 0) {
    // Each item shows the part of it the certificates pay (the receipt's 1215 spread by amount).
    const shares = spreadInProportion(
      items.map((item) => item.amount),
      prepaid,
    );
    items.forEach((item, index) => {
      item.prepayment = shares[index]!;
    });
  }
  return {
    items,
    customer: input.customer,
    taxation_system: RECEIPT_TAXATION_SYSTEM,
    total: items.reduce((sum, item) => sum + item.amount, 0),
    payments: { electronic: input.amount, prepayment: prepaid },
    issued_at: input.at.toISOString(),
  };
}

/**
 * The «возврат прихода» receipt (tag 1054 = 2) of a sale whose money is given back in full: the sale's
 * items with their amounts, VAT codes and rates of the sale's moment (a refund is taxed as the sale was,
 * whatever the rate on the day of the refund), the same payment method and object of each item, and the
 * same split: what the card paid goes back to the card (1081) and what certificates paid goes back to the
 * certificates, shown as the advance it offset (1215). Only the operation and the issue time differ.
 */
export function buildRefundReceipt(sale: Receipt, at: Date): Receipt {
  if (sale.operation === 'income_return') throw new Error('a refund receipt is not a sale');
  return {
    operation: 'income_return',
    items: sale.items.map((item) => ({ ...item })),
    customer: { ...sale.customer },
    taxation_system: sale.taxation_system,
    total: sale.total,
    // A sale stored without the split was paid wholly at the acquirer.
    payments: sale.payments ? { ...sale.payments } : { electronic: sale.total, prepayment: 0 },
    issued_at: at.toISOString(),
  };
}

/** Units of one position of a sale receipt (its index in `items`) given back by a refund (decision 0058). */
export interface ReturnedUnits {
  position: number;
  qty: number;
}

export const PARTIAL_REFUND_MESSAGES = {
  position: 'В чеке нет такой позиции',
  repeated: 'Позиция указана дважды',
  nothing: 'Выберите хотя бы одну позицию для возврата',
  tooMany: (name: string, left: number) =>
    left === 0 ? `Позиция «${name}» уже возвращена` : `Позиции «${name}» можно вернуть не больше ${left} шт.`,
} as const;

/** What of each position of the sale is not given back yet, after the refunds made (their `lines`). */
export function unitsLeftToRefund(sale: Receipt, earlier: readonly ReturnedUnits[]): number[] {
  const left = sale.items.map((item) => item.qty);
  for (const line of earlier) {
    if (line.position >= 0 && line.position < left.length) left[line.position] = left[line.position]! - line.qty;
  }
  return left.map((n) => Math.max(0, n));
}

/**
 * The «возврат прихода» of some units of a sale (decision 0058): each returned position keeps the sale's
 * name, unit price, VAT code and rate, payment method and object; its kopecks are the sale's spread over the
 * units so that all the refunds of a position add up to its amount exactly. The card part (1081) and the
 * certificates' part (1215) are each spread on their own — `electronic(k) = ⌊e·k/qty⌋`,
 * `prepayment(k) = ⌊p·k/qty⌋` for k units returned so far — so neither ever goes below zero or past what the
 * sale took. `earlier`: the lines of the refunds already made of this sale. Returning everything left is the
 * cancellation's refund: with nothing returned before, the sale mirrored (buildRefundReceipt).
 */
export function buildPartialRefundReceipt(
  sale: Receipt,
  earlier: readonly ReturnedUnits[],
  asked: readonly ReturnedUnits[],
  at: Date,
): { receipt: Receipt; lines: ReturnedUnits[] } | { errors: string[] } {
  if (sale.operation === 'income_return') throw new Error('a refund receipt is not a sale');
  const left = unitsLeftToRefund(sale, earlier);
  const before = sale.items.map(() => 0);
  for (const line of earlier) {
    if (line.position >= 0 && line.position < before.length) before[line.position]! += line.qty;
  }
  const errors: string[] = [];
  const seen = new Set<number>();
  const lines: ReturnedUnits[] = [];
  for (const line of asked) {
    const item = sale.items[line.position];
    if (!item || !Number.isInteger(line.position)) errors.push(PARTIAL_REFUND_MESSAGES.position);
    else if (seen.has(line.position)) errors.push(PARTIAL_REFUND_MESSAGES.repeated);
    else if (!Number.isInteger(line.qty) || line.qty < 1 || line.qty > left[line.position]!) {
      errors.push(PARTIAL_REFUND_MESSAGES.tooMany(item.name, left[line.position]!));
    } else lines.push({ position: line.position, qty: line.qty });
    seen.add(line.position);
  }
  if (errors.length === 0 && lines.length === 0) errors.push(PARTIAL_REFUND_MESSAGES.nothing);
  if (errors.length > 0) return { errors };
  // A sale stored without the split was paid wholly at the acquirer.
  const split = Boolean(sale.payments);
  const items: ReceiptItem[] = [];
  let electronic = 0;
  let prepayment = 0;
  for (const line of lines.sort((a, b) => a.position - b.position)) {
    const item = sale.items[line.position]!;
    const p = split ? (item.prepayment ?? 0) : 0;
    const e = item.amount - p;
    const done = before[line.position]!;
    const share = (kopecks: number, units: number) => Math.floor((kopecks * units) / item.qty);
    const eBack = share(e, done + line.qty) - share(e, done);
    const pBack = share(p, done + line.qty) - share(p, done);
    electronic += eBack;
    prepayment += pBack;
    const returned: ReceiptItem = { ...item, qty: line.qty, amount: eBack + pBack };
    if (item.prepayment !== undefined) returned.prepayment = pBack;
    items.push(returned);
  }
  return {
    lines,
    receipt: {
      operation: 'income_return',
      items,
      customer: { ...sale.customer },
      taxation_system: sale.taxation_system,
      total: electronic + prepayment,
      payments: { electronic, prepayment },
      issued_at: at.toISOString(),
    },
  };
}

/** Every unit of the sale not given back yet (the cancellation's refund of what is left). */
export const allUnitsLeft = (sale: Receipt, earlier: readonly ReturnedUnits[]): ReturnedUnits[] =>
  unitsLeftToRefund(sale, earlier)
    .map((qty, position) => ({ position, qty }))
    .filter((line) => line.qty > 0);
