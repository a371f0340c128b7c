// Where a `--cpu-prof` profile's time goes: `node --import tsx bench/profile-summary.ts FILE.cpuprofile`.
//   --windows: only the stretches where the process was busy at least 50 % for 5 s or more (the load runs
//     of bench:render; start-up, warm-up and the idle time while the static server runs are left out);
//     each stretch is summarised on its own, in order (one per page of `bench:render --modes off`).
//   --top N (default 25): rows per table.
//   --part P: also the functions of one part alone (e.g. `--part react-router`).
//   --inclusive a,b: also the time of the samples whose stack holds a function of that name (each sample
//     counted once), e.g. `--inclusive renderToPipeableStream,fetch`.
//   --split: also each sample counted once under the step of a render its whole stack shows (`stepOf`):
//     the in-process API calls, the turbo-stream encoding of loader data, React writing HTML, React
//     rendering elements, the streams between React and the socket, React Router's own request work, GC.
//     Self time alone hides these: an API call's work runs after an await, so no caller's frame is on its
//     stack, and React's per-element work is its own functions whoever the component is.
//   --split-api: also the in-process API calls and the API client (the two steps of --split) by part of a
//     call (`apiPartOf`): Request/Headers/URL, Hono's routing and context, the API's middleware, zod,
//     the handler (routes, data, caches), JSON stringify and parse (or freezing a shared answer), the
//     client's own work.
//   --step S: also the self time by function of the samples of the steps whose name starts with S
//     (e.g. `--step streams`), to see what a step is made of.
// Self time is grouped three ways: by part (React DOM server, React Router, PGlite, undici, Hono, the API,
// the store's server build, Node's internals, GC…), by file and by function.
import fs from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    windows: { type: 'boolean', default: false },
    top: { type: 'string', default: '25' },
    inclusive: { type: 'string', default: '' },
    part: { type: 'string', default: '' },
    split: { type: 'boolean', default: false },
    'split-api': { type: 'boolean', default: false },
    step: { type: 'string', default: '' },
  },
});
const top = Number(values.top);
const inclusiveNames = values.inclusive ? values.inclusive.split(',').map((s) => s.trim()) : [];

/** The part of the stack a file belongs to: a package, the store's own code, or Node itself. */
export function partOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'native (program)';
    return `native ${functionName || '(anonymous)'}`;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) {
    const name = pkg[1]!;
    if (name === '@electric-sql/pglite')
      return url.endsWith('.wasm') || url.startsWith('wasm') ? 'PGlite WASM' : 'PGlite JS';
    return name;
  }
  if (url.startsWith('wasm://')) return 'PGlite WASM';
  if (url.startsWith('node:')) {
    const mod = url.slice(5).replace(/^internal\//, '');
    const first = mod.split('/')[0]!;
    if (first === 'deps') return `node:deps/${mod.split('/')[1]}`; // undici, cjs-module-lexer…
    return `node:${first}`;
  }
  const own = /\/(apps\/[^/]+|packages\/[^/]+)\/(?:(build|src|server|app)\/)?/.exec(url);
  if (own) return own[2] === 'build' ? `${own[1]}/build` : own[1]!;
  return url;
}

