// Listing filters (SPEC §3 Filter, §4 Filters, §7 Categories). The selection lives in the page URL
// exactly as the API takes it: list values as repeated filter[code][]=valueId, ranges as
// filter[code][from][]=n and filter[code][to][]=n (price in rubles).
import { NBSP, RUBLE_SIGN, formatPrice } from './price.ts';

export interface FilterListSelection {
  /** Value ids as strings, in the order they were chosen. */
  values: string[];
}

export interface FilterRangeSelection {
  /** null: that side is open. */
  from: number | null;
  to: number | null;
}

export type FilterSelectionEntry = FilterListSelection | FilterRangeSelection;
export type FilterSelection = Record<string, FilterSelectionEntry>;

/** Which filters depend on which: { brand: ['series'] } clears series when a brand is deselected. */
export type FilterDependents = Readonly<Record<string, readonly string[]>>;

/** The filter that is a price range in rubles (its tags get the ruble format). */
export const PRICE_FILTER_CODE = 'price';
/** A list filter takes at most this many values. */
export const FILTER_VALUES_LIMIT = 50;

const FILTER_CODE = /^[a-z0-9_]{1,64}$/;

export const FILTER_ERRORS = {
  /** The SPEC §5 numeric message. */
  numeric: 'Допустимы только цифры.',
  fromAboveTo: 'Значение «от» больше значения «до».',
  unknown: 'Неизвестный фильтр',
  tooManyValues: `Пожалуйста, выберите не больше ${FILTER_VALUES_LIMIT} значений.`,
  listAndRange: 'Фильтр задан и списком, и диапазоном.',
} as const;

/** Filter codes: 1 to 64 lowercase latin letters, digits and underscores. */
export function isFilterCode(code: string): boolean {
  return FILTER_CODE.test(code);
}

export function isListSelection(entry: FilterSelectionEntry): entry is FilterListSelection {
  return 'values' in entry;
}

export function isRangeSelection(entry: FilterSelectionEntry): entry is FilterRangeSelection {
  return !('values' in entry);
}

// Own properties only: a code such as 'constructor' must not find Object.prototype.constructor.
function entryOf(selection: FilterSelection, code: string): FilterSelectionEntry | undefined {
  return Object.hasOwn(selection, code) ? selection[code] : undefined;
}

function finiteOrNull(n: number | null | undefined): number | null {
  return typeof n === 'number' && Number.isFinite(n) ? n + 0 : null; // + 0 turns -0 into 0
}

function uniqueValueIds(values: readonly (string | number)[]): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    const id = String(value).trim();
    if (id !== '') seen.add(id);
  }
  return [...seen];
}

// ---------------------------------------------------------------- URL

