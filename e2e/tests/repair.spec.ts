// The repair wizard (/service/repair, issue 18): a paid smartphone repair handed in at a service centre, a
// warranty repair of a washing machine with a courier and real uploaded documents, an insurance case with the
// insurer and the policy documents; every step a form that posts (the wizard also works before hydration), axe
// on every step; a signed-in customer's requests listed in the account's «Ремонт» section.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { newPhone, register } from './customers.ts';
import { fakePng, photoPng, receiptPdf } from './repair-documents.ts';

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

/** «Далее»: the current step's form posts. */
const next = (page: Page) => page.getByRole('button', { name: 'Далее' }).click();

/** Opens the wizard and presses one of the choices above it (a kind or a variant): a new request starts with it. */
async function startWith(page: Page, choice: string) {
  await page.goto('/service/repair');
  await page.getByRole('button', { name: choice }).click();
  await expect(page.getByRole('button', { name: choice })).toHaveAttribute('aria-pressed', 'true');
}

/** The first step for a repair kind: the device type, brand and model, each followed by «Далее». */
async function chooseDevice(
  page: Page,
  device: string,
  brand: { label: string } | { index: number },
  model: { label: string } | { index: number },
) {
  await page.getByLabel('Устройство', { exact: true }).selectOption({ label: device });
  await next(page);
  await page.getByLabel('Бренд', { exact: true }).selectOption(brand);
  await next(page);
  await page.getByLabel('Модель', { exact: true }).selectOption(model);
  await next(page);
}

/** Handover «Сдать в салон» at the first service centre of the list. */
async function handInAtCentre(page: Page, axe: (page: Page) => Promise<void>) {
  await page.getByRole('radio', { name: 'Сдать в салон' }).check();
  await next(page);
  await expect(page.getByRole('heading', { name: 'Салон или сервисный центр' })).toBeVisible();
  await axe(page);
  await page.locator('.repair-centres input[type=radio]').first().check();
  await next(page);
}

/** The customer step: name, phone, the SMS code from the outbox, then «Далее». */
async function confirmCustomer(page: Page, phone: string, name: string) {
  await expect(page.getByRole('heading', { name: /\d\. Данные заказчика/ })).toBeVisible();
  await page.getByLabel('Имя', { exact: true }).fill(name);
  await page.getByLabel('Телефон', { exact: true }).fill(`+7${phone.slice(1)}`);
  await page.getByRole('button', { name: 'Получить код в SMS' }).click();
  await expect(page.getByText('Код отправлен.')).toBeVisible();
  await page.getByLabel('Код из SMS', { exact: true }).fill(await repairCode(page.request, phone));
  await page.getByRole('button', { name: 'Подтвердить телефон' }).click();
  await expect(page.getByText('Телефон подтверждён')).toBeVisible();
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByRole('heading', { name: 'Получатель' })).toBeVisible();
}

/** Sends the request from the final step and answers its number. */
async function submitRequest(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  const sent = page.getByRole('heading', { name: /Заявка №\d+ принята/ });
  await expect(sent).toBeVisible();
  return /№(\d+)/.exec((await sent.textContent()) ?? '')![1]!;
}

type StoredRequest = {
  number: string;
  kind: string;
  variant: string;
  status: string;
  handover: string;
  store_id: number | null;
  address: Record<string, string> | null;
  documents: { field: string; content_type: string; size: number; name: string }[];
};

/** The request as an operator sees it (employee 5005): its documents included. */
async function operatorView(browser: Browser, baseURL: string, number: string): Promise<StoredRequest> {
  const staff = await browser.newContext({ baseURL });
  try {
    const signIn = await staff.request.post('/api/user/register-upos', {
      headers: XHR,
      data: { mode: 'token', code: 'XEMP000000005005' },
    });
    expect(signIn.status()).toBe(200);
    const list = await staff.request.get('/api/ops/repair-requests?per_page=100');
    expect(list.status()).toBe(200);
    const found = ((await list.json()) as StoredRequest[]).find((r) => r.number === number);
    expect(found, `request ${number} in the operators' list`).toBeTruthy();
    return found!;
  } finally {
    await staff.close();
  }
}

