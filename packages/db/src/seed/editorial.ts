// Editorial content (issue 14, SPEC §1, §3 Article / special offer, Review tag, Gift calendar item):
// special offers tied to the seed's actions and to tag listings, news and press releases, review
// articles, the December advent calendar, promo pages and the /honor page. Deterministic: the same
// rows on every seed. Pictures are drawn locally (/img/content/…, packages/db/src/content-pictures.ts).
import type { DatabaseHandle } from '../index.ts';
import { ACTION_IDS } from './actions.ts';
import { col, insertAll, type Cell } from './bulk.ts';
import { BRANDS } from './data/brands.ts';
import { BASE_DATE, TAG } from './products.ts';
import { pgIntArray, pgTextArray } from './text.ts';

const DAY = 86_400_000;
const at = (days: number) => new Date(BASE_DATE + days * DAY).toISOString();

export function brandIdOf(code: string): number {
  const index = BRANDS.findIndex((b) => b.code === code);
  if (index < 0) throw new Error(`Unknown brand ${code}`);
  return index + 1;
}

/** Picture paths of an article: listing card, detail header and the small preview. */
export const articlePictures = (id: number) => ({
  listing: `/img/content/listing/${id}.svg`,
  detail: `/img/content/detail/${id}.svg`,
  preview: `/img/content/preview/${id}.svg`,
});

/** A tag made for one offer: its products are the category (and brand, and action) selection. */
interface OfferTag {
  id: number;
  alias: string;
  name: string;
  categoryIds: number[];
  brand?: string;
  /** Only the products the action applies to (its main role). */
  actionMain?: boolean;
}

interface OfferDef {
  slug: string;
  title: string;
  action: number | null;
  tag: number | OfferTag;
  brands: string[];
  channels: ('online' | 'stores')[];
  from: number;
  to: number | null;
  preview: string;
  condition: string;
  howToUse: string;
}

const both: ('online' | 'stores')[] = ['online', 'stores'];
const HOW_ONLINE =
  'Добавьте товары из акции в корзину на сайте и оформите заказ — скидка или подарок появятся в корзине.';
const HOW_STORES = 'Назовите акцию продавцу в магазине Мультицентр или покажите эту страницу на кассе.';
const HOW_BOTH = `${HOW_ONLINE} ${HOW_STORES}`;

