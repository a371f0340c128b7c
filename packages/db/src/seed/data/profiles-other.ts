/** Photo and video, games, digital goods and services. */
import { PLURAL, formatCount } from '@store/domain';
import { C, COLOR_SPEC, L, R, yn, type Profile } from './profile-kit.ts';

const CAMERA_SPECS = [
  R('megapixels', 'Эффективное разрешение', 'camera', 'Мп', 1),
  L('sensor', 'Размер матрицы', 'camera', ['1"', 'Micro 4/3', 'APS-C', 'Полнокадровая']),
  L('video', 'Максимальное разрешение видео', 'camera', ['Full HD', '4K 30p', '4K 60p', '6K', '8K']),
  yn('ibis', 'Стабилизатор матрицы', 'camera'),
  L('kit', 'Комплектация', 'general', ['Body', 'Kit']),
  R('weight', 'Вес', 'size', 'г', 0, false),
  COLOR_SPEC,
];

export const mirrorless: Profile = {
  categoryId: 702,
  noun: 'Фотоаппарат беззеркальный',
  weight: 1,
  maxQuantity: 3,
  specs: CAMERA_SPECS,
  colors: [C.black, C.black, C.silver],
  colorsPerModel: [1, 1],
  series: [
    { brand: 'sony', name: 'Alpha', tier: [0.2, 0.9], weight: 1.5, models: [['ZV-E10 II Kit 16-50mm', { s: 'APS-C' }], ['Alpha 6400 Kit 16-50mm', { s: 'APS-C' }], ['Alpha 7C II Kit 28-60mm', { s: 'FF' }], ['Alpha 7 IV Body', { s: 'FF' }]] },
    { brand: 'canon', name: 'EOS R', tier: [0.1, 1], weight: 1.5, models: [['EOS R50 Kit 18-45mm', { s: 'APS-C' }], ['EOS R10 Kit 18-45mm', { s: 'APS-C' }], ['EOS R8 Body', { s: 'FF' }], ['EOS R6 Mark II Body', { s: 'FF' }], ['EOS R5 Mark II Body', { s: 'FF' }]] },
    { brand: 'nikon', name: 'Z', tier: [0.2, 1], models: [['Z fc Kit 16-50mm', { s: 'APS-C' }], ['Z50II Kit 16-50mm', { s: 'APS-C' }], ['Z6III Body', { s: 'FF' }], ['Z8 Body', { s: 'FF' }]] },
    { brand: 'fujifilm', name: 'X', tier: [0.3, 0.8], models: [['X-T30 II Kit 15-45mm', { s: 'APS-C' }], ['X-S20 Kit 15-45mm', { s: 'APS-C' }], ['X100VI', { s: 'APS-C' }], ['X-T5 Body', { s: 'APS-C' }]] },
    { brand: 'panasonic', name: 'LUMIX', tier: [0.2, 0.7], models: [['LUMIX G100D Kit 12-32mm', { s: 'M43' }], ['LUMIX S5II Kit 20-60mm', { s: 'FF' }]] },
  ],
  build(c) {
    const s = String(c.prop('s'));
    const ff = s === 'FF';
    return {
      values: {
        megapixels: ff ? c.pick([24.2, 24.5, 33, 45.7]) : s === 'M43' ? 20.3 : c.pick([24.1, 24.2, 26.1, 40.2]),
        sensor: ff ? 'Полнокадровая' : s === 'M43' ? 'Micro 4/3' : 'APS-C',
        video: c.by(['Full HD', '4K 30p', '4K 30p', '4K 60p', '6K', '8K'], 0.05),
        ibis: c.yn(ff || c.t > 0.6),
        kit: /Kit/.test(c.model) ? 'Kit' : 'Body',
        weight: ff ? c.rnd(580, 740) : c.rnd(330, 480),
      },
      price: c.price(54990, 420000),
      showColor: c.brand === 'fujifilm' || c.brand === 'nikon',
    };
  },
  blurbs: ['{name} сочетает компактный корпус и качество зеркальной камеры; быстрый автофокус отслеживает глаза людей и животных.'],
};

