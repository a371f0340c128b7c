// Every listing path the pager can draw reaches a route whose loader renders listings: the route
// patterns overlap (/catalog/brand/apple/page-2 has the shape of a product path), so the routes that
// can receive a listing path are exactly the ones that ask the domain's listingPageOf.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { listingPageOf } from '@store/domain';
import routes from './routes.ts';

interface ConfigEntry {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: ConfigEntry[];
}

const toObjects = (entries: ConfigEntry[]): RouteObject[] =>
  entries.map((e) =>
    e.index
      ? { index: true, id: e.file }
      : { path: e.path, id: e.file, children: e.children ? toObjects(e.children) : undefined },
  );

const table = toObjects(routes as ConfigEntry[]);
const appDir = path.dirname(new URL(import.meta.url).pathname);

/** The route files whose loaders run for a path (a layout and its matched child). */
function routeFilesOf(pathname: string): string[] {
  return (matchRoutes(table, pathname) ?? []).map((m) => m.route.id!);
}

const PAGER_PATHS = [
  '/catalog/smartfony/224/page-2',
  '/catalog/brand/apple/page-2',
  '/catalog/brand/lg/page-2',
  '/catalog/brand/apple/smartfony/224/page-2',
  '/catalog/tag/holodilniki-no-frost/page-2',
  '/catalog/tag/holodilniki-no-frost/holodilniki/401/page-2',
  '/catalog/smartfony/224/tag/novinki/page-2',
  '/catalog/smartfony/224/apple/iphone-15/page-2',
  '/catalog/smartfony/224/apple/iphone-15/pro/page-2',
  '/catalog/chehly/300/compatibility/apple/page-2',
  '/search/page-2',
  '/search/smartfony/224/page-2',
];

describe('the route table and the listing rule', () => {
  it.each(PAGER_PATHS)('%s reaches a route that renders listings', (pathname) => {
    expect(listingPageOf(pathname)).not.toBeNull();
    const files = routeFilesOf(pathname);
    expect(files.length).toBeGreaterThan(0);
    expect(files).not.toContain('routes/not-found.tsx');
    for (const file of files) {
      const source = readFileSync(path.join(appDir, file), 'utf8');
      expect(source, `${file} must decide with listingPageOf`).toContain('listingPageOf(');
    }
  });
});
