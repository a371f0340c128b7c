// The content import (npm run content:import -- <folder>; issue 14): every Markdown file of a folder
// (and its subfolders) with YAML front matter becomes an article, a /prm page or a /promo page.
// Everything is checked first — front matter fields with zod, brand, category, tag, review tag and
// action codes against the database — and each problem names its file and field; only a folder
// without problems is written, in one transaction, upserting by slug.
import fs from 'node:fs';
import path from 'node:path';
import { z } from '@hono/zod-openapi';
import { parse as parseYaml } from 'yaml';
import type { DatabaseHandle } from '@store/db';
import { resolveImportCodes, upsertArticle, upsertPromoPage, type ArticleUpsert } from '../data/content.ts';
import { PromoBlockInputSchema } from '../schemas/content.ts';
import { markdownToHtml, sanitizeContentHtml } from './html.ts';

const slug = z.string().regex(/^[a-z0-9-]{1,120}$/, 'латинские строчные буквы, цифры и дефис');
const code = z.string().regex(/^[a-z0-9_.&-]{1,64}$/, 'код из латинских строчных букв, цифр, _ . & -');
const date = z.union([z.date(), z.string()]).transform((value, ctx) => {
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(time)) {
    ctx.addIssue({ code: 'custom', message: 'дата в виде 2026-12-01 или 2026-12-01T10:00:00+03:00' });
    return z.NEVER;
  }
  return new Date(time).toISOString();
});
const picture = z
  .string()
  .max(500)
  .refine((v) => /^\/(?!\/)/.test(v) || /^https:\/\//.test(v), 'путь от корня сайта или https://');

const articleBase = {
  slug,
  title: z.string().trim().min(1).max(200),
  preview: z.string().trim().max(1000).default(''),
  status: z.enum(['published', 'hidden']).default('published'),
  images: z
    .object({ listing: picture.optional(), detail: picture.optional(), preview: picture.optional() })
    .strict()
    .default({}),
};

export const FrontMatterSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('special_offer'),
      ...articleBase,
      active_from: date,
      active_to: date.optional(),
      channels: z.array(z.enum(['online', 'stores'])).min(1),
      product_tag: code,
      action_id: z.number().int().positive().optional(),
      brands: z.array(code).default([]),
      how_to_use: z.string().trim().min(1).max(2000),
      usage_condition: z.string().trim().min(1).max(2000),
    })
    .strict(),
  z.object({ type: z.enum(['news', 'press']), ...articleBase, date_published: date }).strict(),
  z
    .object({
      type: z.literal('review'),
      ...articleBase,
      date_published: date,
      brands: z.array(code).default([]),
      categories: z.array(code).default([]),
      tags: z.array(code).default([]),
      badges: z.array(z.enum(['text', 'video'])).min(1),
    })
    .strict(),
  z
    .object({
      type: z.literal('prm'),
      slug,
      title: z.string().trim().min(1).max(200),
      description: z.string().trim().max(500).default(''),
      image: picture.optional(),
      status: z.enum(['published', 'hidden']).default('published'),
    })
    .strict(),
  z
    .object({
      type: z.literal('promo'),
      slug,
      title: z.string().trim().min(1).max(200),
      description: z.string().trim().max(500).default(''),
      image: picture.optional(),
      status: z.enum(['published', 'hidden']).default('published'),
      blocks: z.array(PromoBlockInputSchema).min(1),
    })
    .strict(),
]);
export type FrontMatter = z.infer<typeof FrontMatterSchema>;

export interface ContentFile {
  file: string;
  front: FrontMatter;
  body: string;
}

/** One problem: the file (relative to the folder), the field (dotted path) and what is wrong. */
export interface ImportProblem {
  file: string;
  field: string;
  message: string;
}

export const formatProblem = (p: ImportProblem) => `${p.file}: ${p.field}: ${p.message}`;

/** Splits `---\nyaml\n---\nbody`; front matter is required. */
export function parseContentFile(file: string, text: string): { value: ContentFile } | { problems: ImportProblem[] } {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match)
    return { problems: [{ file, field: 'front matter', message: 'файл должен начинаться с блока --- … ---' }] };
  let data: unknown;
  try {
    data = parseYaml(match[1]!);
  } catch (error) {
    return {
      problems: [{ file, field: 'front matter', message: `не YAML: ${(error as Error).message.split('\n')[0]}` }],
    };
  }
  const parsed = FrontMatterSchema.safeParse(data);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map((issue) => ({
        file,
        field: issue.path.length > 0 ? issue.path.join('.') : 'type',
        message: issue.message,
      })),
    };
  }
  return { value: { file, front: parsed.data, body: match[2]!.trim() } };
}

function markdownFiles(dir: string, base = dir): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return markdownFiles(full, base);
      return entry.isFile() && /\.md$/i.test(entry.name) ? [path.relative(base, full)] : [];
    });
}

export interface ImportResult {
  problems: ImportProblem[];
  articles: number;
  pages: number;
}