export const dslr: Profile = {
  categoryId: 703,
  noun: 'Фотоаппарат зеркальный',
  weight: 0.5,
  maxQuantity: 3,
  specs: CAMERA_SPECS,
  colors: [C.black],
  series: [
    { brand: 'canon', name: 'EOS', tier: [0, 0.8], weight: 1.5, models: [['EOS 2000D Kit 18-55mm', { s: 'APS-C' }], ['EOS 250D Kit 18-55mm', { s: 'APS-C' }], ['EOS 90D Body', { s: 'APS-C' }], ['EOS 6D Mark II Body', { s: 'FF' }]] },
    { brand: 'nikon', name: 'D', tier: [0, 0.8], models: [['D3500 Kit 18-55mm', { s: 'APS-C' }], ['D7500 Body', { s: 'APS-C' }], ['D780 Body', { s: 'FF' }]] },
  ],
  build(c) {
    const ff = c.prop('s') === 'FF';
    return {
      values: {
        megapixels: ff ? c.pick([24.5, 26.2]) : c.pick([24.1, 24.2, 32.5]),
        sensor: ff ? 'Полнокадровая' : 'APS-C',
        video: c.t < 0.2 ? 'Full HD' : '4K 30p',
        ibis: 'Нет',
        kit: /Kit/.test(c.model) ? 'Kit' : 'Body',
        weight: ff ? c.rnd(760, 840) : c.rnd(450, 700),
      },
      price: c.price(39990, 180000),
      showColor: false,
    };
  },
  blurbs: ['{name} — надёжная зеркальная камера с оптическим видоискателем и большим выбором объективов.'],
};

export const actionCams: Profile = {
  categoryId: 704,
  noun: 'Экшн-камера',
  weight: 0.6,
  specs: [
    L('video', 'Максимальное разрешение видео', 'camera', ['4K', '5.3K', '5.7K (360°)', '8K (360°)']),
    R('fps', 'Максимальная частота кадров', 'camera', 'к/с'),
    R('waterproof', 'Водонепроницаемость без бокса', 'features', 'м'),
    L('stab', 'Стабилизация', 'camera', ['электронная', 'HyperSmooth', 'RockSteady', 'механическая (подвес)']),
    R('runtime', 'Время записи', 'power', 'мин'),
  ],
  colors: [C.black, C.gray],
  series: [
    { brand: 'gopro', name: 'HERO', tier: [0.3, 1], weight: 2, models: ['HERO (2024)', 'HERO12 Black', 'HERO13 Black', ['MAX2', { v360: true }]] },
    { brand: 'dji', name: 'Osmo', tier: [0.3, 0.9], weight: 1.5, models: ['Osmo Action 4', 'Osmo Action 5 Pro', ['Osmo Pocket 3', { gimbal: true }]] },
  ],
  build(c) {
    const gimbal = c.prop('gimbal') === true;
    const v360 = c.prop('v360') === true;
    return {
      values: {
        video: v360 ? '8K (360°)' : c.brand === 'gopro' && c.t > 0.5 ? '5.3K' : '4K',
        fps: c.t > 0.4 ? 120 : 60,
        waterproof: gimbal ? 0 : c.pick([10, 18, 20]),
        stab: gimbal ? 'механическая (подвес)' : c.brand === 'gopro' ? 'HyperSmooth' : 'RockSteady',
        runtime: c.rnd(70, 160, 5),
      },
      price: c.price(19990, 64990),
      showColor: false,
    };
  },
  blurbs: ['{name} снимает плавное видео на велосипеде, лыжах и под водой.'],
};

