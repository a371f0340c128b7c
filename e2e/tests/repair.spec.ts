// The repair wizard (/service/repair, issue 18): a paid smartphone repair handed in at a service centre,
// every step a form that posts (the wizard also works before hydration), axe on every step.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { newPhone } from './customers.ts';

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
