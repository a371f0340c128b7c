/** Kitchen appliances and beauty. */
import { C, COLOR_SPEC, L, R, SMALL_COLORS, yn, type Profile } from './profile-kit.ts';

export const microwaves: Profile = {
  categoryId: 501,
  noun: 'Микроволновая печь',
  weight: 2,
  specs: [
    R('volume', 'Объём', 'general', 'л'),
    L('mw_power', 'Мощность микроволн', 'energy', ['700', '800', '850', '900', '1000', '1200'], 'Вт'),
    L('grill', 'Гриль', 'features', ['Нет', 'кварцевый', 'ТЭН']),
    yn('convection', 'Конвекция'),
    L('control', 'Управление', 'features', ['механическое', 'кнопочное', 'сенсорное']),
    yn('builtin', 'Встраиваемая', 'general'),
    COLOR_SPEC,
  ],
  colors: [C.white, C.black, C.silver, C.steel],
  colorsPerModel: [1, 2],
  series: [
    { brand: 'samsung', name: 'Samsung', tier: [0.1, 0.6], weight: 1.5, models: ['MS23K3513AW', 'ME88SUG', 'MG23K3575AS'] },
    { brand: 'lg', name: 'LG', tier: [0.1, 0.7], weight: 1.5, models: ['MS2042DB', 'MH6535GIS', 'MS23M38GIH'] },
    { brand: 'midea', name: 'Midea', tier: [0, 0.3], models: ['MM720CY6-W', 'AM820CUK-B'] },
    { brand: 'bosch', name: 'Serie 2', tier: [0.5, 0.9], models: ['FFL020MS2', ['BFL524MS0', { builtin: true }]] },
    { brand: 'panasonic', name: 'Panasonic', tier: [0.2, 0.6], models: ['NN-ST254MZPE', 'NN-GT264MZPE'] },
    { brand: 'gorenje', name: 'Gorenje', tier: [0.05, 0.25], models: ['MO20E1W', 'MO20A4X'] },
    { brand: 'hotpoint', name: 'Hotpoint', tier: [0.3, 0.5], models: ['MWHA 201 B'] },
    { brand: 'electrolux', name: 'Electrolux', tier: [0.2, 0.5], models: ['EMZ421MMW', 'EMM20000OK'] },
    { brand: 'polaris', name: 'PMO', tier: [0, 0.2], models: ['PMO 2002D RUS', 'PMO 2303DG RUS'] },
  ],
  build(c) {
    const grill = /MG|MH|GT|ME88|A4X/.test(c.model);
    return {
      values: {
        volume: c.numIn(/(?:MS|MG|MO|PMO )(\d{2})/, c.pick([20, 20, 23, 25, 28])),
        mw_power: c.by(['700', '800', '800', '850', '900', '1000']),
        grill: grill ? c.pick(['кварцевый', 'ТЭН']) : 'Нет',
        convection: c.yn(c.t > 0.7),
        control: c.t < 0.15 ? 'механическое' : c.pick(['кнопочное', 'сенсорное']),
        builtin: c.yn(c.prop('builtin') === true),
      },
      price: c.price(5490, 39990),
    };
  },
  blurbs: ['{name} быстро разогревает и размораживает продукты; автопрограммы подберут время сами.'],
};

export const kettles: Profile = {
  categoryId: 502,
  noun: 'Электрочайник',
  weight: 2,
  specs: [
    R('volume', 'Объём', 'general', 'л', 1),
    R('power_w', 'Мощность', 'energy', 'Вт'),
    L('material', 'Материал корпуса', 'look', ['пластик', 'нержавеющая сталь', 'стекло', 'керамика']),
    yn('temp_control', 'Регулировка температуры'),
    yn('smart', 'Управление со смартфона', 'connect'),
    COLOR_SPEC,
  ],
  colors: SMALL_COLORS,
  colorsPerModel: [1, 3],
  series: [
    { brand: 'xiaomi', name: 'Kettle', tier: [0.1, 0.7], weight: 1.5, models: ['Electric Kettle 2', ['Smart Kettle 2 Pro', { smart: true }]] },
    { brand: 'tefal', name: 'Tefal', tier: [0.05, 0.6], models: ['KO2008', ['KI533811', { material: 'нержавеющая сталь' }], ['BF9251', { material: 'стекло' }]] },
    { brand: 'polaris', name: 'PWK', tier: [0.05, 0.5], models: [['PWK 1725CGL', { material: 'стекло' }], ['PWK 1803CA', { material: 'нержавеющая сталь' }]] },
    { brand: 'redmond', name: 'RK', tier: [0, 0.4], models: [['RK-G178', { material: 'стекло' }], ['RK-M216S', { material: 'нержавеющая сталь' }]] },
    { brand: 'bosch', name: 'TWK', tier: [0.3, 0.8], models: ['TWK3A011', ['TWK7L460', { material: 'нержавеющая сталь' }]] },
    { brand: 'scarlett', name: 'SC-EK', tier: [0, 0.1], models: ['SC-EK18P66', ['SC-EK27G97', { material: 'стекло' }]] },
    { brand: 'vitek', name: 'VT', tier: [0, 0.2], models: [['VT-7055', { material: 'керамика' }]] },
    { brand: 'kitfort', name: 'KT', tier: [0.05, 0.3], models: [['KT-6102', { material: 'стекло' }]] },
    { brand: 'braun', name: 'PurEase', tier: [0.4, 0.6], models: [['WK 5110', { material: 'нержавеющая сталь' }]] },
  ],
  build(c) {
    return {
      values: {
        volume: c.pick([1.5, 1.7, 1.7, 1.8, 2]),
        power_w: c.pick([1800, 2000, 2200, 2400]),
        material: String(c.prop('material') ?? 'пластик'),
        temp_control: c.yn(c.t > 0.45 || c.prop('smart') === true),
        smart: c.yn(c.prop('smart') === true),
      },
      price: c.price(790, 7990),
    };
  },
  blurbs: ['{name} вскипятит воду за пару минут и отключится сам; фильтр задерживает накипь.'],
};

