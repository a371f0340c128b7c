// Schema-aware fuzzing of the whole API (issue 11 §2, docs/decisions/0011). From /api/openapi.json it
// builds one valid request per operation, checks the document's path reaches a route, then changes
// one field at a time to a hostile value (wrong type, huge, negative, 2³¹, NUL, lone surrogate, deep
// nesting, duplicate keys, __proto__, wrong content type). Any 5xx, hang or stack trace fails.
// Deterministic (seeded order) and bounded: every operation gets its valid call and at least one
// hostile call of each kind it has a place for, then more cases run until the time budget is spent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  nullable?: boolean;
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Wall-clock budget of the hostile phase (the valid calls come first and always run). */
const BUDGET_MS = 12_000;
/** One answer slower than this is a hang. */
const HANG_MS = 10_000;
const INT4_OVER = 2 ** 31;
const STACK_TRACE = /\n\s+at\s|\bat [\w.<>]+ \(|node_modules|\.ts:\d+:\d+/;

// A small seeded generator (mulberry32), so a failure reproduces.
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function resolver(doc: OpenApiDocument) {
  const resolve = (schema: Schema | undefined, depth = 0): Schema => {
    if (!schema || depth > 20) return {};
    if (schema.$ref) {
      const name = schema.$ref.replace('#/components/schemas/', '');
      return resolve(doc.components?.schemas?.[name], depth + 1);
    }
    if (schema.allOf?.length) {
      return schema.allOf.reduce<Schema>((merged, part) => {
        const r = resolve(part, depth + 1);
        return {
          ...merged,
          ...r,
          properties: { ...merged.properties, ...r.properties },
          required: [...(merged.required ?? []), ...(r.required ?? [])],
        };
      }, {});
    }
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives?.length) {
      const first = alternatives.find((a) => resolve(a, depth + 1).type !== 'null') ?? alternatives[0];
      return resolve(first, depth + 1);
    }
    return schema;
  };
  return resolve;
}

const typeOf = (schema: Schema) =>
  (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type) ?? 'string';

/** A value the schema accepts, as close to a real one as the schema tells. */
function validValue(schema: Schema, resolve: (s: Schema | undefined) => Schema, name: string, depth = 0): unknown {
  const s = resolve(schema);
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'integer':
    case 'number': {
      const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(1, low), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'array':
      return depth > 4 || !s.items ? [] : [validValue(s.items, resolve, name, depth + 1)];
    case 'object': {
      const object: Record<string, unknown> = {};
      if (depth > 4) return object;
      for (const key of s.required ?? []) {
        object[key] = validValue(s.properties?.[key] ?? {}, resolve, key, depth + 1);
      }
      return object;
    }
    default: {
      if (s.format === 'email' || /email/.test(name)) return 'fuzz@example.ru';
      if (/phone/.test(name)) return '+7 999 123-45-67';
      const length = Math.max(s.minLength ?? 1, 1);
      return 'a'.repeat(Math.min(length, s.maxLength ?? length));
    }
  }
}

const HOSTILE = {
  wrongType: (scalar: unknown) => (typeof scalar === 'number' ? 'abc' : { object: true }),
  huge: (scalar: unknown) => (typeof scalar === 'number' ? 1e308 : 'я'.repeat(20_000)),
  negative: () => -1,
  int4Over: () => INT4_OVER,
  nul: () => 'a\u0000b',
  loneSurrogate: () => 'a\ud800b',
  nested: () => JSON.parse('['.repeat(200) + ']'.repeat(200)) as unknown,
} as const;
type HostileKind = keyof typeof HOSTILE | 'duplicateKeys' | 'proto' | 'contentType' | 'multipart' | 'deepBody';

/** A lone surrogate has no UTF-8 form: in a path it is sent as the bytes of one (ED A0 80). */
function encodePathValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.split('\ud800').map(encodeURIComponent).join('%ED%A0%80');
  }
}

