/** TV and audio; laptops and computers. */
import { C, COLOR_SPEC, DARK_COLORS, L, R, yn, type Ctx, type Profile } from './profile-kit.ts';

const TV_OS: Record<string, string> = {
  samsung: 'Tizen', lg: 'webOS', hisense: 'VIDAA', sber: 'Салют ТВ', yandex: 'Яндекс ТВ (YaOS)', xiaomi: 'Google TV', tcl: 'Google TV',
  philips: 'Google TV', sony: 'Google TV', haier: 'Android TV',
};
const TV_BRAND_MULT: Record<string, number> = { sber: 0.78, yandex: 0.85, haier: 0.82, tcl: 0.86, xiaomi: 0.84, hisense: 0.86, samsung: 1.05, lg: 1.05, sony: 1.3, philips: 1 };
const TECH_MULT: Record<string, number> = { LED: 1, QLED: 1.3, 'Mini LED': 1.8, OLED: 2.6 };

export const televisions: Profile = {
  categoryId: 201,
  noun: 'Телевизор',
  weight: 9,
  tradeIn: true,
  maxQuantity: 3,
  colorsPerModel: [1, 1],
  specs: [
    R('diag', 'Диагональ', 'screen', '"'),
    L('resolution', 'Разрешение', 'screen', ['HD', 'Full HD', '4K UHD', '8K']),
    L('tech', 'Технология экрана', 'screen', ['LED', 'QLED', 'Mini LED', 'OLED']),
    L('refresh_rate', 'Частота обновления', 'screen', ['50', '60', '100', '120', '144'], 'Гц'),
    L('hdr', 'Поддержка HDR', 'screen', ['Нет', 'HDR10', 'HDR10+', 'Dolby Vision', 'HDR10+, Dolby Vision']),
    yn('smart_tv', 'Smart TV', 'features'),
    L('tv_os', 'Платформа Smart TV', 'features', ['Tizen', 'webOS', 'VIDAA', 'Google TV', 'Android TV', 'Салют ТВ', 'Яндекс ТВ (YaOS)']),
    R('sound_power', 'Мощность звука', 'sound', 'Вт'),
    L('hdmi', 'Количество HDMI', 'connect', ['2', '3', '4'], null, false),
    L('energy_class', 'Класс энергопотребления', 'energy', ['A', 'B', 'C', 'D', 'E', 'F', 'G'], null, false),
    COLOR_SPEC,
  ],
  colors: [C.black, C.black, C.black, C.graphite, C.silver],
  series: [
    { brand: 'samsung', name: 'Crystal UHD', tier: [0.15, 0.4], weight: 2, props: { tech: 'LED' }, sizes: [43, 50, 55, 65, 75, 85], models: ['UE{d}DU7100U', 'UE{d}DU8000U'] },
    { brand: 'samsung', name: 'QLED', tier: [0.4, 0.6], props: { tech: 'QLED' }, sizes: [43, 50, 55, 65, 75], models: ['QE{d}Q60D', 'QE{d}Q80D'] },
    { brand: 'samsung', name: 'Neo QLED', tier: [0.7, 0.95], props: { tech: 'Mini LED' }, sizes: [55, 65, 75, 85], models: ['QE{d}QN85D', 'QE{d}QN90D', ['QE{d}QN900D', { res: '8K' }]] },
    { brand: 'samsung', name: 'OLED', tier: [0.85, 1], props: { tech: 'OLED' }, sizes: [55, 65, 77], models: ['QE{d}S90D', 'QE{d}S95D'] },
    { brand: 'lg', name: 'UHD', tier: [0.15, 0.35], weight: 1.5, props: { tech: 'LED' }, sizes: [43, 50, 55, 65, 75], models: ['{d}UR78006LK', '{d}UT80006LA'] },
    { brand: 'lg', name: 'NanoCell', tier: [0.35, 0.55], props: { tech: 'LED' }, sizes: [43, 50, 55, 65], models: ['{d}NANO80T6A'] },
    { brand: 'lg', name: 'QNED', tier: [0.5, 0.7], props: { tech: 'QLED' }, sizes: [50, 55, 65, 75, 86], models: ['{d}QNED86T6A'] },
    { brand: 'lg', name: 'OLED', tier: [0.8, 1], props: { tech: 'OLED' }, sizes: [48, 55, 65, 77, 83], models: ['OLED{d}B4RLA', 'OLED{d}C4RLA', 'OLED{d}G4RLA'] },
    { brand: 'xiaomi', name: 'TV A', tier: [0.05, 0.35], weight: 2, props: { tech: 'LED' }, sizes: [32, 43, 50, 55, 65, 75], models: ['TV A {d} 2025', 'TV A Pro {d} 2025'] },
    { brand: 'xiaomi', name: 'TV S', tier: [0.55, 0.75], props: { tech: 'Mini LED' }, sizes: [55, 65, 75], models: ['TV S Mini LED {d} 2025'] },
    { brand: 'hisense', name: 'A6', tier: [0.1, 0.3], props: { tech: 'LED' }, sizes: [43, 50, 55, 65, 75], models: ['{d}A6N', '{d}A6Q'] },
    { brand: 'hisense', name: 'E7', tier: [0.35, 0.55], props: { tech: 'QLED' }, sizes: [55, 65, 75], models: ['{d}E7NQ'] },
    { brand: 'hisense', name: 'U8', tier: [0.6, 0.85], props: { tech: 'Mini LED' }, sizes: [55, 65, 75, 100], models: ['{d}U8NQ'] },
    { brand: 'tcl', name: 'P7', tier: [0.1, 0.3], weight: 1.5, props: { tech: 'LED' }, sizes: [43, 50, 55, 65, 75], models: ['{d}P755', '{d}V6B'] },
    { brand: 'tcl', name: 'C7', tier: [0.35, 0.6], props: { tech: 'QLED' }, sizes: [50, 55, 65, 75, 85], models: ['{d}C755', '{d}C6K'] },
    { brand: 'tcl', name: 'C8', tier: [0.6, 0.85], props: { tech: 'Mini LED' }, sizes: [65, 75, 85, 98], models: ['{d}C855', '{d}QM8K'] },
    { brand: 'haier', name: 'Smart TV', tier: [0.05, 0.35], weight: 1.5, props: { tech: 'LED' }, sizes: [32, 43, 50, 55, 65], models: ['{d} Smart TV S5', '{d} Smart TV M1'] },
    { brand: 'haier', name: 'Smart TV S7', tier: [0.4, 0.55], props: { tech: 'QLED' }, sizes: [55, 65, 75], models: ['{d} Smart TV S7'] },
    { brand: 'sber', name: 'SDX', tier: [0, 0.25], weight: 1.5, props: { tech: 'LED' }, sizes: [32, 43, 50, 55, 65], models: ['SDX-{d}U4126', 'SDX-{d}F2120'] },
    { brand: 'yandex', name: 'ТВ Станция', tier: [0.2, 0.55], props: { tech: 'LED' }, sizes: [43, 50, 55, 65], models: ['ТВ Станция {d}', ['ТВ Станция Про {d}', { tech: 'QLED' }]] },
    { brand: 'philips', name: 'PUS', tier: [0.2, 0.45], props: { tech: 'LED' }, sizes: [43, 50, 55, 65], models: ['{d}PUS7009', '{d}PUS8009'] },
    { brand: 'philips', name: 'OLED', tier: [0.8, 0.95], props: { tech: 'OLED' }, sizes: [55, 65, 77], models: ['{d}OLED809', '{d}OLED909'] },
    { brand: 'sony', name: 'BRAVIA', tier: [0.4, 0.7], props: { tech: 'LED' }, sizes: [43, 50, 55, 65, 75, 85], models: ['KD-{d}X75WL', ['K-{d}XR70', { tech: 'Mini LED' }]] },
    { brand: 'sony', name: 'BRAVIA 8', tier: [0.85, 1], props: { tech: 'OLED' }, sizes: [55, 65, 77], models: ['K-{d}XR80'] },
  ],
  build(c) {
    const d = c.size ?? 55;
    const tech = String(c.prop('tech') ?? 'LED');
    const res = c.prop('res') === '8K' ? '8K' : d <= 32 ? (c.t > 0.3 ? 'Full HD' : 'HD') : d <= 43 && c.t < 0.2 && c.m.chance(0.5) ? 'Full HD' : '4K UHD';
    const shortRes = res;
    const premium = tech === 'OLED' || tech === 'Mini LED';
    const refresh = premium ? c.pick(['120', '144']) : tech === 'QLED' ? c.pick(['60', '100', '120']) : d <= 43 ? c.pick(['50', '60']) : '60';
    const hdr = res === 'HD' ? 'Нет' : c.brand === 'samsung' ? 'HDR10+' : premium ? 'HDR10+, Dolby Vision' : c.t > 0.3 ? 'Dolby Vision' : 'HDR10';
    const base = 14000 * Math.pow(d / 32, 2.2);
    const price = base * (TECH_MULT[tech] ?? 1) * (TV_BRAND_MULT[c.brand] ?? 1) * (0.75 + 0.5 * c.t) * (res === '8K' ? 2.2 : 1) * c.m.float(0.95, 1.05);
    const smart = !(d <= 32 && c.t < 0.08);
    return {
      values: {
        diag: d,
        resolution: res,
        tech,
        refresh_rate: refresh,
        hdr,
        smart_tv: c.yn(smart),
        tv_os: smart ? TV_OS[c.brand] ?? 'Google TV' : undefined,
        sound_power: premium ? c.rnd(40, 60, 10) : d <= 43 ? c.pick([10, 16, 20]) : c.pick([20, 20, 30, 40]),
        hdmi: d <= 32 ? '2' : premium ? '4' : c.pick(['3', '3', '4']),
        energy_class: c.by(['G', 'F', 'F', 'E', 'E', 'D']),
      },
      price,
      // Models such as 'ТВ Станция 55' already carry the diagonal.
      variant: new RegExp(`(^| )${d}( |$)`).test(c.model) ? shortRes : `${d}" ${shortRes}`,
      showColor: false,
    };
  },
  blurbs: [
    '{name}: чёткое изображение, насыщенные цвета и быстрый Smart TV с онлайн-кинотеатрами.',
    'Тонкие рамки и аккуратная подставка: {name} хорошо смотрится в любом интерьере.',
    'Поддержка голосового управления и трансляции экрана смартфона делает {name} центром домашних развлечений.',
  ],
};

