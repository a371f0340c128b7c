// The main thread's work after the first paint, from Chrome's own trace: `npm run bench:tbt`.
//   --products N (default 5000), --loads L (default 5), --port P (default 3234),
//   --only home,listing,product,… (bench/lib/pages.ts), --detail (every long task's parts, per load),
//   --base URL (measure a store already running there instead of starting this worktree's: an older build
//   for an A/B in turns)
// Lighthouse's TBT moves by over 100 ms from one half hour to the next on a shared 2-core machine (decision
// 0067), so a change cannot be judged by it. This bench measures what TBT is made of without simulating
// anything: each page is loaded L times in Debian's chromium on a phone screen (375×812, no CPU throttling,
// a fresh context each load) with Chrome's trace on; from the trace events of the page's main thread it takes
// every task (`RunTask`) that starts after the first contentful paint, until the network has been quiet for
// a second and 3 s more have passed, and its **thread time** (CPU the thread used, `tdur`), which another
// process's load moves far less than the wall clock. Per page (median of L loads):
// - CPU after FCP: the sum of those tasks' thread time;
// - longest task: the largest one's thread time (a task over ~12.5 ms of CPU blocks at 4×);
// - TBT at 4×: Σ max(0, 4 × task CPU − 50 ms), Lighthouse's mobile CPU slowdown applied to the CPU time;
// - the same split by what the long tasks (over 12.5 ms) spent it on: HTML parsed, style and layout, script
//   compiled and evaluated, script run (React, React Router), and the rest;
// - elements in the document.
// - «Lantern»: what Lighthouse's simulated TBT is made of (decision 0077). Lantern lays every main-thread task of
//   the real load on a simulated timeline and counts the part of each beyond 50 ms after its *simulated* FCP,
//   which it computes from a smaller graph: only the first HTML parse, the first layout and paint, and external
//   render-blocking scripts. So the tasks before the real first paint (the streamed HTML's later chunks and
//   their inline scripts, the first style and layout of the whole document) land after the simulated FCP and
//   count too, each by its **wall** time × 4 (× 2 when it lays out). «Lantern wall» is Σ max(0, m × wall −
//   50 ms) over every task from the document's first parse on (m = 2 with a Layout, else 4); «Lantern CPU» the
//   same on thread time. The first is what Lighthouse sees on this machine (another process's load stretches
//   the wall time); the second what the page's own work would give on an idle one. «before FCP» is the
//   thread time of the tasks from the first parse to the first contentful paint.
// --detail prints, per load, each long task (before the first paint too) with its largest parts. Report
// figures with `uptime`.
import { parseArgs } from 'node:util';
import { chromium, errors, type Page } from 'playwright';
import { benchPages } from './lib/pages.ts';
import { median } from './lib/stats.ts';
import { browserBenchEnv, startStore, stop, waitForStore } from './lib/store.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '5000' },
    loads: { type: 'string', default: '5' },
    port: { type: 'string', default: '3234' },
    only: { type: 'string' },
    detail: { type: 'boolean', default: false },
    base: { type: 'string' },
  },
});
const products = Number(values.products);
const loads = Number(values.loads);
const port = Number(values.port);
const base = values.base ?? `http://127.0.0.1:${port}`;

/** Lighthouse's mobile preset slows the CPU 4×; a task blocks for what it takes over 50 ms. */
const SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;
const LONG_TASK_CPU_MS = BLOCKING_FROM_MS / SLOWDOWN;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tts?: number;
  tdur?: number;
  args?: Record<string, unknown> & { name?: string };
}

/** A complete event on the main thread: start and wall duration in µs, thread time in µs. */
interface Span {
  name: string;
  /** The name with the script it runs, for --detail. */
  label: string;
  ts: number;
  end: number;
  cpu: number;
}

