// Loading a store over HTTP with autocannon, each request the next of a list of paths (so every request
// of a scenario asks something new): `npm run bench` and bench/catalog-profile.ts.
import autocannon from 'autocannon';

export interface PathsLoad {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  requests: number;
}

/** `connections` clients for `seconds`, asking `paths` in turn of the store at `base`. */
export async function loadPaths(
  base: string,
  paths: readonly string[],
  { connections, seconds }: { connections: number; seconds: number },
): Promise<PathsLoad> {
  let n = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length]! }) }],
  });
  // autocannon has no p95 bucket; interpolate between p90 and p97.5.
  const p95 = result.latency.p90 + ((result.latency.p97_5 - result.latency.p90) * 5) / 7.5;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: Math.round(p95 * 10) / 10,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    requests: result.requests.total,
  };
}