export const soundbars: Profile = {
  categoryId: 202,
  noun: 'Саундбар',
  weight: 1.5,
  specs: [
    L('channels', 'Конфигурация', 'sound', ['2.0', '2.1', '3.1', '5.1', '5.1.2', '7.1.4', '9.1.4', '11.1.4']),
    R('power_w', 'Суммарная мощность', 'sound', 'Вт'),
    L('sub', 'Сабвуфер', 'sound', ['Нет', 'Беспроводной', 'Встроенный']),
    yn('atmos', 'Dolby Atmos', 'sound'),
    yn('earc', 'HDMI eARC', 'connect'),
    COLOR_SPEC,
  ],
  colors: [C.black, C.black, C.graphite, C.white],
  colorsPerModel: [1, 1],
  series: [
    { brand: 'samsung', name: 'HW', tier: [0.1, 1], weight: 1.5, models: ['HW-B450', 'HW-B550', 'HW-Q600C', 'HW-Q800D', 'HW-Q990D'] },
    { brand: 'lg', name: 'Sound Bar', tier: [0.1, 0.95], models: ['S40T', 'S60T', 'S70TY', 'S95TR'] },
    { brand: 'sony', name: 'HT', tier: [0.1, 0.9], models: ['HT-S100F', 'HT-S400', 'HT-A5000'] },
    { brand: 'jbl', name: 'Bar', tier: [0.25, 1], models: ['Bar 300', 'Bar 500', 'Bar 800', 'Bar 1300'] },
    { brand: 'xiaomi', name: 'Soundbar', tier: [0, 0.2], models: ['Redmi TV Soundbar', 'Soundbar 2.0ch'] },
  ],
  build(c) {
    const channels = c.by(['2.0', '2.1', '3.1', '5.1', '5.1.2', '7.1.4', '9.1.4', '11.1.4'], 0.05);
    const hasSub = channels.includes('.1');
    return {
      values: {
        channels,
        power_w: c.num(80, 650, 10),
        sub: hasSub ? (c.t > 0.2 ? 'Беспроводной' : 'Встроенный') : 'Нет',
        atmos: c.yn(c.t > 0.55),
        earc: c.yn(c.t > 0.3),
      },
      price: c.price(4990, 120000),
    };
  },
  blurbs: ['{name} делает звук телевизора объёмным и разборчивым — диалоги слышны даже на небольшой громкости.'],
};

export const portableSpeakers: Profile = {
  categoryId: 204,
  noun: 'Портативная колонка',
  weight: 2,
  specs: [
    R('power_w', 'Мощность', 'sound', 'Вт'),
    R('battery_hours', 'Время работы', 'power', 'ч'),
    L('water', 'Влагозащита', 'features', ['Нет', 'IPX4', 'IPX7', 'IP67']),
    L('bt', 'Версия Bluetooth', 'connect', ['5.1', '5.3', '5.4']),
    yn('light', 'Подсветка', 'features'),
    COLOR_SPEC,
  ],
  colors: [C.black, C.blue, C.red, ['камуфляж', '#5b6b4a'], C.gray, C.pink],
  colorsPerModel: [2, 4],
  series: [
    { brand: 'jbl', name: 'Go', tier: [0.05, 0.1], models: ['Go 4'] },
    { brand: 'jbl', name: 'Clip', tier: [0.15, 0.2], models: ['Clip 5'] },
    { brand: 'jbl', name: 'Flip', tier: [0.25, 0.35], weight: 1.5, models: ['Flip 6', 'Flip 7'] },
    { brand: 'jbl', name: 'Charge', tier: [0.4, 0.5], weight: 1.5, models: ['Charge 5', 'Charge 6'] },
    { brand: 'jbl', name: 'Xtreme', tier: [0.6, 0.65], models: ['Xtreme 4'] },
    { brand: 'jbl', name: 'Boombox', tier: [0.75, 0.8], models: ['Boombox 3'] },
    { brand: 'jbl', name: 'PartyBox', tier: [0.7, 1], models: ['PartyBox Encore', 'PartyBox 320', 'PartyBox 710'] },
    { brand: 'marshall', name: 'Marshall', tier: [0.4, 0.85], colors: [C.black, C.beige, ['кремовый', '#efe3c8']], models: ['Emberton II', 'Emberton III', 'Middleton', 'Stanmore III'] },
    { brand: 'sony', name: 'ULT', tier: [0.3, 0.95], models: ['ULT Field 1', 'ULT Field 7', 'ULT Tower 10'] },
    { brand: 'xiaomi', name: 'Sound', tier: [0, 0.3], models: ['Sound Pocket', 'Sound Outdoor 30W'] },
  ],
  build(c) {
    const party = /Party|Tower|Boombox/.test(c.model);
    return {
      values: {
        power_w: party ? c.num(120, 800, 10) : c.num(4, 60, 1),
        battery_hours: party ? c.rnd(12, 25) : c.rnd(7, 24),
        water: party ? c.pick(['Нет', 'IPX4']) : /Stanmore/.test(c.model) ? 'Нет' : c.pick(['IPX7', 'IP67']),
        bt: c.by(['5.1', '5.3', '5.4']),
        light: c.yn(party || /Pulse|Field 7/.test(c.model)),
      },
      price: c.price(1990, 89990),
    };
  },
  blurbs: ['{name} — громкий звук с глубоким басом в компактном корпусе; берите с собой на дачу и в поездки.'],
};

