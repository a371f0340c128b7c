// All SQL about checkout drafts: what the shopper entered at checkout, one row per basket.
import type { DatabaseHandle } from '@store/db';

export async function retrieveCheckoutDraft(
  handle: DatabaseHandle,
  basketId: string,
): Promise<{ state: unknown; updated_at: string } | null> {
  const [row] = await handle.query<{ state: unknown; updated_at: string }>(
    `select state, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at
       from checkout_drafts where basket_id = $1`,
    [basketId],
  );
  return row ?? null;
}

/** Writes the whole draft (insert or replace) and answers its new time. */
export async function saveCheckoutDraft(handle: DatabaseHandle, basketId: string, state: unknown): Promise<string> {
  const [row] = await handle.query<{ updated_at: string }>(
    `insert into checkout_drafts (basket_id, state, updated_at) values ($1, $2::jsonb, now())
     on conflict (basket_id) do update set state = excluded.state, updated_at = excluded.updated_at
     returning to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at`,
    [basketId, JSON.stringify(state)],
  );
  return row!.updated_at;
}

export async function deleteCheckoutDraft(handle: DatabaseHandle, basketId: string): Promise<void> {
  await handle.query('delete from checkout_drafts where basket_id = $1', [basketId]);
}
