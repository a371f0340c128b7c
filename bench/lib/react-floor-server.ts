// The fastest React server of a page's exact markup, for `npm run bench:render -- --floor` (decision 0087).
// `node --import tsx bench/lib/react-floor-server.ts PORT FILES_JSON`: FILES_JSON maps a path (`/home`) to an
// HTML file the store rendered. Each file is parsed once, at start, into a tree of React host elements (no
// components, no hooks, no router, no data, no loader JSON to encode: the scripts' text is kept as it is), and
// every request renders that tree with `renderToPipeableStream` straight into the node response. Whatever the
// store does for a page, React does at least this much for it, so this server's throughput is a ceiling for a
// React-rendered store of these pages.
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { parseDocument } from 'htmlparser2';

// React is loaded without its types: @types/react declares empty stand-ins for the DOM's element interfaces
// when no DOM library is loaded, and in the root project (no DOM library) they would replace the element
// types Playwright's `evaluate` callbacks in e2e/ are checked against. Only these two functions are used.
type ReactNode = unknown;
const require = createRequire(import.meta.url);
const { createElement } = require('react') as {
  createElement: (type: string, props: Record<string, unknown> | null, ...children: ReactNode[]) => ReactNode;
};
const { renderToPipeableStream } = require('react-dom/server') as {
  renderToPipeableStream: (
    node: ReactNode,
    options: { onShellReady: () => void; onShellError: (error: unknown) => void },
  ) => { pipe: (destination: NodeJS.WritableStream) => void };
};

if (process.env.NODE_ENV !== 'production')
  throw new Error('run with NODE_ENV=production: React measures its dev build otherwise');

interface Node {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: Node[];
}

/** HTML attribute names React spells otherwise; every other name (aria-*, data-*, SVG's) is passed as written. */
const reactNames: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  minlength: 'minLength',
  srcset: 'srcSet',
  fetchpriority: 'fetchPriority',
  crossorigin: 'crossOrigin',
  autocomplete: 'autoComplete',
  inputmode: 'inputMode',
  enterkeyhint: 'enterKeyHint',
  'http-equiv': 'httpEquiv',
  charset: 'charSet',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  datetime: 'dateTime',
  novalidate: 'noValidate',
  autofocus: 'autoFocus',
  referrerpolicy: 'referrerPolicy',
  imagesizes: 'imageSizes',
  imagesrcset: 'imageSrcSet',
  enctype: 'encType',
  formaction: 'formAction',
  accesskey: 'accessKey',
  spellcheck: 'spellCheck',
  'accept-charset': 'acceptCharset',
  'stroke-width': 'strokeWidth',
  'stroke-linecap': 'strokeLinecap',
  'stroke-linejoin': 'strokeLinejoin',
  'fill-rule': 'fillRule',
  'clip-rule': 'clipRule',
  'xlink:href': 'xlinkHref',
  'xml:space': 'xmlSpace',
  'xmlns:xlink': 'xmlnsXlink',
};
const booleans = new Set([
  'hidden',
  'disabled',
  'checked',
  'selected',
  'required',
  'multiple',
  'open',
  'async',
  'defer',
  'nomodule',
  'readOnly',
  'noValidate',
  'autoFocus',
]);

function style(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of text.split(';')) {
    const colon = rule.indexOf(':');
    if (colon < 0) continue;
    const name = rule.slice(0, colon).trim();
    const key = name.startsWith('--') ? name : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    out[key] = rule.slice(colon + 1).trim();
  }
  return out;
}

function props(attribs: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [raw, value] of Object.entries(attribs)) {
    const name = reactNames[raw] ?? raw;
    if (name === 'style') out.style = style(value);
    else if (booleans.has(name)) out[name] = true;
    // An uncontrolled field keeps its value and its check as the store's page has them.
    else if (name === 'value') out.defaultValue = value;
    else out[name] = value;
  }
  if (out.checked) {
    delete out.checked;
    out.defaultChecked = true;
  }
  return out;
}

/** The React element for one parsed node (null for comments, the doctype and React's own text separators). */
function element(node: Node, key: number): ReactNode {
  if (node.type === 'text') return node.data ?? '';
  if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') return null;
  const p = props(node.attribs ?? {});
  p.key = key;
  const children = node.children ?? [];
  if (node.type === 'script' || node.type === 'style') {
    const text = children.map((c) => c.data ?? '').join('');
    if (text) p.dangerouslySetInnerHTML = { __html: text };
    return createElement(node.name!, p);
  }
  // <option selected> is written by React from its <select>'s value; a textarea's text is its value.
  if (node.name === 'option' && p.selected) delete p.selected;
  if (node.name === 'textarea')
    return createElement('textarea', { ...p, defaultValue: children.map((c) => c.data ?? '').join('') });
  return createElement(node.name!, p, ...children.map(element));
}

/** The page's <html> element as React host elements. */
function treeOf(html: string): ReactNode {
  const document = parseDocument(html, { lowerCaseTags: false, lowerCaseAttributeNames: false }) as unknown as Node;
  const root = document.children!.find((c) => c.type === 'tag' && c.name === 'html');
  if (!root) throw new Error('no <html> element');
  return element(root, 0);
}

const [port, filesJson] = process.argv.slice(2);
if (!port || !filesJson) throw new Error('usage: react-floor-server.ts PORT FILES_JSON');
{
  const files = JSON.parse(filesJson) as Record<string, string>;
  const trees = new Map(Object.entries(files).map(([route, file]) => [route, treeOf(fs.readFileSync(file, 'utf8'))]));
  http
    .createServer((request, response) => {
      const tree = trees.get(request.url ?? '');
      if (!tree) {
        response.writeHead(404).end();
        return;
      }
      const { pipe } = renderToPipeableStream(tree, {
        onShellReady() {
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          pipe(response);
        },
        onShellError() {
          response.writeHead(500).end();
        },
      });
    })
    .listen(Number(port), '127.0.0.1');
}
