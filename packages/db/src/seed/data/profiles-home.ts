/** Large and small home appliances. */
import { APPLIANCE_COLORS, C, COLOR_SPEC, L, R, SMALL_COLORS, yn, type Color, type Profile } from './profile-kit.ts';

const ENERGY = ['A+++', 'A++', 'A+', 'A', 'B'];

const FRIDGE_TYPE_MULT: Record<string, number> = { single: 0.7, top: 0.82, bottom: 1, sbs: 1.9, multi: 2.3 };

export const fridges: Profile = {
  categoryId: 401,
  noun: 'Холодильник',
  weight: 7,
  maxQuantity: 2,
  colorsPerModel: [1, 2],
  specs: [
    L('fridge_type', 'Тип', 'general', ['однокамерный', 'двухкамерный', 'Side-by-Side', 'многокамерный']),
    R('volume', 'Общий объём', 'general', 'л'),
    R('fridge_volume', 'Объём холодильной камеры', 'general', 'л', 0, false),
    L('no_frost', 'No Frost', 'features', ['Да', 'Нет']),
    L('chambers', 'Количество камер', 'general', ['1', '2', '3', '4']),
    L('freezer_pos', 'Расположение морозильной камеры', 'general', ['снизу', 'сверху', 'сбоку', 'нет']),
    yn('inverter', 'Инверторный компрессор'),
    L('energy_class', 'Класс энергопотребления', 'energy', ENERGY),
    R('noise', 'Уровень шума', 'features', 'дБ', 0, false),
    R('height', 'Высота', 'size', 'см', 1),
    R('width', 'Ширина', 'size', 'см', 1, false),
    COLOR_SPEC,
  ],
  colors: APPLIANCE_COLORS,
  series: [
    { brand: 'atlant', name: 'ХМ', tier: [0.05, 0.4], weight: 3, props: { type: 'bottom' }, colors: [C.white, C.silver, C.steel, C.beige, C.black],
      models: ['ХМ 4021-000', 'ХМ 4619-140', 'ХМ 4621-101', 'ХМ 4624-101 NL', 'ХМ 4626-181 NL', 'ХМ 4425-089 ND', 'ХМ 4012-080'] },
    { brand: 'atlant', name: 'МХМ', tier: [0.02, 0.15], props: { type: 'top' }, colors: [C.white], models: ['МХМ 2835-90', 'МХМ 2808-90'] },
    { brand: 'atlant', name: 'МХ', tier: [0, 0.1], props: { type: 'single' }, colors: [C.white], models: ['МХ 2823-80', 'МХ 5810-62'] },
    { brand: 'bosch', name: 'Serie 4', tier: [0.35, 0.55], weight: 1.5, props: { type: 'bottom', nf: true }, models: ['KGN39VI25R', 'KGN39VL25R', 'KGV36XW22R'] },
    { brand: 'bosch', name: 'Serie 6', tier: [0.55, 0.75], props: { type: 'bottom', nf: true }, models: ['KGN39AI32R', 'KGN49AI22R'] },
    { brand: 'bosch', name: 'Serie 8', tier: [0.85, 1], props: { type: 'sbs', nf: true }, models: ['KAD93AIEP'] },
    { brand: 'siemens', name: 'iQ300', tier: [0.45, 0.65], props: { type: 'bottom', nf: true }, models: ['KG39NXI20R', 'KG49NXI20R'] },
    { brand: 'samsung', name: 'RB', tier: [0.3, 0.6], weight: 1.5, props: { type: 'bottom', nf: true }, models: ['RB30A32N0WW', 'RB33A3440SA', 'RB38T7762B1'] },
    { brand: 'samsung', name: 'Bespoke', tier: [0.7, 0.9], props: { type: 'bottom', nf: true }, colors: [C.white, C.beige, C.graphite, ['светло-розовый', '#efd3d2']], models: ['RB38C7B4EB1', 'RB38C676CWW'] },
    { brand: 'samsung', name: 'RS', tier: [0.6, 0.85], props: { type: 'sbs', nf: true }, models: ['RS62R5031B4', 'RS61R5001F8'] },
    { brand: 'lg', name: 'DoorCooling+', tier: [0.4, 0.7], weight: 1.5, props: { type: 'bottom', nf: true }, models: ['GA-B509CQSL', 'GA-B509SLKM', 'GC-B509SBUM'] },
    { brand: 'lg', name: 'InstaView', tier: [0.85, 1], props: { type: 'sbs', nf: true }, models: ['GC-Q257CBFC'] },
    { brand: 'haier', name: 'C2F', tier: [0.35, 0.6], weight: 1.5, props: { type: 'bottom', nf: true }, models: ['C2F636CWRG', 'C2F637CXRG', 'C4F744CMG'] },
    { brand: 'haier', name: 'Cube', tier: [0.75, 0.95], props: { type: 'multi', nf: true }, models: ['HTF-508DGS7', 'HTF-610DM7RU'] },
    { brand: 'haier', name: 'HRF', tier: [0.6, 0.8], props: { type: 'sbs', nf: true }, models: ['HRF-541DM7RU'] },
    { brand: 'indesit', name: 'Indesit', tier: [0.05, 0.3], weight: 1.5, props: { type: 'bottom' }, models: ['ITS 4180 W', 'DS 4180 SB', 'ITR 4200 W', 'ITS 4200 NG'] },
    { brand: 'indesit', name: 'TIA', tier: [0, 0.05], props: { type: 'single' }, models: ['TIA 14'] },
    { brand: 'hotpoint', name: 'Hotpoint', tier: [0.2, 0.45], props: { type: 'bottom' }, models: ['HT 4180 W', 'HTR 8202I W O3', 'HT 5200 S'] },
    { brand: 'beko', name: 'Beko', tier: [0.1, 0.4], props: { type: 'bottom' }, models: ['B1RCNK402W', 'B3RCNK402HX', 'RCNK310KC0W'] },
    { brand: 'gorenje', name: 'Retro Collection', tier: [0.55, 0.75], props: { type: 'bottom', nf: true }, colors: [C.ivory, C.red, C.lightBlue, C.black], models: ['ONRK619DR', 'ONRK619DBL'] },
    { brand: 'gorenje', name: 'Essential', tier: [0.2, 0.45], props: { type: 'bottom', nf: true }, models: ['NRK6192AW4', 'NRK6202AXL4'] },
    { brand: 'electrolux', name: 'Electrolux', tier: [0.4, 0.65], props: { type: 'bottom', nf: true }, models: ['RNT7ME34G1', 'LNT7ME34X2'] },
    { brand: 'candy', name: 'Candy', tier: [0.05, 0.25], props: { type: 'bottom' }, models: ['CCRN 6180W', 'CCT3L517FW'] },
    { brand: 'weissgauff', name: 'WRK', tier: [0.3, 0.6], props: { type: 'bottom', nf: true }, models: ['WRK 190 DW Full NoFrost', 'WRK 2000 XBNF DC Inverter', 'WCD 590 NoFrost Inverter'] },
    { brand: 'midea', name: 'Midea', tier: [0.2, 0.6], props: { type: 'bottom', nf: true }, models: ['MDRB470MGF01O', 'MDRF644FGF02B'] },
    { brand: 'hisense', name: 'Hisense', tier: [0.2, 0.7], props: { type: 'bottom', nf: true }, models: ['RB440N4BW1', ['RS711N4AFE', { type: 'sbs' }]] },
    { brand: 'bosch', name: 'Serie 4 встраиваемые', tier: [0.5, 0.75], props: { type: 'bottom', builtin: true }, colors: [C.white], models: ['KIV87VFE1', 'KIN86VFE0'] },
    { brand: 'weissgauff', name: 'WRKI', tier: [0.3, 0.5], props: { type: 'bottom', builtin: true, nf: true }, colors: [C.white], models: ['WRKI 178 Total NoFrost', 'WRKI 195 WNF'] },
  ],
  build(c) {
    const type = String(c.prop('type') ?? 'bottom');
    const nf = c.prop('nf') === true || /NL|ND|NF|NoFrost/.test(c.model) || (type === 'bottom' && c.t > 0.35);
    const height = type === 'single' ? c.rnd(85, 150, 0.5) : type === 'top' ? c.rnd(143, 176, 0.5) : type === 'sbs' ? c.rnd(177, 190, 0.5) : type === 'multi' ? c.rnd(180, 190, 0.5) : c.num(176, 206, 0.5, 0.2);
    const width = type === 'sbs' ? 91 : type === 'multi' ? c.pick([70, 83.3]) : c.pick([59.5, 60, 59.5]);
    const volume = type === 'sbs' ? c.rnd(530, 650, 1) : type === 'multi' ? c.rnd(450, 610, 1)
      : Math.round((height - (type === 'single' ? 20 : 30)) * width * 0.062 * c.m.float(0.95, 1.05) * 0.6);
    const fridgeVolume = type === 'single' ? volume : Math.round(volume * (type === 'sbs' ? 0.62 : 0.68));
    return {
      values: {
        fridge_type: type === 'single' ? 'однокамерный' : type === 'sbs' ? 'Side-by-Side' : type === 'multi' ? 'многокамерный' : 'двухкамерный',
        volume,
        fridge_volume: fridgeVolume,
        no_frost: nf ? 'Да' : 'Нет',
        chambers: type === 'single' ? '1' : type === 'multi' ? c.pick(['3', '4']) : '2',
        freezer_pos: type === 'single' ? 'нет' : type === 'top' ? 'сверху' : type === 'sbs' ? 'сбоку' : 'снизу',
        inverter: c.yn(c.t > 0.45 || /Inverter/.test(c.model)),
        energy_class: c.by(['B', 'A', 'A+', 'A++', 'A+++'], 0.1),
        noise: c.rnd(36, 43),
        height,
        width,
      },
      price: c.price(17990, 120000, (FRIDGE_TYPE_MULT[type] ?? 1) * (nf ? 1.08 : 1)),
      showColor: true,
    };
  },
  blurbs: [
    '{name} сохраняет продукты свежими дольше благодаря точному контролю температуры и продуманной системе охлаждения.',
    'Вместительные полки из закалённого стекла и ящики для овощей: в {name} легко поддерживать порядок.',
  ],
};

