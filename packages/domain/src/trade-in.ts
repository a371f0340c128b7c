// Trade-in (SPEC §1, §3 Trade-in, §4 Trade-in flow, §8, §9): the condition codes in both readings,
// the calculator's flow rules and the discount. Pure: the API, the page and the seed share them.

/** The three conditions an old device is valued in (§3 Old device status). */
export const TRADE_IN_CONDITIONS = ['perfect', 'working', 'broken_screen'] as const;
export type TradeInCondition = (typeof TRADE_IN_CONDITIONS)[number];

export const TRADE_IN_CONDITION_LABELS: Record<TradeInCondition, string> = {
  perfect: 'Отличное',
  working: 'Рабочее',
  broken_screen: 'Разбит экран',
};

export const TRADE_IN_CONDITION_HINTS: Record<TradeInCondition, string> = {
  perfect: 'Без царапин и сколов, всё работает, есть зарядка',
  working: 'Следы использования, царапины; экран и корпус целые, всё работает',
  broken_screen: 'Трещины на экране или стекле, устройство включается',
};

/**
 * §3 and §9 give two readings of the codes. The trade-in module (and the exchange device record's
 * `condition_device`) uses 3, 2, 1; the other reading uses the letters C, D, NC, which it maps to 4, 2, 1.
 * Both are mapped here and nowhere else.
 */
export const CONDITION_DEVICE_CODES: Record<TradeInCondition, 3 | 2 | 1> = { perfect: 3, working: 2, broken_screen: 1 };
export const CONDITION_LETTERS: Record<TradeInCondition, 'C' | 'D' | 'NC'> = {
  perfect: 'C',
  working: 'D',
  broken_screen: 'NC',
};
export const CONDITION_LETTER_CODES: Record<'C' | 'D' | 'NC', 4 | 2 | 1> = { C: 4, D: 2, NC: 1 };

/**
 * A condition from any reading: the name, the module's 3/2/1, the letters C/D/NC or their 4/2/1.
 * 2 and 1 mean the same in both readings; 3 and 4 both mean perfect. Anything else is null.
 */
export function parseTradeInCondition(value: unknown): TradeInCondition | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if ((TRADE_IN_CONDITIONS as readonly string[]).includes(text)) return text as TradeInCondition;
  switch (text.toUpperCase()) {
    case '3':
    case '4':
    case 'C':
      return 'perfect';
    case '2':
    case 'D':
      return 'working';
    case '1':
    case 'NC':
      return 'broken_screen';
    default:
      return null;
  }
}

/** The exchange device record's condition_device (3 perfect, 2 working, 1 broken screen). */
export const conditionDeviceCode = (condition: TradeInCondition) => CONDITION_DEVICE_CODES[condition];
/** The letter reading's number (C=4, D=2, NC=1). */
export const conditionLetterCode = (condition: TradeInCondition) =>
  CONDITION_LETTER_CODES[CONDITION_LETTERS[condition]];

/** The httpOnly cookie holding the shopper's calculator (tx). */
export const TRADE_IN_COOKIE = 'tradein_tx';

/** §9: the default calculator id and the page size of trade-in lists. */
export const TRADE_IN_CALCULATOR_ID = 1;
export const TRADE_IN_LIST_SIZE = 100;
/** §4: device ids are random 5-digit numbers. */
export const TRADE_IN_DEVICE_ID_MIN = 10000;
export const TRADE_IN_DEVICE_ID_MAX = 99999;
/** How many old devices one trade-in takes (ours: a shop counter takes a handful, not a warehouse). */
export const TRADE_IN_MAX_DEVICES = 5;

export const TRADE_IN_MESSAGES = {
  priceFailed: 'Не удалось рассчитать стоимость устройства',
  noMemory: 'Не удалось загрузить варианты памяти',
  tooManyDevices: `Можно сдать не больше ${TRADE_IN_MAX_DEVICES} устройств за раз`,
  discountTooLarge: 'Скидка по Trade-in не может быть больше цены товара',
} as const;

/** §3 Old device: tId is the 5-digit record id, id the model's id; empty until chosen. */
export interface TradeInOldDevice {
  tId: number;
  id: number | null;
  brand: string | null;
  model: string | null;
  /** GB; 0 when the model has no memory sizes. */
  memory: number | null;
  status: TradeInCondition | null;
  /** Kopecks, from the lookup; null until the condition is chosen. */
  price: number | null;
}