export const OFFERS: OfferDef[] = [
  {
    slug: 'kronshteyn-v-podarok-k-televizoru',
    title: 'Кронштейн в подарок к телевизору',
    action: ACTION_IDS.tvPresent,
    tag: {
      id: 101,
      alias: 'akciya-kronshteyn-v-podarok',
      name: 'Телевизоры с кронштейном в подарок',
      categoryIds: [201],
      actionMain: true,
    },
    brands: ['samsung', 'lg', 'xiaomi', 'sony', 'tcl', 'hisense'],
    channels: both,
    from: -20,
    to: 400,
    preview: 'Покупаете телевизор — выберите настенный кронштейн в подарок. Монтаж можно заказать вместе с доставкой.',
    condition:
      'Подарок — один кронштейн из списка акции к каждому телевизору из акции. Подарок не обменивается на деньги.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'oled-televizor-i-kronshteyn',
    title: 'OLED-телевизор и кронштейн в подарок',
    action: ACTION_IDS.tvPresent,
    tag: TAG.oledTv,
    brands: ['lg', 'sony'],
    channels: both,
    from: -10,
    to: 380,
    preview: 'Глубокий чёрный, яркие блики и кронштейн в подарок к каждому OLED-телевизору.',
    condition: 'Акция действует на OLED-телевизоры из списка. Один подарок на один телевизор.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'televizory-55-kronshteyn',
    title: 'Телевизоры 55 дюймов: кронштейн в подарок',
    action: ACTION_IDS.tvPresent,
    tag: TAG.tv55,
    brands: ['samsung', 'lg', 'xiaomi', 'hisense', 'tcl'],
    channels: both,
    from: -5,
    to: 360,
    preview: 'Самая популярная диагональ для гостиной — с подарочным кронштейном.',
    condition: 'Подарок добавляется к телевизору с диагональю 55 дюймов из акции.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'skidka-10-na-aksessuary',
    title: 'Скидка 10% на аксессуары к смартфону',
    action: ACTION_IDS.accessoryDiscount,
    tag: {
      id: 102,
      alias: 'akciya-aksessuary-k-smartfonu',
      name: 'Смартфоны со скидкой на аксессуары',
      categoryIds: [224],
      actionMain: true,
    },
    brands: ['apple', 'samsung', 'xiaomi', 'honor', 'realme'],
    channels: both,
    from: -25,
    to: 420,
    preview: 'Чехол, зарядка и защитное стекло к новому смартфону — на 10% дешевле.',
    condition:
      'Скидка 10% на чехлы, зарядные устройства и внешние аккумуляторы при покупке смартфона, если аксессуаров в заказе на 3 000 ₽ и больше.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'smartfon-s-nfc-i-aksessuary',
    title: 'Смартфон с NFC и аксессуары со скидкой 10%',
    action: ACTION_IDS.accessoryDiscount,
    tag: TAG.nfcPhones,
    brands: ['samsung', 'xiaomi', 'honor', 'poco'],
    channels: ['online'],
    from: -8,
    to: 300,
    preview: 'Платите телефоном, а на аксессуары к нему получите скидку 10%.',
    condition: 'Скидка на аксессуары от 3 000 ₽ в одном заказе со смартфоном с NFC.',
    howToUse: HOW_ONLINE,
  },
  {
    slug: 'byudzhetnyy-smartfon-i-aksessuary',
    title: 'Бюджетный смартфон и аксессуары на 10% дешевле',
    action: ACTION_IDS.accessoryDiscount,
    tag: TAG.budgetPhones,
    brands: ['realme', 'tecno', 'infinix', 'poco'],
    channels: both,
    from: -12,
    to: 330,
    preview: 'Смартфоны до 15 000 ₽ и аксессуары к ним с дополнительной скидкой.',
    condition: 'Скидка действует на аксессуары от 3 000 ₽ к смартфону из подборки.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'holodilnik-promokod-holod2000',
    title: 'Скидка 2 000 ₽ на холодильник по промокоду',
    action: ACTION_IDS.fridgePromocode,
    tag: {
      id: 103,
      alias: 'akciya-holodilniki-promokod',
      name: 'Холодильники по промокоду ХОЛОД2000',
      categoryIds: [401],
      actionMain: true,
    },
    brands: ['atlant', 'haier', 'bosch', 'lg', 'beko', 'indesit'],
    channels: ['online'],
    from: -15,
    to: 310,
    preview: 'Введите промокод ХОЛОД2000 при оформлении заказа и получите скидку 2 000 ₽.',
    condition: 'Промокод действует на холодильники из акции стоимостью от 30 000 ₽ при оплате онлайн или в кредит.',
    howToUse: 'Добавьте холодильник в корзину и введите промокод ХОЛОД2000 на шаге оплаты.',
  },
  {
    slug: 'no-frost-minus-2000',
    title: 'Холодильники No Frost: −2 000 ₽ по промокоду',
    action: ACTION_IDS.fridgePromocode,
    tag: TAG.noFrostFridges,
    brands: ['bosch', 'haier', 'samsung', 'lg'],
    channels: ['online'],
    from: -3,
    to: 290,
    preview: 'Забудьте о разморозке: холодильники No Frost со скидкой по промокоду ХОЛОД2000.',
    condition: 'Промокод ХОЛОД2000 на холодильники No Frost от 30 000 ₽.',
    howToUse: 'Введите промокод ХОЛОД2000 в корзине при оформлении заказа на сайте.',
  },
  {
    slug: 'rassrochka-0-0-12-na-aksessuary',
    title: 'Рассрочка 0-0-12 на аксессуары',
    action: ACTION_IDS.instalment,
    tag: {
      id: 104,
      alias: 'akciya-rassrochka-aksessuary',
      name: 'Смартфоны с рассрочкой на аксессуары',
      categoryIds: [224],
      actionMain: true,
    },
    brands: ['apple', 'samsung', 'xiaomi', 'huawei'],
    channels: both,
    from: -30,
    to: 450,
    preview: 'Аксессуары к смартфону на 12 месяцев без первого взноса и переплаты.',
    condition: 'Сумма аксессуаров в рассрочку — до 20 000 ₽. Рассрочку предоставляют банки-партнёры.',
    howToUse: 'Выберите способ оплаты «Рассрочка» при оформлении заказа.',
  },
  {
    slug: 'samsung-care-rassrochka-0-0-24',
    title: 'Samsung: рассрочка 0-0-24 с гарантией Care+',
    action: ACTION_IDS.brandedWarrantyInstalment,
    tag: {
      id: 105,
      alias: 'akciya-samsung-care',
      name: 'Samsung с рассрочкой 0-0-24',
      categoryIds: [224, 107],
      brand: 'samsung',
      actionMain: true,
    },
    brands: ['samsung'],
    channels: both,
    from: -18,
    to: 420,
    preview: 'Смартфон или планшет Samsung в рассрочку на 24 месяца при покупке дополнительной гарантии.',
    condition: 'Добавьте к устройству Samsung дополнительную гарантию — и рассрочка на 24 месяца станет доступна.',
    howToUse: 'Добавьте к смартфону гарантию Samsung Care+ в корзине и выберите оплату «Рассрочка».',
  },
  {
    slug: 'bankovskaya-rassrochka-televizory',
    title: 'Банковская рассрочка 0-0-6 на телевизоры',
    action: ACTION_IDS.bankInstalment,
    tag: {
      id: 106,
      alias: 'akciya-bank-rassrochka-tv',
      name: 'Телевизоры в банковскую рассрочку',
      categoryIds: [201],
      actionMain: true,
    },
    brands: ['samsung', 'lg', 'sony', 'hisense'],
    channels: ['stores'],
    from: -9,
    to: 280,
    preview: 'Телевизор и саундбар к нему в рассрочку от Т-Банка и Альфа-Банка на 6 месяцев.',
    condition: 'Рассрочка оформляется в магазине, решение банка — за 5 минут.',
    howToUse: HOW_STORES,
  },
  {
    slug: 'bankovskaya-rassrochka-holodilniki',
    title: 'Холодильник в банковскую рассрочку 0-0-6',
    action: ACTION_IDS.bankInstalment,
    tag: {
      id: 107,
      alias: 'akciya-bank-rassrochka-holodilniki',
      name: 'Холодильники в банковскую рассрочку',
      categoryIds: [401],
      actionMain: true,
    },
    brands: ['atlant', 'haier', 'bosch'],
    channels: ['stores'],
    from: -6,
    to: 280,
    preview: 'Новый холодильник сегодня, оплата — равными частями полгода.',
    condition: 'Рассрочка от банков-партнёров без переплаты на 6 месяцев.',
    howToUse: HOW_STORES,
  },
  {
    slug: 'hity-prodazh-nedeli',
    title: 'Хиты продаж недели',
    action: null,
    tag: TAG.hits,
    brands: ['apple', 'samsung', 'xiaomi', 'dyson', 'lg'],
    channels: both,
    from: -2,
    to: null,
    preview: 'Что покупают чаще всего: смартфоны, телевизоры и техника для дома по лучшим ценам.',
    condition: 'Подборка обновляется каждую неделю по числу заказов.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'novinki-mesyaca',
    title: 'Новинки месяца',
    action: null,
    tag: TAG.novelties,
    brands: ['apple', 'samsung', 'huawei', 'honor'],
    channels: both,
    from: -14,
    to: null,
    preview: 'Свежие модели, которые появились в Мультицентре за последние два месяца.',
    condition: 'В подборке — товары, поступившие в продажу не раньше 60 дней назад.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'vygodnye-ceny',
    title: 'Выгодные цены: скидки до 30%',
    action: null,
    tag: TAG.bargain,
    brands: ['xiaomi', 'haier', 'polaris', 'redmond'],
    channels: both,
    from: -21,
    to: 250,
    preview: 'Сниженные цены на технику для дома, гаджеты и ТВ — пока товар есть в наличии.',
    condition: 'Цена со скидкой действует до окончания товара в магазине.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'ceny-tolko-onlayn',
    title: 'Цены только онлайн',
    action: null,
    tag: TAG.onlineOnly,
    brands: ['samsung', 'xiaomi', 'lg'],
    channels: ['online'],
    from: -4,
    to: 260,
    preview: 'Специальная цена при заказе на сайте с оплатой картой или через СБП.',
    condition: 'Цена действует только при оформлении заказа на сайте.',
    howToUse: HOW_ONLINE,
  },
  {
    slug: 'igrovye-noutbuki',
    title: 'Игровые ноутбуки для новой сессии',
    action: null,
    tag: TAG.gamingLaptops,
    brands: ['asus', 'msi', 'lenovo', 'acer'],
    channels: both,
    from: -11,
    to: 300,
    preview: 'Мощные видеокарты и экраны 144–240 Гц: ноутбуки для игр и учёбы.',
    condition: 'Подборка игровых ноутбуков в наличии.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'umnyy-dom',
    title: 'Умный дом: колонки, роботы и датчики',
    action: null,
    tag: TAG.smartHome,
    brands: ['yandex', 'sber', 'xiaomi', 'roborock'],
    channels: both,
    from: -16,
    to: 340,
    preview: 'Управляйте светом, уборкой и климатом голосом — техника с Wi-Fi и умными сценариями.',
    condition: 'В подборке — устройства с Wi-Fi и поддержкой голосовых помощников.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'vstraivaemaya-kuhnya',
    title: 'Встраиваемая кухня под ключ',
    action: null,
    tag: TAG.builtIn,
    brands: ['bosch', 'siemens', 'electrolux', 'gorenje'],
    channels: ['stores'],
    from: -19,
    to: 320,
    preview: 'Варочные панели, духовые шкафы и посудомоечные машины — подберём комплект в магазине.',
    condition: 'Консультация по встраиванию и замер — в магазинах Мультицентр.',
    howToUse: HOW_STORES,
  },
  {
    slug: 'idei-podarkov-do-30000',
    title: 'Идеи подарков до 30 000 ₽',
    action: null,
    tag: TAG.gifts,
    brands: ['jbl', 'xiaomi', 'amazfit', 'yandex'],
    channels: both,
    from: -7,
    to: 120,
    preview: 'Умные часы, колонки, наушники и гаджеты, которые приятно дарить и получать.',
    condition: 'Подборка подарков стоимостью до 30 000 ₽.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'vse-dlya-geymerov',
    title: 'Всё для геймеров',
    action: null,
    tag: TAG.gamers,
    brands: ['playstation', 'nintendo', 'microsoft', 'logitech'],
    channels: both,
    from: -13,
    to: 300,
    preview: 'Приставки, игры, геймпады и периферия для тех, кто играет всерьёз.',
    condition: 'Подборка товаров для игр.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'tehnika-dlya-doma',
    title: 'Техника для дома со скидкой',
    action: null,
    tag: TAG.home,
    brands: ['bosch', 'lg', 'haier', 'tefal'],
    channels: both,
    from: -22,
    to: 300,
    preview: 'Стиральные машины, холодильники и кухонная техника для уютного дома.',
    condition: 'Цены на технику для дома из подборки.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'roboty-pylesosy',
    title: 'Роботы-пылесосы: уборка без забот',
    action: null,
    tag: { id: 108, alias: 'akciya-roboty-pylesosy', name: 'Роботы-пылесосы по акции', categoryIds: [408] },
    brands: ['xiaomi', 'roborock', 'dreame'],
    channels: both,
    from: -9,
    to: 200,
    preview: 'Роботы с влажной уборкой и станцией самоочистки — пусть пол моет робот.',
    condition: 'Подборка роботов-пылесосов в наличии.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'kofemashiny',
    title: 'Кофемашины для дома и офиса',
    action: null,
    tag: { id: 109, alias: 'akciya-kofemashiny', name: 'Кофемашины по акции', categoryIds: [503] },
    brands: ['delonghi', 'philips'],
    channels: both,
    from: -17,
    to: 220,
    preview: 'Капучино одной кнопкой: автоматические кофемашины с капучинатором.',
    condition: 'Подборка автоматических и капсульных кофемашин.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'besprovodnye-naushniki',
    title: 'Беспроводные наушники: звук без проводов',
    action: null,
    tag: { id: 110, alias: 'akciya-naushniki', name: 'Беспроводные наушники по акции', categoryIds: [105] },
    brands: ['apple', 'samsung', 'jbl', 'sony'],
    channels: both,
    from: -1,
    to: 210,
    preview: 'Шумоподавление, долгая автономность и быстрая зарядка в кейсе.',
    condition: 'Подборка беспроводных наушников.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'umnye-chasy',
    title: 'Умные часы к новому сезону',
    action: null,
    tag: { id: 111, alias: 'akciya-umnye-chasy', name: 'Умные часы по акции', categoryIds: [102] },
    brands: ['apple', 'samsung', 'huawei', 'amazfit'],
    channels: ['online'],
    from: -26,
    to: 240,
    preview: 'Пульс, сон, тренировки и оплата с запястья — часы на любой бюджет.',
    condition: 'Подборка умных часов при заказе на сайте.',
    howToUse: HOW_ONLINE,
  },
  {
    slug: 'stiralnye-mashiny-s-podyomom',
    title: 'Стиральные машины с доставкой и подъёмом',
    action: null,
    tag: { id: 112, alias: 'akciya-stiralnye-mashiny', name: 'Стиральные машины по акции', categoryIds: [403] },
    brands: ['lg', 'samsung', 'bosch', 'haier'],
    channels: both,
    from: -24,
    to: 230,
    preview: 'Привезём, поднимем на этаж и заберём старую машину на утилизацию.',
    condition: 'Подъём на этаж — при доставке курьером Мультицентра.',
    howToUse: HOW_BOTH,
  },
  // Ended: kept for the archive, hidden from the list.
  {
    slug: 'chernaya-pyatnica-smartfony',
    title: 'Чёрная пятница: −15% на смартфоны',
    action: ACTION_IDS.ended,
    tag: {
      id: 113,
      alias: 'akciya-chernaya-pyatnica',
      name: 'Смартфоны чёрной пятницы',
      categoryIds: [224],
      actionMain: true,
    },
    brands: ['apple', 'samsung', 'xiaomi'],
    channels: both,
    from: -400,
    to: -340,
    preview: 'Скидка 15% на смартфоны в дни чёрной пятницы.',
    condition: 'Акция завершена.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'letnie-ceny-na-kondicionery',
    title: 'Летние цены на кондиционеры',
    action: null,
    tag: { id: 114, alias: 'akciya-kondicionery', name: 'Кондиционеры летом', categoryIds: [411] },
    brands: ['ballu', 'haier', 'midea'],
    channels: both,
    from: -160,
    to: -70,
    preview: 'Кондиционеры с установкой по летним ценам.',
    condition: 'Акция завершена.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'snova-v-shkolu',
    title: 'Снова в школу: ноутбуки и планшеты',
    action: null,
    tag: { id: 115, alias: 'akciya-snova-v-shkolu', name: 'Ноутбуки и планшеты к школе', categoryIds: [301, 107] },
    brands: ['lenovo', 'huawei', 'asus', 'apple'],
    channels: both,
    from: -100,
    to: -60,
    preview: 'Ноутбуки и планшеты для учёбы по специальным ценам.',
    condition: 'Акция завершена.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'vesennyaya-uborka',
    title: 'Весенняя уборка: пылесосы',
    action: null,
    tag: { id: 116, alias: 'akciya-vesennyaya-uborka', name: 'Пылесосы весной', categoryIds: [407, 409] },
    brands: ['dyson', 'xiaomi', 'tefal'],
    channels: both,
    from: -230,
    to: -190,
    preview: 'Вертикальные и классические пылесосы со скидкой.',
    condition: 'Акция завершена.',
    howToUse: HOW_BOTH,
  },
  {
    slug: 'den-rozhdeniya-multicentra',
    title: 'День рождения Мультицентра: подарки покупателям',
    action: null,
    tag: TAG.gifts,
    brands: ['jbl', 'xiaomi'],
    channels: both,
    from: -130,
    to: -116,
    preview: 'Две недели праздника: подарки и розыгрыши в магазинах.',
    condition: 'Акция завершена.',
    howToUse: HOW_STORES,
  },
];