interface Case {
  op: string;
  kind: HostileKind | 'valid';
  method: string;
  path: string;
  /** Raw pairs (URLSearchParams would turn a lone surrogate into U+FFFD). */
  query: [string, string][];
  body?: string;
  contentType?: string;
}

function buildCases(doc: OpenApiDocument) {
  const resolve = resolver(doc);
  const valid: Case[] = [];
  const hostile: Case[][] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const op = `${method.toUpperCase()} ${template}`;
      const params = operation.parameters ?? [];
      const pathValues: Record<string, unknown> = {};
      const queryValues: Record<string, unknown> = {};
      for (const p of params) {
        const value = validValue(p.schema ?? {}, resolve, p.name);
        if (p.in === 'path') pathValues[p.name] = p.name === 'pagePath' ? 'catalog' : value;
        // A listing's own query fields and `trace_id` are not worth a valid value; required ones are.
        else if (p.in === 'query' && (p.required || p.name === 'city_id')) queryValues[p.name] = value;
      }
      const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
      const bodySchema = jsonSchema ? resolve(jsonSchema) : undefined;
      const body = bodySchema ? (validValue(bodySchema, resolve, 'body') as Record<string, unknown>) : undefined;

      const make = (
        kind: Case['kind'],
        paths: Record<string, unknown>,
        query: Record<string, unknown>,
        rawBody?: string,
        contentType?: string,
      ): Case => ({
        op,
        kind,
        method: method.toUpperCase(),
        path: template.replace(/\{(\w+)\}/g, (_, name: string) => encodePathValue(String(paths[name]))),
        query: Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
        body: rawBody,
        contentType: rawBody === undefined ? undefined : (contentType ?? 'application/json'),
      });
      const validBody = body === undefined ? undefined : JSON.stringify(body);
      valid.push(make('valid', pathValues, queryValues, validBody));

      const cases: Case[] = [];
      const scalarKinds = ['wrongType', 'huge', 'negative', 'int4Over', 'nul', 'loneSurrogate'] as const;
      for (const p of params.filter((p) => p.in === 'path' || p.in === 'query')) {
        const base = p.in === 'path' ? pathValues[p.name] : (queryValues[p.name] ?? 1);
        for (const kind of scalarKinds) {
          const value = HOSTILE[kind](base);
          const text = typeof value === 'object' ? '[object Object]' : String(value);
          if (p.in === 'path') cases.push(make(kind, { ...pathValues, [p.name]: text }, queryValues, validBody));
          else cases.push(make(kind, pathValues, { ...queryValues, [p.name]: text }, validBody));
        }
      }
      if (body !== undefined && bodySchema) {
        const fields = Object.keys({ ...bodySchema.properties, ...body });
        for (const field of fields) {
          for (const kind of [...scalarKinds, 'nested'] as const) {
            const value = HOSTILE[kind](body[field] ?? 1);
            cases.push(make(kind, pathValues, queryValues, JSON.stringify({ ...body, [field]: value })));
          }
        }
        const inner = validBody!.slice(1, -1);
        const first = fields[0] ?? 'x';
        cases.push(
          make('duplicateKeys', pathValues, queryValues, `{${inner}${inner ? ',' : ''}"${first}":"dup","${first}":-1}`),
          make('proto', pathValues, queryValues, `{${inner}${inner ? ',' : ''}"__proto__":{"admin":true}}`),
          make('contentType', pathValues, queryValues, validBody, 'text/plain'),
          make('deepBody', pathValues, queryValues, '['.repeat(100_000) + ']'.repeat(100_000)),
        );
      }
      if (method !== 'get') {
        cases.push(
          make(
            'multipart',
            pathValues,
            queryValues,
            '--b\r\nContent-Disposition: form-data; name="qty"\r\n\r\n1',
            'multipart/form-data; boundary=x',
          ),
        );
      }
      hostile.push(cases);
    }
  }
  return { valid, hostile };
}

