// Operations (issue 19): readiness answers what a balancer needs, metrics count what the store does,
// and the trace id a proxy sends (X-Request-Id) names the request in the answer and the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeToken } from '@store/db/seed/staff';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';
import type { Readiness } from './operations.ts';

const TOKEN = 'metrics-token-for-the-test-0123';
let h: Harness;

beforeAll(async () => {
  h = await createHarness({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await h?.close();
});

const metricsText = async (auth = `Bearer ${TOKEN}`) => {
  const response = await h.call('/api/ops/metrics', { headers: { authorization: auth } });
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') };
};

/** The value of one sample line, e.g. `store_cache_requests_total{result="hit"}`. */
function sample(text: string, line: string): number {
  const found = text.split('\n').find((l) => l.startsWith(line + ' '));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

describe('readiness', () => {
  it('is ready on a migrated database and says so', async () => {
    const { status, body, headers } = await h.json<Readiness>('/api/health/ready');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ready', pending_migrations: [] });
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('is not ready while the database lacks a migration of this code', async () => {
    const [last] = await h.handle.query<{ id: number; hash: string; created_at: string }>(
      'select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    await h.handle.query('delete from drizzle.__drizzle_migrations where id = $1', [last!.id]);
    try {
      const logged = h.logLines.length;
      const { status, body } = await h.json<Readiness>('/api/health/ready');
      expect(status).toBe(503);
      expect(body.status).toBe('migrations_pending');
      // An instance whose database is older than its code is a failure an operator must see.
      const lines = h.logLines.slice(logged).map((l) => JSON.parse(l) as { level: string; path?: string });
      expect(lines.find((l) => l.path === '/api/health/ready')?.level).toBe('error');
      expect(body.pending_migrations.length).toBe(1);
    } finally {
      await h.handle.query('insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)', [
        last!.id,
        last!.hash,
        last!.created_at,
      ]);
    }
    expect((await h.json('/api/health/ready')).status).toBe(200);
  });

  it('is not ready while its catalogue indexes build, and serves meanwhile', async () => {
    let finish!: () => void;
    const warmed = h.api.lifecycle.warmUp(new Promise<void>((resolve) => (finish = resolve)));
    const logged = h.logLines.length;
    const answer = await h.json<Readiness>('/api/health/ready');
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: 'warming', message: 'Строятся индексы каталога и поиска' });
    // Polled every second by a balancer while the indexes build: an answer, logged at info, not an error.
    const line = h.logLines
      .slice(logged)
      .map((l) => JSON.parse(l) as { level: string; path?: string; status?: number });
    expect(line.filter((l) => l.path === '/api/health/ready')).toEqual([
      expect.objectContaining({ level: 'info', status: 503 }),
    ]);
    expect((await h.json('/api/health')).status).toBe(200);
    finish();
    await warmed;
    expect((await h.json<Readiness>('/api/health/ready')).status).toBe(200);
    // A failed build does not keep the instance out for good: the next call that needs it builds again.
    await h.api.lifecycle.warmUp(Promise.reject(new Error('no database')));
    expect((await h.json<Readiness>('/api/health/ready')).status).toBe(200);
  });

  it('is not ready while the instance migrates or drains, yet stays alive', async () => {
    h.api.lifecycle.set('migrating');
    let answer = await h.json<Readiness>('/api/health/ready');
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: 'migrating', message: 'Идёт обновление базы данных' });
    h.api.lifecycle.set('ready');
    const done = h.api.lifecycle.begin();
    expect((await h.json<Readiness>('/api/health/ready')).body.in_flight).toBe(1);
    h.api.lifecycle.set('draining');
    answer = await h.json<Readiness>('/api/health/ready');
    expect(answer.status).toBe(503);
    expect(answer.body.status).toBe('draining');
    // Draining is the end: nothing puts the instance back.
    h.api.lifecycle.set('ready');
    expect(h.api.lifecycle.state).toBe('draining');
    done();
    expect(h.api.lifecycle.inFlight).toBe(0);
    expect((await h.json('/api/health')).status).toBe(200);
  });
});

describe('metrics', () => {
  it('needs the token or an operator', async () => {
    expect((await metricsText('')).status).toBe(401);
    expect((await metricsText('Bearer wrong-token-of-the-same-size')).status).toBe(401);
    const seller = new TestSession(h, '10.9.0.1');
    await seller.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5001) });
    const asSeller = await h.call('/api/ops/metrics', { headers: { cookie: seller.cookieHeader() } });
    expect(asSeller.status).toBe(403);
    const operator = new TestSession(h, '10.9.0.2');
    await operator.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5005) });
    const asOperator = await h.call('/api/ops/metrics', { headers: { cookie: operator.cookieHeader() } });
    expect(asOperator.status).toBe(200);
    expect(await asOperator.text()).toContain('store_http_requests_total');
  });

  it('counts requests per route with latency histograms, errors, cache hits and orders', async () => {
    const before = (await metricsText()).text;
    const menuLine = 'store_http_requests_total{kind="api",route="/api/v3/menu",method="GET",status="200"}';
    const notFoundLine = 'store_http_requests_total{kind="api",route="(not found)",method="GET",status="404"}';
    await h.call('/api/v3/menu');
    await h.call('/api/v3/menu');
    await h.call('/api/no-such-call');
    const { status, text, type } = await metricsText();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain/);
    expect(sample(text, menuLine) - sample(before, menuLine)).toBe(2);
    expect(sample(text, notFoundLine) - sample(before, notFoundLine)).toBe(1);
    // The histogram of the same route: its +Inf bucket counts both calls.
    const bucket = 'store_http_request_duration_seconds_bucket{le="+Inf",kind="api",route="/api/v3/menu",method="GET"}';
    expect(sample(text, bucket) - sample(before, bucket)).toBe(2);
    // The second menu call came from the read-through cache.
    const hits = 'store_cache_requests_total{result="hit"}';
    expect(sample(text, hits)).toBeGreaterThan(sample(before, hits));
    // Orders and payments come from the database: an order written now shows at the next scrape.
    const [row] = await h.handle.query<{ n: number }>(`select count(*)::int as n from orders where status_id = 'N'`);
    expect(sample(text, 'store_orders{status="N"}')).toBe(row!.n);
    expect(text).toContain('# TYPE store_payments gauge');
    expect(text).toContain('# TYPE store_http_errors_total counter');
    expect(text).toContain('store_http_in_flight');
  });
});

describe('trace id', () => {
  it("takes the proxy's X-Request-Id into the answer and the log line", async () => {
    const id = 'nginx-4f1c2a9b7e';
    const response = await h.call('/api/v3/menu', { headers: { 'x-request-id': id } });
    expect(response.headers.get('x-request-id')).toBe(id);
    expect(response.headers.get('x-trace-id')).toBe(id);
    const line = h.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.trace_id === id);
    expect(line).toMatchObject({ msg: 'api request', path: '/api/v3/menu', status: 200 });
  });

  it('refuses a made-up id that could break a log line and draws its own', async () => {
    const response = await h.call('/api/v3/menu', { headers: { 'x-request-id': 'bad id\twith "quotes"' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