export const freezers: Profile = {
  categoryId: 402,
  noun: 'Морозильная камера',
  weight: 1.2,
  maxQuantity: 2,
  specs: [
    L('freezer_kind', 'Тип', 'general', ['вертикальная', 'ларь']),
    R('volume', 'Общий объём', 'general', 'л'),
    L('no_frost', 'No Frost', 'features', ['Да', 'Нет']),
    L('drawers', 'Количество ящиков', 'general', ['3', '4', '5', '6', '7']),
    L('energy_class', 'Класс энергопотребления', 'energy', ENERGY),
    R('height', 'Высота', 'size', 'см', 1),
    COLOR_SPEC,
  ],
  colors: [C.white, C.silver],
  series: [
    { brand: 'atlant', name: 'М', tier: [0.05, 0.4], weight: 2, models: ['М 7184-003', 'М 7204-100', 'М 7201-100'] },
    { brand: 'indesit', name: 'Indesit', tier: [0.05, 0.3], models: ['DSZ 4150.1', 'DFZ 5175 S'] },
    { brand: 'bosch', name: 'Serie 4', tier: [0.6, 0.8], props: { nf: true }, models: ['GSN51AWDV'] },
    { brand: 'haier', name: 'HF', tier: [0.3, 0.5], props: { nf: true }, models: ['HF-284SG', 'HF-300WG'] },
    { brand: 'gorenje', name: 'FN', tier: [0.4, 0.6], props: { nf: true }, models: ['FN4171CW'] },
    { brand: 'beko', name: 'RFNK', tier: [0.3, 0.5], props: { nf: true }, models: ['RFNK290E23W'] },
    { brand: 'candy', name: 'CCHH', tier: [0, 0.2], props: { chest: true }, models: ['CCHH 200', 'CCHH 300'] },
  ],
  build(c) {
    const chest = c.prop('chest') === true;
    const height = chest ? 85 : c.num(85, 186, 0.5, 0.1);
    return {
      values: {
        freezer_kind: chest ? 'ларь' : 'вертикальная',
        volume: chest ? c.numIn(/(\d{3})/, 200) : Math.round(height * 1.35),
        no_frost: c.yn(c.prop('nf') === true),
        drawers: chest ? undefined : String(Math.min(7, Math.max(3, Math.round(height / 28)))),
        energy_class: c.by(['A', 'A+', 'A++']),
        height,
      },
      price: c.price(15990, 75000),
    };
  },
  blurbs: ['{name} быстро замораживает ягоды, мясо и заготовки и долго держит холод при отключении электричества.'],
};