export const coffeeMachines: Profile = {
  categoryId: 503,
  noun: 'Кофемашина',
  weight: 1.8,
  specs: [
    L('coffee_type', 'Тип', 'general', ['автоматическая', 'рожковая', 'капсульная', 'капельная']),
    R('pressure', 'Давление помпы', 'general', 'бар'),
    R('tank', 'Объём резервуара для воды', 'general', 'л', 1),
    L('milk', 'Капучинатор', 'features', ['нет', 'ручной', 'автоматический']),
    yn('grinder', 'Встроенная кофемолка'),
    COLOR_SPEC,
  ],
  colors: [C.black, C.silver, C.white, C.titanBlack],
  colorsPerModel: [1, 2],
  series: [
    { brand: 'delonghi', name: 'Magnifica', tier: [0.35, 0.6], weight: 2, models: ['Magnifica S ECAM22.110.B', 'Magnifica Evo ECAM290.61.B'] },
    { brand: 'delonghi', name: 'Dinamica', tier: [0.65, 0.95], models: ['Dinamica Plus ECAM370.95.T', 'Eletta Explore ECAM450.86.T'] },
    { brand: 'delonghi', name: 'Dedica', tier: [0.15, 0.3], props: { type: 'рожковая' }, models: ['Dedica EC685.M', 'Dedica Arte EC885.M'] },
    { brand: 'philips', name: 'Series 1200', tier: [0.3, 0.4], models: ['EP1220/00', 'EP1223/00'] },
    { brand: 'philips', name: 'Series 2200', tier: [0.4, 0.5], models: ['EP2231/40', 'EP2236/40'] },
    { brand: 'philips', name: 'Series 3200', tier: [0.55, 0.65], models: ['EP3246/70'] },
    { brand: 'philips', name: 'Series 5400', tier: [0.75, 0.85], models: ['EP5447/90'] },
    { brand: 'bosch', name: 'VeroCafe', tier: [0.4, 0.7], models: ['TIS30129RW', 'TIE20129RW'] },
    { brand: 'polaris', name: 'PCM', tier: [0.05, 0.25], props: { type: 'рожковая' }, models: ['PCM 1527E Adore Crema', 'PCM 2020'] },
    { brand: 'redmond', name: 'RCM', tier: [0, 0.1], props: { type: 'капельная' }, models: ['RCM-1512', 'RCM-M1528'] },
    { brand: 'kitfort', name: 'KT', tier: [0.05, 0.25], props: { type: 'рожковая' }, models: ['KT-7104', 'KT-7137'] },
  ],
  build(c) {
    const type = String(c.prop('type') ?? 'автоматическая');
    const auto = type === 'автоматическая';
    return {
      values: {
        coffee_type: type,
        pressure: type === 'капельная' ? undefined : 15,
        tank: c.num(1, 2.2, 0.1),
        milk: auto ? (c.t > 0.45 ? 'автоматический' : 'ручной') : type === 'рожковая' ? 'ручной' : 'нет',
        grinder: c.yn(auto),
      },
      price: c.price(2490, 140000),
    };
  },
  blurbs: ['{name} готовит эспрессо, капучино и латте из свежемолотых зёрен одним нажатием.'],
};