test('a paid smartphone repair handed in at a service centre', async ({ page, axe }) => {
  const phone = newPhone();
  await page.goto('/service/repair');
  await expect(page.getByRole('heading', { level: 1, name: 'Ремонт техники' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '1. Устройство и тип ремонта' })).toBeVisible();
  await axe(page);

  await page.getByLabel('Устройство', { exact: true }).selectOption({ label: 'Смартфоны' });
  await next(page);
  await expect(page.getByText('Выберите вариант из списка.').first()).toBeVisible();
  await axe(page);
  await page.getByLabel('Бренд', { exact: true }).selectOption({ label: 'Apple' });
  await next(page);
  await page.getByLabel('Модель', { exact: true }).selectOption({ label: 'iPhone 15' });
  await next(page);
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
  await next(page);

  await expect(page.getByRole('heading', { name: '3. Выберите, как удобнее сдать в ремонт' })).toBeVisible();
  await axe(page);
  await handInAtCentre(page, axe);

  await expect(page.getByRole('heading', { name: '4. Данные заказчика' })).toBeVisible();
  await axe(page);
  await confirmCustomer(page, phone, 'Ольга');
  await expect(page.getByRole('heading', { name: 'Способ сдачи в ремонт' })).toBeVisible();
  await axe(page);
  const number = await submitRequest(page);
  await axe(page);

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

test('a warranty repair of a washing machine with a courier and uploaded documents', async ({
  page,
  axe,
  browser,
  baseURL,
}) => {
  // Ten form posts, uploads of real photos and an operator's look: a long flow on a shared machine.
  test.slow();
  const phone = newPhone();
  await startWith(page, 'Гарантийный ремонт');
  await axe(page);

  await chooseDevice(page, 'Стиральные машины (выезд мастера)', { index: 1 }, { index: 1 });

  // A warranty repair costs nothing: the problems come without prices.
  await expect(page.getByRole('heading', { name: '2. Рассчитайте стоимость' })).toBeVisible();
  await expect(page.getByText('со скидкой от')).toHaveCount(0);
  await axe(page);
  await page.getByRole('radio', { name: /Не сливает воду/ }).check();
  await next(page);

  // The documents: nothing attached is refused with the §5 messages.
  await expect(page.getByRole('heading', { name: 'Документы', exact: true })).toBeVisible();
  await axe(page);
  await next(page);
  await expect(page.getByText('Приложите файл.').first()).toBeVisible();
  await axe(page);

  // An HTML page named photo.png is refused by its content.
  await page.getByLabel('Фото устройства', { exact: true }).setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: fakePng(),
  });
  await page.getByRole('button', { name: 'Загрузить файлы' }).click();
  await expect(page.getByText('Приложите фото в JPEG, PNG или WebP или документ PDF.')).toBeVisible();

  // Real documents: the receipt as a PDF, the warranty card and the machine as photos of a few hundred KB.
  const card = photoPng(640, 480, 7);
  expect(card.byteLength).toBeGreaterThan(300_000);
  await page.getByLabel('Кассовый чек', { exact: true }).setInputFiles({
    name: 'чек.pdf',
    mimeType: 'application/pdf',
    buffer: receiptPdf(),
  });
  await page.getByLabel('Гарантийный талон', { exact: true }).setInputFiles({
    name: 'талон.png',
    mimeType: 'image/png',
    buffer: card,
  });
  await page.getByRole('button', { name: 'Загрузить файлы' }).click();
  await expect(page.getByRole('link', { name: 'чек.pdf' })).toBeVisible();
  // The photo's preview is the stored image itself, readable by its uploader.
  const preview = page.getByRole('link', { name: 'талон.png' }).locator('img');
  await expect(preview).toBeVisible();
  await expect(preview).toHaveJSProperty('naturalWidth', 640);
  await axe(page);
  // A photo chosen and «Далее» pressed straight away is uploaded with the step.
  await page.getByLabel('Фото устройства', { exact: true }).setInputFiles({
    name: 'машина.png',
    mimeType: 'image/png',
    buffer: photoPng(320, 240, 9),
  });
  await page.getByLabel('Дата покупки (ДД.ММ.ГГГГ)', { exact: true }).fill('15.03.2026');
  await page.getByLabel('Согласен с условиями обслуживания', { exact: true }).check();
  await next(page);

  await expect(page.getByRole('heading', { name: '3. Выберите, как удобнее сдать в ремонт' })).toBeVisible();
  await axe(page);
  await page.getByRole('radio', { name: 'Вызвать курьера' }).check();
  await next(page);

  await expect(page.getByRole('heading', { name: 'Адрес и время курьера' })).toBeVisible();
  await expect(page.getByLabel('Время', { exact: true })).toHaveValue('09:00 - 13:00');
  await axe(page);
  await next(page);
  await expect(page.getByText('Это поле необходимо заполнить.').first()).toBeVisible();
  await axe(page);
  // The street comes from the address suggestions of the visitor's city; picking one fills the house too.
  const street = page.getByRole('combobox', { name: 'Улица' });
  await street.pressSequentially('ул 1');
  const suggestion = page.getByRole('option').first();
  await expect(suggestion).toBeVisible();
  const suggested = (await suggestion.textContent()) ?? '';
  await suggestion.click();
  await expect(page.getByLabel('Дом', { exact: true })).toHaveValue('1');
  const streetName = await street.inputValue();
  expect(suggested).toContain(`${streetName}, д 1`);
  await axe(page);
  await page.getByLabel('Квартира', { exact: true }).fill('34');
  await page.getByLabel('Дата', { exact: true }).selectOption({ index: 2 });
  await next(page);

  await confirmCustomer(page, phone, 'Ирина');
  await expect(page.getByRole('heading', { name: 'Способ сдачи в ремонт' })).toBeVisible();
  await axe(page);
  const number = await submitRequest(page);
  await expect(page.getByText('Если случай подтвердится, ремонт бесплатный.')).toBeVisible();
  await axe(page);

  const stored = await operatorView(browser, baseURL!, number);
  expect(stored).toMatchObject({ kind: 'warranty', status: 'opened', handover: 'courier', store_id: null });
  expect(stored.address).toMatchObject({
    street: streetName,
    house: '1',
    flat: '34',
    time_from: '09:00',
    time_to: '13:00',
  });
  expect(stored.documents.map((d) => [d.field, d.content_type, d.name]).sort()).toEqual([
    ['cashReceipt', 'application/pdf', 'чек.pdf'],
    ['devicePhoto', 'image/png', 'машина.png'],
    ['warrantyCard', 'image/png', 'талон.png'],
  ]);
  expect(stored.documents.find((d) => d.field === 'warrantyCard')!.size).toBe(card.byteLength);
});

