// Bytes on the wire per page type (issue 12 item 2): the HTML and the JavaScript and CSS each page
// loads, as sent for `Accept-Encoding: identity`, `gzip` and `br`, from a running store.
//   node --import tsx bench/wire.ts --url http://127.0.0.1:3000
// It prints figures only. The pages: home, a listing, a product (the first ones home links to).
import http from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { url: { type: 'string', default: 'http://127.0.0.1:3000' } } });
const base = values.url!.replace(/\/$/, '');
const ENCODINGS = ['identity', 'gzip', 'br'] as const;

/** Raw bytes of one answer (Node's fetch would decode them), with its Content-Encoding. */
function get(
  url: string,
  encoding: string,
): Promise<{ status: number; bytes: number; encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            bytes: body.byteLength,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            body,
          });
        });
      })
      .on('error', reject);
  });
}

/** The client files a page asks for in its HTML (module preloads, scripts, stylesheets). */
function assetsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) found.add(match[1]!);
  return [...found];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const home = (await get(`${base}/`, 'identity')).body.toString('utf8');
const listing = /href="(\/catalog\/[a-z0-9-]+\/\d+)"/.exec(home)?.[1];
const product = /href="(\/catalog\/[a-z0-9-]+\/\d+\/\d+)"/.exec(home)?.[1];
const pages: [string, string][] = [['home', '/']];
if (listing) pages.push(['listing', listing]);
if (product) pages.push(['product', product]);

console.log(`Bytes on the wire, ${base} (identity / gzip / br; the encoding actually sent in brackets)`);
for (const [name, path] of pages) {
  const row: string[] = [];
  const html = await Promise.all(ENCODINGS.map((e) => get(base + path, e)));
  row.push(`HTML ${html.map((r) => `${kb(r.bytes)} [${r.encoding}]`).join(' / ')}`);
  const assets = assetsOf(html[0]!.body.toString('utf8'));
  for (const kind of ['js', 'css'] as const) {
    const files = assets.filter((a) => a.endsWith(`.${kind}`));
    const sums = await Promise.all(
      ENCODINGS.map(async (e) => {
        const answers = await Promise.all(files.map((f) => get(base + f, e)));
        return answers.reduce((sum, r) => sum + r.bytes, 0);
      }),
    );
    row.push(`${kind.toUpperCase()} (${files.length} files) ${sums.map(kb).join(' / ')}`);
  }
  console.log(`${name.padEnd(8)} ${path}\n  ${row.join('\n  ')}`);
}
