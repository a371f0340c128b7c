// The company lookup of «Заказ для юрлица» against the real API in-process: the page's lookup and the
// action without JavaScript («Найти», and a submit with the name left empty).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@store/api-client';
import { demoCompanies } from '../../../api/src/adapters/address-suggestions.ts';
import { createHarness, type Harness } from '../../../api/src/test/api-harness.ts';
import { COMPANY_LOOKUP_FAILED, COMPANY_NOT_FOUND, lookupCompany, lookupMessage } from './company-lookup.ts';
import { corporateAction, type CorporateActionResult } from './corporate.server.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const company = demoCompanies()[0]!;
/** A real ИНН (its check digits add up) that no demo company has. */
const UNKNOWN_INN = '7707083893';

/** The real API in-process with a visitor's cookie; calls whose path matches `failing` answer 500. */
function client(cookie = '', failing?: RegExp) {
  return createApiClient({
    baseUrl: 'http://store.test',
    fetch: (request) => {
      const url = new URL(request.url);
      if (failing?.test(url.pathname)) {
        return new Response(JSON.stringify({ status: 500, message: 'down', errors: {} }), { status: 500 });
      }
      const headers = new Headers(request.headers);
      if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
      return h.call(url.pathname + url.search, {
        method: request.method,
        headers,
        ...(request.method === 'GET' ? {} : { body: request.body, duplex: 'half' }),
      } as RequestInit);
    },
  });
}

describe('lookupCompany', () => {
  it('finds a company by its ИНН (spaces ignored) through /dadata/find-party', async () => {
    const found = await lookupCompany(client(), ` ${company.inn.slice(0, 4)} ${company.inn.slice(4)} `);
    expect(found).toEqual({ kind: 'found', name: company.name });
    expect(lookupMessage(found)).toBe(`Найдено: ${company.name}`);
  });

  it('says when a real ИНН has no company, a wrong one is not sent, and a failing service is survivable', async () => {
    expect(await lookupCompany(client(), UNKNOWN_INN)).toEqual({ kind: 'not-found' });
    expect(lookupMessage({ kind: 'not-found' })).toBe(COMPANY_NOT_FOUND);
    expect(await lookupCompany(client(), '1234567890')).toEqual({
      kind: 'invalid',
      message: 'Проверьте ИНН: такого номера не бывает',
    });
    expect(await lookupCompany(client('', /find-party/), company.inn)).toEqual({ kind: 'failed' });
    expect(lookupMessage({ kind: 'failed' })).toBe(COMPANY_LOOKUP_FAILED);
  });
});

/** A guest basket with one available product; its cookie. */
async function basketCookie() {
  const [product] = await h.handle.query<{ id: number }>(
    `select p.id from products p join product_offers o on o.product_id = p.id
      where p.status = 1 and o.available and not p.is_warranty order by p.id limit 1`,
  );
  const added = await h.call('/api/basket/add-item', {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    body: JSON.stringify({ product_id: product!.id }),
  });
  expect(added.status).toBe(200);
  return added.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

const post = (cookie: string, fields: Record<string, string>) =>
  new Request('http://store.test/cart/corporate', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

const contacts = { contact_name: 'Пётр', mobile_phone: '9165550125', email: 'zakupki@example.ru' };

describe('the corporate action without JavaScript', () => {
  it('«Найти» answers the form with the company name filled in and places no order', async () => {
    const cookie = await basketCookie();
    const answer = (await corporateAction(
      post(cookie, { intent: 'find', inn: company.inn, company_name: '', ...contacts }),
      client(cookie),
    )) as unknown as { data: CorporateActionResult; init: ResponseInit | null };
    expect(answer.init?.status).toBe(200);
    expect(answer.data.values.company_name).toBe(company.name);
    expect(answer.data.values.contact_name).toBe('Пётр');
    expect(answer.data.lookup).toBe(`Найдено: ${company.name}`);
    expect(answer.data.errors).toEqual({});
    const orders = await h.handle.query(`select id from orders where company_inn = $1`, [company.inn]);
    expect(orders).toEqual([]);

    const wrong = (await corporateAction(
      post(cookie, { intent: 'find', inn: '1234567890', ...contacts }),
      client(cookie),
    )) as unknown as { data: CorporateActionResult; init: ResponseInit | null };
    expect(wrong.init?.status).toBe(422);
    expect(wrong.data.errors).toEqual({ inn: 'Проверьте ИНН: такого номера не бывает' });
  });

  it('a submit with the name left empty fills it from the ИНН and places the order', async () => {
    const cookie = await basketCookie();
    const answer = await corporateAction(
      post(cookie, { inn: company.inn, company_name: '', idempotency_key: `corp-test-${Date.now()}`, ...contacts }),
      client(cookie),
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('location')).toMatch(/^\/cart\/success\/\d+$/);
    const [order] = await h.handle.query<{ company_name: string; order_type_id: number }>(
      `select company_name, order_type_id from orders where company_inn = $1`,
      [company.inn],
    );
    expect(order).toEqual({ company_name: company.name, order_type_id: 17 });
  });

  it('with the name empty and no company for the ИНН the form asks for the name', async () => {
    const cookie = await basketCookie();
    const answer = (await corporateAction(
      post(cookie, { inn: UNKNOWN_INN, company_name: '', ...contacts }),
      client(cookie),
    )) as unknown as { data: CorporateActionResult; init: ResponseInit | null };
    expect(answer.init?.status).toBe(422);
    expect(answer.data.errors).toEqual({ company_name: 'Это поле необходимо заполнить.' });
  });
});
