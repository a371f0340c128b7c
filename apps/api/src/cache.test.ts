import { afterAll, describe, expect, it } from 'vitest';
import { cached, createMemoryCache, createRedisCache, type Cache } from './cache.ts';

const backends: [string, () => Cache][] = [['memory', () => createMemoryCache(3)]];
// .ci/run starts a Redis server and sets TEST_REDIS_URL; elsewhere only the memory cache is tested, and the
// Redis tests show as skipped with the reason (README «Test»), never silently.
if (process.env.TEST_REDIS_URL)
  backends.push(['redis', () => createRedisCache(process.env.TEST_REDIS_URL!, `test:${process.pid}:`)]);
else {
  console.log('Redis cache tests skipped: set TEST_REDIS_URL=redis://127.0.0.1:6379 to run them.');
  describe('redis cache', () => {
    it.skip('skipped: TEST_REDIS_URL is not set (TEST_REDIS_URL=redis://127.0.0.1:6379 runs it)', () => {});
  });
}

describe.each(backends)('%s cache', (_name, create) => {
  const cache = create();
  afterAll(async () => {
    await cache.clear();
    await cache.close();
  });

  it('counts a burst of increments exactly, in one window', async () => {
    const counts = await Promise.all(Array.from({ length: 40 }, () => cache.increment('burst', 5000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(counts.every((c) => c.resetInMs > 0 && c.resetInMs <= 5000)).toBe(true);
    await cache.delete('burst');
    expect((await cache.increment('burst', 5000)).count).toBe(1);
  });

  it('lets exactly one of many parallel claims of a key through', async () => {
    const claims = await Promise.all(Array.from({ length: 20 }, () => cache.claim('once', 5000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await cache.claim('once', 5000)).toBe(false);
  });

  it('reads through once and serves the stored value until it expires', async () => {
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cached(cache, 'k1', 200, load)).toEqual({ n: 1 });
    expect(await cached(cache, 'k1', 200, load)).toEqual({ n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await cached(cache, 'k1', 200, load)).toEqual({ n: 2 });
  });

  it('clears everything it holds', async () => {
    await cache.set('k2', [1, 2], 10_000);
    await cache.clear();
    expect(await cache.get('k2')).toBeUndefined();
  });
});

it('keeps the memory cache bounded, dropping the oldest entry', async () => {
  const cache = createMemoryCache(2);
  await cache.set('a', 1, 10_000);
  await cache.set('b', 2, 10_000);
  await cache.set('c', 3, 10_000);
  expect(await cache.get('a')).toBeUndefined();
  expect(await cache.get('c')).toBe(3);
});