export const washers: Profile = {
  categoryId: 403,
  noun: 'Стиральная машина',
  weight: 5,
  maxQuantity: 2,
  specs: [
    R('load', 'Загрузка', 'general', 'кг', 1),
    L('spin', 'Максимальная скорость отжима', 'general', ['800', '1000', '1200', '1400', '1600'], 'об/мин'),
    L('load_type', 'Тип загрузки', 'general', ['фронтальная', 'вертикальная']),
    yn('inverter', 'Инверторный двигатель'),
    yn('steam', 'Обработка паром'),
    yn('dryer', 'Функция сушки'),
    L('energy_class', 'Класс энергопотребления', 'energy', ENERGY),
    R('depth', 'Глубина', 'size', 'см', 1),
    COLOR_SPEC,
  ],
  colors: [C.white, C.white, C.silver, C.graphite],
  colorsPerModel: [1, 1],
  series: [
    { brand: 'lg', name: 'AI DD', tier: [0.3, 0.8], weight: 2, props: { inverter: true }, models: ['F2J3WS0W', 'F2T3HS6W', 'F4V5VS0W', 'F2V5HS2S'] },
    { brand: 'samsung', name: 'Eco Bubble', tier: [0.2, 0.7], weight: 1.5, props: { inverter: true }, models: ['WW60A4S00VE', 'WW70AGAS21AE', 'WW80AGAS22AE', 'WW90DG6U85LE'] },
    { brand: 'bosch', name: 'Serie 4', tier: [0.35, 0.55], props: { inverter: true }, models: ['WAN20067BY', 'WAN24140OE'] },
    { brand: 'bosch', name: 'Serie 6', tier: [0.6, 0.85], props: { inverter: true }, models: ['WGG244ZIME', 'WGA242X0OE'] },
    { brand: 'indesit', name: 'Indesit', tier: [0, 0.3], weight: 1.5, models: ['IWSB 5085', 'BWSE 81293X WWV', 'IWUB 4105', ['BTW D51052', { top: true }]] },
    { brand: 'hotpoint', name: 'Hotpoint', tier: [0.25, 0.55], models: ['NSB 6015 W V RU', 'NSD 8249 ZD AVE RU', ['WMTF 601 L', { top: true }]] },
    { brand: 'atlant', name: 'СМА', tier: [0.05, 0.3], weight: 1.5, models: ['СМА 50У102-000', 'СМА 60У1214-01', 'СМА 70С1010-00'] },
    { brand: 'haier', name: 'HW', tier: [0.3, 0.7], weight: 1.5, props: { inverter: true }, models: ['HW60-BP10929A', 'HW70-BP12969B', 'HW80-B14979'] },
    { brand: 'candy', name: 'Smart', tier: [0.05, 0.25], models: ['CSS34 1062D1-07', 'CS4 1061D1/2-07'] },
    { brand: 'beko', name: 'Beko', tier: [0.05, 0.35], models: ['WSRE6512ZAW', 'WSPE7612W'] },
    { brand: 'weissgauff', name: 'WM', tier: [0.35, 0.6], props: { inverter: true }, models: ['WM 4947 DC Inverter Steam', 'WMD 6160 DC Inverter'] },
    { brand: 'electrolux', name: 'PerfectCare', tier: [0.4, 0.75], props: { inverter: true }, models: ['EW6SN406WI', 'EW7F3R48S', ['EW6TN4261', { top: true }]] },
    { brand: 'midea', name: 'Midea', tier: [0.15, 0.5], props: { inverter: true }, models: ['MF100W60/W-C', 'MF200W80WBS/W-RU'] },
    { brand: 'gorenje', name: 'WaveActive', tier: [0.35, 0.6], props: { inverter: true }, models: ['W1NHPI62SCS', 'WNEI84APS'] },
    { brand: 'zanussi', name: 'Zanussi', tier: [0.1, 0.35], models: ['ZWSE 6100 V', 'ZWSO 6100 V'] },
  ],
  build(c) {
    const top = c.prop('top') === true;
    const parsed = c.numIn(/(?:HW|WW|СМА )(\d)0/, 0) || c.numIn(/W(\d)0\b|MF\d00W(\d)0/, 0);
    const load = parsed || c.by([5, 6, 6, 6.5, 7, 7, 8, 9, 10]);
    const depth = top ? 60 : load <= 5 ? c.pick([33, 35]) : load <= 6.5 ? c.pick([40, 42, 45]) : load <= 8 ? c.pick([45, 47, 55]) : c.pick([55, 56.5, 60]);
    const dryer = /D\d|Dryer|WD/.test(c.model) && c.t > 0.5;
    return {
      values: {
        load,
        spin: c.by(['800', '1000', '1000', '1200', '1200', '1400', '1600'], 0.1),
        load_type: top ? 'вертикальная' : 'фронтальная',
        inverter: c.yn(c.prop('inverter') === true),
        steam: c.yn(/Steam/.test(c.model) || (c.t > 0.5 && c.m.chance(0.6))),
        dryer: c.yn(dryer),
        energy_class: c.by(['B', 'A', 'A+', 'A++', 'A+++'], 0.1),
        depth,
      },
      price: c.price(18990, 110000, (load >= 9 ? 1.12 : 1) * (dryer ? 1.3 : 1)),
      variant: `${String(load).replace('.', ',')} кг`,
      showColor: true,
    };
  },
  blurbs: [
    '{name} бережно стирает даже деликатные ткани и тихо работает ночью.',
    'Быстрые программы и отложенный старт: {name} подстраивается под ваш график.',
  ],
};

