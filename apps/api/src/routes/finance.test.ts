import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGES, estimateOsago } from '@store/domain';
import { employeeToken } from '@store/db/seed/staff';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

interface Stored {
  id: number;
  kind: string;
  status: string;
  phone: string;
  details: Record<string, unknown>;
  operator_comment: string | null;
  errors: Record<string, string[]>;
}

let ip = 0;
/** A session (its own client address, so the per-IP code limit never trips) with the phone confirmed. */
async function confirmed(phone: string) {
  const s = new TestSession(h, `10.17.0.${++ip}`);
  expect((await s.call('POST', '/api/v2/finance/phone/send-code', { phone })).status).toBe(200);
  const code = await s.lastCode(`7${phone.replace(/\D/g, '').slice(1)}`);
  const ok = await s.call<{ phone_request_id: string }>('POST', '/api/v2/finance/phone/confirm', { phone, code });
  expect(ok.status).toBe(200);
  return { s, proof: ok.body.phone_request_id };
}

const osago = {
  region: 'kazan',
  power: '110',
  drivers: 'limited',
  age: '34',
  experience: '12',
  kbmClass: '5',
  months: '12',
};
const contacts = { name: 'Марина Лебедева', phone: '+7 (916) 700-11-22', email: '', consent: true };

describe('phone confirmation', () => {
  it('a wrong code is refused with a field error, the right one answers a proof', async () => {
    const s = new TestSession(h, '10.17.1.1');
    expect((await s.call('POST', '/api/v2/finance/phone/send-code', { phone: '+7 (495) 111-22-33' })).status).toBe(422);
    await s.call('POST', '/api/v2/finance/phone/send-code', { phone: '+7 916 700 11 23' });
    const code = await s.lastCode('79167001123');
    const wrong = await s.call<{ errors: Record<string, string[]> }>('POST', '/api/v2/finance/phone/confirm', {
      phone: '+7 916 700 11 23',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['code']);
    const sms = await h.handle.query<{ body: string }>(
      `select body from notification_outbox where recipient = '79167001123' and template = 'code-finance-phone'`,
    );
    expect(sms[0]!.body).toContain(code);
  });
});

describe('POST /v2/finance/requests', () => {
  it('stores an ОСАГО application with the estimate computed by the server and an SMS in the outbox', async () => {
    const { s, proof } = await confirmed(contacts.phone);
    const res = await s.call<Stored>('POST', '/api/v2/finance/requests?city_id=5', {
      ...contacts,
      kind: 'osago',
      phone_request_id: proof,
      page: '/insurance/osago',
      osago,
    });
    expect(res.status).toBe(201);
    const expected = estimateOsago({ ...osago, power: 110, age: 34, experience: 12, months: 12, drivers: 'limited' });
    expect(res.body).toMatchObject({ kind: 'osago', status: 'new', phone: '79167001122' });
    expect(res.body.details.estimate).toMatchObject({
      min_kopecks: expected.minKopecks,
      max_kopecks: expected.maxKopecks,
    });
    const [row] = await h.handle.query<{
      city_id: number;
      phone_confirmed_at: string | null;
      consent_at: string | null;
    }>('select city_id, phone_confirmed_at, consent_at from finance_requests where id = $1', [res.body.id]);
    expect(row!.city_id).toBe(5);
    expect(row!.phone_confirmed_at).not.toBeNull();
    expect(row!.consent_at).not.toBeNull();
    const [sms] = await h.handle.query<{ body: string; payload: { finance_request_id: number } }>(
      `select body, payload from notification_outbox where template = 'finance-request' and recipient = '79167001122'`,
    );
    expect(sms!.payload.finance_request_id).toBe(res.body.id);
    expect(sms!.body).toContain(`заявка №${res.body.id} («ОСАГО») принята`);
  });

  it('refuses an application without a proof of this phone, storing nothing', async () => {
    const { s, proof } = await confirmed('+7 (916) 700-11-24');
    const before = await h.handle.query<{ n: number }>('select count(*)::int as n from finance_requests');
    const other = await s.call<Stored>('POST', '/api/v2/finance/requests', {
      ...contacts,
      phone: '+7 (916) 700-11-25',
      kind: 'travel',
      phone_request_id: proof,
    });
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual({ phone_request_id: ['Подтвердите телефон кодом из SMS'] });
    const forged = await s.call<Stored>('POST', '/api/v2/finance/requests', {
      ...contacts,
      phone: '+7 (916) 700-11-24',
      kind: 'travel',
      phone_request_id: `${proof.slice(0, -2)}xx`,
    });
    expect(forged.status).toBe(422);
    const after = await h.handle.query<{ n: number }>('select count(*)::int as n from finance_requests');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('gives the §5 messages per field and the calculator errors under osago.*', async () => {
    const { s, proof } = await confirmed('+7 (916) 700-11-26');
    const bad = await s.call<Stored>('POST', '/api/v2/finance/requests', {
      kind: 'agent',
      name: 'Иван 2',
      phone: '+7 (916) 700-11-26',
      email: '',
      consent: false,
      phone_request_id: proof,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      name: [FORM_MESSAGES.lettersOnly],
      email: [FORM_MESSAGES.required],
      city: [FORM_MESSAGES.required],
      consent: [FORM_MESSAGES.consent],
    });
    const calc = await s.call<Stored>('POST', '/api/v2/finance/requests', {
      ...contacts,
      phone: '+7 (916) 700-11-26',
      kind: 'osago',
      phone_request_id: proof,
      osago: { ...osago, power: 'много' },
    });
    expect(calc.status).toBe(422);
    expect(calc.body.errors).toEqual({ 'osago.power': [FORM_MESSAGES.numeric] });
    const kind = await s.call<Stored>('POST', '/api/v2/finance/requests', { ...contacts, kind: 'kasko' });
    expect(kind.status).toBe(422);
  });

  it('a deposit application keeps the amount in kopecks and the income computed here', async () => {
    const { s, proof } = await confirmed('+7 (916) 700-11-27');
    const res = await s.call<Stored>('POST', '/api/v2/finance/requests', {
      ...contacts,
      phone: '+7 (916) 700-11-27',
      kind: 'deposit',
      phone_request_id: proof,
      deposit: { product: 'dohodny', amount: '100 000', months: '12' },
    });
    expect(res.status).toBe(201);
    expect(res.body.details).toMatchObject({
      deposit: { product: 'dohodny', amount_kopecks: 10_000_000, months: 12 },
      estimate: { rate_bp: 1550, interest_kopecks: 1_550_000, total_kopecks: 11_550_000 },
    });
  });
});

describe('operators: /ops/finance-requests', () => {
  it('lists for operators only, answers and closes with an SMS each; a closed one stays closed', async () => {
    const { s, proof } = await confirmed('+7 (916) 700-11-28');
    const made = await s.call<Stored>('POST', '/api/v2/finance/requests', {
      ...contacts,
      phone: '+7 (916) 700-11-28',
      kind: 'property',
      comment: 'Квартира 54 м², Казань',
      phone_request_id: proof,
    });
    expect(made.status).toBe(201);
    const id = made.body.id;

    const guest = new TestSession(h, '10.17.2.1');
    expect((await guest.call('GET', '/api/ops/finance-requests')).status).toBe(401);
    expect((await guest.call('POST', `/api/ops/finance-requests/${id}/close`, {})).status).toBe(401);
    const seller = new TestSession(h, '10.17.2.2');
    await seller.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5001) });
    expect((await seller.call('GET', '/api/ops/finance-requests')).status).toBe(403);

    const operator = new TestSession(h, '10.17.2.3');
    await operator.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5005) });
    const list = await operator.call<Stored[]>('GET', '/api/ops/finance-requests?kind=property&status=new');
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ id, kind: 'property', details: { comment: 'Квартира 54 м², Казань' } });
    expect(list.body.every((r) => r.kind === 'property' && r.status === 'new')).toBe(true);

    expect((await operator.call('POST', `/api/ops/finance-requests/${id}/answer`, { comment: '' })).status).toBe(422);
    const answered = await operator.call<Stored>('POST', `/api/ops/finance-requests/${id}/answer`, {
      comment: 'Полис от 4 900 ₽, ждём вас в магазине',
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      status: 'answered',
      operator_comment: 'Полис от 4 900 ₽, ждём вас в магазине',
    });
    const closed = await operator.call<Stored>('POST', `/api/ops/finance-requests/${id}/close`, {});
    expect(closed.body.status).toBe('closed');
    const again = await operator.call<Stored>('POST', `/api/ops/finance-requests/${id}/answer`, { comment: 'Ещё' });
    expect(again.status).toBe(409);
    expect((await operator.call('POST', '/api/ops/finance-requests/999999/close', {})).status).toBe(404);

    const sms = await h.handle.query<{ template: string; body: string }>(
      `select template, body from notification_outbox where recipient = '79167001128' and template like 'finance-request%' order by id`,
    );
    expect(sms.map((m) => m.template)).toEqual(['finance-request', 'finance-request-answer', 'finance-request-close']);
    expect(sms[1]!.body).toContain('обработана. Полис от 4 900 ₽');
    const [row] = await h.handle.query<{ operator_number: string; closed_at: string | null }>(
      'select operator_number, closed_at from finance_requests where id = $1',
      [id],
    );
    expect(row).toMatchObject({ operator_number: '5005' });
    expect(row!.closed_at).not.toBeNull();
  });
});
