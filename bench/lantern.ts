// What Lighthouse's simulated TBT is made of, task by task: `npm run bench:lantern`.
//   --products N (default 5000), --runs R (default 5), --port P (default 3236), --only home,product,…
//   (bench/lib/pages.ts), --detail (every counted task of every run), --base URL (measure a store already
//   running there instead of starting this worktree's; e.g. an older build for an A/B in turns),
//   --dirs a,b,… (read saved runs instead of running Lighthouse: .tmp/bench-lantern/<page>-<run>)
// bench:web gives Lighthouse's score and TBT; bench:tbt the main thread's own work from a trace of its own.
// Neither says which tasks of a Lighthouse run its TBT counted. This bench runs Lighthouse 12 (mobile preset,
// Debian's chromium) R times per page, keeps each run's trace and DevTools log (.tmp/bench-lantern/), and
// runs Lighthouse's own Lantern on them again (the same computed artifacts the `total-blocking-time` audit
// uses), so each simulated main-thread task can be laid beside the trace event it came from: its observed
// start, wall time and thread time (CPU), what it did, and how much of it TBT counted. Lantern counts a task
// when its simulated duration (4 × wall time, 2 × with a layout; tasks under 10 ms of wall time are mostly
// pruned from the graph) ends after the simulated FCP, by what is over 50 ms within [FCP, TTI]; TBT is the
// mean of its optimistic and pessimistic estimates (decision 0077). Per page it prints the median TBT and the
// mean counted time by kind of task, split into tasks observed before the real first contentful paint and
// after it. The kinds, from the task's trace events: the document's commit, the first style/layout/paint,
// other layouts, style recalculations, the HTML's parse with its inline scripts, module evaluation, React
// and React Router (script in the app's chunks), SVG image documents (`<img src=…svg>` and the icon file are
// documents of their own, committed, parsed and laid out on the page's main thread), resource callbacks,
// timers. Lighthouse's TBT moves with the machine's load (a task of 2 ms of CPU can take 60 ms of wall
// time on a busy 2-core machine), so compare pages or builds run in turns, and report `uptime`.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { lighthouseCli } from './lib/lighthouse.ts';
import { benchPages } from './lib/pages.ts';
import { median } from './lib/stats.ts';
import { browserBenchEnv, root, startStore, stop, waitForStore } from './lib/store.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: '3236' },
    only: { type: 'string' },
    detail: { type: 'boolean', default: false },
    base: { type: 'string' },
    dirs: { type: 'string' },
  },
});
const runs = Number(values.runs);
const outDir = path.join(root, '.tmp/bench-lantern');

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { url?: string; stackTrace?: { url?: string }[] } };
}
interface CpuNode {
  type: string;
  event: TraceEvent;
  childEvents: TraceEvent[];
}
interface NodeTiming {
  startTime: number;
  endTime: number;
  duration: number;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<CpuNode | { type: string }, NodeTiming>;
}
interface LanternResult {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}
interface Computed<T> {
  request(data: unknown, context: unknown): Promise<T>;
}

// Lighthouse's internals, as its own audits use them (12.8.2; not a public API, so typed here by what is read).
const { loadArtifacts } = (await import('lighthouse/core/lib/asset-saver.js')) as unknown as {
  loadArtifacts(dir: string): Promise<Record<string, unknown> & { settings: object }>;
};
const { LanternTotalBlockingTime } =
  (await import('lighthouse/core/computed/metrics/lantern-total-blocking-time.js')) as unknown as {
    LanternTotalBlockingTime: Computed<LanternResult>;
  };
const { LanternFirstContentfulPaint } =
  (await import('lighthouse/core/computed/metrics/lantern-first-contentful-paint.js')) as unknown as {
    LanternFirstContentfulPaint: Computed<LanternResult>;
  };
const { LanternInteractive } = (await import('lighthouse/core/computed/metrics/lantern-interactive.js')) as unknown as {
  LanternInteractive: Computed<LanternResult>;
};
const { ProcessedNavigation } = (await import('lighthouse/core/computed/processed-navigation.js')) as unknown as {
  ProcessedNavigation: Computed<{ timestamps: { timeOrigin: number; firstContentfulPaint: number } }>;
};