describe('OpenAPI fuzz: no input makes the API fail', () => {
  let h: Harness;
  let doc: OpenApiDocument;
  let session: TestSession;

  beforeAll(async () => {
    h = await createHarness({ DEV_TOOLS: 'on' });
    doc = (await h.json<OpenApiDocument>('/api/openapi.json')).body;
    session = new TestSession(h);
    await session.register('+7 999 700-00-01');
  });
  afterAll(() => h?.close());

  const failures: string[] = [];
  async function send(c: Case) {
    const query = c.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodePathValue(v)}`).join('&');
    const url = `${c.path}${query ? `?${query}` : ''}`;
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', cookie: session.cookieHeader() };
    if (c.contentType) headers['content-type'] = c.contentType;
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<'hang'>((resolve) => {
      timer = setTimeout(() => resolve('hang'), HANG_MS);
    });
    const answered = await Promise.race([
      h
        .call(url, { method: c.method, headers, body: c.body }, '10.1.0.1')
        .then(async (response) => ({ status: response.status, text: await response.text() })),
      hang,
    ]);
    clearTimeout(timer);
    const where = `${c.op} [${c.kind}] ${c.method} ${url.slice(0, 200)}${c.body ? ` body ${c.body.slice(0, 120)}` : ''}`;
    if (answered === 'hang') failures.push(`hang: ${where}`);
    else if (answered.status >= 500) failures.push(`${answered.status}: ${where} → ${answered.text.slice(0, 200)}`);
    else if (STACK_TRACE.test(answered.text)) failures.push(`stack trace: ${where} → ${answered.text.slice(0, 300)}`);
    return answered;
  }

  it('documents every operation under a path that reaches its route', async () => {
    const { valid } = buildCases(doc);
    expect(valid.length).toBeGreaterThan(100);
    const unrouted: string[] = [];
    for (const c of valid) {
      const answered = await send(c);
      if (answered !== 'hang' && answered.status === 404 && answered.text.includes('Метод API не найден')) {
        unrouted.push(c.op);
      }
    }
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/api/'))).toEqual([]);
    expect(unrouted).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('serves the listing to a generated client that sends {pagePath} as one encoded segment', async () => {
    expect(doc.paths['/api/v3/products/{pagePath}']?.get).toBeDefined();
    const path = '/api/v3/products/{pagePath}'.replace('{pagePath}', encodeURIComponent('catalog/smartfony/224'));
    const { status, body } = await h.json<{ products: unknown[] }>(path);
    expect(status).toBe(200);
    expect(body.products.length).toBeGreaterThan(0);
  });

  it('answers every hostile variation without a 5xx, a hang or a stack trace', async () => {
    failures.length = 0;
    const { hostile } = buildCases(doc);
    const next = random(11);
    // Each operation's cases in a seeded order; rounds over the operations so every one is reached.
    const queues = hostile.map((cases) => cases.map((c) => ({ c, key: next() })).sort((a, b) => a.key - b.key));
    const started = performance.now();
    let sent = 0;
    const kindsSeen = new Set<string>();
    // First round: one case of every kind per operation, whatever the time.
    for (const queue of queues) {
      const kinds = new Set<string>();
      for (const { c } of queue) {
        if (kinds.has(c.kind)) continue;
        kinds.add(c.kind);
        kindsSeen.add(c.kind);
        await send(c);
        sent++;
      }
    }
    // Then the rest, round-robin, until the budget is spent.
    for (let round = 0; performance.now() - started < BUDGET_MS; round++) {
      let any = false;
      for (const queue of queues) {
        const entry = queue[round];
        if (!entry) continue;
        any = true;
        await send(entry.c);
        sent++;
        if (performance.now() - started >= BUDGET_MS) break;
      }
      if (!any) break;
    }
    console.log(`openapi fuzz: ${sent} hostile requests over ${queues.length} operations`);
    expect([...kindsSeen].sort()).toEqual(
      [
        'contentType',
        'deepBody',
        'duplicateKeys',
        'huge',
        'int4Over',
        'loneSurrogate',
        'multipart',
        'negative',
        'nested',
        'nul',
        'proto',
        'wrongType',
      ].sort(),
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
