// The catalogue and suggestion indexes are built on the request thread. At 1,000,000 products a build
// loops over millions of rows for minutes; without a pause, an instance answers nothing meanwhile and
// an order transaction it holds keeps its stock rows locked for every other instance (seen in
// bench:cluster at 1M, 26 November). The build loops pause here every YIELD_EVERY rows.

/** How many rows a build handles between pauses: about 5–20 ms of work on this machine. */
export const YIELD_EVERY = 8192;

/** Lets waiting requests and I/O run before the build goes on. */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
