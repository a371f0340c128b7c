// The answer of an instance too busy to render a page in time (decision 0082): 503 with Retry-After, so
// nginx (proxy_next_upstream http_503, GET and HEAD only) asks another instance; nobody sees this page
// unless every instance is that busy. The error page's words for people (ServerErrorPage, status ≥ 500),
// written without React, since React is what did not get its turn or did not finish.

import { HOME_LINK_TEXT, SERVER_FAULT_TEXT, SERVER_FAULT_TITLE } from './server-fault.ts';

/** Seconds a visitor (or a crawler) is asked to wait before asking again. */
export const TOO_BUSY_RETRY_AFTER_S = 5;

export const TOO_BUSY_HTML =
  '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  `<title>${SERVER_FAULT_TITLE}</title></head><body style="font-family:system-ui,sans-serif;padding:32px">` +
  `<main><h1>${SERVER_FAULT_TITLE}</h1><p>${SERVER_FAULT_TEXT}</p>` +
  `<p><a href="/">${HOME_LINK_TEXT}</a></p></main></body></html>`;

/** Never stored: the page cache keeps 200s only, and no-store keeps browsers and proxies from it. */
export function tooBusyResponse(): Response {
  return new Response(TOO_BUSY_HTML, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(TOO_BUSY_RETRY_AFTER_S),
    },
  });
}