export const dryers: Profile = {
  categoryId: 404,
  noun: 'Сушильная машина',
  weight: 0.6,
  maxQuantity: 2,
  specs: [
    R('load', 'Загрузка', 'general', 'кг'),
    L('dry_type', 'Тип сушки', 'general', ['тепловой насос', 'конденсационная']),
    L('energy_class', 'Класс энергопотребления', 'energy', ENERGY),
    COLOR_SPEC,
  ],
  colors: [C.white, C.silver],
  series: [
    { brand: 'bosch', name: 'Serie 6', tier: [0.6, 0.8], models: ['WQG24200ME'] },
    { brand: 'lg', name: 'Dual Inverter', tier: [0.5, 0.9], models: ['RH90V9AV4N', 'RC80V9AV3Q'] },
    { brand: 'samsung', name: 'DV', tier: [0.4, 0.7], models: ['DV90T5240AW'] },
    { brand: 'candy', name: 'Smart Pro', tier: [0.1, 0.3], models: ['CSOE H9A2DE-07'] },
    { brand: 'haier', name: 'HD', tier: [0.35, 0.6], models: ['HD90-A2959', 'HD100-A2979'] },
    { brand: 'weissgauff', name: 'WD', tier: [0.3, 0.5], models: ['WD 599 DC Inverter Heat Pump'] },
  ],
  build(c) {
    const load = c.numIn(/(?:HD|DV|RH)(\d{2,3})/, 90) >= 100 ? 10 : c.pick([8, 9, 9]);
    return {
      values: { load, dry_type: c.t > 0.25 ? 'тепловой насос' : 'конденсационная', energy_class: c.t > 0.25 ? c.pick(['A++', 'A+++']) : 'B' },
      price: c.price(34990, 110000),
      variant: `${load} кг`,
    };
  },
  blurbs: ['{name} высушит бельё за пару часов и сделает его мягким без сушилки на балконе.'],
};

