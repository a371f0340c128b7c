/** Smartphones and gadgets. */
import { C, COLOR_SPEC, L, PHONE_COLORS, R, YES_NO, yn, type Color, type Ctx, type Profile } from './profile-kit.ts';

const PHONE_CPUS = [
  'Unisoc T606', 'MediaTek Helio G85', 'Unisoc T7250', 'MediaTek Helio G99', 'MediaTek Dimensity 6300', 'Qualcomm Snapdragon 685',
  'MediaTek Dimensity 7025', 'Qualcomm Snapdragon 7s Gen 2', 'Samsung Exynos 1380', 'MediaTek Dimensity 7300', 'Samsung Exynos 1580',
  'Qualcomm Snapdragon 7+ Gen 3', 'MediaTek Dimensity 8300-Ultra', 'Qualcomm Snapdragon 8s Gen 3', 'Qualcomm Snapdragon 8 Gen 3',
  'Qualcomm Snapdragon 8 Elite', 'MediaTek Dimensity 9400', 'Samsung Exynos 2400', 'HiSilicon Kirin 8000', 'HiSilicon Kirin 9010',
  'Google Tensor G4', 'Apple A16 Bionic', 'Apple A17 Pro', 'Apple A18', 'Apple A18 Pro', 'Apple A19', 'Apple A19 Pro',
];

const APPLE_PRO_COLORS: Color[] = [C.titanBlack, C.titanWhite, C.titanNatural, C.titanDesert];
const APPLE_COLORS: Color[] = [C.black, C.white, C.pink, ['бирюзовый', '#9fd3c7'], ['ультрамарин', '#5a6fd6'], C.green, C.lavender];

function appleCpu(model: string): string {
  if (/iPhone 17 Pro|iPhone Air/.test(model)) return 'Apple A19 Pro';
  if (/iPhone 17/.test(model)) return 'Apple A19';
  if (/iPhone 16 Pro/.test(model)) return 'Apple A18 Pro';
  if (/iPhone 16/.test(model)) return 'Apple A18';
  if (/iPhone 15 Pro/.test(model)) return 'Apple A17 Pro';
  return 'Apple A16 Bionic';
}

function androidCpu(c: Ctx): string {
  if (c.brand === 'huawei') return c.t > 0.7 ? 'HiSilicon Kirin 9010' : c.t > 0.4 ? 'HiSilicon Kirin 8000' : 'MediaTek Helio G85';
  if (c.brand === 'google') return 'Google Tensor G4';
  if (c.brand === 'samsung' && c.t > 0.7) return c.pick(['Samsung Exynos 2400', 'Qualcomm Snapdragon 8 Elite']);
  if (c.brand === 'samsung' && c.t > 0.3) return c.pick(['Samsung Exynos 1380', 'Samsung Exynos 1580']);
  return c.by([
    'Unisoc T606', 'MediaTek Helio G85', 'Unisoc T7250', 'MediaTek Helio G99', 'MediaTek Dimensity 6300', 'Qualcomm Snapdragon 685',
    'MediaTek Dimensity 7025', 'Qualcomm Snapdragon 7s Gen 2', 'MediaTek Dimensity 7300', 'Qualcomm Snapdragon 7+ Gen 3',
    'MediaTek Dimensity 8300-Ultra', 'Qualcomm Snapdragon 8s Gen 3', 'Qualcomm Snapdragon 8 Gen 3', 'Qualcomm Snapdragon 8 Elite',
    'MediaTek Dimensity 9400',
  ], 0.06);
}

const MEMORY_MULT: Record<number, number> = { 32: 0.85, 64: 0.92, 128: 1, 256: 1.14, 512: 1.36, 1024: 1.68 };

