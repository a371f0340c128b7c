// Writes a trade-in price list (the seed's demo list or an operator's CSV) into trade_in_* in one
// transaction. Brands and models keep their ids (a shopper's calculator refers to them); a model that
// is no longer on the list becomes inactive; prices are replaced. Orders keep their own copies of the
// devices (order_trade_in_devices), so a new list never changes a placed order.
import { TRADE_IN_GROUPS, type TradeInPriceRow } from '@store/domain';
import type { DatabaseHandle } from './index.ts';

export interface TradeInImportResult {
  brands: number;
  models: number;
  prices: number;
  deactivated: number;
}

export async function replaceTradeInPriceList(
  handle: DatabaseHandle,
  rows: readonly Omit<TradeInPriceRow, 'line'>[],
): Promise<TradeInImportResult> {
  const groups = TRADE_IN_GROUPS.map((g, i) => ({
    id: g.id,
    code: g.code,
    name: g.name,
    category_id: g.categoryId,
    sort: i,
  }));
  const brandPopular = new Map<string, boolean>();
  for (const r of rows) brandPopular.set(r.brand, (brandPopular.get(r.brand) ?? false) || r.popular);
  const brands = [...brandPopular].map(([name, popular]) => ({ name, popular }));
  const models = new Map<string, { brand: string; name: string; group_id: number; release_year: number }>();
  for (const r of rows) {
    const groupId = TRADE_IN_GROUPS.find((g) => g.code === r.group)!.id;
    models.set(`${r.brand}\u0001${r.model}`, {
      brand: r.brand,
      name: r.model,
      group_id: groupId,
      release_year: r.year,
    });
  }
  const prices = rows.map((r) => ({
    brand: r.brand,
    model: r.model,
    memory_gb: r.memoryGb,
    perfect: r.perfect,
    working: r.working,
    broken_screen: r.brokenScreen,
  }));
  return handle.transaction(async (tx) => {
    await tx.query(
      `insert into trade_in_groups (id, code, name, category_id, sort)
       select id, code, name, category_id, sort from jsonb_to_recordset($1::jsonb)
         as x(id int, code text, name text, category_id int, sort int)
       on conflict (id) do update set code = excluded.code, name = excluded.name,
         category_id = excluded.category_id, sort = excluded.sort`,
      [JSON.stringify(groups)],
    );
    await tx.query(
      `insert into trade_in_brands (name, popular)
       select name, popular from jsonb_to_recordset($1::jsonb) as x(name text, popular boolean)
       on conflict (name) do update set popular = excluded.popular`,
      [JSON.stringify(brands)],
    );
    await tx.query(
      `update trade_in_brands set popular = false
       where not (name = any (select jsonb_array_elements_text($1::jsonb)))`,
      [JSON.stringify(brands.map((b) => b.name))],
    );
    await tx.query(
      `insert into trade_in_models (group_id, brand_id, name, release_year, active)
       select x.group_id, b.id, x.name, x.release_year, true
       from jsonb_to_recordset($1::jsonb) as x(brand text, name text, group_id int, release_year int)
       join trade_in_brands b on b.name = x.brand
       on conflict (brand_id, name) do update set group_id = excluded.group_id,
         release_year = excluded.release_year, active = true`,
      [JSON.stringify([...models.values()])],
    );
    const deactivated = await tx.query<{ id: number }>(
      `update trade_in_models m set active = false
       from trade_in_brands b
       where b.id = m.brand_id and m.active
         and not exists (select 1 from jsonb_to_recordset($1::jsonb) as x(brand text, name text)
                         where x.brand = b.name and x.name = m.name)
       returning m.id`,
      [JSON.stringify([...models.values()].map((m) => ({ brand: m.brand, name: m.name })))],
    );
    await tx.query('delete from trade_in_prices');
    await tx.query(
      `insert into trade_in_prices (model_id, memory_gb, perfect, working, broken_screen)
       select m.id, x.memory_gb, x.perfect, x.working, x.broken_screen
       from jsonb_to_recordset($1::jsonb)
         as x(brand text, model text, memory_gb int, perfect int, working int, broken_screen int)
       join trade_in_brands b on b.name = x.brand
       join trade_in_models m on m.brand_id = b.id and m.name = x.model`,
      [JSON.stringify(prices)],
    );
    return { brands: brands.length, models: models.size, prices: prices.length, deactivated: deactivated.length };
  });
}
