// Promotions (SPEC §3 Action, Accessory promotion): a fixed, realistic set, linked to products of the
// categories that have accessories. The links are made in SQL (INSERT … SELECT over products), so
// seeding stays one round trip per link rule at a million products.
import type { DatabaseHandle } from '../index.ts';
import type { actions } from '../schema.ts';
import { col, insertAll } from './bulk.ts';
import { BRANDS } from './data/brands.ts';
import { BASE_DATE } from './products.ts';
import { pgIntArray } from './text.ts';

type ActionRow = typeof actions.$inferInsert;
type Role = 'main' | 'accessory' | 'present';

const DAY = 86_400_000;
const RUB = 100;

/** Payment ids of SPEC §9: credit online 13, bank instalment 20; pickup delivery 1, courier 2. */
const PAYMENT = { creditOnPlace: 12, creditOnline: 13, online: 17, bankInstalment: 20 } as const;

export const ACTION_IDS = {
  accessoryInstalments: 100,
  instalment: 101,
  brandedWarrantyInstalment: 102,
  bankInstalment: 103,
  accessoryDiscount: 104,
  tvPresent: 105,
  fridgePromocode: 106,
  ended: 107,
  bankInstalment24: 108,
  bankInstalment36: 109,
} as const;

function brandId(code: string): number {
  const index = BRANDS.findIndex((b) => b.code === code);
  if (index < 0) throw new Error(`Unknown brand ${code}`);
  return index + 1;
}

const since = new Date(BASE_DATE - 30 * DAY).toISOString();

export function buildActions(): ActionRow[] {
  const base = {
    publicDescription: '',
    deliveryIds: [] as number[],
    paymentIds: [] as number[],
    sumActionIds: [] as number[],
    required: false,
    promocode: null,
    discount: 0,
    isTradeInAction: false,
    bankFlags: null,
    deferreds: [] as { max_loan: number }[],
    isCredit: false,
    installmentLimit: null,
    priceFrom: null,
    shouldAddWarranties: false,
    warrantyBrandId: null,
    warrantyCategoryId: null,
    startsAt: new Date(since),
    endsAt: null,
    isHidden: false,
    parentId: null,
  };
  return [
    {
      ...base,
      id: ACTION_IDS.accessoryInstalments,
      publicName: 'Рассрочка на аксессуары',
      publicDescription: 'Аксессуары к смартфону, телевизору или технике для дома — в рассрочку без переплаты.',
      actionType: 'info',
      mechanics: { type: 'group', conditions: [], params: {} },
      isHidden: true,
      sort: 10,
    },
    {
      ...base,
      id: ACTION_IDS.instalment,
      parentId: ACTION_IDS.accessoryInstalments,
      publicName: 'Рассрочка 0-0-12 на аксессуары',
      publicDescription:
        'Аксессуары к смартфону в рассрочку на 12 месяцев без первого взноса и переплаты. Сумма аксессуаров — до 20 000 ₽.',
      actionType: 'info',
      paymentIds: [PAYMENT.creditOnline, PAYMENT.creditOnPlace],
      mechanics: { type: 'accessories', conditions: [{ type: 'main_product' }], params: {} },
      isCredit: true,
      installmentLimit: 20_000 * RUB,
      shouldAddWarranties: true,
      isHidden: true,
      sort: 20,
    },
    {
      ...base,
      id: ACTION_IDS.brandedWarrantyInstalment,
      parentId: ACTION_IDS.accessoryInstalments,
      publicName: 'Рассрочка 0-0-24 с гарантией Samsung Care+',
      publicDescription:
        'Смартфон Samsung и аксессуары к нему в рассрочку на 24 месяца, если к покупке добавлена дополнительная гарантия.',
      actionType: 'info',
      paymentIds: [PAYMENT.creditOnline],
      mechanics: { type: 'accessories', conditions: [{ type: 'main_product' }, { type: 'warranty' }], params: {} },
      isCredit: true,
      installmentLimit: 30_000 * RUB,
      shouldAddWarranties: true,
      warrantyBrandId: brandId('samsung'),
      warrantyCategoryId: 224,
      isHidden: true,
      sort: 30,
    },
    {
      ...base,
      id: ACTION_IDS.bankInstalment,
      parentId: ACTION_IDS.accessoryInstalments,
      publicName: 'Банковская рассрочка 0-0-6 на аксессуары',
      publicDescription: 'Рассрочка от банков-партнёров на 6 месяцев: аксессуары к телевизору или технике для дома.',
      actionType: 'info',
      paymentIds: [PAYMENT.bankInstalment],
      mechanics: { type: 'accessories', conditions: [{ type: 'main_product' }], params: {} },
      bankFlags: { bank_installment: true, banks: ['Т-Банк', 'Альфа-Банк'], months: [6] },
      // Two banks lend up to different sums: the promotion's limit is the largest (SPEC §4).
      deferreds: [{ max_loan: 30_000 * RUB }, { max_loan: 50_000 * RUB }],
      isCredit: true,
      installmentLimit: null,
      isHidden: true,
      sort: 40,
    },
    {
      ...base,
      id: ACTION_IDS.accessoryDiscount,
      publicName: 'Скидка 10% на аксессуары при покупке смартфона',
      publicDescription: 'Добавьте к смартфону аксессуары на сумму от 3 000 ₽ и получите на них скидку 10%.',
      actionType: 'percent_discount',
      discount: 10,
      mechanics: {
        type: 'accessories',
        conditions: [{ type: 'main_product' }, { type: 'accessories_sum', value: 3_000 * RUB }],
        params: { price_from: 3_000 * RUB },
      },
      priceFrom: 3_000 * RUB,
      sort: 50,
    },
    {
      ...base,
      id: ACTION_IDS.tvPresent,
      publicName: 'Кронштейн в подарок к телевизору',
      publicDescription: 'Выберите кронштейн в подарок при покупке телевизора.',
      actionType: 'present',
      mechanics: { type: 'present', conditions: [{ type: 'main_product' }], params: {} },
      sort: 60,
    },
    {
      ...base,
      id: ACTION_IDS.fridgePromocode,
      publicName: 'Скидка 2 000 ₽ на холодильник по промокоду',
      publicDescription: 'Введите промокод ХОЛОД2000 при оформлении заказа.',
      actionType: 'absolute_discount',
      promocode: 'ХОЛОД2000',
      discount: 2_000 * RUB,
      paymentIds: [PAYMENT.online, PAYMENT.creditOnline],
      deliveryIds: [1, 2],
      mechanics: { type: 'promocode', conditions: [{ type: 'main_product' }], params: { price_from: 30_000 * RUB } },
      priceFrom: 30_000 * RUB,
      sort: 70,
    },
    {
      ...base,
      id: ACTION_IDS.ended,
      publicName: 'Чёрная пятница: скидка 15% на смартфоны',
      actionType: 'percent_discount',
      discount: 15,
      mechanics: { type: 'discount', conditions: [{ type: 'main_product' }], params: {} },
      startsAt: new Date(BASE_DATE - 400 * DAY),
      endsAt: new Date(BASE_DATE - 340 * DAY),
      sort: 80,
    },
    // Bank instalments of checkout (issue 17, §9 labels 0-0-24 and 0-0-36): payment 20 with pickup; the
    // banks lend up to the largest max_loan. Migration 0025 adds the same rows to a store seeded before.
    ...BANK_INSTALMENT_ACTIONS.map((a) => ({ ...base, ...a })),
  ];
}

