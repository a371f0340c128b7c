import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

interface Action {
  id: number;
  publicName?: string;
  installmentLimit?: number | null;
}
interface AccessoryGroup {
  id: number;
  name: string;
  accessory_count: number;
}

/** Accessories per page on the product page (apps/web/app/lib/accessories.ts). */
const ACCESSORIES_PER_PAGE = 8;
const ACCESSORY_FLAGS = 'show_hidden=1&group_deferred=1&group_credit=1&expand=bank_flags';

/** A smartphone with the accessory instalment (a credit promotion with a limit), from the store's own API. */
async function phoneWithInstalment(page: Page): Promise<{ url: string; name: string; promotion: string }> {
  const response = await page.request.get('/api/v3/products/catalog/smartfony/224?per_page=24');
  const { products } = (await response.json()) as { products: { id: number; url: string; name: string }[] };
  for (const product of products) {
    const actions = (await (
      await page.request.get(`/api/v2/actions?basket[0][product_id]=${product.id}&${ACCESSORY_FLAGS}`)
    ).json()) as Action[];
    const instalment = actions.find((a) => a.installmentLimit);
    if (instalment) return { url: product.url, name: product.name, promotion: instalment.publicName! };
  }
  throw new Error('no smartphone with an accessory instalment');
}

const accessories = (page: Page) => page.getByRole('region', { name: 'Аксессуары', exact: true });
const accessoryList = (page: Page) =>
  accessories(page).getByRole('list', { name: 'Аксессуары и дополнительная гарантия' });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: 'is_cookies_accepted', value: '1', url: baseURL! },
    // Branch A: the accessory list as a grid and the promotions after it (the flags of branch B differ).
    { name: 'branch', value: 'A', url: baseURL! },
  ]);
});

test.describe('accessories on the product page', () => {
  test('switches groups, keeps one warranty, shows the bundle and the promotion modal', async ({ page, axe }) => {
    const phone = await phoneWithInstalment(page);
    const groups = (await (
      await page.request.get(`/api/v3/products/${phone.url.split('/').pop()}/accessory-groups`)
    ).json()) as AccessoryGroup[];
    expect(groups.length).toBeGreaterThan(1);

    await page.goto(phone.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(phone.name);
    const chips = accessories(page).getByRole('navigation', { name: 'Группы аксессуаров' });
    await expect(chips.getByRole('link', { name: new RegExp(`^${groups[0]!.name}`) })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(accessoryList(page).getByRole('listitem').first()).toBeVisible();

    // Another group: its accessories replace the list (without a page load).
    const second = groups[1]!;
    await chips.getByRole('link', { name: new RegExp(`^${second.name}`) }).click();
    await expect(chips.getByRole('link', { name: new RegExp(`^${second.name}`) })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(page).not.toHaveURL(/accessory_group/);
    await expect(
      accessoryList(page).getByRole('checkbox', { name: /^Выбрать ?: (?!Дополнительная гарантия)/ }),
    ).toHaveCount(Math.min(ACCESSORIES_PER_PAGE, second.accessory_count));

    // Warranties sit in the list; choosing another replaces the chosen one.
    const oneYear = accessoryList(page).getByRole('checkbox', { name: /Дополнительная гарантия на 1 год/ });
    const twoYears = accessoryList(page).getByRole('checkbox', { name: /Дополнительная гарантия на 2 года/ });
    await oneYear.check();
    await expect(oneYear).toBeChecked();
    await twoYears.check();
    await expect(twoYears).toBeChecked();
    await expect(oneYear).not.toBeChecked();
    await expect(accessoryList(page).getByRole('checkbox', { checked: true })).toHaveCount(1);
    await expect(
      accessories(page)
        .getByRole('status')
        .filter({ hasText: /^Выбрано 1 товар на/ }),
    ).toBeVisible();

    // The bundle: the product and at most 2 accessories.
    const bundle = page.getByRole('region', { name: 'Комплект' });
    await expect(bundle.getByText(/^Комплект из [23]\u00a0товар(а|ов)$/)).toBeVisible();
    await expect(bundle.getByRole('listitem')).toHaveCount(3);

    // The instalment promotion: a modal with a loading flag, over-limit accessories marked, Esc closes it.
    const trigger = accessories(page).getByRole('button', { name: new RegExp(phone.promotion) });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: phone.promotion });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/^Лимит рассрочки/)).toBeVisible();
    const promotionList = dialog.getByRole('list', { name: 'Аксессуары акции' });
    await expect(promotionList.getByRole('listitem').first()).toBeVisible();
    const overLimit = promotionList.getByRole('listitem').filter({ hasText: 'Превышает лимит рассрочки' }).first();
    await expect(overLimit).toBeVisible();
    await expect(overLimit.getByRole('checkbox')).toBeDisabled();
    await axe(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('the first view comes from the server: a group chosen by the link opens with its accessories', async ({
    page,
  }) => {
    const phone = await phoneWithInstalment(page);
    const id = phone.url.split('/').pop();
    const groups = (await (
      await page.request.get(`/api/v3/products/${id}/accessory-groups`)
    ).json()) as AccessoryGroup[];
    const last = groups.at(-1)!;
    await page.goto(`${phone.url}?accessory_group=${last.id}`);
    await expect(accessories(page).getByRole('link', { name: new RegExp(`^${last.name}`) })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(accessoryList(page).getByRole('listitem').first()).toBeVisible();
  });

  test('a failing instalment load shows its error; an action that is gone closes the modal', async ({ page }) => {
    const phone = await phoneWithInstalment(page);
    await page.goto(phone.url);
    const trigger = accessories(page).getByRole('button', { name: new RegExp(phone.promotion) });

    // The browser's call for the action fails: the modal says so and the instalment error flag shows.
    await page.route(/\/api\/v2\/actions\?/, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"status":503,"message":"down","errors":{}}',
      }),
    );
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: phone.promotion });
    await expect(dialog.getByRole('alert')).toContainText('Не удалось загрузить рассрочку на аксессуары');
    await page.keyboard.press('Escape');
    await expect(accessories(page).getByRole('alert')).toContainText('Не удалось загрузить рассрочку на аксессуары');

    // The action is no longer found: the modal closes and the promotion goes away.
    await page.unroute(/\/api\/v2\/actions\?/);
    await page.route(/\/api\/v2\/actions\?/, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    await trigger.click();
    await expect(dialog).toBeHidden();
    await expect(accessories(page).getByRole('status').filter({ hasText: 'Акция больше не действует' })).toBeVisible();
    await expect(trigger).toBeHidden();
  });
});