export const smartphones: Profile = {
  categoryId: 224,
  noun: 'Смартфон',
  weight: 14,
  tradeIn: true,
  maxQuantity: 5,
  colorsPerModel: [2, 4],
  specs: [
    L('os', 'Операционная система', 'general', ['Android 14', 'Android 15', 'Android 16', 'iOS 18', 'iOS 26', 'HarmonyOS 4.2']),
    L('sim_count', 'Количество SIM-карт', 'connect', ['1', '2', '1 + eSIM', '2 + eSIM']),
    R('screen_diag', 'Диагональ экрана', 'screen', '"', 2),
    L('matrix', 'Тип матрицы', 'screen', ['IPS', 'OLED', 'AMOLED', 'Super AMOLED', 'LTPO OLED']),
    L('refresh_rate', 'Частота обновления экрана', 'screen', ['60', '90', '120', '144'], 'Гц'),
    L('cpu', 'Процессор', 'cpu', PHONE_CPUS),
    L('rom', 'Встроенная память', 'memory', ['64', '128', '256', '512', '1024'], 'ГБ'),
    L('ram', 'Оперативная память', 'memory', ['3', '4', '6', '8', '12', '16'], 'ГБ'),
    R('main_camera', 'Основная камера', 'camera', 'Мп'),
    yn('nfc', 'NFC', 'connect'),
    yn('5g', 'Поддержка 5G', 'connect'),
    R('battery', 'Ёмкость аккумулятора', 'power', 'мА·ч'),
    R('weight', 'Вес', 'size', 'г', 0, false),
    COLOR_SPEC,
  ],
  colors: PHONE_COLORS,
  series: [
    { brand: 'apple', name: 'iPhone', tier: [0.6, 0.85], weight: 2, colors: APPLE_COLORS,
      models: ['iPhone 13', 'iPhone 14', 'iPhone 15', 'iPhone 16e', 'iPhone 15 Plus', 'iPhone 16', 'iPhone 16 Plus', 'iPhone 17', 'iPhone Air'] },
    { brand: 'apple', name: 'iPhone Pro', tier: [0.88, 1], weight: 1.5, colors: APPLE_PRO_COLORS, props: { pro: true },
      models: ['iPhone 16 Pro', 'iPhone 17 Pro', 'iPhone 16 Pro Max', 'iPhone 17 Pro Max'] },
    { brand: 'samsung', name: 'Galaxy A', tier: [0.12, 0.5], weight: 3, models: ['Galaxy A06', 'Galaxy A16', 'Galaxy A26', 'Galaxy A36', 'Galaxy A56'] },
    { brand: 'samsung', name: 'Galaxy M', tier: [0.18, 0.45], models: ['Galaxy M15', 'Galaxy M35', 'Galaxy M55'] },
    { brand: 'samsung', name: 'Galaxy S', tier: [0.72, 0.97], weight: 1.5, models: ['Galaxy S24 FE', 'Galaxy S25', 'Galaxy S25+', 'Galaxy S25 Edge', 'Galaxy S25 Ultra'] },
    { brand: 'samsung', name: 'Galaxy Z', tier: [0.9, 1], weight: 0.5, models: [['Galaxy Z Flip7', { diag: 6.9 }], ['Galaxy Z Fold7', { diag: 8 }]] },
    { brand: 'xiaomi', name: 'Redmi', tier: [0.02, 0.22], weight: 2, models: ['Redmi A5', 'Redmi 14C', 'Redmi 15C', 'Redmi 13'] },
    { brand: 'xiaomi', name: 'Redmi Note', tier: [0.22, 0.5], weight: 3, models: ['Redmi Note 14', 'Redmi Note 14S', 'Redmi Note 14 Pro', 'Redmi Note 14 Pro+'] },
    { brand: 'xiaomi', name: 'Xiaomi', tier: [0.6, 0.95], models: ['Xiaomi 14T', 'Xiaomi 15T', 'Xiaomi 15T Pro', 'Xiaomi 15', 'Xiaomi 15 Ultra'] },
    { brand: 'poco', name: 'POCO C', tier: [0.02, 0.14], models: ['POCO C75', 'POCO C85'] },
    { brand: 'poco', name: 'POCO M', tier: [0.15, 0.3], models: ['POCO M7', 'POCO M7 Pro'] },
    { brand: 'poco', name: 'POCO X', tier: [0.35, 0.55], weight: 1.5, models: ['POCO X7', 'POCO X7 Pro'] },
    { brand: 'poco', name: 'POCO F', tier: [0.55, 0.8], models: ['POCO F7', 'POCO F7 Pro', 'POCO F7 Ultra'] },
    { brand: 'huawei', name: 'nova', tier: [0.3, 0.55], props: { os: 'harmony' }, models: ['nova Y72', 'nova 13', 'nova 13 Pro'] },
    { brand: 'huawei', name: 'Pura', tier: [0.75, 0.97], props: { os: 'harmony' }, models: ['Pura 70', 'Pura 70 Pro', 'Pura 80 Pro'] },
    { brand: 'huawei', name: 'Mate', tier: [0.95, 1], weight: 0.3, props: { os: 'harmony' }, models: [['Mate X6', { diag: 7.93 }]] },
    { brand: 'honor', name: 'HONOR X', tier: [0.1, 0.45], weight: 2, models: ['HONOR X6c', 'HONOR X7c', 'HONOR X8c', 'HONOR X9c'] },
    { brand: 'honor', name: 'HONOR 400', tier: [0.5, 0.7], models: ['HONOR 400 Lite', 'HONOR 400', 'HONOR 400 Pro'] },
    { brand: 'honor', name: 'HONOR Magic', tier: [0.8, 1], models: ['HONOR Magic7 Lite', 'HONOR Magic7 Pro', ['HONOR Magic V3', { diag: 7.92 }]] },
    { brand: 'realme', name: 'realme C', tier: [0.02, 0.2], models: ['realme C61', 'realme C63', 'realme C75'] },
    { brand: 'realme', name: 'realme', tier: [0.3, 0.6], models: ['realme 14', 'realme 14 Pro', 'realme 14 Pro+'] },
    { brand: 'realme', name: 'realme GT', tier: [0.65, 0.9], models: ['realme GT 7', 'realme GT 7 Pro'] },
    { brand: 'tecno', name: 'SPARK', tier: [0.02, 0.25], weight: 1.5, models: ['SPARK Go 1', 'SPARK 30C', 'SPARK 40', 'SPARK 40 Pro'] },
    { brand: 'tecno', name: 'CAMON', tier: [0.3, 0.5], models: ['CAMON 40', 'CAMON 40 Pro'] },
    { brand: 'tecno', name: 'POVA', tier: [0.2, 0.45], models: ['POVA 7', 'POVA 7 Pro'] },
    { brand: 'infinix', name: 'SMART', tier: [0, 0.08], models: ['SMART 9'] },
    { brand: 'infinix', name: 'HOT', tier: [0.03, 0.25], models: ['HOT 50i', 'HOT 50', 'HOT 60 Pro'] },
    { brand: 'infinix', name: 'NOTE', tier: [0.25, 0.45], models: ['NOTE 50', 'NOTE 50 Pro'] },
    { brand: 'vivo', name: 'vivo Y', tier: [0.05, 0.3], models: ['vivo Y19s', 'vivo Y29', 'vivo Y39'] },
    { brand: 'vivo', name: 'vivo V', tier: [0.45, 0.65], models: ['vivo V50 Lite', 'vivo V50'] },
    { brand: 'oppo', name: 'OPPO A', tier: [0.05, 0.3], models: ['OPPO A3', 'OPPO A5 Pro'] },
    { brand: 'oppo', name: 'Reno', tier: [0.45, 0.7], models: ['Reno13 F', 'Reno13', 'Reno14 Pro'] },
    { brand: 'nothing', name: 'Phone', tier: [0.4, 0.7], weight: 0.6, models: ['Phone (3a)', 'Phone (3a) Pro', 'Phone (3)'] },
    { brand: 'motorola', name: 'moto g', tier: [0.05, 0.35], models: ['moto g05', 'moto g35', 'moto g55', 'moto g85'] },
    { brand: 'motorola', name: 'edge', tier: [0.5, 0.75], models: ['edge 50 Fusion', 'edge 60', 'edge 60 Pro'] },
    { brand: 'google', name: 'Pixel', tier: [0.55, 0.95], weight: 0.5, models: ['Pixel 9a', 'Pixel 9', 'Pixel 9 Pro', 'Pixel 10 Pro'] },
    { brand: 'nokia', name: 'Nokia', tier: [0, 0.1], weight: 0.4, models: ['C32', 'G22'] },
  ],
  build(c) {
    const apple = c.brand === 'apple';
    const pro = c.prop('pro') === true;
    const big = /Max|Plus|Ultra|\+|Pro\+/.test(c.model);
    const fixedDiag = c.prop('diag');
    const diag = typeof fixedDiag === 'number' ? fixedDiag
      : apple ? (big ? c.pick([6.7, 6.9]) : /Air/.test(c.model) ? 6.5 : c.pick([6.1, 6.3]))
      : big ? c.pick([6.7, 6.78, 6.8, 6.9]) : c.pick([6.5, 6.56, 6.6, 6.67, 6.7, 6.72]);
    let memory: [number, number][];
    if (apple) {
      const ram = /17|Air/.test(c.model) ? (pro ? 12 : 8) : /16/.test(c.model) ? 8 : 6;
      const roms = pro ? [256, 512, 1024] : /17|Air/.test(c.model) ? [256, 512] : [128, 256, 512];
      memory = roms.map((rom) => [ram, rom]);
    } else {
      memory = c.by([
        [[3, 64], [4, 64], [4, 128]],
        [[4, 128], [6, 128], [8, 128]],
        [[6, 128], [8, 128], [8, 256]],
        [[8, 256], [12, 256], [12, 512]],
        [[12, 256], [12, 512], [16, 512], [16, 1024]],
      ] as [number, number][][], 0.04);
    }
    const [ram, rom] = c.vpick(memory);
    const os = apple ? (/17|Air/.test(c.model) ? 'iOS 26' : 'iOS 18') : c.prop('os') === 'harmony' ? 'HarmonyOS 4.2' : c.by(['Android 14', 'Android 15', 'Android 15', 'Android 16']);
    const matrix = apple ? 'OLED' : c.t < 0.25 ? 'IPS' : c.brand === 'samsung' ? 'Super AMOLED' : c.t > 0.75 ? 'LTPO OLED' : 'AMOLED';
    const refresh = apple ? (pro ? '120' : '60') : c.t < 0.12 ? c.pick(['60', '90']) : c.t > 0.55 && (c.brand === 'poco' || c.brand === 'realme') ? '144' : '120';
    const camera = apple ? 48 : c.t < 0.2 ? c.pick([13, 50]) : c.t < 0.5 ? c.pick([50, 64, 108]) : c.t < 0.85 ? c.pick([50, 108]) : c.pick([50, 200]);
    const battery = apple ? (big ? c.rnd(4300, 4800, 5) : c.rnd(3300, 4000, 5)) : c.brand === 'poco' && c.t > 0.5 ? c.rnd(5500, 7500, 100) : c.rnd(4500, 6000, 100);
    const romName = rom === 1024 ? '1 ТБ' : `${rom} ГБ`;
    const price = c.price(6500, 175000, apple ? 1.12 : 1) * (MEMORY_MULT[rom] ?? 1) * (ram >= 12 ? 1.04 : 1);
    return {
      values: {
        os,
        sim_count: apple ? '1 + eSIM' : c.t > 0.8 && c.brand === 'samsung' ? '2 + eSIM' : '2',
        screen_diag: diag,
        matrix,
        refresh_rate: refresh,
        cpu: apple ? appleCpu(c.model) : androidCpu(c),
        rom: String(rom),
        ram: String(ram),
        main_camera: camera,
        nfc: c.yn(apple || c.t > 0.3 || ['samsung', 'xiaomi', 'huawei', 'honor', 'google'].includes(c.brand) ? true : 0.4),
        '5g': c.yn(c.t > 0.45),
        battery,
        weight: c.rnd(diag > 7.5 ? 220 : 165, diag > 7.5 ? 260 : 225),
      },
      price,
      variant: apple ? romName : rom === 1024 ? `${ram} ГБ/1 ТБ` : `${ram}/${rom} ГБ`,
    };
  },
  blurbs: [
    '{name} — смартфон с ярким экраном, ёмким аккумулятором и быстрой зарядкой.',
    'Камера {name} снимает детальные фото днём и ночью, а процессор справляется с играми и многозадачностью.',
    '{name} получает обновления системы и безопасности; в комплекте кабель USB Type-C.',
  ],
};

