import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPAIR_FILE_MESSAGES } from '@store/domain';
import { employeeToken } from '@store/db/seed/staff';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { PNG, temporaryFilesDir } from '../test/repair-files.ts';
import { TestSession } from '../test/session.ts';

const filesDir = temporaryFilesDir('repair-upload-');
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ FILE_STORAGE_DIR: filesDir });
});
afterAll(async () => {
  await h.close();
});

async function upload(session: TestSession, field: string, bytes: Uint8Array, name: string, type = 'image/png') {
  const form = new FormData();
  form.set('field', field);
  form.set('file', new File([bytes], name, { type }));
  const response = await h.call(
    '/api/v1/repair/files',
    {
      method: 'POST',
      body: form,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        ...(session.cookies.size ? { cookie: session.cookieHeader() } : {}),
      },
    },
    '10.0.0.7',
  );
  for (const raw of response.headers.getSetCookie()) {
    const [pair = ''] = raw.split(';');
    session.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  }
  return {
    status: response.status,
    body: (await response.json()) as {
      id: string;
      url: string;
      content_type: string;
      name: string;
      errors: Record<string, string[]>;
    },
  };
}

const read = (session: TestSession, url: string) =>
  h.call(url, { headers: session.cookies.size ? { cookie: session.cookieHeader() } : {} });

describe('repair documents: upload and read back', () => {
  it('keeps a real image under a key of ours, for the uploader and operators only', async () => {
    const guest = new TestSession(h);
    const answer = await upload(guest, 'devicePhoto', PNG, '../../etc/passwd<script>.jpg', 'image/jpeg');
    expect(answer.status).toBe(201);
    expect(answer.body.content_type).toBe('image/png'); // by content, not by the claimed type or name
    expect(answer.body.name).toBe('passwdscript.jpg');
    expect(answer.body.id).toMatch(/^[0-9a-f]{32}$/);
    expect(guest.cookies.get('repair_uploader')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [row] = await h.handle.query<{ storage_key: string; uploader_key: string }>(
      'select storage_key, uploader_key from repair_files where id = $1',
      [answer.body.id],
    );
    expect(row!.storage_key).toBe(`repair/${answer.body.id.slice(0, 2)}/${answer.body.id}`);
    expect(row!.uploader_key).not.toContain(guest.cookies.get('repair_uploader')!);
    expect(fs.readFileSync(path.join(filesDir, row!.storage_key))).toEqual(PNG);

    const own = await read(guest, answer.body.url);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await own.arrayBuffer())).toEqual(PNG);

    const stranger = new TestSession(h, '10.0.0.8');
    expect((await read(stranger, answer.body.url)).status).toBe(404);
    const seller = new TestSession(h, '10.0.0.9');
    await seller.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5001) });
    expect((await read(seller, answer.body.url)).status).toBe(404);
    const operator = new TestSession(h, '10.0.0.10');
    await operator.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5005) });
    expect((await read(operator, answer.body.url)).status).toBe(200);
  });

  it('refuses a fake image, an empty file, a wrong field and an oversized body', async () => {
    const guest = new TestSession(h);
    const fake = await upload(guest, 'cashReceipt', Buffer.from('<svg onload="alert(1)"></svg>'), 'photo.png');
    expect(fake.status).toBe(422);
    expect(fake.body.errors.file).toEqual([REPAIR_FILE_MESSAGES.type]);
    const empty = await upload(guest, 'cashReceipt', new Uint8Array(), 'photo.png');
    expect(empty.status).toBe(422);
    const field = await upload(guest, 'selfie', PNG, 'photo.png');
    expect(field.status).toBe(422);
    const huge = new Uint8Array(10 * 1024 * 1024 + 1);
    huge.set(PNG);
    const big = await upload(guest, 'cashReceipt', huge, 'big.png');
    expect([413, 422]).toContain(big.status);
    const [count] = await h.handle.query<{ n: number }>('select count(*)::int as n from repair_files');
    expect(count!.n).toBe(1); // only the first test's file
    expect((await h.call('/api/v1/repair/files/not-an-id')).status).toBe(422);
    expect((await h.call(`/api/v1/repair/files/${'0'.repeat(32)}`)).status).toBe(404);
  });
});

describe("GET /v1/repair/files?ids= (the wizard's previews)", () => {
  it("answers the requester's own files among the ids and leaves out everyone else's", async () => {
    const guest = new TestSession(h, '10.0.0.21');
    const photo = await upload(guest, 'devicePhoto', PNG, 'машина.png');
    const receipt = await upload(guest, 'cashReceipt', Buffer.from('%PDF-1.4\n%%EOF\n'), 'чек.pdf', 'application/pdf');
    const other = new TestSession(h, '10.0.0.22');
    const foreign = await upload(other, 'devicePhoto', PNG, 'чужое.png');
    const ids = [photo.body.id, receipt.body.id, foreign.body.id].join(',');

    const mine = await h.json<{ id: string; name: string; content_type: string; url: string }[]>(
      `/api/v1/repair/files?ids=${ids}`,
      { headers: { cookie: guest.cookieHeader() } },
    );
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.body.map((f) => [f.id, f.name, f.content_type])).toEqual([
      [photo.body.id, 'машина.png', 'image/png'],
      [receipt.body.id, 'чек.pdf', 'application/pdf'],
    ]);
    const nobody = await h.json<unknown[]>(`/api/v1/repair/files?ids=${ids}`);
    expect(nobody.body).toEqual([]);
    expect((await h.call('/api/v1/repair/files?ids=../etc')).status).toBe(422);
  });
});
