// The repair wizard (/service/repair, issue 18): a paid smartphone repair handed in at a service centre,
// every step a form that posts (the wizard also works before hydration), axe on every step; a signed-in
// customer's requests listed in the account's «Ремонт» section.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { newPhone, register } from './customers.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

async function repairCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const response = await request.get(`/api/dev/outbox?recipient=${phone}&limit=5`);
    const messages = (await response.json()) as { body: string; template: string }[];
    code = /(\d{6})/.exec(messages.find((m) => m.template === 'code-repair-phone')?.body ?? '')?.[1];
    expect(code).toBeTruthy();
  }).toPass();
  return code!;
}

test('a paid smartphone repair handed in at a service centre', async ({ page, axe }) => {
  const phone = newPhone();
  await page.goto('/service/repair');
  await expect(page.getByRole('heading', { level: 1, name: 'Ремонт техники' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '1. Устройство и тип ремонта' })).toBeVisible();
  await axe(page);

  const next = () => page.getByRole('button', { name: 'Далее' }).click();
  await page.getByLabel('Устройство', { exact: true }).selectOption({ label: 'Смартфоны' });
  await next();
  await expect(page.getByText('Выберите вариант из списка.').first()).toBeVisible();
  await axe(page);
  await page.getByLabel('Бренд', { exact: true }).selectOption({ label: 'Apple' });
  await next();
  await page.getByLabel('Модель', { exact: true }).selectOption({ label: 'iPhone 15' });
  await next();
  // The step's form post has landed before the reload (a reload during it detaches the page).
  await expect(page.getByRole('heading', { name: '2. Рассчитайте стоимость' })).toBeVisible();

  // A reload keeps what was entered: the device step is completed.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Устройство и тип ремонта', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '2. Рассчитайте стоимость' })).toBeVisible();
  await expect(page.getByText('со скидкой от').first()).toBeVisible();
  await axe(page);
  await page.getByRole('radio', { name: /Разбит экран/ }).check();
  await page.getByLabel('Важно сохранить данные', { exact: true }).check();
  await next();

  await expect(page.getByRole('heading', { name: '3. Выберите, как удобнее сдать в ремонт' })).toBeVisible();
  await axe(page);
  await page.getByRole('radio', { name: 'Сдать в салон' }).check();
  await next();
  await expect(page.getByRole('heading', { name: 'Салон или сервисный центр' })).toBeVisible();
  await axe(page);
  await page.locator('.repair-centres input[type=radio]').first().check();
  await next();

  await expect(page.getByRole('heading', { name: '4. Данные заказчика' })).toBeVisible();
  await axe(page);
  await page.getByLabel('Имя', { exact: true }).fill('Ольга');
  await page.getByLabel('Телефон', { exact: true }).fill(`+7${phone.slice(1)}`);
  await page.getByRole('button', { name: 'Получить код в SMS' }).click();
  await expect(page.getByText('Код отправлен.')).toBeVisible();
  await page.getByLabel('Код из SMS', { exact: true }).fill(await repairCode(page.request, phone));
  await page.getByRole('button', { name: 'Подтвердить телефон' }).click();
  await expect(page.getByText('Телефон подтверждён')).toBeVisible();
  await next();

  await expect(page.getByRole('heading', { name: 'Получатель' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Способ сдачи в ремонт' })).toBeVisible();
  await axe(page);
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  const sent = page.getByRole('heading', { name: /Заявка №\d+ принята/ });
  await expect(sent).toBeVisible();
  await axe(page);
  const number = /№(\d+)/.exec((await sent.textContent()) ?? '')![1]!;

  // The wizard reset; the request is found by its number and phone.
  await page.goto('/service/repair');
  await expect(page.getByRole('heading', { name: '1. Устройство и тип ремонта' })).toBeVisible();
  const status = await page.request.get(`/api/v1/repair/status?number=${number}&phone=${phone}`);
  expect(status.status()).toBe(200);
  expect(await status.json()).toMatchObject({ status: 'opened', model: 'iPhone 15' });
});

test("a signed-in customer's repair request in the account's «Ремонт» section", async ({ page, axe }) => {
  const phone = newPhone();
  await register(page, phone, 'Ольга');

  // No requests yet: the section points to the wizard; the account menu leads to it.
  await page.getByRole('navigation', { name: 'Личный кабинет' }).getByRole('link', { name: 'Ремонт' }).click();
  await expect(page).toHaveURL(/\/account\/repair$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ремонт' })).toBeVisible();
  await expect(page.getByText('У вас пока нет заявок на ремонт.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Оформить заявку на ремонт' })).toHaveAttribute(
    'href',
    '/service/repair',
  );
  await axe(page);

  // A paid iPhone screen repair handed in at a service centre, filed through the API as this customer.
  const api = page.request;
  const json = async <T>(url: string): Promise<T> => {
    const response = await api.get(url);
    expect(response.status(), url).toBe(200);
    return (await response.json()) as T;
  };
  type Named = { id: number; name: string; code?: string };
  const type = (await json<Named[]>('/api/v1/device-types')).find((t) => t.name === 'Смартфоны')!;
  const brand = (await json<Named[]>(`/api/v1/brands?device_type_id=${type.id}`)).find((b) => b.name === 'Apple')!;
  const model = (await json<Named[]>(`/api/v1/brands/${brand.id}/models?device_type_id=${type.id}`)).find(
    (m) => m.name === 'iPhone 15',
  )!;
  const problem = (await json<(Named & { cost_from: number })[]>(`/api/v1/models/${model.id}/problems`))[0]!;
  const [centre] = await json<{ id: number; name: string }[]>(`/api/v2/service-centers?brand_code=${brand.code}`);
  expect((await api.post('/api/v1/repair/phone/send-code', { headers: XHR, data: { phone } })).status()).toBe(200);
  const confirmed = await api.post('/api/v1/repair/phone/confirm', {
    headers: XHR,
    data: { phone, code: await repairCode(api, phone) },
  });
  expect(confirmed.status()).toBe(200);
  const { phone_request_id } = (await confirmed.json()) as { phone_request_id: string };
  const filed = await api.post('/api/v1/order/paid-repair', {
    headers: XHR,
    data: {
      user: { name: 'Ольга Смирнова', phone, email: '', phone_request_id, city_id: null },
      problem: { id: problem.id, model_id: model.id, important_save_data: true },
      store_id: centre!.id,
    },
  });
  expect(filed.status()).toBe(201);
  const { number } = (await filed.json()) as { number: string };

  await page.reload();
  const card = page.getByRole('article', { name: `Заявка №${number}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('Заявка открыта')).toBeVisible();
  await expect(card.getByText('Платный ремонт')).toBeVisible();
  await expect(card.getByText('Смартфоны Apple iPhone 15')).toBeVisible();
  await expect(card.getByText(problem.name)).toBeVisible();
  await expect(card.getByText(centre!.name)).toBeVisible();
  await expect(page.getByText('У вас пока нет заявок на ремонт.')).toHaveCount(0);
  await axe(page);
});
