/** Zones, territories, cities, streets, shopping centres and metro stations (real names). */

export interface ZoneDef {
  code: string;
  name: string;
}

export const ZONES: ZoneDef[] = [
  { code: 'moscow', name: 'Москва и область' },
  { code: 'spb', name: 'Санкт-Петербург и область' },
  { code: 'center', name: 'Центр' },
  { code: 'north-west', name: 'Северо-Запад' },
  { code: 'volga', name: 'Поволжье' },
  { code: 'south', name: 'Юг' },
  { code: 'north-caucasus', name: 'Северный Кавказ' },
  { code: 'ural', name: 'Урал' },
  { code: 'siberia', name: 'Сибирь' },
  { code: 'far-east', name: 'Дальний Восток' },
];

export const TERRITORIES: string[] = [
  'Москва', 'Санкт-Петербург', 'Новосибирская область', 'Свердловская область', 'Республика Татарстан', 'Нижегородская область',
  'Челябинская область', 'Красноярский край', 'Самарская область', 'Республика Башкортостан', 'Ростовская область', 'Омская область',
  'Краснодарский край', 'Воронежская область', 'Пермский край', 'Волгоградская область', 'Саратовская область', 'Тюменская область',
  'Удмуртская Республика', 'Алтайский край', 'Ульяновская область', 'Иркутская область', 'Хабаровский край', 'Ярославская область',
  'Приморский край', 'Республика Дагестан', 'Томская область', 'Оренбургская область', 'Кемеровская область — Кузбасс',
  'Рязанская область', 'Калининградская область',
];

export function territoryId(name: string): number {
  const index = TERRITORIES.indexOf(name);
  if (index < 0) throw new Error(`Unknown territory ${name}`);
  return index + 1;
}

/** [station name, line colour]. */
export type Station = readonly [string, string];

export interface Place {
  /** Street with a {n} placeholder for the house number, or a full mall address. */
  address: string;
  /** Shopping centre name with quotes, e.g. 'ТЦ «Европейский»'. */
  mall?: string;
  station?: Station;
}

export interface CityDef {
  alias: string;
  name: string;
  territory: string;
  zone: string;
  lat: number;
  lon: number;
  population: number;
  kladr: string;
  /** genitive, dative, accusative, instrumental, prepositional. */
  forms: readonly [string, string, string, string, string];
  phone: string;
  hasMetro?: boolean;
  hasMkad?: boolean;
  places: Place[];
  /** Express courier (27) is offered. */
  express?: boolean;
  /** Empty delivery types: the app falls back to the default city. */
  noDelivery?: boolean;
}

const MSK = { red: '#DA2128', green: '#48B85E', blue: '#0072BA', lightBlue: '#1EBCEF', brown: '#894E35', orange: '#F58631', violet: '#8E479B', yellow: '#FFCB31', grey: '#A1A2A3', lime: '#B3D445', turquoise: '#79CDCD' };
const SPB = { red: '#D6083B', blue: '#0078C9', green: '#009A49', orange: '#EA7125', violet: '#702785' };

/** Regular masculine declension: Новосибирск → Новосибирска, Новосибирску, Новосибирск, Новосибирском, Новосибирске. */
function reg(name: string): [string, string, string, string, string] {
  return [`${name}а`, `${name}у`, name, `${name}ом`, `${name}е`];
}
function same(name: string): [string, string, string, string, string] {
  return [name, name, name, name, name];
}
const street = (address: string, station?: Station): Place => (station ? { address, station } : { address });
const mall = (name: string, address: string, station?: Station): Place => (station ? { mall: name, address, station } : { mall: name, address });

const SHARED_PHONE = '8 (800) 777-66-55';