function decodeBrackets(key: string): string {
  return key.replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

/** True for a filter[…] query key, bracket-encoded or not. */
export function isFilterParam(key: string): boolean {
  return decodeBrackets(key).startsWith('filter[');
}

const FILTER_KEY = /^filter\[([^[\]]*)\](.*)$/;
// filter[code][], filter[code][0] and the bare filter[code].
const LIST_TAIL = /^(?:\[\d*\])?$/;
// filter[code][from], filter[code][from][], filter[code][from][0]; same for to.
const RANGE_TAIL = /^\[(from|to)\](?:\[\d*\])?$/;
const QUERY_NUMBER = /^-?\d+(?:[.,]\d+)?$/;

// '' → null (an empty input means "open side"); not a number → undefined.
function parseQueryNumber(text: string): number | null | undefined {
  const compact = text.replace(/\s+/g, '');
  if (compact === '') return null;
  if (!QUERY_NUMBER.test(compact)) return undefined;
  const n = Number(compact.replace(',', '.'));
  return Number.isFinite(n) ? n + 0 : undefined;
}

interface RawFilter {
  list: string[];
  from: string[];
  to: string[];
}

export interface ParsedFilterQuery {
  /** Only the filters that parsed cleanly. */
  selection: FilterSelection;
  /** Messages keyed 'filter.code' ('filter' when no code can be read). */
  errors: Record<string, string[]>;
}

/**
 * Reads the filter[…] params of a listing URL. Tolerated: filter[code][], filter[code][0],
 * filter[code]; still-encoded brackets (filter%5Bbrand%5D%5B%5D); comma-joined values
 * (filter[brand][]=1,2); spaces around values and inside range numbers ('10 000'); a decimal
 * comma in ranges ('6,1'); empty values and empty range sides (ignored). Values are
 * de-duplicated in first-seen order. A range side given several times takes its first
 * non-blank value.
 *
 * Errors, keyed 'filter.code': a range side that is not a plain decimal number →
 * 'Допустимы только цифры.'; from > to → 'Значение «от» больше значения «до».'; a code
 * outside /^[a-z0-9_]{1,64}$/ or a key of another shape (filter[code][foo]) →
 * 'Неизвестный фильтр'; more than 50 values; list and range forms for one code. A filter
 * with an error is left out of `selection` entirely (no half-applied filter), so a page can
 * use `selection` and ignore `errors`, while the API answers 400 with them.
 */
export function parseFilterQuery(params: URLSearchParams): ParsedFilterQuery {
  const raw = new Map<string, RawFilter>();
  const errors = new Map<string, string[]>();
  const addError = (key: string, message: string) => {
    const list = errors.get(key) ?? [];
    if (!list.includes(message)) list.push(message);
    errors.set(key, list);
  };

  for (const [rawKey, value] of params) {
    const key = decodeBrackets(rawKey);
    if (!key.startsWith('filter[')) continue;
    const match = FILTER_KEY.exec(key);
    const code = match?.[1] ?? '';
    const errorKey = code === '' ? 'filter' : `filter.${code}`;
    if (!match || !isFilterCode(code)) {
      addError(errorKey, FILTER_ERRORS.unknown);
      continue;
    }
    const tail = match[2] ?? '';
    const side = RANGE_TAIL.exec(tail)?.[1] as 'from' | 'to' | undefined;
    if (!side && !LIST_TAIL.test(tail)) {
      addError(errorKey, FILTER_ERRORS.unknown);
      continue;
    }
    const filter = raw.get(code) ?? { list: [], from: [], to: [] };
    raw.set(code, filter);
    filter[side ?? 'list'].push(value);
  }

  const selection: [string, FilterSelectionEntry][] = [];
  for (const [code, filter] of raw) {
    const errorKey = `filter.${code}`;
    if (errors.has(errorKey)) continue;
    const isRange = filter.from.length > 0 || filter.to.length > 0;
    if (isRange && filter.list.length > 0) {
      addError(errorKey, FILTER_ERRORS.listAndRange);
      continue;
    }
    if (!isRange) {
      const values = uniqueValueIds(filter.list.flatMap((value) => value.split(',')));
      if (values.length > FILTER_VALUES_LIMIT) addError(errorKey, FILTER_ERRORS.tooManyValues);
      else if (values.length > 0) selection.push([code, { values }]);
      continue;
    }
    const firstText = (texts: string[]) => texts.find((text) => text.trim() !== '') ?? '';
    const from = parseQueryNumber(firstText(filter.from));
    const to = parseQueryNumber(firstText(filter.to));
    if (from === undefined || to === undefined) addError(errorKey, FILTER_ERRORS.numeric);
    else if (from !== null && to !== null && from > to) addError(errorKey, FILTER_ERRORS.fromAboveTo);
    else if (from !== null || to !== null) selection.push([code, { from, to }]);
  }

  // fromEntries defines own properties, so even a '__proto__' code stays a plain key.
  return { selection: Object.fromEntries(selection), errors: Object.fromEntries(errors) };
}

// Plain decimal notation, never exponent form ('1e+21'), so parseFilterQuery reads it back.
function plainNumber(n: number): string {
  const text = String(n + 0);
  if (!/e/i.test(text)) return text;
  if (Number.isInteger(n)) return BigInt(n).toString();
  return n.toFixed(20).replace(/\.?0+$/, '');
}

const NUMERIC_ID = /^-?\d+(?:\.\d+)?$/;

// Numeric ids numerically ('2' before '10'), then the others in code-unit order.
function compareValueIds(a: string, b: string): number {
  const aNumeric = NUMERIC_ID.test(a);
  const bNumeric = NUMERIC_ID.test(b);
  if (aNumeric && bNumeric) {
    const diff = Number(a) - Number(b);
    if (diff !== 0) return diff < 0 ? -1 : 1;
  } else if (aNumeric !== bNumeric) {
    return aNumeric ? -1 : 1;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The selection as query pairs in a stable order, so one selection has one URL: codes
 * sorted, list values de-duplicated and sorted (numerically when numeric), then the range
 * sides from before to. Left out: codes parseFilterQuery would reject, empty lists, and
 * range sides that are null or not finite. A from > to range is written as given
 * (parseFilterQuery reports it). Value ids must not contain commas: they would be read
 * back as two values.
 */
export function serializeFilterQuery(selection: FilterSelection): [string, string][] {
  const pairs: [string, string][] = [];
  const codes = Object.keys(selection)
    .filter(isFilterCode)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const code of codes) {
    const entry = entryOf(selection, code);
    if (!entry) continue;
    if (isListSelection(entry)) {
      for (const id of uniqueValueIds(entry.values).sort(compareValueIds)) pairs.push([`filter[${code}][]`, id]);
      continue;
    }
    const from = finiteOrNull(entry.from);
    const to = finiteOrNull(entry.to);
    if (from !== null) pairs.push([`filter[${code}][from][]`, plainNumber(from)]);
    if (to !== null) pairs.push([`filter[${code}][to][]`, plainNumber(to)]);
  }
  return pairs;
}

/**
 * A copy of `params` with every filter[…] param (encoded or not) replaced by the selection.
 * Everything else (order_by, q, query…) stays as it was, in its order; the page number is
 * in the path (page-N), not here. `params` itself is not changed.
 */
export function withFilters(params: URLSearchParams, selection: FilterSelection): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) if (!isFilterParam(key)) next.append(key, value);
  for (const [key, value] of serializeFilterQuery(selection)) next.append(key, value);
  return next;
}