export const multicookers: Profile = {
  categoryId: 504,
  noun: 'Мультиварка',
  weight: 1.2,
  specs: [
    R('bowl', 'Объём чаши', 'general', 'л', 1),
    R('power_w', 'Мощность', 'energy', 'Вт'),
    R('programs', 'Количество программ', 'features', null),
    yn('pressure', 'Скороварка'),
    L('coating', 'Покрытие чаши', 'general', ['антипригарное', 'керамическое', 'нержавеющая сталь']),
    COLOR_SPEC,
  ],
  colors: [C.black, C.silver, C.white, C.red],
  series: [
    { brand: 'redmond', name: 'RMC', tier: [0.05, 0.7], weight: 2, models: ['RMC-M25', 'RMC-M800S', ['RMC-PM503', { pressure: true }]] },
    { brand: 'polaris', name: 'EVO', tier: [0.2, 0.7], models: ['EVO 0446DS', 'PMC 0530 Wi-Fi IQ Home'] },
    { brand: 'tefal', name: 'Tefal', tier: [0.3, 0.8], models: ['RK901F32', ['CY754830', { pressure: true }]] },
    { brand: 'philips', name: 'Philips', tier: [0.2, 0.6], models: ['HD4713/40', ['HD2151/40', { pressure: true }]] },
    { brand: 'kitfort', name: 'KT', tier: [0, 0.3], models: ['KT-2069', 'KT-2072'] },
  ],
  build(c) {
    return {
      values: {
        bowl: c.pick([4, 5, 5, 6]),
        power_w: c.num(700, 1200, 50),
        programs: c.num(10, 55, 1),
        pressure: c.yn(c.prop('pressure') === true),
        coating: c.by(['антипригарное', 'антипригарное', 'керамическое', 'нержавеющая сталь']),
      },
      price: c.price(2990, 19990),
    };
  },
  blurbs: ['{name} сама приготовит кашу к завтраку и рагу к ужину — достаточно выбрать программу.'],
};

export const blenders: Profile = {
  categoryId: 505,
  noun: 'Блендер',
  weight: 1.2,
  specs: [
    L('blender_type', 'Тип', 'general', ['погружной', 'стационарный']),
    R('power_w', 'Мощность', 'energy', 'Вт'),
    R('speeds', 'Количество скоростей', 'features', null),
    R('bowl', 'Объём чаши', 'general', 'л', 1),
    COLOR_SPEC,
  ],
  colors: [C.white, C.black, C.silver],
  series: [
    { brand: 'philips', name: 'Philips', tier: [0.1, 0.6], models: ['HR2600/80', ['HR3573/90', { type: 'стационарный' }]] },
    { brand: 'braun', name: 'MultiQuick', tier: [0.2, 0.8], weight: 1.5, models: ['MQ 5235', 'MQ 7045X', ['JB 5160', { type: 'стационарный' }]] },
    { brand: 'bosch', name: 'ErgoMaster', tier: [0.1, 0.6], models: ['MSM2610B', ['MMB6141B', { type: 'стационарный' }]] },
    { brand: 'tefal', name: 'Tefal', tier: [0.1, 0.7], models: ['HB656838', ['BL8078', { type: 'стационарный' }]] },
    { brand: 'kitfort', name: 'KT', tier: [0, 0.4], models: ['KT-3053', ['KT-1365', { type: 'стационарный' }]] },
    { brand: 'redmond', name: 'RHB', tier: [0, 0.2], models: ['RHB-2973'] },
  ],
  build(c) {
    const stationary = c.prop('type') === 'стационарный';
    return {
      values: {
        blender_type: stationary ? 'стационарный' : 'погружной',
        power_w: stationary ? c.num(600, 2000, 50) : c.num(600, 1200, 50),
        speeds: c.num(2, 21, 1),
        bowl: stationary ? c.pick([1.5, 1.75, 2]) : c.pick([0.5, 0.6, 1.25]),
      },
      price: c.price(1490, 24990),
    };
  },
  blurbs: ['{name} измельчает лёд, орехи и овощи, взбивает коктейли и смузи за секунды.'],
};

