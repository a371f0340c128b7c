// The trade-in calculator's state (SPEC §3 flow fields, old and derivable devices; §4 flow): built from
// the session's rows with the domain's rules, so the API, the page and create-order agree on the discount.
import { randomBytes } from 'node:crypto';
import type { TransactionHandle } from '@store/db';
import {
  blankTradeInDevice,
  lookupTradeInPrice,
  newTradeInDeviceId,
  parseTradeInCondition,
  skipsMemoryStep,
  TRADE_IN_CALCULATOR_ID,
  TRADE_IN_CONDITION_LABELS,
  TRADE_IN_MAX_DEVICES,
  TRADE_IN_MESSAGES,
  tradeInBonus,
  tradeInNewPrice,
  tradeInTotalDiscount,
  type TradeInOldDevice,
  type TradeInPriceTable,
} from '@store/domain';
import {
  deleteTradeInDevice,
  findDerivableProduct,
  findTradeInAction,
  findTradeInModel,
  insertTradeInSession,
  listDerivableSiblings,
  listTradeInDevices,
  listTradeInPrices,
  lockTradeInSession,
  setTradeInProduct,
  upsertTradeInDevice,
  type DerivableProductRow,
  type TradeInDeviceRow,
  type TradeInPriceRow,
  type TradeInSessionRow,
} from '../data/trade-in.ts';
import { ApiError } from '../http/errors.ts';

type Query = Pick<TransactionHandle, 'query'>;

/** §3 Old device as the API answers it: the domain's record plus its display fields. */
export interface OldDeviceState extends TradeInOldDevice {
  name: string | null;
  type: string | null;
  info: string | null;
}

export interface DerivableState {
  product_id: number;
  model_id: number | null;
  name: string;
  image: string | null;
  url: string;
  price: number;
  color: string | null;
  memory: string | null;
  colors: { product_id: number; name: string; code: string; price: number }[];
  /** Sum of the old devices' prices. */
  discounts: number;
  /** The promotion's trade-in bonus (0 without a valued device). */
  discountTradein: number;
  /** price − total_discount; null when the discount is larger than the price. */
  newPrice: number | null;
}

export interface TradeInState {
  tx: string;
  tradein_id: number;
  calculator_id: number;
  product_id: number | null;
  devices: OldDeviceState[];
  total_discount: number;
  /** The promotion's bonus the shopper gets (§3 discountBenefit). */
  discountBenefit: number;
  action: { id: number; name: string; type: string; bonus: number } | null;
  derivable: DerivableState | null;
}

export const newTradeInTx = () => randomBytes(16).toString('hex');

/** memory (GB) → condition → kopecks, the §4 memory info. */
export function priceTable(rows: readonly TradeInPriceRow[]): TradeInPriceTable {
  return Object.fromEntries(
    rows.map((r) => [String(r.memory_gb), { perfect: r.perfect, working: r.working, broken_screen: r.broken_screen }]),
  );
}

const colorCode = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-zа-яё0-9]+/gi, '-')
    .replace(/^-|-$/g, '');

function oldDevice(row: TradeInDeviceRow): OldDeviceState {
  const memory = row.memory_gb === null || row.memory_gb === 0 ? '' : ` ${row.memory_gb} ГБ`;
  return {
    tId: row.device_id,
    id: row.model_id,
    brand: row.brand,
    model: row.model,
    memory: row.memory_gb,
    status: row.condition,
    price: row.price,
    name: row.model === null ? null : `${row.brand} ${row.model}${memory}`,
    type: row.group_code,
    info: row.condition === null ? null : TRADE_IN_CONDITION_LABELS[row.condition],
  };
}

async function derivableState(
  db: Query,
  product: DerivableProductRow,
  discounts: number,
  bonus: number,
): Promise<DerivableState> {
  const siblings = await listDerivableSiblings(db, product);
  const sameMemory = siblings.filter((s) => s.memory === product.memory && s.color);
  const colors = [...new Map(sameMemory.map((s) => [s.color!, s])).values()].map((s) => ({
    product_id: s.product_id,
    name: s.color!,
    code: colorCode(s.color!),
    price: s.price,
  }));
  const benefit = tradeInBonus(discounts, bonus);
  return {
    product_id: product.product_id,
    model_id: product.model_id,
    name: product.name,
    image: product.image,
    url: product.url,
    price: product.price,
    color: product.color,
    memory: product.memory,
    colors,
    discounts,
    discountTradein: benefit,
    newPrice: tradeInNewPrice(product.price, discounts + benefit),
  };
}

