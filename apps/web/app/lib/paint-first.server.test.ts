import { describe, expect, it } from 'vitest';
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL, PaintFirstRewriter, paintFirstScript } from './paint-first.server.ts';

// The shape React renders for React Router's <Scripts /> (preloads hoisted into <head>, the module script last).
const page =
  '<!DOCTYPE html><html lang="ru"><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/manifest-1.js" nonce=""/>' +
  '<link rel="modulepreload" href="/assets/entry.client-2.js" nonce=""/></head><body><main>Холодильник</main>' +
  '<script nonce="abc">window.__reactRouterContext = {"a":"rel=\\"modulepreload\\""};</script>' +
  '<script nonce="abc" type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>' +
  '<script nonce="abc">streamController.enqueue("type=\\"module\\" async=\\"\\"")</script>' +
  '<div>rel="modulepreload" after the module script</div></body></html>';

const expected = page
  .replace(
    'rel="modulepreload" href="/assets/manifest-1.js"',
    `rel="${INERT_PRELOAD_REL}" href="/assets/manifest-1.js"`,
  )
  .replace(
    'rel="modulepreload" href="/assets/entry.client-2.js"',
    `rel="${INERT_PRELOAD_REL}" href="/assets/entry.client-2.js"`,
  )
  .replace('type="module" async=""', `type="${INERT_MODULE_TYPE}" async=""`);

function rewrite(chunks: string[]) {
  const rewriter = new PaintFirstRewriter();
  return chunks.map((chunk) => rewriter.push(chunk)).join('') + rewriter.end();
}

describe('PaintFirstRewriter', () => {
  it('leaves the module preloads and the module script inert, and nothing after the module script', () => {
    const out = rewrite([page]);
    expect(out).toBe(expected);
    expect(out).not.toContain('rel="modulepreload" href');
    expect(out).toContain('<div>rel="modulepreload" after the module script</div>');
  });

  it('gives the same page whatever the chunk boundaries, across an attribute string too', () => {
    for (let size = 1; size <= 40; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < page.length; i += size) chunks.push(page.slice(i, i + size));
      expect(rewrite(chunks), `chunks of ${size}`).toBe(expected);
    }
  });

  it('holds back only a possible start of an attribute string', () => {
    const rewriter = new PaintFirstRewriter();
    expect(rewriter.push('<main>Холодильник</main>')).toBe('<main>Холодильник</main>');
    expect(rewriter.push('<link rel="modu')).toBe('<link ');
    expect(rewriter.push('lepreload" href="/x.js"/>')).toBe(`rel="${INERT_PRELOAD_REL}" href="/x.js"/>`);
    expect(rewriter.push('<p>type')).toBe('<p>');
    expect(rewriter.end()).toBe('type');
  });

  it('passes a page without React Router scripts through unchanged', () => {
    const plain = '<html><body><h1>Ошибка</h1><a href="/">На главную</a></body></html>';
    expect(rewrite([plain.slice(0, 10), plain.slice(10)])).toBe(plain);
  });
});

describe('paintFirstScript', () => {
  it('turns on exactly what the rewriter left inert', () => {
    const script = paintFirstScript();
    expect(script).toContain(`link[rel="${INERT_PRELOAD_REL}"]`);
    expect(script).toContain(`script[type="${INERT_MODULE_TYPE}"]`);
    expect(script).toContain('s.nonce=o.nonce');
    // It is valid JavaScript (the page's CSP nonce lets it run inline).
    expect(() => new Function(script)).not.toThrow();
  });
});
