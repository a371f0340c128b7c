// The content import: the example folder (content/example) lands as articles and a promo page the
// API answers, a second run updates by slug, and a folder with mistakes names each file and field
// and writes nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, PromoPage } from '../schemas/content.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { formatProblem, importContentFolder, parseContentFile } from './import.ts';

const example = path.resolve(import.meta.dirname, '../../../../content/example');
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('content import', () => {
  it('imports the example folder: an offer, a news item, a review and a constructor page', async () => {
    const result = await importContentFolder(h.handle, example);
    expect(result).toEqual({ problems: [], articles: 3, pages: 1 });
    const offer = await h.json<Article>('/api/v2/articles/slug/robot-pylesos-so-stanciey');
    expect(offer.body).toMatchObject({ type: 'special_offer', channels: ['online', 'stores'] });
    expect(offer.body.product_tag?.alias).toBe('akciya-roboty-pylesosy');
    expect(offer.body.detail_text).toContain('<strong>выгружает мусор</strong>');
    expect(offer.body.detail_text).toContain('<a href="/catalog/tag/akciya-roboty-pylesosy">');
    expect(offer.body.listing_image).toBe(`/img/content/listing/${offer.body.id}.svg`);
    const review = await h.json<Article[]>('/api/v2/articles/reviews?brand=delonghi&tag_type=tema&tag_code=obzor');
    expect(review.body.map((r) => r.slug)).toContain('obzor-kofemashiny-delonghi');
    const promo = await h.json<PromoPage>('/api/v2/promo/pages/zimnyaya-rasprodazha?kind=constructor');
    expect(promo.body.blocks.map((b) => b.type)).toEqual(['banner', 'countdown', 'products', 'offers', 'faq', 'text']);
    expect((await h.json('/api/v3/seo?url=/promo/zimnyaya-rasprodazha')).status).toBe(200);

    const again = await importContentFolder(h.handle, example);
    expect(again.articles).toBe(3);
    const [count] = await h.handle.query<{ n: number }>(
      `select count(*)::int as n from articles where slug = 'robot-pylesos-so-stanciey'`,
    );
    expect(count!.n).toBe(1);
  });

  it('names the file and field of every mistake and writes nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-import-'));
    fs.writeFileSync(
      path.join(dir, 'bad-offer.md'),
      '---\ntype: special_offer\nslug: Плохой\ntitle: Акция\nactive_from: вчера\nchannels: [post]\nproduct_tag: net-takogo\nbrands: [samsung, no-brand]\nhow_to_use: Так\nusage_condition: Так\n---\nТекст\n',
    );
    fs.writeFileSync(path.join(dir, 'no-front.md'), 'Просто текст\n');
    fs.writeFileSync(
      path.join(dir, 'review.md'),
      '---\ntype: review\nslug: obzor-x\ntitle: Обзор\ndate_published: 2026-11-01\nbrands: [no-brand]\nbadges: [text]\n---\nТекст\n',
    );
    const result = await importContentFolder(h.handle, dir);
    const lines = result.problems.map(formatProblem);
    expect(lines).toContain('bad-offer.md: slug: латинские строчные буквы, цифры и дефис');
    expect(lines).toContain('bad-offer.md: active_from: дата в виде 2026-12-01 или 2026-12-01T10:00:00+03:00');
    expect(lines.some((l) => l.startsWith('bad-offer.md: channels.0: '))).toBe(true);
    expect(lines).toContain('no-front.md: front matter: файл должен начинаться с блока --- … ---');
    expect(lines).toContain('review.md: brands.0: бренд «no-brand» не найден');
    expect(result.articles).toBe(0);
    expect((await h.json('/api/v2/articles/slug/obzor-x')).status).toBe(404);
  });

  it('reports an unknown tag and a bad promo block by field', () => {
    const bad = parseContentFile(
      'promo.md',
      '---\ntype: promo\nslug: p\ntitle: П\nblocks:\n  - type: countdown\n    title: Скоро\n---\n',
    );
    expect('problems' in bad && bad.problems.map(formatProblem)).toEqual([
      expect.stringMatching(/^promo\.md: blocks\.0\.ends_at: /),
    ]);
  });
});