/** The bank-flagged promotions checkout derives payment 20's variants from (migration 0025 writes the same). */
export const BANK_INSTALMENT_ACTIONS = [
  {
    id: ACTION_IDS.bankInstalment24,
    publicName: 'Рассрочка 0-0-24 от банков-партнёров',
    publicDescription: '24 месяца без первого взноса и переплаты: Т-Банк, ОТП Банк и Почта Банк. Заказ до 200 000 ₽.',
    actionType: 'info' as const,
    paymentIds: [PAYMENT.bankInstalment],
    deliveryIds: [1],
    mechanics: { type: 'bank_instalment', conditions: [{ type: 'main_product' }], params: {} },
    bankFlags: { bank_installment: true, banks: ['Т-Банк', 'ОТП Банк', 'Почта Банк'], months: [24] },
    deferreds: [{ max_loan: 150_000 * RUB }, { max_loan: 200_000 * RUB }],
    isCredit: true,
    isHidden: true,
    sort: 90,
  },
  {
    id: ACTION_IDS.bankInstalment36,
    publicName: 'Рассрочка 0-0-36 от банков-партнёров',
    publicDescription: '36 месяцев без первого взноса и переплаты: Т-Банк и Почта Банк. Заказ до 300 000 ₽.',
    actionType: 'info' as const,
    paymentIds: [PAYMENT.bankInstalment],
    deliveryIds: [1],
    mechanics: { type: 'bank_instalment', conditions: [{ type: 'main_product' }], params: {} },
    bankFlags: { bank_installment: true, banks: ['Т-Банк', 'Почта Банк'], months: [36] },
    deferreds: [{ max_loan: 300_000 * RUB }],
    isCredit: true,
    isHidden: true,
    sort: 91,
  },
];

/**
 * Link rules: which products take which role in an action. `share` keeps every product whose id is
 * not ≡ 3 mod 4 (three quarters), so some products of a category have no promotion at all.
 */
