// What a path is, in words: title, description, h1, canonical and breadcrumbs.
// Used by GET /v3/seo and GET /v2/breadcrumbs so both always agree.
import {
  ACCOUNT_SECTION_TITLES,
  FINANCE_TITLES,
  INSURANCE_TITLES,
  STATIC_PAGE_TITLES,
  matchPage,
  type PageMatch,
} from '@store/domain';
import type { Database } from '@store/db';
import {
  listCategoryPath,
  retrieveBrandByCode,
  retrieveCategory,
  retrieveModel,
  retrieveProductHeadline,
  retrieveSeries,
  retrieveTagByAlias,
  type CategoryRow,
} from '../data/catalog.ts';
import { retrieveSeoRecord } from '../data/seo.ts';
import { retrieveStoreBySlug } from '../data/stores.ts';
import { describeContentPage } from '../content/page-info.ts';
import { cachedReference } from '../reference-data.ts';

export const SHOP_NAME = 'Мультицентр';

export interface Crumb {
  text: string;
  href: string;
}

export interface PageInfo {
  title: string;
  description: string;
  h1: string;
  canonical: string;
  text: string | null;
  breadcrumbs: Crumb[];
}

const HOME: Crumb = { text: 'Главная', href: '/' };
const CATALOG: Crumb = { text: 'Каталог', href: '/catalog' };

const buyTitle = (name: string) => `${name} — купить в интернет-магазине ${SHOP_NAME} по выгодной цене`;
const pageSuffix = (page: number) => (page > 1 ? ` — страница ${page}` : '');

async function categoryCrumbs(db: Database, category: CategoryRow): Promise<Crumb[]> {
  const path = await listCategoryPath(db, category);
  return path.map((c) => ({ text: c.name, href: `/catalog/${c.code}/${c.id}` }));
}