export const smartSpeakers: Profile = {
  categoryId: 205,
  noun: 'Умная колонка',
  weight: 1.2,
  specs: [
    L('assistant', 'Голосовой помощник', 'features', ['Алиса', 'Салют']),
    R('power_w', 'Мощность', 'sound', 'Вт'),
    L('hub', 'Хаб умного дома', 'features', ['Нет', 'Wi-Fi', 'Zigbee']),
    yn('screen', 'Экран', 'features'),
    COLOR_SPEC,
  ],
  colors: [C.black, C.white, C.gray, C.beige, C.purple, C.green],
  series: [
    { brand: 'yandex', name: 'Станция', tier: [0.05, 1], weight: 3, models: ['Станция Лайт 2', 'Станция Мини 3', 'Станция 2', 'Станция Миди', 'Станция Макс', 'Станция Дуо Макс'] },
    { brand: 'sber', name: 'SberBoom', tier: [0.05, 0.8], weight: 1.5, models: ['SberBoom Mini 2', 'SberBoom Home', 'SberBoom'] },
  ],
  build(c) {
    return {
      values: {
        assistant: c.brand === 'yandex' ? 'Алиса' : 'Салют',
        power_w: c.num(5, 65, 1),
        hub: c.t > 0.5 ? 'Zigbee' : c.t > 0.2 ? 'Wi-Fi' : 'Нет',
        screen: c.yn(/Дуо Макс|Макс/.test(c.model)),
      },
      price: c.price(2990, 39990),
    };
  },
  blurbs: ['{name} включит музыку, расскажет о погоде и управляет умным домом голосом.'],
};

export const tvBoxes: Profile = {
  categoryId: 206,
  noun: 'ТВ-приставка',
  weight: 0.8,
  specs: [
    L('resolution', 'Максимальное разрешение', 'general', ['Full HD', '4K UHD']),
    L('os', 'Операционная система', 'general', ['Google TV', 'Android TV', 'Салют ТВ', 'tvOS']),
    L('rom', 'Встроенная память', 'memory', ['8', '16', '32', '64', '128'], 'ГБ'),
    yn('voice', 'Голосовое управление'),
  ],
  colors: [C.black],
  series: [
    { brand: 'xiaomi', name: 'TV Box', tier: [0.1, 0.4], weight: 2, models: ['TV Stick 4K', 'TV Box S 2nd Gen'] },
    { brand: 'sber', name: 'SberBox', tier: [0.05, 0.5], weight: 1.5, models: ['SberBox 2', 'SberBox Top'] },
    { brand: 'apple', name: 'Apple TV', tier: [0.8, 1], models: ['TV 4K (3rd generation)'] },
  ],
  build(c) {
    return {
      values: {
        resolution: c.t > 0.2 ? '4K UHD' : 'Full HD',
        os: c.brand === 'apple' ? 'tvOS' : c.brand === 'sber' ? 'Салют ТВ' : 'Google TV',
        rom: c.brand === 'apple' ? c.vpick(['64', '128']) : c.by(['8', '8', '16', '32']),
        voice: 'Да',
      },
      price: c.price(2990, 22990),
      showColor: false,
    };
  },
  blurbs: ['{name} превращает обычный телевизор в Smart TV с онлайн-кинотеатрами и играми.'],
};

export const tvMounts: Profile = {
  categoryId: 207,
  noun: 'Кронштейн для ТВ',
  weight: 1,
  specs: [
    R('max_diag', 'Максимальная диагональ', 'general', '"'),
    R('max_load', 'Максимальная нагрузка', 'general', 'кг'),
    L('mount_type', 'Тип крепления', 'general', ['фиксированный', 'наклонный', 'наклонно-поворотный']),
    L('vesa', 'VESA', 'general', ['200×200', '400×400', '600×400', '800×600']),
    COLOR_SPEC,
  ],
  colors: [C.black, C.black, C.white],
  colorsPerModel: [1, 1],
  series: [
    { brand: 'kromax', name: 'ATLANTIS', tier: [0.4, 1], models: ['ATLANTIS-15', 'ATLANTIS-46', 'ATLANTIS-80'] },
    { brand: 'kromax', name: 'FLAT', tier: [0, 0.3], models: ['FLAT-4', 'FLAT-6'] },
    { brand: 'holder', name: 'LCD', tier: [0.1, 0.8], models: ['LCD-F4611', 'LCD-T6628', 'LCD-SU4601'] },
  ],
  build(c) {
    const d = c.num(43, 90, 5);
    return {
      values: {
        max_diag: d,
        max_load: c.num(25, 60, 5),
        mount_type: c.by(['фиксированный', 'наклонный', 'наклонно-поворотный']),
        vesa: d <= 55 ? '400×400' : d <= 70 ? '600×400' : '800×600',
      },
      price: c.price(990, 8990),
    };
  },
  blurbs: ['{name} надёжно держит телевизор на стене; крепёж в комплекте.'],
};

/* ---------- computers ---------- */

const LAPTOP_CPUS = [
  'Intel Celeron N4500', 'Intel Core i3-1215U', 'AMD Ryzen 5 7520U', 'Intel Core i5-1235U', 'Intel Core 5 120U', 'AMD Ryzen 5 7535HS',
  'Intel Core i5-13420H', 'Intel Core Ultra 5 125H', 'AMD Ryzen 7 7735HS', 'Intel Core i7-13620H', 'Intel Core Ultra 7 155H',
  'AMD Ryzen 7 8845HS', 'AMD Ryzen AI 9 HX 370', 'Intel Core i9-14900HX', 'Apple M4', 'Apple M4 Pro', 'Apple M4 Max',
];
const OFFICE_CPUS = LAPTOP_CPUS.slice(0, 13);
const GPUS = [
  'Intel UHD Graphics', 'Intel Iris Xe Graphics', 'Intel Arc Graphics', 'AMD Radeon Graphics', 'NVIDIA GeForce RTX 3050', 'NVIDIA GeForce RTX 4050',
  'NVIDIA GeForce RTX 4060', 'NVIDIA GeForce RTX 5060', 'NVIDIA GeForce RTX 4070', 'NVIDIA GeForce RTX 5070 Ti', 'NVIDIA GeForce RTX 5080', 'Apple M4 (10 ядер)',
  'Apple M4 Pro (20 ядер)', 'Apple M4 Max (40 ядер)',
];

