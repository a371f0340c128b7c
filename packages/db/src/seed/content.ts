/** Reference content: SEO, redirects, menus, banners, feature flags, A/B branches, tags, suppliers. */
import type { FlatCategory } from './data/categories.ts';
import { territoryId } from './data/geo.ts';
import { TAG } from './products.ts';

export const SITE_NAME = 'Мультицентр';

export interface SeoRow {
  path: string;
  title: string;
  description: string;
  h1: string | null;
  canonical: string | null;
  text: string | null;
}

export function buildSeo(categories: FlatCategory[]): SeoRow[] {
  const page = (path: string, title: string, h1: string, description: string): SeoRow => ({
    path,
    title,
    description,
    h1,
    canonical: path,
    text: null,
  });
  const rows: SeoRow[] = [
    page(
      '/',
      `${SITE_NAME} — интернет-магазин электроники и бытовой техники`,
      'Интернет-магазин электроники и бытовой техники',
      'Смартфоны, телевизоры, ноутбуки и бытовая техника с доставкой по России. Рассрочка 0-0-24, trade-in и самовывоз из магазинов в вашем городе.',
    ),
    page(
      '/catalog',
      'Каталог товаров — купить электронику и бытовую технику',
      'Каталог товаров',
      'Все категории интернет-магазина: смартфоны и гаджеты, ТВ и аудио, компьютеры, бытовая техника, техника для кухни и красоты.',
    ),
    page(
      '/shops',
      'Магазины, пункты выдачи и постаматы',
      'Магазины и пункты выдачи',
      'Адреса магазинов Мультицентр, пунктов выдачи и постаматов на карте, часы работы и схема проезда.',
    ),
    page(
      '/delivery',
      'Доставка и оплата',
      'Доставка и оплата',
      'Курьерская доставка, экспресс-доставка за 2 часа, самовывоз из магазинов и пунктов выдачи. Стоимость и сроки доставки.',
    ),
    page(
      '/delivery/pay',
      'Способы оплаты',
      'Способы оплаты',
      'Оплата картой онлайн и при получении, наличными, через СБП, в кредит и рассрочку, частями.',
    ),
    page('/compare', 'Сравнение товаров', 'Сравнение товаров', 'Сравните характеристики и цены выбранных товаров.'),
    page(
      '/favorite-products',
      'Избранные товары',
      'Избранное',
      'Товары, которые вы отметили, чтобы вернуться к ним позже.',
    ),
    page(
      '/special-offers',
      'Акции и скидки на технику',
      'Акции и скидки',
      'Актуальные акции: скидки, рассрочка без переплаты, подарки и выгодный trade-in.',
    ),
    page(
      '/news',
      'Новости магазина',
      'Новости',
      'Новости Мультицентра: открытия магазинов, новинки техники и изменения в работе сервиса.',
    ),
    page('/cart', 'Корзина', 'Корзина', 'Оформление заказа.'),
    page(
      '/prm/personal-data',
      'Политика обработки персональных данных',
      'Политика обработки персональных данных',
      'Как Мультицентр собирает, хранит и защищает персональные данные покупателей.',
    ),
    page(
      '/certificate',
      'Подарочные сертификаты',
      'Подарочные сертификаты',
      'Пластиковые и электронные подарочные сертификаты номиналом от 1 000 до 30 000 ₽.',
    ),
  ];
  for (const c of categories) {
    const path = `/catalog/${c.code}/${c.id}`;
    rows.push({
      path,
      title: `${c.name} — купить в интернет-магазине по низкой цене`,
      description: `${c.name} в интернет-магазине ${SITE_NAME}: цены, характеристики, отзывы покупателей. Доставка по России, самовывоз из магазинов в вашем городе, рассрочка 0-0-24.`,
      h1: c.name,
      canonical: path,
      text: `В разделе «${c.name}» собраны модели от ведущих производителей. Сравнивайте характеристики, читайте отзывы и выбирайте удобный способ получения: доставку курьером или самовывоз.`,
    });
  }
  return rows;
}

export const REDIRECTS: [string, string, number][] = [
  ['/old-catalog', '/catalog', 301],
  ['/aktsii', '/special-offers', 301],
  ['/magaziny', '/shops', 302],
  ['/dostavka', '/delivery', 301],
  ['/sravnenie', '/compare', 301],
  ['/catalog/mobilnye-telefony', '/catalog/smartfony/224', 301],
];