export const CITIES: CityDef[] = [
  {
    alias: 'moskva', name: 'Москва', territory: 'Москва', zone: 'moscow', lat: 55.755826, lon: 37.6173, population: 13149803, kladr: '7700000000000',
    forms: ['Москвы', 'Москве', 'Москву', 'Москвой', 'Москве'], phone: '8 (495) 777-66-55', hasMetro: true, hasMkad: true, express: true,
    places: [
      street('ул. Тверская, д. {n}', ['Тверская', MSK.green]),
      street('Ленинский пр-т, д. {n}', ['Ленинский проспект', MSK.orange]),
      street('пр-т Мира, д. {n}', ['Проспект Мира', MSK.orange]),
      street('Профсоюзная ул., д. {n}', ['Профсоюзная', MSK.orange]),
      street('ул. Новый Арбат, д. {n}', ['Арбатская', MSK.blue]),
      street('Кутузовский пр-т, д. {n}', ['Кутузовская', MSK.lightBlue]),
      street('Ленинградский пр-т, д. {n}', ['Аэропорт', MSK.green]),
      street('Каширское ш., д. {n}', ['Каширская', MSK.green]),
      street('Щёлковское ш., д. {n}', ['Щёлковская', MSK.blue]),
      street('Дмитровское ш., д. {n}', ['Петровско-Разумовская', MSK.grey]),
      street('Волгоградский пр-т, д. {n}', ['Волгоградский проспект', MSK.violet]),
      street('ул. Люблинская, д. {n}', ['Люблино', MSK.lime]),
      street('Варшавское ш., д. {n}', ['Южная', MSK.grey]),
      street('ул. Покровка, д. {n}', ['Китай-город', MSK.orange]),
      street('Мичуринский пр-т, д. {n}', ['Раменки', MSK.yellow]),
      street('ул. Вавилова, д. {n}', ['Академическая', MSK.orange]),
      street('ул. Новогиреевская, д. {n}', ['Перово', MSK.yellow]),
      street('Профсоюзная ул., д. {n}', ['Калужская', MSK.orange]),
      mall('ТЦ «Европейский»', 'пл. Киевского Вокзала, д. 2', ['Киевская', MSK.brown]),
      mall('ТРЦ «Авиапарк»', 'Ходынский б-р, д. 4', ['ЦСКА', MSK.turquoise]),
      mall('ТЦ «Атриум»', 'ул. Земляной Вал, д. 33', ['Курская', MSK.brown]),
      mall('ТРЦ «Колумбус»', 'ул. Кировоградская, д. 13А', ['Пражская', MSK.grey]),
      mall('ТЦ «Мега Тёплый Стан»', 'Калужское ш., 21-й км', ['Тёплый Стан', MSK.orange]),
      mall('ТРЦ «Океания»', 'Кутузовский пр-т, д. 57', ['Славянский бульвар', MSK.blue]),
      mall('ТРЦ «Метрополис»', 'Ленинградское ш., д. 16А, стр. 4', ['Войковская', MSK.green]),
      mall('ТРЦ «Вегас Кунцево»', '56-й км МКАД, д. 1', ['Молодёжная', MSK.blue]),
    ],
  },
  {
    alias: 'sankt-peterburg', name: 'Санкт-Петербург', territory: 'Санкт-Петербург', zone: 'spb', lat: 59.938676, lon: 30.314494, population: 5597763, kladr: '7800000000000',
    forms: reg('Санкт-Петербург'), phone: '8 (812) 777-66-55', hasMetro: true, express: true,
    places: [
      street('Невский пр-т, д. {n}', ['Невский проспект', SPB.blue]),
      street('Московский пр-т, д. {n}', ['Московская', SPB.blue]),
      street('Лиговский пр-т, д. {n}', ['Лиговский проспект', SPB.orange]),
      street('пр-т Просвещения, д. {n}', ['Проспект Просвещения', SPB.blue]),
      street('Заневский пр-т, д. {n}', ['Новочеркасская', SPB.orange]),
      street('Богатырский пр-т, д. {n}', ['Комендантский проспект', SPB.violet]),
      street('пр-т Ветеранов, д. {n}', ['Проспект Ветеранов', SPB.red]),
      street('Гражданский пр-т, д. {n}', ['Гражданский проспект', SPB.red]),
      street('Коломяжский пр-т, д. {n}', ['Пионерская', SPB.blue]),
      street('ул. Савушкина, д. {n}', ['Старая Деревня', SPB.violet]),
      street('Средний пр-т В.О., д. {n}', ['Василеостровская', SPB.green]),
      mall('ТРК «Галерея»', 'Лиговский пр-т, д. 30А', ['Площадь Восстания', SPB.red]),
      mall('ТРК «Питерлэнд»', 'Приморский пр-т, д. 72', ['Беговая', SPB.green]),
      mall('ТРК «Лето»', 'Пулковское ш., д. 25, к. 1', ['Московская', SPB.blue]),
      mall('ТРЦ «Европолис»', 'Полюстровский пр-т, д. 84А', ['Лесная', SPB.red]),
      mall('ТРК «Гранд Каньон»', 'пр-т Энгельса, д. 154', ['Проспект Просвещения', SPB.blue]),
    ],
  },
  {
    alias: 'novosibirsk', name: 'Новосибирск', territory: 'Новосибирская область', zone: 'siberia', lat: 55.030199, lon: 82.92043, population: 1633595, kladr: '5400000100000',
    forms: reg('Новосибирск'), phone: SHARED_PHONE, hasMetro: true,
    places: [
      street('Красный пр-т, д. {n}', ['Красный проспект', '#E42313']),
      street('ул. Ленина, д. {n}', ['Площадь Ленина', '#E42313']),
      street('ул. Фрунзе, д. {n}', ['Маршала Покрышкина', '#0A6F20']),
      street('ул. Кирова, д. {n}', ['Октябрьская', '#E42313']),
      street('Димитрова пр-т, д. {n}', ['Площадь Гарина-Михайловского', '#0A6F20']),
      street('ул. Вертковская, д. {n}', ['Площадь Маркса', '#E42313']),
      mall('ТРЦ «Аура»', 'ул. Военная, д. 5', ['Октябрьская', '#E42313']),
      mall('ТРЦ «Галерея Новосибирск»', 'ул. Гоголя, д. 13', ['Сибирская', '#0A6F20']),
      mall('ТРЦ «Ройял Парк»', 'Красный пр-т, д. 101', ['Заельцовская', '#E42313']),
    ],
  },
  {
    alias: 'ekaterinburg', name: 'Екатеринбург', territory: 'Свердловская область', zone: 'ural', lat: 56.838011, lon: 60.597474, population: 1536183, kladr: '6600000100000',
    forms: reg('Екатеринбург'), phone: SHARED_PHONE, hasMetro: true, express: true,
    places: [
      street('ул. Малышева, д. {n}', ['Площадь 1905 года', '#D9232E']),
      street('пр-т Ленина, д. {n}', ['Динамо', '#D9232E']),
      street('ул. 8 Марта, д. {n}', ['Геологическая', '#D9232E']),
      street('ул. Космонавтов, д. {n}', ['Проспект Космонавтов', '#D9232E']),
      street('ул. Белинского, д. {n}', ['Чкаловская', '#D9232E']),
      street('ул. Машиностроителей, д. {n}', ['Машиностроителей', '#D9232E']),
      mall('ТРЦ «Гринвич»', 'ул. 8 Марта, д. 46', ['Геологическая', '#D9232E']),
      mall('ТРЦ «Пассаж»', 'ул. Вайнера, д. 10', ['Площадь 1905 года', '#D9232E']),
      mall('ТРЦ «Мега»', 'ул. Металлургов, д. 87'),
    ],
  },
  {
    alias: 'kazan', name: 'Казань', territory: 'Республика Татарстан', zone: 'volga', lat: 55.796127, lon: 49.106414, population: 1318604, kladr: '1600000100000',
    forms: ['Казани', 'Казани', 'Казань', 'Казанью', 'Казани'], phone: SHARED_PHONE, hasMetro: true, express: true,
    places: [
      street('ул. Баумана, д. {n}', ['Кремлёвская', '#E42B23']),
      street('ул. Пушкина, д. {n}', ['Площадь Тукая', '#E42B23']),
      street('пр-т Победы, д. {n}', ['Проспект Победы', '#E42B23']),
      street('пр-т Ямашева, д. {n}', ['Яшьлек', '#E42B23']),
      street('ул. Николая Ершова, д. {n}', ['Суконная слобода', '#E42B23']),
      street('ул. Чистопольская, д. {n}'),
      mall('ТРК «Кольцо»', 'ул. Петербургская, д. 1', ['Площадь Тукая', '#E42B23']),
      mall('ТРЦ «Мега»', 'пр-т Победы, д. 141', ['Проспект Победы', '#E42B23']),
      mall('ТЦ «Тандем»', 'пр-т Ибрагимова, д. 56', ['Козья слобода', '#E42B23']),
    ],
  },
  {
    alias: 'nizhniy-novgorod', name: 'Нижний Новгород', territory: 'Нижегородская область', zone: 'volga', lat: 56.326887, lon: 44.005986, population: 1204985, kladr: '5200000100000',
    forms: ['Нижнего Новгорода', 'Нижнему Новгороду', 'Нижний Новгород', 'Нижним Новгородом', 'Нижнем Новгороде'], phone: SHARED_PHONE, hasMetro: true,
    places: [
      street('ул. Большая Покровская, д. {n}', ['Горьковская', '#0071BC']),
      street('Московское ш., д. {n}', ['Московская', '#D6083B']),
      street('пр-т Ленина, д. {n}', ['Пролетарская', '#D6083B']),
      street('пр-т Гагарина, д. {n}'),
      street('ул. Белинского, д. {n}'),
      mall('ТРЦ «Небо»', 'ул. Белинского, д. 124'),
      mall('ТРЦ «Фантастика»', 'ул. Родионова, д. 187В'),
      mall('ТРЦ «Седьмое небо»', 'ул. Бетанкура, д. 1', ['Стрелка', '#0071BC']),
    ],
  },
  {
    alias: 'chelyabinsk', name: 'Челябинск', territory: 'Челябинская область', zone: 'ural', lat: 55.159902, lon: 61.402554, population: 1177058, kladr: '7400000100000',
    forms: reg('Челябинск'), phone: SHARED_PHONE,
    places: [street('пр-т Ленина, д. {n}'), street('ул. Кирова, д. {n}'), street('Комсомольский пр-т, д. {n}'), street('ул. Труда, д. {n}'), mall('ТРК «Родник»', 'ул. Труда, д. 203'), mall('ТРК «Алмаз»', 'Копейское ш., д. 64')],
  },
  {
    alias: 'krasnoyarsk', name: 'Красноярск', territory: 'Красноярский край', zone: 'siberia', lat: 56.010563, lon: 92.852572, population: 1205473, kladr: '2400000100000',
    forms: reg('Красноярск'), phone: SHARED_PHONE,
    places: [street('пр-т Мира, д. {n}'), street('ул. Ленина, д. {n}'), street('Свободный пр-т, д. {n}'), street('ул. Партизана Железняка, д. {n}'), mall('ТРЦ «Планета»', 'ул. 9 Мая, д. 77'), mall('ТРЦ «Июнь»', 'ул. Партизана Железняка, д. 23')],
  },
  {
    alias: 'samara', name: 'Самара', territory: 'Самарская область', zone: 'volga', lat: 53.195878, lon: 50.100202, population: 1158952, kladr: '6300000100000',
    forms: ['Самары', 'Самаре', 'Самару', 'Самарой', 'Самаре'], phone: SHARED_PHONE, hasMetro: true,
    places: [
      street('Московское ш., д. {n}', ['Российская', '#D9232E']),
      street('ул. Ново-Садовая, д. {n}', ['Российская', '#D9232E']),
      street('пр-т Кирова, д. {n}', ['Кировская', '#D9232E']),
      street('ул. Победы, д. {n}', ['Победа', '#D9232E']),
      street('ул. Ленинградская, д. {n}'),
      mall('ТРК «Космопорт»', 'ул. Дыбенко, д. 30', ['Московская', '#D9232E']),
      mall('ТЦ «Аврора»', 'ул. Аэродромная, д. 47А'),
    ],
  },
  {
    alias: 'ufa', name: 'Уфа', territory: 'Республика Башкортостан', zone: 'volga', lat: 54.735152, lon: 55.958736, population: 1163304, kladr: '0200000100000',
    forms: ['Уфы', 'Уфе', 'Уфу', 'Уфой', 'Уфе'], phone: SHARED_PHONE,
    places: [street('ул. Ленина, д. {n}'), street('пр-т Октября, д. {n}'), street('ул. Менделеева, д. {n}'), mall('ТРЦ «Планета»', 'ул. Энтузиастов, д. 20'), mall('ТРЦ «Июнь»', 'ул. Менделеева, д. 137')],
  },
  {
    alias: 'rostov-na-donu', name: 'Ростов-на-Дону', territory: 'Ростовская область', zone: 'south', lat: 47.222078, lon: 39.720358, population: 1140487, kladr: '6100000100000',
    forms: ['Ростова-на-Дону', 'Ростову-на-Дону', 'Ростов-на-Дону', 'Ростовом-на-Дону', 'Ростове-на-Дону'], phone: SHARED_PHONE,
    places: [street('ул. Большая Садовая, д. {n}'), street('Будённовский пр-т, д. {n}'), street('Ворошиловский пр-т, д. {n}'), street('пр-т Стачки, д. {n}'), mall('ТРЦ «Горизонт»', 'пр-т Михаила Нагибина, д. 32/2'), mall('ТРЦ «Мега»', 'Новочеркасское ш., д. 33')],
  },
  {
    alias: 'omsk', name: 'Омск', territory: 'Омская область', zone: 'siberia', lat: 54.989342, lon: 73.368212, population: 1104485, kladr: '5500000100000',
    forms: reg('Омск'), phone: SHARED_PHONE,
    places: [street('ул. Ленина, д. {n}'), street('пр-т Карла Маркса, д. {n}'), street('ул. 70 лет Октября, д. {n}'), street('ул. Гагарина, д. {n}'), mall('ТК «Мега»', 'ул. 70 лет Октября, д. 25')],
  },
  {
    alias: 'krasnodar', name: 'Краснодар', territory: 'Краснодарский край', zone: 'south', lat: 45.03547, lon: 38.975313, population: 1138654, kladr: '2300000100000',
    forms: reg('Краснодар'), phone: SHARED_PHONE,
    places: [street('ул. Красная, д. {n}'), street('ул. Северная, д. {n}'), street('ул. Уральская, д. {n}'), street('ул. Ставропольская, д. {n}'), mall('ТРЦ «Красная Площадь»', 'ул. Дзержинского, д. 100'), mall('ТРЦ «Галерея Краснодар»', 'ул. Головатого, д. 313')],
  },
  {
    alias: 'voronezh', name: 'Воронеж', territory: 'Воронежская область', zone: 'center', lat: 51.660781, lon: 39.200269, population: 1046425, kladr: '3600000100000',
    forms: ['Воронежа', 'Воронежу', 'Воронеж', 'Воронежем', 'Воронеже'], phone: SHARED_PHONE,
    places: [street('пр-т Революции, д. {n}'), street('ул. Плехановская, д. {n}'), street('Московский пр-т, д. {n}'), mall('ТЦ «Галерея Чижова»', 'ул. Кольцовская, д. 35'), mall('ТРЦ «Московский Проспект»', 'Московский пр-т, д. 129/1')],
  },
  {
    alias: 'perm', name: 'Пермь', territory: 'Пермский край', zone: 'ural', lat: 58.010455, lon: 56.229443, population: 1026908, kladr: '5900000100000',
    forms: ['Перми', 'Перми', 'Пермь', 'Пермью', 'Перми'], phone: SHARED_PHONE,
    places: [street('ул. Ленина, д. {n}'), street('Комсомольский пр-т, д. {n}'), street('ул. Революции, д. {n}'), mall('ТРК «Планета»', 'ул. Спешилова, д. 114'), mall('ТРЦ «Семья»', 'ул. Революции, д. 13')],
  },
  {
    alias: 'volgograd', name: 'Волгоград', territory: 'Волгоградская область', zone: 'south', lat: 48.707067, lon: 44.516975, population: 1018898, kladr: '3400000100000',
    forms: reg('Волгоград'), phone: SHARED_PHONE,
    places: [street('пр-т Ленина, д. {n}'), street('ул. Мира, д. {n}'), street('ул. Рабоче-Крестьянская, д. {n}'), mall('ТРК «Европа Сити Молл»', 'пр-т Ленина, д. 1'), mall('ТРЦ «Ворошиловский»', 'ул. Рабоче-Крестьянская, д. 9Б')],
  },
  {
    alias: 'saratov', name: 'Саратов', territory: 'Саратовская область', zone: 'volga', lat: 51.533557, lon: 46.034257, population: 887365, kladr: '6400000100000',
    forms: reg('Саратов'), phone: SHARED_PHONE,
    places: [street('ул. Московская, д. {n}'), street('пр-т Кирова, д. {n}'), street('ул. Чернышевского, д. {n}'), mall('ТРЦ «Триумф Молл»', 'ул. Чернышевского, д. 60/62А')],
  },
  {
    alias: 'tyumen', name: 'Тюмень', territory: 'Тюменская область', zone: 'ural', lat: 57.152985, lon: 65.541227, population: 861098, kladr: '7200000100000',
    forms: ['Тюмени', 'Тюмени', 'Тюмень', 'Тюменью', 'Тюмени'], phone: SHARED_PHONE,
    places: [street('ул. Республики, д. {n}'), street('ул. Мельникайте, д. {n}'), street('ул. Герцена, д. {n}'), mall('ТРЦ «Кристалл»', 'ул. Дмитрия Менделеева, д. 1'), mall('ТРЦ «Гудвин»', 'ул. Максима Горького, д. 70')],
  },
  {
    alias: 'tolyatti', name: 'Тольятти', territory: 'Самарская область', zone: 'volga', lat: 53.507836, lon: 49.420393, population: 667956, kladr: '6300000700000',
    forms: same('Тольятти'), phone: SHARED_PHONE,
    places: [street('ул. Автостроителей, д. {n}'), street('Южное ш., д. {n}'), street('ул. Революционная, д. {n}'), mall('ТРЦ «Парк Хаус»', 'Южное ш., д. 161')],
  },
  {
    alias: 'izhevsk', name: 'Ижевск', territory: 'Удмуртская Республика', zone: 'volga', lat: 56.852676, lon: 53.206891, population: 622591, kladr: '1800000100000',
    forms: reg('Ижевск'), phone: SHARED_PHONE,
    places: [street('ул. Пушкинская, д. {n}'), street('ул. Карла Маркса, д. {n}'), street('ул. Удмуртская, д. {n}'), mall('ТРЦ «Петровский»', 'ул. Петрова, д. 29')],
  },
  {
    alias: 'barnaul', name: 'Барнаул', territory: 'Алтайский край', zone: 'siberia', lat: 53.347997, lon: 83.779806, population: 625524, kladr: '2200000100000',
    forms: reg('Барнаул'), phone: SHARED_PHONE,
    places: [street('пр-т Ленина, д. {n}'), street('Красноармейский пр-т, д. {n}'), street('ул. Попова, д. {n}'), mall('ТРЦ «Galaxy»', 'ул. Пролетарская, д. 113')],
  },
  {
    alias: 'ulyanovsk', name: 'Ульяновск', territory: 'Ульяновская область', zone: 'volga', lat: 54.314192, lon: 48.403123, population: 607000, kladr: '7300000100000',
    forms: reg('Ульяновск'), phone: SHARED_PHONE,
    places: [street('ул. Гончарова, д. {n}'), street('пр-т Ленинского Комсомола, д. {n}'), street('Московское ш., д. {n}'), mall('ТРЦ «Аквамолл»', 'Московское ш., д. 108')],
  },
  {
    alias: 'irkutsk', name: 'Иркутск', territory: 'Иркутская область', zone: 'siberia', lat: 52.286974, lon: 104.305018, population: 586760, kladr: '3800000300000',
    forms: reg('Иркутск'), phone: SHARED_PHONE,
    places: [street('ул. Карла Маркса, д. {n}'), street('ул. Ленина, д. {n}'), street('ул. Байкальская, д. {n}'), mall('ТРЦ «Модный квартал»', 'ул. Октябрьской Революции, д. 1')],
  },
  {
    alias: 'habarovsk', name: 'Хабаровск', territory: 'Хабаровский край', zone: 'far-east', lat: 48.480223, lon: 135.071917, population: 611000, kladr: '2700000100000',
    forms: reg('Хабаровск'), phone: SHARED_PHONE,
    places: [street('ул. Муравьёва-Амурского, д. {n}'), street('ул. Карла Маркса, д. {n}'), street('ул. Пушкина, д. {n}'), mall('ТРЦ «Brosko Mall»', 'ул. Пионерская, д. 2В')],
  },
  {
    alias: 'yaroslavl', name: 'Ярославль', territory: 'Ярославская область', zone: 'center', lat: 57.626559, lon: 39.893813, population: 570000, kladr: '7600000100000',
    forms: ['Ярославля', 'Ярославлю', 'Ярославль', 'Ярославлем', 'Ярославле'], phone: SHARED_PHONE,
    places: [street('ул. Свободы, д. {n}'), street('Московский пр-т, д. {n}'), street('Ленинградский пр-т, д. {n}'), mall('ТРЦ «Аура»', 'ул. Победы, д. 41')],
  },
  {
    alias: 'vladivostok', name: 'Владивосток', territory: 'Приморский край', zone: 'far-east', lat: 43.115536, lon: 131.885485, population: 594000, kladr: '2500000100000',
    forms: reg('Владивосток'), phone: SHARED_PHONE,
    places: [street('ул. Светланская, д. {n}'), street('ул. Алеутская, д. {n}'), street('Океанский пр-т, д. {n}'), mall('ТЦ «Калина Молл»', 'ул. Калинина, д. 8')],
  },
  {
    alias: 'mahachkala', name: 'Махачкала', territory: 'Республика Дагестан', zone: 'north-caucasus', lat: 42.98306, lon: 47.504682, population: 622000, kladr: '0500000100000',
    forms: ['Махачкалы', 'Махачкале', 'Махачкалу', 'Махачкалой', 'Махачкале'], phone: SHARED_PHONE,
    places: [street('пр-т Имама Шамиля, д. {n}'), street('пр-т Расула Гамзатова, д. {n}'), street('ул. Коркмасова, д. {n}')],
  },
  {
    alias: 'tomsk', name: 'Томск', territory: 'Томская область', zone: 'siberia', lat: 56.484645, lon: 84.947649, population: 564000, kladr: '7000000100000',
    forms: reg('Томск'), phone: SHARED_PHONE,
    places: [street('пр-т Ленина, д. {n}'), street('ул. Красноармейская, д. {n}'), street('пр-т Фрунзе, д. {n}'), mall('ТРЦ «Изумрудный город»', 'Комсомольский пр-т, д. 13Б')],
  },
  {
    alias: 'orenburg', name: 'Оренбург', territory: 'Оренбургская область', zone: 'ural', lat: 51.768199, lon: 55.096955, population: 537000, kladr: '5600000100000',
    forms: reg('Оренбург'), phone: SHARED_PHONE,
    places: [street('ул. Советская, д. {n}'), street('пр-т Победы, д. {n}'), street('ул. Чкалова, д. {n}'), mall('ТРЦ «Армада»', 'Шарлыкское ш., д. 1')],
  },
  {
    alias: 'kemerovo', name: 'Кемерово', territory: 'Кемеровская область — Кузбасс', zone: 'siberia', lat: 55.354727, lon: 86.088374, population: 540000, kladr: '4200000900000',
    forms: same('Кемерово'), phone: SHARED_PHONE,
    places: [street('пр-т Ленина, д. {n}'), street('Советский пр-т, д. {n}'), street('ул. Кирова, д. {n}'), mall('ТРЦ «Лапландия»', 'Октябрьский пр-т, д. 34')],
  },
  {
    alias: 'novokuznetsk', name: 'Новокузнецк', territory: 'Кемеровская область — Кузбасс', zone: 'siberia', lat: 53.757547, lon: 87.136044, population: 540000, kladr: '4200001200000',
    forms: reg('Новокузнецк'), phone: SHARED_PHONE,
    places: [street('пр-т Металлургов, д. {n}'), street('ул. Кирова, д. {n}'), street('пр-т Бардина, д. {n}'), mall('ТРЦ «Сити Молл»', 'Кузнецкстроевский пр-т, д. 1')],
  },
  {
    alias: 'ryazan', name: 'Рязань', territory: 'Рязанская область', zone: 'center', lat: 54.629565, lon: 39.74151, population: 520000, kladr: '6200000100000',
    forms: ['Рязани', 'Рязани', 'Рязань', 'Рязанью', 'Рязани'], phone: SHARED_PHONE,
    places: [street('ул. Ленина, д. {n}'), street('Московское ш., д. {n}'), street('ул. Есенина, д. {n}'), mall('ТРЦ «Премьер»', 'Московское ш., д. 21')],
  },
  {
    alias: 'kaliningrad', name: 'Калининград', territory: 'Калининградская область', zone: 'north-west', lat: 54.710454, lon: 20.512733, population: 490000, kladr: '3900000100000',
    forms: reg('Калининград'), phone: SHARED_PHONE,
    places: [street('Ленинский пр-т, д. {n}'), street('Московский пр-т, д. {n}'), street('ул. Черняховского, д. {n}'), mall('ТЦ «Европа»', 'ул. Театральная, д. 30')],
  },
  {
    alias: 'sochi', name: 'Сочи', territory: 'Краснодарский край', zone: 'south', lat: 43.585525, lon: 39.723062, population: 466000, kladr: '2300000700000',
    forms: same('Сочи'), phone: SHARED_PHONE,
    places: [street('ул. Навагинская, д. {n}'), street('Курортный пр-т, д. {n}'), street('ул. Донская, д. {n}'), mall('ТРЦ «МореМолл»', 'ул. Новая Заря, д. 7')],
  },
  {
    alias: 'satka', name: 'Сатка', territory: 'Челябинская область', zone: 'ural', lat: 55.040649, lon: 59.028937, population: 42000, kladr: '7402000100000',
    forms: ['Сатки', 'Сатке', 'Сатку', 'Саткой', 'Сатке'], phone: SHARED_PHONE, noDelivery: true,
    places: [street('ул. Пролетарская, д. {n}'), street('ул. Металлургов, д. {n}'), street('ул. Солнечная, д. {n}')],
  },
];

export const DEFAULT_CITY_ALIAS = 'moskva';
