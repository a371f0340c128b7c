// The life of one store instance as a load balancer sees it (issue 19): starting (migrating, seeding),
// ready, draining (a stop signal came: finish what is in flight, take nothing new). The readiness
// check (`GET /api/health/ready`) answers from it; graceful shutdown waits on its in-flight count.
export type LifecycleState = 'starting' | 'migrating' | 'ready' | 'draining';

export class Lifecycle {
  #state: LifecycleState;
  #inFlight = 0;
  #idle: Array<() => void> = [];
  #warming = 0;

  constructor(state: LifecycleState = 'ready') {
    this.#state = state;
  }

  get state(): LifecycleState {
    return this.#state;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  /**
   * Whether a start-up build this instance needs to answer quickly (the catalogue and suggestion
   * indexes) is still running. The instance serves meanwhile (a listing waits for the build), but the
   * readiness check keeps a balancer from sending it shoppers: at 1,000,000 products the build takes
   * minutes, longer than a proxy waits for an answer.
   */
  get warming(): boolean {
    return this.#warming > 0;
  }

  /** Counts `build` as warming until it settles (fulfilled or not: a failed build is retried on use). */
  warmUp(build: Promise<unknown>): Promise<void> {
    this.#warming += 1;
    const settled = build.then(
      () => {},
      () => {},
    );
    void settled.then(() => {
      this.#warming -= 1;
    });
    return settled;
  }

  set(state: LifecycleState) {
    // Draining is the end: nothing brings an instance that is stopping back into the balancer.
    if (this.#state === 'draining') return;
    this.#state = state;
  }

  /** Counts one request in flight; call the returned function once when its answer is sent (or failed). */
  begin(): () => void {
    this.#inFlight += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#inFlight -= 1;
      if (this.#inFlight === 0) for (const wake of this.#idle.splice(0)) wake();
    };
  }

  /** Resolves true once nothing is in flight, false when `timeoutMs` passes first. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    if (this.#inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#idle = this.#idle.filter((wake) => wake !== onIdle);
        resolve(false);
      }, timeoutMs);
      timer.unref();
      const onIdle = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.#idle.push(onIdle);
    });
  }
}