export const dishwashers: Profile = {
  categoryId: 405,
  noun: 'Посудомоечная машина',
  weight: 2,
  maxQuantity: 2,
  specs: [
    L('width', 'Ширина', 'size', ['45', '60', '55'], 'см'),
    L('install', 'Тип установки', 'general', ['отдельностоящая', 'полновстраиваемая', 'компактная']),
    R('sets', 'Вместимость', 'general', 'комплектов'),
    R('water', 'Расход воды', 'energy', 'л', 1, false),
    R('noise', 'Уровень шума', 'features', 'дБ'),
    L('energy_class', 'Класс энергопотребления', 'energy', ENERGY),
    yn('auto_open', 'Автооткрывание двери'),
    COLOR_SPEC,
  ],
  colors: [C.white, C.silver, C.steel],
  colorsPerModel: [1, 1],
  series: [
    { brand: 'bosch', name: 'Serie 2', tier: [0.3, 0.5], weight: 1.5, models: [['SMS25AI05E', { w: 60 }], ['SPS2IKW04E', { w: 45 }], ['SPV2HKX42E', { w: 45, builtin: true }]] },
    { brand: 'bosch', name: 'Serie 4', tier: [0.55, 0.8], models: [['SMV4HVX31E', { w: 60, builtin: true }], ['SPV4HMX61E', { w: 45, builtin: true }]] },
    { brand: 'siemens', name: 'iQ300', tier: [0.5, 0.7], models: [['SN23HI60AE', { w: 60 }], ['SR63HX20ME', { w: 45, builtin: true }]] },
    { brand: 'electrolux', name: 'Electrolux', tier: [0.35, 0.7], models: [['ESM43200SW', { w: 45 }], ['EEM48321L', { w: 45, builtin: true }]] },
    { brand: 'weissgauff', name: 'DW', tier: [0.1, 0.45], weight: 1.5, models: [['DW 4012', { w: 45 }], ['BDW 4543 D', { w: 45, builtin: true }], ['TDW 4006', { w: 55, compact: true }]] },
    { brand: 'midea', name: 'Midea', tier: [0.1, 0.4], models: [['MFD45S110Wi', { w: 45 }], ['MID60S430i', { w: 60, builtin: true }]] },
    { brand: 'candy', name: 'Candy', tier: [0, 0.2], models: [['CDPN 1L390PW', { w: 60 }]] },
    { brand: 'beko', name: 'Beko', tier: [0.1, 0.35], models: [['BDFS15020W', { w: 45 }], ['BDIS36020', { w: 45, builtin: true }]] },
    { brand: 'gorenje', name: 'Gorenje', tier: [0.3, 0.5], models: [['GS520E15W', { w: 60 }]] },
    { brand: 'hisense', name: 'Hisense', tier: [0.2, 0.4], models: [['HS622E90W', { w: 60 }]] },
  ],
  build(c) {
    const w = Number(c.prop('w') ?? 60);
    const builtin = c.prop('builtin') === true;
    const compact = c.prop('compact') === true;
    return {
      values: {
        width: String(w),
        install: compact ? 'компактная' : builtin ? 'полновстраиваемая' : 'отдельностоящая',
        sets: compact ? 6 : w === 45 ? c.rnd(9, 11) : c.rnd(12, 15),
        water: compact ? 6.5 : c.rnd(8.5, 11.5, 0.5),
        noise: c.num(49, 41),
        energy_class: c.by(['A', 'A+', 'A++', 'A+++']),
        auto_open: c.yn(c.t > 0.5),
      },
      price: c.price(19990, 95000, w === 60 ? 1.12 : 1),
      variant: `${w} см`,
      showColor: !builtin,
    };
  },
  blurbs: ['{name} экономит воду и время: полная загрузка посуды отмывается лучше, чем вручную.'],
};

const VACUUM_COLORS: Color[] = [C.gray, C.white, C.black, C.purple, ['никель', '#9ea3a8'], C.gold];

export const stickVacuums: Profile = {
  categoryId: 407,
  noun: 'Пылесос вертикальный',
  weight: 2,
  specs: [
    L('cleaning', 'Тип уборки', 'general', ['сухая', 'сухая и влажная']),
    R('suction', 'Мощность всасывания', 'general', 'АВт'),
    R('runtime', 'Время работы от аккумулятора', 'power', 'мин'),
    R('bin', 'Объём контейнера', 'general', 'л', 2),
    R('weight', 'Вес', 'size', 'кг', 1, false),
    COLOR_SPEC,
  ],
  colors: VACUUM_COLORS,
  series: [
    { brand: 'dyson', name: 'V', tier: [0.6, 1], weight: 2, models: ['V8 Absolute', 'V12 Detect Slim', 'V15 Detect Absolute', 'Gen5detect'] },
    { brand: 'xiaomi', name: 'Vacuum Cleaner', tier: [0.1, 0.5], weight: 2, models: ['Vacuum Cleaner G10', 'Vacuum Cleaner G20 Lite', ['Truclean W20', { wet: true }]] },
    { brand: 'kitfort', name: 'KT', tier: [0, 0.2], models: ['KT-5123', 'KT-5159', 'KT-5229'] },
    { brand: 'tefal', name: 'X-Force', tier: [0.25, 0.6], models: ['X-Pert 6.60', 'X-Force Flex 9.60'] },
    { brand: 'polaris', name: 'PVCS', tier: [0.05, 0.3], models: ['PVCS 4000', 'PVCS 7090 HandStickPRO'] },
    { brand: 'samsung', name: 'Bespoke Jet', tier: [0.5, 0.85], models: ['Jet 75', 'Bespoke Jet AI'] },
    { brand: 'bosch', name: 'Unlimited', tier: [0.45, 0.7], models: ['BBS611LAG', 'BCS71HYGT'] },
    { brand: 'philips', name: 'SpeedPro', tier: [0.3, 0.5], models: ['XC3131/01', 'FC6723/01'] },
    { brand: 'dreame', name: 'Dreame', tier: [0.3, 0.8], weight: 1.5, models: ['R10', 'Z20', ['H12 Pro', { wet: true }]] },
  ],
  build(c) {
    return {
      values: {
        cleaning: c.prop('wet') === true ? 'сухая и влажная' : 'сухая',
        suction: c.num(60, 260, 5),
        runtime: c.num(25, 70, 5),
        bin: c.pick([0.4, 0.5, 0.6, 0.76]),
        weight: c.rnd(1.5, 3.2, 0.1),
      },
      price: c.price(5990, 79990),
    };
  },
  blurbs: ['{name} без проводов убирает пол, мебель и салон автомобиля; заряжается от настенной станции.'],
};

