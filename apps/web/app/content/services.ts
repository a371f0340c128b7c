// The services landing (/service): what the store does besides selling. Catalogue services link to
// their category (its address and count come from the catalogue), the rest to their own pages.
export interface ServiceCard {
  key: string;
  title: string;
  text: string;
  points: string[];
  /** A category of «Услуги» (26) whose listing sells the service. */
  categoryId?: number;
  href?: string;
  action: string;
}

export const SERVICE_CARDS: readonly ServiceCard[] = [
  {
    key: 'install',
    title: 'Установка и подключение',
    text: 'Мастер приедет в день доставки или в удобное время.',
    points: ['Стиральные и посудомоечные машины', 'Кондиционеры и водонагреватели', 'Телевизоры на стену'],
    categoryId: 901,
    action: 'Выбрать услугу',
  },
  {
    key: 'setup',
    title: 'Настройка техники',
    text: 'Настроим смартфон, компьютер или Smart TV и перенесём данные.',
    points: ['Перенос данных со старого смартфона', 'Установка Windows и драйверов', 'Настройка умного дома'],
    categoryId: 902,
    action: 'Выбрать услугу',
  },
  {
    key: 'warranty',
    title: 'Расширенная гарантия',
    text: 'Продлите заводскую гарантию до 5 лет: ремонт или замена без доплат.',
    points: ['Оформляется вместе с товаром', 'Ремонт в авторизованных центрах', 'Замена, если ремонт невозможен'],
    categoryId: 903,
    action: 'Подробнее',
  },
  {
    key: 'repair',
    title: 'Ремонт',
    text: 'Гарантийный и платный ремонт: заявка онлайн, курьер заберёт технику.',
    points: ['Диагностика бесплатно', 'Сдать в салон или вызвать курьера', 'Статус ремонта в личном кабинете'],
    href: '/service/repair',
    action: 'Оформить ремонт',
  },
  {
    key: 'trade-in',
    title: 'Trade-in',
    text: 'Сдайте старое устройство и получите скидку на новое.',
    points: ['Оценка онлайн за минуту', 'Смартфоны, планшеты, ноутбуки, часы', 'Скидка сразу при покупке'],
    href: '/service/trade-in',
    action: 'Оценить устройство',
  },
  {
    key: 'buyback',
    title: 'Выкуп',
    text: 'Купим ваш старый смартфон, планшет или ноутбук за деньги.',
    points: ['Цена онлайн по модели и состоянию', 'Запись в удобный Мультицентр', 'Деньги сразу после осмотра'],
    href: '/likenew',
    action: 'Узнать цену выкупа',
  },
  {
    key: 'credit',
    title: 'Кредит и рассрочка',
    text: 'Рассрочка 0-0-24 без переплаты, кредит онлайн и оплата частями.',
    points: ['Решение банка за 2 минуты', 'Без первого взноса', 'Оформление онлайн или в магазине'],
    href: '/delivery/pay',
    action: 'Условия оплаты',
  },
  {
    key: 'insurance',
    title: 'Страхование и вклады',
    text: 'ОСАГО с калькулятором, страхование квартиры, путешествий и ипотеки, вклады банка-партнёра.',
    points: ['Расчёт ОСАГО онлайн', 'Полисы от 39 ₽ в день', 'Вклады до 18 % годовых'],
    href: '/insurance/osago',
    action: 'Рассчитать ОСАГО',
  },
  {
    key: 'corporate',
    title: 'Для юрлиц',
    text: 'Закупка техники для офиса по счёту с НДС и доставкой.',
    points: ['Заявка за минуту по ИНН', 'Персональный менеджер', 'Закрывающие документы'],
    href: '/service/corporate',
    action: 'Оставить заявку',
  },
];
