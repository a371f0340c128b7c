import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGES, INN_MESSAGES } from '@store/domain';
import { employeeToken } from '@store/db/seed/staff';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** A real company ИНН (check digits hold): Сбербанк's. */
const INN = '7707083893';
const valid = {
  company: 'ООО «Ромашка»',
  inn: INN,
  contact_name: 'Анна Смирнова',
  phone: '+7 (916) 123-45-67',
  email: 'zakupki@romashka.test',
  products: 'Ноутбуки 15" — 12 шт., мониторы 27" — 12 шт.',
  consent: true,
};

const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  h.json<{ id: number; phone: string; errors: Record<string, string[]> }>('/api/v2/corp/fast-order?city_id=1', {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /v2/corp/fast-order', () => {
  it('stores a valid request and confirms it in the outbox, as JSON and as a form', async () => {
    const json = await post(valid);
    expect(json.status).toBe(201);
    expect(json.body).toMatchObject({ company: valid.company, inn: INN, phone: '79161234567', status: 'new' });
    const [row] = await h.handle.query<{ company: string; city_id: number }>(
      'select company, city_id from corp_fast_orders where id = $1',
      [json.body.id],
    );
    expect(row).toEqual({ company: valid.company, city_id: 1 });
    const [mail] = await h.handle.query<{ subject: string; payload: { corp_order_id: number } }>(
      `select subject, payload from notification_outbox where recipient = $1 and template = 'corp-fast-order'`,
      [valid.email],
    );
    expect(mail!.subject).toBe(`Заявка №${json.body.id} для юрлица принята`);
    expect(mail!.payload.corp_order_id).toBe(json.body.id);

    const form = new URLSearchParams({ ...valid, email: 'form@romashka.test', consent: 'on' }).toString();
    const fromForm = await post(form, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(fromForm.status).toBe(201);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['company', { company: '' }, FORM_MESSAGES.required],
    ['company', { company: 'x'.repeat(301) }, FORM_MESSAGES.maxLength(300)],
    ['inn', { inn: '' }, FORM_MESSAGES.required],
    ['inn', { inn: '77070838' }, INN_MESSAGES.length],
    ['inn', { inn: '77070838AB' }, FORM_MESSAGES.numeric],
    ['inn', { inn: '7707083894' }, INN_MESSAGES.checksum],
    ['inn', { inn: '500100732258' }, INN_MESSAGES.checksum],
    ['contact_name', { contact_name: '' }, FORM_MESSAGES.required],
    ['contact_name', { contact_name: 'Анна 2' }, FORM_MESSAGES.lettersOnly],
    ['phone', { phone: '' }, FORM_MESSAGES.required],
    ['phone', { phone: '+7 (495) 123-45-67' }, FORM_MESSAGES.mobileStartsWith9],
    ['phone', { phone: '+7 (916) 123' }, FORM_MESSAGES.minLength(10)],
    ['email', { email: '' }, FORM_MESSAGES.required],
    ['email', { email: 'zakupki@' }, FORM_MESSAGES.email],
    ['products', { products: '' }, FORM_MESSAGES.required],
    ['products', { products: 'ab' }, FORM_MESSAGES.minLength(3)],
    ['consent', { consent: false }, FORM_MESSAGES.consent],
  ];
  for (const [field, change, message] of cases) {
    it(`refuses ${field} = ${JSON.stringify(Object.values(change)[0]).slice(0, 30)} with «${message}»`, async () => {
      const { status, body } = await post({ ...valid, ...change });
      expect(status).toBe(422);
      expect(body.errors).toEqual({ [field]: [message] });
    });
  }

  it('a 12-digit ИНН of a sole trader with good check digits passes; nothing is stored for a refused one', async () => {
    const before = await h.handle.query<{ n: number }>('select count(*)::int as n from corp_fast_orders');
    expect((await post({ ...valid, inn: '500100732259' })).status).toBe(201);
    expect((await post({ ...valid, inn: '500100732258' })).status).toBe(422);
    const after = await h.handle.query<{ n: number }>('select count(*)::int as n from corp_fast_orders');
    expect(after[0]!.n).toBe(before[0]!.n + 1);
  });

  it('an empty or unknown body is a 4xx with every field said', async () => {
    const empty = await h.json<{ errors: Record<string, string[]> }>('/api/v2/corp/fast-order', {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(
      ['company', 'consent', 'contact_name', 'email', 'inn', 'phone', 'products'].sort(),
    );
    expect((await post('<x/>', { 'content-type': 'text/xml' })).status).toBe(415);
  });
});

describe('GET /ops/corp-orders', () => {
  it('needs an employee with the operator role', async () => {
    await post({ ...valid, company: 'ООО «Видна оператору»' });
    const guest = new TestSession(h, '10.9.0.1');
    expect((await guest.call('GET', '/api/ops/corp-orders')).status).toBe(401);

    const seller = new TestSession(h, '10.9.0.2');
    await seller.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5001) });
    expect((await seller.call('GET', '/api/ops/corp-orders')).status).toBe(403);

    const operator = new TestSession(h, '10.9.0.3');
    await operator.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5005) });
    const list = await operator.call<{ company: string }[]>('GET', '/api/ops/corp-orders?per_page=5');
    expect(list.status).toBe(200);
    expect(list.body[0]!.company).toBe('ООО «Видна оператору»');
    expect(Number(list.headers.get('x-pagination-total-count'))).toBeGreaterThan(1);

    // The role read on every call: taken away, the list closes at once.
    await h.handle.query(`update employees set roles = '{}' where personnel_number = '5005'`);
    expect((await operator.call('GET', '/api/ops/corp-orders')).status).toBe(403);
  });
});