export interface MenuRow {
  id: number;
  menuCode: string;
  parentId: number | null;
  name: string;
  url: string;
  icon: string | null;
  image: string | null;
  type: string;
  categoryId: number | null;
  stickers: { text: string; color: string }[];
  sort: number;
  branch: string | null;
}

const MENU_STICKERS: Record<number, { text: string; color: string }[]> = {
  224: [{ text: 'Хит', color: '#ff3b30' }],
  201: [{ text: 'Скидки', color: '#ff9500' }],
  408: [{ text: 'Новинки', color: '#34c759' }],
  801: [{ text: 'Хит', color: '#ff3b30' }],
  19: [{ text: 'Подарок', color: '#af52de' }],
};

export function buildMenus(categories: FlatCategory[]): MenuRow[] {
  const rows: MenuRow[] = [];
  for (const c of categories) {
    rows.push({
      id: 10000 + c.id,
      menuCode: 'catalog',
      parentId: c.parentId === null ? null : 10000 + c.parentId,
      name: c.name,
      url: `/catalog/${c.code}/${c.id}`,
      icon: c.icon,
      image: `/img/category/${c.code}.svg`,
      type: 'category',
      categoryId: c.id,
      stickers: MENU_STICKERS[c.id] ?? [],
      sort: c.sort,
      branch: null,
    });
  }
  const link = (
    id: number,
    menuCode: string,
    name: string,
    url: string,
    sort: number,
    extra: Partial<MenuRow> = {},
  ): MenuRow => ({
    id,
    menuCode,
    parentId: null,
    name,
    url,
    icon: null,
    image: null,
    type: 'link',
    categoryId: null,
    stickers: [],
    sort,
    branch: null,
    ...extra,
  });
  const statics: [string, string, string][] = [
    ['Акции', '/special-offers', 'percent'],
    ['Магазины', '/shops', 'store'],
    ['Доставка и оплата', '/delivery', 'truck'],
    ['Сервисный центр', '/service', 'service'],
    ['Trade-in', '/service/trade-in', 'trade-in'],
    ['Корпоративным клиентам', '/service/corporate', 'briefcase'],
    ['Подарочные сертификаты', '/certificate', 'gift'],
  ];
  statics.forEach(([name, url, icon], i) => rows.push(link(101 + i, 'static', name, url, (i + 1) * 10, { icon })));
  rows.push(
    link(120, 'static', 'Бонусная программа', '/account/loyalty', 80, {
      icon: 'bonus',
      branch: 'B',
      stickers: [{ text: 'New', color: '#34c759' }],
    }),
  );

  const events: [string, string, string | null][] = [
    ['Чёрная пятница', '/special-offers/1', '#111827'],
    ['Рассрочка 0-0-24', '/special-offers/2', '#4f46e5'],
    ['Выгода в Trade-in', '/special-offers/3', null],
    ['Уценённые товары', '/special-offers/4', null],
    ['Скидки на кухонную технику', '/special-offers/5', null],
  ];
  events.forEach(([name, url, color], i) =>
    rows.push(
      link(201 + i, 'events', name, url, (i + 1) * 10, {
        type: 'event',
        stickers: color ? [{ text: i === 0 ? '−50%' : '0%', color }] : [],
      }),
    ),
  );

  const footer: [string, [string, string][]][] = [
    [
      'Покупателям',
      [
        ['Доставка и оплата', '/delivery'],
        ['Способы оплаты', '/delivery/pay'],
        ['Магазины и пункты выдачи', '/shops'],
        ['Подарочные сертификаты', '/certificate'],
        ['Сравнение товаров', '/compare'],
        ['Избранное', '/favorite-products'],
      ],
    ],
    [
      'Компания',
      [
        ['Новости', '/news'],
        ['Акции', '/special-offers'],
        ['Обзоры и отзывы', '/reviews/list'],
        ['Корпоративным клиентам', '/service/corporate'],
      ],
    ],
    [
      'Сервисы',
      [
        ['Сервисный центр', '/service'],
        ['Trade-in', '/service/trade-in'],
        ['Страхование имущества', '/insurance/property'],
        ['ОСАГО', '/insurance/osago'],
        ['Вклады', '/finance/deposit'],
      ],
    ],
  ];
  let footerId = 300;
  footer.forEach(([title, links], i) => {
    const parentId = ++footerId;
    rows.push(link(parentId, 'footer', title, '#', (i + 1) * 10, { type: 'column' }));
    links.forEach(([name, url], j) => rows.push(link(++footerId, 'footer', name, url, (j + 1) * 10, { parentId })));
  });
  return rows;
}

