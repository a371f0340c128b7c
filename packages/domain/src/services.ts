// Which installation and set-up services fit which products (issue 11 §5): a fridge is offered
// «Установка холодильника с перевешиванием дверей», never «Установка телевизора на стену» or
// «Настройка умной колонки». The demo seed sells each service under exactly these names, and the
// accessory lists of a product show a service only when its category is listed here.

/** Categories holding services that must fit the product (installation, set-up). */
export const FITTED_SERVICE_CATEGORY_IDS: readonly number[] = [901, 902];

/** Service name → the product categories it is offered with. */
export const SERVICE_FIT: Readonly<Record<string, readonly number[]>> = {
  // 901 Установка и подключение
  'Установка кондиционера': [411],
  'Подключение стиральной машины': [403],
  'Подключение сушильной машины': [404],
  'Подключение посудомоечной машины': [405],
  'Установка телевизора на стену': [201],
  'Установка варочной панели': [507],
  'Установка духового шкафа': [508],
  'Установка вытяжки': [509],
  'Подключение водонагревателя': [414],
  'Установка холодильника с перевешиванием дверей': [401, 402],
  // 902 Настройка техники
  'Настройка смартфона': [224],
  'Перенос данных со старого смартфона': [224],
  'Настройка планшета': [107],
  'Установка Windows и драйверов': [301, 303, 304],
  'Настройка Smart TV': [201, 206],
  'Настройка умной колонки': [205],
  'Настройка умных часов': [102, 103],
  'Настройка игровой консоли': [801],
  'Настройка робота-пылесоса': [408],
};

/** Names of the services that fit a product of `categoryId`, in the table's order. */
export function servicesFitting(categoryId: number): string[] {
  return Object.entries(SERVICE_FIT)
    .filter(([, categories]) => categories.includes(categoryId))
    .map(([name]) => name);
}
