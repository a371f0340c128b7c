import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxNotifier } from '../adapters/notifications.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';

describe('GET /api/dev/outbox', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ DEV_TOOLS: 'on' });
  });
  afterAll(() => h.close());

  it('lists what the local notifier wrote, newest first, filtered by recipient', async () => {
    const notifier = createOutboxNotifier(h.handle);
    await notifier.send({ channel: 'sms', recipient: '79990000001', template: 'sms-code', body: 'Код: 1111' });
    await notifier.send({
      channel: 'email',
      recipient: 'a@example.ru',
      template: 'order-created',
      subject: 'Заказ',
      body: 'Спасибо',
    });
    await h.handle.transaction((tx) =>
      notifier.send({ channel: 'sms', recipient: '79990000001', template: 'sms-code', body: 'Код: 2222' }, tx),
    );
    const { status, body } = await h.json<{ body: string; channel: string }[]>('/api/dev/outbox?recipient=79990000001');
    expect(status).toBe(200);
    expect(body.map((m) => m.body)).toEqual(['Код: 2222', 'Код: 1111']);
    const all = await h.json<unknown[]>('/api/dev/outbox?limit=2');
    expect(all.body).toHaveLength(2);
  });

  it('writes nothing when the transaction rolls back', async () => {
    const notifier = createOutboxNotifier(h.handle);
    await expect(
      h.handle.transaction(async (tx) => {
        await notifier.send({ channel: 'sms', recipient: '79990000002', template: 'sms-code', body: 'x' }, tx);
        throw new Error('order failed');
      }),
    ).rejects.toThrow();
    expect((await h.json<unknown[]>('/api/dev/outbox?recipient=79990000002')).body).toEqual([]);
  });

  it('rejects a bad limit with field errors', async () => {
    const { status, body } = await h.json<{ errors: Record<string, string[]> }>('/api/dev/outbox?limit=0');
    expect(status).toBe(422);
    expect(body.errors.limit).toBeDefined();
  });
});

describe('GET /api/dev/outbox without DEV_TOOLS', () => {
  it('is not there', async () => {
    const h = await createHarness();
    try {
      expect((await h.call('/api/dev/outbox')).status).toBe(404);
    } finally {
      await h.close();
    }
  });
});
