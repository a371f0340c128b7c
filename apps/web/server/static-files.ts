// Static files of the client build. Hashed files under /assets are cached for a year.
import fs from 'node:fs';
import path from 'node:path';
import type { Context } from 'hono';

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

export function serveClientFiles(root: string) {
  const absoluteRoot = path.resolve(root);
  return async (c: Context, next: () => Promise<void>) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return next();
    }
    const file = path.join(absoluteRoot, pathname);
    if (!file.startsWith(absoluteRoot + path.sep)) return next();
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
    } catch {
      return next();
    }
    if (!stat.isFile()) return next();
    const immutable = pathname.startsWith('/assets/');
    const headers = {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': String(stat.size),
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    };
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(await fs.promises.readFile(file)), 200, headers);
  };
}