test('an insurance case with the insurer and the policy documents', async ({ page, axe, browser, baseURL }) => {
  // Eleven form posts, four uploads and an operator's look: a long flow on a shared machine.
  test.slow();
  const phone = newPhone();
  await startWith(page, 'Страховой случай');
  await axe(page);
  await chooseDevice(page, 'Смартфоны', { label: 'Apple' }, { label: 'iPhone 15' });

  // A phone's IMEI is checked (15 digits, Luhn).
  await expect(page.getByRole('heading', { name: 'Проверка IMEI' })).toBeVisible();
  await axe(page);
  await page.getByRole('textbox', { name: /IMEI/ }).fill('490154203237519');
  await next(page);
  await expect(page.getByText('IMEI введён с ошибкой: проверьте цифры.')).toBeVisible();
  await axe(page);
  await page.getByRole('textbox', { name: /IMEI/ }).fill('490154203237518');
  await next(page);

  await expect(page.getByRole('heading', { name: 'Страховая компания' })).toBeVisible();
  await axe(page);
  await page.getByRole('combobox', { name: 'Страховая компания' }).selectOption({ label: 'Ингосстрах' });
  await next(page);

  await expect(page.getByRole('heading', { name: '2. Рассчитайте стоимость' })).toBeVisible();
  await axe(page);
  await page.getByRole('radio', { name: /Попала вода/ }).check();
  await next(page);

  await expect(page.getByRole('heading', { name: 'Документы', exact: true })).toBeVisible();
  await axe(page);
  const docs: [string, string, Buffer, string][] = [
    ['Страховой полис', 'полис.pdf', receiptPdf(), 'application/pdf'],
    ['Заявление на страховую выплату', 'заявление.pdf', receiptPdf(), 'application/pdf'],
    ['Паспорт', 'паспорт.png', photoPng(400, 300, 3), 'image/png'],
    ['Фото устройства', 'телефон.png', photoPng(300, 400, 4), 'image/png'],
  ];
  for (const [label, name, buffer, mimeType] of docs)
    await page.getByLabel(label, { exact: true }).setInputFiles({ name, mimeType, buffer });
  await page.getByLabel('Что произошло', { exact: true }).fill('Уронил телефон в воду на даче, перестал включаться.');
  await page.getByLabel('Согласен с условиями обслуживания', { exact: true }).check();
  await next(page);

  await expect(page.getByRole('heading', { name: '3. Выберите, как удобнее сдать в ремонт' })).toBeVisible();
  await handInAtCentre(page, axe);

  await confirmCustomer(page, phone, 'Павел');
  await axe(page);
  const number = await submitRequest(page);

  const stored = await operatorView(browser, baseURL!, number);
  expect(stored).toMatchObject({ kind: 'insurance', status: 'opened', handover: 'store' });
  expect(stored.store_id).toBeGreaterThan(0);
  expect(stored.documents.map((d) => d.field).sort()).toEqual([
    'devicePhoto',
    'insurancePayment',
    'insurancePolicy',
    'passport',
  ]);
  const status = await page.request.get(`/api/v1/repair/status?number=${number}&phone=${phone}`);
  expect(await status.json()).toMatchObject({ kind: 'insurance', model: 'iPhone 15', documents: [] });
});

