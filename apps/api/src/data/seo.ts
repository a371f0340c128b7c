// All SQL about SEO records and redirects.
import { eq } from 'drizzle-orm';
import { schema, type Database } from '@store/db';
import { cachedReference } from '../reference-data.ts';

const { seoRecords, redirects } = schema;

export function retrieveRedirect(db: Database, path: string) {
  return cachedReference(db, `redirect:${path}`, () => readRedirect(db, path));
}

async function readRedirect(db: Database, path: string) {
  const [row] = await db
    .select({ url: redirects.toUrl, code: redirects.code })
    .from(redirects)
    .where(eq(redirects.fromPath, path))
    .limit(1);
  return row ?? null;
}

export function retrieveSeoRecord(db: Database, path: string) {
  return cachedReference(db, `seo:${path}`, () => readSeoRecord(db, path));
}

async function readSeoRecord(db: Database, path: string) {
  const [row] = await db
    .select({
      title: seoRecords.title,
      description: seoRecords.description,
      h1: seoRecords.h1,
      canonical: seoRecords.canonical,
      text: seoRecords.text,
    })
    .from(seoRecords)
    .where(eq(seoRecords.path, path))
    .limit(1);
  return row ?? null;
}