export interface BannerRow {
  id: number;
  type: string;
  location: string | null;
  url: string | null;
  title: string;
  text: string | null;
  link: string | null;
  background: string;
  sort: number;
  activeFrom: string | null;
  activeTo: string | null;
}

const MENU_BANNERS: Record<number, [string, string, string]> = {
  100: ['Смартфоны недели: выгода до 20%', '/catalog/smartfony/224', '#1e3a8a'],
  200: ['Телевизоры 55" от 29 990 ₽', '/catalog/tag/televizory-55-dyuymov', '#0f172a'],
  300: ['Игровые ноутбуки с RTX 50', '/catalog/tag/igrovye-noutbuki', '#312e81'],
  400: ['Холодильники No Frost со скидкой', '/catalog/tag/holodilniki-no-frost', '#0369a1'],
  500: ['Кофемашины: подарок к покупке', '/catalog/kofemashiny/503', '#78350f'],
  600: ['Уход за собой: скидки до 30%', '/catalog/krasota-i-zdorove/600', '#9d174d'],
  700: ['Камеры для путешествий', '/catalog/foto-i-video/700', '#334155'],
  800: ['PlayStation 5 и игры к ней', '/catalog/igrovye-konsoli/801', '#1d4ed8'],
  1: ['Подписки и ключи — мгновенно на e-mail', '/catalog/cifrovye-tovary/1', '#065f46'],
  26: ['Установка техники под ключ', '/catalog/ustanovka-i-podklyuchenie/901', '#b91c1c'],
};

export function buildBanners(categories: FlatCategory[]): BannerRow[] {
  const rows: BannerRow[] = [
    {
      id: 1,
      type: 'so-topline-desktop',
      location: 'header',
      url: null,
      title: 'Скидки до 50% на технику для дома',
      text: null,
      link: '/special-offers/1',
      background: '#1f2937',
      sort: 10,
      // No end date: the demo store always has its top banner, whatever today's date.
      activeFrom: null,
      activeTo: null,
    },
  ];
  const slides: [string, string, string, string][] = [
    ['Чёрная пятница: скидки до 50%', 'На смартфоны, телевизоры и бытовую технику', '/special-offers/1', '#111827'],
    ['Рассрочка 0-0-24', 'Без переплаты и первого взноса на технику от 10 000 ₽', '/special-offers/2', '#4f46e5'],
    [
      'Trade-in: сдайте старый смартфон',
      'Скидка до 30 000 ₽ на новый смартфон, планшет или ноутбук',
      '/service/trade-in',
      '#0f766e',
    ],
    [
      'Новые iPhone 17 уже в продаже',
      'Оформите заказ с доставкой сегодня',
      '/catalog/brand/apple/smartfony/224',
      '#0a0a0a',
    ],
    [
      'Холодильники No Frost со скидкой',
      'Выгода до 25% на модели Атлант, Bosch и Haier',
      '/catalog/tag/holodilniki-no-frost',
      '#0369a1',
    ],
  ];
  slides.forEach(([title, text, link, background], i) =>
    rows.push({
      id: 2 + i,
      type: 'main-slider',
      location: 'home',
      url: '/',
      title,
      text,
      link,
      background,
      sort: (i + 1) * 10,
      activeFrom: null,
      activeTo: null,
    }),
  );
  const tops = categories.filter((c) => c.parentId === null);
  tops.forEach((c, i) => {
    const [title, link, background] = MENU_BANNERS[c.id] ?? [c.name, `/catalog/${c.code}/${c.id}`, '#334155'];
    rows.push({
      id: 100 + i,
      type: `NEW_MENU_${c.id}`,
      location: 'menu',
      url: null,
      title,
      text: null,
      link,
      background,
      sort: 10,
      activeFrom: null,
      activeTo: null,
    });
  });
  const services: [string, string, string, string][] = [
    [
      'Доставка за 2 часа',
      'Экспресс-доставка в Москве, Санкт-Петербурге, Казани и Екатеринбурге',
      '/delivery',
      '#0ea5e9',
    ],
    ['Установка и подключение', 'Мастер приедет в удобное время', '/catalog/ustanovka-i-podklyuchenie/901', '#f97316'],
    ['Сервисный центр', 'Ремонт техники любых брендов с гарантией', '/service', '#22c55e'],
    ['Trade-in', 'Обменяйте старое устройство на скидку', '/service/trade-in', '#a855f7'],
    ['Кредит и рассрочка', 'Решение банка за 2 минуты', '/special-offers/2', '#6366f1'],
    ['Подарочные сертификаты', 'Лучший подарок — возможность выбрать самому', '/certificate', '#ec4899'],
  ];
  services.forEach(([title, text, link, background], i) =>
    rows.push({
      id: 200 + i,
      type: 'home-services',
      location: 'home',
      url: '/',
      title,
      text,
      link,
      background,
      sort: (i + 1) * 10,
      activeFrom: null,
      activeTo: null,
    }),
  );
  return rows;
}