export const smartWatches: Profile = {
  categoryId: 102,
  noun: 'Умные часы',
  weight: 3,
  tradeIn: true,
  specs: [
    L('compat', 'Совместимость', 'general', ['Android, iOS', 'iOS', 'Android']),
    R('screen_diag', 'Диагональ экрана', 'screen', '"', 2),
    L('screen_type', 'Тип экрана', 'screen', ['AMOLED', 'LTPO OLED', 'IPS', 'MIP']),
    R('case_size', 'Размер корпуса', 'size', 'мм'),
    yn('nfc', 'NFC (оплата)', 'connect'),
    yn('gps', 'Встроенный GPS', 'connect'),
    R('autonomy', 'Время автономной работы', 'power', 'дн'),
    L('water', 'Защита от воды', 'features', ['IP68', '5 ATM', '10 ATM', 'WR50', 'WR100']),
    L('case_material', 'Материал корпуса', 'look', ['пластик', 'алюминий', 'нержавеющая сталь', 'титан']),
    COLOR_SPEC,
  ],
  colors: [C.black, C.silver, C.gold, C.pink, C.gray, C.green, C.darkBlue],
  series: [
    { brand: 'apple', name: 'Apple Watch', tier: [0.55, 1], weight: 2, models: ['Apple Watch SE 2024', 'Apple Watch Series 10', 'Apple Watch Series 11', 'Apple Watch Ultra 2'] },
    { brand: 'samsung', name: 'Galaxy Watch', tier: [0.35, 0.9], weight: 1.5, models: ['Galaxy Watch FE', 'Galaxy Watch7', 'Galaxy Watch8', 'Galaxy Watch8 Classic', 'Galaxy Watch Ultra'] },
    { brand: 'huawei', name: 'WATCH', tier: [0.25, 0.9], weight: 1.5, models: ['WATCH FIT 4', 'WATCH GT 5', 'WATCH GT 5 Pro', 'WATCH 5'] },
    { brand: 'xiaomi', name: 'Watch', tier: [0.1, 0.45], models: ['Redmi Watch 5 Active', 'Redmi Watch 5', 'Xiaomi Watch S4'] },
    { brand: 'amazfit', name: 'Amazfit', tier: [0.12, 0.6], models: ['Bip 6', 'Active 2', 'Balance', 'T-Rex 3'] },
    { brand: 'garmin', name: 'Forerunner', tier: [0.55, 0.9], models: ['Forerunner 165', 'Forerunner 265', 'Forerunner 965'] },
    { brand: 'garmin', name: 'fenix', tier: [0.85, 1], weight: 0.5, models: ['Instinct 3', 'fenix 8'] },
    { brand: 'honor', name: 'HONOR Watch', tier: [0.2, 0.5], models: ['HONOR Watch 5', 'HONOR Watch 5 Ultra'] },
  ],
  build(c) {
    const apple = c.brand === 'apple';
    const garmin = c.brand === 'garmin';
    const sizes = apple ? (/Ultra/.test(c.model) ? [49] : /SE/.test(c.model) ? [40, 44] : [42, 46]) : c.brand === 'samsung' ? [40, 44] : [c.pick([42, 44, 46, 47])];
    const size = c.vpick(sizes);
    const material = /Ultra|fenix/.test(c.model) ? 'титан' : /Classic|Pro|Series/.test(c.model) ? c.pick(['алюминий', 'нержавеющая сталь']) : c.t > 0.4 ? 'алюминий' : 'пластик';
    return {
      values: {
        compat: apple ? 'iOS' : 'Android, iOS',
        screen_diag: Number((size / 30).toFixed(2)),
        screen_type: garmin && /Instinct|fenix/.test(c.model) ? 'MIP' : apple ? 'LTPO OLED' : c.t < 0.15 ? 'IPS' : 'AMOLED',
        case_size: size,
        nfc: c.yn(apple || c.t > 0.35),
        gps: c.yn(c.t > 0.3 || garmin),
        autonomy: apple ? (/Ultra/.test(c.model) ? 3 : 1.5) : garmin ? c.rnd(10, 28) : c.rnd(5, 14),
        water: garmin ? '10 ATM' : apple ? (/Ultra/.test(c.model) ? 'WR100' : 'WR50') : c.pick(['5 ATM', 'IP68']),
        case_material: material,
      },
      price: c.price(2990, 85000, size >= 44 ? 1.08 : 1),
      variant: `${size} мм`,
    };
  },
  blurbs: ['{name} считают шаги, пульс и сон, показывают уведомления и помогают в тренировках.', 'С {name} удобно следить за здоровьем: датчики работают круглосуточно, а зарядки хватает надолго.'],
};

