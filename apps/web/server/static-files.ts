// Static files of the client build. Hashed files under /assets are cached for a year; the others
// (favicon…) for an hour, with an ETag so a browser revalidates them with a 304. A text file is sent
// as its `.br` or `.gz` copy, written at build time (server/precompress.ts, decision 0015), when the
// browser accepts it.
import fs from 'node:fs';
import path from 'node:path';
import type { Context } from 'hono';
import { negotiateEncoding, varyOnEncoding, type ContentEncoding } from './compression.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const SHORT_CACHE = 'public, max-age=3600';

const SUFFIX: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

async function statFile(file: string): Promise<fs.Stats | null> {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

/** An ETag from the file's size and modification time (the build rewrites both). */
const etagOf = (stat: fs.Stats) => `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}

/** Every file under `dir` (absolute paths); none when it does not exist. */
function filesUnder(dir: string, into = new Set<string>()): Set<string> {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return into;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, into);
    else into.add(full);
  }
  return into;
}

export function serveClientFiles(root: string) {
  const absoluteRoot = path.resolve(root);
  // The build's files, listed once: the build directory does not change while the server runs, and a
  // page's address is no file, so a page request no longer waits on a stat() (1.7 % of a render's CPU
  // with the page cache off, decision 0054).
  const files = filesUnder(absoluteRoot);
  /** Which compressed copies a file has: the build directory does not change while the server runs. */
  const copies = new Map<string, ContentEncoding[]>();
  const copiesOf = async (file: string): Promise<ContentEncoding[]> => {
    const known = copies.get(file);
    if (known) return known;
    const found: ContentEncoding[] = [];
    for (const encoding of ['br', 'gzip'] as const) if (await statFile(file + SUFFIX[encoding])) found.push(encoding);
    copies.set(file, found);
    return found;
  };

  return async (c: Context, next: () => Promise<void>) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return next();
    }
    const file = path.join(absoluteRoot, pathname);
    if (!file.startsWith(absoluteRoot + path.sep) || !files.has(file)) return next();
    const stat = await statFile(file);
    if (!stat) return next();

    const immutable = pathname.startsWith('/assets/');
    const headers = new Headers({
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? IMMUTABLE : SHORT_CACHE,
    });
    const available = await copiesOf(file);
    if (available.length > 0) varyOnEncoding(headers);
    if (!immutable) {
      const etag = etagOf(stat);
      headers.set('etag', etag);
      if (matchesEtag(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers });
    }

    const encoding = negotiateEncoding(c.req.header('accept-encoding'), available);
    let sent = file;
    let size = stat.size;
    if (encoding) {
      sent = file + SUFFIX[encoding];
      const copy = await statFile(sent);
      if (copy) {
        headers.set('content-encoding', encoding);
        size = copy.size;
      } else sent = file;
    }
    headers.set('content-length', String(size));
    if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
    return new Response(new Uint8Array(await fs.promises.readFile(sent)), { status: 200, headers });
  };
}