export interface FlagRow {
  key: string;
  branch: string | null;
  isActive: boolean;
  value: unknown;
  description: string;
}

export function buildFlags(): FlagRow[] {
  return [
    {
      key: 'bank_installment',
      branch: null,
      isActive: true,
      value: { terms: [6, 12, 24], min_price: 1000000 },
      description: 'Банковская рассрочка в карточке товара и корзине',
    },
    {
      key: 'bnpl',
      branch: null,
      isActive: true,
      value: { provider: 'Сплит', parts: 4, min_price: 150000 },
      description: 'Оплата частями (buy now, pay later)',
    },
    {
      key: 'accessory_list_v2',
      branch: null,
      isActive: false,
      value: null,
      description: 'Новый список аксессуаров в карточке товара',
    },
    {
      key: 'accessory_list_v2',
      branch: 'B',
      isActive: true,
      value: null,
      description: 'Новый список аксессуаров: включён для ветки B',
    },
    {
      key: 'sim_required_territories',
      branch: null,
      isActive: true,
      value: [
        territoryId('Республика Дагестан'),
        territoryId('Краснодарский край'),
        territoryId('Калининградская область'),
      ],
      description: 'Территории, где к смартфону обязательно предлагается SIM-карта',
    },
    {
      key: 'express_courier_time',
      branch: null,
      isActive: true,
      value: { minutes: 30 },
      description: 'Время экспресс-доставки курьером, минут',
    },
    {
      key: 'actions_before_accessories',
      branch: null,
      isActive: false,
      value: null,
      description: 'Показывать акции перед аксессуарами',
    },
    {
      key: 'actions_before_accessories',
      branch: 'B',
      isActive: true,
      value: null,
      description: 'Акции перед аксессуарами: включено для ветки B',
    },
  ];
}

export const AB_BRANCHES: [string, number, string][] = [
  ['A', 50, 'Контрольная группа'],
  ['B', 50, 'Экспериментальная группа'],
];

export const TAGS: [number, string, string, number | null][] = [
  [TAG.hits, 'hity-prodazh', 'Хиты продаж', null],
  [TAG.novelties, 'novinki', 'Новинки', null],
  [TAG.bargain, 'vygodno', 'Выгодно', null],
  [TAG.home, 'dlya-doma', 'Для дома', null],
  [TAG.gamers, 'dlya-geymerov', 'Для геймеров', null],
  [TAG.gifts, 'podarki', 'Идеи подарков', null],
  [TAG.smartHome, 'umnyy-dom', 'Умный дом', null],
  [TAG.nfcPhones, 'smartfony-s-nfc', 'Смартфоны с NFC', 224],
  [TAG.noFrostFridges, 'holodilniki-no-frost', 'Холодильники No Frost', 401],
  [TAG.oledTv, 'oled-televizory', 'OLED-телевизоры', 201],
  [TAG.gamingLaptops, 'igrovye-noutbuki', 'Игровые ноутбуки', 301],
  [TAG.tv55, 'televizory-55-dyuymov', 'Телевизоры 55 дюймов', 201],
  [TAG.budgetPhones, 'byudzhetnye-smartfony', 'Бюджетные смартфоны', 224],
  [TAG.builtIn, 'vstraivaemaya-tehnika', 'Встраиваемая техника', null],
  [TAG.onlineOnly, 'tolko-onlayn', 'Только онлайн', null],
];

export const SUPPLIERS: [number, string][] = [
  [1, 'Мерлион'],
  [2, 'OCS Дистрибуция'],
  [3, 'Марвел-Дистрибуция'],
  [4, 'Treolan'],
  [5, 'Ресурс Медиа'],
];