/** The whole state of one session. */
export async function tradeInState(db: Query, session: TradeInSessionRow): Promise<TradeInState> {
  const rows = await listTradeInDevices(db, session.id);
  const devices = rows.map(oldDevice);
  const product = session.product_id === null ? null : await findDerivableProduct(db, session.product_id);
  const action = product ? await findTradeInAction(db, product.product_id) : null;
  const bonus = action?.discount ?? 0;
  const discounts = tradeInTotalDiscount(devices);
  return {
    tx: session.tx,
    tradein_id: session.id,
    calculator_id: TRADE_IN_CALCULATOR_ID,
    product_id: product?.product_id ?? null,
    devices,
    total_discount: tradeInTotalDiscount(devices, bonus),
    discountBenefit: tradeInBonus(discounts, bonus),
    action: action ? { id: action.id, name: action.public_name, type: action.type, bonus: action.discount } : null,
    derivable: product ? await derivableState(db, product, discounts, bonus) : null,
  };
}

/** A session by its tx, locked; a missing one is created when `create` (a new tx is made when none came). */
export async function openTradeInSession(
  tx: Query,
  txId: string | undefined,
  create: boolean,
): Promise<TradeInSessionRow> {
  if (txId) {
    const session = await lockTradeInSession(tx, txId);
    if (session) return session;
    if (!create) throw new ApiError(404, 'Расчёт Trade-in не найден');
  }
  if (!create) throw new ApiError(404, 'Расчёт Trade-in не найден');
  return insertTradeInSession(tx, newTradeInTx());
}

/** Refuses a discount larger than the new device's price (issue 16 item 6). */
async function ensureDiscountFits(db: Query, session: TradeInSessionRow) {
  const state = await tradeInState(db, session);
  if (state.derivable && state.derivable.newPrice === null) throw new ApiError(422, TRADE_IN_MESSAGES.discountTooLarge);
  return state;
}

export async function chooseDerivable(db: Query, session: TradeInSessionRow, productId: number | null) {
  if (productId !== null) {
    const product = await findDerivableProduct(db, productId);
    if (!product) throw new ApiError(404, 'Товар не найден', { product_id: ['Товар не найден'] });
  }
  await setTradeInProduct(db, session.id, productId);
  return ensureDiscountFits(db, { ...session, product_id: productId });
}

export interface DeviceInput {
  tId?: number | undefined;
  /** The model id; null clears the device. */
  id?: number | null | undefined;
  memory?: number | null | undefined;
  status?: string | number | null | undefined;
}

export interface DeviceOutcome {
  state: TradeInState;
  /** The device the call created or changed. */
  tId: number;
  /** §8: false when the price lookup failed for a complete device. */
  price: number | false | null;
}

/**
 * POST /trade-in-data: without tId a blank device is added (§4: a random 5-digit id, empty fields);
 * with it the shopper's device is changed. A field left out stays; null clears it and the steps after it.
 */