export const hobs: Profile = {
  categoryId: 507,
  noun: 'Варочная панель',
  weight: 1.5,
  maxQuantity: 3,
  specs: [
    L('hob_type', 'Тип', 'general', ['индукционная', 'электрическая', 'газовая']),
    L('burners', 'Количество конфорок', 'general', ['2', '3', '4', '5']),
    L('surface', 'Материал поверхности', 'look', ['стеклокерамика', 'закалённое стекло', 'нержавеющая сталь']),
    L('width', 'Ширина', 'size', ['30', '45', '60', '75'], 'см'),
    yn('booster', 'Режим Booster'),
    COLOR_SPEC,
  ],
  colors: [C.black, C.black, C.white, C.steel],
  colorsPerModel: [1, 1],
  series: [
    { brand: 'bosch', name: 'Serie 4', tier: [0.4, 0.7], models: [['PUE611BB5E', { type: 'индукционная' }], ['PKE611BB2E', { type: 'электрическая' }]] },
    { brand: 'bosch', name: 'Serie 6', tier: [0.7, 0.9], models: [['PIF651FC1E', { type: 'индукционная' }]] },
    { brand: 'electrolux', name: 'Electrolux', tier: [0.3, 0.7], models: [['EHF6240XXK', { type: 'электрическая' }], ['LIR60433', { type: 'индукционная' }]] },
    { brand: 'weissgauff', name: 'HI', tier: [0.1, 0.5], weight: 1.5, models: [['HI 643 BFZG', { type: 'индукционная' }], ['HGG 641 BV', { type: 'газовая' }], ['HV 32 B', { type: 'электрическая', w: 30 }]] },
    { brand: 'gorenje', name: 'Gorenje', tier: [0.2, 0.6], models: [['IT643BCSC', { type: 'индукционная' }], ['GW641SB', { type: 'газовая' }]] },
    { brand: 'midea', name: 'Midea', tier: [0.1, 0.4], models: [['MIH64721F', { type: 'индукционная' }], ['MG696TRGI', { type: 'газовая' }]] },
    { brand: 'samsung', name: 'Samsung', tier: [0.4, 0.6], models: [['NZ64B4016KK', { type: 'индукционная' }]] },
  ],
  build(c) {
    const type = String(c.prop('type') ?? 'электрическая');
    const w = Number(c.prop('w') ?? (c.m.chance(0.85) ? 60 : 45));
    return {
      values: {
        hob_type: type,
        burners: w <= 30 ? '2' : w <= 45 ? '3' : c.pick(['4', '4', '4', '5']),
        surface: type === 'газовая' ? c.pick(['закалённое стекло', 'нержавеющая сталь']) : 'стеклокерамика',
        width: String(w),
        booster: c.yn(type === 'индукционная'),
      },
      price: c.price(9990, 75000, type === 'индукционная' ? 1.25 : 1),
      variant: `${w} см`,
      showColor: false,
    };
  },
  blurbs: ['{name} встраивается в столешницу заподлицо; сенсорное управление и защита от детей.'],
};

export const ovens: Profile = {
  categoryId: 508,
  noun: 'Духовой шкаф',
  weight: 1.2,
  maxQuantity: 3,
  specs: [
    R('volume', 'Объём', 'general', 'л'),
    L('oven_type', 'Тип', 'general', ['электрический', 'газовый']),
    R('modes', 'Количество режимов', 'features', null),
    L('cleaning', 'Очистка', 'features', ['традиционная', 'каталитическая', 'паровая', 'пиролитическая']),
    yn('convection', 'Конвекция'),
    COLOR_SPEC,
  ],
  colors: [C.black, C.steel, C.white],
  colorsPerModel: [1, 1],
  series: [
    { brand: 'bosch', name: 'Serie 4', tier: [0.4, 0.8], models: ['HBF534EB0Q', 'HBA171BS4', 'HBG633NB1'] },
    { brand: 'electrolux', name: 'SteamBake', tier: [0.3, 0.7], models: ['EOF3H50BX', 'KOEBP39WX'] },
    { brand: 'gorenje', name: 'Gorenje', tier: [0.2, 0.6], models: ['BO6735E05X', 'BOS6737E06B'] },
    { brand: 'weissgauff', name: 'EOV', tier: [0, 0.4], weight: 1.5, models: ['EOV 19 MB', 'OE 446 PDB', ['GOM 6S', { gas: true }]] },
    { brand: 'samsung', name: 'Samsung', tier: [0.3, 0.5], models: ['NV68A1110RB'] },
    { brand: 'hotpoint', name: 'Hotpoint', tier: [0.5, 0.7], models: ['FE8 824 H IX'] },
  ],
  build(c) {
    return {
      values: {
        volume: c.pick([66, 68, 70, 71, 72, 77]),
        oven_type: c.prop('gas') === true ? 'газовый' : 'электрический',
        modes: c.num(5, 13, 1),
        cleaning: c.by(['традиционная', 'каталитическая', 'паровая', 'пиролитическая']),
        convection: c.yn(c.t > 0.15),
      },
      price: c.price(14990, 110000),
      showColor: false,
    };
  },
  blurbs: ['{name} равномерно пропекает благодаря конвекции; стекло двери остаётся прохладным.'],
};