function shortCpu(cpu: string): string {
  return cpu.replace(/^(Intel|AMD) /, '');
}

function integratedGpu(cpu: string): string {
  if (cpu.startsWith('Apple M4 Max')) return 'Apple M4 Max (40 ядер)';
  if (cpu.startsWith('Apple M4 Pro')) return 'Apple M4 Pro (20 ядер)';
  if (cpu.startsWith('Apple')) return 'Apple M4 (10 ядер)';
  if (cpu.includes('Ultra')) return 'Intel Arc Graphics';
  if (cpu.startsWith('AMD')) return 'AMD Radeon Graphics';
  if (cpu.includes('Celeron') || cpu.includes('i3')) return 'Intel UHD Graphics';
  return 'Intel Iris Xe Graphics';
}

function laptopConfig(c: Ctx, gaming: boolean): { cpu: string; gpu: string; ram: number; ssd: number } {
  const apple = c.brand === 'apple';
  const cpu = apple ? (/Max/.test(c.model) ? 'Apple M4 Max' : /Pro/.test(c.model) && /M4 Pro/.test(c.model) ? 'Apple M4 Pro' : 'Apple M4')
    : gaming ? c.by(['Intel Core i5-13420H', 'AMD Ryzen 5 7535HS', 'Intel Core i7-13620H', 'AMD Ryzen 7 8845HS', 'Intel Core i9-14900HX'], 0.08)
    : c.by(OFFICE_CPUS, 0.08);
  const gpu = gaming ? c.by(['NVIDIA GeForce RTX 3050', 'NVIDIA GeForce RTX 4050', 'NVIDIA GeForce RTX 4060', 'NVIDIA GeForce RTX 5060', 'NVIDIA GeForce RTX 4070', 'NVIDIA GeForce RTX 5070 Ti', 'NVIDIA GeForce RTX 5080'], 0.08) : integratedGpu(cpu);
  const ramOptions = apple ? (/Max/.test(c.model) ? [36, 64] : /Pro/.test(c.model) ? [24, 32] : [16, 24]) : c.t < 0.2 ? [8, 16] : c.t < 0.6 ? [16, 16, 32] : [16, 32];
  const ssdOptions = c.t < 0.2 ? [256, 512] : c.t < 0.6 ? [512, 512, 1024] : [1024, 2048];
  return { cpu, gpu, ram: c.vpick(ramOptions), ssd: c.vpick(ssdOptions) };
}

export const laptops: Profile = {
  categoryId: 301,
  noun: 'Ноутбук',
  weight: 7,
  tradeIn: true,
  maxQuantity: 5,
  specs: [
    L('cpu', 'Процессор', 'cpu', LAPTOP_CPUS),
    L('gpu', 'Видеокарта', 'cpu', GPUS),
    L('ram', 'Оперативная память', 'memory', ['8', '16', '24', '32', '36', '64'], 'ГБ'),
    L('ssd', 'Объём SSD', 'memory', ['256', '512', '1024', '2048'], 'ГБ'),
    R('screen_diag', 'Диагональ экрана', 'screen', '"', 1),
    L('resolution', 'Разрешение экрана', 'screen', ['1920×1080', '1920×1200', '2560×1600', '2880×1800', '2560×1664', '2880×1864', '3024×1964', '3456×2234']),
    L('matrix', 'Тип матрицы', 'screen', ['IPS', 'OLED', 'Mini LED', 'Liquid Retina', 'Liquid Retina XDR']),
    L('refresh_rate', 'Частота обновления экрана', 'screen', ['60', '90', '120', '144', '165', '240'], 'Гц'),
    L('os', 'Операционная система', 'general', ['Без ОС', 'Windows 11 Home', 'Windows 11 Pro', 'macOS', 'Linux']),
    R('battery_hours', 'Время работы от батареи', 'power', 'ч'),
    R('weight', 'Вес', 'size', 'кг', 2, false),
    COLOR_SPEC,
  ],
  colors: [C.silver, C.gray, C.black, C.darkBlue, C.graphite],
  colorsPerModel: [1, 2],
  series: [
    { brand: 'asus', name: 'Vivobook', tier: [0.1, 0.45], weight: 2, models: ['Vivobook 15 X1504VA', 'Vivobook 16 X1605VA', 'Vivobook S 14 OLED'] },
    { brand: 'asus', name: 'Zenbook', tier: [0.55, 0.85], models: ['Zenbook 14 OLED UX3405MA', 'Zenbook S 16 UM5606'] },
    { brand: 'asus', name: 'TUF Gaming', tier: [0.35, 0.6], props: { gaming: true }, models: ['TUF Gaming F15 FX507ZC4', 'TUF Gaming A16 FA608'] },
    { brand: 'asus', name: 'ROG', tier: [0.7, 1], props: { gaming: true }, models: ['ROG Strix G16 G614JV', 'ROG Zephyrus G14 GA403'] },
    { brand: 'lenovo', name: 'IdeaPad', tier: [0.05, 0.45], weight: 2, models: ['IdeaPad Slim 3 15IRH8', 'IdeaPad Slim 5 16IMH9', 'IdeaPad 1 15AMN7'] },
    { brand: 'lenovo', name: 'LOQ', tier: [0.35, 0.55], props: { gaming: true }, models: ['LOQ 15IAX9', 'LOQ 15ARP9'] },
    { brand: 'lenovo', name: 'Legion', tier: [0.65, 1], props: { gaming: true }, models: ['Legion 5 16IRX9', 'Legion Pro 7 16IRX9H'] },
    { brand: 'lenovo', name: 'ThinkPad', tier: [0.45, 0.8], models: ['ThinkPad E14 Gen 6', 'ThinkPad T14 Gen 5'] },
    { brand: 'hp', name: 'HP 15', tier: [0.05, 0.35], models: ['15-fd0', '250 G10'] },
    { brand: 'hp', name: 'Victus', tier: [0.35, 0.6], props: { gaming: true }, models: ['Victus 15-fb2', 'Victus 16-s1'] },
    { brand: 'hp', name: 'OMEN', tier: [0.7, 0.95], props: { gaming: true }, models: ['OMEN 16-xf0'] },
    { brand: 'acer', name: 'Aspire', tier: [0.05, 0.4], models: ['Aspire 3 A315-59', 'Aspire 5 A515-58', 'Aspire Go 15'] },
    { brand: 'acer', name: 'Nitro', tier: [0.35, 0.55], props: { gaming: true }, models: ['Nitro V 15 ANV15-51'] },
    { brand: 'acer', name: 'Swift', tier: [0.5, 0.75], models: ['Swift Go 14 SFG14-73'] },
    { brand: 'msi', name: 'Modern', tier: [0.1, 0.35], models: ['Modern 15 B13M'] },
    { brand: 'msi', name: 'Katana', tier: [0.4, 0.7], props: { gaming: true }, models: ['Thin GF63 12UC', 'Katana 15 B13VFK', 'Crosshair 16 HX'] },
    { brand: 'apple', name: 'MacBook Air', tier: [0.6, 0.8], weight: 1.5, props: { apple: true }, colors: [C.silver, ['серый космос', '#5e6064'], ['полночный', '#2e3642'], ['небесно-голубой', '#a9c3d9']], models: ['MacBook Air 13 M4', 'MacBook Air 15 M4'] },
    { brand: 'apple', name: 'MacBook Pro', tier: [0.8, 1], props: { apple: true }, colors: [C.silver, ['космический черный', '#2b2b2d']], models: ['MacBook Pro 14 M4', 'MacBook Pro 14 M4 Pro', 'MacBook Pro 16 M4 Max'] },
    { brand: 'huawei', name: 'MateBook', tier: [0.3, 0.85], models: ['MateBook D 16', 'MateBook 14', 'MateBook X Pro'] },
    { brand: 'honor', name: 'MagicBook', tier: [0.25, 0.7], models: ['MagicBook X 16', 'MagicBook 14', 'MagicBook Art 14'] },
    { brand: 'xiaomi', name: 'Redmi Book', tier: [0.2, 0.55], models: ['Redmi Book 15', 'Redmi Book Pro 16'] },
    { brand: 'gigabyte', name: 'AORUS', tier: [0.4, 0.9], props: { gaming: true }, models: ['G5 MF5', 'AORUS 16X'] },
  ],
  build(c) {
    const gaming = c.prop('gaming') === true;
    const apple = c.brand === 'apple';
    const diagRaw = c.numIn(/\b(13|14|15|16|17)\b/, c.pick([14, 15, 16]));
    const diag = apple ? (diagRaw === 13 ? 13.6 : diagRaw === 15 ? 15.3 : diagRaw === 14 ? 14.2 : 16.2) : diagRaw === 15 ? 15.6 : diagRaw === 17 ? 17.3 : diagRaw;
    const cfg = laptopConfig(c, gaming);
    const oled = /OLED/.test(c.model) || (c.t > 0.7 && !gaming && c.m.chance(0.4));
    const resolution = apple ? (diag < 14 ? '2560×1664' : diag < 15 ? '3024×1964' : diag < 16 ? '2880×1864' : '3456×2234')
      : c.t > 0.6 ? c.pick(['2560×1600', '2880×1800']) : c.t > 0.3 ? c.pick(['1920×1200', '1920×1080']) : '1920×1080';
    const os = apple ? 'macOS' : c.t < 0.15 ? c.pick(['Без ОС', 'Без ОС', 'Linux']) : c.brand === 'lenovo' && /ThinkPad/.test(c.model) ? 'Windows 11 Pro' : c.pick(['Windows 11 Home', 'Windows 11 Home', 'Без ОС']);
    const ramMult = cfg.ram >= 32 ? 1.22 : cfg.ram >= 24 ? 1.12 : cfg.ram >= 16 ? 1.05 : 1;
    const ssdMult = cfg.ssd >= 2048 ? 1.3 : cfg.ssd >= 1024 ? 1.12 : cfg.ssd <= 256 ? 0.95 : 1;
    const colorless = gaming;
    return {
      values: {
        cpu: cfg.cpu,
        gpu: cfg.gpu,
        ram: String(cfg.ram),
        ssd: String(cfg.ssd),
        screen_diag: diag,
        resolution,
        matrix: apple ? (/Pro/.test(c.model) ? 'Liquid Retina XDR' : 'Liquid Retina') : oled ? 'OLED' : 'IPS',
        refresh_rate: apple ? (/Pro/.test(c.model) ? '120' : '60') : gaming ? c.by(['144', '144', '165', '240']) : c.t > 0.6 ? c.pick(['90', '120']) : '60',
        os,
        battery_hours: apple ? c.rnd(15, 24) : gaming ? c.rnd(4, 7) : c.rnd(7, 14),
        weight: gaming ? c.rnd(2.1, 2.7, 0.05) : c.rnd(1.2, 1.9, 0.05),
      },
      price: c.price(27990, 380000) * ramMult * ssdMult * (gaming ? 1.1 : 1),
      variant: `${diag.toFixed(1).replace(/\.0$/, '')}" ${shortCpu(cfg.cpu)} ${cfg.ram}/${cfg.ssd === 2048 ? '2048' : cfg.ssd} ГБ${os === 'Без ОС' ? ', без ОС' : ''}`,
      showColor: !colorless,
    };
  },
  blurbs: [
    '{name} — производительный ноутбук для учёбы, работы и развлечений с быстрым SSD.',
    'Тонкий корпус, качественный экран и клавиатура с подсветкой: {name} удобен в дороге и дома.',
  ],
};