/** Everything but the breadcrumbs is derived; null means the path is not a page of the shop. */
async function describe(
  db: Database,
  match: PageMatch,
  pathname: string,
  query: string | null,
): Promise<PageInfo | null> {
  const simple = (title: string, crumbs: Crumb[], description = ''): PageInfo => ({
    title: `${title} — ${SHOP_NAME}`,
    description,
    h1: title,
    canonical: pathname,
    text: null,
    breadcrumbs: [HOME, ...crumbs],
  });

  switch (match.kind) {
    case 'home':
      return {
        title: `${SHOP_NAME} — интернет-магазин электроники и бытовой техники`,
        description:
          'Смартфоны, телевизоры, ноутбуки и бытовая техника с доставкой и самовывозом из магазинов в вашем городе.',
        h1: SHOP_NAME,
        canonical: '/',
        text: null,
        breadcrumbs: [HOME],
      };
    case 'catalog-index': {
      if (match.categoryId === null) return simple('Каталог товаров', [{ ...CATALOG }]);
      const category = await retrieveCategory(db, match.categoryId);
      if (!category) return null;
      return simple(category.name, [
        CATALOG,
        ...(await categoryCrumbs(db, category)).slice(0, -1),
        { text: category.name, href: pathname },
      ]);
    }
    case 'category': {
      const category = await retrieveCategory(db, match.categoryId);
      if (!category) return null;
      const crumbs = await categoryCrumbs(db, category);
      return {
        title: buyTitle(category.name) + pageSuffix(match.page),
        description: `${category.name} в интернет-магазине ${SHOP_NAME}: цены, характеристики, отзывы. Доставка и самовывоз.`,
        h1: category.name,
        canonical: `/catalog/${category.code}/${category.id}`,
        text: null,
        breadcrumbs: [HOME, CATALOG, ...crumbs],
      };
    }
    case 'product': {
      const product = await retrieveProductHeadline(db, match.productId);
      if (!product || product.status !== 1) return null;
      const category = await retrieveCategory(db, product.categoryId);
      if (!category) return null;
      const canonical = `/catalog/${category.code}/${category.id}/${product.id}`;
      const tabSuffix =
        match.tab === 'faq' ? ' — вопросы и ответы' : match.tab === 'availability' ? ' — наличие в магазинах' : '';
      return {
        title: buyTitle(product.name) + tabSuffix,
        description: product.description ?? `${product.name}: характеристики, отзывы, наличие в магазинах.`,
        h1: product.name,
        canonical,
        text: null,
        breadcrumbs: [HOME, CATALOG, ...(await categoryCrumbs(db, category)), { text: product.name, href: canonical }],
      };
    }
    case 'brand': {
      const brand = await retrieveBrandByCode(db, match.brandCode);
      if (!brand) return null;
      const crumbs: Crumb[] = [CATALOG, { text: brand.name, href: `/catalog/brand/${brand.code}` }];
      let name = `Товары ${brand.name}`;
      if (match.categoryId !== null) {
        const category = await retrieveCategory(db, match.categoryId);
        if (!category) return null;
        name = `${category.name} ${brand.name}`;
        crumbs.push({ text: name, href: `/catalog/brand/${brand.code}/${category.code}/${category.id}` });
      }
      return {
        ...simple(name, crumbs),
        title: buyTitle(name) + pageSuffix(match.page),
        canonical: crumbs.at(-1)!.href,
      };
    }
    case 'tag':
    case 'category-tag': {
      const tag = await retrieveTagByAlias(db, match.tagAlias);
      if (!tag) return null;
      const crumbs: Crumb[] = [CATALOG];
      if (match.categoryId !== null) {
        const category = await retrieveCategory(db, match.categoryId);
        if (!category) return null;
        crumbs.push(...(await categoryCrumbs(db, category)));
      }
      crumbs.push({ text: tag.name, href: pathname });
      return { ...simple(tag.name, crumbs), title: buyTitle(tag.name) + pageSuffix(match.page) };
    }
    case 'series': {
      const category = await retrieveCategory(db, match.categoryId);
      const brand = await retrieveBrandByCode(db, match.brandCode);
      if (!category || !brand) return null;
      const series = await retrieveSeries(db, brand.id, match.seriesCode);
      if (!series) return null;
      const seriesHref = `/catalog/${category.code}/${category.id}/${brand.code}/${series.code}`;
      const crumbs: Crumb[] = [
        CATALOG,
        ...(await categoryCrumbs(db, category)),
        { text: `${brand.name} ${series.name}`, href: seriesHref },
      ];
      let name = `${category.name} ${brand.name} ${series.name}`;
      if (match.modelCode !== null) {
        const model = await retrieveModel(db, series.id, match.modelCode);
        if (!model) return null;
        name = `${category.name} ${brand.name} ${model.name}`;
        crumbs.push({ text: model.name, href: `${seriesHref}/${model.code}` });
      }
      return {
        ...simple(name, crumbs),
        title: buyTitle(name) + pageSuffix(match.page),
        canonical: crumbs.at(-1)!.href,
      };
    }
    case 'compatibility': {
      const category = await retrieveCategory(db, match.categoryId);
      const brand = await retrieveBrandByCode(db, match.brandCode);
      if (!category || !brand) return null;
      const name = `${category.name} для ${brand.name}${match.modelCode ? ' ' + match.modelCode.toUpperCase() : ''}`;
      return simple(name, [CATALOG, ...(await categoryCrumbs(db, category)), { text: name, href: pathname }]);
    }
    case 'search': {
      const title = query ? `Результаты поиска «${query}»` : 'Поиск';
      return { ...simple(title, [{ text: 'Поиск', href: '/search' }]), canonical: '/search' };
    }
    case 'static':
      return simple(STATIC_PAGE_TITLES[match.key], [{ text: STATIC_PAGE_TITLES[match.key], href: pathname }]);
    case 'account': {
      const crumbs: Crumb[] = [{ text: 'Личный кабинет', href: '/account' }];
      if (match.section === 'order') {
        crumbs.push(
          { text: 'Мои заказы', href: '/account/orders' },
          { text: `Заказ №${match.orderId}`, href: pathname },
        );
        return simple(`Заказ №${match.orderId}`, crumbs);
      }
      if (match.section !== 'index') crumbs.push({ text: ACCOUNT_SECTION_TITLES[match.section], href: pathname });
      return simple(ACCOUNT_SECTION_TITLES[match.section], crumbs);
    }
    case 'cart-payment':
      return simple(`Оплата заказа №${match.orderId}`, [{ text: `Оплата заказа №${match.orderId}`, href: pathname }]);
    case 'cart-success':
      return simple(`Заказ №${match.orderId}`, [{ text: `Заказ №${match.orderId}`, href: pathname }]);
    case 'cart-credit':
      return simple(`Кредит на заказ №${match.orderId}`, [
        { text: `Кредит на заказ №${match.orderId}`, href: pathname },
      ]);
    case 'cart-receipt':
      return simple(`Чек заказа №${match.orderId}`, [{ text: `Чек заказа №${match.orderId}`, href: pathname }]);
    case 'cart-one-click':
      return simple('Купить в 1 клик', [{ text: 'Купить в 1 клик', href: pathname }]);
    case 'cart-corporate':
      return simple('Заказ для юрлица', [{ text: 'Заказ для юрлица', href: pathname }]);
    case 'special-offer':
      return describeContentPage(db, match, pathname);
    case 'store': {
      if (match.slug === null) return simple('Магазины', [{ text: 'Магазины', href: '/shops' }]);
      const store = await retrieveStoreBySlug(db, match.slug);
      if (!store) return null;
      return simple(
        store.name,
        [
          { text: 'Магазины', href: '/shops' },
          { text: store.name, href: pathname },
        ],
        store.address,
      );
    }
    case 'news-type': {
      const title = match.type === 'press' ? 'Пресс-релизы' : 'Новости';
      return simple(title, [
        { text: 'Новости', href: '/news' },
        ...(match.type === 'press' ? [{ text: title, href: pathname }] : []),
      ]);
    }
    case 'news-item':
      return describeContentPage(db, match, pathname);
    case 'insurance':
      return simple(INSURANCE_TITLES[match.product], [
        { text: 'Страхование', href: '/insurance/osago' },
        { text: INSURANCE_TITLES[match.product], href: pathname },
      ]);
    case 'finance':
      return simple(FINANCE_TITLES[match.product], [
        { text: 'Финансовые услуги', href: '/finance/deposit' },
        { text: FINANCE_TITLES[match.product], href: pathname },
      ]);
    case 'reviews-list':
    case 'review':
    case 'constructor-promo':
      return describeContentPage(db, match, pathname);
    case 'static-promo':
      // The personal-data policy's words come from its SEO record; every other /prm page is content.
      if (match.slug === 'personal-data')
        return simple('Промо', [
          { text: 'Акции', href: '/special-offers' },
          { text: 'Промо', href: pathname },
        ]);
      return describeContentPage(db, match, pathname);
  }
}

/**
 * The page at a path, with its SEO record (when one exists) laid over the derived words. Kept in the
 * reference-data cache: the shell asks for it and for its breadcrumbs on every page.
 */
export function resolvePage(db: Database, pathname: string, query: string | null): Promise<PageInfo | null> {
  return cachedReference(db, `page:${pathname}\n${query ?? ''}`, () => readPage(db, pathname, query));
}

async function readPage(db: Database, pathname: string, query: string | null): Promise<PageInfo | null> {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const match = matchPage(normalized);
  if (!match) return null;
  const page = await describe(db, match, normalized, query);
  if (!page) return null;
  const record = await retrieveSeoRecord(db, normalized);
  if (!record) return page;
  // The record's h1 names the page, so the last breadcrumb says the same.
  const breadcrumbs =
    record.h1 && page.breadcrumbs.length > 1
      ? [...page.breadcrumbs.slice(0, -1), { ...page.breadcrumbs.at(-1)!, text: record.h1 }]
      : page.breadcrumbs;
  return {
    ...page,
    breadcrumbs,
    title: record.title,
    description: record.description || page.description,
    h1: record.h1 ?? page.h1,
    canonical: record.canonical ?? page.canonical,
    text: record.text,
  };
}
