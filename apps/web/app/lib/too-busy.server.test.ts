import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_FAULT_TITLE } from './server-fault.ts';
import { TOO_BUSY_HTML, TOO_BUSY_RETRY_AFTER_S, tooBusyResponse } from './too-busy.server.ts';

const nginxPage = path.resolve(import.meta.dirname, '../../../../deploy/nginx/error-pages/store-unavailable.html');

describe('the answer of an instance too busy to render', () => {
  it('is a 503 with Retry-After, never stored, with the error page for people', async () => {
    const response = tooBusyResponse();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe(String(TOO_BUSY_RETRY_AFTER_S));
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain(`<h1>${SERVER_FAULT_TITLE}</h1>`);
  });

  it('is the page nginx answers itself when no instance could (deploy/nginx, error_page 502 504)', () => {
    // The file is a copy: regenerate it from TOO_BUSY_HTML when the words change (decision 0085).
    expect(fs.readFileSync(nginxPage, 'utf8')).toBe(`${TOO_BUSY_HTML}\n`);
  });
});
