// The trade-in price list an operator replaces (`npm run tradein:import -- file.csv`): one line per
// model and memory size with the three condition prices in roubles. Parsed and checked here, so the
// import command and its tests share the rules; every error names its line.

export const TRADE_IN_GROUPS = [
  { id: 1, code: 'smartphones', name: 'Смартфоны', categoryId: 224 },
  { id: 2, code: 'tablets', name: 'Планшеты', categoryId: 107 },
  { id: 3, code: 'laptops', name: 'Ноутбуки', categoryId: 301 },
  { id: 4, code: 'watches', name: 'Умные часы', categoryId: 102 },
  { id: 5, code: 'consoles', name: 'Игровые консоли', categoryId: 801 },
] as const;
export type TradeInGroupCode = (typeof TRADE_IN_GROUPS)[number]['code'];

export const TRADE_IN_CSV_COLUMNS = [
  'group',
  'brand',
  'model',
  'year',
  'memory_gb',
  'perfect',
  'working',
  'broken_screen',
  'popular',
] as const;

export interface TradeInPriceRow {
  line: number;
  group: TradeInGroupCode;
  brand: string;
  model: string;
  year: number;
  /** 0: the model has no memory sizes. */
  memoryGb: number;
  /** Kopecks. */
  perfect: number;
  working: number;
  brokenScreen: number;
  popular: boolean;
}

export interface TradeInCsvError {
  line: number;
  message: string;
}

const MAX_PRICE_RUB = 1_000_000;

/** Splits one CSV line (`;` or `,`), honouring double quotes. */
function splitCsvLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

/** Roubles with up to two decimals (a comma or a point) → kopecks; null when not a price. */
function parseRoubles(text: string): number | null {
  const clean = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, frac = ''] = clean.split('.');
  const kopecks = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return kopecks > 0 && kopecks <= MAX_PRICE_RUB * 100 ? kopecks : null;
}

/**
 * Parses the price list. The first line is the header with the columns of TRADE_IN_CSV_COLUMNS
 * (`popular` may be left out); separator `;` or `,`. Lines are numbered from 1 (the header).
 */
export function parseTradeInPriceCsv(text: string): { rows: TradeInPriceRow[]; errors: TradeInCsvError[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const errors: TradeInCsvError[] = [];
  const rows: TradeInPriceRow[] = [];
  const header = lines[0] ?? '';
  const separator = header.includes(';') ? ';' : ',';
  const names = splitCsvLine(header, separator).map((h) => h.toLowerCase());
  const required = TRADE_IN_CSV_COLUMNS.filter((c) => c !== 'popular');
  const missing = required.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    return { rows, errors: [{ line: 1, message: `В заголовке нет столбцов: ${missing.join(', ')}` }] };
  }
  const at = (cells: string[], name: string) => cells[names.indexOf(name)] ?? '';
  const seen = new Map<string, number>();
  const currentYear = new Date().getUTCFullYear();
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    const line = i + 1;
    const cells = splitCsvLine(raw, separator);
    const fail = (message: string) => errors.push({ line, message });
    if (cells.length !== names.length) {
      fail(`ожидалось столбцов: ${names.length}, а их ${cells.length}`);
      continue;
    }
    const group = TRADE_IN_GROUPS.find((g) => g.code === at(cells, 'group'));
    const brand = at(cells, 'brand');
    const model = at(cells, 'model');
    const yearText = at(cells, 'year');
    const memoryText = at(cells, 'memory_gb');
    const year = /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
    const memoryGb = /^\d{1,5}$/.test(memoryText) ? Number(memoryText) : NaN;
    const perfect = parseRoubles(at(cells, 'perfect'));
    const working = parseRoubles(at(cells, 'working'));
    const brokenScreen = parseRoubles(at(cells, 'broken_screen'));
    const popularText = names.includes('popular') ? at(cells, 'popular').toLowerCase() : '';
    const before = errors.length;
    if (!group) fail(`неизвестная группа «${at(cells, 'group')}» (${TRADE_IN_GROUPS.map((g) => g.code).join(', ')})`);
    if (brand === '' || brand.length > 60) fail('бренд пустой или длиннее 60 символов');
    if (model === '' || model.length > 120) fail('модель пустая или длиннее 120 символов');
    if (!(year >= 2000 && year <= currentYear + 1)) fail(`год выпуска «${yearText}» не от 2000 до ${currentYear + 1}`);
    if (!(memoryGb >= 0 && memoryGb <= 16384)) fail(`память «${memoryText}» — не целое число ГБ (0 — без памяти)`);
    if (perfect === null) fail(`цена perfect «${at(cells, 'perfect')}» — не сумма в рублях`);
    if (working === null) fail(`цена working «${at(cells, 'working')}» — не сумма в рублях`);
    if (brokenScreen === null) fail(`цена broken_screen «${at(cells, 'broken_screen')}» — не сумма в рублях`);
    if (!['', '0', '1', 'да', 'нет'].includes(popularText)) fail(`popular «${popularText}»: 1 или 0`);
    if (
      perfect !== null &&
      working !== null &&
      brokenScreen !== null &&
      !(perfect >= working && working >= brokenScreen)
    )
      fail('цены должны убывать: perfect ≥ working ≥ broken_screen');
    const key = `${brand.toLowerCase()}\u0001${model.toLowerCase()}\u0001${memoryGb}`;
    if (errors.length === before && seen.has(key)) fail(`повтор строки ${seen.get(key)}: та же модель и память`);
    if (errors.length > before) continue;
    seen.set(key, line);
    rows.push({
      line,
      group: group!.code,
      brand,
      model,
      year,
      memoryGb,
      perfect: perfect!,
      working: working!,
      brokenScreen: brokenScreen!,
      popular: popularText === '1' || popularText === 'да',
    });
  }
  // A model is either without memory sizes (one line with 0) or with sizes only.
  const byModel = new Map<string, TradeInPriceRow[]>();
  for (const row of rows) {
    const key = `${row.brand.toLowerCase()}\u0001${row.model.toLowerCase()}`;
    byModel.set(key, [...(byModel.get(key) ?? []), row]);
  }
  for (const list of byModel.values()) {
    const first = list[0]!;
    if (list.length > 1 && list.some((r) => r.memoryGb === 0))
      errors.push({ line: first.line, message: `${first.brand} ${first.model}: память 0 вместе с размерами памяти` });
    if (list.some((r) => r.group !== first.group || r.year !== first.year))
      errors.push({ line: first.line, message: `${first.brand} ${first.model}: разные группа или год в строках` });
  }
  if (rows.length === 0 && errors.length === 0)
    errors.push({ line: 1, message: 'В файле нет ни одной строки с ценами' });
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors };
}

/** The CSV of a price list (the seed's demo list is written with it). */
export function formatTradeInPriceCsv(rows: readonly Omit<TradeInPriceRow, 'line'>[]): string {
  const rub = (k: number) => (k % 100 === 0 ? String(k / 100) : (k / 100).toFixed(2));
  const quote = (s: string) => (/[;"]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const body = rows.map((r) =>
    [
      r.group,
      quote(r.brand),
      quote(r.model),
      r.year,
      r.memoryGb,
      rub(r.perfect),
      rub(r.working),
      rub(r.brokenScreen),
      r.popular ? 1 : 0,
    ].join(';'),
  );
  return [TRADE_IN_CSV_COLUMNS.join(';'), ...body].join('\n') + '\n';
}
