// All SQL about cities, zones and territories.
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Database } from '@store/db';

const { cities, territories, zones } = schema;

const cityColumns = {
  id: cities.id,
  alias: cities.alias,
  name: cities.name,
  territoryId: cities.territoryId,
  territoryName: territories.name,
  zoneCode: cities.zoneCode,
  zoneName: zones.name,
  phone: cities.phone,
  declension: cities.declension,
  latitude: cities.latitude,
  longitude: cities.longitude,
  hasMetro: cities.hasMetro,
  hasMkad: cities.hasMkad,
  kladrCode: cities.kladrCode,
  deliveryTypeIds: cities.deliveryTypeIds,
  paymentTypeIds: cities.paymentTypeIds,
  isPriority: cities.isPriority,
};

export type CityRow = Awaited<ReturnType<typeof selectCities>>[number];

function selectCities(db: Database) {
  return db
    .select(cityColumns)
    .from(cities)
    .innerJoin(territories, eq(territories.id, cities.territoryId))
    .innerJoin(zones, eq(zones.code, cities.zoneCode));
}

export interface CityQuery {
  query?: string | undefined;
  ids?: number[] | undefined;
  alias?: string | undefined;
  priorityOnly?: boolean;
  limit: number;
  offset: number;
}

function cityFilter(q: Omit<CityQuery, 'limit' | 'offset'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (q.query) {
    const escaped = q.query.replace(/[\\%_]/g, (ch) => '\\' + ch);
    conditions.push(or(ilike(cities.name, `${escaped}%`), ilike(cities.alias, `${escaped}%`), ilike(cities.name, `% ${escaped}%`))!);
  }
  if (q.ids) conditions.push(inArray(cities.id, q.ids));
  if (q.alias) conditions.push(eq(cities.alias, q.alias));
  if (q.priorityOnly) conditions.push(eq(cities.isPriority, true));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listCities(db: Database, q: CityQuery): Promise<{ rows: CityRow[]; total: number }> {
  const where = cityFilter(q);
  const [countRow] = await db.select({ n: sql<number>`count(*)::int` }).from(cities).where(where);
  const total = countRow?.n ?? 0;
  if (q.limit === 0) return { rows: [], total };
  const rows = await selectCities(db)
    .where(where)
    .orderBy(asc(cities.sort), sql`${cities.name} collate shop_text`)
    .limit(q.limit)
    .offset(q.offset);
  return { rows, total };
}

export async function retrieveCity(db: Database, by: { id: number } | { alias: string }): Promise<CityRow | null> {
  const condition = 'id' in by ? eq(cities.id, by.id) : eq(cities.alias, by.alias);
  const [row] = await selectCities(db).where(condition).limit(1);
  return row ?? null;
}
