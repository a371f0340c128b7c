// Promotions of the products in a basket (SPEC §3 Action, Accessory promotion; §7 Actions):
// GET /v2/actions?basket[0][product_id]=…&basket[0][qty]=…&basket[0][supplier_id]=…
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { ACTION_TYPES, instalmentLimitOf, isActionListed, mechanicsDone } from '@store/domain';
import { actionAccessoryCategories, actionAccessoryScope } from '../catalog/action-accessories.ts';
import { accessoryGroupsFor } from '../catalog/accessory-groups.ts';
import {
  listActionLinksKept,
  listActionsForProductsKept,
  listBasketProductsKept,
  type ActionRow,
  type BasketProductRow,
} from '../data/actions.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError, fieldErrors } from '../http/errors.ts';
import { commaList, commonQuery, positiveInt } from '../http/params.ts';
import { notFoundOrInvalid } from '../schemas/shell.ts';

/** At most this many basket lines in one call. */
export const MAX_BASKET_LINES = 100;

const ConditionSchema = z.object({
  type: z.string(),
  value: z.number().int().nullable(),
  done: z.boolean(),
});

const AccessoryCategorySchema = z
  .object({ id: z.number().int(), name: z.string(), accessory_count: z.number().int() })
  .openapi('ActionAccessoryCategory');

const ActionSchema = z
  .object({
    id: z.number().int(),
    parent_id: z.number().int().nullable(),
    public_name: z.string(),
    public_description: z.string(),
    action_type: z.enum(ACTION_TYPES),
    delivery_ids: z.array(z.number().int()),
    payment_ids: z.array(z.number().int()),
    sum_action_ids: z.array(z.number().int()),
    required: z.boolean(),
    promocode: z.string().nullable(),
    /** Percent for percent_discount, kopecks for absolute_discount and special_price. */
    discount: z.number().int(),
    is_trade_in_action: z.boolean(),
    presents: z.array(z.object({ product_id: z.number().int(), selected: z.boolean() })),
    mechanics: z.object({
      type: z.string(),
      done: z.boolean(),
      conditions: z.array(ConditionSchema),
      params: z.object({ price_from: z.number().int().nullable() }),
    }),
    /** Only with expand=bank_flags. */
    bank_flags: z
      .object({ bank_installment: z.boolean(), banks: z.array(z.string()), months: z.array(z.number().int()) })
      .nullable()
      .optional(),
    deferreds: z.array(z.object({ max_loan: z.number().int() })),
    starts_at: z.string(),
    ends_at: z.string().nullable(),
    /** The basket products the action applies to. */
    product_ids: z.array(z.number().int()),
    // Accessory promotion (SPEC §3), present when the action offers accessories for these products.
    parentId: z.number().int().nullable().optional(),
    publicName: z.string().optional(),
    isCredit: z.boolean().optional(),
    installmentLimit: z.number().int().nullable().optional(),
    priceOfAccessories: z.number().int().optional(),
    priceFrom: z.number().int().nullable().optional(),
    accessories: z.array(AccessoryCategorySchema).optional(),
    shouldAddWarranties: z.boolean().optional(),
    isCompleted: z.boolean().optional(),
    hasConditions: z.boolean().optional(),
    /** The special branded warranty: instalment only for this brand and category with a warranty chosen. */
    specialWarranty: z
      .object({
        brandId: z.number().int(),
        brandName: z.string(),
        categoryId: z.number().int(),
        categoryName: z.string(),
      })
      .nullable()
      .optional(),
  })
  .openapi('Action');
export type Action = z.infer<typeof ActionSchema>;

const flag = z.enum(['0', '1']).optional();

