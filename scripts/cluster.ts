// `npm run cluster -- [--instances 2] [--port 3260] [--products 2000] [--dir .tmp/cluster] [--fresh] [--replica]`:
// a multi-instance store on one machine from Debian's packages (issue 19): its own PostgreSQL (initdb
// in DIR/pg), its own Redis, N store instances sharing AUTH_SECRET, PAYMENT_SANDBOX_SECRET and
// METRICS_TOKEN (kept in DIR/secrets.json), and nginx in front (deploy/nginx/store.conf). Ctrl+C or
// SIGTERM stops it all: nginx first, then each instance gracefully, Redis, PostgreSQL.
// `--replica`: a streaming replica of that PostgreSQL (pg_basebackup into DIR/pg-replica) for the
// instances' catalogue reads (DATABASE_READ_URL, decision 0040).
// Ports: nginx PORT, PostgreSQL PORT+1, Redis PORT+2, the replica PORT+3, instances PORT+10, PORT+11, …
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    port: { type: 'string', default: '3260' },
    products: { type: 'string', default: '2000' },
    dir: { type: 'string', default: '.tmp/cluster' },
    fresh: { type: 'boolean', default: false },
    replica: { type: 'boolean', default: false },
  },
});
const count = Number(values.instances);
const port = Number(values.port);
const dir = path.resolve(root, values.dir);
if (!Number.isInteger(count) || count < 1 || count > 16) throw new Error('--instances: 1 to 16');
const pgPort = port + 1;
const redisPort = port + 2;
const replicaPort = port + 3;
const instancePorts = Array.from({ length: count }, (_, i) => port + 10 + i);
const pgBin = (() => {
  const versions = fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
})();
const asRoot = process.getuid?.() === 0;