export const hoods: Profile = {
  categoryId: 509,
  noun: 'Вытяжка',
  weight: 1,
  maxQuantity: 3,
  specs: [
    L('hood_type', 'Тип', 'general', ['наклонная', 'купольная', 'встраиваемая', 'плоская']),
    L('width', 'Ширина', 'size', ['50', '60', '90'], 'см'),
    R('airflow', 'Производительность', 'general', 'м³/ч'),
    R('noise', 'Уровень шума', 'features', 'дБ', 0, false),
    COLOR_SPEC,
  ],
  colors: [C.black, C.white, C.steel],
  series: [
    { brand: 'weissgauff', name: 'Gamma', tier: [0.1, 0.5], weight: 1.5, models: [['Gamma 60', { type: 'наклонная' }], ['Tel 06 1M', { type: 'встраиваемая' }]] },
    { brand: 'bosch', name: 'Serie 4', tier: [0.4, 0.8], models: [['DWP64BC50', { type: 'купольная' }], ['DFS067A51', { type: 'встраиваемая' }]] },
    { brand: 'electrolux', name: 'Electrolux', tier: [0.3, 0.6], models: [['LFV416K', { type: 'наклонная' }]] },
    { brand: 'gorenje', name: 'Gorenje', tier: [0.2, 0.5], models: [['WHI649EXBG', { type: 'наклонная' }]] },
    { brand: 'midea', name: 'Midea', tier: [0, 0.3], models: [['MH60P410X', { type: 'плоская' }]] },
  ],
  build(c) {
    const w = c.pick(['60', '60', '50', '90']);
    return {
      values: { hood_type: String(c.prop('type') ?? 'наклонная'), width: w, airflow: c.num(350, 1000, 50), noise: c.num(58, 45) },
      price: c.price(4990, 54990),
      variant: `${w} см`,
    };
  },
  blurbs: ['{name} убирает запахи и пар над плитой; светодиодная подсветка рабочей зоны.'],
};

export const meatGrinders: Profile = {
  categoryId: 510,
  noun: 'Мясорубка',
  weight: 0.6,
  specs: [
    R('power_w', 'Максимальная мощность', 'energy', 'Вт'),
    R('throughput', 'Производительность', 'general', 'кг/мин', 1),
    yn('reverse', 'Реверс'),
    L('attachments', 'Количество насадок', 'extra', ['2', '3', '4', '5', '6']),
    COLOR_SPEC,
  ],
  colors: [C.white, C.black, C.silver],
  series: [
    { brand: 'bosch', name: 'MFW', tier: [0.3, 0.8], models: ['MFW3X14W', 'MFW68660'] },
    { brand: 'redmond', name: 'RMG', tier: [0.05, 0.3], models: ['RMG-1255', 'RMG-1222'] },
    { brand: 'polaris', name: 'PMG', tier: [0, 0.4], models: ['PMG 2081', 'PMG 3043'] },
    { brand: 'panasonic', name: 'MK', tier: [0.4, 0.7], models: ['MK-MG1300'] },
    { brand: 'vitek', name: 'VT', tier: [0, 0.2], models: ['VT-3635'] },
  ],
  build(c) {
    return {
      values: { power_w: c.num(1500, 2200, 100), throughput: c.num(1.5, 3, 0.1), reverse: c.yn(c.t > 0.15), attachments: c.by(['2', '3', '4', '5', '6']) },
      price: c.price(3990, 19990),
    };
  },
  blurbs: ['{name} быстро перерабатывает мясо и овощи, реверс помогает при намотке жил.'],
};

export const toasters: Profile = {
  categoryId: 511,
  noun: 'Тостер',
  weight: 0.5,
  specs: [
    R('power_w', 'Мощность', 'energy', 'Вт'),
    L('slots', 'Количество тостов', 'general', ['2', '4']),
    R('levels', 'Степеней обжаривания', 'features', null),
    yn('defrost', 'Размораживание'),
    COLOR_SPEC,
  ],
  colors: SMALL_COLORS,
  series: [
    { brand: 'philips', name: 'Philips', tier: [0.1, 0.5], models: ['HD2581/00', 'HD2651/90'] },
    { brand: 'bosch', name: 'TAT', tier: [0.2, 0.7], models: ['TAT3A011', 'TAT6A513'] },
    { brand: 'tefal', name: 'Tefal', tier: [0.1, 0.5], models: ['TT3670', 'TT6708'] },
    { brand: 'delonghi', name: 'Distinta', tier: [0.7, 1], models: ['CTLA 2103.BG'] },
    { brand: 'kitfort', name: 'KT', tier: [0, 0.2], models: ['KT-2014-2'] },
  ],
  build(c) {
    return {
      values: { power_w: c.num(700, 1100, 50), slots: c.t > 0.8 ? '4' : '2', levels: c.pick([6, 7, 8]), defrost: 'Да' },
      price: c.price(1990, 12990),
    };
  },
  blurbs: ['{name} делает хрустящие тосты к завтраку и подогревает булочки на решётке.'],
};