export const fitnessBands: Profile = {
  categoryId: 103,
  noun: 'Фитнес-браслет',
  weight: 1.5,
  specs: [
    R('screen_diag', 'Диагональ экрана', 'screen', '"', 2),
    L('screen_type', 'Тип экрана', 'screen', ['AMOLED', 'IPS', 'без экрана']),
    yn('nfc', 'NFC (оплата)', 'connect'),
    yn('spo2', 'Измерение SpO2'),
    R('autonomy', 'Время автономной работы', 'power', 'дн'),
    L('water', 'Защита от воды', 'features', ['5 ATM', 'IP68']),
    COLOR_SPEC,
  ],
  colors: [C.black, C.pink, C.mint, C.lightBlue, C.white],
  series: [
    { brand: 'xiaomi', name: 'Smart Band', tier: [0.2, 0.6], weight: 2, models: ['Smart Band 9 Active', 'Smart Band 9', 'Smart Band 9 Pro', 'Smart Band 10'] },
    { brand: 'huawei', name: 'Band', tier: [0.3, 0.6], models: ['Band 9', 'Band 10'] },
    { brand: 'honor', name: 'HONOR Band', tier: [0.2, 0.4], models: ['HONOR Band 9'] },
    { brand: 'amazfit', name: 'Band', tier: [0.1, 0.9], models: ['Band 7', 'Helio Strap'] },
    { brand: 'garmin', name: 'vivosmart', tier: [0.8, 1], models: ['vivosmart 5'] },
    { brand: 'samsung', name: 'Galaxy Fit', tier: [0.4, 0.6], models: ['Galaxy Fit3'] },
  ],
  build(c) {
    const strap = /Strap/.test(c.model);
    return {
      values: {
        screen_diag: strap ? undefined : c.num(1.47, 1.74, 0.01),
        screen_type: strap ? 'без экрана' : c.brand === 'garmin' ? 'IPS' : 'AMOLED',
        nfc: c.yn(/Pro|10|NFC/.test(c.model) ? true : 0.3),
        spo2: 'Да',
        autonomy: c.rnd(7, 21),
        water: c.pick(['5 ATM', 'IP68']),
      },
      price: c.price(1990, 14990),
    };
  },
  blurbs: ['{name} отслеживает активность, пульс и сон и неделями работает без подзарядки.'],
};

