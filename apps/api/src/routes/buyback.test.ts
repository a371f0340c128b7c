import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeToken } from '@store/db/seed/staff';
import {
  BUYBACK_MESSAGES,
  FORM_MESSAGES,
  buybackDates,
  buybackPrice,
  localClock,
  type StoreHoliday,
  type WorkTime,
} from '@store/domain';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';
import { tradeInModelId } from '../test/trade-in.ts';
import type { BuybackBooking, BuybackModel, BuybackPrices } from './buyback.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function bookingsCount() {
  const [row] = await h.handle.query<{ n: number }>('select count(*)::int as n from buyback_bookings');
  return row!.n;
}

interface ApiErr {
  message: string;
  errors: Record<string, string[]>;
}

/** A Moscow multicenter with its hours, and one in another city. */
async function multicenters() {
  const rows = await h.handle.query<{
    id: number;
    city_id: number;
    work_time: WorkTime;
    holidays: StoreHoliday[];
    time_zone: string;
  }>(
    `select s.id, s.city_id, s.work_time, s.holidays, c.time_zone from stores s join cities c on c.id = s.city_id
     where s.type = 1 and s.status = 1 order by s.city_id, s.id`,
  );
  const moscow = rows.find((r) => r.city_id === 1)!;
  const other = rows.find((r) => r.city_id !== 1)!;
  const dates = buybackDates(localClock(new Date(), moscow.time_zone).date, moscow.work_time, moscow.holidays);
  return { moscow, other, dates };
}

describe('buyback prices (SPEC §7 /v1/calculator/…)', () => {
  it('lists brands, a brand’s models with brand plus name, and prices per storage size as GB', async () => {
    const brands = await h.json<{ id: number; name: string; popular: boolean }[]>('/api/v1/calculator/brands');
    expect(brands.status).toBe(200);
    expect(brands.body.length).toBeGreaterThanOrEqual(15);
    const apple = brands.body.find((b) => b.name === 'Apple')!;
    expect(apple.popular).toBe(true);

    const models = await h.json<BuybackModel[]>(`/api/v1/calculator/brands/${apple.id}/models`);
    expect(models.status).toBe(200);
    expect(models.body.every((m) => m.brand.id === apple.id)).toBe(true);
    const iphone = models.body.find((m) => m.name === 'iPhone 13 Pro')!;
    expect(iphone.display_name).toBe('Apple iPhone 13 Pro');
    expect(Number(models.headers.get('x-pagination-total-count'))).toBeGreaterThanOrEqual(models.body.length);

    const prices = await h.json<BuybackPrices>(`/api/v1/calculator/models/${iphone.id}/prices`);
    expect(prices.status).toBe(200);
    expect(prices.body.model.display_name).toBe('Apple iPhone 13 Pro');
    expect(prices.body.conditions.map((c) => c.code)).toEqual(['perfect', 'working', 'broken_screen']);
    const [tradeIn] = await h.handle.query<{ perfect: number; working: number; broken_screen: number }>(
      'select perfect, working, broken_screen from trade_in_prices where model_id = $1 and memory_gb = 256',
      [iphone.id],
    );
    const size = prices.body.prices.find((p) => p.memory_gb === 256)!;
    expect(size).toEqual({
      memory_gb: 256,
      memory: '256 ГБ',
      perfect: buybackPrice(tradeIn!.perfect, 'perfect'),
      working: buybackPrice(tradeIn!.working, 'working'),
      broken_screen: buybackPrice(tradeIn!.broken_screen, 'broken_screen'),
    });
    // The store pays less than the trade-in discount, whole hundreds of roubles.
    expect(size.perfect).toBeLessThan(tradeIn!.perfect);
    expect(size.perfect % 10_000).toBe(0);
  });

  it('answers a later price list at once', async () => {
    const id = await tradeInModelId(h.handle, 'iPhone 12');
    await h.handle.query('update trade_in_prices set perfect = 3000000 where model_id = $1 and memory_gb = 128', [id]);
    const prices = await h.json<BuybackPrices>(`/api/v1/calculator/models/${id}/prices`);
    expect(prices.body.prices.find((p) => p.memory_gb === 128)!.perfect).toBe(2_550_000);
  });

  it('answers 404 for an unknown brand or model and 422 for a malformed id', async () => {
    expect((await h.json('/api/v1/calculator/brands/999999/models')).status).toBe(404);
    expect((await h.json('/api/v1/calculator/models/999999/prices')).status).toBe(404);
    expect((await h.json('/api/v1/calculator/models/abc/prices')).status).toBe(422);
    expect((await h.json('/api/v1/calculator/brands?group_id=-1')).status).toBe(422);
  });

  it('lists the three calls in the OpenAPI document at their paths', async () => {
    const doc = await h.json<{ paths: Record<string, unknown> }>('/api/openapi.json');
    for (const path of [
      '/api/v1/calculator/brands',
      '/api/v1/calculator/brands/{id}/models',
      '/api/v1/calculator/models/{id}/prices',
      '/api/v1/buyback/bookings',
      '/api/v2/users/me/buyback-bookings',
      '/api/ops/buyback-bookings',
      '/api/ops/buyback-bookings/{id}/status',
    ])
      expect(Object.keys(doc.body.paths)).toContain(path);
  });
});