/** News (type news) and press releases (type press): title, days from BASE_DATE, lead, topic. */
type NewsTopic = 'store' | 'service' | 'product' | 'company';
const NEWS: [string, number, string, NewsTopic][] = [
  [
    'Мультицентр открыл магазин в ТЦ «Галерея» в Краснодаре',
    -290,
    'Новый магазин площадью 1 200 м² работает ежедневно с 10:00 до 22:00 и выдаёт заказы с сайта через 30 минут.',
    'store',
  ],
  [
    'Экспресс-доставка за 2 часа теперь в Казани',
    -270,
    'Заказы с экспресс-доставкой привозим в пределах города за 2 часа с 9:00 до 21:00.',
    'service',
  ],
  [
    'В продаже — новые смартфоны Samsung Galaxy',
    -255,
    'Новые модели уже на витринах магазинов и доступны для заказа на сайте с доставкой на следующий день.',
    'product',
  ],
  [
    'Оплата через СБП появилась на сайте',
    -240,
    'Оплачивайте заказы по QR-коду из приложения банка — без ввода данных карты.',
    'service',
  ],
  [
    'Мультицентр в Екатеринбурге переехал на Малышева',
    -228,
    'Магазин на Малышева стал вдвое больше: новая зона умного дома и отдельная стойка выдачи заказов.',
    'store',
  ],
  [
    'Trade-in смартфонов: оценка за 5 минут',
    -215,
    'Сдайте старый смартфон в любом магазине и получите скидку на новый сразу при покупке.',
    'service',
  ],
  [
    'Постаматы Мультицентра в Новосибирске',
    -200,
    'Заказы до 15 кг можно забрать из постамата рядом с домом круглосуточно.',
    'service',
  ],
  [
    'Открыт предзаказ на игровые приставки',
    -188,
    'Оформите предзаказ на сайте — сообщим, как только приставка поступит в магазин.',
    'product',
  ],
  [
    'Новый сервисный центр в Самаре',
    -176,
    'Ремонт смартфонов, ноутбуков и бытовой техники с диагностикой в день обращения.',
    'store',
  ],
  [
    'Рассрочка 0-0-24 на смартфоны',
    -165,
    'Рассрочка без первого взноса и переплаты на 24 месяца — оформление онлайн за 5 минут.',
    'service',
  ],
  [
    'Мультицентр в Нижнем Новгороде работает до полуночи',
    -150,
    'Магазин в ТРЦ «Фантастика» теперь открыт до 00:00 по пятницам и субботам.',
    'store',
  ],
  [
    'Роботы-пылесосы с самоочисткой: новое поступление',
    -140,
    'В магазины поступили роботы-пылесосы со станцией самоочистки и влажной уборкой.',
    'product',
  ],
  [
    'Установка кондиционеров в день доставки',
    -130,
    'Мастера установят кондиционер в день доставки при заказе до 14:00.',
    'service',
  ],
  [
    'Открытие Мультицентра в Уфе',
    -118,
    'Первый магазин сети в Башкортостане: 900 м², пункт выдачи заказов и сервисная стойка.',
    'store',
  ],
  [
    'Электронные подарочные сертификаты',
    -104,
    'Сертификат номиналом от 1 000 до 30 000 ₽ приходит на почту за минуту.',
    'service',
  ],
  [
    'Новые телевизоры 2026 модельного года',
    -92,
    'На витринах — OLED и Mini LED телевизоры с частотой 144 Гц и поддержкой Dolby Vision.',
    'product',
  ],
  [
    'Самовывоз за 15 минут в Москве',
    -80,
    'Товары в наличии в магазине соберём за 15 минут после оформления заказа.',
    'service',
  ],
  [
    'Мультицентр в Воронеже: новый формат магазина',
    -69,
    'Магазин у дома с витриной гаджетов, пунктом выдачи и постаматом.',
    'store',
  ],
  [
    'Бесплатная настройка смартфона при покупке',
    -58,
    'Перенесём контакты, фото и приложения со старого телефона, пока вы ждёте.',
    'service',
  ],
  [
    'Ноутбуки с процессорами нового поколения',
    -47,
    'Лёгкие ноутбуки с автономностью до 20 часов уже в продаже.',
    'product',
  ],
  [
    'Утилизация старой техники при доставке',
    -38,
    'Заберём старый холодильник или стиральную машину при доставке новой.',
    'service',
  ],
  [
    'Мультицентр в Перми открылся после ремонта',
    -30,
    'Обновлённый магазин: просторный зал, зона тест-драйва наушников и быстрая выдача.',
    'store',
  ],
  [
    'Умные колонки с Алисой и Салютом',
    -24,
    'Сравните колонки в зоне умного дома и подключите сценарии с консультантом.',
    'product',
  ],
  [
    'Доставка крупной техники в выходные',
    -18,
    'Курьеры привозят холодильники и стиральные машины в субботу и воскресенье.',
    'service',
  ],
  [
    'Магазин в Ростове-на-Дону на Большой Садовой',
    -12,
    'Новый магазин в центре города работает с 9:00 до 21:00 без выходных.',
    'store',
  ],
  ['Новогодний график работы магазинов', -6, 'Как работают магазины и доставка с 31 декабря по 8 января.', 'company'],
  [
    'Подарочная упаковка в магазинах',
    8,
    'Упакуем подарок бесплатно при покупке в магазине до конца декабря.',
    'service',
  ],
  [
    'Адвент-календарь Мультицентра: подарок каждый день',
    20,
    'С 11 по 31 декабря открывайте по одному окошку в день и получайте подарки и скидки.',
    'company',
  ],
];
const PRESS: [string, number, string][] = [
  [
    'Мультицентр подвёл итоги первого полугодия',
    -210,
    'Выручка сети выросла на 18%, доля онлайн-заказов достигла 46%.',
  ],
  [
    'Мультицентр и Т-Банк запускают совместную рассрочку',
    -195,
    'Покупатели смогут оформить рассрочку на технику до 300 000 ₽ без визита в банк.',
  ],
  [
    'Мультицентр вошёл в топ-5 рейтинга клиентского сервиса',
    -170,
    'Сеть заняла четвёртое место в отраслевом рейтинге качества обслуживания.',
  ],
  [
    'Сеть Мультицентр открыла сотый магазин',
    -150,
    'Юбилейный магазин открылся в Тюмени; в сети теперь 100 магазинов в 32 городах.',
  ],
  [
    'Мультицентр запускает программу лояльности «Мультионы»',
    -132,
    'Покупатели получают до 5% бонусами и оплачивают ими до 30% покупки.',
  ],
  [
    'Логистический центр в Подмосковье принял первые заказы',
    -110,
    'Новый склад площадью 40 000 м² ускорит доставку в Центральном регионе.',
  ],
  [
    'Мультицентр и Яндекс: умный дом в каждом магазине',
    -88,
    'Зоны умного дома с демонстрацией сценариев откроются в 40 магазинах.',
  ],
  [
    'Мультицентр запускает сервис trade-in для бытовой техники',
    -66,
    'Старую технику можно сдать в зачёт новой в магазинах сети.',
  ],
  [
    'Итоги третьего квартала: рост онлайн-продаж',
    -40,
    'Онлайн-продажи выросли на 27%, среднее время доставки сократилось до 1,4 дня.',
  ],
  [
    'Мультицентр открывает сервисные центры в 10 городах',
    -26,
    'Ремонт техники любых брендов с гарантией на работы 12 месяцев.',
  ],
  ['Мультицентр поддержал конкурс юных инженеров', -14, 'Сеть передала 150 ноутбуков школам — участникам конкурса.'],
  [
    'Мультицентр назван лучшим работодателем в ретейле электроники',
    10,
    'Компания получила премию за программы обучения и развития сотрудников.',
  ],
];

