// Where uploaded files live (repair documents, issue 18; docs/decisions/0033): the local disk under the data
// directory by default, or an S3-compatible object store (S3_ENDPOINT, S3_BUCKET and keys) through aws4fetch,
// which signs plain fetch calls with AWS Signature V4. Keys are ours (never a name the browser sent).
import fs from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../config.ts';

export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are lowercase letters, digits and hyphens in slash-separated parts: no '..', no absolute paths. */
const KEY = /^[a-z0-9-]{1,64}(\/[a-z0-9-]{1,64}){0,3}$/;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new RangeError(`Not a storage key: ${JSON.stringify(key)}`);
}

export function createLocalFileStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written next to its place and renamed: a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await fs.writeFile(partial, body, { mode: 0o600 });
      await fs.rename(partial, file);
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(fileOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Path-style addressing (endpoint/bucket/key), which every S3-compatible store accepts. */
export function createS3FileStorage(settings: S3Settings, fetchImpl: typeof fetch = fetch): FileStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
  });
  const urlOf = (key: string) => {
    assertStorageKey(key);
    return `${settings.endpoint.replace(/\/+$/, '')}/${settings.bucket}/${key}`;
  };
  const send = async (key: string, init: RequestInit) => {
    const request = await client.sign(urlOf(key), init);
    return fetchImpl(request);
  };
  const fail = async (what: string, response: Response): Promise<never> => {
    const text = await response.text().catch(() => '');
    throw new Error(`S3 ${what} answered ${response.status}: ${text.slice(0, 200)}`);
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const response = await send(key, {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: { 'content-type': contentType },
      });
      if (!response.ok) await fail(`PUT ${key}`, response);
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await send(key, { method: 'GET' });
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) await fail(`GET ${key}`, response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send(key, { method: 'DELETE' });
      if (!response.ok && response.status !== 404) await fail(`DELETE ${key}`, response);
      await response.arrayBuffer();
    },
  };
}

/** The store's file storage from its settings: S3 when configured (loadConfig checks they go together), else the disk. */
export function createFileStorage(config: Config): FileStorage {
  if (config.S3_ENDPOINT && config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY)
    return createS3FileStorage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  return createLocalFileStorage(config.FILE_STORAGE_DIR ?? path.join(config.DATA_DIR, 'files'));
}
