import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';

type Err = { message: string; errors: Record<string, string[]> };
type Address = { id: number; city: { name: string }; street: string; house_number: string; flat_number: string | null };
type Profile = {
  first_name: string | null;
  birthdate: string | null;
  sex: number | null;
  email: string | null;
  new_email: string | null;
  is_confirmed_email: boolean;
  subscribe_types: string[];
  subscribe_product_ids: number[];
  counts: { reviews: number; addresses: number };
};

let h: Harness;
let anna: TestSession;
let boris: TestSession;
let borisAddress: Address;

const address = { city_name: 'Москва', street: 'ул. Тверская', house_number: '7', flat_number: '12', floor: '3' };

beforeAll(async () => {
  h = await createHarness({ DEV_TOOLS: 'on' });
  anna = new TestSession(h, '10.1.0.1');
  boris = new TestSession(h, '10.1.0.2');
  await anna.register('79170000001');
  await boris.register('79170000002', { first_name: 'Борис' });
  borisAddress = (await boris.call<Address>('POST', '/api/v2/users/me/addresses', address)).body;
});
afterAll(() => h.close());

describe('every /v2/users/me call needs sign-in', () => {
  it.each([
    ['GET', '/api/v2/users/me/profile'],
    ['PUT', '/api/v2/users/me/profile'],
    ['DELETE', '/api/v2/users/me/profile'],
    ['POST', '/api/v2/users/me/profile/confirm-email'],
    ['PUT', '/api/v2/users/me/profile/subscriptions'],
    ['PUT', '/api/v2/users/me/profile/product-subscription/1'],
    ['DELETE', '/api/v2/users/me/profile/product-subscription/1'],
    ['GET', '/api/v2/users/me/addresses'],
    ['POST', '/api/v2/users/me/addresses'],
    ['PUT', '/api/v2/users/me/addresses/1'],
    ['DELETE', '/api/v2/users/me/addresses/1'],
  ])('%s %s answers 401 to a guest', async (method, path) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    const answer = await new TestSession(h, '10.1.9.9').call<Err>(method, path, body);
    // Input checks may run first for a body; either way a guest gets no data.
    expect([401, 422]).toContain(answer.status);
    if (method === 'GET' || method === 'DELETE') expect(answer.status).toBe(401);
  });
});

describe('profile', () => {
  it("shows the customer's own data only", async () => {
    const mine = await anna.call<Profile>('GET', '/api/v2/users/me/profile');
    const theirs = await boris.call<Profile>('GET', '/api/v2/users/me/profile');
    expect(mine.body.first_name).toBe('Анна');
    expect(theirs.body.first_name).toBe('Борис');
  });

  it('changes fields with §5 messages for bad input', async () => {
    const bad = await anna.call<Err>('PUT', '/api/v2/users/me/profile', {
      first_name: 'Анна',
      email: 'anna@',
      birthdate: '31.02.1990',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      email: ['Пожалуйста, введите корректный email.'],
      birthdate: ['Введенная дата некорректна. Попробуйте еще раз'],
    });
    const ok = await anna.call<Profile>('PUT', '/api/v2/users/me/profile', {
      first_name: 'Анна',
      birthdate: '01.02.1990',
      sex: '1',
      email: 'anna@example.ru',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ birthdate: '1990-02-01', sex: 1, email: null, new_email: 'anna@example.ru' });
  });

  it('confirms the new e-mail with the code sent to it', async () => {
    const wrong = await anna.call<Err>('POST', '/api/v2/users/me/profile/confirm-email', { code: '000000' });
    const code = await anna.lastCode('anna@example.ru');
    if (code !== '000000') expect(wrong.status).toBe(422);
    const ok = await anna.call<Profile>('POST', '/api/v2/users/me/profile/confirm-email', { code });
    expect(ok.body).toMatchObject({ email: 'anna@example.ru', new_email: null, is_confirmed_email: true });
  });

  it('sets newsletters and product subscriptions', async () => {
    const subs = await anna.call<Profile>('PUT', '/api/v2/users/me/profile/subscriptions', {
      subscribe_types: ['email-news', 'sms-promo'],
    });
    expect(subs.body.subscribe_types).toEqual(['email-news', 'sms-promo']);
    const bad = await anna.call<Err>('PUT', '/api/v2/users/me/profile/subscriptions', { subscribe_types: ['spam'] });
    expect(bad.status).toBe(422);
    const [product] = await h.handle.query<{ id: number }>('select id from products order by id limit 1');
    const on = await anna.call<{ subscribe_product_ids: number[] }>(
      'PUT',
      `/api/v2/users/me/profile/product-subscription/${product!.id}`,
    );
    expect(on.body.subscribe_product_ids).toEqual([product!.id]);
    const off = await anna.call<{ subscribe_product_ids: number[] }>(
      'DELETE',
      `/api/v2/users/me/profile/product-subscription/${product!.id}`,
    );
    expect(off.body.subscribe_product_ids).toEqual([]);
    expect((await anna.call('PUT', '/api/v2/users/me/profile/product-subscription/999999999')).status).toBe(404);
  });
});

