// The promocodes running now (SPEC §2 /user/promo, /user/darim-promokod): actions with a code that
// are active and not hidden. The checkout applies them through calc-apply-to-basket.
import type { DatabaseHandle } from '@store/db';

export interface PromocodeRow {
  action_id: number;
  name: string;
  description: string;
  promocode: string;
  action_type: string;
  discount: number;
  price_from: number | null;
  ends_at: string | null;
}

export async function listActivePromocodes(handle: DatabaseHandle): Promise<PromocodeRow[]> {
  return handle.query<PromocodeRow>(
    `select a.id as action_id, a.public_name as name, a.public_description as description, a.promocode,
            a.action_type, a.discount,
            coalesce(a.price_from, (a.mechanics->'params'->>'price_from')::int) as price_from,
            to_char(a.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ends_at
       from actions a
      where a.promocode is not null and a.promocode <> '' and not a.is_hidden
        and a.starts_at <= now() and (a.ends_at is null or a.ends_at > now())
      order by a.sort, a.id`,
  );
}