const TOPIC_PARAGRAPHS: Record<NewsTopic | 'press', string[]> = {
  store: [
    'В магазине представлены смартфоны, ноутбуки, телевизоры, бытовая и кухонная техника ведущих брендов. Консультанты помогут сравнить модели и оформить рассрочку.',
    'Заказы с сайта можно забрать в магазине бесплатно: сообщим по СМС, когда заказ будет готов к выдаче.',
  ],
  service: [
    'Услуга доступна при оформлении заказа на сайте и в мобильном приложении, а также в магазинах сети.',
    'Подробности — в разделе «Доставка и оплата» и у консультантов магазинов.',
  ],
  product: [
    'Новинки можно посмотреть и попробовать в магазинах Мультицентр, а заказать — на сайте с доставкой или самовывозом.',
    'К новым моделям доступны рассрочка, trade-in и дополнительная гарантия.',
  ],
  company: [
    'Следите за новостями на сайте — мы расскажем о подарках и специальных предложениях.',
    'Если у вас остались вопросы, позвоните в контактный центр: 8 800 100-00-00, звонок бесплатный.',
  ],
  press: [
    '«Мы продолжаем развивать сеть и сервисы, чтобы покупатели получали технику быстрее и удобнее», — отметил генеральный директор Мультицентра Андрей Соколов.',
    'Мультицентр — федеральная сеть магазинов электроники и бытовой техники. Пресс-служба: press@multicenter.ru.',
  ],
};

interface ReviewDef {
  slug: string;
  title: string;
  categoryIds: number[];
  brands: string[];
  tags: string[];
  badge: 'text' | 'video';
  preview: string;
  days: number;
}

export const REVIEW_TAGS: [number, string, string, string, string][] = [
  [1, 'tema', 'obzor', 'Обзор', 'обзоров'],
  [2, 'tema', 'sravnenie', 'Сравнение', 'сравнений'],
  [3, 'tema', 'sovety', 'Советы', 'советов'],
  [4, 'tema', 'reyting', 'Рейтинг', 'рейтингов'],
  [5, 'povod', 'podarok', 'Подарок', 'подарков'],
  [6, 'povod', 'novinka', 'Новинка', 'новинок'],
  [7, 'povod', 'pereezd', 'Переезд', 'переезда'],
];