/* ---------- beauty ---------- */

export const hairDryers: Profile = {
  categoryId: 601,
  noun: 'Фен',
  weight: 1.2,
  specs: [
    R('power_w', 'Мощность', 'energy', 'Вт'),
    L('speeds', 'Количество скоростей', 'features', ['2', '3', '4']),
    L('temps', 'Температурных режимов', 'features', ['2', '3', '4']),
    yn('ionization', 'Ионизация'),
    yn('cold', 'Холодный обдув'),
    L('attachments', 'Количество насадок', 'extra', ['1', '2', '3', '5']),
    COLOR_SPEC,
  ],
  colors: [C.black, C.pink, C.white, C.purple, C.bronze, ['фуксия', '#c13584']],
  series: [
    { brand: 'dyson', name: 'Supersonic', tier: [0.8, 1], weight: 1.5, models: ['Supersonic HD07', 'Supersonic r', 'Supersonic Nural HD16'] },
    { brand: 'philips', name: 'Philips', tier: [0.1, 0.5], models: ['BHD308/10', 'BHD510/00', 'BHD827/00'] },
    { brand: 'braun', name: 'Satin Hair', tier: [0.2, 0.5], models: ['HD 385', 'HD 785 Satin Hair 7'] },
    { brand: 'rowenta', name: 'Powerline', tier: [0.15, 0.45], models: ['CV5812', 'CV7461 Powerline'] },
    { brand: 'xiaomi', name: 'Hair Dryer', tier: [0.05, 0.55], models: ['Compact Hair Dryer H101', 'High Speed Hair Dryer H501'] },
    { brand: 'polaris', name: 'PHD', tier: [0.05, 0.3], models: ['PHD 2077i', 'PHD 2600ACi'] },
    { brand: 'remington', name: 'PROluxe', tier: [0.2, 0.5], models: ['D3010', 'AC9140 PROluxe'] },
    { brand: 'scarlett', name: 'SC-HD', tier: [0, 0.1], models: ['SC-HD70I51'] },
    { brand: 'panasonic', name: 'EH', tier: [0.3, 0.6], models: ['EH-NA65', 'EH-ND65'] },
  ],
  build(c) {
    const dyson = c.brand === 'dyson';
    return {
      values: {
        power_w: dyson ? 1600 : c.num(1200, 2400, 100),
        speeds: c.by(['2', '3', '3', '4']),
        temps: c.by(['2', '3', '3', '4']),
        ionization: c.yn(c.t > 0.2),
        cold: 'Да',
        attachments: dyson ? '5' : c.by(['1', '2', '3']),
      },
      price: c.price(990, 52990),
    };
  },
  blurbs: ['{name} быстро сушит волосы и не пересушивает их благодаря контролю температуры.'],
};

export const shavers: Profile = {
  categoryId: 602,
  noun: 'Электробритва',
  weight: 1,
  specs: [
    L('shaver_type', 'Тип', 'general', ['роторная', 'сеточная']),
    L('heads', 'Количество бреющих элементов', 'general', ['1', '2', '3', '4', '5']),
    yn('wet', 'Влажное бритьё'),
    R('runtime', 'Время работы', 'power', 'мин'),
    COLOR_SPEC,
  ],
  colors: [C.black, C.silver, C.darkBlue, C.graphite],
  series: [
    { brand: 'braun', name: 'Series', tier: [0.1, 1], weight: 1.5, models: ['Series 3 300s', 'Series 5 51-B1000s', 'Series 7 71-N1200s', 'Series 9 Pro+ 9517s'] },
    { brand: 'philips', name: 'Series', tier: [0.05, 0.95], weight: 1.5, props: { rotary: true }, models: ['S1141/00', 'S3242/12', 'S5885/35', 'S7887/55', 'S9987/35'] },
    { brand: 'panasonic', name: 'ES', tier: [0.2, 0.8], models: ['ES-RT37', 'ES-LV6U'] },
    { brand: 'xiaomi', name: 'Mijia', tier: [0.05, 0.4], props: { rotary: true }, models: ['Electric Shaver S101', 'Electric Shaver S700'] },
    { brand: 'remington', name: 'PR', tier: [0, 0.3], props: { rotary: true }, models: ['PR1330', 'XR1570'] },
  ],
  build(c) {
    const rotary = c.prop('rotary') === true;
    return {
      values: {
        shaver_type: rotary ? 'роторная' : 'сеточная',
        heads: rotary ? '3' : c.by(['2', '3', '4', '5']),
        wet: c.yn(c.t > 0.25),
        runtime: c.num(40, 90, 5),
      },
      price: c.price(1990, 49990),
    };
  },
  blurbs: ['{name} бреет чисто и комфортно даже трёхдневную щетину; можно мыть под краном.'],
};