export const lenses: Profile = {
  categoryId: 705,
  noun: 'Объектив',
  weight: 0.6,
  specs: [
    L('mount', 'Байонет', 'general', ['Canon RF', 'Nikon Z', 'Sony E', 'Fujifilm X']),
    L('lens_type', 'Тип', 'general', ['фикс', 'зум']),
    R('focal', 'Минимальное фокусное расстояние', 'camera', 'мм'),
    L('aperture', 'Светосила', 'camera', ['f/1.4', 'f/1.8', 'f/2.8', 'f/4', 'f/3.5-5.6']),
    yn('stab', 'Оптический стабилизатор', 'camera'),
  ],
  colors: [C.black],
  series: [
    { brand: 'canon', name: 'RF', tier: [0.1, 1], models: [['RF 50mm f/1.8 STM', { f: 50 }], ['RF-S 18-150mm f/3.5-6.3 IS STM', { f: 18 }], ['RF 24-105mm f/4L IS USM', { f: 24 }], ['RF 70-200mm f/2.8L IS USM', { f: 70 }]] },
    { brand: 'nikon', name: 'NIKKOR Z', tier: [0.2, 0.8], models: [['NIKKOR Z 50mm f/1.8 S', { f: 50 }], ['NIKKOR Z 24-70mm f/4 S', { f: 24 }]] },
    { brand: 'sony', name: 'FE', tier: [0.1, 1], models: [['FE 50mm F1.8', { f: 50 }], ['E 18-135mm F3.5-5.6 OSS', { f: 18 }], ['FE 24-70mm F2.8 GM II', { f: 24 }]] },
    { brand: 'fujifilm', name: 'XF', tier: [0.3, 0.7], models: [['XF 35mm F1.4 R', { f: 35 }], ['XF 16-80mm F4 R OIS WR', { f: 16 }]] },
  ],
  build(c) {
    const zoom = /-\d/.test(c.model);
    const ap = /1\.4/.test(c.model) ? 'f/1.4' : /1\.8/.test(c.model) ? 'f/1.8' : /2\.8/.test(c.model) ? 'f/2.8' : /f\/4|F4/.test(c.model) ? 'f/4' : 'f/3.5-5.6';
    return {
      values: {
        mount: c.brand === 'canon' ? 'Canon RF' : c.brand === 'nikon' ? 'Nikon Z' : c.brand === 'sony' ? 'Sony E' : 'Fujifilm X',
        lens_type: zoom ? 'зум' : 'фикс',
        focal: Number(c.prop('f') ?? 50),
        aperture: ap,
        stab: c.yn(/IS|OSS|OIS/.test(c.model)),
      },
      price: c.price(14990, 260000),
      showColor: false,
    };
  },
  blurbs: ['{name} даёт резкую картинку по всему кадру и красивое размытие фона.'],
};

export const drones: Profile = {
  categoryId: 706,
  noun: 'Квадрокоптер',
  weight: 0.4,
  specs: [
    R('flight', 'Максимальное время полёта', 'power', 'мин'),
    L('video', 'Разрешение видео', 'camera', ['2.7K', '4K', '5.1K', '6K']),
    R('range', 'Дальность передачи видео', 'connect', 'км'),
    R('weight', 'Вес', 'size', 'г'),
  ],
  colors: [C.gray],
  series: [{ brand: 'dji', name: 'DJI', tier: [0, 1], models: ['Neo', 'Mini 4K', 'Mini 4 Pro', 'Avata 2', 'Air 3S', 'Mavic 4 Pro'] }],
  build(c) {
    const mini = /Mini|Neo/.test(c.model);
    return {
      values: {
        flight: /Neo/.test(c.model) ? 18 : c.num(30, 51, 1),
        video: c.by(['2.7K', '4K', '4K', '5.1K', '6K']),
        range: /Neo/.test(c.model) ? 0.05 : c.num(10, 30, 1),
        weight: mini ? 249 : c.rnd(377, 1063),
      },
      price: c.price(22990, 330000),
      showColor: false,
    };
  },
  blurbs: ['{name} снимает эффектные кадры с высоты и возвращается домой по GPS.'],
};

export const consoles: Profile = {
  categoryId: 801,
  noun: 'Игровая консоль',
  weight: 0.6,
  maxQuantity: 2,
  specs: [
    L('storage', 'Встроенная память', 'memory', ['32', '64', '256', '512', '825', '1000', '2000'], 'ГБ'),
    yn('disc', 'Дисковод', 'general'),
    L('max_res', 'Максимальное разрешение', 'screen', ['720p', '1080p', '4K']),
    yn('portable', 'Портативная', 'general'),
    COLOR_SPEC,
  ],
  colors: [C.white, C.black],
  colorsPerModel: [1, 1],
  series: [
    { brand: 'playstation', name: 'PlayStation 5', tier: [0.5, 1], weight: 2.5, models: [['PlayStation 5 Slim', { disc: true, storage: '1000' }], ['PlayStation 5 Slim Digital Edition', { storage: '1000' }], ['PlayStation 5 Pro', { storage: '2000' }], ['PlayStation Portal', { portable: true, storage: '0' }]] },
    { brand: 'microsoft', name: 'Xbox', tier: [0.3, 0.8], models: [['Xbox Series S 512 ГБ', { storage: '512' }], ['Xbox Series S 1 ТБ', { storage: '1000' }], ['Xbox Series X', { disc: true, storage: '1000' }]] },
    { brand: 'nintendo', name: 'Switch', tier: [0.2, 0.7], weight: 1.5, models: [['Switch Lite', { portable: true, storage: '32' }], ['Switch OLED', { storage: '64' }], ['Switch 2', { storage: '256' }]] },
  ],
  build(c) {
    const storage = String(c.prop('storage') ?? '1000');
    return {
      values: {
        storage: storage === '0' ? undefined : storage,
        disc: c.yn(c.prop('disc') === true),
        max_res: c.brand === 'nintendo' ? (/Switch 2/.test(c.model) ? '4K' : '1080p') : /Portal/.test(c.model) ? '1080p' : '4K',
        portable: c.yn(c.prop('portable') === true || c.brand === 'nintendo'),
      },
      price: c.price(19990, 89990),
      showColor: false,
    };
  },
  blurbs: ['{name} — тысячи игр, онлайн-мультиплеер и быстрые загрузки.'],
};

