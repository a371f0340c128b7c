// A self-contained API reference page: it reads /api/openapi.json in the browser, no outside scripts.
// Its script is a file of our own origin (/api/docs.js), so the Content-Security-Policy allows it
// without a nonce (decision 0012).
export function docsPage(specUrl: string): string {
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>API — Мультицентр</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f6f7f9}
main{max-width:960px;margin:0 auto;padding:24px}
h1{font-size:24px}.op{background:#fff;border:1px solid #e3e5e8;border-radius:8px;margin:12px 0;padding:12px 16px}
.m{display:inline-block;min-width:56px;font-weight:700;color:#fff;border-radius:4px;padding:1px 6px;margin-right:8px;text-align:center}
.get{background:#1f7a3f}.post{background:#0b5cad}.put{background:#8a5a00}.delete{background:#b3261e}
code{font:13px ui-monospace,monospace}table{border-collapse:collapse;margin-top:8px}td,th{border-top:1px solid #eee;padding:4px 8px;text-align:left;font-size:13px}
</style></head><body><main><h1>API интернет-магазина</h1><p>Спецификация: <a href="${specUrl}">${specUrl}</a></p><div id="ops">Загрузка…</div></main>
<script type="module" src="/api/docs.js"></script></body></html>`;
}

/** The docs page's script: it draws every operation of the spec. */
export function docsScript(specUrl: string): string {
  return `const spec = await (await fetch(${JSON.stringify(specUrl)})).json();
const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (ch) => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[ch]));
const out = [];
for (const [path, ops] of Object.entries(spec.paths)) for (const [method, op] of Object.entries(ops)) {
  const params = (op.parameters ?? []).map((p) => '<tr><td><code>' + esc(p.name) + '</code></td><td>' + esc(p.in) + '</td><td>' + (p.required ? 'обязательный' : '') + '</td></tr>').join('');
  out.push('<section class="op"><span class="m ' + method + '">' + method.toUpperCase() + '</span><code>' + esc(path) + '</code><p>' + esc(op.summary) + '</p>' + (params ? '<table>' + params + '</table>' : '') + '</section>');
}
document.getElementById('ops').innerHTML = out.join('');
`;
}
