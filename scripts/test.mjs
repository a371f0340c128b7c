// `npm test`: typecheck, lint, unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL
// is set), then the browser tests. Prints one closing line: `tests: N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });

let passed = 0;
let failed = 0;

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

// Typecheck and lint at once: each is mostly one thread, and the machine has two cores (about two
// minutes saved in CI). Their output is buffered and printed whole, one after the other.
function checkAtOnce(checks) {
  return Promise.all(
    checks.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('error', (error) => resolve({ title, ok: false, output: output + String(error) }));
          child.on('close', (code) => resolve({ title, ok: code === 0, output }));
        }),
    ),
  ).then((results) => {
    for (const { title, ok, output } of results) {
      console.log(`\n=== ${title} ===`);
      process.stdout.write(output);
      if (ok) passed += 1;
      else {
        failed += 1;
        console.log(`✗ ${title} failed`);
      }
    }
  });
}

await checkAtOnce([
  { title: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { title: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
]);

const vitestReport = path.join(tmp, 'vitest-report.json');
fs.rmSync(vitestReport, { force: true });
const vitestOk = run('unit and API tests', process.execPath, [
  path.join(root, 'node_modules/vitest/vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
if (fs.existsSync(vitestReport)) {
  const report = JSON.parse(fs.readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that failed to load has no tests in the counts: count it as a failure.
  failed += report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
} else {
  failed += 1;
}
if (!vitestOk && failed === 0) failed += 1;

const e2eReport = path.join(tmp, 'playwright-report.json');
fs.rmSync(e2eReport, { force: true });
const e2eOk = run('browser tests', process.execPath, [path.join(root, 'scripts/e2e.mjs')]);
if (fs.existsSync(e2eReport)) {
  const { stats } = JSON.parse(fs.readFileSync(e2eReport, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  // A run that failed before or around its tests (the store did not start, the port was taken) reports no
  // failed test: count it, so the closing line never says 0 failed for a red run.
  if (!e2eOk && stats.unexpected === 0) failed += 1;
} else if (!e2eOk) failed += 1;

// The cluster check (npm run test:cluster: PostgreSQL with a streaming replica, Redis, 3 instances behind
// nginx, a browser journey) runs with TEST_CLUSTER=on when Debian's nginx and PostgreSQL are installed
// (.ci/run installs them and sets TEST_CLUSTER=on). About 3 minutes on 2 shared cores (decision 0040), so a
// developer's `npm test` skips it unless asked.
// It counts one test per check; CLUSTER_PORT moves its ports (PORT to PORT+12) off the default 3260.
const hasNginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].some((file) => fs.existsSync(file));
const hasPostgres = fs.existsSync('/usr/lib/postgresql');
const clusterOn = process.env.TEST_CLUSTER === 'on';
if (clusterOn && hasNginx && hasPostgres) {
  console.log('\n=== cluster checks (nginx, 3 instances, a replica) ===');
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts/cluster-check.ts'), '--port', process.env.CLUSTER_PORT ?? '3260'],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
  );
  process.stdout.write(result.stdout ?? '');
  const counts = /cluster: (\d+) passed, (\d+) failed/.exec(result.stdout ?? '');
  if (counts) {
    passed += Number(counts[1]);
    failed += Number(counts[2]);
  }
  if (result.status !== 0 && (!counts || Number(counts[2]) === 0)) failed += 1;
}

// Suites that need a server run only when it is given: say so, so a skip is never silent.
if (!process.env.TEST_REDIS_URL)
  console.log('\nnote: Redis cache tests skipped (set TEST_REDIS_URL=redis://127.0.0.1:6379 to run them)');
if (!process.env.TEST_DATABASE_URL)
  console.log('note: API tests on PostgreSQL skipped (set TEST_DATABASE_URL=postgres://… to run them)');
if (!clusterOn || !hasNginx || !hasPostgres)
  console.log(
    'note: cluster checks skipped (TEST_CLUSTER=on with nginx and postgresql installed runs npm run test:cluster)',
  );
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
