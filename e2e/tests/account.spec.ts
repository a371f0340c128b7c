import type { BrowserContext } from '@playwright/test';
import { codeFor, newPhone, register } from './customers.ts';
import { expect, someProductUrl, test } from './fixtures.ts';

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

test('register with an SMS code, sign out, sign in with the password', async ({ page, context, axe }) => {
  const phone = newPhone();
  await page.goto('/user/login?tab=register');
  await axe(page);
  await register(page, phone);
  expect((await cookie(context, 'access_token'))?.httpOnly).toBe(true);
  await expect(page.getByRole('link', { name: 'Личный кабинет' }).first()).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Загрузка страницы' })).toHaveCount(0);
  await axe(page);

  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL('/');
  expect(await cookie(context, 'access_token')).toBeUndefined();

  await page.goto('/user/login');
  await page.getByLabel('Телефон или e-mail').fill(`+${phone}`);
  await page.getByLabel('Пароль').fill('Wrong1234');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Неверный телефон, e-mail или пароль.')).toBeVisible();
  await page.getByLabel('Пароль').fill('Secret123');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
});

test('profile: a bad e-mail gets the §5 message; an address is added with suggestions', async ({ page, axe }) => {
  await register(page, newPhone());
  await page.getByRole('navigation', { name: 'Личный кабинет' }).getByRole('link', { name: 'Мои данные' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Мои данные' })).toBeVisible();
  // Missing data says so.
  await expect(page.getByText('нет данных').first()).toBeVisible();

  await page.getByLabel('E-mail').fill('anna@');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Пожалуйста, введите корректный email.')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('link', { name: 'Добавить адрес' }).click();
  const form = page.getByRole('form', { name: 'Новый адрес' });
  await form.getByLabel('Город').fill('Москва');
  const street = form.getByRole('combobox', { name: 'Улица' });
  await street.pressSequentially('ул', { delay: 30 });
  const options = page.getByRole('listbox', { name: 'Подсказки адреса' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  await axe(page);
  const first = (await options.first().textContent()) ?? '';
  await options.first().click();
  await expect(street).not.toHaveValue('ул');
  await form.getByLabel('Дом').fill('5');
  await form.getByLabel('Квартира').fill('12');
  await form.getByRole('button', { name: 'Добавить адрес' }).click();
  const streetName = first.split(', ')[1] ?? '';
  await expect(page.getByRole('listitem').filter({ hasText: `${streetName}, д. 5` })).toBeVisible();
  // Closed again: the button opens a new (post-mode) form.
  await expect(page.getByRole('link', { name: 'Добавить адрес' })).toBeVisible();
});

test('a guest opening /account signs in and comes back', async ({ page, context }) => {
  const phone = newPhone();
  await register(page, phone);
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/account/mailings');
  await expect(page).toHaveURL(/\/user\/login\?back=%2Faccount%2Fmailings/);
  await page.getByRole('link', { name: 'По коду из SMS' }).click();
  await expect(page.getByRole('link', { name: 'По коду из SMS' })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Телефон', { exact: true }).fill(phone.slice(1));
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByLabel('Код из SMS').fill(await codeFor(page.request, phone, 'login'));
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL('/account/mailings');
  await expect(page.getByRole('heading', { level: 1, name: 'Настройка рассылок' })).toBeVisible();
  expect(await cookie(context, 'refresh_token')).toBeDefined();
});

test('an expired access token is refreshed without the shopper noticing', async ({ page, context }) => {
  await register(page, newPhone());
  const before = await cookie(context, 'access_token');
  const refreshBefore = await cookie(context, 'refresh_token');
  // An access token whose time ran out (the server reads its expiry before the render).
  const expired = [
    Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url'),
    Buffer.from(JSON.stringify({ sub: 1, iat: 1, exp: 2 })).toString('base64url'),
    'x',
  ].join('.');
  await context.addCookies([{ ...before!, value: expired }]);
  await page.goto('/account/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Мои данные' })).toBeVisible();
  const after = await cookie(context, 'access_token');
  expect(after?.value).not.toBe(expired);
  expect((await cookie(context, 'refresh_token'))?.value).not.toBe(refreshBefore?.value);
});

test('the sign-in page is usable on a phone', async ({ page, axe }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/user/login?tab=sms');
  await expect(page.getByRole('heading', { level: 1, name: 'Вход в личный кабинет' })).toBeVisible();
  const phone = page.getByLabel('Телефон', { exact: true });
  await phone.pressSequentially('9161234567');
  await expect(phone).toHaveValue('+7 (916) 123-45-67');
  await axe(page);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByLabel('Код из SMS')).toBeVisible();
});

test('a signed-in customer posts a review from the product page', async ({ page }) => {
  await register(page, newPhone());
  await page.goto(await someProductUrl(page));
  await page.getByRole('button', { name: 'Написать отзыв' }).click();
  const form = page.getByRole('form', { name: 'Новый отзыв' });
  await form.getByRole('button', { name: 'Отправить' }).click();
  await expect(form.getByText('Это поле необходимо заполнить.').first()).toBeVisible();
  await form.getByLabel('Оценка').selectOption('5');
  await form.getByLabel('Отзыв').fill('Отличный товар, работает тихо и быстро.');
  await form.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByText('Спасибо! Отзыв появится после проверки.')).toBeVisible();
});
