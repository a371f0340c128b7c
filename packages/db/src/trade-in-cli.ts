/**
 * npm run tradein:import -- prices.csv [--check]
 * npm run tradein:import -- --template > prices.csv   (the demo list as a starting point)
 * Replaces the trade-in price list (README «Trade-in»). DATABASE_URL=postgres://… for a server,
 * otherwise PGlite in DATA_DIR (default ./data): stop the store first, PGlite takes one process.
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatTradeInPriceCsv, parseTradeInPriceCsv } from '@store/domain';
import { DataDirLockedError, loadEnvFile, migrateDatabase, openDatabase } from './index.ts';
import { DEFAULT_SEED } from './seed/index.ts';
import { buildTradeInPriceList } from './seed/trade-in.ts';
import { replaceTradeInPriceList } from './trade-in-prices.ts';

const USAGE = `Usage: npm run tradein:import -- FILE.csv [--check]
       npm run tradein:import -- --template > FILE.csv
  FILE.csv    columns group;brand;model;year;memory_gb;perfect;working;broken_screen;popular
              (prices in roubles, memory_gb 0 for a model without sizes, groups: smartphones, tablets,
              laptops, watches, consoles; separator ; or ,)
  --check     only check the file, change nothing
  --template  print the demo price list as CSV`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  if (argv.includes('--template')) {
    process.stdout.write(formatTradeInPriceCsv(buildTradeInPriceList(DEFAULT_SEED)));
    return 0;
  }
  const check = argv.includes('--check');
  const files = argv.filter((a) => !a.startsWith('--'));
  const unknown = argv.filter((a) => a.startsWith('--') && a !== '--check');
  if (files.length !== 1 || unknown.length > 0) {
    console.error(`Error: ${unknown.length > 0 ? `unknown option ${unknown[0]}` : 'name one CSV file'}\n\n${USAGE}`);
    return 1;
  }
  const file = path.resolve(process.cwd(), files[0]!);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    console.error(`Error: cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  const { rows, errors } = parseTradeInPriceCsv(text);
  if (errors.length > 0) {
    for (const e of errors.slice(0, 50)) console.error(`${files[0]}:${e.line}: ${e.message}`);
    if (errors.length > 50) console.error(`… и ещё ${errors.length - 50}`);
    console.error(`Прайс-лист не загружен: ошибок ${errors.length}. Исправьте файл и запустите снова.`);
    return 1;
  }
  if (check) {
    console.log(`Файл в порядке: строк с ценами ${rows.length}. Ничего не изменено (--check).`);
    return 0;
  }
  loadEnvFile(path.resolve(process.cwd(), '.env'));
  const databaseUrl = process.env['DATABASE_URL'];
  const useServer = databaseUrl !== undefined && /^postgres(ql)?:\/\//.test(databaseUrl);
  const dataDir = path.resolve(process.cwd(), process.env['DATA_DIR'] || './data');
  let handle;
  try {
    handle = useServer ? await openDatabase({ databaseUrl, maxConnections: 2 }) : await openDatabase({ dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`Error: ${error.message}\nStop the store that uses ${dataDir} and try again.`);
      return 1;
    }
    throw error;
  }
  try {
    await migrateDatabase(handle);
    const result = await replaceTradeInPriceList(handle, rows);
    console.log(
      `Прайс-лист Trade-in загружен: брендов ${result.brands}, моделей ${result.models}, цен ${result.prices}; ` +
        `снято с приёма моделей: ${result.deactivated}.`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