interface LinkRule {
  actionId: number;
  role: Role;
  categoryIds: number[];
  brandCode?: string;
  share?: 'three-quarters';
  /** Only the most popular N products (presents). */
  limit?: number;
}

const PHONE_ACCESSORIES = [110, 111, 112, 105];

export const ACTION_LINKS: LinkRule[] = [
  { actionId: ACTION_IDS.instalment, role: 'main', categoryIds: [224], share: 'three-quarters' },
  { actionId: ACTION_IDS.instalment, role: 'accessory', categoryIds: PHONE_ACCESSORIES },
  { actionId: ACTION_IDS.brandedWarrantyInstalment, role: 'main', categoryIds: [224, 107], brandCode: 'samsung' },
  { actionId: ACTION_IDS.brandedWarrantyInstalment, role: 'accessory', categoryIds: PHONE_ACCESSORIES },
  { actionId: ACTION_IDS.bankInstalment, role: 'main', categoryIds: [201, 401], share: 'three-quarters' },
  { actionId: ACTION_IDS.bankInstalment, role: 'accessory', categoryIds: [207, 202, 206, 901, 902] },
  { actionId: ACTION_IDS.accessoryDiscount, role: 'main', categoryIds: [224] },
  { actionId: ACTION_IDS.accessoryDiscount, role: 'accessory', categoryIds: [110, 111, 112] },
  { actionId: ACTION_IDS.tvPresent, role: 'main', categoryIds: [201], share: 'three-quarters' },
  { actionId: ACTION_IDS.tvPresent, role: 'present', categoryIds: [207], limit: 3 },
  { actionId: ACTION_IDS.fridgePromocode, role: 'main', categoryIds: [401] },
  { actionId: ACTION_IDS.ended, role: 'main', categoryIds: [224] },
  { actionId: ACTION_IDS.bankInstalment24, role: 'main', categoryIds: [201, 224, 301, 401, 403] },
  { actionId: ACTION_IDS.bankInstalment36, role: 'main', categoryIds: [201, 401], share: 'three-quarters' },
];

export async function insertActions(handle: DatabaseHandle): Promise<void> {
  await insertAll(
    handle,
    'actions',
    [
      col('id', 'int'),
      col('parent_id', 'int'),
      col('public_name', 'text'),
      col('public_description', 'text'),
      col('action_type', 'text'),
      col('delivery_ids', 'int[]'),
      col('payment_ids', 'int[]'),
      col('sum_action_ids', 'int[]'),
      col('required', 'boolean'),
      col('promocode', 'text'),
      col('discount', 'int'),
      col('is_trade_in_action', 'boolean'),
      col('mechanics', 'jsonb'),
      col('bank_flags', 'jsonb'),
      col('deferreds', 'jsonb'),
      col('is_credit', 'boolean'),
      col('installment_limit', 'int'),
      col('price_from', 'int'),
      col('should_add_warranties', 'boolean'),
      col('warranty_brand_id', 'int'),
      col('warranty_category_id', 'int'),
      col('starts_at', 'timestamptz'),
      col('ends_at', 'timestamptz'),
      col('is_hidden', 'boolean'),
      col('sort', 'int'),
    ],
    buildActions().map((a) => [
      a.id,
      a.parentId,
      a.publicName,
      a.publicDescription,
      a.actionType,
      pgIntArray(a.deliveryIds ?? []),
      pgIntArray(a.paymentIds ?? []),
      pgIntArray(a.sumActionIds ?? []),
      a.required,
      a.promocode,
      a.discount,
      a.isTradeInAction,
      JSON.stringify(a.mechanics),
      a.bankFlags ? JSON.stringify(a.bankFlags) : null,
      JSON.stringify(a.deferreds ?? []),
      a.isCredit,
      a.installmentLimit,
      a.priceFrom,
      a.shouldAddWarranties,
      a.warrantyBrandId,
      a.warrantyCategoryId,
      a.startsAt instanceof Date ? a.startsAt.toISOString() : null,
      a.endsAt instanceof Date ? a.endsAt.toISOString() : null,
      a.isHidden,
      a.sort,
    ]),
  );

  for (const rule of ACTION_LINKS) {
    const params: unknown[] = [rule.actionId, rule.role, rule.categoryIds];
    let where = 'p.status = 1 AND p.category_id = ANY ($3::int[])';
    if (rule.brandCode) {
      params.push(brandId(rule.brandCode));
      where += ` AND p.brand_id = $${params.length}`;
    }
    if (rule.share === 'three-quarters') where += ' AND p.id % 4 <> 3';
    const limit = rule.limit ? ` ORDER BY p.position, p.id LIMIT ${Number(rule.limit)}` : '';
    await handle.query(
      `INSERT INTO action_products (action_id, role, product_id)
       SELECT $1::int, $2::text, p.id FROM products p WHERE ${where}${limit}`,
      params,
    );
  }
}
