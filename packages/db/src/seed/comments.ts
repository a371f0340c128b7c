/**
 * Reviews, questions and answers for the demo products. Each product draws from its own random stream
 * (separate from the product's), so adding comments did not change any other generated row.
 * At most REVIEWS_PER_PRODUCT reviews and QUESTIONS_PER_PRODUCT questions are stored per product, so a
 * million products stay within minutes to seed; the product's counters are set to what is stored.
 * A small share of products (see hasManyQuestions) get MANY_QUESTIONS instead, different questions
 * each, so the Q&A tab has a second page (3 per page) to go to.
 */
import { Random, mixSeed } from './random.ts';

export const REVIEWS_PER_PRODUCT = 5;
export const QUESTIONS_PER_PRODUCT = 2;
/** Questions stored for a product with many: 4 to 8, never repeating a question. */
export const MANY_QUESTIONS = { min: 4, max: 8 } as const;

/**
 * Products with many questions: every 40th product, and the hits (the same top 3 % by popularity that
 * gets the «Хит» sticker), which are the ones asked about most. About 5 % of the catalogue.
 */
export function hasManyQuestions(productId: number, position: number, total: number): boolean {
  return productId % 40 === 0 || position <= Math.max(1, Math.floor(total * 0.03));
}

const DAY = 86_400_000;

const NAMES = [
  'Алексей',
  'Марина',
  'Дмитрий',
  'Ольга',
  'Сергей',
  'Екатерина',
  'Андрей',
  'Наталья',
  'Иван',
  'Анна',
  'Михаил',
  'Татьяна',
  'Павел',
  'Юлия',
  'Николай',
  'Светлана',
  'Артём',
  'Елена',
  'Владимир',
  'Ирина',
];
const INITIALS = 'АБВГДЕЖЗИКЛМНОПРСТУФХЧШЭЯ';

const PROS = [
  'Хорошее качество сборки, ничего не скрипит.',
  'Отличное соотношение цены и возможностей.',
  'Тихий, экономичный, выглядит аккуратно.',
  'Быстрая доставка, всё пришло в целой упаковке.',
  'Удобное управление, разобрался за пару минут.',
  'Приятный дизайн, хорошо вписался в интерьер.',
  'Работает стабильно, без нареканий.',
  'Понятное меню на русском языке.',
  'Материалы приятные на ощупь, выглядит дороже своей цены.',
  'Компактный, места занимает меньше, чем прежний.',
  'Всё нужное есть в комплекте.',
  'Продавец в магазине толково объяснил, как пользоваться.',
];
const CONS = [
  'Короткий кабель питания.',
  'Инструкция могла бы быть подробнее.',
  'Корпус быстро собирает отпечатки.',
  'Упаковка была немного помята.',
  'Хотелось бы больше цветов на выбор.',
  'Пока не обнаружил.',
  'Приложение иногда долго подключается.',
  'Тяжеловат, одному нести неудобно.',
  'Индикаторы слишком яркие ночью.',
  'Защитная плёнка снимается с трудом.',
];

/**
 * A review is three sentences: how it started, how it went (by the rate) and a closing remark (by the
 * rate). One product's reviews never share a sentence, so none of them end alike.
 */