export const wirelessHeadphones: Profile = {
  categoryId: 105,
  noun: 'Наушники беспроводные',
  weight: 5,
  specs: [
    L('form', 'Конструкция', 'general', ['Внутриканальные', 'Вкладыши', 'Накладные', 'Полноразмерные']),
    yn('anc', 'Активное шумоподавление'),
    R('battery_hours', 'Время работы от аккумулятора', 'power', 'ч'),
    R('battery_case', 'Время работы с кейсом', 'power', 'ч', 0, false),
    L('bt', 'Версия Bluetooth', 'connect', ['5.0', '5.2', '5.3', '5.4', '6.0']),
    L('water', 'Влагозащита', 'features', ['Нет', 'IPX4', 'IPX5', 'IP54', 'IP55']),
    yn('multipoint', 'Мультипоинт', 'connect', false),
    COLOR_SPEC,
  ],
  colors: [C.black, C.white, C.silver, C.darkBlue, C.beige, C.pink],
  colorsPerModel: [1, 3],
  series: [
    { brand: 'apple', name: 'AirPods', tier: [0.5, 1], weight: 2.5, colors: [C.white],
      models: ['AirPods 4', ['AirPods 4 с активным шумоподавлением', { anc: true }], ['AirPods Pro 2', { anc: true }], ['AirPods Pro 3', { anc: true }], ['AirPods Max', { anc: true, form: 'Полноразмерные' }]] },
    { brand: 'samsung', name: 'Galaxy Buds', tier: [0.3, 0.8], weight: 1.5, models: ['Galaxy Buds FE', 'Galaxy Buds3', ['Galaxy Buds3 Pro', { anc: true }]] },
    { brand: 'sony', name: 'WH', tier: [0.2, 1], models: [['WH-CH520', { form: 'Накладные' }], ['WH-CH720N', { form: 'Полноразмерные', anc: true }], ['WH-1000XM5', { form: 'Полноразмерные', anc: true }], ['WH-1000XM6', { form: 'Полноразмерные', anc: true }]] },
    { brand: 'sony', name: 'WF', tier: [0.25, 0.95], models: ['WF-C510', ['WF-C710N', { anc: true }], ['WF-1000XM5', { anc: true }]] },
    { brand: 'jbl', name: 'Tune', tier: [0.1, 0.45], weight: 2, models: [['Tune 520BT', { form: 'Накладные' }], ['Tune 720BT', { form: 'Полноразмерные' }], 'Tune Buds 2', ['Tune Beam 2', { anc: true }]] },
    { brand: 'jbl', name: 'Live', tier: [0.45, 0.7], models: [['Live Beam 3', { anc: true }], ['Live 770NC', { form: 'Полноразмерные', anc: true }]] },
    { brand: 'xiaomi', name: 'Redmi Buds', tier: [0.02, 0.35], weight: 2, models: ['Redmi Buds 6 Active', 'Redmi Buds 6', ['Redmi Buds 6 Pro', { anc: true }]] },
    { brand: 'huawei', name: 'FreeBuds', tier: [0.1, 0.8], models: ['FreeBuds SE 3', ['FreeBuds 6i', { anc: true }], ['FreeBuds Pro 4', { anc: true }]] },
    { brand: 'honor', name: 'HONOR Earbuds', tier: [0.05, 0.3], models: ['Choice Earbuds X5', ['Earbuds X8', { anc: true }]] },
    { brand: 'marshall', name: 'Marshall', tier: [0.5, 0.85], models: [['Minor IV', { form: 'Вкладыши' }], ['Major V', { form: 'Накладные' }], ['Motif II A.N.C.', { anc: true }]] },
    { brand: 'b&o', name: 'Beoplay', tier: [0.85, 1], weight: 0.4, models: [['Beoplay EX', { anc: true }], ['Beoplay H95', { form: 'Полноразмерные', anc: true }]] },
    { brand: 'nothing', name: 'Ear', tier: [0.35, 0.6], weight: 0.5, models: [['Ear (a)', { anc: true }], ['Ear (3)', { anc: true }]] },
  ],
  build(c) {
    const form = String(c.prop('form') ?? (/AirPods 4$|Minor/.test(c.model) ? 'Вкладыши' : 'Внутриканальные'));
    const over = form === 'Полноразмерные' || form === 'Накладные';
    return {
      values: {
        form,
        anc: c.yn(c.prop('anc') === true),
        battery_hours: over ? c.rnd(30, 70, 5) : c.rnd(5, 9),
        battery_case: over ? 0 : c.rnd(24, 40, 2),
        bt: c.by(['5.0', '5.2', '5.3', '5.3', '5.4', '6.0'], 0.08),
        water: over ? 'Нет' : c.pick(['IPX4', 'IPX5', 'IP54', 'IP55']),
        multipoint: c.yn(c.t > 0.4 ? 0.8 : 0.3),
      },
      price: c.price(1290, 59990),
      showColor: true,
    };
  },
  blurbs: ['{name} — беспроводной звук без компромиссов: чистые высокие частоты, плотный бас и удобная посадка.', 'Управление касаниями и быстрое подключение: {name} готовы к работе сразу после открытия кейса.'],
};

