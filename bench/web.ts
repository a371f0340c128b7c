// Lighthouse on every page type: `npm run bench:web`.
//   --products N (default 5000), --runs R (default 3), --port P (default 3231),
//   --only home,listing,product,product-faq,product-availability,search,basket,content
// Starts the built store (scripts/start.mjs builds it when the sources are newer) on its own PGlite
// directory (.tmp/bench-web-N, seeded once), runs Lighthouse 12 with its mobile preset R times per page in
// Debian's chromium, and prints per page the median of each category score, LCP, CLS and TBT, the audits
// that failed in most runs, the LCP element and the elements that shifted. One JSON line per page as it
// finishes, a table at the end. The full reports stay in .tmp/bench-web-reports/ for a closer look.
// Performance scores move with the machine's load: compare runs taken on the same machine at the same time.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { lighthouseCli } from './lib/lighthouse.ts';
import { benchPages } from './lib/pages.ts';
import { median } from './lib/stats.ts';
import { browserBenchEnv, root, startStore, stop, waitForStore } from './lib/store.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3231' },
    only: { type: 'string' },
  },
});
const products = Number(values.products);
const runs = Number(values.runs);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const reportDir = path.join(root, '.tmp/bench-web-reports');
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const env = browserBenchEnv(products);

interface Audit {
  id: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  details?: { items?: Record<string, unknown>[] };
}
interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<string, Audit>;
  runtimeError?: { code: string; message: string };
}
interface Run {
  scores: Record<string, number>;
  lcp: number;
  cls: number;
  tbt: number;
  failing: string[];
  lcpElement: string;
  shifted: string[];
}

/** An audit fails when it is scored and below full marks; a performance audit only below 0.9 (diagnostics). */
function failingAudits(report: Report) {
  const failing = new Set<string>();
  for (const name of categories) {
    for (const ref of report.categories[name]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (!audit || audit.score === null) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
      if (audit.score < (name === 'performance' ? 0.9 : 1)) failing.add(ref.id);
    }
  }
  return [...failing].sort();
}

function selectorOf(item: Record<string, unknown> | undefined) {
  const node = (item?.node ?? item?.items) as { selector?: string; snippet?: string } | undefined;
  return node?.selector ?? node?.snippet ?? '';
}

/** One Lighthouse run; a run Lighthouse itself gives up on (NO_NAVSTART and the like, under load) is tried once more. */
function lighthouse(url: string, reportFile: string): Run {
  try {
    return lighthouseOnce(url, reportFile);
  } catch (error) {
    console.error(`${String(error).slice(0, 300)}; trying once more`);
    return lighthouseOnce(url, reportFile);
  }
}

function lighthouseOnce(url: string, reportFile: string): Run {
  const result = lighthouseCli(url, [
    '--output=json',
    `--output-path=${reportFile}`,
    `--only-categories=${categories.join(',')}`,
  ]);
  if (result.status !== 0 || !fs.existsSync(reportFile)) {
    throw new Error(`lighthouse ${url} failed (${result.status}): ${result.stderr.slice(-2000)}`);
  }
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Report;
  if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.message}`);
  const lcpItems = report.audits['largest-contentful-paint-element']?.details?.items ?? [];
  // Lighthouse 12 nests the element in a table: items[0].items[0].node.
  const lcpTable = (lcpItems[0]?.items as Record<string, unknown>[] | undefined) ?? lcpItems;
  const shifts = report.audits['layout-shifts']?.details?.items ?? [];
  return {
    scores: Object.fromEntries(categories.map((c) => [c, Math.round((report.categories[c]?.score ?? 0) * 100)])),
    lcp: report.audits['largest-contentful-paint']?.numericValue ?? NaN,
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    tbt: report.audits['total-blocking-time']?.numericValue ?? NaN,
    failing: failingAudits(report),
    lcpElement: selectorOf(lcpTable[0]),
    shifted: shifts.map((item) => `${selectorOf(item)} (${Number(item.score ?? 0).toFixed(3)})`).slice(0, 5),
  };
}

const store = startStore({ port, env });
try {
  await waitForStore(base);
  const chosen = await benchPages(base, values.only);

  // Compressed bytes per page, once bench/page-bytes.ts (another part of issue 12) is in the tree.
  const pageBytesFile = path.join(root, 'bench/page-bytes.ts');
  if (fs.existsSync(pageBytesFile)) {
    const { measurePageBytes } = (await import(pathToFileURL(pageBytesFile).href)) as {
      measurePageBytes: (baseUrl: string, paths: string[]) => Promise<unknown>;
    };
    const bytes = await measurePageBytes(
      base,
      chosen.map(([, pagePath]) => pagePath),
    );
    console.log(JSON.stringify({ pageBytes: bytes }));
  }

  fs.mkdirSync(reportDir, { recursive: true });
  const rows = [];
  for (const [name, pagePath] of chosen) {
    const results: Run[] = [];
    for (let i = 0; i < runs; i++)
      results.push(lighthouse(base + pagePath, path.join(reportDir, `${name}-${i + 1}.json`)));
    const failing = [...new Set(results.flatMap((r) => r.failing))]
      .filter((id) => results.filter((r) => r.failing.includes(id)).length * 2 > runs)
      .sort();
    const summary = {
      page: name,
      path: pagePath,
      runs,
      performance: median(results.map((r) => r.scores.performance!)),
      accessibility: median(results.map((r) => r.scores.accessibility!)),
      'best-practices': median(results.map((r) => r.scores['best-practices']!)),
      seo: median(results.map((r) => r.scores.seo!)),
      lcpMs: Math.round(median(results.map((r) => r.lcp))),
      cls: Number(median(results.map((r) => r.cls)).toFixed(3)),
      tbtMs: Math.round(median(results.map((r) => r.tbt))),
      failing,
      lcpElement: results.map((r) => r.lcpElement),
      shifted: results.map((r) => r.shifted),
      performanceRuns: results.map((r) => r.scores.performance),
    };
    console.log(JSON.stringify(summary));
    rows.push(summary);
  }
  console.log(
    `\nLighthouse 12 mobile, median of ${runs} runs, ${products} products (targets: 95/100/100/100, LCP ≤ 2000 ms, CLS ≤ 0.05, TBT ≤ 150 ms)\n`,
  );
  console.table(
    rows.map((r) => ({
      page: r.page,
      perf: r.performance,
      a11y: r.accessibility,
      bp: r['best-practices'],
      seo: r.seo,
      'LCP ms': r.lcpMs,
      CLS: r.cls,
      'TBT ms': r.tbtMs,
    })),
  );
  for (const r of rows) if (r.failing.length) console.log(`${r.page}: ${r.failing.join(', ')}`);
} finally {
  await stop(store);
}
