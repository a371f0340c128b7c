/**
 * Reviews, questions and answers for the demo products. Each product draws from its own random stream
 * (separate from the product's), so adding comments did not change any other generated row.
 * At most REVIEWS_PER_PRODUCT reviews and QUESTIONS_PER_PRODUCT questions are stored per product, so a
 * million products stay within minutes to seed; the product's counters are set to what is stored.
 */
import { Random, mixSeed } from './random.ts';

export const REVIEWS_PER_PRODUCT = 5;
export const QUESTIONS_PER_PRODUCT = 2;

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
];
const CONS = [
  'Короткий кабель питания.',
  'Инструкция могла бы быть подробнее.',
  'Корпус быстро собирает отпечатки.',
  'Упаковка была немного помята.',
  'Хотелось бы больше цветов на выбор.',
  'Пока не обнаружил.',
];
const TEXTS: Record<number, string[]> = {
  5: [
    'Пользуюсь уже несколько месяцев — полностью доволен покупкой, рекомендую.',
    'Брал по акции, в итоге вещь оказалась лучше, чем ожидал. Всё работает как надо.',
    'Выбирал долго, сравнивал несколько моделей. Не пожалел, за свои деньги отличный вариант.',
  ],
  4: [
    'В целом хороший товар, есть мелкие недочёты, но за эту цену простительно.',
    'Работает хорошо, но к некоторым мелочам пришлось привыкнуть.',
  ],
  3: ['Нормально, но ожидал большего. Для простых задач подойдёт.', 'Средне: свои деньги отрабатывает, но не более.'],
  2: ['Через месяц появились проблемы, пришлось обращаться в сервис.'],
  1: ['Не понравилось: вернул в магазин, деньги вернули без вопросов.'],
};
const QUESTIONS = [
  'Подскажите, есть ли в комплекте всё необходимое для подключения?',
  'Какой срок гарантии у этой модели?',
  'Можно ли забрать сегодня в магазине, если оформить заказ онлайн?',
  'Чем эта модель отличается от предыдущей версии?',
  'Подойдёт ли для небольшой квартиры?',
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
): CommentRow[] {
  const r = new Random(mixSeed(seed, productId, 0xc033e));
  const rows: CommentRow[] = [];
  let id = nextId;
  const reviewCount = Math.min(ratings, REVIEWS_PER_PRODUCT);
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
      text: r.pick(TEXTS[rate]!),
      pros: rate >= 3 ? r.pick(PROS) : null,
      cons: r.chance(0.7) ? r.pick(CONS) : null,
      like: r.int(0, 40),
      notLike: r.int(0, 6),
      createdAt: new Date(baseDate - r.int(1, 700) * DAY - r.int(0, 86_399) * 1000).toISOString(),
    });
  }
  const questionCount = Math.min(questions, QUESTIONS_PER_PRODUCT);
  for (let k = 0; k < questionCount; k++) {
    const askedAt = baseDate - r.int(3, 500) * DAY;
    const questionId = id++;
    rows.push({
      id: questionId,
      productId,
      type: 'question',
      parentId: null,
      authorName: author(r),
      rate: null,
      text: r.pick(QUESTIONS),
      pros: null,
      cons: null,
      like: r.int(0, 15),
      notLike: r.int(0, 3),
      createdAt: new Date(askedAt).toISOString(),
    });
    rows.push({
      id: id++,
      productId,
      type: 'answer',
      parentId: questionId,
      authorName: r.chance(0.6) ? 'Мультицентр' : author(r),
      rate: null,
      text: r.pick(ANSWERS),
      pros: null,
      cons: null,
      like: r.int(0, 25),
      notLike: r.int(0, 2),
      createdAt: new Date(askedAt + r.int(1, 48) * 3_600_000).toISOString(),
    });
  }
  return rows;
}
