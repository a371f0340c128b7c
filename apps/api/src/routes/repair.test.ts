import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORM_MESSAGES,
  REPAIR_DATE_MESSAGES,
  REPAIR_FILE_MESSAGES,
  REPAIR_MESSAGES,
  repairCourierDates,
  repairDiscountPrice,
} from '@store/domain';
import { employeeToken } from '@store/db/seed/staff';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { PNG, temporaryFilesDir } from '../test/repair-files.ts';
import { TestSession } from '../test/session.ts';
import { todayInMoscow } from '../services/repair.ts';

const filesDir = temporaryFilesDir('repair-requests-');
let h: Harness;
let iphone: number;
let washer: number;
let screen: number;
let drain: number;
let centre: number;
beforeAll(async () => {
  h = await createHarness({ FILE_STORAGE_DIR: filesDir });
  const q = async (sql: string) => (await h.handle.query<{ id: number }>(sql))[0]!.id;
  iphone = await q(`select id from models where name = 'iPhone 15'`);
  washer = await q(
    `select m.id from models m join series s on s.id = m.series_id where s.category_id = 403 order by m.id limit 1`,
  );
  screen = await q(`select id from repair_problems where device_type_id = 1 and code = 'screen'`);
  drain = await q(`select id from repair_problems where device_type_id = 6 and code = 'drain'`);
  centre = await q(`select id from stores where type = 99 and city_id = 1 and status = 1 order by id limit 1`);
});
afterAll(async () => {
  await h.close();
});

const PHONE = '+7 (916) 555-44-33';

async function confirmPhone(s: TestSession, phone = PHONE): Promise<string> {
  expect((await s.call('POST', '/api/v1/repair/phone/send-code', { phone })).status).toBe(200);
  const code = await s.lastCode(`7${phone.replace(/\D/g, '').slice(1)}`);
  const wrong = await s.call<{ errors: Record<string, string[]> }>('POST', '/api/v1/repair/phone/confirm', {
    phone,
    code: code === '000000' ? '111111' : '000000',
  });
  expect(wrong.status).toBe(422);
  const ok = await s.call<{ phone_request_id: string }>('POST', '/api/v1/repair/phone/confirm', { phone, code });
  expect(ok.status).toBe(200);
  return ok.body.phone_request_id;
}