export const toothbrushes: Profile = {
  categoryId: 603,
  noun: 'Электрическая зубная щётка',
  weight: 1,
  vat: 10,
  specs: [
    L('brush_type', 'Тип', 'general', ['вращательно-пульсирующая', 'звуковая', 'ультразвуковая']),
    L('modes', 'Количество режимов', 'features', ['1', '2', '3', '4', '5', '6']),
    yn('timer', 'Таймер'),
    yn('pressure', 'Датчик давления'),
    R('autonomy', 'Время работы', 'power', 'дн'),
    COLOR_SPEC,
  ],
  colors: [C.white, C.black, C.pink, C.lightBlue, C.lavender],
  series: [
    { brand: 'oral-b', name: 'Oral-B', tier: [0.05, 1], weight: 2, props: { rotary: true }, models: ['Vitality Pro', 'Pro 3 3000', 'iO Series 4', 'iO Series 9'] },
    { brand: 'philips', name: 'Sonicare', tier: [0.1, 0.95], weight: 1.5, models: ['Sonicare 3100 HX3671/14', 'ProtectiveClean 4300 HX6800/63', 'DiamondClean 9000 HX9911/09'] },
    { brand: 'xiaomi', name: 'Mijia', tier: [0.05, 0.3], models: ['Electric Toothbrush T301', 'Electric Toothbrush T700'] },
    { brand: 'panasonic', name: 'EW', tier: [0.2, 0.4], models: ['EW-DM81'] },
  ],
  build(c) {
    return {
      values: {
        brush_type: c.prop('rotary') === true ? 'вращательно-пульсирующая' : 'звуковая',
        modes: c.by(['1', '2', '3', '4', '5', '6']),
        timer: 'Да',
        pressure: c.yn(c.t > 0.3),
        autonomy: c.num(10, 30, 1),
      },
      price: c.price(1990, 34990),
    };
  },
  blurbs: ['{name} удаляет до 100% больше налёта, чем обычная щётка; встроенный таймер подскажет, когда сменить зону.'],
};

export const stylers: Profile = {
  categoryId: 604,
  noun: 'Стайлер',
  weight: 0.8,
  specs: [
    L('styler_type', 'Тип', 'general', ['выпрямитель', 'плойка', 'мультистайлер', 'фен-щётка']),
    R('max_temp', 'Максимальная температура', 'general', '°C'),
    L('coating', 'Покрытие', 'general', ['керамическое', 'турмалиновое', 'титановое']),
    L('attachments', 'Количество насадок', 'extra', ['1', '2', '3', '4', '6']),
    COLOR_SPEC,
  ],
  colors: [C.black, C.pink, C.purple, C.bronze, ['фуксия', '#c13584']],
  series: [
    { brand: 'dyson', name: 'Airwrap', tier: [0.85, 1], weight: 1.5, models: [['Airwrap Complete Long', { type: 'мультистайлер' }], ['Airstrait', { type: 'выпрямитель' }], ['Corrale', { type: 'выпрямитель' }]] },
    { brand: 'philips', name: 'Philips', tier: [0.1, 0.4], models: [['BHH880/00', { type: 'мультистайлер' }], ['BHS375/00', { type: 'выпрямитель' }]] },
    { brand: 'rowenta', name: 'Rowenta', tier: [0.1, 0.5], models: [['CF3372', { type: 'плойка' }], ['SF4522', { type: 'выпрямитель' }], ['CF9540 Brush Activ', { type: 'фен-щётка' }]] },
    { brand: 'remington', name: 'PROluxe', tier: [0.2, 0.6], models: [['S9100 PROluxe', { type: 'выпрямитель' }], ['CI9532', { type: 'плойка' }]] },
    { brand: 'polaris', name: 'PHS', tier: [0, 0.2], models: [['PHS 2511KT', { type: 'выпрямитель' }]] },
    { brand: 'braun', name: 'Satin Hair 7', tier: [0.3, 0.5], models: [['ST 780', { type: 'выпрямитель' }]] },
  ],
  build(c) {
    const type = String(c.prop('type') ?? 'выпрямитель');
    return {
      values: {
        styler_type: type,
        max_temp: c.brand === 'dyson' ? 140 : c.num(200, 230, 5),
        coating: c.by(['керамическое', 'турмалиновое', 'титановое']),
        attachments: type === 'мультистайлер' ? c.pick(['4', '6']) : type === 'фен-щётка' ? '2' : '1',
      },
      price: c.price(1490, 69990),
    };
  },
  blurbs: ['{name} создаёт локоны и гладкие пряди без пересушивания волос.'],
};