/** A short file name: the path after node_modules or the repository's folders. */
function fileOf(frame: CallFrame): string {
  const { url } = frame;
  if (!url) return frame.functionName;
  const i = url.lastIndexOf('node_modules/');
  if (i >= 0) return url.slice(i + 'node_modules/'.length);
  const own = /\/((?:apps|packages|bench|scripts)\/.*)$/.exec(url);
  return own ? own[1]! : url.replace(/^file:\/\//, '');
}

/**
 * The step of a page render a sample belongs to, judged from its whole stack (leaf first), in this order:
 * the first step whose frames the stack holds wins.
 */
export function stepOf(stack: CallFrame[]): string {
  if (stack[0]!.functionName === '(garbage collector)') return 'GC';
  const holdsFn = (name: string) => stack.some((f) => f.functionName === name);
  const holdsUrl = (part: string) => stack.some((f) => f.url.includes(part));
  if (holdsUrl('/apps/api/')) return 'in-process API calls (Request, Hono, middleware, zod, the API, JSON)';
  if (holdsUrl('/packages/api-client/')) return 'API client (query string, JSON.parse)';
  if (holdsFn('encode') && holdsUrl('react-router')) return 'turbo-stream encoding of loader data';
  if (holdsFn('flushCompletedQueues')) return 'React: writing the HTML (and the stream it writes to)';
  if (holdsFn('performWork') || holdsFn('renderToPipeableStream')) return 'React: rendering elements';
  if (
    holdsUrl('node:internal/webstreams') ||
    holdsUrl('node:internal/streams') ||
    holdsUrl('string_decoder') ||
    holdsUrl('@hono/node-server') ||
    holdsFn('writev')
  )
    return 'streams between React and the socket';
  if (holdsUrl('react-router')) return 'React Router request work (matching, loaders, handoff)';
  if (holdsUrl('/apps/web/server/') || holdsUrl('/node_modules/hono/')) return 'store HTTP layer (Hono, headers)';
  if (holdsUrl('/apps/web/')) return 'store loaders and helpers';
  if (holdsUrl('@electric-sql/pglite') || holdsUrl('wasm://')) return 'PGlite';
  return 'other';
}

/**
 * The part of an in-process API call a sample of the in-process or API-client step belongs to: the first
 * frame from the leaf that names one. JSON.stringify and JSON.parse are V8 builtins, so their time is the
 * self time of the function that calls them (in-process.ts's `c.json` and `json()`, or the client's).
 */
export function apiPartOf(stack: CallFrame[]): string {
  for (const frame of stack) {
    const { url, functionName } = frame;
    if (url.includes('/apps/api/src/http/in-process.ts')) {
      // tsx names the answer's json() and text() arrows (anonymous): their time is JSON.parse's.
      if (functionName === 'c.json') return 'JSON stringify (c.json)';
      if (functionName === 'sharedAnswer') return 'freezing a shared answer (sharedAnswer)';
      if (functionName === '' || functionName === '(anonymous)' || functionName === 'value')
        return 'JSON parse (json())';
      return 'in-process glue (in-process.ts)';
    }
    if (url.includes('node:internal/deps/undici') || url.includes('node:internal/url') || functionName === 'URL')
      return 'Request, Headers, URL (undici)';
    if (url.includes('/node_modules/zod/') || url.includes('zod-openapi') || url.includes('zod-validator'))
      return 'zod (input parse)';
    if (
      url.includes('/apps/api/src/http/middleware.ts') ||
      url.includes('/apps/api/src/http/input-guard.ts') ||
      url.includes('/apps/api/src/operations/metrics.ts') ||
      url.includes('/apps/api/src/logger.ts')
    )
      return 'API middleware (trace, log, metrics, input guard)';
    if (url.includes('/node_modules/hono/')) return 'Hono routing, compose, context';
    if (url.includes('/packages/api-client/')) return "the client's own work (query string, headers)";
    if (url.includes('/apps/api/src/app.ts')) return 'API middleware (trace, log, metrics, input guard)';
    if (url.includes('/apps/api/')) return 'handler (routes, data, caches)';
  }
  return 'other (builtins with no frame of these)';
}

const fnOf = (frame: CallFrame) => `${frame.functionName || '(anonymous)'} ${fileOf(frame)}:${frame.lineNumber + 1}`;

function summarise(profile: Profile, from: number, to: number, label: string) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const parts = new Map<string, number>();
  const files = new Map<string, number>();
  const fns = new Map<string, number>();
  const inclusive = new Map<string, number>(inclusiveNames.map((n) => [n, 0]));
  const partFns = new Map<string, number>();
  const steps = new Map<string, number>();
  const apiParts = new Map<string, number>();
  const stepFns = new Map<string, number>();
  const stackOf = (id: number) => {
    const stack: CallFrame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!.callFrame);
    return stack;
  };
  let busy = 0;
  let idle = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    // A sample's time is the gap to the next one.
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (t < from || t >= to) continue;
    const node = byId.get(profile.samples[i]!)!;
    const part = partOf(node.callFrame);
    if (part === 'idle') {
      idle += dt;
      continue;
    }
    busy += dt;
    parts.set(part, (parts.get(part) ?? 0) + dt);
    files.set(fileOf(node.callFrame), (files.get(fileOf(node.callFrame)) ?? 0) + dt);
    fns.set(fnOf(node.callFrame), (fns.get(fnOf(node.callFrame)) ?? 0) + dt);
    if (values.split || values.step) {
      const step = stepOf(stackOf(node.id));
      steps.set(step, (steps.get(step) ?? 0) + dt);
      if (values.step && step.startsWith(values.step))
        stepFns.set(fnOf(node.callFrame), (stepFns.get(fnOf(node.callFrame)) ?? 0) + dt);
    }
    if (values['split-api']) {
      const stack = stackOf(node.id);
      const step = stepOf(stack);
      if (step.startsWith('in-process API calls') || step.startsWith('API client')) {
        const apiPart = apiPartOf(stack);
        apiParts.set(apiPart, (apiParts.get(apiPart) ?? 0) + dt);
      }
    }
    if (part === values.part) partFns.set(fnOf(node.callFrame), (partFns.get(fnOf(node.callFrame)) ?? 0) + dt);
    if (inclusiveNames.length > 0) {
      const seen = new Set<string>();
      for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
        const name = byId.get(id)!.callFrame.functionName;
        if (inclusive.has(name) && !seen.has(name)) {
          seen.add(name);
          inclusive.set(name, inclusive.get(name)! + dt);
        }
      }
    }
  }
  const table = (title: string, m: Map<string, number>) => {
    console.log(`\n${title}`);
    const rows = [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
    for (const [name, ms] of rows)
      console.log(`${((ms / busy) * 100).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(7)} ms  ${name}`);
  };
  console.log(
    `\n=== ${label}: ${((to - from) / 1e6).toFixed(1)} s, busy ${busy.toFixed(0)} ms, idle ${idle.toFixed(0)} ms ===`,
  );
  table('Self time by part', parts);
  table('Self time by file', files);
  table('Self time by function', fns);
  if (values.split) table('Steps of a render (each sample once, by its whole stack)', steps);
  if (values['split-api']) table('In-process API calls and the API client, by part of a call', apiParts);
  if (values.part) table(`Self time of ${values.part} by function`, partFns);
  if (values.step) table(`Self time of the steps «${values.step}…» by function`, stepFns);
  if (inclusiveNames.length > 0) table('Inclusive time (stack holds the function)', inclusive);
}