export const REVIEWS: ReviewDef[] = [
  {
    slug: 'obzor-samsung-galaxy-s-ultra',
    title: 'Обзор Samsung Galaxy S Ultra: камера, которая видит Луну',
    categoryIds: [224],
    brands: ['samsung'],
    tags: ['obzor', 'novinka'],
    badge: 'text',
    preview: 'Две недели с флагманом Samsung: зум, экран, автономность и стилус.',
    days: -200,
  },
  {
    slug: 'iphone-ili-samsung',
    title: 'iPhone или Samsung: что выбрать в 2026 году',
    categoryIds: [224],
    brands: ['apple', 'samsung'],
    tags: ['sravnenie'],
    badge: 'text',
    preview: 'Сравниваем экосистемы, камеры, обновления и стоимость владения.',
    days: -190,
  },
  {
    slug: 'kak-vybrat-televizor',
    title: 'Как выбрать телевизор: диагональ, матрица, частота',
    categoryIds: [201],
    brands: ['lg', 'samsung', 'sony'],
    tags: ['sovety'],
    badge: 'text',
    preview: 'Простая памятка: какой экран подойдёт для комнаты, кино и игр.',
    days: -182,
  },
  {
    slug: 'oled-protiv-mini-led',
    title: 'OLED против Mini LED: какой телевизор лучше',
    categoryIds: [201],
    brands: ['lg', 'tcl', 'hisense'],
    tags: ['sravnenie'],
    badge: 'video',
    preview: 'Смотрим тёмные сцены, HDR и блики в светлой комнате.',
    days: -175,
  },
  {
    slug: 'luchshie-roboty-pylesosy',
    title: 'Лучшие роботы-пылесосы с влажной уборкой',
    categoryIds: [408],
    brands: ['xiaomi', 'roborock', 'dreame'],
    tags: ['reyting'],
    badge: 'text',
    preview: 'Пять моделей, которые действительно моют пол и объезжают носки.',
    days: -168,
  },
  {
    slug: 'obzor-dyson-v15',
    title: 'Обзор беспроводного пылесоса Dyson',
    categoryIds: [407],
    brands: ['dyson'],
    tags: ['obzor'],
    badge: 'video',
    preview: 'Лазерная подсветка пыли, датчик частиц и реальная автономность.',
    days: -160,
  },
  {
    slug: 'kak-vybrat-holodilnik',
    title: 'Как выбрать холодильник: No Frost, зоны свежести, шум',
    categoryIds: [401],
    brands: ['atlant', 'bosch', 'haier'],
    tags: ['sovety', 'pereezd'],
    badge: 'text',
    preview: 'Разбираемся в системах охлаждения и классах энергопотребления.',
    days: -152,
  },
  {
    slug: 'holodilniki-atlant-i-haier',
    title: 'ATLANT или Haier: сравнение холодильников',
    categoryIds: [401],
    brands: ['atlant', 'haier'],
    tags: ['sravnenie'],
    badge: 'text',
    preview: 'Белорусская надёжность против китайских технологий.',
    days: -145,
  },
  {
    slug: 'noutbuk-dlya-ucheby',
    title: 'Ноутбук для учёбы: на что обратить внимание',
    categoryIds: [301],
    brands: ['lenovo', 'asus', 'huawei'],
    tags: ['sovety'],
    badge: 'text',
    preview: 'Вес, автономность, экран и память — чек-лист для студента.',
    days: -138,
  },
  {
    slug: 'igrovye-noutbuki-reyting',
    title: 'Рейтинг игровых ноутбуков: от бюджетных до топовых',
    categoryIds: [301],
    brands: ['msi', 'asus', 'acer'],
    tags: ['reyting'],
    badge: 'text',
    preview: 'Сравнили FPS в популярных играх и температуру под нагрузкой.',
    days: -130,
  },
  {
    slug: 'obzor-airpods-pro',
    title: 'Обзор Apple AirPods Pro: шумоподавление в метро',
    categoryIds: [105],
    brands: ['apple'],
    tags: ['obzor'],
    badge: 'video',
    preview: 'Проверили активное шумоподавление в метро, самолёте и офисе.',
    days: -122,
  },
  {
    slug: 'besprovodnye-naushniki-do-10000',
    title: 'Беспроводные наушники до 10 000 ₽',
    categoryIds: [105],
    brands: ['jbl', 'xiaomi', 'samsung'],
    tags: ['reyting', 'podarok'],
    badge: 'text',
    preview: 'Недорогие модели с хорошим звуком и долгой работой.',
    days: -115,
  },
  {
    slug: 'umnye-chasy-dlya-sporta',
    title: 'Умные часы для спорта: точность пульсометра',
    categoryIds: [102],
    brands: ['garmin', 'amazfit', 'huawei'],
    tags: ['sravnenie'],
    badge: 'text',
    preview: 'Сравнили показания трёх часов с нагрудным датчиком.',
    days: -108,
  },
  {
    slug: 'obzor-apple-watch',
    title: 'Обзор Apple Watch: месяц с часами',
    categoryIds: [102],
    brands: ['apple'],
    tags: ['obzor'],
    badge: 'text',
    preview: 'Уведомления, тренировки, сон и оплата — что действительно полезно.',
    days: -100,
  },
  {
    slug: 'kofemashina-dlya-doma',
    title: 'Как выбрать кофемашину для дома',
    categoryIds: [503],
    brands: ['delonghi', 'philips'],
    tags: ['sovety'],
    badge: 'text',
    preview: 'Рожковая, автоматическая или капсульная — объясняем разницу.',
    days: -92,
  },
  {
    slug: 'stiralnye-mashiny-s-sushkoy',
    title: 'Стиральные машины с сушкой: стоит ли переплачивать',
    categoryIds: [403],
    brands: ['lg', 'samsung', 'bosch'],
    tags: ['sovety', 'pereezd'],
    badge: 'text',
    preview: 'Когда сушка экономит место и время, а когда лучше отдельная машина.',
    days: -85,
  },
  {
    slug: 'obzor-xiaomi-redmi-note',
    title: 'Обзор Xiaomi Redmi Note: народный смартфон',
    categoryIds: [224],
    brands: ['xiaomi'],
    tags: ['obzor'],
    badge: 'text',
    preview: 'Большой экран, 5000 мА·ч и камера на 200 Мп за разумные деньги.',
    days: -78,
  },
  {
    slug: 'smartfony-do-20000',
    title: 'Лучшие смартфоны до 20 000 ₽',
    categoryIds: [224],
    brands: ['realme', 'poco', 'tecno', 'infinix'],
    tags: ['reyting'],
    badge: 'video',
    preview: 'Собрали модели с хорошим экраном, NFC и батареей на два дня.',
    days: -71,
  },
  {
    slug: 'umnaya-kolonka-alisa-ili-salyut',
    title: 'Умная колонка: Алиса или Салют',
    categoryIds: [205],
    brands: ['yandex', 'sber'],
    tags: ['sravnenie'],
    badge: 'text',
    preview: 'Сравниваем звук, умный дом и детский режим.',
    days: -64,
  },
  {
    slug: 'saundbar-k-televizoru',
    title: 'Нужен ли саундбар к телевизору',
    categoryIds: [202],
    brands: ['samsung', 'lg', 'jbl'],
    tags: ['sovety'],
    badge: 'text',
    preview: 'Почему тонкие телевизоры звучат плоско и как это исправить.',
    days: -57,
  },
  {
    slug: 'obzor-playstation',
    title: 'Обзор PlayStation: игры, которые стоит купить первыми',
    categoryIds: [801],
    brands: ['playstation'],
    tags: ['obzor', 'podarok'],
    badge: 'video',
    preview: 'Приставка, геймпад и десять игр для старта.',
    days: -50,
  },
  {
    slug: 'planshet-dlya-rebenka',
    title: 'Планшет для ребёнка: безопасность и родительский контроль',
    categoryIds: [107],
    brands: ['samsung', 'huawei', 'lenovo'],
    tags: ['sovety', 'podarok'],
    badge: 'text',
    preview: 'Детские режимы, защищённые корпуса и ограничение экранного времени.',
    days: -43,
  },
  {
    slug: 'vstraivaemaya-tehnika-dlya-kuhni',
    title: 'Встраиваемая техника для кухни: с чего начать',
    categoryIds: [507, 508],
    brands: ['bosch', 'electrolux', 'gorenje'],
    tags: ['sovety', 'pereezd'],
    badge: 'text',
    preview: 'Порядок покупки, размеры ниш и подключение.',
    days: -37,
  },
  {
    slug: 'monitor-dlya-raboty',
    title: 'Монитор для работы из дома',
    categoryIds: [302],
    brands: ['aoc', 'lg', 'samsung'],
    tags: ['sovety'],
    badge: 'text',
    preview: 'Диагональ, разрешение и эргономика для долгой работы.',
    days: -31,
  },
  {
    slug: 'obzor-honor-magic',
    title: 'Обзор HONOR Magic: флагман за разумные деньги',
    categoryIds: [224],
    brands: ['honor'],
    tags: ['obzor', 'novinka'],
    badge: 'text',
    preview: 'Яркий экран, быстрая зарядка и ночная съёмка.',
    days: -25,
  },
  {
    slug: 'elektronnye-knigi-pocketbook',
    title: 'Электронные книги PocketBook: какую выбрать',
    categoryIds: [108],
    brands: ['pocketbook'],
    tags: ['sravnenie', 'podarok'],
    badge: 'text',
    preview: 'Подсветка, цветной экран и защита от воды.',
    days: -19,
  },
  {
    slug: 'obogrevateli-na-zimu',
    title: 'Обогреватели на зиму: масляный, конвектор или инфракрасный',
    categoryIds: [412],
    brands: ['ballu', 'polaris'],
    tags: ['sravnenie'],
    badge: 'text',
    preview: 'Какой обогреватель быстрее прогреет комнату и меньше сушит воздух.',
    days: -13,
  },
  {
    slug: 'podarki-na-novyy-god',
    title: 'Что подарить на Новый год: 15 идей техники',
    categoryIds: [102, 105, 204],
    brands: ['jbl', 'apple', 'xiaomi'],
    tags: ['podarok', 'reyting'],
    badge: 'text',
    preview: 'От колонки до умных часов — подарки для родных и коллег.',
    days: -7,
  },
  {
    slug: 'obzor-tv-pristavok',
    title: 'ТВ-приставки: превращаем телевизор в умный',
    categoryIds: [206],
    brands: ['xiaomi', 'yandex'],
    tags: ['obzor'],
    badge: 'video',
    preview: 'Сравнили интерфейсы, пульты и поддержку 4K HDR.',
    days: -4,
  },
  {
    slug: 'novinki-goda-v-tehnike',
    title: 'Главные новинки года в технике',
    categoryIds: [224, 201, 301],
    brands: ['apple', 'samsung', 'lg'],
    tags: ['novinka', 'reyting'],
    badge: 'text',
    preview: 'Смартфоны, телевизоры и ноутбуки, которые запомнились в этом году.',
    days: -1,
  },
];

