// `.env` next to package.json (see .env.example): read at start-up by `npm start`, `npm run dev` and
// `npm run seed`. Node's own parser; a variable already set in the environment wins over the file.
import fs from 'node:fs';

/** Loads `file` into process.env when it exists; returns whether it did. */
export function loadEnvFile(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}
