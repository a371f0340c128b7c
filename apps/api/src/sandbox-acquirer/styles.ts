// The sandbox acquirer's own look: a neutral bank-like page, with a striped banner so nobody takes
// it for a real payment page. Inline in each page (the acquirer has no static files). The sandbox
// business bank (decision 0047) wears the same look with its own banner.
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export type SandboxHtml = HtmlEscapedString | Promise<HtmlEscapedString>;

/** A whole sandbox page: the striped banner says which test site it is. */
export function sandboxDocument(
  page: { title: string; site: string; note: string; extraStyles?: string },
  body: SandboxHtml,
) {
  return html`<!doctype html>
    <html lang="ru">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${page.title} — ${page.site}</title>
        <style>
          ${raw(SANDBOX_STYLES + (page.extraStyles ?? ''))}
        </style>
      </head>
      <body>
        <header class="sbx-banner">
          <strong>${page.site}</strong>
          <span>${page.note}</span>
        </header>
        <main class="sbx-main" id="main">${body}</main>
      </body>
    </html>`;
}

export const SANDBOX_STYLES = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2329;background:#f2f4f7}
.sbx-banner{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:baseline;padding:10px 16px;color:#3d2c00;
  background:repeating-linear-gradient(135deg,#ffd84d 0 16px,#ffe27a 16px 32px);border-bottom:2px solid #b38600}
.sbx-banner strong{font-size:17px}
.sbx-main{max-width:560px;margin:24px auto;padding:24px 20px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:24px;margin:0 0 16px}
h2{font-size:18px;margin:24px 0 8px}
.sbx-summary{margin:0 0 20px;padding:12px 16px;background:#f7f8fa;border-radius:8px}
.sbx-summary div{display:flex;justify-content:space-between;gap:12px;padding:2px 0}
.sbx-summary dt{color:#545b66}
.sbx-summary dd{margin:0;text-align:right}
.sbx-amount{font-size:20px;font-weight:700}
.sbx-form{display:grid;gap:14px}
.sbx-row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.sbx-field{display:grid;gap:4px}
.sbx-field label{font-weight:600}
.sbx-field input{font:inherit;padding:10px 12px;border:1px solid #8a929e;border-radius:8px;min-height:44px;width:100%}
.sbx-field input:focus{outline:3px solid #2a6fdb;outline-offset:1px}
.sbx-field input[aria-invalid="true"]{border-color:#c0182b}
.sbx-hint{color:#545b66;font-size:14px}
.sbx-error{color:#b00020;font-size:14px}
.sbx-alert{padding:10px 14px;border-radius:8px;background:#fdecee;color:#8a0016;font-weight:600}
.sbx-button{font:inherit;font-weight:700;min-height:48px;padding:10px 20px;border:0;border-radius:8px;color:#fff;background:#1d5fcc;cursor:pointer}
.sbx-button:hover{background:#174ea8}
.sbx-button:focus-visible{outline:3px solid #0b2e66;outline-offset:2px}
.sbx-button-secondary{color:#1f2329;background:#e4e7ec}
.sbx-button-secondary:hover{background:#d3d7de}
.sbx-actions{display:flex;flex-wrap:wrap;gap:12px}
.sbx-cards table{width:100%;border-collapse:collapse;font-size:15px}
.sbx-cards th,.sbx-cards td{text-align:left;padding:6px 8px;border-bottom:1px solid #e4e7ec}
.sbx-cards td code{white-space:nowrap;word-break:normal}
.sbx-link{color:#1d5fcc}
.sbx-sbp{display:grid;grid-template-columns:200px 1fr;gap:16px;align-items:start}
.sbx-qr{width:200px;height:200px;border:1px solid #e4e7ec;border-radius:8px}
code{font-family:ui-monospace,Menlo,Consolas,monospace;word-break:break-all}
@media (max-width:480px){.sbx-main{margin:0;border-radius:0}.sbx-sbp{grid-template-columns:1fr}.sbx-qr{margin:0 auto}}
`;