/** Advent calendar (SPEC §9: dated previews from 11 to 31 December). */
export const ADVENT_YEAR = 2026;
const ADVENT_GIFTS: [string, string, string][] = [
  ['Скидка 10% на наушники', 'Промокод ДЕНЬ11 даёт скидку 10% на беспроводные наушники сегодня.', '/special-offers/25'],
  ['Кронштейн в подарок', 'Кронштейн в подарок к любому телевизору 55 дюймов.', '/special-offers/3'],
  ['Бесплатная доставка', 'Бесплатная доставка любого заказа от 3 000 ₽ сегодня.', '/delivery'],
  ['Двойные бонусы', 'Двойные Мультионы за покупку смарт-часов.', '/special-offers/26'],
  ['Упаковка в подарок', 'Подарочная упаковка бесплатно в любом магазине.', '/news'],
  ['−2 000 ₽ на холодильник', 'Промокод ХОЛОД2000 на холодильники No Frost.', '/special-offers/8'],
  ['Рассрочка 0-0-24', 'Рассрочка без переплаты на смартфоны Samsung.', '/special-offers/10'],
  ['Робот-пылесос со скидкой', 'Роботы-пылесосы по специальной цене только сегодня.', '/special-offers/23'],
  ['Кофе в подарок', 'Пачка кофе в зёрнах к каждой кофемашине.', '/special-offers/24'],
  ['Игры со скидкой', 'Скидка 15% на игры для приставок.', '/special-offers/22'],
  ['Настройка смартфона', 'Бесплатный перенос данных при покупке смартфона.', '/special-offers/4'],
  ['Колонка за 1 ₽', 'Умная колонка за 1 ₽ при покупке телевизора от 60 000 ₽.', '/special-offers/18'],
  ['Аксессуары −10%', 'Скидка 10% на аксессуары к смартфону.', '/special-offers/4'],
  ['Подарки до 30 000 ₽', 'Подборка подарков со скидками до 20%.', '/special-offers/21'],
  ['Trade-in +3 000 ₽', 'Дополнительные 3 000 ₽ при сдаче старого смартфона.', '/service/trade-in'],
  ['Ноутбуки для геймеров', 'Игровые ноутбуки со скидкой до 15 000 ₽.', '/special-offers/17'],
  ['Умный дом', 'Датчик протечки в подарок к умной колонке.', '/special-offers/19'],
  ['Стиральная машина с подъёмом', 'Подъём на этаж бесплатно.', '/special-offers/28'],
  ['Сертификат в подарок', 'Сертификат на 1 000 ₽ при покупке от 20 000 ₽.', '/certificate'],
  ['Хиты года', 'Хиты продаж года по лучшим ценам.', '/special-offers/13'],
  ['С Новым годом!', 'Главный подарок — скидка 20% на всё в корзине до 1 января.', '/special-offers'],
];
const ADVENT_COLOURS = ['#c8102e', '#0f6b3a', '#1747d1', '#b45309', '#6d28d9', '#0e7490', '#be185d'];

export function buildAdvent(): {
  date: string;
  name: string;
  text: string;
  colour: string;
  link: string;
  day: number;
}[] {
  return ADVENT_GIFTS.map(([name, text, link], i) => {
    const day = 11 + i;
    return {
      date: `${ADVENT_YEAR}-12-${String(day).padStart(2, '0')}`,
      name,
      text,
      colour: ADVENT_COLOURS[i % ADVENT_COLOURS.length]!,
      link,
      day,
    };
  });
}