// ---------------------------------------------------------------- Changes

// Every filter that depends on `code`, directly or through another dependent (brand →
// series → model), without `code` itself; safe against cycles.
function dependentsOf(code: string, dependents: FilterDependents): Set<string> {
  const found = new Set<string>();
  const queue = [code];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    const children = Object.hasOwn(dependents, current) ? (dependents[current] ?? []) : [];
    for (const child of children) {
      if (child === code || found.has(child)) continue;
      found.add(child);
      queue.push(child);
    }
  }
  return found;
}

// The selection with `code` set to `entry` (or removed for null) and the `drop` codes removed.
// Keeps the order of the other filters; a new code goes last.
function rebuild(
  selection: FilterSelection,
  code: string,
  entry: FilterSelectionEntry | null,
  drop: ReadonlySet<string> = new Set(),
): FilterSelection {
  const entries: [string, FilterSelectionEntry][] = [];
  let placed = false;
  for (const [current, value] of Object.entries(selection)) {
    if (current === code) {
      placed = true;
      if (entry) entries.push([current, entry]);
    } else if (!drop.has(current)) {
      entries.push([current, value]);
    }
  }
  if (!placed && entry) entries.push([code, entry]);
  return Object.fromEntries(entries);
}

/**
 * Selects or deselects one value of a list filter (SPEC §4 Filters). Deselecting any value
 * also clears the filters that depend on this one (dependents[code], transitively): a series
 * chosen under a brand that is no longer selected would filter by something the visitor did
 * not ask for, and the series list changes with the brands anyway. The SPEC only requires
 * this when the filter becomes empty; clearing on every removal is our choice. Selecting a
 * value leaves dependents alone. A range entry under `code` is replaced by the list. Past 50
 * values, or for a blank id, the selection is returned unchanged (the same object).
 */