export async function saveTradeInDevice(
  db: Query,
  session: TradeInSessionRow,
  input: DeviceInput,
): Promise<DeviceOutcome> {
  const rows = await listTradeInDevices(db, session.id);
  let current: TradeInDeviceRow;
  if (input.tId === undefined) {
    if (rows.length >= TRADE_IN_MAX_DEVICES) throw new ApiError(422, TRADE_IN_MESSAGES.tooManyDevices);
    const blank = blankTradeInDevice(newTradeInDeviceId(rows.map((r) => r.device_id)));
    current = {
      device_id: blank.tId,
      model_id: null,
      brand: null,
      model: null,
      group_code: null,
      memory_gb: null,
      condition: null,
      price: null,
    };
  } else {
    const found = rows.find((r) => r.device_id === input.tId);
    if (!found) throw new ApiError(404, 'Устройство не найдено в вашем расчёте', { tId: ['Устройство не найдено'] });
    current = found;
  }
  let modelId = current.model_id;
  let memory = current.memory_gb;
  let condition = current.condition;
  if (input.id !== undefined && input.id !== modelId) {
    modelId = input.id;
    memory = null;
    condition = null;
  }
  const model = modelId === null ? null : await findTradeInModel(db, modelId);
  if (modelId !== null && !model)
    throw new ApiError(422, 'Такой модели нет в прайс-листе', { id: ['Модель не найдена'] });
  const table = model ? priceTable(await listTradeInPrices(db, model.id)) : {};
  const skipMemory = skipsMemoryStep(table);
  if (model && skipMemory) memory = 0;
  // Without memory sizes the memory is 0 whatever came (§4: the step is skipped).
  if (input.memory !== undefined && !skipMemory) {
    if (input.memory === null) {
      memory = null;
      condition = null;
    } else {
      if (!model) throw new ApiError(422, 'Сначала выберите модель', { memory: ['Сначала выберите модель'] });
      if (!(String(input.memory) in table))
        throw new ApiError(422, 'У этой модели нет такого объёма памяти', { memory: ['Нет такого объёма памяти'] });
      if (input.memory !== memory) condition = null;
      memory = input.memory;
    }
  }
  if (input.status !== undefined) {
    if (input.status === null) condition = null;
    else {
      const parsed = parseTradeInCondition(input.status);
      if (!parsed)
        throw new ApiError(422, 'Неизвестное состояние устройства', {
          status: ['Состояние: perfect, working, broken_screen (3, 2, 1 или C, D, NC)'],
        });
      if (!model || memory === null)
        throw new ApiError(422, 'Сначала выберите модель и память', { status: ['Сначала выберите модель и память'] });
      condition = parsed;
    }
  }
  const looked = model && memory !== null && condition !== null ? lookupTradeInPrice(table, memory, condition) : null;
  await upsertTradeInDevice(db, session.id, {
    device_id: current.device_id,
    model_id: modelId,
    memory_gb: memory,
    condition: looked === false ? null : condition,
    price: typeof looked === 'number' ? looked : null,
  });
  const state = await ensureDiscountFits(db, session);
  return { state, tId: current.device_id, price: looked };
}

/** DELETE /trade-in-calculator/remove: §4, the last device gone leaves a blank one. */
export async function removeTradeInDeviceOf(db: Query, session: TradeInSessionRow, tId: number) {
  if (!(await deleteTradeInDevice(db, session.id, tId)))
    throw new ApiError(404, 'Устройство не найдено в вашем расчёте', { tId: ['Устройство не найдено'] });
  const left = await listTradeInDevices(db, session.id);
  if (left.length === 0) {
    await upsertTradeInDevice(db, session.id, {
      device_id: newTradeInDeviceId([tId]),
      model_id: null,
      memory_gb: null,
      condition: null,
      price: null,
    });
  }
  return tradeInState(db, session);
}

/** The new device's memory variants (GET /calculator/derivable-memories). */
export async function derivableMemories(db: Query, productId: number) {
  const product = await findDerivableProduct(db, productId);
  if (!product) throw new ApiError(404, 'Товар не найден');
  const siblings = await listDerivableSiblings(db, product);
  const byMemory = new Map<string, DerivableProductRow>();
  for (const s of siblings) {
    if (s.memory === null) continue;
    // The variant in the product's own colour when there is one, else the cheapest.
    const had = byMemory.get(s.memory);
    if (!had || (s.color === product.color && had.color !== product.color)) byMemory.set(s.memory, s);
  }
  return [...byMemory.values()]
    .sort((a, b) => Number(a.memory) - Number(b.memory))
    .map((s) => ({
      memory: s.memory!,
      product_id: s.product_id,
      price: s.price,
      selected: s.memory === product.memory,
    }));
}

/** The new device's colours in its memory (GET /calculator/derivable-color-prices). */
export async function derivableColorPrices(db: Query, productId: number) {
  const product = await findDerivableProduct(db, productId);
  if (!product) throw new ApiError(404, 'Товар не найден');
  const state = await derivableState(db, product, 0, 0);
  return state.colors.map((c) => ({ ...c, selected: c.product_id === product.product_id }));
}
