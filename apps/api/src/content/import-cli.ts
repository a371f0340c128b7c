// npm run content:import -- <folder>: imports Markdown files with front matter (content/import.ts)
// into the store's database (DATABASE_URL, or PGlite in DATA_DIR: stop the store first, it holds
// the data directory's lock). Exit code 1 and one line per problem («file: field: message»).
import fs from 'node:fs';
import path from 'node:path';
import { DataDirLockedError, loadEnvFile, migrateDatabase, openDatabase, type DatabaseHandle } from '@store/db';
import { formatProblem, importContentFolder } from './import.ts';

async function main(): Promise<number> {
  const folder = process.argv[2];
  if (!folder || folder === '--help') {
    console.log('Usage: npm run content:import -- <folder with .md files>');
    return folder ? 0 : 1;
  }
  loadEnvFile(path.resolve(process.cwd(), '.env'));
  const databaseUrl = process.env['DATABASE_URL'];
  const useServer = databaseUrl !== undefined && /^postgres(ql)?:\/\//.test(databaseUrl);
  const dataDir = path.resolve(process.cwd(), process.env['DATA_DIR'] || './data');
  if (!useServer) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  let handle: DatabaseHandle;
  try {
    handle = useServer ? await openDatabase({ databaseUrl, maxConnections: 2 }) : await openDatabase({ dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`Error: ${error.message}\nStop the store that uses ${dataDir} and run the import again.`);
      return 1;
    }
    throw error;
  }
  try {
    await migrateDatabase(handle);
    const result = await importContentFolder(handle, path.resolve(process.cwd(), folder));
    if (result.problems.length > 0) {
      for (const problem of result.problems) console.error(formatProblem(problem));
      console.error(`Nothing imported: ${result.problems.length} problem(s).`);
      return 1;
    }
    console.log(`Imported ${result.articles} article(s) and ${result.pages} promo page(s).`);
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