export const monitors: Profile = {
  categoryId: 302,
  noun: 'Монитор',
  weight: 4,
  colorsPerModel: [1, 1],
  specs: [
    R('diag', 'Диагональ', 'screen', '"', 1),
    L('resolution', 'Разрешение', 'screen', ['1920×1080', '2560×1080', '2560×1440', '3440×1440', '3840×2160']),
    L('refresh_rate', 'Частота обновления', 'screen', ['60', '75', '100', '144', '165', '180', '240', '360'], 'Гц'),
    L('matrix', 'Тип матрицы', 'screen', ['IPS', 'VA', 'OLED', 'TN']),
    R('response', 'Время отклика', 'screen', 'мс', 1, false),
    yn('hdr', 'Поддержка HDR', 'screen'),
    yn('curved', 'Изогнутый экран', 'screen'),
    COLOR_SPEC,
  ],
  colors: [C.black, C.black, C.white],
  series: [
    { brand: 'samsung', name: 'Odyssey', tier: [0.4, 1], props: { gaming: true }, models: ['Odyssey G5 S27CG550EI', 'Odyssey G7 S32BG750', 'Odyssey OLED G8 S32DG800'] },
    { brand: 'samsung', name: 'Essential', tier: [0, 0.2], weight: 1.5, models: ['S24C310EAI', 'S27C390EAI'] },
    { brand: 'lg', name: 'UltraGear', tier: [0.3, 1], props: { gaming: true }, models: ['27GS60F-B', '27GR75Q-B', '32GS95UE-B'] },
    { brand: 'lg', name: 'UltraWide', tier: [0.3, 0.6], props: { wide: true }, models: ['29WQ600-W', '34WQ75C-B'] },
    { brand: 'aoc', name: 'Gaming', tier: [0.15, 0.5], props: { gaming: true }, models: ['24G4X', '27G2SPAE', 'Q27G3XMN'] },
    { brand: 'aoc', name: 'Value', tier: [0, 0.15], models: ['24B2XH', '27B2H'] },
    { brand: 'asus', name: 'TUF Gaming', tier: [0.2, 0.45], props: { gaming: true }, models: ['VG249Q3A', 'VG27AQ3A'] },
    { brand: 'asus', name: 'ROG Strix', tier: [0.6, 0.8], props: { gaming: true }, models: ['XG27ACS'] },
    { brand: 'xiaomi', name: 'Monitor', tier: [0.02, 0.4], weight: 1.5, models: ['Monitor A24i', 'Monitor A27i', 'Mi 2K Gaming Monitor 27'] },
    { brand: 'msi', name: 'MAG', tier: [0.2, 0.55], props: { gaming: true }, models: ['PRO MP245V', 'MAG 274QRF QD E2'] },
    { brand: 'philips', name: 'V Line', tier: [0, 0.15], models: ['241V8L', '27E1N1300AE'] },
    { brand: 'gigabyte', name: 'G27', tier: [0.3, 0.5], props: { gaming: true }, models: ['G27Q', 'M27Q'] },
    { brand: 'huawei', name: 'MateView', tier: [0.1, 0.3], models: ['MateView SE'] },
  ],
  build(c) {
    const gaming = c.prop('gaming') === true;
    const wide = c.prop('wide') === true;
    const rawSize = c.numIn(/(24|27|29|32|34)/, 23.8);
    const diag = rawSize === 24 ? 23.8 : rawSize === 32 ? 31.5 : rawSize;
    const oled = /OLED/.test(c.model);
    const resolution = wide ? (diag < 30 ? '2560×1080' : '3440×1440') : diag >= 31 && c.t > 0.5 ? '3840×2160' : c.t > 0.3 || /Q|2K/.test(c.model) ? '2560×1440' : '1920×1080';
    const refresh = oled ? '240' : gaming ? c.by(['144', '165', '180', '240'], 0.05) : c.pick(['60', '75', '100']);
    return {
      values: {
        diag,
        resolution,
        refresh_rate: refresh,
        matrix: oled ? 'OLED' : c.brand === 'samsung' && gaming ? 'VA' : c.m.chance(0.2) ? 'VA' : 'IPS',
        response: oled ? 0.03 : gaming ? c.pick([0.5, 1]) : c.pick([4, 5]),
        hdr: c.yn(c.t > 0.35),
        curved: c.yn(/G5|G7|34WQ|C/.test(c.model) && c.m.chance(0.7)),
      },
      price: c.price(7990, 130000, wide ? 1.2 : 1),
      variant: `${String(diag).replace('.', ',')}"`,
      showColor: false,
    };
  },
  blurbs: ['{name}: чёткая картинка без мерцания и регулируемая подставка для долгой работы и игр.'],
};