/** The app's own chunks: a task running script from one of them is React, React Router or the store's code. */
const APP_SCRIPT = /\/assets\/[^/]+\.js/;

/** What a simulated task was, from the names of its trace events (the first rule that matches). */
function kindOf(events: TraceEvent[]): string {
  const names = new Set(events.map((e) => e.name));
  // The scripts whose functions ran (not the requests a task started: those name every preloaded chunk).
  const urls = events
    .filter((e) => e.name === 'FunctionCall' || e.name === 'v8.callFunction')
    .map((e) => e.args?.data?.url ?? '')
    .join(' ');
  if (names.has('DocumentLoader::CommitNavigation'))
    return names.has('LocalWindowProxy::Initialize') ? 'document commit' : 'SVG image document';
  if (names.has('Layout') && names.has('Paint')) return 'style, layout, paint';
  if (names.has('Layout')) return 'layout';
  if (names.has('v8.evaluateModule') || names.has('v8.compileModule')) return 'module compile, evaluation';
  if (APP_SCRIPT.test(urls)) return 'app script (React)';
  if (names.has('TimerFire')) return "timer (an inline script's)";
  if (names.has('ParseHTML')) return 'HTML parse, inline scripts';
  if (names.has('EvaluateScript')) return 'inline script';
  if (names.has('UpdateLayoutTree')) return 'style';
  if (names.has('ResourceReceivedData') || names.has('ResourceFinish') || names.has('ResourceReceiveResponse'))
    return 'resource callbacks';
  return 'other';
}

interface CountedTask {
  kind: string;
  beforeFcp: boolean;
  observedMs: number;
  wallMs: number;
  cpuMs: number;
  /** Mean of the optimistic and pessimistic estimates' blocking time for this task. */
  counted: number;
}
interface RunResult {
  name: string;
  tbt: number;
  fcp: number;
  tti: [number, number];
  observedFcp: number;
  tasks: CountedTask[];
}

/** Lantern's TBT of one saved run, with every task it counted. */
async function analyse(dir: string, name: string): Promise<RunResult> {
  const artifacts = await loadArtifacts(dir);
  const settings = { ...artifacts.settings };
  const context = { computedCache: new Map(), settings };
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps ?? [],
    simulator: null,
  };
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  const tti = await LanternInteractive.request(data, context);
  const tbt = await LanternTotalBlockingTime.request(data, context);
  const { timestamps } = await ProcessedNavigation.request(data.trace, context);
  const observedFcp = (timestamps.firstContentfulPaint - timestamps.timeOrigin) / 1000;
  const byNode = new Map<CpuNode, CountedTask>();
  // As Lantern's TotalBlockingTime: the optimistic estimate counts from the pessimistic FCP to the optimistic
  // TTI, the pessimistic one from the optimistic FCP to the pessimistic TTI.
  const windows: [Estimate, number, number][] = [
    [tbt.optimisticEstimate, fcp.pessimisticEstimate.timeInMs, tti.optimisticEstimate.timeInMs],
    [tbt.pessimisticEstimate, fcp.optimisticEstimate.timeInMs, tti.pessimisticEstimate.timeInMs],
  ];
  for (const [estimate, from, to] of windows) {
    for (const [node, timing] of estimate.nodeTimings) {
      if (node.type !== 'cpu' || timing.duration < 50) continue;
      const clipped = Math.min(timing.endTime, to) - Math.max(timing.startTime, from);
      if (clipped < 50) continue;
      const cpu = node as CpuNode;
      const observedMs = (cpu.event.ts - timestamps.timeOrigin) / 1000;
      const task = byNode.get(cpu) ?? {
        kind: kindOf(cpu.childEvents),
        beforeFcp: observedMs < observedFcp,
        observedMs,
        wallMs: (cpu.event.dur ?? 0) / 1000,
        cpuMs: (cpu.event.tdur ?? 0) / 1000,
        counted: 0,
      };
      task.counted += (clipped - 50) / 2;
      byNode.set(cpu, task);
    }
  }
  return {
    name,
    tbt: tbt.timing,
    fcp: fcp.timing,
    tti: [tti.optimisticEstimate.timeInMs, tti.pessimisticEstimate.timeInMs],
    observedFcp,
    tasks: [...byNode.values()].sort((a, b) => a.observedMs - b.observedMs),
  };
}