export function toggleFilterValue(
  selection: FilterSelection,
  code: string,
  valueId: string | number,
  dependents: FilterDependents = {},
): FilterSelection {
  const id = String(valueId).trim();
  if (id === '') return selection;
  const entry = entryOf(selection, code);
  const current = entry && isListSelection(entry) ? entry.values : [];
  if (current.includes(id)) {
    const values = current.filter((value) => value !== id);
    return rebuild(selection, code, values.length > 0 ? { values } : null, dependentsOf(code, dependents));
  }
  if (current.length >= FILTER_VALUES_LIMIT) return selection;
  return rebuild(selection, code, { values: [...current, id] });
}

/**
 * Sets a range filter. null (or a non-finite number, e.g. from an empty input) opens that
 * side; both open removes the filter. The bounds are kept as given, even from > to:
 * swapping would silently change what the visitor typed, and parseFilterQuery reports it.
 */
export function setFilterRange(
  selection: FilterSelection,
  code: string,
  from: number | null,
  to: number | null,
): FilterSelection {
  const lower = finiteOrNull(from);
  const upper = finiteOrNull(to);
  return rebuild(selection, code, lower === null && upper === null ? null : { from: lower, to: upper });
}

/** Removes a filter and the filters that depend on it (transitively). */
export function removeFilter(
  selection: FilterSelection,
  code: string,
  dependents: FilterDependents = {},
): FilterSelection {
  return rebuild(selection, code, null, dependentsOf(code, dependents));
}

/** The empty selection ('Сбросить все'). */
export function clearFilters(): FilterSelection {
  return {};
}

function entryCount(entry: FilterSelectionEntry): number {
  if (isListSelection(entry)) return uniqueValueIds(entry.values).length;
  return finiteOrNull(entry.from) !== null || finiteOrNull(entry.to) !== null ? 1 : 0;
}

/**
 * How many things are selected: each list value counts one, each range with a bound counts
 * one. That is also the number of tags selectedFilterTags gives when every value is known.
 */
export function filterCount(selection: FilterSelection): number {
  return Object.values(selection).reduce((sum, entry) => sum + entryCount(entry), 0);
}

/** True when anything is selected (an empty list or an open range does not count). */
export function isFiltered(selection: FilterSelection): boolean {
  return filterCount(selection) > 0;
}

// ---------------------------------------------------------------- Tags

/** What the tags need to know about a filter (the API's Filter has these fields and more). */
export interface FilterInfo {
  code: string;
  name: string;
  type: 'list' | 'range';
  unit: string | null;
  values: readonly { id: number | string; name: string }[];
}

export interface FilterTag {
  code: string;
  /** The value a tag removes; null for a range tag (it removes the whole range). */
  valueId: string | null;
  label: string;
}

// Units spelt with letters or digits stand after a no-break space ('256 ГБ'); symbols attach
// ('6,1"', '25%', '-18°C').
function unitSuffix(unit: string | null): string {
  const text = unit?.trim();
  if (!text) return '';
  return /^[\p{L}\p{N}]/u.test(text) ? `${NBSP}${text}` : text;
}

const NUMERIC_NAME = /^(-?\d+(?:[.,]\d+)?)(?:\s*(.+))?$/;

// The number of a numeric value name with a decimal comma ('6.1' → '6,1'), or null. A name of
// a number followed by the filter's own unit ('256 ГБ' with unit 'ГБ') counts as numeric too.
function numericName(name: string, unit: string | null): string | null {
  const match = NUMERIC_NAME.exec(name);
  if (!match?.[1]) return null;
  const rest = match[2];
  if (rest !== undefined && rest.toLowerCase() !== (unit ?? '').trim().toLowerCase()) return null;
  return match[1].replace('.', ',');
}

