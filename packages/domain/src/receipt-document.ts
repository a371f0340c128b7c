// The printable receipt of a paid order, drawn from the 54-FZ receipt data stored with its payment
// (receipt.ts): the seller's requisites, the names the receipt prints for VAT codes, payment methods
// and objects, and the VAT each item and the whole receipt contain. The sandbox acquirer issues no
// fiscal data (no fiscal drive, document number or sign), so the document says it is a test one.
import type { Receipt, ReceiptItem, ReceiptVatCode } from './receipt.ts';

/** The seller printed on receipts (demo requisites of the store). */
export const RECEIPT_SELLER = {
  name: 'ООО «Мультицентр»',
  inn: '7701234567',
  address: '125009, г. Москва, ул. Тверская, д. 7',
  site: 'multicenter.local',
} as const;

export const RECEIPT_TITLE = 'Кассовый чек (тестовый)';
export const RECEIPT_TEST_NOTE =
  'Тестовый платёж: фискальный накопитель не подключён, фискальные данные (ФН, ФД, ФП) не формируются.';

// A calculated rate (22/122, 20/120) takes the same share out of an amount that includes VAT.
const VAT_RATES: Record<ReceiptVatCode, number | null> = {
  vat22: 22,
  vat20: 20,
  vat10: 10,
  vat0: 0,
  vat122: 22,
  vat120: 20,
  none: null,
};
const VAT_NAMES: Record<ReceiptVatCode, string> = {
  vat22: 'НДС 22%',
  vat20: 'НДС 20%',
  vat10: 'НДС 10%',
  vat0: 'НДС 0%',
  vat122: 'НДС 22/122',
  vat120: 'НДС 20/120',
  none: 'Без НДС',
};

export const receiptVatName = (code: ReceiptVatCode) => VAT_NAMES[code];
/** The rate in percent a VAT code names (null: without VAT). */
export const receiptVatRate = (code: ReceiptVatCode) => VAT_RATES[code];

/** Kopecks of VAT inside an amount that includes it: amount × rate / (100 + rate), rounded. */
export function receiptVatAmount(amount: number, code: ReceiptVatCode): number {
  const rate = VAT_RATES[code];
  if (!rate) return 0;
  return Math.round((amount * rate) / (100 + rate));
}

export const RECEIPT_PAYMENT_METHOD_NAMES: Record<ReceiptItem['payment_method'], string> = {
  full_prepayment: 'Предоплата 100%',
  advance: 'Аванс',
  full_payment: 'Полный расчёт',
};
export const RECEIPT_PAYMENT_OBJECT_NAMES: Record<ReceiptItem['payment_object'], string> = {
  commodity: 'Товар',
  service: 'Услуга',
  payment: 'Платёж',
};
/** Tag 1054 as the printed receipt names it. */
export const RECEIPT_OPERATION_NAMES: Record<NonNullable<Receipt['operation']>, string> = {
  income: 'Приход',
  income_return: 'Возврат прихода',
};
/** What the printed receipt calls the part of the total paid by offsetting an advance (tag 1215). */
export const RECEIPT_PREPAYMENT_NAME = 'Зачёт аванса (предоплата)';
export const RECEIPT_TAXATION_NAMES: Record<Receipt['taxation_system'], string> = { osn: 'ОСН' };

export interface ReceiptVatTotal {
  vat_code: ReceiptVatCode;
  name: string;
  /** Kopecks of VAT of every item with this code. */
  amount: number;
}

/** VAT per code over the items, in the order the codes first appear. */
export function receiptVatTotals(items: readonly Pick<ReceiptItem, 'amount' | 'vat_code'>[]): ReceiptVatTotal[] {
  const totals = new Map<ReceiptVatCode, number>();
  for (const item of items) {
    totals.set(item.vat_code, (totals.get(item.vat_code) ?? 0) + receiptVatAmount(item.amount, item.vat_code));
  }
  return [...totals].map(([code, amount]) => ({ vat_code: code, name: receiptVatName(code), amount }));
}