function lighthouse(url: string, dir: string) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const run = () =>
    lighthouseCli(url, [
      '--output=json',
      `--output-path=${path.join(dir, 'report.json')}`,
      '--only-categories=performance',
      `-GA=${dir}`,
    ]);
  // A run Lighthouse gives up on under load (NO_NAVSTART and the like) is tried once more, as in bench:web.
  let result = run();
  if (result.status !== 0) result = run();
  if (result.status !== 0)
    throw new Error(`lighthouse ${url} failed (${result.status}): ${result.stderr.slice(-1500)}`);
}

function report(page: string, results: RunResult[]) {
  if (values.detail) {
    for (const r of results) {
      console.log(
        `${r.name}: TBT ${r.tbt.toFixed(0)} ms, simulated FCP ${r.fcp.toFixed(0)} ms, TTI ${r.tti.map((t) => t.toFixed(0)).join('/')} ms, real FCP ${r.observedFcp.toFixed(0)} ms`,
      );
      for (const t of r.tasks) {
        console.log(
          `  ${t.beforeFcp ? 'before' : 'after '} FCP, at ${t.observedMs.toFixed(0).padStart(5)} ms: wall ${t.wallMs.toFixed(1).padStart(5)}, CPU ${t.cpuMs.toFixed(1).padStart(5)} → counted ${t.counted.toFixed(0).padStart(4)} ms  ${t.kind}`,
        );
      }
    }
  }
  const byKind = new Map<string, number>();
  let before = 0;
  let wall = 0;
  let cpu = 0;
  for (const r of results) {
    for (const t of r.tasks) {
      const key = `${t.beforeFcp ? 'before FCP: ' : ''}${t.kind}`;
      byKind.set(key, (byKind.get(key) ?? 0) + t.counted / results.length);
      if (t.beforeFcp) before += t.counted / results.length;
      wall += t.wallMs / results.length;
      cpu += t.cpuMs / results.length;
    }
  }
  const kinds = [...byKind]
    .sort((a, b) => b[1] - a[1])
    .filter(([, v]) => v >= 0.5)
    .map(([k, v]) => `${k} ${v.toFixed(0)}`)
    .join(', ');
  const summary = {
    page,
    runs: results.length,
    'TBT median': Math.round(median(results.map((r) => r.tbt))),
    'TBT runs': results.map((r) => Math.round(r.tbt)).join(' '),
    'TBT mean': Math.round(results.reduce((s, r) => s + r.tbt, 0) / results.length),
    'counted before FCP (mean)': Math.round(before),
    'counted tasks: wall / CPU (mean)': `${wall.toFixed(0)} / ${cpu.toFixed(0)} ms`,
  };
  console.log(JSON.stringify(summary));
  console.log(`  mean counted by kind: ${kinds}`);
}

if (values.dirs) {
  const dirs = values.dirs.split(',').map((d) => d.trim());
  const results = [];
  for (const dir of dirs) results.push(await analyse(dir, path.basename(dir)));
  report(dirs.length === 1 ? path.basename(dirs[0]!) : 'saved runs', results);
} else {
  const base = values.base ?? `http://127.0.0.1:${values.port}`;
  const store = values.base
    ? null
    : startStore({ port: Number(values.port), env: browserBenchEnv(Number(values.products)) });
  try {
    await waitForStore(base, store ?? undefined);
    const pages = await benchPages(base, values.only);
    for (const [name, pagePath] of pages) {
      const results = [];
      for (let i = 1; i <= runs; i++) {
        const dir = path.join(outDir, `${name}-${i}`);
        lighthouse(base + pagePath, dir);
        results.push(await analyse(dir, `${name}-${i}`));
      }
      report(name, results);
    }
    console.log(
      '\nLighthouse 12 mobile; «counted» is what Lantern added to TBT for a task (mean of its two estimates), by the kind of the task it simulated; see bench/lantern.ts',
    );
  } finally {
    await stop(store);
  }
}