async function upload(s: TestSession, field: string): Promise<string> {
  const form = new FormData();
  form.set('field', field);
  form.set('file', new File([PNG], 'photo.png', { type: 'image/png' }));
  const response = await h.call('/api/v1/repair/files', {
    method: 'POST',
    body: form,
    headers: { 'x-requested-with': 'XMLHttpRequest', ...(s.cookies.size ? { cookie: s.cookieHeader() } : {}) },
  });
  for (const raw of response.headers.getSetCookie()) {
    const [pair = ''] = raw.split(';');
    s.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  }
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const user = (phoneRequestId: string) => ({
  name: 'Ольга Иванова',
  phone: '79165554433',
  email: 'olga@example.test',
  phone_request_id: phoneRequestId,
  city_id: 1,
});
const courierDate = () => repairCourierDates(todayInMoscow())[0]!;
const address = () => ({
  street: 'ул. Тверская',
  house: '7',
  building: '',
  entrance: '2',
  floor: '5',
  flat: '12',
  date: courierDate(),
  time_from: '09:00',
  time_to: '13:00',
  notes: 'Домофон 12',
});
const count = async (table: string) =>
  (await h.handle.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

interface Created {
  id: number;
  number: string;
  cost_from: number;
  discount_price: number;
  errors: Record<string, string[]>;
}

describe('POST /v1/order/paid-repair', () => {
  it('stores a paid smartphone repair handed in at a service centre, priced from the model, with an SMS', async () => {
    const s = new TestSession(h, '10.1.0.1');
    const requestId = await confirmPhone(s);
    const payload = {
      user: user(requestId),
      problem: {
        id: screen,
        model_id: iphone,
        ready_sell_for_parts: false,
        important_save_data: true,
        consider_alternatives: false,
      },
      store_id: centre,
    };
    const answer = await s.call<Created>('POST', '/api/v1/order/paid-repair', payload);
    expect(answer.status).toBe(201);
    expect(answer.body.number).toBe(String(1000000 + answer.body.id));
    const [price] = await h.handle.query<{ cost_from: number }>(
      'select cost_from from repair_model_problems where model_id = $1 and problem_id = $2',
      [iphone, screen],
    );
    expect(answer.body.cost_from).toBe(price!.cost_from);
    expect(answer.body.discount_price).toBe(repairDiscountPrice(price!.cost_from));
    const [row] = await h.handle.query<{ payload: unknown; handover: string; store_id: number; status: string }>(
      'select payload, handover, store_id, status from repair_requests where id = $1',
      [answer.body.id],
    );
    expect(row).toEqual({ payload, handover: 'store', store_id: centre, status: 'opened' });
    const sms = await h.handle.query<{ body: string }>(
      `select body from notification_outbox where template = 'repair-request' and recipient = '79165554433'`,
    );
    expect(sms[0]!.body).toContain(`№${answer.body.number}`);

    const lookup = await h.json<{ status: string; status_name: string; model: string; documents: unknown[] }>(
      `/api/v1/repair/status?number=${answer.body.number}&phone=${encodeURIComponent(PHONE)}`,
    );
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({ status: 'opened', status_name: 'Заявка открыта', model: 'iPhone 15' });
    expect((await h.call(`/api/v1/repair/status?number=${answer.body.number}&phone=%2B79160000000`)).status).toBe(404);
  });

  it('refuses bad input with §5 messages and stores nothing', async () => {
    const s = new TestSession(h, '10.1.0.2');
    const requestId = await confirmPhone(s);
    const before = await count('repair_requests');
    const base = {
      user: user(requestId),
      problem: {
        id: screen,
        model_id: iphone,
        ready_sell_for_parts: false,
        important_save_data: false,
        consider_alternatives: false,
      },
    };
    const cases: [unknown, string, string][] = [
      [{ ...base, user: { ...user(requestId), name: '' } }, 'user.name', FORM_MESSAGES.required],
      [{ ...base, user: { ...user(requestId), phone: '74951234567' } }, 'user.phone', FORM_MESSAGES.mobileStartsWith9],
      [
        { ...base, user: { ...user('forged.id'), phone: '79165554433' } },
        'user.phone_request_id',
        REPAIR_MESSAGES.phoneNotConfirmed,
      ],
      [
        { ...base, user: { ...user(requestId), phone: '79161112233' } },
        'user.phone_request_id',
        REPAIR_MESSAGES.phoneNotConfirmed,
      ],
      [{ ...base, problem: { ...base.problem, id: drain } }, 'problem.id', REPAIR_MESSAGES.choose],
      [{ ...base, store_id: 2147483647 }, 'store_id', REPAIR_MESSAGES.choose],
      [{ ...base, address: { ...address(), date: '2020-01-01' } }, 'address.date', REPAIR_DATE_MESSAGES.past],
      [
        { ...base, address: { ...address(), time_from: '08:00', time_to: '09:00' } },
        'address.time_from',
        REPAIR_MESSAGES.slot,
      ],
      [{ ...base, address: { ...address(), street: '' } }, 'address.street', FORM_MESSAGES.required],
    ];
    for (const [body, field, message] of cases) {
      const answer = await s.call<Created>('POST', '/api/v1/order/paid-repair', body);
      expect(answer.status, field).toBe(422);
      expect(answer.body.errors[field], field).toEqual([message]);
    }
    const extra = await s.call('POST', '/api/v1/order/paid-repair', { ...base, surprise: 1 });
    expect(extra.status).toBe(422);
    expect(await count('repair_requests')).toBe(before);
  });
});

describe('warranty repair and insurance case with documents', () => {
  it('files a warranty repair of a washing machine with a courier and uploaded documents, then follows it', async () => {
    const s = new TestSession(h, '10.1.0.3');
    await s.register('+7 (916) 777-66-55');
    const requestId = await confirmPhone(s, '+7 (916) 777-66-55');
    const receipt = await upload(s, 'cashReceipt');
    const card = await upload(s, 'warrantyCard');
    const photo = await upload(s, 'devicePhoto');
    const payload = {
      user: { ...user(requestId), phone: '79167776655' },
      problem: {
        id: drain,
        model_id: washer,
        ready_sell_for_parts: false,
        important_save_data: false,
        consider_alternatives: true,
      },
      delivery_type: 'courier',
      address: address(),
      docs: {
        has_device_and_charger: true,
        has_kit_accessories: false,
        additional: '',
        purchase_date: '2026-03-15',
        policy_accept: true,
        photo_cheque: receipt,
        photo_guarantee_card: card,
        photo_passport: null,
        photo_application_insurance_payment: null,
        photo_conclusion: null,
        passport: [],
        cash_receipt: [receipt],
        warranty_card: [card],
        insurance_policy: [],
        insurance_payment: [],
        device_photo: [photo],
      },
    };
    // Someone else's file id is refused, and nothing is stored or attached.
    const stranger = new TestSession(h, '10.1.0.4');
    const foreign = await upload(stranger, 'devicePhoto');
    const before = await count('repair_requests');
    const forged = await s.call<Created>('POST', '/api/v1/order/warranty-repair', {
      ...payload,
      docs: { ...payload.docs, device_photo: [foreign] },
    });
    expect(forged.status).toBe(422);
    expect(forged.body.errors['docs.device_photo']).toEqual([REPAIR_FILE_MESSAGES.notFound]);
    const mismatch = await s.call<Created>('POST', '/api/v1/order/warranty-repair', {
      ...payload,
      docs: { ...payload.docs, photo_cheque: card },
    });
    expect(mismatch.status).toBe(422);
    expect(await count('repair_requests')).toBe(before);

    const answer = await s.call<Created>('POST', '/api/v1/order/warranty-repair', payload);
    expect(answer.status).toBe(201);
    expect(answer.body.cost_from).toBe(0);
    const attached = await h.handle.query<{ id: string }>(
      'select id from repair_files where request_id = $1 order by id',
      [answer.body.id],
    );
    expect(attached.map((f) => f.id).sort()).toEqual([receipt, card, photo].sort());
    // The same files cannot serve a second request.
    expect((await s.call('POST', '/api/v1/order/warranty-repair', payload)).status).toBe(422);

    const mine = await s.call<
      { number: string; handover: string; address: { date: string }; documents: { id: string }[]; kind: string }[]
    >('GET', '/api/v2/users/me/repair-requests');
    expect(mine.status).toBe(200);
    expect(mine.body[0]).toMatchObject({ number: answer.body.number, kind: 'warranty', handover: 'courier' });
    expect(mine.body[0]!.address.date).toBe(courierDate());
    expect(mine.body[0]!.documents).toHaveLength(3);
    expect((await new TestSession(h).call('GET', '/api/v2/users/me/repair-requests')).status).toBe(401);

    // An operator answers the request; the customer sees the new status and gets an SMS.
    const operator = new TestSession(h, '10.1.0.5');
    await operator.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5005) });
    const list = await operator.call<{ id: number }[]>('GET', '/api/ops/repair-requests?status=opened');
    expect(list.body.map((r) => r.id)).toContain(answer.body.id);
    const done = await operator.call<{ status: string; operator_comment: string }>(
      'POST',
      `/api/ops/repair-requests/${answer.body.id}/status`,
      { status: 'completed', comment: 'Насос заменён по гарантии' },
    );
    expect(done.body).toMatchObject({ status: 'completed', operator_comment: 'Насос заменён по гарантии' });
    const after = await s.call<{ status: string }[]>('GET', '/api/v2/users/me/repair-requests');
    expect(after.body[0]!.status).toBe('completed');
    expect(
      (await s.call('POST', `/api/ops/repair-requests/${answer.body.id}/status`, { status: 'closed' })).status,
    ).toBe(401);
  });

  it('files an insurance case with the IMEI checked by Luhn, through both variants', async () => {
    const s = new TestSession(h, '10.1.0.6');
    const requestId = await confirmPhone(s);
    const policy = await upload(s, 'insurancePolicy');
    const application = await upload(s, 'insurancePayment');
    const passport = await upload(s, 'passport');
    const photo = await upload(s, 'devicePhoto');
    const payload = {
      user: user(requestId),
      problem: {
        id: screen,
        model_id: iphone,
        ready_sell_for_parts: false,
        important_save_data: true,
        consider_alternatives: false,
      },
      delivery_type: 'store',
      store_id: centre,
      imei: '490154203237518',
      insurance: 'ingos',
      insurance_situation: 'Уронил телефон на плитку, разбился экран',
      docs: {
        has_device_and_charger: false,
        has_kit_accessories: false,
        additional: '',
        purchase_date: '',
        policy_accept: true,
        photo_cheque: null,
        photo_guarantee_card: null,
        photo_passport: passport,
        photo_application_insurance_payment: application,
        photo_conclusion: null,
        passport: [passport],
        cash_receipt: [],
        warranty_card: [],
        insurance_policy: [policy],
        insurance_payment: [application],
        device_photo: [photo],
      },
    };
    const bad = await s.call<Created>('POST', '/api/v1/order/insurance-case', { ...payload, imei: '490154203237519' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.imei).toEqual(['IMEI введён с ошибкой: проверьте цифры.']);
    const answer = await s.call<Created>('POST', '/api/repair-request/create', { type: 'insurance', ...payload });
    expect(answer.status).toBe(201);
    const [row] = await h.handle.query<{ variant: string; kind: string; imei: string; payload: { insurance: string } }>(
      'select variant, kind, imei, payload from repair_requests where id = $1',
      [answer.body.id],
    );
    expect(row).toMatchObject({ variant: 'refresh', kind: 'insurance', imei: '490154203237518' });
    expect(row!.payload.insurance).toBe('ingos');
  });
});