const list = createRoute({
  method: 'get',
  path: '/v2/actions',
  tags: ['Actions'],
  summary: 'Promotions of the basket products',
  description:
    'The basket goes in bracket notation: basket[0][product_id]=12&basket[0][qty]=1&basket[0][supplier_id]=3 ' +
    `(product_id required, qty 1..999 default 1, at most ${MAX_BASKET_LINES} lines). Regular promotions are always ` +
    'listed; credit (instalment) ones only with group_credit=1, bank instalments only with group_deferred=1, hidden ones ' +
    'only with show_hidden=1. expand=bank_flags adds the bank flags. 404 when a basket product does not exist.',
  request: {
    query: z.object({
      ...commonQuery,
      show_hidden: flag,
      group_deferred: flag,
      group_credit: flag,
      expand: commaList(z.enum(['bank_flags'])),
      action_ids: commaList(positiveInt),
    }),
  },
  responses: {
    200: { description: 'Actions', content: { 'application/json': { schema: z.array(ActionSchema) } } },
    ...notFoundOrInvalid,
  },
});

const BasketLineSchema = z.object({
  product_id: positiveInt,
  qty: z.coerce.number().int().min(1).max(999).default(1),
  supplier_id: positiveInt.optional(),
});
type BasketLine = z.infer<typeof BasketLineSchema> & { index: number };

const BASKET_KEY = /^basket\[(\d{1,4})\]\[([a-z_]+)\]$/;
const BASKET_FIELDS = new Set(['product_id', 'qty', 'supplier_id']);

/**
 * The basket lines of basket[i][field]=value pairs, in index order. Unknown fields, repeated keys,
 * malformed keys and invalid values are 422 with the line's field named (basket.0.qty).
 */
export function parseBasket(search: URLSearchParams): BasketLine[] {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const raw = new Map<number, Record<string, string>>();
  for (const [key, value] of search) {
    if (!key.startsWith('basket')) continue;
    const match = BASKET_KEY.exec(key);
    if (!match) {
      add('basket', 'Некорректный формат. Ожидается basket[0][product_id].');
      continue;
    }
    const index = Number(match[1]);
    const field = match[2]!;
    if (!BASKET_FIELDS.has(field)) {
      add(`basket.${index}.${field}`, 'Неизвестное поле.');
      continue;
    }
    const line = raw.get(index) ?? {};
    if (field in line) add(`basket.${index}.${field}`, 'Поле указано больше одного раза.');
    line[field] = value;
    raw.set(index, line);
  }
  if (raw.size === 0 && Object.keys(errors).length === 0) add('basket', 'Это поле необходимо заполнить.');
  if (raw.size > MAX_BASKET_LINES) add('basket', `Нужно не больше ${MAX_BASKET_LINES} значений.`);
  const lines: BasketLine[] = [];
  for (const index of [...raw.keys()].sort((a, b) => a - b)) {
    const parsed = BasketLineSchema.safeParse(raw.get(index));
    if (parsed.success) {
      lines.push({ ...parsed.data, index });
      continue;
    }
    for (const [field, messages] of Object.entries(fieldErrors(parsed.error))) {
      for (const message of messages) add(`basket.${index}.${field}`, message);
    }
  }
  if (Object.keys(errors).length > 0) throw new ApiError(422, 'Проверьте параметры запроса', errors);
  return lines;
}

function linePrice(line: BasketLine, product: BasketProductRow): number {
  const partner = line.supplier_id === undefined ? undefined : product.supplier_prices?.[String(line.supplier_id)];
  return (partner ?? product.price) * line.qty;
}