export const gamepads: Profile = {
  categoryId: 802,
  noun: 'Геймпад',
  weight: 0.8,
  specs: [
    L('compat', 'Совместимость', 'general', ['PlayStation 5', 'Xbox Series X|S, ПК', 'Nintendo Switch', 'ПК']),
    L('connection', 'Подключение', 'connect', ['проводное', 'беспроводное']),
    yn('vibration', 'Вибрация'),
    R('battery_hours', 'Время работы', 'power', 'ч'),
    COLOR_SPEC,
  ],
  colors: [C.white, C.black, C.red, C.blue, C.gray],
  series: [
    { brand: 'playstation', name: 'DualSense', tier: [0.4, 1], weight: 2, models: ['DualSense', 'DualSense Edge'] },
    { brand: 'microsoft', name: 'Xbox Controller', tier: [0.35, 1], models: ['Xbox Wireless Controller', 'Xbox Elite Series 2'] },
    { brand: 'nintendo', name: 'Switch Controller', tier: [0.4, 0.6], models: ['Switch Pro Controller', 'Joy-Con (пара)'] },
    { brand: 'logitech', name: 'F', tier: [0, 0.2], models: ['F310', 'F710'] },
  ],
  build(c) {
    const compat = c.brand === 'playstation' ? 'PlayStation 5' : c.brand === 'microsoft' ? 'Xbox Series X|S, ПК' : c.brand === 'nintendo' ? 'Nintendo Switch' : 'ПК';
    const wired = /F310/.test(c.model);
    return {
      values: { compat, connection: wired ? 'проводное' : 'беспроводное', vibration: 'Да', battery_hours: wired ? undefined : c.rnd(6, 40) },
      price: c.price(1990, 21990),
    };
  },
  blurbs: ['{name} удобно лежит в руках и точно передаёт каждое движение стиков.'],
};

const GAME_TITLES: [string, string, string, string][] = [
  // brand, title, genre, rating
  ['playstation', "Marvel's Spider-Man 2", 'экшен', '16+'], ['playstation', 'God of War Ragnarök', 'экшен', '18+'], ['playstation', 'Gran Turismo 7', 'гонки', '6+'],
  ['playstation', 'Horizon Forbidden West', 'приключения', '16+'], ['playstation', "Ghost of Tsushima Director's Cut", 'экшен', '18+'], ['playstation', 'Astro Bot', 'платформер', '6+'],
  ['nintendo', 'The Legend of Zelda: Tears of the Kingdom', 'приключения', '12+'], ['nintendo', 'Mario Kart 8 Deluxe', 'гонки', '0+'], ['nintendo', 'Super Mario Bros. Wonder', 'платформер', '0+'],
  ['nintendo', 'Animal Crossing: New Horizons', 'симулятор', '0+'], ['ubisoft', "Assassin's Creed Shadows", 'экшен', '18+'], ['ubisoft', "Assassin's Creed Mirage", 'экшен', '18+'],
  ['ubisoft', 'Far Cry 6', 'шутер', '18+'], ['ubisoft', 'Star Wars Outlaws', 'приключения', '16+'], ['electronic-arts', 'EA SPORTS FC 25', 'спорт', '0+'],
  ['electronic-arts', 'EA SPORTS FC 26', 'спорт', '0+'], ['electronic-arts', 'F1 25', 'гонки', '0+'], ['electronic-arts', 'Need for Speed Unbound', 'гонки', '12+'],
];

