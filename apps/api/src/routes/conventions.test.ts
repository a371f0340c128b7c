import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../http/errors.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe('API conventions (SPEC §7)', () => {
  it('echoes trace_id in a header and in the log line', async () => {
    const response = await h.call('/api/v2/cities/1?trace_id=trace-abc.42&application_type=web');
    expect(response.headers.get('x-trace-id')).toBe('trace-abc.42');
    const line = h.logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.trace_id === 'trace-abc.42');
    expect(line).toMatchObject({ level: 'info', msg: 'api request', path: '/api/v2/cities/1', status: 200 });
  });

  it('makes up a trace id when none is given', async () => {
    const response = await h.call('/api/health');
    expect(response.headers.get('x-trace-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a state-changing call without X-Requested-With (CSRF guard)', async () => {
    const { status, body } = await h.json<ApiErrorBody>('/api/v2/cities', { method: 'POST' });
    expect(status).toBe(403);
    expect(body.message).toMatch(/X-Requested-With/);
  });

  it('lets a write with the header through to routing', async () => {
    const { status } = await h.json('/api/v2/cities', {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(status).toBe(404);
  });

  it('answers unknown API paths with the error shape', async () => {
    const { status, body } = await h.json<ApiErrorBody>('/api/v9/nothing');
    expect(status).toBe(404);
    expect(body).toEqual({ status: 404, message: 'Метод API не найден', errors: {} });
  });

  it('reports health with a database round trip', async () => {
    const { status, body } = await h.json<{ status: string; database: string }>('/api/health');
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(['pglite', 'postgres']).toContain(body.database);
  });

  it('publishes an OpenAPI document generated from the route schemas, and a docs page', async () => {
    const { status, body } = await h.json<{ openapi: string; paths: Record<string, unknown> }>('/api/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    for (const path of [
      '/v2/cities',
      '/v2/cities/{id}',
      '/v3/menu',
      '/v3/seo',
      '/v2/breadcrumbs',
      '/v2/categories/{id}',
      '/v2/branch/get',
    ].map((p) => `/api${p}`)) {
      expect(Object.keys(body.paths)).toContain(path);
    }
    const docs = await h.call('/api/docs');
    expect(docs.headers.get('content-type')).toMatch(/text\/html/);
    expect(await docs.text()).toContain('/api/openapi.json');
  });
});