export async function importContentFolder(handle: DatabaseHandle, folder: string): Promise<ImportResult> {
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory())
    return { problems: [{ file: folder, field: 'folder', message: 'папка не найдена' }], articles: 0, pages: 0 };
  const problems: ImportProblem[] = [];
  const files: ContentFile[] = [];
  const names = markdownFiles(folder);
  if (names.length === 0) problems.push({ file: folder, field: 'folder', message: 'в папке нет файлов .md' });
  for (const name of names) {
    const result = parseContentFile(name, fs.readFileSync(path.join(folder, name), 'utf8'));
    if ('problems' in result) problems.push(...result.problems);
    else files.push(result.value);
  }
  const seen = new Map<string, string>();
  for (const f of files) {
    const key = `${f.front.type === 'prm' || f.front.type === 'promo' ? 'page' : 'article'}:${f.front.slug}`;
    const other = seen.get(key);
    if (other) problems.push({ file: f.file, field: 'slug', message: `такой же slug уже в файле ${other}` });
    else seen.set(key, f.file);
  }

  // Codes the files name must exist in the store.
  const list = (pick: (f: FrontMatter) => string[] | undefined) => [
    ...new Set(files.flatMap((f) => pick(f.front) ?? [])),
  ];
  const codes = await resolveImportCodes(handle, {
    tags: list((f) => (f.type === 'special_offer' ? [f.product_tag] : [])),
    brands: list((f) => (f.type === 'special_offer' || f.type === 'review' ? f.brands : [])),
    categories: list((f) => (f.type === 'review' ? f.categories : [])),
    reviewTags: list((f) => (f.type === 'review' ? f.tags : [])),
    actions: files.flatMap((f) => (f.front.type === 'special_offer' && f.front.action_id ? [f.front.action_id] : [])),
  });
  const missing = (file: string, field: string, values: string[], known: Map<string, number>, what: string) =>
    values.forEach((value, i) => {
      if (!known.has(value)) problems.push({ file, field: `${field}.${i}`, message: `${what} «${value}» не найден` });
    });
  for (const { file, front } of files) {
    if (front.type === 'special_offer') {
      if (!codes.tags.has(front.product_tag))
        problems.push({ file, field: 'product_tag', message: `тег «${front.product_tag}» не найден` });
      if (front.action_id && !codes.actions.has(front.action_id))
        problems.push({ file, field: 'action_id', message: `акция ${front.action_id} не найдена` });
      if (front.active_to && front.active_to <= front.active_from)
        problems.push({ file, field: 'active_to', message: 'окончание должно быть позже начала' });
      missing(file, 'brands', front.brands, codes.brands, 'бренд');
    }
    if (front.type === 'review') {
      missing(file, 'brands', front.brands, codes.brands, 'бренд');
      missing(file, 'categories', front.categories, codes.categories, 'категория');
      missing(file, 'tags', front.tags, codes.reviewTags, 'тег обзоров');
    }
    if (front.type !== 'promo' && front.type !== 'prm' && files.find((f) => f.file === file)!.body === '')
      problems.push({ file, field: 'text', message: 'под блоком --- нужен текст статьи' });
  }
  if (problems.length > 0) return { problems, articles: 0, pages: 0 };

  let articles = 0;
  let pages = 0;
  await handle.transaction(async (tx) => {
    for (const { front, body } of files) {
      const status = front.status === 'published' ? 1 : 0;
      if (front.type === 'prm' || front.type === 'promo') {
        await upsertPromoPage(tx, {
          slug: front.slug,
          kind: front.type === 'prm' ? 'static' : 'constructor',
          title: front.title,
          description: front.description,
          image: front.image ?? null,
          body_html: front.type === 'prm' ? markdownToHtml(body) : '',
          blocks:
            front.type === 'promo'
              ? [
                  ...front.blocks.map((b) => (b.type === 'text' ? { ...b, html: sanitizeContentHtml(b.html) } : b)),
                  ...(body ? [{ type: 'text', html: markdownToHtml(body) }] : []),
                ]
              : [],
          status,
        });
        pages += 1;
        continue;
      }
      const html = markdownToHtml(body);
      const base: ArticleUpsert = {
        type: front.type,
        slug: front.slug,
        title: front.title,
        preview_text: front.preview,
        detail_text: html,
        listing_image: front.images.listing ?? null,
        detail_image: front.images.detail ?? null,
        preview_image: front.images.preview ?? null,
        active_from: front.type === 'special_offer' ? front.active_from : front.date_published,
        active_to: front.type === 'special_offer' ? (front.active_to ?? null) : null,
        date_published: front.type === 'special_offer' ? front.active_from : front.date_published,
        channels: front.type === 'special_offer' ? front.channels : [],
        product_tag: front.type === 'special_offer' ? front.product_tag : null,
        action_id: front.type === 'special_offer' ? (front.action_id ?? null) : null,
        brands: front.type === 'special_offer' || front.type === 'review' ? front.brands : [],
        categories: front.type === 'review' ? front.categories : [],
        review_tags: front.type === 'review' ? front.tags : [],
        badges: front.type === 'review' ? front.badges : [],
        how_to_use: front.type === 'special_offer' ? front.how_to_use : null,
        usage_condition: front.type === 'special_offer' ? front.usage_condition : null,
        status,
      };
      await upsertArticle(tx, base, {
        tag: base.product_tag ? codes.tags.get(base.product_tag)! : null,
        brands: base.brands.map((b) => codes.brands.get(b)!),
        categories: base.categories.map((c) => codes.categories.get(c)!),
        reviewTags: base.review_tags.map((t) => codes.reviewTags.get(t)!),
      });
      articles += 1;
    }
  });
  return { problems: [], articles, pages };
}