describe('addresses', () => {
  it('adds, lists, changes and removes own addresses', async () => {
    const added = await anna.call<Address>('POST', '/api/v2/users/me/addresses', address);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ city: { name: 'Москва' }, street: 'ул. Тверская', house_number: '7' });
    const changed = await anna.call<Address>('PUT', `/api/v2/users/me/addresses/${added.body.id}`, {
      ...address,
      flat_number: '15',
    });
    expect(changed.body.flat_number).toBe('15');
    const list = await anna.call<Address[]>('GET', '/api/v2/users/me/addresses');
    expect(list.body.map((a) => a.id)).toEqual([added.body.id]);
    expect((await anna.call('DELETE', `/api/v2/users/me/addresses/${added.body.id}`)).status).toBe(200);
    expect((await anna.call<Address[]>('GET', '/api/v2/users/me/addresses')).body).toEqual([]);
  });

  it('checks the fields', async () => {
    const bad = await anna.call<Err>('POST', '/api/v2/users/me/addresses', { city_name: '', floor: 'abc' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      city_name: ['Это поле необходимо заполнить.'],
      street: ['Это поле необходимо заполнить.'],
      house_number: ['Это поле необходимо заполнить.'],
      floor: ['Допустимы только цифры.'],
    });
  });

  it("never shows, changes or removes another customer's address", async () => {
    const list = await anna.call<Address[]>('GET', '/api/v2/users/me/addresses');
    expect(list.body.map((a) => a.id)).not.toContain(borisAddress.id);
    const put = await anna.call<Err>('PUT', `/api/v2/users/me/addresses/${borisAddress.id}`, {
      ...address,
      street: 'Чужая',
    });
    expect(put.status).toBe(404);
    expect(JSON.stringify(put.body)).not.toContain('Тверская');
    expect((await anna.call('DELETE', `/api/v2/users/me/addresses/${borisAddress.id}`)).status).toBe(404);
    const still = await boris.call<Address[]>('GET', '/api/v2/users/me/addresses');
    expect(still.body).toEqual([borisAddress]);
  });
});

describe('deleting the account', () => {
  it('removes the customer and signs out; the token no longer opens the profile', async () => {
    const carl = new TestSession(h, '10.1.0.3');
    await carl.register('79170000003');
    const token = carl.cookies.get('access_token')!;
    expect((await carl.call('DELETE', '/api/v2/users/me/profile')).status).toBe(200);
    expect(carl.cookies.has('access_token')).toBe(false);
    const replay = new TestSession(h, '10.1.0.4');
    replay.cookies.set('access_token', token);
    expect((await replay.call('GET', '/api/v2/users/me/profile')).status).toBe(401);
    expect(await h.handle.query('select 1 from users where phone = $1', ['79170000003'])).toHaveLength(0);
  });
});
