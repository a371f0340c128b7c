// Every setting of config.ts is in .env.example and in the README's table, and nothing else is: a newcomer
// copies .env.example to .env and reads the README, so neither may miss or invent a setting.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// NODE_ENV is chosen by the command (`npm start`: production, `npm run dev`: development), not by a setting.
const settings = Object.keys(configSchema.shape)
  .filter((name) => name !== 'NODE_ENV')
  .sort();

describe('configuration documents', () => {
  it('.env.example lists exactly the settings of config.ts', () => {
    const text = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
    // A setting whose empty value means something else than unset is listed commented out: `# NAME=`.
    const listed = [...text.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    expect(new Set(listed).size, 'a setting listed twice').toBe(listed.length);
    expect(listed.sort()).toEqual(settings);
  });

  it("the README's configuration table lists exactly the settings of config.ts", () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
    );
    const listed = [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]!);
    expect(new Set(listed).size, 'a setting listed twice').toBe(listed.length);
    expect(listed.sort()).toEqual(settings);
  });
});
