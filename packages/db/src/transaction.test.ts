import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './index.ts';

describe('DatabaseHandle.transaction (PGlite)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    await handle.exec('create table t (id int primary key, n int not null)');
  });
  afterAll(() => handle.close());

  it('commits when the body resolves', async () => {
    const result = await handle.transaction(async (tx) => {
      await tx.query('insert into t values ($1, $2)', [1, 10]);
      return (await tx.query<{ n: number }>('select n from t where id = 1'))[0]?.n;
    });
    expect(result).toBe(10);
    expect(await handle.query('select n from t where id = 1')).toEqual([{ n: 10 }]);
  });

  it('rolls back everything when the body throws', async () => {
    await expect(
      handle.transaction(async (tx) => {
        await tx.query('update t set n = n - 10 where id = 1');
        await tx.query('insert into t values ($1, $2)', [2, 5]);
        throw new Error('no stock');
      }),
    ).rejects.toThrow('no stock');
    expect(await handle.query('select id, n from t order by id')).toEqual([{ id: 1, n: 10 }]);
  });
});