const HONOR_AWARDS: [string, string, string, string][] = [
  [
    'Лучший онлайн-ретейлер электроники',
    'Премия E-commerce Russia',
    'Жюри отметило скорость доставки и удобство оформления заказа.',
    '2026',
  ],
  [
    'Выбор покупателей',
    'Народная марка',
    'По итогам голосования покупателей в категории «Магазин электроники».',
    '2025',
  ],
  [
    'Лучший работодатель в ретейле',
    'HR-премия «Команда года»',
    'За программу обучения продавцов-консультантов и наставничество.',
    '2026',
  ],
  ['Сервис года', 'Премия «Клиентский опыт»', 'За решение 92% обращений с первого звонка.', '2025'],
  [
    'Зелёный ретейл',
    'Экологическая премия «Эко-ответ»',
    'За программу утилизации старой техники при доставке новой.',
    '2024',
  ],
  [
    'Лучший магазин сети',
    'Отраслевой конкурс ТЦ',
    'Магазин в ТЦ «Галерея» признан лучшим магазином электроники года.',
    '2024',
  ],
];
const HONOR_EMPLOYEES: [string, string, string][] = [
  [
    'Алина Морозова',
    'Продавец-консультант, Москва, ТЦ «Авиапарк»',
    'Лучшие оценки покупателей и 312 проданных услуг за месяц.',
  ],
  ['Тимур Галиев', 'Старший продавец, Казань', 'Запустил в магазине зону умного дома.'],
  ['Ольга Белова', 'Оператор контактного центра', 'Решила 1 480 обращений, оценка качества — 4,97.'],
  ['Сергей Никитин', 'Кладовщик, Екатеринбург', 'Собрал 2 300 заказов без единой ошибки.'],
  ['Дарья Ковалёва', 'Администратор магазина, Самара', 'Магазин перевыполнил план продаж на 24%.'],
  ['Игорь Лебедев', 'Мастер сервисного центра, Новосибирск', 'Отремонтировал 180 устройств с гарантией.'],
  ['Наталья Фёдорова', 'Продавец-консультант, Нижний Новгород', 'Лучший результат сети по продаже рассрочки.'],
  ['Максим Зайцев', 'Курьер, Москва', '740 доставок вовремя и благодарности покупателей.'],
  ['Екатерина Павлова', 'Продавец-консультант, Краснодар', 'Провела 40 мастер-классов по настройке смартфонов.'],
  ['Руслан Ахметов', 'Старший кассир, Уфа', 'Наставник пяти новых сотрудников.'],
  ['Виктория Соловьёва', 'Специалист выдачи заказов, Пермь', 'Среднее время выдачи заказа — 2 минуты.'],
];

/** Promo pages: /prm/{slug} static (HTML) and /promo/{slug} built from typed blocks. */
export function buildPromoPages(): {
  slug: string;
  kind: 'static' | 'constructor';
  title: string;
  description: string;
  image: string;
  bodyHtml: string;
  blocks: unknown[];
}[] {
  const endsAt = new Date(Date.UTC(ADVENT_YEAR, 11, 31, 21, 0, 0)).toISOString();
  return [
    {
      slug: 'rassrochka-0-0-24',
      kind: 'static',
      title: 'Рассрочка 0-0-24 без переплаты',
      description: 'Техника в рассрочку на 24 месяца без первого взноса и переплаты: как оформить онлайн и в магазине.',
      image: '/img/content/promo/rassrochka-0-0-24.svg',
      bodyHtml:
        '<h2>Как это работает</h2><p>Выберите товар стоимостью от 3 000 ₽, добавьте его в корзину и на шаге оплаты выберите «Рассрочка». Решение банка приходит за 5 минут.</p>' +
        '<ul><li>Без первого взноса</li><li>Без переплаты: платёж — цена, делённая на 24</li><li>Досрочное погашение без комиссии</li></ul>' +
        '<h2>Документы</h2><p>Нужен только паспорт гражданина РФ. Возраст — от 18 лет.</p><p><a href="/special-offers">Все акции</a></p>',
      blocks: [],
    },
    {
      slug: 'trade-in-smartfonov',
      kind: 'static',
      title: 'Trade-in: сдайте старый смартфон',
      description: 'Оценим старый смартфон за 5 минут и зачтём его стоимость в покупку нового.',
      image: '/img/content/promo/trade-in-smartfonov.svg',
      bodyHtml:
        '<h2>Три шага</h2><ol><li>Принесите смартфон в магазин Мультицентр.</li><li>Консультант оценит его состояние за 5 минут.</li><li>Сумма оценки сразу вычитается из цены нового смартфона.</li></ol>' +
        '<p>Принимаем смартфоны в рабочем состоянии и с разбитым экраном.</p>',
      blocks: [],
    },
    {
      slug: 'novogodnie-podarki',
      kind: 'constructor',
      title: 'Новогодние подарки',
      description: 'Подарки для всей семьи: скидки, подборки и адвент-календарь Мультицентра.',
      image: '/img/content/promo/novogodnie-podarki.svg',
      bodyHtml: '',
      blocks: [
        {
          type: 'banner',
          title: 'Новогодние подарки',
          text: 'Скидки до 30% и подарок каждый день с 11 по 31 декабря',
          image: '/img/content/promo/novogodnie-podarki.svg',
          link: '/promo/novogodnie-podarki',
          background: '#c8102e',
        },
        { type: 'countdown', title: 'До Нового года осталось', ends_at: endsAt },
        {
          type: 'text',
          html: '<p>Собрали лучшие подарки: от умных колонок до игровых приставок. Упакуем бесплатно в любом магазине.</p>',
        },
        { type: 'products', title: 'Идеи подарков', tag: 'podarki', limit: 8 },
        { type: 'offers', title: 'Акции к празднику', limit: 3 },
        {
          type: 'faq',
          title: 'Вопросы и ответы',
          items: [
            { question: 'Можно ли вернуть подарок?', answer: 'Да, в течение 14 дней, если сохранены упаковка и чек.' },
            {
              question: 'Как получить подарочную упаковку?',
              answer: 'Попросите продавца на кассе при покупке в магазине — это бесплатно.',
            },
            {
              question: 'Работают ли магазины 31 декабря?',
              answer: 'Да, до 18:00. График на праздники — в разделе «Новости».',
            },
          ],
        },
      ],
    },
    {
      slug: 'kuhnya-mechty',
      kind: 'constructor',
      title: 'Кухня мечты',
      description: 'Кофемашины, встраиваемая техника и помощники для кухни со скидками.',
      image: '/img/content/promo/kuhnya-mechty.svg',
      bodyHtml: '',
      blocks: [
        {
          type: 'banner',
          title: 'Кухня мечты',
          text: 'Встраиваемая техника и кофемашины со скидкой',
          image: '/img/content/promo/kuhnya-mechty.svg',
          link: '/special-offers/20',
          background: '#0f6b3a',
        },
        { type: 'products', title: 'Кофемашины', tag: 'akciya-kofemashiny', limit: 8 },
        {
          type: 'text',
          html: '<h2>Подберём комплект</h2><p>Консультанты помогут подобрать технику по размерам ниш и подключению.</p>',
        },
        {
          type: 'faq',
          title: 'Частые вопросы',
          items: [
            {
              question: 'Вы устанавливаете встраиваемую технику?',
              answer: 'Да, закажите установку вместе с доставкой.',
            },
          ],
        },
      ],
    },
  ];
}