export function registerActionRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(list, async (c) => {
    const q = c.req.valid('query');
    const basket = parseBasket(new URL(c.req.url).searchParams);
    const { handle } = c.get('deps');
    const productIds = [...new Set(basket.map((l) => l.product_id))];
    // A display answer (the product page, the basket): promotions, products and links come from memory,
    // kept until their product's change events or the reference TTL (decision 0049). Pricing an order
    // and applying an action read the database.
    const products = new Map((await listBasketProductsKept(handle, productIds)).map((p) => [p.id, p]));
    const missing = basket.filter((l) => products.get(l.product_id)?.status !== 1);
    if (missing.length > 0) {
      throw new ApiError(
        404,
        'Товар не найден',
        Object.fromEntries(missing.map((l) => [`basket.${l.index}.product_id`, ['Товар не найден.']])),
      );
    }

    const flags = {
      showHidden: q.show_hidden === '1',
      groupCredit: q.group_credit === '1',
      groupDeferred: q.group_deferred === '1',
    };
    const rows = (await listActionsForProductsKept(handle, productIds, q.action_ids ?? null)).filter((a) =>
      isActionListed({ isCredit: a.is_credit, hasBankFlags: a.bank_flags !== null, isHidden: a.is_hidden }, flags),
    );
    const actionIds = rows.map((a) => a.id);
    const [accessoryLinks, presentLinks, index] = await Promise.all([
      listActionLinksKept(handle, actionIds, 'accessory', productIds),
      listActionLinksKept(handle, actionIds, 'present', null),
      c.get('catalog').get(),
    ]);

    const expandBankFlags = q.expand?.includes('bank_flags') ?? false;
    const answer: Action[] = [];
    for (const row of rows) {
      const accessoryIds = new Set(accessoryLinks.filter((l) => l.action_id === row.id).map((l) => l.product_id));
      const priceOfAccessories = basket
        .filter((l) => accessoryIds.has(l.product_id))
        .reduce((sum, l) => sum + linePrice(l, products.get(l.product_id)!), 0);
      const conditions = row.mechanics.conditions.map((condition) => ({
        type: condition.type,
        value: condition.value ?? null,
        done: conditionDone(condition, { mainInBasket: row.product_ids.length > 0, priceOfAccessories }),
      }));
      const done = mechanicsDone(conditions);
      const action: Action = {
        id: row.id,
        parent_id: row.parent_id,
        public_name: row.public_name,
        public_description: row.public_description,
        action_type: row.action_type,
        delivery_ids: row.delivery_ids,
        payment_ids: row.payment_ids,
        sum_action_ids: row.sum_action_ids,
        required: row.required,
        promocode: row.promocode,
        discount: row.discount,
        is_trade_in_action: row.is_trade_in_action,
        presents: presentLinks
          .filter((l) => l.action_id === row.id)
          .map((l) => ({ product_id: l.product_id, selected: false })),
        mechanics: {
          type: row.mechanics.type,
          done,
          conditions,
          params: { price_from: row.mechanics.params.price_from ?? null },
        },
        deferreds: row.deferreds,
        starts_at: row.starts_at,
        ends_at: row.ends_at,
        product_ids: row.product_ids,
      };
      if (expandBankFlags) action.bank_flags = row.bank_flags;

      // The accessory categories: the accessory groups of the basket products this action applies to.
      const groupIds = [...new Set(row.product_ids.flatMap((id) => accessoryGroupsFor(products.get(id)!.category_id)))];
      const scope = await actionAccessoryScope(handle, index, row.id);
      const accessories = actionAccessoryCategories(index, scope, groupIds);
      if (accessories.length > 0)
        Object.assign(action, accessoryPromotion(row, { accessories, priceOfAccessories, done }));
      answer.push(action);
    }
    return c.json(answer, 200);
  });
}

export function conditionDone(
  condition: { type: string; value?: number },
  facts: { mainInBasket: boolean; priceOfAccessories: number },
): boolean {
  switch (condition.type) {
    case 'main_product':
      return facts.mainInBasket;
    case 'accessories_sum':
      return facts.priceOfAccessories >= (condition.value ?? 0);
    default:
      return false;
  }
}

function accessoryPromotion(
  row: ActionRow,
  facts: { accessories: Action['accessories']; priceOfAccessories: number; done: boolean },
): Partial<Action> {
  return {
    parentId: row.parent_id,
    publicName: row.public_name,
    isCredit: row.is_credit,
    // A bank instalment lends up to its largest max_loan (SPEC §4); the store's own, up to its limit.
    installmentLimit: instalmentLimitOf(row.deferreds, row.installment_limit),
    priceOfAccessories: facts.priceOfAccessories,
    priceFrom: row.price_from,
    accessories: facts.accessories,
    shouldAddWarranties: row.should_add_warranties,
    isCompleted: facts.done,
    // Something to reach beyond buying the main product (a sum of accessories, say).
    hasConditions: row.mechanics.conditions.some((c) => c.type !== 'main_product'),
    specialWarranty:
      row.warranty_brand && row.warranty_category
        ? {
            brandId: row.warranty_brand.id,
            brandName: row.warranty_brand.name,
            categoryId: row.warranty_category.id,
            categoryName: row.warranty_category.name,
          }
        : null,
  };
}
