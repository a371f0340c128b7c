import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenderGate } from './render-gate.ts';

/** A render that finishes when the test says so. */
function pending() {
  let finish!: (page: string) => void;
  const done = new Promise<string>((resolve) => (finish = resolve));
  return { done, finish };
}

const refused = () => 'refused';

afterEach(() => {
  vi.useRealTimers();
});

describe('RenderGate', () => {
  it('runs at most `limit` renders at once and starts the others first come, first served', async () => {
    const gate = new RenderGate({ limit: 2, maxWaitMs: 60_000 });
    const renders = Array.from({ length: 5 }, pending);
    const started: number[] = [];
    const answers = renders.map((r, i) =>
      gate.run(
        () => {
          started.push(i);
          return r.done;
        },
        refused,
        true,
      ),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ running: 2, waiting: 3 });
    renders[1]!.finish('page 1');
    await answers[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    renders[0]!.finish('page 0');
    renders[2]!.finish('page 2');
    await Promise.all([answers[0], answers[2]]);
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    renders[3]!.finish('page 3');
    renders[4]!.finish('page 4');
    expect(await Promise.all(answers)).toEqual(['page 0', 'page 1', 'page 2', 'page 3', 'page 4']);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a GET that waited maxWaitMs without running it; a POST waits on', async () => {
    vi.useFakeTimers();
    const gate = new RenderGate({ limit: 1, maxWaitMs: 5_000 });
    const first = pending();
    const running = gate.run(() => first.done, refused, true);
    const work = vi.fn(() => Promise.resolve('late page'));
    const get = gate.run(work, refused, true);
    const post = gate.run(() => Promise.resolve('form answer'), refused, false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await get).toBe('refused');
    expect(work).not.toHaveBeenCalled();
    expect(gate.load).toEqual({ running: 1, waiting: 1 });
    first.finish('page');
    expect(await running).toBe('page');
    expect(await post).toBe('form answer');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('lets a waiting render go when its visitor leaves, and frees the place of a render that failed', async () => {
    const gate = new RenderGate({ limit: 1, maxWaitMs: 60_000 });
    const first = pending();
    const running = gate.run(() => first.done, refused, true);
    const leaving = new AbortController();
    const work = vi.fn(() => Promise.resolve('unused'));
    const gone = gate.run(work, refused, true, leaving.signal);
    leaving.abort();
    expect(await gone).toBe('refused');
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    first.finish('page');
    await running;
    await expect(gate.run(() => Promise.reject(new Error('loader failed')), refused, true)).rejects.toThrow(
      'loader failed',
    );
    expect(await gate.run(() => Promise.resolve('next page'), refused, true)).toBe('next page');
    expect(work).not.toHaveBeenCalled();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
