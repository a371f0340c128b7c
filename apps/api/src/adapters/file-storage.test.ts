// One contract for both storages: the local disk and an S3-compatible server (s3rver, in this process).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createFileStorage, createLocalFileStorage, createS3FileStorage, type FileStorage } from './file-storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'repair-files-'));
let s3: S3rver;
let s3Port = 0;

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: path.join(root, 's3'),
    silent: true,
    configureBuckets: [{ name: 'repair-docs', configs: [] }],
  });
  s3Port = (await s3.run()).port;
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const storages: [string, () => FileStorage][] = [
  ['local disk', () => createLocalFileStorage(path.join(root, 'local'))],
  [
    'S3-compatible server',
    () =>
      createS3FileStorage({
        endpoint: `http://127.0.0.1:${s3Port}`,
        bucket: 'repair-docs',
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      }),
  ],
];

describe.each(storages)('file storage contract: %s', (_name, make) => {
  it('stores, reads back byte for byte, replaces and deletes', async () => {
    const storage = make();
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255, 10, 13]);
    await storage.put('repair/ab12/cd34', bytes, 'image/png');
    expect(await storage.get('repair/ab12/cd34')).toEqual(bytes);
    await storage.put('repair/ab12/cd34', new Uint8Array([1, 2, 3]), 'image/png');
    expect(await storage.get('repair/ab12/cd34')).toEqual(new Uint8Array([1, 2, 3]));
    await storage.delete('repair/ab12/cd34');
    expect(await storage.get('repair/ab12/cd34')).toBeNull();
    await storage.delete('repair/ab12/cd34');
  });

  it('answers null for a key never stored', async () => {
    expect(await make().get('repair/none/none')).toBeNull();
  });

  it('refuses keys that could leave its place', async () => {
    const storage = make();
    for (const key of ['../etc/passwd', '/abs', 'a/../../b', 'Upper', 'a//b', '', 'a/b.png'])
      await expect(storage.put(key, new Uint8Array([1]), 'image/png')).rejects.toThrow(RangeError);
  });
});

describe('choosing the storage from the settings', () => {
  it('is the disk under DATA_DIR by default and S3 when all four S3 settings are given', () => {
    expect(createFileStorage(loadConfig({ DATA_DIR: path.join(root, 'data') })).kind).toBe('local');
    const config = loadConfig({
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'repair-docs',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(createFileStorage(config).kind).toBe('s3');
    expect(() => loadConfig({ S3_BUCKET: 'repair-docs' })).toThrow(/go together/);
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3 bucket name/);
  });

  it('writes local files under DATA_DIR/files', async () => {
    const dataDir = path.join(root, 'data2');
    const storage = createFileStorage(loadConfig({ DATA_DIR: dataDir }));
    await storage.put('repair/x1/y2', new Uint8Array([7]), 'image/jpeg');
    expect(fs.readFileSync(path.join(dataDir, 'files', 'repair', 'x1', 'y2'))).toEqual(Buffer.from([7]));
  });
});
