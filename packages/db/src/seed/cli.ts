/**
 * npm run seed -- --products 5000 --seed 42 --reset
 * DATABASE_URL=postgres://… seeds a server; otherwise PGlite in DATA_DIR (default ./data, relative to the working directory).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DataDirLockedError, loadEnvFile, migrateDatabase, openDatabase, type DatabaseHandle } from '../index.ts';
import { DEFAULT_PRODUCTS, DEFAULT_SEED, MAX_PRODUCTS, hasData, hasUnfinishedSeed, seedDatabase } from './index.ts';

const USAGE = `Usage: npm run seed -- [--products N] [--seed S] [--reset]
  --products N  number of products, 1 to ${MAX_PRODUCTS.toLocaleString('en-US')} (default ${DEFAULT_PRODUCTS})
  --seed S      random seed, 0 to 2147483647 (default ${DEFAULT_SEED})
  --reset       delete all data first (required when the database is not empty)
Environment: DATABASE_URL=postgres://… for a PostgreSQL server, otherwise DATA_DIR (default ./data) for PGlite.`;

interface CliOptions {
  products: number;
  seed: number;
  reset: boolean;
  help: boolean;
}

class UsageError extends Error {}

function parseInteger(flag: string, raw: string | undefined, min: number, max: number): number {
  if (raw === undefined || raw.startsWith('--')) throw new UsageError(`${flag} needs a value`);
  const text = raw.replace(/_/g, '');
  if (!/^\d+$/.test(text)) throw new UsageError(`${flag} must be a whole number, got "${raw}"`);
  const value = Number(text);
  if (value < min || value > max)
    throw new UsageError(`${flag} must be from ${min} to ${max.toLocaleString('en-US')}, got ${raw}`);
  return value;
}

function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { products: DEFAULT_PRODUCTS, seed: DEFAULT_SEED, reset: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    switch (flag) {
      case '--products':
        options.products = parseInteger('--products', inline ?? argv[++i], 1, MAX_PRODUCTS);
        break;
      case '--seed':
        options.seed = parseInteger('--seed', inline ?? argv[++i], 0, 2_147_483_647);
        break;
      case '--reset':
        if (inline !== undefined) throw new UsageError('--reset takes no value');
        options.reset = true;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new UsageError(`Unknown argument "${arg}"`);
    }
  }
  return options;
}

async function main(): Promise<number> {
  let options: CliOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`Error: ${error.message}\n\n${USAGE}`);
      return 1;
    }
    throw error;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }

  loadEnvFile(path.resolve(process.cwd(), '.env'));
  const databaseUrl = process.env['DATABASE_URL'];
  const useServer = databaseUrl !== undefined && /^postgres(ql)?:\/\//.test(databaseUrl);
  const dataDir = path.resolve(process.cwd(), process.env['DATA_DIR'] || './data');
  const target = useServer ? 'PostgreSQL server (DATABASE_URL)' : `PGlite in ${dataDir}`;
  if (!useServer) fs.mkdirSync(path.dirname(dataDir), { recursive: true });

  let handle: DatabaseHandle;
  try {
    handle = useServer ? await openDatabase({ databaseUrl, maxConnections: 2 }) : await openDatabase({ dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `Error: ${error.message}\nStop the process that uses ${dataDir} (the store or another seed) and try again.`,
      );
      return 1;
    }
    throw error;
  }
  try {
    await migrateDatabase(handle);
    if (!options.reset && (await hasData(handle)) && !(await hasUnfinishedSeed(handle))) {
      console.error(
        `Error: the database (${target}) already contains data.\nRun with --reset to delete it and seed again: npm run seed -- --products ${options.products} --reset`,
      );
      return 1;
    }
    console.log(`Seeding ${options.products.toLocaleString('en-US')} products (seed ${options.seed}) into ${target}…`);
    const result = await seedDatabase(handle, {
      products: options.products,
      seed: options.seed,
      reset: options.reset,
      log: (msg) => console.log(`  ${msg}`),
    });
    console.log(
      `Done: ${result.products.toLocaleString('en-US')} products in ${(result.durationMs / 1000).toFixed(1)} s`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