export const wiredHeadphones: Profile = {
  categoryId: 106,
  noun: 'Наушники проводные',
  weight: 1.2,
  specs: [
    L('form', 'Конструкция', 'general', ['Внутриканальные', 'Вкладыши', 'Накладные', 'Полноразмерные']),
    L('plug', 'Разъём', 'connect', ['3.5 мм', 'USB Type-C', 'Lightning']),
    yn('mic', 'Микрофон'),
    R('cable', 'Длина кабеля', 'size', 'м', 1, false),
    COLOR_SPEC,
  ],
  colors: [C.black, C.white, C.blue, C.red],
  series: [
    { brand: 'sony', name: 'MDR', tier: [0.05, 0.9], models: ['MDR-EX15LP', ['MDR-ZX110', { form: 'Накладные' }], ['MDR-7506', { form: 'Полноразмерные' }]] },
    { brand: 'apple', name: 'EarPods', tier: [0.4, 0.5], colors: [C.white], models: [['EarPods (USB-C)', { plug: 'USB Type-C', form: 'Вкладыши' }], ['EarPods (Lightning)', { plug: 'Lightning', form: 'Вкладыши' }]] },
    { brand: 'jbl', name: 'Tune', tier: [0.05, 0.3], models: ['Tune 110', ['Tune 310C', { plug: 'USB Type-C' }]] },
    { brand: 'philips', name: 'TAE', tier: [0, 0.2], models: ['TAE1105', 'TAUE101'] },
    { brand: 'samsung', name: 'EO', tier: [0.1, 0.3], models: [['EO-IC100 USB Type-C', { plug: 'USB Type-C' }]] },
    { brand: 'defender', name: 'Defender', tier: [0, 0.1], models: ['Basic 604', 'Pulse 420'] },
  ],
  build(c) {
    const form = String(c.prop('form') ?? 'Внутриканальные');
    return {
      values: { form, plug: String(c.prop('plug') ?? '3.5 мм'), mic: c.yn(form !== 'Полноразмерные'), cable: c.pick([1.2, 1.2, 1.5, 3]) },
      price: c.price(390, 9990),
    };
  },
  blurbs: ['{name} не требуют зарядки и подключаются к любому устройству с подходящим разъёмом.'],
};

export const tablets: Profile = {
  categoryId: 107,
  noun: 'Планшет',
  weight: 3,
  tradeIn: true,
  maxQuantity: 5,
  specs: [
    L('os', 'Операционная система', 'general', ['Android 14', 'Android 15', 'iPadOS 18', 'iPadOS 26', 'HarmonyOS 4.2']),
    R('screen_diag', 'Диагональ экрана', 'screen', '"', 1),
    L('rom', 'Встроенная память', 'memory', ['64', '128', '256', '512', '1024'], 'ГБ'),
    L('ram', 'Оперативная память', 'memory', ['4', '6', '8', '12', '16'], 'ГБ'),
    L('cellular', 'Сотовая связь', 'connect', ['Нет', '4G LTE', '5G']),
    R('battery', 'Ёмкость аккумулятора', 'power', 'мА·ч'),
    yn('stylus', 'Поддержка стилуса', 'features', false),
    COLOR_SPEC,
  ],
  colors: [C.gray, C.silver, C.blue, C.pink, C.purple, C.black],
  series: [
    { brand: 'apple', name: 'iPad', tier: [0.45, 1], weight: 2.5, props: { os: 'ipad' },
      models: [['iPad (A16)', { diag: 11 }], ['iPad mini (A17 Pro)', { diag: 8.3 }], ['iPad Air 11 (M3)', { diag: 11 }], ['iPad Air 13 (M3)', { diag: 13 }], ['iPad Pro 11 (M5)', { diag: 11 }], ['iPad Pro 13 (M5)', { diag: 13 }]] },
    { brand: 'samsung', name: 'Galaxy Tab A', tier: [0.1, 0.3], weight: 1.5, models: [['Galaxy Tab A9', { diag: 8.7 }], ['Galaxy Tab A9+', { diag: 11 }]] },
    { brand: 'samsung', name: 'Galaxy Tab S', tier: [0.5, 0.95], models: [['Galaxy Tab S10 FE', { diag: 10.9 }], ['Galaxy Tab S10+', { diag: 12.4 }], ['Galaxy Tab S10 Ultra', { diag: 14.6 }]] },
    { brand: 'xiaomi', name: 'Pad', tier: [0.15, 0.6], weight: 1.5, models: [['Redmi Pad 2', { diag: 11 }], ['Redmi Pad Pro', { diag: 12.1 }], ['Pad 7', { diag: 11.2 }], ['Pad 7 Pro', { diag: 11.2 }]] },
    { brand: 'huawei', name: 'MatePad', tier: [0.2, 0.85], props: { os: 'harmony' }, models: [['MatePad SE 11', { diag: 11 }], ['MatePad 11.5', { diag: 11.5 }], ['MatePad Pro 13.2', { diag: 13.2 }]] },
    { brand: 'honor', name: 'HONOR Pad', tier: [0.1, 0.35], models: [['Pad X9a', { diag: 11.5 }], ['Pad 10', { diag: 12.1 }]] },
    { brand: 'lenovo', name: 'Tab', tier: [0.05, 0.45], models: [['Tab M11', { diag: 11 }], ['Idea Tab Pro', { diag: 12.7 }], ['Tab P12', { diag: 12.7 }]] },
  ],
  build(c) {
    const apple = c.prop('os') === 'ipad';
    const memory: [number, number][] = apple
      ? (/Pro/.test(c.model) ? [[12, 256], [12, 512], [16, 1024]] : [[8, 128], [8, 256], [8, 512]])
      : c.by([[[4, 64], [4, 128]], [[6, 128], [8, 128]], [[8, 128], [8, 256]], [[8, 256], [12, 256]], [[12, 256], [12, 512]]] as [number, number][][], 0.05);
    const [ram, rom] = c.vpick(memory);
    const lte = c.v.chance(c.t > 0.3 ? 0.35 : 0.2);
    const diag = Number(c.prop('diag') ?? 11);
    return {
      values: {
        os: apple ? (/M5|A16/.test(c.model) ? 'iPadOS 26' : 'iPadOS 18') : c.prop('os') === 'harmony' ? 'HarmonyOS 4.2' : c.by(['Android 14', 'Android 15']),
        screen_diag: diag,
        rom: String(rom),
        ram: String(ram),
        cellular: lte ? (c.t > 0.6 ? '5G' : '4G LTE') : 'Нет',
        battery: apple ? c.rnd(5100, 10300, 10) : Math.round(diag * 720 / 100) * 100,
        stylus: c.yn(c.t > 0.45),
      },
      price: c.price(9990, 190000) * (MEMORY_MULT[rom] ?? 1) * (lte ? 1.15 : 1),
      variant: `${apple ? '' : `${ram}/`}${rom === 1024 ? '1 ТБ' : `${rom} ГБ`} ${lte ? (c.t > 0.6 ? '5G' : 'LTE') : 'Wi-Fi'}`.replace(/^\s+/, ''),
    };
  },
  blurbs: ['{name} подходит для учёбы, работы и кино: большой экран, стереодинамики и долгая автономность.'],
};