export const robotVacuums: Profile = {
  categoryId: 408,
  noun: 'Робот-пылесос',
  weight: 2,
  specs: [
    L('cleaning', 'Тип уборки', 'general', ['сухая', 'сухая и влажная']),
    L('nav', 'Навигация', 'general', ['гироскоп', 'лидар', 'камера', 'лидар + камера']),
    R('runtime', 'Время работы', 'power', 'мин'),
    yn('dock', 'Станция самоочистки'),
    yn('app', 'Управление со смартфона'),
    COLOR_SPEC,
  ],
  colors: [C.white, C.black],
  series: [
    { brand: 'xiaomi', name: 'Robot Vacuum', tier: [0.05, 0.7], weight: 2, models: ['Robot Vacuum E10', 'Robot Vacuum S20', 'Robot Vacuum X20+'] },
    { brand: 'roborock', name: 'Roborock', tier: [0.3, 1], weight: 2, models: ['Q7 Max', 'Q8 Max+', 'S8 Pro Ultra', 'Saros 10R'] },
    { brand: 'dreame', name: 'Dreame', tier: [0.2, 0.95], weight: 1.5, models: ['D10s', 'L10s Ultra', 'X50 Ultra'] },
    { brand: 'polaris', name: 'IQ Home', tier: [0, 0.3], models: ['PVCR 4105 WI-FI IQ Home', 'PVCR 3300 IQ Home Aqua'] },
    { brand: 'redmond', name: 'RV-R', tier: [0, 0.15], models: ['RV-R650S'] },
    { brand: 'tefal', name: 'X-plorer', tier: [0.3, 0.5], models: ['X-plorer Serie 75 S+'] },
  ],
  build(c) {
    return {
      values: {
        cleaning: c.t > 0.15 || /Aqua/.test(c.model) ? 'сухая и влажная' : 'сухая',
        nav: c.by(['гироскоп', 'лидар', 'лидар', 'лидар + камера']),
        runtime: c.rnd(90, 180, 10),
        dock: c.yn(/Ultra|\+|Max\+/.test(c.model)),
        app: c.yn(c.t > 0.05),
      },
      price: c.price(7990, 129990),
    };
  },
  blurbs: ['{name} строит карту квартиры и убирает по расписанию, пока вас нет дома.'],
};

export const canisterVacuums: Profile = {
  categoryId: 409,
  noun: 'Пылесос',
  weight: 1.5,
  specs: [
    L('cleaning', 'Тип уборки', 'general', ['сухая', 'сухая и влажная']),
    R('power_w', 'Потребляемая мощность', 'energy', 'Вт'),
    L('bag', 'Пылесборник', 'general', ['мешок', 'контейнер', 'аквафильтр']),
    R('bin', 'Объём пылесборника', 'general', 'л', 1),
    R('noise', 'Уровень шума', 'features', 'дБ', 0, false),
    COLOR_SPEC,
  ],
  colors: [C.blue, C.red, C.black, C.gray, C.purple],
  series: [
    { brand: 'samsung', name: 'VC', tier: [0.1, 0.4], models: [['VC18M21A0SB', { bag: 'контейнер' }], ['VC20M2540JB', { bag: 'контейнер' }]] },
    { brand: 'bosch', name: 'Serie 2', tier: [0.2, 0.5], models: [['BGLS2LW1', { bag: 'мешок' }], ['BGS05A220', { bag: 'контейнер' }]] },
    { brand: 'lg', name: 'CordZero', tier: [0.3, 0.5], models: [['VK76A02NTL', { bag: 'контейнер' }]] },
    { brand: 'philips', name: 'Philips', tier: [0.15, 0.4], models: [['XB2125/09', { bag: 'контейнер' }], ['FC9332/09', { bag: 'контейнер' }]] },
    { brand: 'vitek', name: 'VT', tier: [0, 0.2], models: [['VT-1800', { bag: 'аквафильтр' }], ['VT-8132', { bag: 'контейнер' }]] },
    { brand: 'scarlett', name: 'SC-VC', tier: [0, 0.1], models: [['SC-VC80C92', { bag: 'контейнер' }]] },
    { brand: 'polaris', name: 'PVC', tier: [0.05, 0.25], models: [['PVC 2004Ri', { bag: 'контейнер' }], ['PVB 1604', { bag: 'мешок' }]] },
  ],
  build(c) {
    const bag = String(c.prop('bag') ?? 'контейнер');
    return {
      values: {
        cleaning: bag === 'аквафильтр' ? 'сухая и влажная' : 'сухая',
        power_w: c.num(1400, 2200, 100),
        bag,
        bin: bag === 'мешок' ? c.pick([2.5, 3, 3.5]) : c.pick([1.5, 2, 2.5]),
        noise: c.num(82, 74),
      },
      price: c.price(4990, 24990),
    };
  },
  blurbs: ['{name} с мощным всасыванием справляется с пылью, шерстью и крошками на любых покрытиях.'],
};