function gameSeries(platforms: (brand: string) => string[]): Profile['series'] {
  const byBrand = new Map<string, [string, string, string][]>();
  for (const [brand, title, genre, rating] of GAME_TITLES) {
    const list = byBrand.get(brand) ?? [];
    list.push([title, genre, rating]);
    byBrand.set(brand, list);
  }
  const seriesName: Record<string, string> = { playstation: 'PlayStation Studios', nintendo: 'Nintendo', ubisoft: 'Ubisoft', 'electronic-arts': 'EA' };
  return [...byBrand.entries()].map(([brand, titles]) => ({
    brand,
    name: seriesName[brand] ?? brand,
    tier: [0.3, 0.9] as const,
    models: titles.map(([title, genre, rating]) => [title, { genre, rating, platforms: platforms(brand).join(';') }] as const),
  }));
}

const GAME_SPECS_BASE = [
  L('genre', 'Жанр', 'general', ['экшен', 'гонки', 'спорт', 'приключения', 'платформер', 'шутер', 'симулятор']),
  L('age', 'Возрастной рейтинг', 'general', ['0+', '6+', '12+', '16+', '18+']),
  L('language', 'Локализация', 'general', ['полностью на русском', 'русские субтитры', 'английский язык']),
];

export const consoleGames: Profile = {
  categoryId: 803,
  noun: 'Игра',
  weight: 1.5,
  specs: [L('platform', 'Платформа', 'general', ['PlayStation 5', 'PlayStation 4', 'Nintendo Switch', 'Nintendo Switch 2', 'Xbox Series X']), ...GAME_SPECS_BASE],
  colors: [['синий', '#2f5fb3']],
  series: gameSeries((brand) => (brand === 'playstation' ? ['PlayStation 5'] : brand === 'nintendo' ? ['Nintendo Switch', 'Nintendo Switch 2'] : ['PlayStation 5', 'Xbox Series X', 'PlayStation 4'])),
  build(c) {
    const platform = c.vpick(String(c.prop('platforms')).split(';'));
    return {
      values: { platform, genre: String(c.prop('genre')), age: String(c.prop('rating')), language: c.pick(['полностью на русском', 'русские субтитры', 'русские субтитры', 'английский язык']) },
      price: c.price(2990, 6990),
      name: `Игра ${c.model} для ${platform}`,
    };
  },
  blurbs: ['Игра на диске: {name}. Код дополнительного контента может прилагаться в коробке.'],
};

export const vrHeadsets: Profile = {
  categoryId: 804,
  noun: 'VR-гарнитура',
  weight: 0.25,
  specs: [
    L('resolution', 'Разрешение на глаз', 'screen', ['2000×2040', '2160×2160']),
    L('refresh_rate', 'Частота обновления', 'screen', ['90', '120'], 'Гц'),
    L('compat', 'Совместимость', 'general', ['PlayStation 5', 'автономная, ПК']),
  ],
  colors: [C.white],
  series: [
    { brand: 'playstation', name: 'PlayStation VR2', tier: [0.6, 0.8], models: ['PlayStation VR2'] },
    { brand: 'pico', name: 'Pico', tier: [0.4, 0.7], models: ['Pico 4 Ultra'] },
  ],
  build(c) {
    const ps = c.brand === 'playstation';
    return {
      values: { resolution: ps ? '2000×2040' : '2160×2160', refresh_rate: ps ? '120' : '90', compat: ps ? 'PlayStation 5' : 'автономная, ПК' },
      price: c.price(39990, 64990),
      showColor: false,
    };
  },
  blurbs: ['{name} переносит в виртуальную реальность с чётким изображением и точным трекингом.'],
};

/* ---------- digital goods ---------- */

const LICENSE_SPECS = [
  L('delivery', 'Тип поставки', 'general', ['электронный ключ', 'коробочная версия']),
  L('term', 'Срок действия лицензии', 'general', ['1 год', '2 года', 'бессрочная']),
  L('devices', 'Количество устройств', 'general', ['1', '2', '3', '5', '6']),
  L('platform', 'Платформа', 'general', ['Windows', 'Windows, macOS', 'Windows, macOS, Android, iOS', 'Windows, Linux']),
];