/** What a long task's time went to, by the name of the nearest span of a known kind (the rest: everything else). */
const KINDS: Record<string, string> = {
  ParseHTML: 'html',
  ParseAuthorStyleSheet: 'style',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Layout: 'layout',
  PrePaint: 'layout',
  Paint: 'layout',
  Layerize: 'layout',
  UpdateLayer: 'layout',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  'v8.evaluateModule': 'compile',
  EvaluateScript: 'compile',
  'v8.produceModuleCache': 'compile',
  FunctionCall: 'script',
  TimerFire: 'script',
  EventDispatch: 'script',
  FireAnimationFrame: 'script',
  FireIdleCallback: 'script',
  RunMicrotasks: 'script',
  'v8.run': 'script',
  XHRReadyStateChange: 'script',
};
const KIND_NAMES = ['html', 'style', 'layout', 'compile', 'script', 'other'] as const;
type Kind = (typeof KIND_NAMES)[number];

interface LongTask {
  startMs: number;
  cpuMs: number;
  wallMs: number;
  /** Whether the task laid out (Lantern slows such a task 2× instead of 4×). */
  layout: boolean;
  parts: [name: string, cpuMs: number][];
}

interface Sample {
  elements: number;
  cpuAfterFcpMs: number;
  longestMs: number;
  tbt4xMs: number;
  beforeFcpCpuMs: number;
  lanternWallMs: number;
  lanternCpuMs: number;
  /** Whether the trace holds the document's first HTML parse (some loads' traces start after it). */
  parseSeen: boolean;
  tasks: number;
  byKind: Record<Kind, number>;
  longTasks: LongTask[];
}

/** An event's name and, for script, the function or file it runs (the file's last part). */
function labelOf(e: TraceEvent) {
  const data = (e.args?.data ?? e.args ?? {}) as { functionName?: string; url?: string; fileName?: string };
  const file = (data.url ?? data.fileName ?? '').split('/').pop()?.split('?')[0];
  const what = [data.functionName, file].filter(Boolean).join(' ');
  return what ? `${e.name} ${what}` : e.name;
}

/** The renderer's main thread of the page: where its first contentful paint was recorded. */
function mainThreadSpans(events: TraceEvent[]) {
  const fcp = events.filter((e) => e.name === 'firstContentfulPaint').sort((a, b) => a.ts - b.ts)[0];
  if (!fcp) throw new Error('no first contentful paint in the trace');
  const { pid, tid } = fcp;
  const spans: Span[] = [];
  // Begin/end pairs (nested on one thread) become spans like complete events.
  const open: TraceEvent[] = [];
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid) continue;
    if (e.ph === 'X' && e.dur !== undefined) {
      spans.push({ name: e.name, label: labelOf(e), ts: e.ts, end: e.ts + e.dur, cpu: e.tdur ?? e.dur });
    } else if (e.ph === 'B') {
      open.push(e);
    } else if (e.ph === 'E') {
      const begin = open.pop();
      if (begin) {
        const cpu = begin.tts !== undefined && e.tts !== undefined ? e.tts - begin.tts : e.ts - begin.ts;
        spans.push({ name: begin.name, label: labelOf(begin), ts: begin.ts, end: e.ts, cpu });
      }
    }
  }
  spans.sort((a, b) => a.ts - b.ts || b.end - a.end);
  return { fcpTs: fcp.ts, spans };
}

/** Lantern's multiplier for a task: the CPU slowdown, halved for a task that lays out. */
const lanternBlocking = (ms: number, layout: boolean) =>
  Math.max(0, (layout ? SLOWDOWN / 2 : SLOWDOWN) * ms - BLOCKING_FROM_MS);

