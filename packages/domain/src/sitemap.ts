// sitemap.xml (sitemaps.org protocol): an index of parts, each at most 50,000 URLs, by kind —
// products, listings (categories and brands), stores, information pages. A part is written in chunks
// read one after another, so a part of 50,000 products never sits in memory whole. Reading is passed
// in (`read`), so this stays free of I/O. The HTML map of the same pages is /sitemap.

/** The protocol's limit of URLs per file. */
export const SITEMAP_PART_SIZE = 50_000;
/** Rows read at a time while a part is written. */
export const SITEMAP_CHUNK_SIZE = 5_000;

export const SITEMAP_KINDS = ['products', 'listings', 'stores', 'pages'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

export interface SitemapPart {
  kind: SitemapKind;
  /** 1-based. */
  index: number;
  /** 'products-2': the file is /sitemap/products-2.xml. */
  name: string;
}

/** The information pages every city shares, for the XML and the HTML map alike. */
export const SITEMAP_INFO_PAGES: readonly { path: string; title: string }[] = [
  { path: '/', title: 'Главная' },
  { path: '/catalog', title: 'Каталог товаров' },
  { path: '/special-offers', title: 'Акции' },
  { path: '/shops', title: 'Магазины' },
  { path: '/delivery', title: 'Доставка' },
  { path: '/delivery/pay', title: 'Оплата' },
  { path: '/service', title: 'Сервисный центр и услуги' },
  { path: '/service/repair', title: 'Ремонт техники' },
  { path: '/service/trade-in', title: 'Trade-in' },
  { path: '/likenew', title: 'Выкуп техники' },
  { path: '/service/corporate', title: 'Корпоративным клиентам' },
  { path: '/certificate', title: 'Подарочные сертификаты' },
  { path: '/insurance/osago', title: 'Страхование ОСАГО' },
  { path: '/insurance/property', title: 'Страхование имущества' },
  { path: '/insurance/travel', title: 'Страхование путешественников' },
  { path: '/insurance/ipoteka', title: 'Ипотечное страхование' },
  { path: '/insurance/accident', title: 'Страхование от несчастных случаев' },
  { path: '/finance/deposit', title: 'Вклады' },
  { path: '/finance/osago', title: 'ОСАГО онлайн' },
  { path: '/finance/agents', title: 'Стать страховым агентом' },
  { path: '/news', title: 'Новости' },
  { path: '/user/darim-promokod', title: 'Дарим промокод' },
  { path: '/order-status', title: 'Статус заказа' },
  { path: '/prm/personal-data', title: 'Политика обработки персональных данных' },
  { path: '/sitemap', title: 'Карта сайта' },
];

/** The parts for these counts of URLs per kind; a kind without URLs has no part. */
export function sitemapParts(
  counts: Readonly<Record<SitemapKind, number>>,
  partSize: number = SITEMAP_PART_SIZE,
): SitemapPart[] {
  if (!Number.isInteger(partSize) || partSize < 1) throw new RangeError('partSize must be a positive integer');
  return SITEMAP_KINDS.flatMap((kind) =>
    Array.from({ length: Math.ceil(Math.max(0, counts[kind]) / partSize) }, (_, i) => ({
      kind,
      index: i + 1,
      name: `${kind}-${i + 1}`,
    })),
  );
}

/** 'products-2.xml' → the part, or null for any other name. */
export function parseSitemapPartName(file: string): Omit<SitemapPart, 'name'> | null {
  const match = /^([a-z]+)-([1-9]\d{0,5})\.xml$/.exec(file);
  if (!match || !(SITEMAP_KINDS as readonly string[]).includes(match[1]!)) return null;
  return { kind: match[1] as SitemapKind, index: Number(match[2]) };
}

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function sitemapIndexXml(origin: string, parts: readonly SitemapPart[]): string {
  const items = parts.map((p) => `<sitemap><loc>${xmlEscape(`${origin}/sitemap/${p.name}.xml`)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** Reads `limit` paths of a kind from `offset` (in a stable order). */
export type SitemapReader = (offset: number, limit: number) => Promise<readonly string[]>;

/**
 * One part's XML, yielded chunk by chunk: the part `index` of a kind holds the paths from
 * (index − 1) × partSize, at most partSize of them, read `chunkSize` at a time.
 */
export async function* sitemapPartXml(
  origin: string,
  index: number,
  read: SitemapReader,
  options: { partSize?: number; chunkSize?: number } = {},
): AsyncGenerator<string> {
  const partSize = options.partSize ?? SITEMAP_PART_SIZE;
  const chunkSize = Math.min(options.chunkSize ?? SITEMAP_CHUNK_SIZE, partSize);
  yield `${XML_HEAD}<urlset xmlns="${NS}">\n`;
  const start = (index - 1) * partSize;
  for (let done = 0; done < partSize;) {
    const limit = Math.min(chunkSize, partSize - done);
    const paths = await read(start + done, limit);
    if (paths.length > 0) yield paths.map((p) => `<url><loc>${xmlEscape(origin + p)}</loc></url>\n`).join('');
    done += paths.length;
    if (paths.length < limit) break;
  }
  yield '</urlset>\n';
}