function devicesWord(n: string): string {
  return formatCount(Number(n), PLURAL.device);
}

export const software: Profile = {
  categoryId: 13,
  noun: 'Программа',
  weight: 0.5,
  kind: 'digital',
  specs: LICENSE_SPECS,
  colors: [C.blue],
  series: [
    { brand: 'microsoft', name: 'Microsoft 365', tier: [0.4, 0.6], models: [['Microsoft 365 персональный', { devices: '5', term: '1 год' }], ['Microsoft 365 для семьи', { devices: '6', term: '1 год' }]] },
    { brand: 'microsoft', name: 'Windows', tier: [0.5, 0.9], models: [['Windows 11 Домашняя', { devices: '1', term: 'бессрочная' }], ['Windows 11 Pro', { devices: '1', term: 'бессрочная' }]] },
    { brand: 'microsoft', name: 'Office', tier: [0.6, 0.8], models: [['Office для дома и учёбы 2024', { devices: '1', term: 'бессрочная' }]] },
    { brand: 'moyofis', name: 'МойОфис', tier: [0.3, 0.6], models: [['МойОфис Стандартный', { devices: '1', term: 'бессрочная' }], ['МойОфис Профессиональный', { devices: '1', term: 'бессрочная' }]] },
    { brand: '1c', name: '1С:Предприятие', tier: [0.5, 1], models: [['1С:Бухгалтерия 8. Базовая версия', { devices: '1', term: 'бессрочная' }], ['1С:Управление нашей фирмой. Базовая версия', { devices: '1', term: 'бессрочная' }]] },
  ],
  build(c) {
    const boxed = c.v.chance(0.15);
    const platform = /Windows/.test(c.model) ? 'Windows' : c.brand === '1c' ? 'Windows, Linux' : c.brand === 'moyofis' ? 'Windows, Linux' : 'Windows, macOS, Android, iOS';
    return {
      values: { delivery: boxed ? 'коробочная версия' : 'электронный ключ', term: String(c.prop('term')), devices: String(c.prop('devices')), platform },
      price: c.price(2990, 29990),
      name: `${c.brand === 'microsoft' || c.brand === '1c' || c.brand === 'moyofis' ? '' : 'Программа '}${c.model}, ${boxed ? 'коробочная версия' : 'электронный ключ'}`,
      showColor: false,
    };
  },
  blurbs: ['Лицензия {name} активируется на официальном сайте производителя; ключ придёт на e-mail сразу после оплаты.'],
};

export const giftCards: Profile = {
  categoryId: 19,
  noun: 'Подарочная карта',
  weight: 0.4,
  kind: 'digital',
  specs: [
    L('card_type', 'Тип', 'general', ['подарочная карта', 'подписка']),
    R('nominal', 'Номинал', 'general', '₽'),
    L('period', 'Срок подписки', 'general', ['1 месяц', '3 месяца', '6 месяцев', '12 месяцев']),
    L('format', 'Формат', 'general', ['электронный код', 'пластиковая карта']),
  ],
  colors: [C.red],
  series: [
    { brand: 'multicenter', name: 'Подарочная карта', tier: [0, 1], weight: 2, models: [['Подарочная карта Мультицентр', { gift: true }]] },
    { brand: 'yandex', name: 'Яндекс Плюс', tier: [0.2, 0.5], models: [['Подписка Яндекс Плюс', { base: 399 }]] },
    { brand: 'okko', name: 'Okko', tier: [0.2, 0.5], models: [['Подписка Okko Оптимум', { base: 399 }], ['Подписка Okko Премиум', { base: 599 }]] },
    { brand: 'microsoft', name: 'Xbox Game Pass', tier: [0.5, 0.8], models: [['Подписка Xbox Game Pass Ultimate', { base: 1790 }]] },
  ],
  build(c) {
    if (c.prop('gift') === true) {
      const nominal = c.vpick([1000, 3000, 5000, 10000, 15000, 30000]);
      const plastic = c.v.chance(0.4);
      return {
        values: { card_type: 'подарочная карта', nominal, format: plastic ? 'пластиковая карта' : 'электронный код' },
        price: nominal,
        exactPrice: true,
        name: `Подарочная карта Мультицентр на ${String(nominal).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} ₽${plastic ? ', пластиковая' : ', электронная'}`,
        showColor: false,
      };
    }
    const months = c.vpick([1, 3, 12]);
    const period = months === 1 ? '1 месяц' : months === 3 ? '3 месяца' : '12 месяцев';
    return {
      values: { card_type: 'подписка', period, format: 'электронный код' },
      price: Number(c.prop('base') ?? 399) * months * (months === 12 ? 0.8 : 1),
      name: `${c.model} на ${period}`,
      showColor: false,
    };
  },
  blurbs: ['{name} — готовый подарок: код активации придёт на e-mail и в личный кабинет.'],
};