function summarise(events: TraceEvent[], elements: number): Sample {
  const { fcpTs, spans } = mainThreadSpans(events);
  const runTasks = spans.filter((s) => s.name === 'RunTask');
  // Lantern's window starts with the document: the task of its first HTML parse (the navigation's commit
  // before it ends before the simulated FCP in every report read for decision 0077).
  const firstParse = spans.find((s) => s.name === 'ParseHTML');
  const firstParseTask = firstParse && runTasks.find((t) => t.ts <= firstParse.ts && t.end >= firstParse.end);
  const fromTs = Math.min(firstParseTask?.ts ?? fcpTs, fcpTs);
  const tasks = runTasks.filter((s) => s.ts >= fcpTs);
  const byKind = Object.fromEntries(KIND_NAMES.map((k) => [k, 0])) as Record<Kind, number>;
  const longTasks: LongTask[] = [];
  let cpu = 0;
  let longest = 0;
  let tbt = 0;
  let beforeFcp = 0;
  let lanternWall = 0;
  let lanternCpu = 0;
  for (const task of runTasks) {
    if (task.ts < fromTs) continue;
    const taskMs = task.cpu / 1000;
    const wallMs = (task.end - task.ts) / 1000;
    const afterFcp = task.ts >= fcpTs;
    const inside = spans.filter((s) => s !== task && s.ts >= task.ts && s.end <= task.end);
    const layout = inside.some((s) => s.name === 'Layout');
    lanternWall += lanternBlocking(wallMs, layout);
    lanternCpu += lanternBlocking(taskMs, layout);
    if (afterFcp) {
      cpu += taskMs;
      longest = Math.max(longest, taskMs);
      tbt += Math.max(0, SLOWDOWN * taskMs - BLOCKING_FROM_MS);
    } else {
      beforeFcp += taskMs;
    }
    if (taskMs < LONG_TASK_CPU_MS && lanternBlocking(wallMs, layout) === 0) continue;
    // Every span inside the task charges its own time (its CPU less its children's) to the nearest kind on
    // its way up (itself, else its parent's…): a FunctionCall's time is script, a ParseHTML inside it html.
    const parts = new Map<string, number>();
    const taskByKind = Object.fromEntries(KIND_NAMES.map((k) => [k, 0])) as Record<Kind, number>;
    const stack: { span: Span; kind: Kind | null; label: string | null; childCpu: number }[] = [];
    const close = () => {
      const done = stack.pop()!;
      const self = Math.max(0, done.span.cpu - done.childCpu) / 1000;
      taskByKind[done.kind ?? 'other'] += self;
      if (done.label) parts.set(done.label, (parts.get(done.label) ?? 0) + self);
      if (stack.length) stack[stack.length - 1]!.childCpu += done.span.cpu;
    };
    let topCpu = 0;
    for (const s of inside) {
      while (stack.length && stack[stack.length - 1]!.span.end <= s.ts) {
        if (stack.length === 1) topCpu += stack[0]!.span.cpu;
        close();
      }
      const parent = stack[stack.length - 1];
      const own = KINDS[s.name] as Kind | undefined;
      stack.push({
        span: s,
        kind: own ?? parent?.kind ?? null,
        label: own ? s.label : (parent?.label ?? null),
        childCpu: 0,
      });
    }
    while (stack.length) {
      if (stack.length === 1) topCpu += stack[0]!.span.cpu;
      close();
    }
    // The task's own time outside any span.
    taskByKind.other += Math.max(0, task.cpu - topCpu) / 1000;
    if (afterFcp && taskMs >= LONG_TASK_CPU_MS) for (const k of KIND_NAMES) byKind[k] += taskByKind[k];
    longTasks.push({
      startMs: (task.ts - fcpTs) / 1000,
      cpuMs: taskMs,
      wallMs,
      layout,
      parts: [...parts].sort((a, b) => b[1] - a[1]).slice(0, 4),
    });
  }
  return {
    elements,
    cpuAfterFcpMs: cpu,
    longestMs: longest,
    tbt4xMs: tbt,
    beforeFcpCpuMs: beforeFcp,
    lanternWallMs: lanternWall,
    lanternCpuMs: lanternCpu,
    parseSeen: firstParseTask !== undefined,
    tasks: tasks.length,
    byKind,
    longTasks,
  };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'loading',
  'v8',
  'v8.execute',
  'blink',
];