test('the second variant: problem, contacts, then how to hand in; an operator call', async ({
  page,
  axe,
  browser,
  baseURL,
}) => {
  // Eight form posts, an SMS code and an operator's look: a long flow on a shared machine.
  test.slow();
  const phone = newPhone();
  await startWith(page, 'Быстрая заявка: сначала контакты');
  await expect(page.getByRole('button', { name: 'Платный ремонт' })).toHaveAttribute('aria-pressed', 'true');
  await axe(page);
  await chooseDevice(page, 'Смартфоны', { label: 'Apple' }, { label: 'iPhone 15' });

  // SPEC §2, the second variant: the problem description, then the customer, then the handover.
  await expect(page.getByRole('heading', { name: '2. Описание проблемы / параметры установки' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '3. Данные заказчика' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '4. Как сдать в ремонт' })).toBeVisible();
  await axe(page);
  await page.getByRole('radio', { name: /Разбит экран/ }).check();
  await next(page);
  await confirmCustomer(page, phone, 'Сергей');
  await expect(page.getByRole('heading', { name: '4. Как сдать в ремонт' })).toBeVisible();
  await axe(page);
  await page.getByRole('radio', { name: 'Проконсультироваться с оператором' }).check();
  await next(page);
  const number = await submitRequest(page);

  const stored = await operatorView(browser, baseURL!, number);
  expect(stored).toMatchObject({ kind: 'paid', variant: 'refresh', handover: 'operator', store_id: null });
});

test('the service landing: the online repair discount on a real price, and «Почему мы»', async ({ page, axe }) => {
  await page.goto('/service');
  const promo = page.getByRole('region', { name: 'Ремонт со скидкой 10 % по заявке на сайте' });
  await expect(promo).toBeVisible();
  // The example is the catalogue's own: a smartphone's broken screen, its cost and its 90 % price.
  const types = (await (await page.request.get('/api/v1/device-types')).json()) as { id: number; code: string }[];
  const phones = types.find((t) => t.code === 'smartphones')!;
  const problems = (await (await page.request.get(`/api/v1/device-types/${phones.id}/problems`)).json()) as {
    code: string;
    name: string;
    cost_from: number;
    discount_price_from: number;
  }[];
  const screen = problems.find((p) => p.code === 'screen')!;
  const text = ((await promo.textContent()) ?? '').replace(/\s/g, '');
  expect(text).toContain(`«${screen.name}»`.replace(/\s/g, ''));
  expect(text).toContain(`от${screen.cost_from / 100}₽`);
  expect(text).toContain(`от${screen.discount_price_from / 100}₽`);
  await expect(promo.getByRole('link', { name: 'Рассчитать ремонт' })).toHaveAttribute('href', '/service/repair');
  await expect(promo.getByRole('link', { name: 'Сдать старое в Trade-in' })).toHaveAttribute(
    'href',
    '/service/trade-in',
  );

  const why = page.getByRole('region', { name: 'Почему мы' });
  await expect(why.getByRole('heading', { level: 3 })).toHaveCount(5);
  await expect(why.getByRole('heading', { name: 'Бесплатная диагностика' })).toBeVisible();
  const centres = await page.request.get('/api/v2/service-centers?per_page=1');
  const total = Number(centres.headers()['x-pagination-total-count']);
  expect(total).toBeGreaterThan(0);
  await expect(why.getByText(new RegExp(`^Москва: ${total} сервисн`))).toBeVisible();
  await axe(page);

  // The wizard's first step behind the promo's link.
  await promo.getByRole('link', { name: 'Рассчитать ремонт' }).click();
  await expect(page.getByRole('heading', { name: '1. Устройство и тип ремонта' })).toBeVisible();
});
