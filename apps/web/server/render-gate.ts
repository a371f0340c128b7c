// How many page renders an instance runs at once (decision 0082). A render is mostly work on the one
// JavaScript thread (React, the in-process API calls, JSON) with short waits for the database between.
// Started all at once, sixteen renders share the thread turn by turn and all finish together at sixteen
// times the cost of one: under load each of them ran past entry.server's 6 s limit (stop 35's stall at
// a million products, five 500s in one wave). Run a few at a time, first come first served, the first
// visitors get their pages after one or two renders' time and the rest no later than before; a render
// still waiting for its turn after `maxWaitMs` is refused with 503 before any work is spent on it, and
// nginx asks another instance.

/**
 * Page renders an instance runs at once, and how long a GET or HEAD waits for its turn before it is
 * refused with 503 for nginx to ask another instance (store-app.ts, decision 0082). Four keep the one
 * thread busy while some renders wait for the database; the wait is entry.server's streamTimeout. The
 * cluster check holds exactly this many places of an instance to make it too busy (decision 0085).
 */
export const RENDERS_AT_ONCE = 4;
export const RENDER_WAIT_MS = 5_000;

export interface RenderGateOptions {
  /** Renders in progress at once; enough to keep the thread busy while some wait for the database. */
  limit: number;
  /** How long a GET or HEAD render may wait for its turn before it is refused (a POST always waits). */
  maxWaitMs: number;
}

interface Waiter {
  start: () => void;
  refuse: () => void;
  timer: ReturnType<typeof setTimeout> | null;
}

export class RenderGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly options: RenderGateOptions) {}

  /** Renders in progress and waiting (the metrics and tests read them). */
  get load() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Runs `work` when its turn comes and answers what it answers; answers `refused` without running it
   * when `mayRefuse` and the turn did not come within maxWaitMs, or when `signal` aborts first (the
   * visitor went away). The place is held until `work` settles: for a page, until its head is ready.
   */
  async run<T, R>(work: () => Promise<T>, refused: () => R, mayRefuse: boolean, signal?: AbortSignal): Promise<T | R> {
    if (this.running >= this.options.limit) {
      const turn = await new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          start: () => resolve(true),
          refuse: () => resolve(false),
          timer: null,
        };
        const leave = () => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          if (waiter.timer) clearTimeout(waiter.timer);
          signal?.removeEventListener('abort', leave);
          waiter.refuse();
        };
        if (mayRefuse) waiter.timer = setTimeout(leave, this.options.maxWaitMs);
        signal?.addEventListener('abort', leave, { once: true });
        waiter.start = () => {
          if (waiter.timer) clearTimeout(waiter.timer);
          signal?.removeEventListener('abort', leave);
          resolve(true);
        };
        this.waiting.push(waiter);
      });
      if (!turn) return refused();
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The place passes straight to the next in line: `running` stays as it is.
      if (next) next.start();
      else this.running--;
    }
  }
}
