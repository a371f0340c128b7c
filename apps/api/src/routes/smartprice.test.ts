// The trade-in evaluator's calls (SPEC §7 /smartprice/*, issue 16 item 4) through the built-in evaluator:
// a transaction priced from our own list, read back by its id unchanged after a new price list, a link to
// continue in our calculator, a failed lookup as price false (§8, logged), clear 4xx on bad input, and
// another evaluator passed as the adapter answering instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_IN_MESSAGES } from '@store/domain';
import type { TradeInEvaluator } from '../adapters/trade-in-evaluator.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { tradeInModelId } from '../test/trade-in.ts';
import type { TradeInEvaluatorTransaction } from './smartprice.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
type Answer = TradeInEvaluatorTransaction & { message: string | null; errors?: Record<string, string[]> };
const txinfo = (body: unknown, harness = h) =>
  harness.json<Answer>('/api/smartprice/txinfo', { method: 'POST', headers: XHR, body: JSON.stringify(body) });

async function priceRow(modelId: number, memory: number) {
  const [row] = await h.handle.query<{ perfect: number; working: number; broken_screen: number }>(
    'select perfect, working, broken_screen from trade_in_prices where model_id = $1 and memory_gb = $2',
    [modelId, memory],
  );
  return row!;
}

describe('POST /smartprice/txinfo, GET /smartprice/product and /smartprice/link', () => {
  it('values a device from our price list and reads the same transaction later, whatever the list says then', async () => {
    const modelId = await tradeInModelId(h.handle, 'iPhone 13');
    const prices = await priceRow(modelId, 128);
    const created = await txinfo({ model_id: modelId, memory: 128, condition: 'D', product_id: 355 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'evaluated',
      message: null,
      device: {
        model_id: modelId,
        brand: 'Apple',
        model: 'iPhone 13',
        memory: 128,
        condition: 'working',
        condition_device: 2,
        price: prices.working,
      },
      product_id: 355,
      link: '/service/trade-in?product=355#calculator',
    });
    expect(created.body.txid).toMatch(/^sp-[0-9a-f]{24}$/);

    await h.handle.query('update trade_in_prices set working = working + 100000 where model_id = $1', [modelId]);
    const read = await h.json<Answer>(`/api/smartprice/product?txid=${created.body.txid}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const link = await h.json<{ txid: string; url: string }>(`/api/smartprice/link?txid=${created.body.txid}`);
    expect(link.body).toEqual({ txid: created.body.txid, url: '/service/trade-in?product=355#calculator' });
  });

  it('answers price false with «не удалось рассчитать» when the lookup fails (§8)', async () => {
    const modelId = await tradeInModelId(h.handle, 'Galaxy S21');
    await h.handle.query('update trade_in_prices set broken_screen = 0 where model_id = $1 and memory_gb = 256', [
      modelId,
    ]);
    const failed = await txinfo({ model_id: modelId, memory: 256, condition: 1 });
    expect(failed.status).toBe(201);
    expect(failed.body).toMatchObject({ status: 'failed', message: TRADE_IN_MESSAGES.priceFailed, product_id: null });
    expect(failed.body.device.price).toBe(false);
    expect(failed.body.link).toBe('/service/trade-in#calculator');
    expect(h.logLines.some((l) => l.includes('trade-in evaluator price lookup failed'))).toBe(true);
  });

  it('refuses an unknown model, memory or condition and an unknown transaction with clear 4xx', async () => {
    const modelId = await tradeInModelId(h.handle, 'iPhone 13');
    const model = await txinfo({ model_id: 999_999, memory: 128, condition: 'working' });
    expect(model.status).toBe(422);
    expect(model.body.errors!['model_id']).toBeDefined();
    const memory = await txinfo({ model_id: modelId, memory: 3, condition: 'working' });
    expect(memory.status).toBe(422);
    expect(memory.body.errors!['memory']).toBeDefined();
    const condition = await txinfo({ model_id: modelId, memory: 128, condition: 'X' });
    expect(condition.status).toBe(422);
    expect(condition.body.errors!['condition']).toBeDefined();
    expect((await h.json(`/api/smartprice/product?txid=sp-${'0'.repeat(24)}`)).status).toBe(404);
    expect((await h.json('/api/smartprice/link?txid=other-service-id')).status).toBe(404);
    expect((await h.json('/api/smartprice/link?txid=%3Cscript%3E')).status).toBe(422);
  });

  it('answers through another evaluator passed as the adapter', async () => {
    const remote: TradeInEvaluator = {
      evaluate: async (r) => ({
        txid: 'remote-1',
        status: 'evaluated',
        message: null,
        device: {
          model_id: r.model_id,
          brand: 'Apple',
          model: 'iPhone 13',
          memory: r.memory ?? 0,
          condition: r.condition,
          condition_device: 3,
          price: 4_200_000,
        },
        product_id: r.product_id,
        created_at: '2026-11-26T08:00:00Z',
      }),
      transaction: async () => null,
      continueUrl: (t) => `https://evaluator.example/continue/${t.txid}`,
    };
    const other = await createHarness({}, { adapters: { tradeInEvaluator: remote } });
    try {
      const answer = await txinfo({ model_id: 1, memory: 128, condition: 3 }, other);
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ txid: 'remote-1', link: 'https://evaluator.example/continue/remote-1' });
      expect(answer.body.device.price).toBe(4_200_000);
    } finally {
      await other.close();
    }
  });
});