/** §4: a random id from 10000 to 99999 that no device of the flow has yet. */
export function newTradeInDeviceId(taken: Iterable<number> = [], random: () => number = Math.random): number {
  const used = new Set(taken);
  const span = TRADE_IN_DEVICE_ID_MAX - TRADE_IN_DEVICE_ID_MIN + 1;
  for (let i = 0; i < 1000; i++) {
    const id = TRADE_IN_DEVICE_ID_MIN + Math.floor(random() * span);
    if (!used.has(id)) return id;
  }
  throw new Error('no free trade-in device id');
}

/** §4: adding an old device creates a record with empty fields. */
export function blankTradeInDevice(tId: number): TradeInOldDevice {
  return { tId, id: null, brand: null, model: null, memory: null, status: null, price: null };
}

/**
 * §4 memory step: memory info is an object keyed by memory size; a single key 0 means the model has
 * no sizes to choose from and the step is skipped.
 */
export function skipsMemoryStep(memoryInfo: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(memoryInfo);
  return keys.length === 1 && keys[0] === '0';
}

/** §4, §8: the memory-load error flag is set when no memory options come back. */
export function memoryLoadFailed(memoryInfo: Readonly<Record<string, unknown>> | null | undefined): boolean {
  return !memoryInfo || Object.keys(memoryInfo).length === 0;
}

/** Prices of one model: memory (GB, '0' for none) → condition → kopecks. */
export type TradeInPriceTable = Readonly<Record<string, Partial<Record<TradeInCondition, number>>>>;

/** §4 lookup by memory and condition; §8: a failed lookup is false. */
export function lookupTradeInPrice(
  prices: TradeInPriceTable,
  memory: number | null,
  condition: TradeInCondition | null,
): number | false {
  if (condition === null) return false;
  const key = String(skipsMemoryStep(prices) ? 0 : (memory ?? -1));
  const price = prices[key]?.[condition];
  return typeof price === 'number' && Number.isInteger(price) && price > 0 ? price : false;
}

export type TradeInStep = 'search' | 'memory' | 'condition' | 'done';

/** The step a device is at: brand or model search, then memory (unless skipped), then condition. */
export function tradeInStep(device: TradeInOldDevice): TradeInStep {
  if (device.id === null) return 'search';
  if (device.memory === null) return 'memory';
  if (device.status === null || device.price === null) return 'condition';
  return 'done';
}

/**
 * Going back one step clears the last choice; the caller keeps the device as it was (the flow's cache
 * of the current device) so a step forward again can offer the same choice.
 */
export function tradeInStepBack(device: TradeInOldDevice, skipMemory: boolean): TradeInOldDevice {
  const step = tradeInStep(device);
  if (step === 'done' || step === 'condition') {
    if (device.status !== null || device.price !== null) return { ...device, status: null, price: null };
    if (skipMemory) return { ...blankTradeInDevice(device.tId) };
    return { ...device, memory: null };
  }
  if (step === 'memory') return blankTradeInDevice(device.tId);
  return device;
}

/** §4: removing a device; when none remain a blank one is added. */
export function removeTradeInDevice(
  devices: readonly TradeInOldDevice[],
  tId: number,
  random: () => number = Math.random,
): TradeInOldDevice[] {
  const rest = devices.filter((d) => d.tId !== tId);
  return rest.length > 0 ? rest : [blankTradeInDevice(newTradeInDeviceId([tId], random))];
}

/** The promotion's trade-in bonus the shopper gets: only once an old device is valued. */
export function tradeInBonus(devicesDiscount: number, bonus: number): number {
  return devicesDiscount > 0 ? Math.max(0, bonus) : 0;
}

/** §4: the total discount is the sum of the old devices' prices plus the promotion's trade-in bonus. */
export function tradeInTotalDiscount(devices: readonly Pick<TradeInOldDevice, 'price'>[], bonus = 0): number {
  const sum = devices.reduce((total, d) => total + (d.price ?? 0), 0);
  return sum + tradeInBonus(sum, bonus);
}

/** The old devices a trade-in takes: those with a model chosen (a blank one just added is left out). */
export function chosenTradeInDevices<D extends TradeInOldDevice>(devices: readonly D[]): D[] {
  return devices.filter((d) => d.id !== null);
}

/** A trade-in can go into an order once a device is chosen and every chosen device is valued. */
export function tradeInValued(devices: readonly TradeInOldDevice[]): boolean {
  const chosen = chosenTradeInDevices(devices);
  return chosen.length > 0 && chosen.every((d) => tradeInStep(d) === 'done');
}

/** §4: the new price is the price minus the discount; null when the discount is larger than the price. */
export function tradeInNewPrice(price: number, discount: number): number | null {
  return discount > price ? null : price - discount;
}