const OPENINGS = [
  'Купили на замену старому, который прослужил лет восемь.',
  'Брали по акции, долго сравнивали с соседними моделями.',
  'Заказал онлайн, забрал в магазине на следующий день.',
  'Выбирал по отзывам и обзорам, остановился на этой модели.',
  'Подарили на день рождения, пользуюсь каждый день.',
  'Покупали для дачи, потом взяли такой же домой.',
  'Привезли курьером вовремя, помогли проверить при получении.',
  'Посоветовали в магазине, когда старый сломался.',
  'Пользуюсь около полугода, есть с чем сравнить.',
  'Взял в рассрочку, переплаты не было.',
  'Долго присматривался, дождался скидки.',
  'Покупка для родителей, настроил им за вечер.',
];
const MIDDLES: Record<number, readonly string[]> = {
  5: [
    'Всё работает ровно так, как обещали в характеристиках.',
    'Ни одного сбоя за всё время, пользоваться приятно.',
    'По качеству не уступает моделям заметно дороже.',
    'Разобрался без инструкции, всё интуитивно понятно.',
    'Работает тихо, на кухне его почти не слышно.',
    'Сборка аккуратная, зазоров и люфтов нет.',
  ],
  4: [
    'Работает хорошо, хотя к паре мелочей пришлось привыкнуть.',
    'Со своими задачами справляется, но меню можно было сделать проще.',
    'В целом доволен, есть мелкие недочёты в отделке.',
    'Качество хорошее, но шумит чуть громче, чем ожидал.',
    'Функций хватает, хотя некоторыми так и не пользуюсь.',
  ],
  3: [
    'Свои деньги отрабатывает, но не более.',
    'Для простых задач подойдёт, для большего — вряд ли.',
    'Ожидал большего после отзывов.',
    'Есть мелкие недоработки, которые со временем раздражают.',
    'Работает, но медленнее, чем хотелось бы.',
  ],
  2: [
    'Через месяц появились проблемы, пришлось обращаться в сервис.',
    'Работает нестабильно, иногда приходится перезапускать.',
    'Качество сборки оставляет желать лучшего.',
    'Через пару недель появился посторонний звук.',
    'Половина функций работает через раз.',
  ],
  1: [
    'Почти сразу перестал включаться.',
    'Работал с перебоями с первого дня.',
    'Заявленные характеристики не подтвердились.',
    'Из коробки пришёл с дефектом.',
    'После обновления перестал работать совсем.',
  ],
};
const ENDINGS: Record<number, readonly string[]> = {
  5: [
    'Рекомендую.',
    'Однозначно советую знакомым.',
    'Покупкой полностью доволен.',
    'Взял бы ещё раз.',
    'Лучше за эти деньги не нашёл.',
    'Ставлю пять звёзд заслуженно.',
  ],
  4: [
    'В целом покупкой доволен.',
    'За эту цену — хороший выбор.',
    'Четыре звезды, до идеала немного не хватает.',
    'Советую, если не смущают мелочи.',
    'Брать можно.',
  ],
  3: [
    'Посмотрел бы ещё другие модели.',
    'Середнячок, не более.',
    'Если будет скидка — брать можно.',
    'Пока оставлю, но восторга нет.',
    'Три звезды — честная оценка.',
  ],
  2: [
    'Не советую.',
    'Больше эту модель не возьму.',
    'Сервис починил, но осадок остался.',
    'За такие деньги ждал большего.',
    'Жалею, что не взял другую модель.',
  ],
  1: [
    'Вернул в магазин, деньги вернули без вопросов.',
    'Сдал по гарантии, взял другую модель.',
    'Разочарован.',
    'Деньги на ветер.',
    'Никому не посоветую.',
  ],
};
const QUESTIONS = [
  'Подскажите, есть ли в комплекте всё необходимое для подключения?',
  'Какой срок гарантии у этой модели?',
  'Можно ли забрать сегодня в магазине, если оформить заказ онлайн?',
  'Чем эта модель отличается от предыдущей версии?',
  'Подойдёт ли для небольшой квартиры?',
];
/** Further questions with their answers, for products with many questions. */
const MORE_QUESTIONS: readonly (readonly [string, string])[] = [
  [
    'Какие габариты в упаковке? Пройдёт ли в лифт?',
    'Размеры упаковки указаны в характеристиках; в стандартный пассажирский лифт проходит.',
  ],
  [
    'Можно ли оплатить при получении картой?',
    'Да, при получении в магазине или курьеру можно оплатить картой или через СБП.',
  ],
  ['Есть ли русскоязычное меню и инструкция?', 'Да, меню и инструкция на русском языке.'],
  ['Сколько времени занимает доставка в область?', 'Обычно 1–3 дня, точный срок видно при оформлении заказа.'],
  ['Входит ли установка в стоимость?', 'Установка оплачивается отдельно, её можно добавить при оформлении заказа.'],
  ['Какой уровень шума при работе?', 'Уровень шума указан в характеристиках, в обычном режиме работает тихо.'],
  ['Можно ли вернуть, если не подойдёт?', 'Да, в течение 7 дней при сохранении товарного вида и упаковки.'],
  ['Где производится эта модель?', 'Страна производства указана в характеристиках товара.'],
];