export const ebooks: Profile = {
  categoryId: 108,
  noun: 'Электронная книга',
  weight: 0.7,
  specs: [
    R('screen_diag', 'Диагональ экрана', 'screen', '"', 1),
    L('screen_type', 'Тип экрана', 'screen', ['E Ink Carta 1200', 'E Ink Carta 1300', 'E Ink Kaleido 3']),
    yn('backlight', 'Подсветка экрана', 'screen'),
    L('rom', 'Встроенная память', 'memory', ['8', '16', '32', '64', '128'], 'ГБ'),
    yn('water', 'Защита от воды', 'features'),
    COLOR_SPEC,
  ],
  colors: [C.black, C.gray, ['медный', '#a86b4c'], C.white],
  series: [
    { brand: 'pocketbook', name: 'PocketBook', tier: [0.1, 0.9], weight: 2, models: [['618 Basic Lux 4', { diag: 6 }], ['629 Verse', { diag: 6 }], ['634 Verse Pro', { diag: 6 }], ['700 Era', { diag: 7 }], ['743C InkPad 4', { diag: 7.8, color: true }]] },
    { brand: 'onyx_boox', name: 'BOOX', tier: [0.3, 1], models: [['Poke 5', { diag: 6 }], ['Leaf 3', { diag: 7 }], ['Note Air 4C', { diag: 10.3, color: true }], ['Go 10.3', { diag: 10.3 }]] },
  ],
  build(c) {
    return {
      values: {
        screen_diag: Number(c.prop('diag') ?? 6),
        screen_type: c.prop('color') === true ? 'E Ink Kaleido 3' : c.t > 0.5 ? 'E Ink Carta 1300' : 'E Ink Carta 1200',
        backlight: c.yn(c.t > 0.08),
        rom: c.by(['8', '16', '32', '64', '128']),
        water: c.yn(c.t > 0.4),
      },
      price: c.price(9990, 65000),
    };
  },
  blurbs: ['{name} бережёт глаза: экран E Ink без мерцания читается как бумага даже на солнце.'],
};

const CASE_TARGETS = ['iPhone 16', 'iPhone 16 Pro', 'iPhone 16 Pro Max', 'iPhone 17', 'iPhone 17 Pro', 'iPhone 17 Pro Max', 'Galaxy S25', 'Galaxy S25 Ultra', 'Galaxy A56', 'Galaxy A36', 'Redmi Note 14', 'Redmi Note 14 Pro'];

export const phoneCases: Profile = {
  categoryId: 110,
  noun: 'Чехол',
  weight: 2.5,
  specs: [
    L('compat', 'Совместимость', 'general', CASE_TARGETS),
    L('case_type', 'Тип', 'general', ['накладка', 'книжка']),
    L('material', 'Материал', 'look', ['силикон', 'поликарбонат', 'полиуретан', 'экокожа', 'ткань']),
    yn('magsafe', 'Поддержка MagSafe'),
    COLOR_SPEC,
  ],
  colors: [C.black, C.darkBlue, ['прозрачный', '#dfe6ee'], C.pink, C.green, C.beige, C.purple],
  colorsPerModel: [2, 5],
  series: [
    { brand: 'apple', name: 'Silicone Case', tier: [0.7, 0.8], models: CASE_TARGETS.slice(0, 6).map((t) => [`Silicone Case MagSafe для ${t}`, { target: t, material: 'силикон', magsafe: true }] as const) },
    { brand: 'apple', name: 'Clear Case', tier: [0.75, 0.85], colors: [['прозрачный', '#dfe6ee']], models: CASE_TARGETS.slice(0, 6).map((t) => [`Clear Case MagSafe для ${t}`, { target: t, material: 'поликарбонат', magsafe: true }] as const) },
    { brand: 'samsung', name: 'Silicone Case', tier: [0.4, 0.6], models: CASE_TARGETS.slice(6, 10).map((t) => [`Silicone Case для ${t}`, { target: t, material: 'силикон' }] as const) },
    { brand: 'samsung', name: 'Smart View Wallet', tier: [0.55, 0.7], models: CASE_TARGETS.slice(6, 10).map((t) => [`Smart View Wallet Case для ${t}`, { target: t, material: 'полиуретан', book: true }] as const) },
    { brand: 'baseus', name: 'Crystal', tier: [0.05, 0.3], weight: 2, models: CASE_TARGETS.map((t) => [`Crystal Series для ${t}`, { target: t, material: 'поликарбонат', magsafe: t.startsWith('iPhone') }] as const) },
    { brand: 'xiaomi', name: 'Case', tier: [0.1, 0.2], models: CASE_TARGETS.slice(10).map((t) => [`Silicone Case для ${t}`, { target: t, material: 'силикон' }] as const) },
  ],
  build(c) {
    return {
      values: {
        compat: String(c.prop('target')),
        case_type: c.prop('book') === true ? 'книжка' : 'накладка',
        material: String(c.prop('material') ?? 'силикон'),
        magsafe: c.yn(c.prop('magsafe') === true),
      },
      price: c.price(590, 6990),
    };
  },
  blurbs: ['{name} защищает корпус и камеру от царапин и ударов и не мешает беспроводной зарядке.'],
};