export const airConditioners: Profile = {
  categoryId: 411,
  noun: 'Сплит-система',
  weight: 2,
  maxQuantity: 3,
  specs: [
    R('area', 'Площадь помещения', 'general', 'м²'),
    R('btu', 'Мощность охлаждения', 'general', 'BTU', 0, false),
    yn('inverter', 'Инвертор'),
    L('modes', 'Режимы', 'general', ['охлаждение', 'охлаждение и обогрев']),
    L('energy_class', 'Класс энергоэффективности', 'energy', ENERGY),
    R('noise', 'Уровень шума', 'features', 'дБ'),
    yn('wifi', 'Управление по Wi-Fi', 'connect'),
    COLOR_SPEC,
  ],
  colors: [C.white, C.white, C.black, C.silver],
  colorsPerModel: [1, 1],
  series: [
    { brand: 'ballu', name: 'iGreen Pro', tier: [0.05, 0.3], weight: 1.5, models: ['BSAG-07HN8', 'BSAG-09HN8', 'BSAG-12HN8', 'BSAG-18HN8'] },
    { brand: 'ballu', name: 'Olympio Legend', tier: [0, 0.15], models: ['BSO-09HN8', 'BSO-12HN8'] },
    { brand: 'haier', name: 'Coral', tier: [0.3, 0.55], props: { inverter: true }, models: ['AS25HPL1HRA', 'AS35HPL1HRA', 'AS50HPL1HRA'] },
    { brand: 'haier', name: 'Flexis', tier: [0.6, 0.85], props: { inverter: true }, models: ['AS25S2SF2FA', 'AS35S2SF2FA'] },
    { brand: 'midea', name: 'Mission', tier: [0.2, 0.5], props: { inverter: true }, models: ['MSAG1-09HRN1', 'MSAG1-12HRN1', 'MSAG1-18HRN1'] },
    { brand: 'lg', name: 'DUALCOOL', tier: [0.5, 0.8], props: { inverter: true }, models: ['P09SP2', 'P12SP2', 'P18SP2'] },
    { brand: 'samsung', name: 'WindFree', tier: [0.7, 1], props: { inverter: true }, models: ['AR09TXFCAWKNER', 'AR12TXFCAWKNER'] },
    { brand: 'electrolux', name: 'Fusion', tier: [0.2, 0.4], models: ['EACS-09HF2/N3', 'EACS-12HF2/N3'] },
    { brand: 'hisense', name: 'Expert', tier: [0.25, 0.55], props: { inverter: true }, models: ['AS-09UW4RYDTV02', 'AS-12UW4RYDTV02'] },
  ],
  build(c) {
    const code = c.numIn(/(?:-|P|AR|AS)(07|09|12|18|24|25|35|50)/, 9);
    const btu = code === 25 ? 9 : code === 35 ? 12 : code === 50 ? 18 : code;
    const area = btu <= 7 ? 20 : btu <= 9 ? 25 : btu <= 12 ? 35 : btu <= 18 ? 50 : 70;
    const inverter = c.prop('inverter') === true;
    return {
      values: {
        area,
        btu: btu * 1000,
        inverter: c.yn(inverter),
        modes: 'охлаждение и обогрев',
        energy_class: inverter ? c.by(['A+', 'A++', 'A+++']) : c.pick(['A', 'A+']),
        noise: c.num(28, 19),
        wifi: c.yn(c.t > 0.4),
      },
      price: c.price(21990, 99990, 0.75 + btu / 36),
      showColor: false,
    };
  },
  blurbs: ['{name} быстро охлаждает комнату летом и подогревает в межсезонье; фильтры очищают воздух от пыли.'],
};

export const heaters: Profile = {
  categoryId: 412,
  noun: 'Обогреватель',
  weight: 1.2,
  specs: [
    L('heater_type', 'Тип', 'general', ['масляный радиатор', 'конвектор', 'инфракрасный', 'тепловентилятор']),
    R('power_w', 'Мощность', 'energy', 'Вт'),
    R('area', 'Площадь обогрева', 'general', 'м²'),
    yn('thermostat', 'Термостат'),
    COLOR_SPEC,
  ],
  colors: [C.white, C.black, C.gray],
  series: [
    { brand: 'ballu', name: 'Ballu', tier: [0, 0.7], weight: 2, models: [['BOH/CL-09WRN', { type: 'масляный радиатор' }], ['BEC/EVU-2000', { type: 'конвектор' }], ['BFH/C-31', { type: 'тепловентилятор' }], ['BIH-AP4-1.0', { type: 'инфракрасный' }]] },
    { brand: 'electrolux', name: 'Electrolux', tier: [0.3, 0.8], models: [['EIH/AG2-2000E', { type: 'конвектор' }], ['EOH/M-6209', { type: 'масляный радиатор' }]] },
    { brand: 'polaris', name: 'Polaris', tier: [0.1, 0.4], models: [['PRE L 0920', { type: 'масляный радиатор' }], ['PCH 1588D', { type: 'тепловентилятор' }]] },
    { brand: 'scarlett', name: 'Scarlett', tier: [0, 0.2], models: [['SC-OH67B02-9', { type: 'масляный радиатор' }]] },
  ],
  build(c) {
    const type = String(c.prop('type') ?? 'конвектор');
    const power = type === 'тепловентилятор' ? c.pick([1500, 2000]) : c.pick([1000, 1500, 2000, 2500]);
    return {
      values: { heater_type: type, power_w: power, area: Math.round(power / 100), thermostat: c.yn(type !== 'тепловентилятор' || c.t > 0.3) },
      price: c.price(1490, 14990) * (0.7 + power / 5000),
    };
  },
  blurbs: ['{name} согреет комнату за считанные минуты; защита от перегрева и опрокидывания встроена.'],
};

export const humidifiers: Profile = {
  categoryId: 413,
  noun: 'Увлажнитель воздуха',
  weight: 0.8,
  specs: [
    L('hum_type', 'Тип', 'general', ['ультразвуковой', 'традиционный', 'паровой']),
    R('tank', 'Объём бака', 'general', 'л', 1),
    R('area', 'Площадь помещения', 'general', 'м²'),
    yn('hygrostat', 'Гигростат'),
    yn('wifi', 'Управление по Wi-Fi', 'connect'),
    COLOR_SPEC,
  ],
  colors: [C.white, C.black, C.gray],
  series: [
    { brand: 'xiaomi', name: 'Humidifier', tier: [0.1, 0.6], weight: 1.5, models: ['Humidifier 2 Lite', 'Smart Humidifier 2'] },
    { brand: 'polaris', name: 'PUH', tier: [0.1, 0.5], models: ['PUH 2204', 'PUH 7040 WiFi IQ Home'] },
    { brand: 'ballu', name: 'UHB', tier: [0, 0.3], models: ['UHB-205', 'UHB-400'] },
    { brand: 'electrolux', name: 'EHU', tier: [0.3, 0.7], models: ['EHU-3710D', ['EHU-5015D YOGAhealthline', { type: 'традиционный' }]] },
  ],
  build(c) {
    return {
      values: {
        hum_type: String(c.prop('type') ?? 'ультразвуковой'),
        tank: c.num(2.5, 6, 0.5),
        area: c.num(20, 45, 5),
        hygrostat: c.yn(c.t > 0.3),
        wifi: c.yn(/Smart|WiFi/.test(c.model)),
      },
      price: c.price(1990, 14990),
    };
  },
  blurbs: ['{name} поддерживает комфортную влажность — кожа и слизистые меньше пересыхают в отопительный сезон.'],
};

