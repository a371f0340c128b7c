// The clean-up of repair documents never attached to a request (jobs/repair-uploads.ts): an old unattached
// upload goes from the table and the disk; a recent one and an old one attached to a request stay.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachRepairFiles, insertRepairRequest, retrieveRepairModel } from '../data/repair.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { PNG, temporaryFilesDir } from '../test/repair-files.ts';
import { REPAIR_UPLOAD_MAX_AGE_S } from './repair-uploads.ts';

const filesDir = temporaryFilesDir('repair-cleanup-');
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ FILE_STORAGE_DIR: filesDir });
});
afterAll(async () => {
  await h.close();
});

async function upload(cookie: string | null): Promise<{ id: string; cookie: string }> {
  const form = new FormData();
  form.set('field', 'devicePhoto');
  form.set('file', new File([PNG], 'photo.png', { type: 'image/png' }));
  const response = await h.call('/api/v1/repair/files', {
    method: 'POST',
    body: form,
    headers: { 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) },
  });
  expect(response.status).toBe(201);
  const set = response.headers.getSetCookie()[0]?.split(';')[0];
  return { id: ((await response.json()) as { id: string }).id, cookie: cookie ?? set! };
}

const storedKeys = async () =>
  (
    await h.handle.query<{ id: string; storage_key: string }>('select id, storage_key from repair_files order by id')
  ).map((r) => r.id);
const onDisk = (id: string) => fs.existsSync(path.join(filesDir, 'repair', id.slice(0, 2), id));
const age = (id: string, seconds: number) =>
  h.handle.query(`update repair_files set created_at = now() - make_interval(secs => $2) where id = $1`, [id, seconds]);

describe('repair upload clean-up job', () => {
  it('removes old unattached uploads from the table and the storage, and nothing else', async () => {
    expect(h.api.jobs.names).toContain('repair-upload-cleanup');
    const first = await upload(null);
    const abandoned = first.id;
    const recent = (await upload(first.cookie)).id;
    const attached = (await upload(first.cookie)).id;
    const justYounger = (await upload(first.cookie)).id;
    await age(abandoned, REPAIR_UPLOAD_MAX_AGE_S + 3600);
    await age(attached, REPAIR_UPLOAD_MAX_AGE_S + 3600);
    await age(justYounger, REPAIR_UPLOAD_MAX_AGE_S - 3600);

    // The attached one belongs to a stored request.
    const [pair] = await h.handle.query<{ model_id: number; problem_id: number }>(
      'select model_id, problem_id from repair_model_problems order by model_id, problem_id limit 1',
    );
    const model = (await retrieveRepairModel(h.handle, pair!.model_id))!;
    await h.handle.transaction(async (tx) => {
      const request = await insertRepairRequest(tx, {
        kind: 'paid',
        variant: 'own',
        device_type_id: model.device_type_id,
        brand_id: model.brand_id,
        model_id: model.id,
        problem_id: pair!.problem_id,
        imei: null,
        insurance: null,
        cost_from: 0,
        cost_to: 0,
        discount_price: 0,
        customer_id: null,
        uploader_key: 'p:79160000000',
        name: 'Анна',
        phone: '79160000000',
        email: '',
        city_id: null,
        handover: 'operator',
        store_id: null,
        address: null,
        payload: {},
      });
      await attachRepairFiles(tx, [attached], request.id);
    });
    for (const id of [abandoned, recent, attached, justYounger]) expect(onDisk(id)).toBe(true);

    expect(await h.api.jobs.tick('repair-upload-cleanup')).toBe('ran');
    expect(await storedKeys()).toEqual([recent, attached, justYounger].sort());
    expect(onDisk(abandoned)).toBe(false);
    for (const id of [recent, attached, justYounger]) expect(onDisk(id)).toBe(true);
    // The file's address answers «not found» like any missing file.
    const gone = await h.call(`/api/v1/repair/files/${abandoned}`, { headers: { cookie: first.cookie } });
    expect(gone.status).toBe(404);
    // Once per period: a second tick within the hour does nothing.
    expect(await h.api.jobs.tick('repair-upload-cleanup')).toBe('not-due');
    const [run] = await h.handle.query<{ runs: number }>(
      `select runs from scheduled_job_runs where name = 'repair-upload-cleanup'`,
    );
    expect(run!.runs).toBe(1);
  });
});
