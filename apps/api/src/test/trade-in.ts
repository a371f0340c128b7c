// Test only: trade-in price list look-ups shared by the calculator and create-order tests.
import type { DatabaseHandle } from '@store/db';

/** The id of a seeded trade-in model by its name. */
export async function tradeInModelId(handle: DatabaseHandle, name: string): Promise<number> {
  const [row] = await handle.query<{ id: number }>('select id from trade_in_models where name = $1', [name]);
  return row!.id;
}
