/** The category tree. Ids 1, 13, 19, 29, 46 (digital), 26 (services), 60 (repair) and 224 (smartphones) are fixed by SPEC §9. */

export interface CategoryDef {
  id: number;
  name: string;
  code: string;
  /** Icon of a top-level category in the header catalogue menu. */
  icon?: string;
  children?: CategoryDef[];
}

export const CATEGORY_TREE: CategoryDef[] = [
  {
    id: 100, name: 'Смартфоны и гаджеты', code: 'smartfony-i-gadzhety', icon: 'phone',
    children: [
      { id: 224, name: 'Смартфоны', code: 'smartfony' },
      {
        id: 101, name: 'Умные часы и браслеты', code: 'umnye-chasy-i-braslety',
        children: [
          { id: 102, name: 'Умные часы', code: 'umnye-chasy' },
          { id: 103, name: 'Фитнес-браслеты', code: 'fitnes-braslety' },
        ],
      },
      {
        id: 104, name: 'Наушники', code: 'naushniki',
        children: [
          { id: 105, name: 'Беспроводные наушники', code: 'besprovodnye-naushniki' },
          { id: 106, name: 'Проводные наушники', code: 'provodnye-naushniki' },
        ],
      },
      { id: 107, name: 'Планшеты', code: 'planshety' },
      { id: 108, name: 'Электронные книги', code: 'elektronnye-knigi' },
      {
        id: 109, name: 'Аксессуары для смартфонов', code: 'aksessuary-dlya-smartfonov',
        children: [
          { id: 110, name: 'Чехлы для смартфонов', code: 'chehly-dlya-smartfonov' },
          { id: 111, name: 'Зарядные устройства', code: 'zaryadnye-ustroystva' },
          { id: 112, name: 'Внешние аккумуляторы', code: 'vneshnie-akkumulyatory' },
        ],
      },
    ],
  },
  {
    id: 200, name: 'ТВ и аудио', code: 'tv-i-audio', icon: 'tv',
    children: [
      { id: 201, name: 'Телевизоры', code: 'televizory' },
      { id: 202, name: 'Саундбары', code: 'saundbary' },
      {
        id: 203, name: 'Акустика', code: 'akustika',
        children: [
          { id: 204, name: 'Портативные колонки', code: 'portativnye-kolonki' },
          { id: 205, name: 'Умные колонки', code: 'umnye-kolonki' },
        ],
      },
      { id: 206, name: 'ТВ-приставки и медиаплееры', code: 'tv-pristavki' },
      { id: 207, name: 'Кронштейны для ТВ', code: 'kronshteyny-dlya-tv' },
    ],
  },
  {
    id: 300, name: 'Ноутбуки и компьютеры', code: 'noutbuki-i-kompyutery', icon: 'laptop',
    children: [
      { id: 301, name: 'Ноутбуки', code: 'noutbuki' },
      { id: 302, name: 'Мониторы', code: 'monitory' },
      { id: 303, name: 'Системные блоки', code: 'sistemnye-bloki' },
      { id: 304, name: 'Моноблоки', code: 'monobloki' },
      {
        id: 305, name: 'Периферия', code: 'periferiya',
        children: [
          { id: 306, name: 'Клавиатуры', code: 'klaviatury' },
          { id: 307, name: 'Мыши', code: 'myshi' },
          { id: 308, name: 'Веб-камеры', code: 'veb-kamery' },
        ],
      },
      {
        id: 309, name: 'Комплектующие', code: 'komplektuyushchie',
        children: [
          { id: 310, name: 'Видеокарты', code: 'videokarty' },
          { id: 311, name: 'SSD-накопители', code: 'ssd-nakopiteli' },
        ],
      },
    ],
  },
  {
    id: 400, name: 'Бытовая техника', code: 'bytovaya-tehnika', icon: 'fridge',
    children: [
      { id: 401, name: 'Холодильники', code: 'holodilniki' },
      { id: 402, name: 'Морозильные камеры', code: 'morozilnye-kamery' },
      { id: 403, name: 'Стиральные машины', code: 'stiralnye-mashiny' },
      { id: 404, name: 'Сушильные машины', code: 'sushilnye-mashiny' },
      { id: 405, name: 'Посудомоечные машины', code: 'posudomoechnye-mashiny' },
      {
        id: 406, name: 'Пылесосы', code: 'pylesosy',
        children: [
          { id: 407, name: 'Вертикальные пылесосы', code: 'vertikalnye-pylesosy' },
          { id: 408, name: 'Роботы-пылесосы', code: 'roboty-pylesosy' },
          { id: 409, name: 'Пылесосы для дома', code: 'pylesosy-dlya-doma' },
        ],
      },
      {
        id: 410, name: 'Климатическая техника', code: 'klimaticheskaya-tehnika',
        children: [
          { id: 411, name: 'Кондиционеры', code: 'kondicionery' },
          { id: 412, name: 'Обогреватели', code: 'obogrevateli' },
          { id: 413, name: 'Увлажнители воздуха', code: 'uvlazhniteli-vozduha' },
          { id: 414, name: 'Водонагреватели', code: 'vodonagrevateli' },
        ],
      },
      { id: 415, name: 'Утюги', code: 'utyugi' },
    ],
  },
  {
    id: 500, name: 'Техника для кухни', code: 'tehnika-dlya-kuhni', icon: 'kitchen',
    children: [
      { id: 501, name: 'Микроволновые печи', code: 'mikrovolnovye-pechi' },
      { id: 502, name: 'Электрочайники', code: 'elektrochayniki' },
      { id: 503, name: 'Кофемашины', code: 'kofemashiny' },
      { id: 504, name: 'Мультиварки', code: 'multivarki' },
      { id: 505, name: 'Блендеры', code: 'blendery' },
      {
        id: 506, name: 'Встраиваемая техника', code: 'vstraivaemaya-tehnika',
        children: [
          { id: 507, name: 'Варочные панели', code: 'varochnye-paneli' },
          { id: 508, name: 'Духовые шкафы', code: 'duhovye-shkafy' },
          { id: 509, name: 'Вытяжки', code: 'vytyazhki' },
        ],
      },
      { id: 510, name: 'Мясорубки', code: 'myasorubki' },
      { id: 511, name: 'Тостеры', code: 'tostery' },
    ],
  },
  {
    id: 600, name: 'Красота и здоровье', code: 'krasota-i-zdorove', icon: 'beauty',
    children: [
      { id: 601, name: 'Фены', code: 'feny' },
      { id: 602, name: 'Электробритвы', code: 'elektrobritvy' },
      { id: 603, name: 'Электрические зубные щётки', code: 'elektricheskie-zubnye-shchetki' },
      { id: 604, name: 'Стайлеры и выпрямители', code: 'staylery-i-vypryamiteli' },
      { id: 605, name: 'Напольные весы', code: 'napolnye-vesy' },
      { id: 606, name: 'Триммеры', code: 'trimmery' },
    ],
  },
  {
    id: 700, name: 'Фото и видео', code: 'foto-i-video', icon: 'camera',
    children: [
      {
        id: 701, name: 'Фотоаппараты', code: 'fotoapparaty',
        children: [
          { id: 702, name: 'Беззеркальные камеры', code: 'bezzerkalnye-kamery' },
          { id: 703, name: 'Зеркальные фотоаппараты', code: 'zerkalnye-fotoapparaty' },
        ],
      },
      { id: 704, name: 'Экшн-камеры', code: 'ekshn-kamery' },
      { id: 705, name: 'Объективы', code: 'obektivy' },
      { id: 706, name: 'Квадрокоптеры', code: 'kvadrokoptery' },
    ],
  },
  {
    id: 800, name: 'Игры и развлечения', code: 'igry-i-razvlecheniya', icon: 'game',
    children: [
      { id: 801, name: 'Игровые консоли', code: 'igrovye-konsoli' },
      { id: 802, name: 'Геймпады', code: 'geympady' },
      { id: 803, name: 'Игры для консолей', code: 'igry-dlya-konsoley' },
      { id: 804, name: 'VR-гарнитуры', code: 'vr-garnitury' },
    ],
  },
  {
    id: 1, name: 'Цифровые товары', code: 'cifrovye-tovary', icon: 'digital',
    children: [
      { id: 13, name: 'Программное обеспечение', code: 'programmnoe-obespechenie' },
      { id: 19, name: 'Подарочные карты и подписки', code: 'podarochnye-karty-i-podpiski' },
      { id: 29, name: 'Игры в цифровом формате', code: 'cifrovye-igry' },
      { id: 46, name: 'Антивирусы', code: 'antivirusy' },
    ],
  },
  {
    id: 26, name: 'Услуги', code: 'uslugi', icon: 'service',
    children: [
      { id: 60, name: 'Ремонт и сервис', code: 'remont-i-servis' },
      { id: 901, name: 'Установка и подключение', code: 'ustanovka-i-podklyuchenie' },
      { id: 902, name: 'Настройка техники', code: 'nastroyka-tehniki' },
      { id: 903, name: 'Дополнительная гарантия', code: 'dopolnitelnaya-garantiya' },
    ],
  },
];