export const waterHeaters: Profile = {
  categoryId: 414,
  noun: 'Водонагреватель',
  weight: 1.2,
  specs: [
    L('wh_type', 'Тип', 'general', ['накопительный', 'проточный']),
    R('volume', 'Объём', 'general', 'л'),
    R('power_w', 'Мощность', 'energy', 'Вт'),
    L('shape', 'Форма', 'general', ['плоский', 'цилиндрический', 'компактный']),
    L('control', 'Управление', 'features', ['механическое', 'электронное']),
    COLOR_SPEC,
  ],
  colors: [C.white, C.silver],
  series: [
    { brand: 'thermex', name: 'Thermex', tier: [0, 0.7], weight: 2, models: ['Hit H 10 O', 'Champion ER 80 V', 'Flat Plus Pro IF 50 V', 'Sprint 100 V Slim'] },
    { brand: 'ariston', name: 'Ariston', tier: [0.2, 0.9], weight: 1.5, models: ['Andris Lux 15 OR', 'PRO1 R 50 V', 'ABS VLS Pro Inox R 80', 'Velis Lux Inox PW ABSE WiFi 100'] },
    { brand: 'electrolux', name: 'EWH', tier: [0.3, 0.7], models: ['EWH 50 Royal Flash', 'EWH 80 Formax'] },
    { brand: 'zanussi', name: 'ZWH', tier: [0.1, 0.5], models: ['ZWH/S 50 Splendore XP 2.0', 'ZWH/S 80 Orfeus DH'] },
    { brand: 'ballu', name: 'BWH', tier: [0, 0.3], models: ['BWH/S 30 Smart WiFi', 'BWH/S 80 Nexus'] },
  ],
  build(c) {
    const volume = c.numIn(/\b(10|15|30|50|80|100)\b/, 50);
    const flat = /Flat|Royal|Smart|Velis|ABS|Splendore/.test(c.model);
    return {
      values: {
        wh_type: 'накопительный',
        volume,
        power_w: volume <= 15 ? 1500 : c.pick([1500, 2000, 2500]),
        shape: volume <= 15 ? 'компактный' : flat ? 'плоский' : 'цилиндрический',
        control: c.t > 0.4 || /WiFi|ABSE/.test(c.model) ? 'электронное' : 'механическое',
      },
      price: c.price(6990, 39990, 0.6 + volume / 120),
      variant: `${volume} л`,
    };
  },
  blurbs: ['{name} обеспечит горячую воду на кухне и в ванной даже во время летнего отключения.'],
};

export const irons: Profile = {
  categoryId: 415,
  noun: 'Утюг',
  weight: 1,
  specs: [
    R('power_w', 'Мощность', 'energy', 'Вт'),
    R('steam', 'Постоянная подача пара', 'general', 'г/мин'),
    R('boost', 'Паровой удар', 'general', 'г/мин'),
    L('soleplate', 'Покрытие подошвы', 'general', ['керамика', 'нержавеющая сталь', 'металлокерамика', 'Durilium']),
    yn('auto_off', 'Автоотключение'),
    COLOR_SPEC,
  ],
  colors: [C.blue, C.purple, C.white, C.mint, C.pink],
  series: [
    { brand: 'tefal', name: 'Tefal', tier: [0.05, 0.9], weight: 2, models: ['FV1711', 'FV2868', ['FV9845 Ultimate Pure', { sole: 'Durilium' }]] },
    { brand: 'philips', name: 'Philips', tier: [0.3, 0.8], models: ['DST5040/80', 'GC4909/60'] },
    { brand: 'rowenta', name: 'Rowenta', tier: [0.4, 0.9], models: ['DW5220', 'DW9240 Steam Force'] },
    { brand: 'braun', name: 'TexStyle', tier: [0.3, 0.7], models: ['SI 3054', 'TexStyle 9'] },
    { brand: 'polaris', name: 'PIR', tier: [0, 0.3], models: ['PIR 2488AK', 'PIR 2699K'] },
    { brand: 'scarlett', name: 'SC-SI', tier: [0, 0.1], models: ['SC-SI30K51'] },
  ],
  build(c) {
    return {
      values: {
        power_w: c.num(2000, 3100, 100),
        steam: c.num(25, 60, 5),
        boost: c.num(100, 260, 10),
        soleplate: String(c.prop('sole') ?? c.by(['нержавеющая сталь', 'керамика', 'металлокерамика'])),
        auto_off: c.yn(c.t > 0.3),
      },
      price: c.price(1490, 12990),
    };
  },
  blurbs: ['{name} легко скользит по ткани и разглаживает складки паром даже в вертикальном положении.'],
};

export const HOME_PROFILES: Profile[] = [
  fridges, freezers, washers, dryers, dishwashers, stickVacuums, robotVacuums, canisterVacuums,
  airConditioners, heaters, humidifiers, waterHeaters, irons,
];

export { SMALL_COLORS };