describe('buyback bookings', () => {
  it('books a hand-in, shows it in the account, writes the outbox and lets an operator answer', async () => {
    const { moscow, dates } = await multicenters();
    const s = new TestSession(h, '10.2.0.1');
    await s.register('+7 (916) 555-44-01');
    const model = await tradeInModelId(h.handle, 'iPhone 13');
    const prices = await h.json<BuybackPrices>(`/api/v1/calculator/models/${model}/prices`);
    const expected = prices.body.prices.find((p) => p.memory_gb === 128)!.broken_screen;
    const booked = await s.call<BuybackBooking>('POST', '/api/v1/buyback/bookings', {
      model_id: model,
      memory: 128,
      condition: 'NC',
      city_id: 1,
      store_id: moscow.id,
      date: dates[0],
      name: 'Ольга',
      phone: '+7 (916) 555-44-01',
      email: 'olga@example.ru',
    });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({
      display_name: 'Apple iPhone 13',
      memory: '128 ГБ',
      condition: 'broken_screen',
      condition_name: 'Разбит экран',
      price: expected,
      date: dates[0],
      status: 'booked',
      store: { id: moscow.id },
    });
    const outbox = await h.handle.query<{ channel: string; recipient: string; body: string }>(
      `select channel, recipient, body from notification_outbox where template = 'buyback-booking' order by id`,
    );
    expect(outbox.map((m) => [m.channel, m.recipient])).toEqual([
      ['sms', '79165554401'],
      ['email', 'olga@example.ru'],
    ]);
    expect(outbox[0]!.body).toContain(`Запись на выкуп №${booked.body.id}: Apple iPhone 13 128 ГБ`);

    const mine = await s.call<BuybackBooking[]>('GET', '/api/v2/users/me/buyback-bookings');
    expect(mine.status).toBe(200);
    expect(mine.body.map((b) => b.id)).toEqual([booked.body.id]);
    expect((await new TestSession(h).call('GET', '/api/v2/users/me/buyback-bookings')).status).toBe(401);

    // A later price list never changes the booked price.
    await h.handle.query('update trade_in_prices set broken_screen = broken_screen + 500000 where model_id = $1', [
      model,
    ]);
    const again = await s.call<BuybackBooking[]>('GET', '/api/v2/users/me/buyback-bookings');
    expect(again.body[0]!.price).toBe(expected);

    // The operators' list and answer are behind the operator guard.
    expect((await s.call('GET', '/api/ops/buyback-bookings')).status).toBe(401);
    const operator = new TestSession(h, '10.2.0.5');
    await operator.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5005) });
    const list = await operator.call<{ id: number; phone: string; name: string }[]>(
      'GET',
      `/api/ops/buyback-bookings?status=booked&store_id=${moscow.id}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.find((b) => b.id === booked.body.id)).toMatchObject({ phone: '79165554401', name: 'Ольга' });
    const answered = await operator.call<BuybackBooking>('POST', `/api/ops/buyback-bookings/${booked.body.id}/status`, {
      status: 'confirmed',
      comment: 'Ждём вас после 12:00',
    });
    expect(answered.body).toMatchObject({ status: 'confirmed', operator_comment: 'Ждём вас после 12:00' });
    expect((await s.call<BuybackBooking[]>('GET', '/api/v2/users/me/buyback-bookings')).body[0]!.status_name).toBe(
      'Подтверждена',
    );
    const [sms] = await h.handle.query<{ body: string }>(
      `select body from notification_outbox where template = 'buyback-status' order by id desc limit 1`,
    );
    expect(sms!.body).toBe(`Запись на выкуп №${booked.body.id}: подтверждена. Ждём вас после 12:00`);
    expect((await operator.call('POST', '/api/ops/buyback-bookings/999999/status', { status: 'bought' })).status).toBe(
      404,
    );
    expect(
      (await operator.call('POST', `/api/ops/buyback-bookings/${booked.body.id}/status`, { status: 'sold' })).status,
    ).toBe(422);
  });

  it('refuses bad input field by field and stores nothing', async () => {
    const { moscow, other, dates } = await multicenters();
    const model = await tradeInModelId(h.handle, 'iPhone 13');
    const good = {
      model_id: model,
      memory: 128,
      condition: 'perfect',
      city_id: 1,
      store_id: moscow.id,
      date: dates[0],
      name: 'Игорь',
      phone: '+7 916 555 44 02',
    };
    const before = await bookingsCount();
    const post = (body: unknown) =>
      new TestSession(h, '10.2.0.2').call<ApiErr>('POST', '/api/v1/buyback/bookings', body);

    const bad = await post({ ...good, memory: 100, condition: 'X', name: '', phone: '+7 495 123 45 67' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      memory: ['У этой модели нет такого объёма памяти'],
      condition: ['Выберите состояние устройства'],
      name: [FORM_MESSAGES.required],
      phone: [FORM_MESSAGES.mobileStartsWith9],
    });
    expect((await post({ ...good, model_id: 999999 })).body.errors.model_id).toBeDefined();
    expect((await post({ ...good, store_id: other.id })).body.errors.store_id).toEqual([
      BUYBACK_MESSAGES.storeNotInCity,
    ]);
    expect((await post({ ...good, city_id: other.city_id })).body.errors.store_id).toEqual([
      BUYBACK_MESSAGES.storeNotInCity,
    ]);
    const today = localClock(new Date(), moscow.time_zone).date;
    expect((await post({ ...good, date: today })).body.errors.date).toEqual([BUYBACK_MESSAGES.datePast]);
    expect((await post({ ...good, date: '2099-01-01' })).body.errors.date).toEqual([BUYBACK_MESSAGES.dateTooFar]);
    expect((await post({ ...good, date: 'завтра' })).body.errors.date).toEqual([FORM_MESSAGES.date]);
    expect((await post({ ...good, email: 'not-mail' })).body.errors.email).toEqual([FORM_MESSAGES.email]);
    expect((await post({ ...good, extra: 1 })).status).toBe(422);
    expect((await post({})).status).toBe(422);
    // A model the store prices at nothing in that condition is not bought.
    await h.handle.query('update trade_in_prices set perfect = 0 where model_id = $1 and memory_gb = 128', [model]);
    expect((await post(good)).body.errors.condition).toEqual([BUYBACK_MESSAGES.noPrice]);

    expect(await bookingsCount()).toBe(before);
    // A guest can book; the booking belongs to nobody's account.
    const guest = await post({ ...good, condition: 2 });
    expect(guest.status).toBe(201);
    const [row] = await h.handle.query<{ customer_id: number | null }>(
      'select customer_id from buyback_bookings order by id desc limit 1',
    );
    expect(row!.customer_id).toBeNull();
  });
});