describe('POST /v1/{type}/order (SPEC §7)', () => {
  it('files each kind at its /v1/{type}/order path with the same payload and rules as /v1/order/{type}', async () => {
    const paths = Object.keys(
      (await h.json<{ paths: Record<string, unknown> }>('/api/openapi.json')).body.paths,
    ).filter((p) => /^\/api\/v1\/[a-z-]+\/order$/.test(p));
    expect(paths.sort()).toEqual([
      '/api/v1/insurance-case/order',
      '/api/v1/paid-repair/order',
      '/api/v1/warranty-repair/order',
    ]);

    const s = new TestSession(h, '10.1.0.40');
    const requestId = await confirmPhone(s, '+7 (916) 555-40-40');
    const paid = {
      user: { ...user(requestId), phone: '79165554040' },
      problem: { id: screen, model_id: iphone },
      address: address(),
    };
    const before = await count('repair_requests');
    // A warranty payload (docs, delivery_type) is not a paid repair: refused by the path's own schema.
    const wrong = await s.call<Created>('POST', '/api/v1/paid-repair/order', {
      ...paid,
      delivery_type: 'courier',
      docs: {},
    });
    expect(wrong.status).toBe(422);
    // A warranty repair without its documents: the §5 message under the payload's field, nothing stored.
    const noDocs = await s.call<Created>('POST', '/api/v1/warranty-repair/order', {
      user: paid.user,
      problem: { id: drain, model_id: washer },
      delivery_type: 'operator',
      docs: { policy_accept: true, purchase_date: '2026-03-15' },
    });
    expect(noDocs.status).toBe(422);
    expect(noDocs.body.errors['docs.device_photo']).toEqual([REPAIR_MESSAGES.file]);
    expect(await count('repair_requests')).toBe(before);

    const answer = await s.call<Created>('POST', '/api/v1/paid-repair/order', paid);
    expect(answer.status).toBe(201);
    const [row] = await h.handle.query<{ kind: string; variant: string; handover: string; cost_from: number }>(
      'select kind, variant, handover, cost_from from repair_requests where id = $1',
      [answer.body.id],
    );
    const [price] = await h.handle.query<{ cost_from: number }>(
      'select cost_from from repair_model_problems where model_id = $1 and problem_id = $2',
      [iphone, screen],
    );
    expect(row).toEqual({ kind: 'paid', variant: 'own', handover: 'courier', cost_from: price!.cost_from });
    expect(answer.body.discount_price).toBe(repairDiscountPrice(price!.cost_from));
  });
});