const DESKTOP_CPUS = ['Intel Core i3-12100', 'Intel Core i5-12400F', 'Intel Core i5-13400', 'AMD Ryzen 5 7500F', 'Intel Core i7-14700F', 'AMD Ryzen 7 7800X3D', 'Intel Core Ultra 9 285K', 'Apple M4'];

export const desktops: Profile = {
  categoryId: 303,
  noun: 'Системный блок',
  weight: 1.8,
  specs: [
    L('cpu', 'Процессор', 'cpu', DESKTOP_CPUS.slice(0, 7)),
    L('gpu', 'Видеокарта', 'cpu', ['Встроенная', 'NVIDIA GeForce RTX 4060', 'NVIDIA GeForce RTX 5060 Ti', 'NVIDIA GeForce RTX 5070', 'NVIDIA GeForce RTX 5080']),
    L('ram', 'Оперативная память', 'memory', ['8', '16', '32', '64'], 'ГБ'),
    L('ssd', 'Объём SSD', 'memory', ['512', '1024', '2048'], 'ГБ'),
    L('os', 'Операционная система', 'general', ['Без ОС', 'Windows 11 Home', 'Windows 11 Pro']),
    COLOR_SPEC,
  ],
  colors: [C.black, C.white],
  series: [
    { brand: 'lenovo', name: 'IdeaCentre', tier: [0, 0.35], models: ['IdeaCentre 3 07IRB8', 'IdeaCentre 5 14IRB8'] },
    { brand: 'lenovo', name: 'Legion Tower', tier: [0.6, 1], props: { gaming: true }, models: ['Legion Tower 5 26IRB8', 'Legion Tower 7 34IRZ8'] },
    { brand: 'hp', name: 'Victus', tier: [0.4, 0.7], props: { gaming: true }, models: ['Victus 15L TG02', 'OMEN 25L GT15'] },
    { brand: 'msi', name: 'MAG Infinite', tier: [0.5, 0.9], props: { gaming: true }, models: ['MAG Infinite S3 14NUC5', 'MPG Trident AS 14NUE7'] },
    { brand: 'asus', name: 'ROG Strix G', tier: [0.6, 1], props: { gaming: true }, models: ['ROG Strix G16CH', 'ROG Strix G22CH'] },
    { brand: 'acer', name: 'Aspire TC', tier: [0, 0.3], models: ['Aspire TC-1780', 'Aspire XC-1780'] },
  ],
  build(c) {
    const gaming = c.prop('gaming') === true;
    const cpu = gaming ? c.by(DESKTOP_CPUS.slice(1, 7)) : c.by(DESKTOP_CPUS.slice(0, 3));
    const ram = c.vpick(c.t > 0.6 ? [32, 64] : [8, 16, 16]);
    const ssd = c.vpick(c.t > 0.6 ? [1024, 2048] : [512, 1024]);
    return {
      values: {
        cpu,
        gpu: gaming ? c.by(['NVIDIA GeForce RTX 4060', 'NVIDIA GeForce RTX 5060 Ti', 'NVIDIA GeForce RTX 5070', 'NVIDIA GeForce RTX 5080']) : 'Встроенная',
        ram: String(ram),
        ssd: String(ssd),
        os: c.pick(['Без ОС', 'Windows 11 Home', 'Windows 11 Pro']),
      },
      price: c.price(29990, 420000) * (ram >= 32 ? 1.1 : 1),
      variant: `${shortCpu(cpu)}, ${ram}/${ssd} ГБ`,
      showColor: false,
    };
  },
  blurbs: ['{name} собран и протестирован на заводе: достаточно подключить монитор и начать работу.'],
};

export const allInOnes: Profile = {
  categoryId: 304,
  noun: 'Моноблок',
  weight: 1,
  specs: [
    R('screen_diag', 'Диагональ экрана', 'screen', '"', 1),
    L('cpu', 'Процессор', 'cpu', ['Intel Core i3-1315U', 'Intel Core i5-13420H', 'Intel Core i7-1355U', 'AMD Ryzen 5 7530U', 'Apple M4']),
    L('ram', 'Оперативная память', 'memory', ['8', '16', '24', '32'], 'ГБ'),
    L('ssd', 'Объём SSD', 'memory', ['256', '512', '1024'], 'ГБ'),
    L('os', 'Операционная система', 'general', ['Без ОС', 'Windows 11 Home', 'macOS']),
    COLOR_SPEC,
  ],
  colors: [C.black, C.white, C.silver],
  series: [
    { brand: 'apple', name: 'iMac', tier: [0.8, 1], colors: [C.silver, C.blue, C.green, C.pink, C.yellow, C.orange, C.purple], models: [['iMac 24 M4', { d: 24 }]] },
    { brand: 'lenovo', name: 'IdeaCentre AIO', tier: [0.2, 0.6], models: [['IdeaCentre AIO 24IRH9', { d: 23.8 }], ['IdeaCentre AIO 27IRH9', { d: 27 }]] },
    { brand: 'hp', name: 'All-in-One', tier: [0.1, 0.5], models: [['24-cr0', { d: 23.8 }], ['27-cr0', { d: 27 }]] },
    { brand: 'huawei', name: 'MateStation', tier: [0.5, 0.7], models: [['MateStation X', { d: 28.2 }]] },
    { brand: 'asus', name: 'Vivo AiO', tier: [0, 0.3], models: [['Vivo AiO V440VAK', { d: 23.8 }]] },
  ],
  build(c) {
    const apple = c.brand === 'apple';
    const ram = apple ? c.vpick([16, 24]) : c.vpick(c.t > 0.4 ? [16, 32] : [8, 16]);
    const ssd = c.vpick(c.t > 0.5 ? [512, 1024] : [256, 512]);
    const cpu = apple ? 'Apple M4' : c.by(['Intel Core i3-1315U', 'AMD Ryzen 5 7530U', 'Intel Core i5-13420H', 'Intel Core i7-1355U']);
    return {
      values: { screen_diag: Number(c.prop('d') ?? 23.8), cpu, ram: String(ram), ssd: String(ssd), os: apple ? 'macOS' : c.pick(['Без ОС', 'Windows 11 Home']) },
      price: c.price(39990, 210000) * (ram >= 24 ? 1.1 : 1),
      variant: `${String(c.prop('d') ?? 23.8).replace('.', ',')}" ${shortCpu(cpu)}, ${ram}/${ssd} ГБ`,
    };
  },
  blurbs: ['{name} экономит место на столе: компьютер встроен в корпус монитора, проводов минимум.'],
};

