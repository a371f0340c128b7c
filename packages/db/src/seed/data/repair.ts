// The repair service's catalogue (issue 18): what the wizard offers to repair. Device types map to catalogue
// categories, so their brands and models are the catalogue's own (no second list of model names); problems
// carry a cost range in kopecks, narrowed per model by its price tier when the seed writes
// repair_model_problems. Large appliances (format 'major-appliance') are repaired at the customer's home.

export interface RepairProblemDef {
  code: string;
  name: string;
  description: string;
  /** Kopecks, whole hundreds of roubles. */
  costFrom: number;
  costTo: number;
  duration: string;
}

export interface RepairDeviceTypeDef {
  id: number;
  code: string;
  name: string;
  format: 'regular' | 'major-appliance';
  /** The catalogue category whose series and models are this type's brands and models. */
  categoryId: number;
  problems: RepairProblemDef[];
}

const rub = (roubles: number) => roubles * 100;
const p = (code: string, name: string, description: string, from: number, to: number, duration: string) => ({
  code,
  name,
  description,
  costFrom: rub(from),
  costTo: rub(to),
  duration,
});

export const REPAIR_DEVICE_TYPES: readonly RepairDeviceTypeDef[] = [
  {
    id: 1,
    code: 'smartphones',
    name: 'Смартфоны',
    format: 'regular',
    categoryId: 224,
    problems: [
      p('screen', 'Разбит экран', 'Замена дисплейного модуля с сохранением заводской герметизации', 4900, 38900, 'от 2 часов'),
      p('battery', 'Быстро садится батарея', 'Диагностика и замена аккумулятора', 2490, 9900, 'от 1 часа'),
      p('charging', 'Не заряжается', 'Чистка или замена разъёма и шлейфа зарядки', 1990, 7900, 'от 1 часа'),
      p('camera', 'Не работает камера', 'Замена модуля основной или фронтальной камеры', 2900, 24900, 'от 2 часов'),
      p('water', 'Попала вода', 'Разборка, чистка платы в ультразвуковой ванне, восстановление цепей', 2500, 14900, 'от 1 дня'),
      p('sound', 'Не слышно собеседника', 'Замена динамика или микрофона', 1900, 6900, 'от 1 часа'),
      p('back-glass', 'Разбита задняя крышка', 'Замена заднего стекла или крышки', 2900, 19900, 'от 3 часов'),
      p('software', 'Зависает, не включается', 'Диагностика, перепрошивка, восстановление загрузки', 1500, 5900, 'от 1 часа'),
    ],
  },
  {
    id: 2,
    code: 'tablets',
    name: 'Планшеты',
    format: 'regular',
    categoryId: 107,
    problems: [
      p('screen', 'Разбит экран или тачскрин', 'Замена сенсорного стекла или дисплейного модуля', 5900, 42900, 'от 1 дня'),
      p('battery', 'Быстро садится батарея', 'Замена аккумулятора', 3490, 11900, 'от 3 часов'),
      p('charging', 'Не заряжается', 'Замена разъёма зарядки', 2490, 8900, 'от 2 часов'),
      p('software', 'Зависает, не включается', 'Диагностика, перепрошивка', 1500, 5900, 'от 1 часа'),
      p('buttons', 'Не работают кнопки', 'Замена шлейфа кнопок питания и громкости', 1900, 6900, 'от 2 часов'),
    ],
  },
  {
    id: 3,
    code: 'laptops',
    name: 'Ноутбуки',
    format: 'regular',
    categoryId: 301,
    problems: [
      p('screen', 'Разбита матрица', 'Замена матрицы', 6900, 45900, 'от 1 дня'),
      p('keyboard', 'Не работает клавиатура', 'Замена клавиатуры или топкейса', 3900, 19900, 'от 1 дня'),
      p('overheat', 'Греется и шумит', 'Чистка системы охлаждения, замена термопасты', 2500, 6900, 'от 3 часов'),
      p('power', 'Не включается', 'Диагностика и ремонт цепей питания материнской платы', 4900, 24900, 'от 2 дней'),
      p('battery', 'Не держит заряд', 'Замена аккумулятора', 4490, 16900, 'от 3 часов'),
      p('water', 'Залит жидкостью', 'Чистка платы, замена повреждённых элементов', 4900, 29900, 'от 2 дней'),
      p('os', 'Установка системы и программ', 'Установка Windows или Linux, драйверов, перенос данных', 1990, 4990, 'от 2 часов'),
    ],
  },
  {
    id: 4,
    code: 'smartwatches',
    name: 'Умные часы',
    format: 'regular',
    categoryId: 102,
    problems: [
      p('screen', 'Разбит экран', 'Замена стекла или дисплея', 3900, 24900, 'от 1 дня'),
      p('battery', 'Быстро садится батарея', 'Замена аккумулятора', 2490, 8900, 'от 3 часов'),
      p('strap', 'Сломано крепление ремешка', 'Замена механизма крепления', 990, 3490, 'от 1 часа'),
      p('sensors', 'Не работают датчики', 'Замена модуля пульсометра и датчиков', 2900, 12900, 'от 1 дня'),
    ],
  },
  {
    id: 5,
    code: 'tv',
    name: 'Телевизоры',
    format: 'regular',
    categoryId: 201,
    problems: [
      p('backlight', 'Нет изображения, есть звук', 'Замена светодиодной подсветки', 5900, 24900, 'от 1 дня'),
      p('power', 'Не включается', 'Ремонт блока питания', 3900, 14900, 'от 1 дня'),
      p('stripes', 'Полосы на экране', 'Диагностика и ремонт шлейфов или T-con платы', 4900, 29900, 'от 2 дней'),
      p('sound', 'Нет звука', 'Ремонт усилителя или замена динамиков', 2900, 9900, 'от 1 дня'),
      p('smart', 'Не работает Smart TV и Wi-Fi', 'Перепрошивка, замена модуля Wi-Fi', 1900, 7900, 'от 2 часов'),
      p('ports', 'Не работают разъёмы HDMI', 'Замена разъёмов и защитных элементов', 2900, 8900, 'от 1 дня'),
    ],
  },
  {
    id: 6,
    code: 'washing-machines',
    name: 'Стиральные машины',
    format: 'major-appliance',
    categoryId: 403,
    problems: [
      p('drain', 'Не сливает воду', 'Чистка или замена сливного насоса и патрубков', 2900, 8900, 'от 1 часа'),
      p('heating', 'Не греет воду', 'Замена ТЭНа и датчика температуры', 3490, 9900, 'от 1 часа'),
      p('spin', 'Не отжимает, шумит барабан', 'Замена подшипников, сальника, ремня', 4900, 18900, 'от 3 часов'),
      p('leak', 'Течёт вода', 'Замена манжеты люка, шлангов, уплотнителей', 2490, 9900, 'от 1 часа'),
      p('door', 'Не открывается люк', 'Замена замка или ручки люка', 1990, 5900, 'от 1 часа'),
      p('control', 'Ошибка на дисплее, не запускается', 'Диагностика и ремонт модуля управления', 3900, 19900, 'от 2 часов'),
    ],
  },
  {
    id: 7,
    code: 'fridges',
    name: 'Холодильники',
    format: 'major-appliance',
    categoryId: 401,
    problems: [
      p('no-cold', 'Не морозит', 'Поиск утечки, заправка хладагентом, замена компрессора', 4900, 29900, 'от 3 часов'),
      p('noise', 'Сильно шумит', 'Замена вентилятора или крепления компрессора', 2490, 9900, 'от 1 часа'),
      p('ice', 'Намерзает лёд', 'Ремонт системы No Frost, замена таймера оттайки', 2900, 11900, 'от 2 часов'),
      p('seal', 'Не закрывается дверь', 'Замена уплотнителя двери, перевес двери', 1990, 6900, 'от 1 часа'),
      p('light', 'Не горит свет', 'Замена лампы или светодиодного модуля', 990, 3490, 'от 30 минут'),
    ],
  },
  {
    id: 8,
    code: 'dishwashers',
    name: 'Посудомоечные машины',
    format: 'major-appliance',
    categoryId: 405,
    problems: [
      p('drain', 'Не сливает воду', 'Чистка фильтров, замена насоса', 2490, 7900, 'от 1 часа'),
      p('heating', 'Не греет воду', 'Замена нагревателя и датчика температуры', 3490, 11900, 'от 1 часа'),
      p('leak', 'Срабатывает защита от протечек', 'Поиск и устранение протечки', 2490, 8900, 'от 1 часа'),
      p('wash', 'Плохо моет посуду', 'Чистка разбрызгивателей, замена циркуляционного насоса', 1990, 9900, 'от 1 часа'),
    ],
  },
];

/** Problem ids are fixed: the type's id times 100 plus the problem's place, so a request keeps naming the same problem. */
export const repairProblemId = (deviceTypeId: number, index: number) => deviceTypeId * 100 + index + 1;

/**
 * A model's cost range for a problem (kopecks, ending in 90 roubles): its price tier (0 the cheapest
 * model of the category, 1 the dearest) picks a quarter-wide band of the problem's range.
 */
export function modelRepairCost(problem: Pick<RepairProblemDef, 'costFrom' | 'costTo'>, tier: number) {
  const span = problem.costTo - problem.costFrom;
  // Shop prices end in 90 roubles: 2 490, 3 990.
  const retail = (kopecks: number) => Math.round(kopecks / 10000) * 10000 - 1000;
  const from = Math.max(problem.costFrom, retail(problem.costFrom + span * 0.75 * Math.min(1, Math.max(0, tier))));
  const to = Math.min(problem.costTo, Math.max(from, retail(from + span * 0.25)));
  return { costFrom: from, costTo: to };
}