export async function insertEditorial(handle: DatabaseHandle): Promise<void> {
  const offerTags = OFFERS.map((o) => o.tag).filter((t): t is OfferTag => typeof t === 'object');
  await insertAll(
    handle,
    'tags',
    [col('id', 'int'), col('alias', 'text'), col('name', 'text'), col('category_id', 'int')],
    offerTags.map((t) => [t.id, t.alias, t.name, t.categoryIds.length === 1 ? t.categoryIds[0]! : null]),
  );
  for (const t of offerTags) {
    const params: unknown[] = [t.id, t.categoryIds];
    let where = 'p.status = 1 AND p.category_id = ANY ($2::int[])';
    if (t.brand) {
      params.push(brandIdOf(t.brand));
      where += ` AND p.brand_id = $${params.length}`;
    }
    if (t.actionMain) {
      const offer = OFFERS.find((o) => o.tag === t)!;
      params.push(offer.action);
      where += ` AND p.id IN (SELECT product_id FROM action_products WHERE action_id = $${params.length} AND role = 'main')`;
    }
    await handle.query(
      `INSERT INTO product_tags (product_id, tag_id) SELECT p.id, $1::int FROM products p WHERE ${where}`,
      params,
    );
  }

  const articleColumns = [
    col('id', 'int'),
    col('type', 'text'),
    col('slug', 'text'),
    col('title', 'text'),
    col('preview_text', 'text'),
    col('detail_text', 'text'),
    col('listing_image', 'text'),
    col('detail_image', 'text'),
    col('preview_image', 'text'),
    col('active_from', 'timestamptz'),
    col('active_to', 'timestamptz'),
    col('date_published', 'timestamptz'),
    col('channels', 'text[]'),
    col('product_tag_id', 'int'),
    col('action_id', 'int'),
    col('brand_ids', 'int[]'),
    col('category_ids', 'int[]'),
    col('review_tag_ids', 'int[]'),
    col('badges', 'text[]'),
    col('how_to_use', 'text'),
    col('usage_condition', 'text'),
    col('views_count', 'int'),
  ];
  const rows: Cell[][] = [];
  OFFERS.forEach((o, i) => {
    const id = i + 1;
    const pics = articlePictures(id);
    const tagId = typeof o.tag === 'number' ? o.tag : o.tag.id;
    const detail =
      `<p>${o.preview}</p><h2>Условия акции</h2><p>${o.condition}</p>` +
      `<p>Срок акции ограничен. Количество товара по акции ограничено. Подробности уточняйте у консультантов.</p>`;
    rows.push([
      id,
      'special_offer',
      o.slug,
      o.title,
      o.preview,
      detail,
      pics.listing,
      pics.detail,
      pics.preview,
      at(o.from),
      o.to === null ? null : at(o.to),
      at(o.from),
      pgTextArray(o.channels),
      tagId,
      o.action,
      pgIntArray(o.brands.map(brandIdOf)),
      '{}',
      '{}',
      '{}',
      o.howToUse,
      o.condition,
      150 + ((id * 97) % 900),
    ]);
  });
  NEWS.forEach(([title, days, lead, topic], i) => {
    const id = 101 + i;
    const pics = articlePictures(id);
    const [p1, p2] = TOPIC_PARAGRAPHS[topic];
    rows.push([
      id,
      'news',
      `novost-${id}`,
      title,
      lead,
      `<p>${lead}</p><p>${p1}</p><p>${p2}</p>`,
      pics.listing,
      pics.detail,
      pics.preview,
      at(days),
      null,
      at(days),
      '{}',
      null,
      null,
      '{}',
      '{}',
      '{}',
      '{}',
      null,
      null,
      80 + ((id * 53) % 700),
    ]);
  });
  PRESS.forEach(([title, days, lead], i) => {
    const id = 151 + i;
    const pics = articlePictures(id);
    const [p1, p2] = TOPIC_PARAGRAPHS.press;
    rows.push([
      id,
      'press',
      `press-reliz-${id}`,
      title,
      lead,
      `<p><strong>${lead}</strong></p><p>${p1}</p><p>${p2}</p>`,
      pics.listing,
      pics.detail,
      pics.preview,
      at(days),
      null,
      at(days),
      '{}',
      null,
      null,
      '{}',
      '{}',
      '{}',
      '{}',
      null,
      null,
      40 + ((id * 31) % 400),
    ]);
  });
  REVIEWS.forEach((r, i) => {
    const id = 201 + i;
    const pics = articlePictures(id);
    const tagIds = r.tags.map((code) => REVIEW_TAGS.find((t) => t[2] === code)![0]);
    const detail =
      `<p>${r.preview}</p><h2>Коротко</h2><ul><li>Для кого: для тех, кто выбирает технику надолго.</li><li>Что важно: реальные сценарии, а не цифры из рекламы.</li></ul>` +
      `<h2>Выводы</h2><p>Модели из статьи можно посмотреть в магазинах Мультицентр и купить на сайте с доставкой. ${r.badge === 'video' ? 'Видеоверсия обзора — на нашем канале.' : ''}</p>`;
    rows.push([
      id,
      'review',
      r.slug,
      r.title,
      r.preview,
      detail,
      pics.listing,
      pics.detail,
      pics.preview,
      at(r.days),
      null,
      at(r.days),
      '{}',
      null,
      null,
      pgIntArray(r.brands.map(brandIdOf)),
      pgIntArray(r.categoryIds),
      pgIntArray(tagIds),
      pgTextArray([r.badge]),
      null,
      null,
      300 + ((id * 71) % 2500),
    ]);
  });
  await insertAll(handle, 'articles', articleColumns, rows);
  await handle.query(`SELECT setval('articles_id_seq', (SELECT max(id) FROM articles))`);
  // A review article reviews the most popular products of its categories and brands.
  await handle.query(`
    UPDATE articles a SET product_ids = coalesce((
      SELECT array_agg(id ORDER BY position, id) FROM (
        SELECT p.id, p.position FROM products p
        WHERE p.status = 1 AND p.category_id = ANY (a.category_ids) AND p.brand_id = ANY (a.brand_ids)
        ORDER BY p.position, p.id LIMIT 4
      ) t), '{}')
    WHERE a.type = 'review'`);

  await insertAll(
    handle,
    'review_tags',
    [col('id', 'int'), col('type', 'text'), col('code', 'text'), col('name', 'text'), col('gen_name', 'text')],
    REVIEW_TAGS,
  );

  await insertAll(
    handle,
    'advent_calendar_items',
    [
      col('date', 'text'),
      col('name', 'text'),
      col('text', 'text'),
      col('preview_image', 'text'),
      col('mobile_image', 'text'),
      col('background_color', 'text'),
      col('link', 'text'),
      col('is_active', 'boolean'),
      col('start_at', 'timestamptz'),
    ],
    buildAdvent().map((a) => [
      a.date,
      a.name,
      a.text,
      `/img/content/advent/${a.day}.svg`,
      `/img/content/advent-mobile/${a.day}.svg`,
      a.colour,
      a.link,
      true,
      new Date(Date.UTC(ADVENT_YEAR, 11, 1, -3)).toISOString(),
    ]),
  );

  await insertAll(
    handle,
    'promo_pages',
    [
      col('slug', 'text'),
      col('kind', 'text'),
      col('title', 'text'),
      col('description', 'text'),
      col('image', 'text'),
      col('body_html', 'text'),
      col('blocks', 'jsonb'),
    ],
    buildPromoPages().map((p) => [
      p.slug,
      p.kind,
      p.title,
      p.description,
      p.image,
      p.bodyHtml,
      JSON.stringify(p.blocks),
    ]),
  );

  const honor: Cell[][] = [];
  HONOR_AWARDS.forEach(([title, subtitle, text, year], i) =>
    honor.push([i + 1, 'award', title, subtitle, text, `/img/content/honor/${i + 1}.svg`, year, i]),
  );
  HONOR_EMPLOYEES.forEach(([name, role, text], i) => {
    const id = 101 + i;
    honor.push([
      id,
      'employee',
      name,
      role,
      text,
      `/img/content/honor/${id}.svg`,
      `2026-${String(11 - i).padStart(2, '0')}`,
      i,
    ]);
  });
  await insertAll(
    handle,
    'honor_entries',
    [
      col('id', 'int'),
      col('kind', 'text'),
      col('title', 'text'),
      col('subtitle', 'text'),
      col('text', 'text'),
      col('image', 'text'),
      col('period', 'text'),
      col('sort', 'int'),
    ],
    honor,
  );
  await handle.query(`SELECT setval('honor_entries_id_seq', (SELECT max(id) FROM honor_entries))`);
}