export const keyboards: Profile = {
  categoryId: 306,
  noun: 'Клавиатура',
  weight: 1.8,
  specs: [
    L('kb_type', 'Тип клавиатуры', 'general', ['мембранная', 'механическая', 'ножничная']),
    L('connection', 'Подключение', 'connect', ['проводное', 'беспроводное', 'Bluetooth + радио']),
    L('backlight', 'Подсветка', 'features', ['Нет', 'Одноцветная', 'RGB']),
    L('layout', 'Формат', 'general', ['полноразмерная', 'TKL', '75%', '60%']),
    yn('gaming', 'Игровая', 'general'),
    COLOR_SPEC,
  ],
  colors: [C.black, C.white, C.gray],
  series: [
    { brand: 'logitech', name: 'K', tier: [0, 0.3], weight: 1.5, models: ['K120', 'K380s', 'Signature K650'] },
    { brand: 'logitech', name: 'MX', tier: [0.6, 0.8], models: ['MX Keys S', 'MX Mechanical Mini'] },
    { brand: 'logitech', name: 'G', tier: [0.3, 1], props: { gaming: true }, models: ['G213 Prodigy', 'G515 Lightspeed TKL', 'G915 X'] },
    { brand: 'a4tech', name: 'Bloody', tier: [0.1, 0.4], props: { gaming: true }, models: ['Bloody B500N', 'Bloody B820R'] },
    { brand: 'defender', name: 'Defender', tier: [0, 0.2], models: ['Element HB-520', ['Blade GK-297', { gaming: true }]] },
    { brand: 'asus', name: 'ROG', tier: [0.7, 0.9], props: { gaming: true }, models: ['ROG Strix Scope II 96'] },
    { brand: 'msi', name: 'Vigor', tier: [0.3, 0.5], props: { gaming: true }, models: ['Vigor GK50 Elite'] },
  ],
  build(c) {
    const gaming = c.prop('gaming') === true;
    const mech = gaming ? c.t > 0.25 : /Mechanical/.test(c.model);
    return {
      values: {
        kb_type: mech ? 'механическая' : /MX Keys|K380/.test(c.model) ? 'ножничная' : 'мембранная',
        connection: /Lightspeed|G915|MX|K380|K650/.test(c.model) ? 'Bluetooth + радио' : 'проводное',
        backlight: gaming ? 'RGB' : /MX/.test(c.model) ? 'Одноцветная' : 'Нет',
        layout: /TKL|Mini/.test(c.model) ? (/Mini/.test(c.model) ? '75%' : 'TKL') : /K380/.test(c.model) ? '75%' : 'полноразмерная',
        gaming: c.yn(gaming),
      },
      price: c.price(590, 24990),
    };
  },
  blurbs: ['{name}: чёткий отклик клавиш и русская раскладка, нанесённая на заводе.'],
};

export const mice: Profile = {
  categoryId: 307,
  noun: 'Мышь',
  weight: 1.8,
  specs: [
    L('connection', 'Подключение', 'connect', ['проводное', 'беспроводное', 'Bluetooth + радио']),
    R('dpi', 'Разрешение датчика', 'general', 'dpi'),
    L('buttons', 'Количество кнопок', 'general', ['3', '5', '6', '7', '8']),
    yn('gaming', 'Игровая', 'general'),
    COLOR_SPEC,
  ],
  colors: [C.black, C.white, C.gray, C.pink, C.lightBlue],
  series: [
    { brand: 'logitech', name: 'M', tier: [0, 0.3], weight: 2, models: ['M185', 'M190', 'M240 Silent'] },
    { brand: 'logitech', name: 'MX', tier: [0.6, 0.85], models: ['MX Anywhere 3S', 'MX Master 3S'] },
    { brand: 'logitech', name: 'G', tier: [0.2, 1], props: { gaming: true }, models: ['G102 Lightsync', 'G305 Lightspeed', 'G502 X', 'G Pro X Superlight 2'] },
    { brand: 'a4tech', name: 'Bloody', tier: [0.1, 0.4], props: { gaming: true }, models: ['Bloody W70 Max', 'Bloody R90 Plus'] },
    { brand: 'defender', name: 'Defender', tier: [0, 0.15], models: ['Accura MM-275', ['Shock GM-110L', { gaming: true }]] },
    { brand: 'xiaomi', name: 'Mouse', tier: [0.05, 0.25], models: ['Wireless Mouse Lite', 'Dual Mode Wireless Mouse Silent'] },
    { brand: 'asus', name: 'ROG', tier: [0.6, 0.8], props: { gaming: true }, models: ['ROG Gladius III'] },
  ],
  build(c) {
    const gaming = c.prop('gaming') === true;
    const wireless = /Wireless|M185|M190|M240|MX|Lightspeed|Superlight|R90/.test(c.model);
    return {
      values: {
        connection: /MX|M240|Dual Mode/.test(c.model) ? 'Bluetooth + радио' : wireless ? 'беспроводное' : 'проводное',
        dpi: gaming ? c.num(8000, 32000, 200) : c.pick([1000, 1200, 1600, 4000, 8000]),
        buttons: gaming ? c.pick(['6', '7', '8']) : /MX/.test(c.model) ? '7' : '3',
        gaming: c.yn(gaming),
      },
      price: c.price(390, 17990),
    };
  },
  blurbs: ['{name} удобно лежит в руке и точно следует за движением даже на глянцевых поверхностях.'],
};

export const webcams: Profile = {
  categoryId: 308,
  noun: 'Веб-камера',
  weight: 0.6,
  specs: [
    L('resolution', 'Разрешение', 'camera', ['HD 720p', 'Full HD 1080p', '2K', '4K']),
    L('fps', 'Частота кадров', 'camera', ['30', '60'], 'к/с'),
    yn('mic', 'Встроенный микрофон'),
    yn('autofocus', 'Автофокус'),
  ],
  colors: [C.black],
  series: [
    { brand: 'logitech', name: 'C', tier: [0, 1], weight: 2, models: ['C270 HD', 'C505e', 'C920 HD Pro', 'Brio 500', 'Brio 4K'] },
    { brand: 'defender', name: 'G-lens', tier: [0, 0.2], models: ['G-lens 2597'] },
    { brand: 'a4tech', name: 'PK', tier: [0.1, 0.2], models: ['PK-910H'] },
  ],
  build(c) {
    return {
      values: {
        resolution: /4K/.test(c.model) ? '4K' : /270|2597/.test(c.model) ? 'HD 720p' : 'Full HD 1080p',
        fps: /4K|Brio 500/.test(c.model) ? '60' : '30',
        mic: 'Да',
        autofocus: c.yn(c.t > 0.3),
      },
      price: c.price(990, 19990),
      showColor: false,
    };
  },
  blurbs: ['{name} подключается по USB без драйверов и подходит для видеозвонков и стримов.'],
};

