import { expect, test } from './fixtures.ts';

// The privacy policy linked from the cookie notice and checkout is a real policy (152-ФЗ layout),
// not one sentence.
test('the personal-data policy names the operator, purposes, data, grounds, retention, rights and contacts', async ({
  page,
}) => {
  const response = await page.goto('/prm/personal-data');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Политика обработки персональных данных');
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  for (const heading of [
    '1. Оператор',
    '2. Цели обработки',
    '3. Какие данные обрабатываются',
    '4. Правовые основания',
    '5. Порядок обработки и сроки хранения',
    '6. Передача третьим лицам',
    '8. Права субъекта персональных данных',
    '9. Обращения и контакты',
  ])
    expect(headings).toContain(heading);
  const main = page.getByRole('main');
  await expect(main).toContainText('ООО «Мультицентр»');
  await expect(main).toContainText('152-ФЗ');
  await expect(main).toContainText(/Редакция от \d+ \S+ \d{4} г\./);
});
