import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnvFile } from './env-file.ts';

const names = ['STORE_ENV_TEST_FROM_FILE', 'STORE_ENV_TEST_SET_BOTH'];
afterEach(() => {
  for (const name of names) delete process.env[name];
});

describe('.env', () => {
  it('is read when present, and a variable set in the environment wins', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-env-'));
    try {
      const file = path.join(dir, '.env');
      fs.writeFileSync(file, '# comment\nSTORE_ENV_TEST_FROM_FILE=4321\nSTORE_ENV_TEST_SET_BOTH="from file"\n');
      process.env['STORE_ENV_TEST_SET_BOTH'] = 'from environment';
      expect(loadEnvFile(file)).toBe(true);
      expect(process.env['STORE_ENV_TEST_FROM_FILE']).toBe('4321');
      expect(process.env['STORE_ENV_TEST_SET_BOTH']).toBe('from environment');
      expect(loadEnvFile(path.join(dir, 'missing.env'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