/** Stretches of at least 5 s where the process was busy at least half of every half second. */
function busyWindows(profile: Profile): [number, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const bucketUs = 500_000;
  const buckets = new Map<number, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    const node = byId.get(profile.samples[i]!)!;
    if (node.callFrame.functionName === '(idle)') continue;
    const b = Math.floor((t - profile.startTime) / bucketUs);
    buckets.set(b, (buckets.get(b) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const windows: [number, number][] = [];
  const last = Math.floor((profile.endTime - profile.startTime) / bucketUs);
  let start = -1;
  for (let b = 0; b <= last + 1; b++) {
    const full = (buckets.get(b) ?? 0) >= bucketUs * 0.5;
    if (full && start < 0) start = b;
    if (!full && start >= 0) {
      if (b - start >= 10) windows.push([profile.startTime + start * bucketUs, profile.startTime + b * bucketUs]);
      start = -1;
    }
  }
  return windows;
}

if (positionals.length === 0) {
  console.error('usage: node --import tsx bench/profile-summary.ts [--windows] [--split] [--top N] FILE.cpuprofile…');
  process.exit(2);
}
for (const file of positionals) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  console.log(`\n##### ${file}`);
  if (!values.windows) {
    summarise(profile, profile.startTime, profile.endTime + 1, 'whole profile');
    continue;
  }
  const windows = busyWindows(profile);
  if (windows.length === 0) console.log('No stretch busy ≥ 50 % for 5 s.');
  windows.forEach(([from, to], i) => summarise(profile, from, to, `busy stretch ${i + 1}`));
}