const GPU_CHIPS: [string, number, number, string][] = [
  ['GeForce RTX 3050', 6, 22000, 'GDDR6'], ['GeForce RTX 4060', 8, 32000, 'GDDR6'], ['GeForce RTX 5060', 8, 35000, 'GDDR7'],
  ['GeForce RTX 5060 Ti', 16, 48000, 'GDDR7'], ['GeForce RTX 5070', 12, 65000, 'GDDR7'], ['GeForce RTX 5070 Ti', 16, 95000, 'GDDR7'],
  ['GeForce RTX 5080', 16, 135000, 'GDDR7'], ['GeForce RTX 5090', 32, 290000, 'GDDR7'], ['Radeon RX 7600', 8, 29000, 'GDDR6'],
  ['Radeon RX 9060 XT', 16, 42000, 'GDDR6'], ['Radeon RX 9070 XT', 16, 78000, 'GDDR6'],
];

export const graphicsCards: Profile = {
  categoryId: 310,
  noun: 'Видеокарта',
  weight: 1.5,
  specs: [
    L('chip', 'Графический процессор', 'cpu', GPU_CHIPS.map((g) => g[0])),
    L('vram', 'Объём видеопамяти', 'memory', ['6', '8', '12', '16', '32'], 'ГБ'),
    L('vram_type', 'Тип видеопамяти', 'memory', ['GDDR6', 'GDDR6X', 'GDDR7']),
    R('psu', 'Рекомендуемый блок питания', 'power', 'Вт'),
    R('length', 'Длина', 'size', 'мм', 0, false),
  ],
  colors: [C.black, C.white],
  series: [
    { brand: 'asus', name: 'DUAL', tier: [0, 0.5], models: GPU_CHIPS.slice(0, 5).map((g) => [`${g[0]} DUAL OC`, { chip: g[0] }] as const) },
    { brand: 'asus', name: 'TUF Gaming', tier: [0.5, 1], models: GPU_CHIPS.slice(4, 8).map((g) => [`TUF Gaming ${g[0]} OC`, { chip: g[0] }] as const) },
    { brand: 'msi', name: 'VENTUS', tier: [0, 0.6], models: GPU_CHIPS.slice(1, 6).map((g) => [`${g[0]} VENTUS 2X OC`, { chip: g[0] }] as const) },
    { brand: 'msi', name: 'GAMING TRIO', tier: [0.5, 1], models: GPU_CHIPS.slice(5, 8).map((g) => [`${g[0]} GAMING TRIO OC`, { chip: g[0] }] as const) },
    { brand: 'gigabyte', name: 'WINDFORCE', tier: [0, 0.6], models: [...GPU_CHIPS.slice(1, 5), ...GPU_CHIPS.slice(8)].map((g) => [`${g[0]} WINDFORCE OC`, { chip: g[0] }] as const) },
    { brand: 'gigabyte', name: 'AORUS', tier: [0.7, 1], models: GPU_CHIPS.slice(6, 8).map((g) => [`AORUS ${g[0]} MASTER`, { chip: g[0] }] as const) },
  ],
  build(c) {
    const chip = GPU_CHIPS.find((g) => g[0] === c.prop('chip')) ?? GPU_CHIPS[1]!;
    const vram = /5060 Ti/.test(chip[0]) ? c.pick([8, 16]) : chip[1];
    return {
      values: {
        chip: chip[0],
        vram: String(vram),
        vram_type: chip[3],
        psu: chip[2] > 100000 ? 850 : chip[2] > 60000 ? 750 : chip[2] > 40000 ? 650 : 550,
        length: c.rnd(200, 340, 1),
      },
      price: chip[2] * (vram < chip[1] ? 0.9 : 1) * c.m.float(0.95, 1.15) * (/TUF|TRIO|AORUS/.test(c.model) ? 1.1 : 1),
      variant: `${vram} ГБ`,
      showColor: false,
    };
  },
  blurbs: ['{name} обеспечивает высокий FPS в современных играх с трассировкой лучей и DLSS/FSR.'],
};

export const ssds: Profile = {
  categoryId: 311,
  noun: 'SSD-накопитель',
  weight: 1.5,
  specs: [
    L('capacity', 'Объём', 'memory', ['480', '500', '960', '1000', '2000', '4000'], 'ГБ'),
    L('form', 'Форм-фактор', 'general', ['M.2 2280', '2.5"']),
    L('iface', 'Интерфейс', 'connect', ['SATA III', 'PCIe 3.0 x4 NVMe', 'PCIe 4.0 x4 NVMe', 'PCIe 5.0 x4 NVMe']),
    R('read', 'Скорость чтения', 'general', 'МБ/с'),
    R('write', 'Скорость записи', 'general', 'МБ/с', 0, false),
  ],
  colors: [C.black],
  series: [
    { brand: 'samsung', name: '9 Series', tier: [0.5, 0.9], models: [['990 EVO Plus', { iface: 'PCIe 4.0 x4 NVMe' }], ['990 PRO', { iface: 'PCIe 4.0 x4 NVMe' }], ['9100 PRO', { iface: 'PCIe 5.0 x4 NVMe' }]] },
    { brand: 'samsung', name: '870', tier: [0.3, 0.4], models: [['870 EVO', { iface: 'SATA III' }]] },
    { brand: 'kingston', name: 'NV', tier: [0.1, 0.4], weight: 1.5, models: [['NV3', { iface: 'PCIe 4.0 x4 NVMe' }], ['A400', { iface: 'SATA III' }], ['KC3000', { iface: 'PCIe 4.0 x4 NVMe' }]] },
  ],
  build(c) {
    const iface = String(c.prop('iface') ?? 'PCIe 4.0 x4 NVMe');
    const sata = iface === 'SATA III';
    const capacity = c.vpick(sata ? ['480', '960', '1000'] : ['500', '1000', '2000', '4000']);
    const read = sata ? 550 : iface.includes('5.0') ? 14500 : iface.includes('4.0') ? c.rnd(6000, 7450, 50) : 3500;
    return {
      values: { capacity, form: sata ? '2.5"' : 'M.2 2280', iface, read, write: Math.round(read * c.m.float(0.85, 0.95) / 10) * 10 },
      price: (Number(capacity) * (sata ? 6.5 : 8) + 1500) * (iface.includes('5.0') ? 1.6 : 1) * c.m.float(0.95, 1.1),
      variant: Number(capacity) >= 1000 ? `${Number(capacity) / 1000} ТБ` : `${capacity} ГБ`,
      showColor: false,
    };
  },
  blurbs: ['{name} ускоряет загрузку системы и игр в несколько раз по сравнению с жёстким диском.'],
};

export const TV_PC_PROFILES: Profile[] = [
  televisions, soundbars, portableSpeakers, smartSpeakers, tvBoxes, tvMounts,
  laptops, monitors, desktops, allInOnes, keyboards, mice, webcams, graphicsCards, ssds,
];

export { DARK_COLORS };
