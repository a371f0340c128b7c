// Elements and main-thread blocking per page, the two figures behind Lighthouse's TBT and dom-size
// (issue 12): `npm run bench:hydration -- [--products 5000] [--runs 3] [--port 3233] [--only home,listing]`.
// Starts the built store on the same seeded PGlite directory as bench:web (.tmp/bench-web-N), opens each
// page in Debian's chromium on a phone screen (375×812) with the CPU slowed 4× as Lighthouse's mobile
// preset does, and waits until the network has been quiet and nothing blocked the main thread for 3 s.
// Per page (median of R runs): elements in the document, elements hydrated (in the body, outside
// <script>/<template>), the long tasks after the first paint and their blocking time (the sum of each
// task's part over 50 ms, Lighthouse's TBT without its simulation), the longest task. The element counts
// do not depend on the machine's load; the blocking times do (report them with `uptime`).
// --profile writes a CPU profile of the first run of each page to .tmp/hydration-prof/ (Chrome DevTools).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright';
import { benchPages } from './lib/pages.ts';
import { browserBenchEnv, root, startStore, stop, waitForStore } from './lib/store.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3233' },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
});
const products = Number(values.products);
const runs = Number(values.runs);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const env = browserBenchEnv(products);
const profileDir = path.join(root, '.tmp/hydration-prof');

interface Sample {
  elements: number;
  bodyElements: number;
  longTasks: number;
  blockingMs: number;
  longestMs: number;
}

// Collected in the page from its first byte: long tasks and the first contentful paint.
const observe = `
  window.__longTasks = [];
  window.__fcp = null;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
`;

async function measure(page: Page, url: string, profileFile: string | null): Promise<Sample> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (profileFile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  await page.goto(url, { waitUntil: 'load' });
  // Quiet: no request for 3 s and no long task in the last 3 s (rows that load near the viewport,
  // chunks that hydrate later), at most 30 s.
  let lastActivity = Date.now();
  const onRequest = () => (lastActivity = Date.now());
  page.on('request', onRequest);
  let seenTasks = 0;
  for (const started = Date.now(); Date.now() - started < 30_000;) {
    await page.waitForTimeout(500);
    const count = await page.evaluate<number>('window.__longTasks.length');
    if (count !== seenTasks) {
      seenTasks = count;
      lastActivity = Date.now();
    }
    if (Date.now() - lastActivity > 3000) break;
  }
  page.off('request', onRequest);
  if (profileFile) {
    const { profile } = await cdp.send('Profiler.stop');
    fs.writeFileSync(profileFile, JSON.stringify(profile));
  }
  // A string: this file is compiled without the DOM's types.
  const result = await page.evaluate<Sample>(`(() => {
    const fcp = window.__fcp ?? 0;
    const tasks = window.__longTasks.filter(([start]) => start >= fcp).map(([, duration]) => duration);
    let bodyElements = 0;
    for (const el of document.body.querySelectorAll('*')) if (!el.closest('script, template')) bodyElements++;
    return {
      elements: document.querySelectorAll('*').length,
      bodyElements,
      longTasks: tasks.length,
      blockingMs: Math.round(tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
      longestMs: Math.round(Math.max(0, ...tasks)),
    };
  })()`);
  await cdp.detach();
  return result;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

const store = startStore({ port, env });
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
  await waitForStore(base, store);
  const chosen = await benchPages(base, values.only);
  if (values.profile) fs.mkdirSync(profileDir, { recursive: true });

  const rows = [];
  for (const [name, pagePath] of chosen) {
    const samples: Sample[] = [];
    for (let run = 0; run < runs; run++) {
      // A fresh phone each run: no cache, no cookies, as Lighthouse.
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: 'ru-RU',
      });
      const page = await context.newPage();
      await page.addInitScript(observe);
      const profileFile = values.profile && run === 0 ? path.join(profileDir, `${name}.cpuprofile`) : null;
      samples.push(await measure(page, base + pagePath, profileFile));
      await context.close();
    }
    const row = {
      page: name,
      elements: median(samples.map((s) => s.elements)),
      bodyElements: median(samples.map((s) => s.bodyElements)),
      longTasks: median(samples.map((s) => s.longTasks)),
      blockingMs: median(samples.map((s) => s.blockingMs)),
      longestMs: median(samples.map((s) => s.longestMs)),
      blockingRuns: samples.map((s) => s.blockingMs),
    };
    console.log(JSON.stringify(row));
    rows.push(row);
  }
  console.log(`\nPhone 375×812, CPU 4× slower, median of ${runs} runs, ${products} products\n`);
  console.table(rows);
} finally {
  await browser.close();
  await stop(store);
}