export const chargers: Profile = {
  categoryId: 111,
  noun: 'Сетевое зарядное устройство',
  weight: 1.8,
  specs: [
    R('power_w', 'Мощность', 'power', 'Вт'),
    L('ports', 'Разъёмы', 'connect', ['USB Type-C', 'USB Type-C + USB-A', '2 × USB Type-C', '2 × USB Type-C + USB-A', '3 × USB Type-C + USB-A']),
    L('fast', 'Быстрая зарядка', 'features', ['Power Delivery', 'Power Delivery + Quick Charge', 'Super Fast Charging', 'HyperCharge']),
    yn('gan', 'Технология GaN'),
    yn('cable', 'Кабель в комплекте', 'extra', false),
    COLOR_SPEC,
  ],
  colors: [C.white, C.black],
  series: [
    { brand: 'apple', name: 'Power Adapter', tier: [0.5, 0.8], colors: [C.white], models: ['20W USB-C Power Adapter', '35W Dual USB-C Port Compact Power Adapter'] },
    { brand: 'samsung', name: 'EP-T', tier: [0.3, 0.6], models: ['EP-T2510 25W', 'EP-T4510 45W'] },
    { brand: 'xiaomi', name: 'Charger', tier: [0.2, 0.7], models: ['33W Charger', '67W Charging Combo', '120W HyperCharge Combo'] },
    { brand: 'anker', name: 'Nano', tier: [0.3, 0.9], weight: 1.5, models: ['Nano 20W', 'Nano 30W', '735 Nano II 65W', 'Prime 100W'] },
    { brand: 'baseus', name: 'GaN', tier: [0.1, 0.8], weight: 1.5, models: ['GaN5 30W', 'GaN5 Pro 65W', 'GaN6 Pro 100W'] },
  ],
  build(c) {
    const w = c.numIn(/(\d+)\s?W/, 20);
    return {
      values: {
        power_w: w,
        ports: w <= 25 ? 'USB Type-C' : w <= 35 ? c.pick(['USB Type-C + USB-A', '2 × USB Type-C']) : w <= 70 ? '2 × USB Type-C + USB-A' : '3 × USB Type-C + USB-A',
        fast: c.brand === 'samsung' ? 'Super Fast Charging' : c.brand === 'xiaomi' && w > 60 ? 'HyperCharge' : w > 25 ? 'Power Delivery + Quick Charge' : 'Power Delivery',
        gan: c.yn(w >= 30),
        cable: c.yn(/Combo/.test(c.model) || c.brand === 'xiaomi'),
      },
      price: 400 + w * 45 * (c.brand === 'apple' ? 1.6 : 1) * c.m.float(0.9, 1.1),
    };
  },
  blurbs: ['{name} заряжает смартфон, планшет и даже ноутбук; защита от перегрева и перенапряжения встроена.'],
};

export const powerBanks: Profile = {
  categoryId: 112,
  noun: 'Внешний аккумулятор',
  weight: 1.8,
  specs: [
    R('capacity', 'Ёмкость', 'power', 'мА·ч'),
    R('power_w', 'Максимальная мощность', 'power', 'Вт'),
    L('outputs', 'Количество выходов', 'connect', ['1', '2', '3', '4']),
    yn('wireless', 'Беспроводная зарядка'),
    yn('display', 'Индикатор заряда в процентах', 'features', false),
    COLOR_SPEC,
  ],
  colors: [C.black, C.white, C.blue, C.gray],
  series: [
    { brand: 'xiaomi', name: 'Power Bank', tier: [0.1, 0.8], weight: 2, models: ['Power Bank 10000 22.5W', 'Power Bank 20000 22.5W', 'Magnetic Power Bank 5000 7.5W', 'Power Bank 25000 212W'] },
    { brand: 'anker', name: 'PowerCore', tier: [0.2, 1], models: ['PowerCore 10000 12W', 'Zolo 20000 30W', 'Prime 26250 300W'] },
    { brand: 'baseus', name: 'Bipow', tier: [0.05, 0.7], weight: 1.5, models: ['Bipow 10000 20W', 'Adaman 20000 65W', 'Blade 20000 100W'] },
    { brand: 'samsung', name: 'EB-P', tier: [0.4, 0.6], models: ['EB-P3400 10000 25W'] },
  ],
  build(c) {
    const cap = c.numIn(/\b(\d{4,5})\b/, 10000);
    const w = c.numIn(/([\d.]+)W/, 20);
    return {
      values: {
        capacity: cap,
        power_w: w,
        outputs: w > 60 ? '3' : cap >= 20000 ? '2' : c.pick(['1', '2']),
        wireless: c.yn(/Magnetic/.test(c.model)),
        display: c.yn(w >= 65),
      },
      price: 600 + cap * 0.08 + w * 18 * c.m.float(0.9, 1.1),
    };
  },
  blurbs: ['{name} выручит в поездке: заряда хватит на несколько полных циклов смартфона.'],
};

export const GADGET_PROFILES: Profile[] = [smartphones, smartWatches, fitnessBands, wirelessHeadphones, wiredHeadphones, tablets, ebooks, phoneCases, chargers, powerBanks];

export { YES_NO };