/** SPEC §9: digital product categories. */
export const DIGITAL_CATEGORY_IDS = [1, 13, 19, 29, 46] as const;
export const SERVICE_CATEGORY_ID = 26;
export const REPAIR_CATEGORY_ID = 60;
export const SMARTPHONES_CATEGORY_ID = 224;

export interface FlatCategory {
  id: number;
  parentId: number | null;
  name: string;
  code: string;
  icon: string | null;
  level: number;
  path: number[];
  sort: number;
  isDigital: boolean;
  isLeaf: boolean;
  /** The top-level ancestor. */
  rootId: number;
}

export function flattenCategories(tree: readonly CategoryDef[] = CATEGORY_TREE): FlatCategory[] {
  const out: FlatCategory[] = [];
  const digital = new Set<number>(DIGITAL_CATEGORY_IDS);
  const walk = (defs: readonly CategoryDef[], parent: FlatCategory | null): void => {
    defs.forEach((def, index) => {
      const path = parent ? [...parent.path, def.id] : [def.id];
      const flat: FlatCategory = {
        id: def.id,
        parentId: parent?.id ?? null,
        name: def.name,
        code: def.code,
        icon: def.icon ?? null,
        level: path.length - 1,
        path,
        sort: (index + 1) * 10,
        isDigital: digital.has(def.id),
        isLeaf: !def.children || def.children.length === 0,
        rootId: path[0] as number,
      };
      out.push(flat);
      if (def.children) walk(def.children, flat);
    });
  };
  walk(tree, null);
  return out;
}