function listValueLabel(filter: FilterInfo, valueName: string): string {
  const name = valueName.trim().replace(/\s+/g, ' ');
  const filterName = filter.name.trim();
  const lower = name.toLowerCase();
  if (lower === 'да' || lower === 'нет') return `${filterName}: ${lower === 'да' ? 'Да' : 'Нет'}`;
  const number = numericName(name, filter.unit);
  if (number !== null) return `${filterName}: ${number}${unitSuffix(filter.unit)}`;
  return name;
}

// Rubles with the price grouping of formatPrice (every number of 4+ digits, kopecks only when
// there are any), without the ruble sign.
function formatRubles(rubles: number): string {
  const kopecks = Math.round(rubles * 100);
  if (!Number.isSafeInteger(kopecks)) return formatDecimal(rubles);
  return formatPrice(kopecks).slice(0, -`${NBSP}${RUBLE_SIGN}`.length);
}

// Decimal comma; integer parts of 5+ digits grouped with no-break spaces, as Russian typesetting
// does ('12 000', but '2023' stays whole so a year is not split).
function formatDecimal(n: number): string {
  const [whole = '', fraction] = plainNumber(Math.abs(n)).split('.');
  const grouped = whole.length >= 5 ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP) : whole;
  return `${n < 0 ? '-' : ''}${grouped}${fraction ? `,${fraction}` : ''}`;
}

function rangeLabel(filter: FilterInfo, entry: FilterRangeSelection): string | null {
  const from = finiteOrNull(entry.from);
  const to = finiteOrNull(entry.to);
  if (from === null && to === null) return null;
  const isPrice = filter.code === PRICE_FILTER_CODE;
  const format = isPrice ? formatRubles : formatDecimal;
  const unit = isPrice ? `${NBSP}${RUBLE_SIGN}` : unitSuffix(filter.unit);
  let body: string;
  if (from !== null && to !== null) {
    body = from === to ? format(from) : `${format(from)}${NBSP}– ${format(to)}`;
  } else if (from !== null) {
    body = `от${NBSP}${format(from)}`;
  } else {
    body = `до${NBSP}${format(to as number)}`;
  }
  return `${filter.name.trim()}: ${body}${unit}`;
}

/**
 * Tags for the selected filters (SPEC §4 Filters), in the order of `filters` and, within a
 * filter, of its values. A list value whose name is yes/no ('Да'/'Нет', any case) or a
 * number shows the filter name too: 'NFC: Да', 'Количество SIM-карт: 2', 'Встроенная
 * память: 256 ГБ' (numbers get the unit and a decimal comma). Any other value shows just its
 * name: 'Samsung'. A range shows from–to with the filter name: 'Цена: 10 000 – 50 000 ₽',
 * 'Цена: от 10 000 ₽', 'Цена: до 50 000 ₽', 'Диагональ экрана: 6,1 – 6,7"'; equal bounds
 * show one number. Spaces inside numbers, before a unit, after 'от'/'до' and before the dash
 * are no-break. Selected ids the filter does not list, codes not in `filters`, and selections
 * of the wrong kind get no tag.
 */
export function selectedFilterTags(filters: readonly FilterInfo[], selection: FilterSelection): FilterTag[] {
  const tags: FilterTag[] = [];
  const seenCodes = new Set<string>();
  for (const filter of filters) {
    if (seenCodes.has(filter.code)) continue;
    seenCodes.add(filter.code);
    const entry = entryOf(selection, filter.code);
    if (!entry) continue;
    if (filter.type === 'list' && isListSelection(entry)) {
      const selected = new Set(uniqueValueIds(entry.values));
      for (const value of filter.values) {
        const id = String(value.id).trim();
        if (!selected.delete(id)) continue;
        tags.push({ code: filter.code, valueId: id, label: listValueLabel(filter, value.name) });
      }
    } else if (filter.type === 'range' && isRangeSelection(entry)) {
      const label = rangeLabel(filter, entry);
      if (label !== null) tags.push({ code: filter.code, valueId: null, label });
    }
  }
  return tags;
}
