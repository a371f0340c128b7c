// «Подтвердить компанию через банк» (issue 17, SPEC §7 GET /api/auth/v1/b2b-sber/authorize; decision
// 0047): the whole flow through the sandbox business bank, and every way it must refuse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeToken } from '@store/db/seed/staff';
import { COMPANY_SIGN_IN_FAILURES, COOKIE, INN_MESSAGES, KPP_MESSAGES } from '@store/domain';
import { createOAuthBusinessSignIn } from '../adapters/business-sign-in.ts';
import { authSecret } from '../auth/tokens.ts';
import type { ApiErrorBody } from '../http/errors.ts';
import { sandboxBankClients } from '../sandbox-business-bank/clients.ts';
import type { Order } from '../schemas/orders.ts';
import { CONFIRMATION_NOT_FOUND, sessionOf, signState } from '../services/business-sign-in.ts';
import { createHarness, sandboxPage, type Harness } from '../test/api-harness.ts';
import { insertOrder, newBasketId } from '../test/order-fixture.ts';
import { TestSession } from '../test/session.ts';

let h: Harness;
const CLIENT_SECRET = 'the-sandbox-client-secret-of-tests';
beforeAll(async () => {
  h = await createHarness({ B2B_SIGN_IN_CLIENT_SECRET: CLIENT_SECRET });
});
afterAll(async () => {
  await h.close();
});

const [company, otherCompany] = sandboxBankClients() as [
  ReturnType<typeof sandboxBankClients>[number],
  ReturnType<typeof sandboxBankClients>[number],
];
const soleTrader = sandboxBankClients().find((c) => c.kpp === null)!;
const PAGE = { accept: 'text/html,application/xhtml+xml' };

/** A guest's corporate order (type 17) of a bank client, and the guest's cookie. */
async function corporateOrder(client = company, options: { statusId?: string; orderTypeId?: number } = {}) {
  const basketId = newBasketId();
  const order = await insertOrder(h.handle, {
    basketId,
    orderTypeId: options.orderTypeId ?? 17,
    paymentType: 5,
    statusId: options.statusId ?? 'N',
  });
  await h.handle.query('update orders set company_inn = $1, company_name = $2 where id = $3', [
    client.inn,
    client.name,
    order.id,
  ]);
  return { id: order.id, basketId, cookie: `${COOKIE.basketId}=${basketId}` };
}

const get = (path: string, cookie: string, headers: Record<string, string> = {}) =>
  h.call(path, { headers: { cookie, ...headers } });

async function errorOf(response: Response) {
  return { status: response.status, body: (await response.json()) as ApiErrorBody };
}

/** authorize → the sandbox bank's sign-in page: its form's hidden fields. */
async function startAt(order: { id: number; cookie: string }) {
  const response = await get(`/api/auth/v1/b2b-sber/authorize?order_id=${order.id}`, order.cookie, PAGE);
  expect(response.status).toBe(302);
  const location = response.headers.get('location')!;
  expect(location).toMatch(/^\/sandbox-business-bank\/ic\/sso\/api\/v2\/oauth\/authorize\?/);
  const query = new URL(location, 'http://store.test').searchParams;
  expect(query.get('response_type')).toBe('code');
  expect(query.get('scope')).toContain('inn');
  expect(query.get('redirect_uri')).toBe('http://store.test/api/auth/v1/b2b-sber/callback');
  const page = await sandboxPage(h.api.sandboxBusinessBank!, location);
  expect(page.status).toBe(200);
  expect(page.text).toContain('Вход для бизнеса');
  return {
    client_id: query.get('client_id')!,
    redirect_uri: query.get('redirect_uri')!,
    state: query.get('state')!,
    nonce: query.get('nonce')!,
  };
}

const signInPath = '/sandbox-business-bank/ic/sso/api/v2/oauth/authorize';

