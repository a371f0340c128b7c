// The services landing's «Почему мы» block (SPEC §2 service-why): what a customer gets when the store repairs,
// installs or sets up their device. Every line says something the store does (the wizard's documents step, the
// courier step, the account's «Ремонт» section); the number of the city's service centres comes from its stores
// (routes/service.tsx).
export interface ServiceWhyItem {
  key: string;
  title: string;
  text: string;
}

export const SERVICE_WHY: readonly ServiceWhyItem[] = [
  {
    key: 'authorised',
    title: 'Авторизованные сервисные центры',
    text: 'Ремонтируем в центрах, авторизованных производителями: оригинальные запчасти, заводская гарантия сохраняется.',
  },
  {
    key: 'diagnostics',
    title: 'Бесплатная диагностика',
    text: 'Назовём стоимость до начала работ. Если вы откажетесь от ремонта, за диагностику платить не нужно.',
  },
  {
    key: 'courier',
    title: 'Курьер и выезд мастера',
    text: 'Курьер заберёт смартфон или ноутбук из дома, а к стиральной машине и холодильнику приедет мастер.',
  },
  {
    key: 'documents',
    title: 'Гарантия и страховка — без визита',
    text: 'Гарантийный талон, чек или страховой полис загрузите прямо в заявке: фото или PDF с телефона.',
  },
  {
    key: 'status',
    title: 'Статус онлайн',
    text: 'Номер заявки приходит в SMS, а статус видно в личном кабинете в разделе «Ремонт».',
  },
];
