// The store's payment methods (SPEC §3 Payment, §9 payment ids) grouped into the checkout's
// payment tabs (§2 Checkout: Онлайн, При получении, Рассрочка, Кредит, Частями), and the virtual
// payments the repayment page offers for an order already placed (§2 Repayment page, §5).
// The SPEC gives the ids but not the thresholds; the kopeck bounds below are ours.
import { PAYMENT_TYPE_IDS } from './constants.ts';
import type { PaymentOption } from './checkout.ts';

export const PAYMENT_TABS = [
  { id: 'online', label: 'Онлайн' },
  { id: 'on-receipt', label: 'При получении' },
  { id: 'instalment', label: 'Рассрочка' },
  { id: 'credit', label: 'Кредит' },
  { id: 'parts', label: 'Частями' },
] as const;
export type PaymentTab = (typeof PAYMENT_TABS)[number]['id'];

export interface PaymentMethod extends PaymentOption {
  name: string;
  description: string;
  tab: PaymentTab;
  /** Paid through the payment provider (card page or SBP) right after the order is placed. */
  prepaid: boolean;
  /** Instalment label of §9 (0-0-24, 0-0-36) where it has one. */
  instalmentLabel?: string;
}

const P = PAYMENT_TYPE_IDS;
const RUB = 100;

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  {
    id: P.online,
    name: 'Банковской картой онлайн',
    description: 'Visa, Mastercard, Мир. Оплата сразу после оформления',
    tab: 'online',
    prepaid: true,
    linked_payment_type_id: null,
    available_gift_certificate: true,
    min_basket_threshold: null,
    max_basket_threshold: 1_000_000 * RUB,
  },
  {
    id: P.fastPaymentsSystem,
    name: 'Через СБП',
    description: 'QR-код для оплаты в приложении банка',
    tab: 'online',
    prepaid: true,
    linked_payment_type_id: null,
    available_gift_certificate: true,
    min_basket_threshold: null,
    max_basket_threshold: 1_000_000 * RUB,
  },
  {
    id: P.cash,
    name: 'Наличными или картой при получении',
    description: 'Оплата в магазине или курьеру',
    tab: 'on-receipt',
    prepaid: false,
    linked_payment_type_id: null,
    available_gift_certificate: true,
    min_basket_threshold: null,
    max_basket_threshold: 300_000 * RUB,
  },
  {
    id: P.nonCash,
    name: 'Безналичный расчёт для юрлиц',
    description: 'Счёт на оплату пришлём на e-mail',
    tab: 'on-receipt',
    prepaid: false,
    linked_payment_type_id: null,
    available_gift_certificate: false,
    min_basket_threshold: 1_000 * RUB,
    max_basket_threshold: null,
  },
  {
    id: P.bankInstalment,
    name: 'Рассрочка от банка',
    description: 'Без переплаты: 0-0-24 или 0-0-36, решение банка за 2 минуты',
    tab: 'instalment',
    prepaid: false,
    linked_payment_type_id: null,
    available_gift_certificate: false,
    min_basket_threshold: 3_000 * RUB,
    max_basket_threshold: 300_000 * RUB,
  },
  {
    id: P.creditOnline,
    name: 'Кредит онлайн',
    description: 'Заявка в несколько банков сразу',
    tab: 'credit',
    prepaid: false,
    linked_payment_type_id: null,
    available_gift_certificate: false,
    min_basket_threshold: 3_000 * RUB,
    max_basket_threshold: 500_000 * RUB,
  },
  {
    id: P.creditOnPlace,
    name: 'Кредит в магазине',
    description: 'Оформление при получении в Мультицентре',
    tab: 'credit',
    prepaid: false,
    linked_payment_type_id: null,
    available_gift_certificate: false,
    min_basket_threshold: 3_000 * RUB,
    max_basket_threshold: 500_000 * RUB,
  },
  {
    id: P.buyNowPayLater,
    name: 'Оплата частями',
    description: '4 платежа раз в две недели, первый — сейчас',
    tab: 'parts',
    prepaid: true,
    linked_payment_type_id: null,
    available_gift_certificate: false,
    min_basket_threshold: 1_500 * RUB,
    max_basket_threshold: 60_000 * RUB,
  },
  // Appended, so the indexes VIRTUAL_PAYMENTS copies from stay put: couriers take cash or a card (§9 id 3).
  {
    id: P.courierCash,
    name: 'Наличными или картой курьеру',
    description: 'Курьер привезёт терминал для оплаты картой',
    tab: 'on-receipt',
    prepaid: false,
    linked_payment_type_id: null,
    available_gift_certificate: true,
    min_basket_threshold: null,
    max_basket_threshold: 300_000 * RUB,
  },
  // Appended (issue 17): a loan (§9 id 48) decided online by the partner banks like credit online.
  {
    id: P.loan,
    name: 'Заём',
    description: 'Небольшая сумма на срок до 4 лет, решение банка онлайн',
    tab: 'credit',
    prepaid: false,
    linked_payment_type_id: null,
    available_gift_certificate: false,
    min_basket_threshold: 3_000 * RUB,
    max_basket_threshold: 150_000 * RUB,
  },
];

/**
 * Virtual payments: the ways to pay an order that is already placed (the repayment page). Each is
 * linked to the order payment type it can settle; the page offers only those linked to the order's
 * type and allowed for the order (§5, `repaymentOffers`).
 */
export const VIRTUAL_PAYMENTS: readonly PaymentMethod[] = [
  { ...PAYMENT_METHODS[0]!, id: 1017, name: 'Банковской картой', linked_payment_type_id: P.online },
  { ...PAYMENT_METHODS[1]!, id: 1064, name: 'Через СБП', linked_payment_type_id: P.online },
  { ...PAYMENT_METHODS[1]!, id: 2064, name: 'Через СБП', linked_payment_type_id: P.fastPaymentsSystem },
  { ...PAYMENT_METHODS[0]!, id: 2017, name: 'Банковской картой', linked_payment_type_id: P.fastPaymentsSystem },
  {
    ...PAYMENT_METHODS[7]!,
    id: 1019,
    name: 'Оплата частями',
    linked_payment_type_id: P.buyNowPayLater,
  },
];

/** The checkout payment each virtual payment pays like (card, SBP, in parts): what a promotion allows or not. */
export const VIRTUAL_PAYMENT_BASE: Readonly<Record<number, number>> = {
  1017: P.online,
  2017: P.online,
  1064: P.fastPaymentsSystem,
  2064: P.fastPaymentsSystem,
  1019: P.buyNowPayLater,
};

/**
 * The virtual payments an order's promotions allow (decision 0009): a promotion that limits the
 * payments to a card online leaves no SBP on the repayment page. `allowedPaymentIds` null: no limit
 * (no promotion, or an order placed before the limit was stored).
 */
export function virtualPaymentsAllowed<V extends { id: number }>(
  offers: readonly V[],
  allowedPaymentIds: readonly number[] | null | undefined,
): V[] {
  if (!allowedPaymentIds) return [...offers];
  return offers.filter((p) => allowedPaymentIds.includes(VIRTUAL_PAYMENT_BASE[p.id] ?? p.id));
}

export const paymentMethodById = (id: number) =>
  PAYMENT_METHODS.find((method) => method.id === id) ?? VIRTUAL_PAYMENTS.find((method) => method.id === id) ?? null;

/** The methods of one tab that the basket may use. */
export const paymentMethodsOfTab = (methods: readonly PaymentMethod[], tab: PaymentTab) =>
  methods.filter((method) => method.tab === tab);