export const digitalGames: Profile = {
  categoryId: 29,
  noun: 'Игра',
  weight: 0.8,
  kind: 'digital',
  specs: [
    L('platform', 'Платформа', 'general', ['ПК', 'PlayStation 5', 'Xbox Series X|S', 'Nintendo Switch']),
    L('activation', 'Сервис активации', 'general', ['Steam', 'Ubisoft Connect', 'EA app', 'PlayStation Store', 'Microsoft Store', 'Nintendo eShop']),
    ...GAME_SPECS_BASE,
  ],
  colors: [C.darkBlue],
  series: gameSeries((brand) => (brand === 'playstation' ? ['ПК', 'PlayStation 5'] : brand === 'nintendo' ? ['Nintendo Switch'] : ['ПК', 'PlayStation 5', 'Xbox Series X|S'])),
  build(c) {
    const platform = c.vpick(String(c.prop('platforms')).split(';'));
    const activation = platform === 'ПК'
      ? (c.brand === 'ubisoft' ? 'Ubisoft Connect' : c.brand === 'electronic-arts' ? 'EA app' : 'Steam')
      : platform === 'PlayStation 5' ? 'PlayStation Store' : platform === 'Nintendo Switch' ? 'Nintendo eShop' : 'Microsoft Store';
    return {
      values: { platform, activation, genre: String(c.prop('genre')), age: String(c.prop('rating')), language: c.pick(['полностью на русском', 'русские субтитры']) },
      price: c.price(1490, 5990),
      name: `Игра ${c.model} для ${platform}, цифровой ключ`,
      showColor: false,
    };
  },
  blurbs: ['Цифровая версия: {name}. Ключ активации придёт на e-mail сразу после оплаты.'],
};

export const antivirus: Profile = {
  categoryId: 46,
  noun: 'Антивирус',
  weight: 0.4,
  kind: 'digital',
  specs: LICENSE_SPECS,
  colors: [C.green],
  series: [
    { brand: 'kaspersky', name: 'Kaspersky', tier: [0.2, 1], weight: 2, models: ['Kaspersky Standard', 'Kaspersky Plus', 'Kaspersky Premium', 'Kaspersky Small Office Security'] },
    { brand: 'dr.web', name: 'Dr.Web', tier: [0.1, 0.7], models: ['Dr.Web Антивирус', 'Dr.Web Security Space', 'Dr.Web Mobile Security'] },
    { brand: 'eset', name: 'ESET NOD32', tier: [0.1, 0.9], models: ['ESET NOD32 Antivirus', 'ESET NOD32 Internet Security', 'ESET NOD32 Smart Security Premium'] },
  ],
  build(c) {
    const devices = c.vpick(['1', '2', '3', '5']);
    const term = c.vpick(['1 год', '1 год', '2 года']);
    const boxed = c.v.chance(0.1);
    return {
      values: { delivery: boxed ? 'коробочная версия' : 'электронный ключ', term, devices, platform: /Mobile/.test(c.model) ? 'Windows, macOS, Android, iOS' : c.pick(['Windows', 'Windows, macOS, Android, iOS']) },
      price: c.price(990, 4990) * (0.7 + Number(devices) * 0.3) * (term === '2 года' ? 1.6 : 1),
      name: `Антивирус ${c.model}, ${devicesWord(devices)} на ${term}, ${boxed ? 'коробочная версия' : 'электронный ключ'}`,
      showColor: false,
    };
  },
  blurbs: ['{name} защищает от вирусов, шифровальщиков и фишинга; обновления баз включены в лицензию.'],
};

/* ---------- services ---------- */

