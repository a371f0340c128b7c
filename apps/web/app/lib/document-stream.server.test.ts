import { createElement, Suspense, use } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FALLBACK_HTML, streamDocument } from './document-stream.server.ts';
import { TOO_BUSY_RETRY_AFTER_S } from './too-busy.server.ts';

// A loader's data that never comes (an instance too busy to answer in time): the render waits on it.
const never = new Promise<string>(() => {});
function Waiting() {
  return createElement('p', null, use(never));
}
function Broken(): never {
  throw new Error('the page could not render');
}

/** The error lines the render logged (the instance's log), instead of the test's console. */
function errorLog() {
  const lines: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => {
    lines.push(String(line));
  });
  return lines;
}

const options = { status: 200, headers: new Headers(), ready: 'onShellReady' as const, nonce: undefined };

describe('streamDocument', () => {
  it('answers 503 with Retry-After and the error page for people when the shell is not ready in time', async () => {
    const log = errorLog();
    const shell = createElement('html', null, createElement('body', null, createElement(Waiting)));
    const response = await streamDocument(shell, { ...options, headers: new Headers(), abortAfterMs: 50 });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe(String(TOO_BUSY_RETRY_AFTER_S));
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('lang="ru"');
    expect(html).toContain('<h1>Что-то пошло не так</h1>');
    expect(html).toContain('<a href="/">На главную</a>');
    expect(log).toEqual([JSON.stringify({ level: 'error', msg: 'document render timed out', ms: 50 })]);
  });

  it('keeps the head it already sent when a streamed part is not ready in time: the stream ends', async () => {
    const log = errorLog();
    const page = createElement(
      'html',
      null,
      createElement(
        'body',
        null,
        createElement('h1', null, 'Холодильник'),
        createElement(Suspense, { fallback: createElement('p', null, 'Загрузка') }, createElement(Waiting)),
      ),
    );
    const response = await streamDocument(page, { ...options, headers: new Headers(), abortAfterMs: 50 });
    expect(response.status).toBe(200);
    expect(response.headers.get('retry-after')).toBeNull();
    const html = await response.text();
    expect(html).toContain('<h1>Холодильник</h1>');
    expect(html).toContain('Загрузка');
    expect(log.map((line) => JSON.parse(line).msg)).toEqual(['streaming render error']);
  });

  it('answers 500 with the English fallback when the shell fails without timing out', async () => {
    const log = errorLog();
    const shell = createElement('html', null, createElement('body', null, createElement(Broken)));
    const response = await streamDocument(shell, { ...options, headers: new Headers(), abortAfterMs: 5_000 });
    expect(response.status).toBe(500);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(await response.text()).toBe(FALLBACK_HTML);
    expect(log.map((line) => JSON.parse(line).msg)).toEqual(['document render failed']);
  });
});