/** Signs in at the sandbox bank for a client: the callback address with the code and state. */
async function signIn(params: Record<string, string>, client = company, representative = 'Петрова Анна Сергеевна') {
  const answer = await sandboxPage(h.api.sandboxBusinessBank!, signInPath, {
    ...params,
    inn: client.inn,
    kpp: client.kpp ?? '',
    representative,
    decision: 'allow',
  });
  expect(answer.status).toBe(303);
  const back = new URL(answer.location!);
  expect(back.searchParams.get('state')).toBe(params.state);
  return { path: `${back.pathname}${back.search}`, code: back.searchParams.get('code')! };
}

const orderOf = async (order: { id: number; cookie: string }) =>
  ((await (await get(`/api/payment-info/${order.id}`, order.cookie)).json()) as { order: Order }).order;

describe('GET /api/auth/v1/b2b-sber/authorize and the callback', () => {
  it('are listed in the OpenAPI document at their real paths', async () => {
    const { body } = await h.json<{ paths: Record<string, { get?: { parameters?: { name: string }[] } }> }>(
      '/api/openapi.json',
    );
    const authorize = body.paths['/api/auth/v1/b2b-sber/authorize']?.get;
    expect(authorize?.parameters?.map((p) => p.name)).toContain('order_id');
    expect(body.paths['/api/auth/v1/b2b-sber/callback']?.get).toBeDefined();
  });

  it("confirms a corporate order's company through the sandbox bank and shows it in the order", async () => {
    const order = await corporateOrder();
    expect((await orderOf(order)).company).toEqual({ inn: company.inn, name: company.name, confirmation: null });

    const params = await startAt(order);
    const back = await signIn(params);
    const done = await get(back.path, order.cookie, PAGE);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/cart/success/${order.id}?company=confirmed`);

    const confirmation = (await orderOf(order)).company!.confirmation!;
    expect(confirmation).toMatchObject({
      provider: 'sandbox',
      inn: company.inn,
      kpp: company.kpp,
      company_name: company.name,
      ogrn: company.ogrn,
      representative: 'Петрова Анна Сергеевна',
    });
    const [mail] = await h.handle.query<{ subject: string; body: string }>(
      `select subject, body from notification_outbox where template = 'corp-company-confirmed' and payload->>'order_id' = $1`,
      [String(order.id)],
    );
    expect(mail!.subject).toBe(`Заказ №${order.id}: компания подтверждена банком`);
    expect(mail!.body).toContain(`Компания подтверждена банком: ${company.name}, ИНН ${company.inn}`);

    // The same return again: the state is used up, nothing more is recorded.
    const again = await errorOf(await get(back.path, order.cookie));
    expect(again).toEqual({
      status: 422,
      body: {
        status: 422,
        message: COMPANY_SIGN_IN_FAILURES.reused,
        errors: { state: [COMPANY_SIGN_IN_FAILURES.reused] },
      },
    });
    // Confirmed once: authorize says so (a page goes back to its order with the reason).
    const twice = await errorOf(await get(`/api/auth/v1/b2b-sber/authorize?order_id=${order.id}`, order.cookie));
    expect(twice.status).toBe(422);
    expect(twice.body.errors.order_id).toEqual([COMPANY_SIGN_IN_FAILURES.confirmed]);
    const twicePage = await get(`/api/auth/v1/b2b-sber/authorize?order_id=${order.id}`, order.cookie, PAGE);
    expect(twicePage.headers.get('location')).toBe(`/cart/success/${order.id}?company_error=confirmed`);
    const [{ n }] = (await h.handle.query<{ n: number }>(
      'select count(*)::int as n from order_company_confirmations where order_id = $1',
      [order.id],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('answers JSON to a client that is no page, and takes a sole trader without a КПП', async () => {
    const order = await corporateOrder(soleTrader);
    const back = await signIn(await startAt(order), soleTrader, 'Соколова Марина');
    const response = await get(back.path, order.cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      order_id: number;
      redirect: string;
      confirmation: { kpp: string | null };
    };
    expect(body).toMatchObject({ order_id: order.id, redirect: `/cart/success/${order.id}` });
    expect(body.confirmation.kpp).toBeNull();
  });

  it('sends a signed-in customer back to the order in the account, and nobody else may finish it', async () => {
    const session = new TestSession(h);
    const customer = await session.register('+7 916 555-31-17');
    const order = await corporateOrder();
    await h.handle.query('update orders set customer_id = $1 where id = $2', [customer.id, order.id]);
    const mine = { id: order.id, cookie: session.cookieHeader() };
    // The guest basket that placed it no longer owns a customer's order.
    const guest = await errorOf(await get(`/api/auth/v1/b2b-sber/authorize?order_id=${order.id}`, order.cookie));
    expect(guest.status).toBe(404);
    const back = await signIn(await startAt(mine));
    const done = await get(back.path, mine.cookie, PAGE);
    expect(done.headers.get('location')).toBe(`/account/orders/${order.id}?company=confirmed`);
    const view = (await (await get(`/api/v3/customer/orders/${order.id}`, mine.cookie)).json()) as Order;
    expect(view.company!.confirmation!.inn).toBe(company.inn);
  });

  it("refuses orders that are not the requester's corporate, open, unconfirmed ones", async () => {
    const ordinary = await corporateOrder(company, { orderTypeId: 1 });
    const cancelled = await corporateOrder(company, { statusId: 'I' });
    const mine = await corporateOrder();
    const cases: [string, string, number, string][] = [
      [`order_id=${ordinary.id}`, ordinary.cookie, 422, COMPANY_SIGN_IN_FAILURES.not_corporate],
      [`order_id=${cancelled.id}`, cancelled.cookie, 422, COMPANY_SIGN_IN_FAILURES.cancelled],
      // Someone else's order is not found for them, whatever it is.
      [`order_id=${mine.id}`, `${COOKIE.basketId}=${newBasketId()}`, 404, COMPANY_SIGN_IN_FAILURES.not_found],
      [`order_id=${mine.id}`, '', 404, COMPANY_SIGN_IN_FAILURES.not_found],
      ['order_id=2147483000', mine.cookie, 404, COMPANY_SIGN_IN_FAILURES.not_found],
    ];
    for (const [query, cookie, status, message] of cases) {
      const answer = await errorOf(await get(`/api/auth/v1/b2b-sber/authorize?${query}`, cookie));
      expect(answer, query).toEqual({ status, body: { status, message, errors: { order_id: [message] } } });
    }
    for (const query of ['', 'order_id=abc', 'order_id=0', 'order_id=2147483648']) {
      const answer = await errorOf(await get(`/api/auth/v1/b2b-sber/authorize?${query}`, mine.cookie));
      expect(answer.status, query).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual(['order_id']);
    }
    // A page goes back to its own order with the reason; someone else's order gets no page of it.
    const page = await get(`/api/auth/v1/b2b-sber/authorize?order_id=${ordinary.id}`, ordinary.cookie, PAGE);
    expect(page.headers.get('location')).toBe(`/cart/success/${ordinary.id}?company_error=not_corporate`);
    const foreign = await get(`/api/auth/v1/b2b-sber/authorize?order_id=${mine.id}`, ordinary.cookie, PAGE);
    expect(foreign.status).toBe(404);
  });

  it('refuses a forged, foreign, expired, reused or denied state', async () => {
    const order = await corporateOrder();
    const params = await startAt(order);
    const back = await signIn(params);
    const callback = (query: string, cookie = order.cookie) => get(`/api/auth/v1/b2b-sber/callback?${query}`, cookie);
    const code = encodeURIComponent(back.code);

    const forged = `${params.state.split('.')[0]}x.${params.state.split('.')[1]}`;
    expect(await errorOf(await callback(`code=${code}&state=${forged}`))).toMatchObject({
      status: 400,
      body: { errors: { state: [COMPANY_SIGN_IN_FAILURES.state] } },
    });
    expect((await errorOf(await callback(`code=${code}`))).body.errors.state).toEqual([COMPANY_SIGN_IN_FAILURES.state]);
    // Another browser with the link: refused without a word about the order, and the state stays usable.
    const elsewhere = await errorOf(await callback(back.path.split('?')[1]!, `${COOKIE.basketId}=${newBasketId()}`));
    expect(elsewhere).toMatchObject({ status: 403, body: { errors: { state: [COMPANY_SIGN_IN_FAILURES.session] } } });

    // A state past its time (signed like the store's own, so only the expiry is wrong).
    const secret = authSecret(h.config);
    const expired = signState(secret, {
      o: order.id,
      s: sessionOf(secret, { customerId: null, basketId: order.basketId }),
      j: 'expired-state-id-0001',
      exp: Math.floor(Date.now() / 1000) - 1,
    });
    const late = await get(`/api/auth/v1/b2b-sber/callback?code=${code}&state=${expired}`, order.cookie, PAGE);
    expect(late.headers.get('location')).toBe(`/cart/success/${order.id}?company_error=expired`);

    // «Отказаться» at the bank.
    const again = await startAt(order);
    const denied = await sandboxPage(h.api.sandboxBusinessBank!, signInPath, { ...again, decision: 'deny' });
    expect(denied.status).toBe(303);
    const deniedBack = new URL(denied.location!);
    expect(deniedBack.searchParams.get('error')).toBe('access_denied');
    const refused = await errorOf(await get(`${deniedBack.pathname}${deniedBack.search}`, order.cookie));
    expect(refused.body.errors.error).toEqual([COMPANY_SIGN_IN_FAILURES.denied]);

    // The first state still confirms; after that it is used up.
    expect((await get(back.path, order.cookie)).status).toBe(200);
    expect((await errorOf(await get(back.path, order.cookie))).body.errors.state).toEqual([
      COMPANY_SIGN_IN_FAILURES.reused,
    ]);
  });

  it('refuses a wrong or reused code, a code of another sign-in, and another company', async () => {
    const first = await corporateOrder();
    const second = await corporateOrder();
    const third = await corporateOrder();
    const firstParams = await startAt(first);
    const firstBack = await signIn(firstParams);

    const wrong = await startAt(second);
    const bad = await errorOf(
      await get(`/api/auth/v1/b2b-sber/callback?code=not-a-real-code-123456&state=${wrong.state}`, second.cookie),
    );
    expect(bad).toMatchObject({ status: 422, body: { errors: { code: [COMPANY_SIGN_IN_FAILURES.code] } } });

    // The first order's code returned with the second order's state: from the first order's browser the
    // state is not theirs; from the second's, the bank's answer carries the first sign-in's nonce, so the
    // store refuses it (and the code is spent).
    const crossed = await startAt(second);
    const crossedPath = `/api/auth/v1/b2b-sber/callback?code=${encodeURIComponent(firstBack.code)}&state=${crossed.state}`;
    expect((await errorOf(await get(crossedPath, first.cookie))).status).toBe(403);
    const nonce = await errorOf(await get(crossedPath, second.cookie));
    expect(nonce).toMatchObject({ status: 422, body: { errors: { code: [COMPANY_SIGN_IN_FAILURES.answer] } } });
    // The spent code does not confirm the first order either.
    const replay = await errorOf(await get(firstBack.path, first.cookie));
    expect(replay.body.errors.code).toEqual([COMPANY_SIGN_IN_FAILURES.code]);
    expect((await orderOf(first)).company!.confirmation).toBeNull();

    // Signed in for another organisation than the order's.
    const other = await signIn(await startAt(third), otherCompany);
    const mismatch = await errorOf(await get(other.path, third.cookie));
    expect(mismatch).toMatchObject({
      status: 422,
      body: { errors: { 'company.inn': [COMPANY_SIGN_IN_FAILURES.inn_mismatch] } },
    });
    expect((await orderOf(third)).company!.confirmation).toBeNull();
  });

  it("says when the bank does not answer, without a 5xx of the store for the shopper's page", async () => {
    const down = await createHarness(
      {},
      {
        adapters: {
          businessSignIn: createOAuthBusinessSignIn({
            name: 'sandbox',
            clientId: 'multicenter-sandbox',
            clientSecret: 'a-secret-of-the-test-0001',
            authBase: '/sandbox-business-bank',
            apiBase: 'http://bank.test',
            issuer: 'https://bank.test',
            key: { alg: 'HS256', secret: 'a-secret-of-the-test-0001' },
            fetch: async () => new Response('bad gateway', { status: 502 }),
          }),
        },
      },
    );
    try {
      const basketId = newBasketId();
      const order = await insertOrder(down.handle, { basketId, orderTypeId: 17, paymentType: 5 });
      await down.handle.query(`update orders set company_inn = $1, company_name = $2 where id = $3`, [
        company.inn,
        company.name,
        order.id,
      ]);
      const cookie = `${COOKIE.basketId}=${basketId}`;
      const start = await down.call(`/api/auth/v1/b2b-sber/authorize?order_id=${order.id}`, { headers: { cookie } });
      const state = new URL(start.headers.get('location')!, 'http://store.test').searchParams.get('state')!;
      const page = await down.call(`/api/auth/v1/b2b-sber/callback?code=some-code-0000000001&state=${state}`, {
        headers: { cookie, ...PAGE },
      });
      expect(page.status).toBe(303);
      expect(page.headers.get('location')).toBe(`/cart/success/${order.id}?company_error=unavailable`);
      expect(down.logLines.some((l) => l.includes('the bank did not answer the code exchange'))).toBe(true);
    } finally {
      await down.close();
    }
  });
});

describe('the sandbox business bank', () => {
  it('checks the sign-in form: the ИНН check digits, the КПП, the representative, its client list', async () => {
    const order = await corporateOrder();
    const params = await startAt(order);
    const post = (fields: Record<string, string>) =>
      sandboxPage(h.api.sandboxBusinessBank!, signInPath, { ...params, decision: 'allow', ...fields });
    const checksum = await post({ inn: '7707083894', kpp: '773601001', representative: 'Иванов Пётр' });
    expect(checksum.status).toBe(422);
    expect(checksum.text).toContain(INN_MESSAGES.checksum);
    const unknown = await post({ inn: '7707083893', kpp: '773601001', representative: 'Иванов Пётр' });
    expect(unknown.text).toContain('Организация с этим ИНН не обслуживается в банке');
    const kpp = await post({ inn: company.inn, kpp: '77360', representative: 'Иванов Пётр' });
    expect(kpp.text).toContain(KPP_MESSAGES.format);
    const otherKpp = await post({ inn: company.inn, kpp: '773601001', representative: 'Иванов Пётр' });
    expect(otherKpp.text).toContain('КПП не совпадает с данными банка');
    const trader = await post({ inn: soleTrader.inn, kpp: '773601001', representative: 'Иванов Пётр' });
    expect(trader.text).toContain(KPP_MESSAGES.soleTrader);
    const name = await post({ inn: company.inn, kpp: company.kpp!, representative: 'Иванов' });
    expect(name.text).toContain('Укажите фамилию и имя представителя');
  });

  it("sends codes only to the store's callback, for its client, and gives a code once with the secret", async () => {
    const order = await corporateOrder();
    const params = await startAt(order);
    const query = (changes: Record<string, string>) =>
      `${signInPath}?${new URLSearchParams({ response_type: 'code', ...params, ...changes })}`;
    const refused: Record<string, string>[] = [
      { redirect_uri: 'https://evil.example/api/auth/v1/b2b-sber/callback' },
      { redirect_uri: 'http://store.test/cart' },
      { client_id: 'someone-else' },
      { state: '' },
    ];
    for (const changes of refused) {
      expect((await sandboxPage(h.api.sandboxBusinessBank!, query(changes))).status).toBe(400);
    }
    const back = await signIn(params);
    const token = (secret: string) =>
      sandboxPage(h.api.sandboxBusinessBank!, '/sandbox-business-bank/ic/sso/api/v2/oauth/token', {
        grant_type: 'authorization_code',
        code: back.code,
        client_id: params.client_id,
        client_secret: secret,
        redirect_uri: params.redirect_uri,
      });
    expect((await token('a-wrong-secret')).status).toBe(401);
    // The store's own exchange takes the code; a second exchange finds it used.
    expect((await get(back.path, order.cookie)).status).toBe(200);
    const replayed = await token(CLIENT_SECRET);
    expect(replayed.status).toBe(400);
    expect(JSON.parse(replayed.text)).toMatchObject({ error: 'invalid_grant' });
    const info = await sandboxPage(h.api.sandboxBusinessBank!, '/sandbox-business-bank/ic/sso/api/v2/oauth/user-info');
    expect(info.status).toBe(401);
  });
});

describe('POST /api/ops/orders/{id}/company-confirmation/undo', () => {
  it('lets an operator take a confirmation back with a reason; the outbox keeps it; the shopper may confirm again', async () => {
    const order = await corporateOrder();
    const first = await signIn(await startAt(order));
    expect((await get(first.path, order.cookie, PAGE)).status).toBe(303);
    const confirmed = (await orderOf(order)).company!.confirmation!;
    expect(confirmed).not.toBeNull();
    const path = `/api/ops/orders/${order.id}/company-confirmation/undo`;

    // Operators only, and a reason.
    const guest = new TestSession(h, '10.47.9.1');
    expect((await guest.call('POST', path, { reason: 'Не тот представитель' })).status).toBe(401);
    const seller = new TestSession(h, '10.47.9.2');
    await seller.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5001) });
    expect((await seller.call('POST', path, { reason: 'Не тот представитель' })).status).toBe(403);
    const operator = new TestSession(h, '10.47.9.3');
    await operator.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5005) });
    const blank = await operator.call<ApiErrorBody>('POST', path, { reason: '  ' });
    expect(blank.status).toBe(422);
    expect(Object.keys(blank.body.errors ?? {})).toEqual(['reason']);
    expect((await orderOf(order)).company!.confirmation).toEqual(confirmed);

    const undone = await operator.call<{ order_id: number; undone: object; reason: string; undone_by: string }>(
      'POST',
      path,
      { reason: 'Представитель без доверенности' },
    );
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({
      order_id: order.id,
      undone: confirmed,
      reason: 'Представитель без доверенности',
      undone_by: '5005',
    });
    expect((await orderOf(order)).company!.confirmation).toBeNull();
    const [mail] = await h.handle.query<{ body: string; payload: { reason: string; operator: string } }>(
      `select body, payload from notification_outbox
        where template = 'corp-company-unconfirmed' and payload->>'order_id' = $1`,
      [String(order.id)],
    );
    expect(mail!.body).toContain('Причина: Представитель без доверенности.');
    expect(mail!.payload).toMatchObject({ reason: 'Представитель без доверенности', operator: '5005' });

    // Nothing left to undo; the shopper confirms again.
    const again = await operator.call<ApiErrorBody>('POST', path, { reason: 'Ещё раз' });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(CONFIRMATION_NOT_FOUND);
    const second = await signIn(await startAt(order));
    expect((await get(second.path, order.cookie, PAGE)).status).toBe(303);
    expect((await orderOf(order)).company!.confirmation).not.toBeNull();
    const doc = await h.json<{ paths: Record<string, { post?: object }> }>('/api/openapi.json');
    expect(doc.body.paths['/api/ops/orders/{id}/company-confirmation/undo']?.post).toBeDefined();
  });
});