const ANSWERS = [
  'Здравствуйте! Да, всё необходимое есть в комплекте, дополнительно ничего покупать не нужно.',
  'Гарантия производителя — 12 месяцев, можно продлить дополнительной гарантией при покупке.',
  'Да, если товар есть в наличии в выбранном магазине, заказ будет готов в течение 15 минут.',
  'Отличается более тихой работой и улучшенной энергоэффективностью.',
];

export interface CommentRow {
  id: number;
  productId: number;
  type: 'review' | 'question' | 'answer';
  parentId: number | null;
  authorName: string;
  rate: number | null;
  text: string;
  pros: string | null;
  cons: string | null;
  like: number;
  notLike: number;
  createdAt: string;
}

function author(r: Random): string {
  return `${r.pick(NAMES)} ${INITIALS[r.int(0, INITIALS.length - 1)]}.`;
}

/** The stored comments of one product; ids start at nextId. `rating` is the product's average times 10. */
export function generateComments(
  seed: number,
  productId: number,
  ratings: number,
  rating: number,
  questions: number,
  nextId: number,
  baseDate: number,
  manyQuestions = false,
): CommentRow[] {
  const r = new Random(mixSeed(seed, productId, 0xc033e));
  const rows: CommentRow[] = [];
  let id = nextId;
  const reviewCount = Math.min(ratings, REVIEWS_PER_PRODUCT);
  // Sentences already used by this product's reviews.
  const used = new Set<string>();
  const fresh = (pool: readonly string[]): string => {
    const left = pool.filter((text) => !used.has(text));
    const text = r.pick(left.length > 0 ? left : pool);
    used.add(text);
    return text;
  };
  for (let k = 0; k < reviewCount; k++) {
    // Rates scatter around the product's average rating.
    const rate = Math.max(1, Math.min(5, Math.round(rating / 10 + r.float(-1.2, 0.8))));
    rows.push({
      id: id++,
      productId,
      type: 'review',
      parentId: null,
      authorName: author(r),
      rate,
      text: `${fresh(OPENINGS)} ${fresh(MIDDLES[rate]!)} ${fresh(ENDINGS[rate]!)}`,
      pros: rate >= 3 ? fresh(PROS) : null,
      cons: r.chance(0.7) ? fresh(CONS) : null,
      like: r.int(0, 40),
      notLike: r.int(0, 6),
      createdAt: new Date(baseDate - r.int(1, 700) * DAY - r.int(0, 86_399) * 1000).toISOString(),
    });
  }
  // Without a fixed text, the question and answer are drawn in place, in the order they always were,
  // so products with few questions keep the texts they always had.
  const asked: { text: string | null; answer: string | null }[] = [];
  if (manyQuestions) {
    // Distinct questions, each with its own fitting answer.
    const pool = [...QUESTIONS.slice(0, ANSWERS.length).map((q, k) => [q, ANSWERS[k]!] as const), ...MORE_QUESTIONS];
    const count = Math.min(MANY_QUESTIONS.max, Math.max(MANY_QUESTIONS.min, questions));
    for (const [text, answer] of r.sample(pool, count)) asked.push({ text, answer });
  } else {
    for (let k = 0; k < Math.min(questions, QUESTIONS_PER_PRODUCT); k++) asked.push({ text: null, answer: null });
  }
  for (const question of asked) {
    const askedAt = baseDate - r.int(3, 500) * DAY;
    const questionId = id++;
    rows.push({
      id: questionId,
      productId,
      type: 'question',
      parentId: null,
      authorName: author(r),
      rate: null,
      text: question.text ?? r.pick(QUESTIONS),
      pros: null,
      cons: null,
      like: r.int(0, 15),
      notLike: r.int(0, 3),
      createdAt: new Date(askedAt).toISOString(),
    });
    const authorName = r.chance(0.6) ? 'Мультицентр' : author(r);
    const answerText = question.answer ?? r.pick(ANSWERS);
    rows.push({
      id: id++,
      productId,
      type: 'answer',
      parentId: questionId,
      authorName,
      rate: null,
      text: answerText,
      pros: null,
      cons: null,
      like: r.int(0, 25),
      notLike: r.int(0, 2),
      createdAt: new Date(askedAt + r.int(1, 48) * 3_600_000).toISOString(),
    });
  }
  return rows;
}