async function measure(browser: Awaited<ReturnType<typeof chromium.launch>>, page: Page, url: string) {
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(url, { waitUntil: 'load' });
  // Quiet: the network idle for a second (chunks, the idle-time requests), then 3 s for the later passes.
  // A page that never goes quiet is measured as it is after 20 s; any other failure stops the bench.
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch((error: unknown) => {
    if (!(error instanceof errors.TimeoutError)) throw error;
  });
  await page.waitForTimeout(3000);
  const elements = await page.evaluate<number>('document.querySelectorAll("*").length');
  const buffer = await browser.stopTracing();
  const trace = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  return summarise(Array.isArray(trace) ? trace : trace.traceEvents, elements);
}

const ms = (x: number) => Math.round(x);

const store = values.base ? null : startStore({ port, env: browserBenchEnv(products) });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
try {
  await waitForStore(base, store ?? undefined);
  const chosen = await benchPages(base, values.only);
  const rows = [];
  for (const [name, pagePath] of chosen) {
    const samples: Sample[] = [];
    for (let load = 0; load < loads; load++) {
      // A fresh phone each load: no cache, no cookies, as Lighthouse.
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: 'ru-RU',
      });
      const page = await context.newPage();
      const sample = await measure(browser, page, base + pagePath);
      await context.close();
      samples.push(sample);
      if (values.detail) {
        console.log(
          `${name} load ${load + 1}${sample.parseSeen ? '' : ' (no HTML parse in the trace)'}: CPU after FCP ${ms(sample.cpuAfterFcpMs)} ms, TBT at 4× ${ms(sample.tbt4xMs)} ms, ` +
            `before FCP ${ms(sample.beforeFcpCpuMs)} ms, Lantern wall ${ms(sample.lanternWallMs)} ms, CPU ${ms(sample.lanternCpuMs)} ms`,
        );
        for (const task of sample.longTasks) {
          const parts = task.parts.map(([part, cpu]) => `${part} ${cpu.toFixed(1)}`).join(', ');
          const at = task.startMs < 0 ? `${ms(task.startMs)}` : `+${ms(task.startMs)}`;
          console.log(
            `  ${at} ms: ${task.cpuMs.toFixed(1)} ms CPU, ${task.wallMs.toFixed(1)} ms wall${task.layout ? ', layout' : ''} (${parts})`,
          );
        }
      }
    }
    const withParse = samples.filter((s) => s.parseSeen);
    const seen = withParse.length ? withParse : samples;
    const row = {
      page: name,
      elements: median(samples.map((s) => s.elements)),
      'CPU after FCP': ms(median(samples.map((s) => s.cpuAfterFcpMs))),
      tasks: median(samples.map((s) => s.tasks)),
      'longest task': Number(median(samples.map((s) => s.longestMs)).toFixed(1)),
      'TBT at 4×': ms(median(samples.map((s) => s.tbt4xMs))),
      'TBT runs': samples.map((s) => ms(s.tbt4xMs)).join(' '),
      // Loads whose trace starts after the document's first parse (the first paint's task missing) would
      // pull the «Lantern» medians down: they are left out of those three, and counted.
      'with parse': `${seen.length}/${samples.length}`,
      'before FCP': ms(median(seen.map((s) => s.beforeFcpCpuMs))),
      'Lantern wall': ms(median(seen.map((s) => s.lanternWallMs))),
      'Lantern CPU': ms(median(seen.map((s) => s.lanternCpuMs))),
      ...Object.fromEntries(KIND_NAMES.map((k) => [`long: ${k}`, ms(median(samples.map((s) => s.byKind[k])))])),
    };
    console.log(JSON.stringify(row));
    rows.push(row);
  }
  console.log(
    `\nPhone 375×812, no CPU throttling, thread time of the main thread's tasks after FCP, median of ${loads} loads, ` +
      `${products} products; «long: …» is what tasks over ${LONG_TASK_CPU_MS} ms of CPU spent it on; «Lantern …» ` +
      `counts every task from the first parse at 4× (2× with layout), on wall and on CPU time\n`,
  );
  console.table(rows);
} finally {
  await browser.close();
  await stop(store);
}
