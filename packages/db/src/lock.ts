// PGlite has no lock between processes: two of them on one directory silently lose writes.
// We hold an exclusive lock file next to the data and refuse a second process. The file holds the pid and
// that process's start time («<pid> <start>»): after a reboot or a crash the same pid may belong to an
// unrelated process (a shell, an editor), which must not block the store (docs/decisions/0003).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Каталог данных ${dataDir} уже занят процессом ${pid}. Остановите его или укажите другой DATA_DIR. ` +
        `(The data directory is in use by process ${pid}; stop it or set another DATA_DIR.)`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When the process started, as a stable token: the start time in clock ticks since boot from /proc on
 * Linux, `ps -o lstart` elsewhere; undefined when neither can tell.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command name) may hold spaces and parentheses: count fields after its closing «)».
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19]; // field 22 of stat: starttime
  } catch {
    if (fs.existsSync('/proc/self/stat')) return undefined; // Linux, and the process is gone
  }
  try {
    const out = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', stdio: 'pipe' }).trim();
    return out || undefined;
  } catch {
    return undefined;
  }
}

/** The command line of a process, when the system tells it (Linux /proc, else `ps`). */
function processCommand(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    if (fs.existsSync('/proc/self/stat')) return undefined;
  }
  try {
    return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return undefined;
  }
}

/**
 * Whether the lock's content names a process that still runs and is the one that wrote it: the same pid
 * and the same start time. A lock with a pid only (written by an older store) counts when that pid is
 * a Node process.
 */
export function lockHolderAlive(content: string): number | undefined {
  const [pidText, start] = content.trim().split(/\s+/, 2);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return undefined;
  if (start !== undefined) {
    const now = processStartTime(pid);
    return now === undefined || now === start ? pid : undefined;
  }
  const command = processCommand(pid);
  return command === undefined || /\bnode\b|node(\.exe)?\s/.test(command) ? pid : undefined;
}

/** What this process writes into the lock file. */
function lockContent(): string {
  const start = processStartTime(process.pid);
  return start === undefined ? String(process.pid) : `${process.pid} ${start}`;
}

/** Takes the lock or throws DataDirLockedError. Returns a release function. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(path.resolve(dataDir), '..', `${path.basename(path.resolve(dataDir))}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      const content = lockContent();
      fs.writeSync(fd, content);
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === content) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolderAlive(fs.readFileSync(lockPath, 'utf8'));
      if (holder !== undefined) throw new DataDirLockedError(dataDir, holder);
      // A stale lock left by a process that died (or whose pid now names another program): take it over.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