// A parent that reads our output may go first (a test run cut short): never die of EPIPE, stop cleanly.
process.stdout.on('error', () => {});
const log = (message: string) => console.log(`[cluster] ${message}`);
/** Runs a PostgreSQL tool as the postgres user when we are root (initdb refuses root). */
function pgTool(tool: string, args: string[]) {
  const command = asRoot ? 'runuser' : path.join(pgBin, tool);
  const full = asRoot ? ['-u', 'postgres', '--', path.join(pgBin, tool), ...args] : args;
  execFileSync(command, full, { stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitFor(url: string, child: ChildProcess | null, seconds: number) {
  for (let i = 0; i < seconds * 4; i++) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become ready in ${seconds} s`);
}

if (values.fresh) fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const secretsFile = path.join(dir, 'secrets.json');
if (!fs.existsSync(secretsFile)) {
  const secret = () => randomBytes(24).toString('base64url');
  fs.writeFileSync(
    secretsFile,
    JSON.stringify({ AUTH_SECRET: secret(), PAYMENT_SANDBOX_SECRET: secret(), METRICS_TOKEN: secret() }, null, 2),
    { mode: 0o600 },
  );
}
const secrets = JSON.parse(fs.readFileSync(secretsFile, 'utf8')) as Record<string, string>;

// PostgreSQL: a cluster of our own, trust on the loopback and its socket directory.
const pgData = path.join(dir, 'pg');
const pgSocket = path.join(dir, 'pg-socket');
if (!fs.existsSync(path.join(pgData, 'PG_VERSION'))) {
  fs.mkdirSync(pgData, { recursive: true });
  fs.mkdirSync(pgSocket, { recursive: true });
  if (asRoot) execFileSync('chown', ['postgres:postgres', pgData, pgSocket]);
  log('initdb');
  pgTool('initdb', ['-D', pgData, '-U', 'store', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
}
log(`PostgreSQL on 127.0.0.1:${pgPort}`);
pgTool('pg_ctl', [
  '-D',
  pgData,
  '-l',
  path.join(pgData, 'server.log'),
  '-w',
  '-o',
  `-p ${pgPort} -k ${pgSocket} -c listen_addresses=127.0.0.1 -c max_connections=200`,
  'start',
]);
const psql = (sql: string, db = 'postgres') =>
  execFileSync(path.join(pgBin, 'psql'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(pgPort),
    '-U',
    'store',
    '-d',
    db,
    '-Atqc',
    sql,
  ])
    .toString()
    .trim();
if (psql(`select 1 from pg_database where datname = 'store'`) !== '1') psql('create database store');
const databaseUrl = `postgres://store@127.0.0.1:${pgPort}/store`;

// The replica: a base backup of the running primary with `-R` (standby.signal and the connection to the
// primary), streaming its WAL from then on; initdb's trust rules allow replication from the loopback.
const replicaData = path.join(dir, 'pg-replica');
let readUrl: string | undefined;
if (values.replica) {
  if (!fs.existsSync(path.join(replicaData, 'PG_VERSION'))) {
    log('pg_basebackup (streaming replica)');
    fs.mkdirSync(replicaData, { recursive: true, mode: 0o700 });
    if (asRoot) execFileSync('chown', ['postgres:postgres', replicaData]);
    pgTool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(pgPort),
      '-U',
      'store',
      '-D',
      replicaData,
      '-R',
      '-X',
      'stream',
    ]);
  }
  log(`PostgreSQL replica on 127.0.0.1:${replicaPort}`);
  pgTool('pg_ctl', [
    '-D',
    replicaData,
    '-l',
    path.join(replicaData, 'server.log'),
    '-w',
    '-o',
    `-p ${replicaPort} -k ${pgSocket} -c listen_addresses=127.0.0.1 -c max_connections=200 -c hot_standby=on`,
    'start',
  ]);
  readUrl = `postgres://store@127.0.0.1:${replicaPort}/store`;
}

log(`Redis on 127.0.0.1:${redisPort}`);
execFileSync('redis-server', [
  '--port',
  String(redisPort),
  '--bind',
  '127.0.0.1',
  '--save',
  '',
  '--appendonly',
  'no',
  '--daemonize',
  'yes',
  '--pidfile',
  path.join(dir, 'redis.pid'),
  '--logfile',
  path.join(dir, 'redis.log'),
]);
const redisUrl = `redis://127.0.0.1:${redisPort}`;

const instances: ChildProcess[] = [];
function startInstance(instancePort: number) {
  const out = fs.openSync(path.join(dir, `instance-${instancePort}.log`), 'a');
  // INSTANCE_NODE_FLAGS: node flags for each instance, e.g. `--cpu-prof --cpu-prof-dir=.tmp/prof` (node
  // refuses --cpu-prof in NODE_OPTIONS); a profile is written when the instance stops.
  const flags = (process.env.INSTANCE_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      ...secrets,
      PORT: String(instancePort),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ...(readUrl ? { DATABASE_READ_URL: readUrl } : {}),
      REDIS_URL: redisUrl,
      TRUST_PROXY: 'on',
      SEED_PRODUCTS: values.products,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
    stdio: ['ignore', out, out],
  });
  instances.push(child);
  return child;
}

let nginx: ChildProcess | null = null;
let stopping = false;
async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  log('stopping');
  if (nginx && nginx.exitCode === null) {
    nginx.kill('SIGQUIT'); // graceful: finishes requests in flight
    await new Promise((resolve) => nginx!.once('exit', resolve));
  }
  await Promise.all(
    instances
      .filter((child) => child.exitCode === null && child.signalCode === null)
      .map((child) => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM')))),
  );
  try {
    process.kill(Number(fs.readFileSync(path.join(dir, 'redis.pid'), 'utf8')), 'SIGTERM');
  } catch {
    // already gone
  }
  for (const data of readUrl ? [replicaData, pgData] : [pgData]) {
    try {
      pgTool('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch {
      // already stopped
    }
  }
  log('stopped');
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  // The web app is built once here (each instance would otherwise build a stale one at the same time).
  execFileSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], {
    cwd: root,
    stdio: 'inherit',
  });
  // All instances start together: the first to take the start-up lock migrates and seeds an empty
  // database, the others wait for it and then find it ready (decision 0040).
  log(`${count} instances on ${instancePorts.join(', ')} (one migrates and seeds an empty database)`);
  const started = instancePorts.map((p) => ({ p, child: startInstance(p) }));
  for (const { p, child } of started) await waitFor(`http://127.0.0.1:${p}/api/health/ready`, child, 900);
  log(`${count} instances ready: ${instancePorts.join(', ')}`);

  const prefix = path.join(dir, 'nginx');
  fs.mkdirSync(prefix, { recursive: true });
  const upstreams = instancePorts.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`).join('\n');
  const conf = fs
    .readFileSync(path.join(root, 'deploy/nginx/store.conf'), 'utf8')
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{UPSTREAMS}}', upstreams)
    .replace('{{ERROR_PAGES}}', path.join(root, 'deploy/nginx/error-pages'))
    .replace('{{LISTEN}}', `127.0.0.1:${port}`);
  const confFile = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(confFile, conf);
  nginx = spawn('nginx', ['-p', prefix, '-c', confFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/api/health/ready`, nginx, 30);
  fs.writeFileSync(
    path.join(dir, 'cluster.json'),
    JSON.stringify(
      {
        url: `http://127.0.0.1:${port}`,
        instances: instancePorts,
        pids: instances.map((child) => child.pid),
        databaseUrl,
        readUrl: readUrl ?? null,
        redisUrl,
        pid: process.pid,
      },
      null,
      2,
    ),
  );
  console.log(
    `Кластер готов: http://127.0.0.1:${port} (${count} экз., PostgreSQL ${pgPort}${readUrl ? `, реплика ${replicaPort}` : ''}, Redis ${redisPort}). Ctrl+C — остановить.`,
  );
  nginx.once('exit', (code) => {
    if (!stopping) {
      log(`nginx exited (${code})`);
      void stopAll(1);
    }
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(1);
}