export const scales: Profile = {
  categoryId: 605,
  noun: 'Весы напольные',
  weight: 0.5,
  vat: 10,
  specs: [
    L('scale_type', 'Тип', 'general', ['электронные', 'умные']),
    R('max_load', 'Максимальная нагрузка', 'general', 'кг'),
    yn('body', 'Анализ состава тела'),
    L('wireless', 'Беспроводная связь', 'connect', ['Нет', 'Bluetooth', 'Wi-Fi']),
    COLOR_SPEC,
  ],
  colors: [C.white, C.black],
  series: [
    { brand: 'xiaomi', name: 'Scale', tier: [0.3, 0.6], weight: 2, models: ['Mi Smart Scale 2', 'Mi Body Composition Scale 2'] },
    { brand: 'polaris', name: 'PWS', tier: [0, 0.2], models: ['PWS 1880DGF', 'PWS 1892'] },
    { brand: 'redmond', name: 'RS', tier: [0.1, 0.4], models: ['RS-757', 'SkyScale 741S'] },
    { brand: 'garmin', name: 'Index', tier: [0.9, 1], models: ['Index S2'] },
    { brand: 'huawei', name: 'Scale', tier: [0.4, 0.6], models: ['Scale 3'] },
  ],
  build(c) {
    const smart = c.t > 0.25;
    return {
      values: {
        scale_type: smart ? 'умные' : 'электронные',
        max_load: c.pick([150, 180]),
        body: c.yn(smart && !/Smart Scale 2/.test(c.model)),
        wireless: c.brand === 'garmin' ? 'Wi-Fi' : smart ? 'Bluetooth' : 'Нет',
      },
      price: c.price(790, 19990),
    };
  },
  blurbs: ['{name} показывают вес с точностью до 100 г и сохраняют историю измерений.'],
};

export const trimmers: Profile = {
  categoryId: 606,
  noun: 'Триммер',
  weight: 0.7,
  specs: [
    L('purpose', 'Назначение', 'general', ['для бороды и усов', 'универсальный', 'для волос']),
    L('attachments', 'Количество насадок', 'extra', ['1', '2', '3', '5', '8', '12']),
    R('runtime', 'Время работы', 'power', 'мин'),
    yn('washable', 'Влажная чистка'),
    COLOR_SPEC,
  ],
  colors: [C.black, C.graphite, C.silver],
  series: [
    { brand: 'philips', name: 'Multigroom', tier: [0.1, 0.8], weight: 1.5, models: [['BT3222/14', { purpose: 'для бороды и усов' }], ['MG3730/15', { purpose: 'универсальный' }], ['MG7715/15', { purpose: 'универсальный' }], ['OneBlade QP2724/20', { purpose: 'для бороды и усов' }]] },
    { brand: 'braun', name: 'All-in-One', tier: [0.2, 0.7], models: [['BT3221', { purpose: 'для бороды и усов' }], ['MGK3220', { purpose: 'универсальный' }], ['AIO5', { purpose: 'универсальный' }]] },
    { brand: 'xiaomi', name: 'Hair Clipper', tier: [0.1, 0.3], models: [['Hair Clipper 2', { purpose: 'для волос' }]] },
    { brand: 'remington', name: 'Remington', tier: [0.05, 0.4], models: [['MB4110', { purpose: 'для бороды и усов' }], ['PG6000', { purpose: 'универсальный' }]] },
    { brand: 'panasonic', name: 'ER', tier: [0.2, 0.4], models: [['ER-GB44', { purpose: 'для бороды и усов' }]] },
    { brand: 'polaris', name: 'PHC', tier: [0, 0.1], models: [['PHC 0714', { purpose: 'для волос' }]] },
  ],
  build(c) {
    const purpose = String(c.prop('purpose') ?? 'универсальный');
    return {
      values: {
        purpose,
        attachments: purpose === 'универсальный' ? c.by(['5', '8', '12']) : c.by(['1', '2', '3']),
        runtime: c.num(45, 120, 5),
        washable: c.yn(c.t > 0.2),
      },
      price: c.price(1290, 11990),
    };
  },
  blurbs: ['{name} точно подравнивает бороду и виски; лезвия самозатачиваются.'],
};

export const KITCHEN_PROFILES: Profile[] = [
  microwaves, kettles, coffeeMachines, multicookers, blenders, hobs, ovens, hoods, meatGrinders, toasters,
  hairDryers, shavers, toothbrushes, stylers, scales, trimmers,
];