const SERVICE_SPECS = [
  L('place', 'Где выполняется', 'general', ['в сервисном центре', 'на дому у клиента', 'в магазине', 'онлайн']),
  L('duration', 'Срок выполнения', 'general', ['в день обращения', '1–3 дня', 'до 7 дней', 'до 14 дней']),
];

function serviceProfile(categoryId: number, weight: number, models: [string, number, string, string][]): Profile {
  return {
    categoryId,
    noun: '',
    weight,
    kind: 'service',
    specs: SERVICE_SPECS,
    colors: [['синий', '#2b6cb0']],
    series: [{ brand: 'multicenter', name: 'Сервис Мультицентр', tier: [0, 1], models: models.map(([name, price, place, duration]) => [name, { price, place, duration }] as const) }],
    build(c) {
      return {
        values: { place: String(c.prop('place')), duration: String(c.prop('duration')) },
        price: Number(c.prop('price')),
        name: c.model,
        showColor: false,
      };
    },
    blurbs: ['Услуга «{name}» выполняется сертифицированными специалистами Мультицентра с гарантией на работы.'],
  };
}

export const repairServices = serviceProfile(60, 0.3, [
  ['Замена экрана смартфона', 4990, 'в сервисном центре', '1–3 дня'],
  ['Замена аккумулятора смартфона', 2490, 'в сервисном центре', 'в день обращения'],
  ['Диагностика ноутбука', 990, 'в сервисном центре', '1–3 дня'],
  ['Чистка ноутбука от пыли с заменой термопасты', 2990, 'в сервисном центре', '1–3 дня'],
  ['Ремонт стиральной машины: выезд мастера', 1490, 'на дому у клиента', 'до 7 дней'],
  ['Диагностика телевизора', 1290, 'в сервисном центре', 'до 7 дней'],
]);

export const installServices = serviceProfile(901, 0.3, [
  ['Установка кондиционера', 9990, 'на дому у клиента', 'до 7 дней'],
  ['Подключение стиральной машины', 1990, 'на дому у клиента', '1–3 дня'],
  ['Подключение посудомоечной машины', 2490, 'на дому у клиента', '1–3 дня'],
  ['Установка телевизора на стену', 2990, 'на дому у клиента', '1–3 дня'],
  ['Установка варочной панели', 2490, 'на дому у клиента', '1–3 дня'],
  ['Подключение водонагревателя', 2990, 'на дому у клиента', '1–3 дня'],
  ['Подключение сушильной машины', 1990, 'на дому у клиента', '1–3 дня'],
  ['Установка духового шкафа', 2990, 'на дому у клиента', '1–3 дня'],
  ['Установка вытяжки', 3490, 'на дому у клиента', '1–3 дня'],
  ['Установка холодильника с перевешиванием дверей', 1990, 'на дому у клиента', '1–3 дня'],
]);

export const setupServices = serviceProfile(902, 0.2, [
  ['Настройка смартфона', 990, 'в магазине', 'в день обращения'],
  ['Перенос данных со старого смартфона', 790, 'в магазине', 'в день обращения'],
  ['Установка Windows и драйверов', 1990, 'в магазине', 'в день обращения'],
  ['Настройка Smart TV', 1490, 'на дому у клиента', '1–3 дня'],
  ['Настройка умной колонки', 590, 'онлайн', 'в день обращения'],
  ['Настройка планшета', 790, 'в магазине', 'в день обращения'],
  ['Настройка умных часов', 490, 'в магазине', 'в день обращения'],
  ['Настройка игровой консоли', 990, 'в магазине', 'в день обращения'],
  ['Настройка робота-пылесоса', 690, 'на дому у клиента', '1–3 дня'],
]);

export const warrantyServices = serviceProfile(903, 0.2, [
  ['Дополнительная гарантия на 1 год', 1990, 'в сервисном центре', 'в день обращения'],
  ['Дополнительная гарантия на 2 года', 3490, 'в сервисном центре', 'в день обращения'],
  ['Защита от случайных повреждений на 1 год', 2990, 'в сервисном центре', 'в день обращения'],
]);

export const OTHER_PROFILES: Profile[] = [
  mirrorless, dslr, actionCams, lenses, drones, consoles, gamepads, consoleGames, vrHeadsets,
  software, giftCards, digitalGames, antivirus, repairServices, installServices, setupServices, warrantyServices,
];
