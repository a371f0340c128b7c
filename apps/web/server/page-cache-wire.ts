// A page-cache hit written straight onto the socket (decision 0069). A stored page is cut once, at its
// first direct hit, into the stretches between its CSP nonces, for the identity body and for the gzip
// copy (page-cache-gzip.ts); a hit then writes those shared buffers with this visitor's nonce between
// them in one corked write, and the gzip trailer's CRC comes from the stretches' stored CRCs
// (crc32Shift) instead of a pass over the whole page. No copy of the page, no compression, no Response,
// Headers or stream per hit.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';
import { varyOnEncoding } from './compression.ts';
import { crc32Shift, shiftOver } from './page-cache-gzip.ts';
import type { CachedPage } from './page-cache.ts';

/** One encoding of a stored page, cut at its nonces. */
interface WireBody {
  /** The headers of the stored render for this encoding (Vary, Content-Encoding), without Age or Content-Length. */
  headers: OutgoingHttpHeaders;
  /** The bytes between nonces: stretches.length = nonces + 1. */
  stretches: Buffer[];
  length: number;
}

interface GzipWire extends WireBody {
  /** CRC-32 of the identity text before the first nonce. */
  firstCrc: number;
  /** Per nonce: the CRC-32 of the identity text after it (up to the next) and the operator over its length. */
  after: { crc: number; shift: Uint32Array }[];
  /** The gzip trailer's ISIZE (the identity length, mod 2^32). */
  size: number;
}

export interface PageWire {
  identity: WireBody;
  gzip?: GzipWire;
  nonceLength: number;
}

const wires = new WeakMap<CachedPage, PageWire>();

/** The stored page cut for direct hits (made once per page; the gzip part once its copy exists). */
export function wireOf(page: CachedPage): PageWire {
  let wire = wires.get(page);
  if (!wire) {
    const offsets = page.nonce?.offsets ?? [];
    const nonceLength = page.nonce?.value.length ?? 0;
    wire = {
      identity: {
        headers: headersOf(page, (headers) => varyOnEncoding(headers)),
        stretches: cut(page.body, offsets, nonceLength),
        length: page.body.byteLength,
      },
      nonceLength,
    };
    wires.set(page, wire);
  }
  if (!wire.gzip && page.gzip) wire.gzip = gzipWire(page, wire.nonceLength);
  return wire;
}

function gzipWire(page: CachedPage, nonceLength: number): GzipWire {
  const offsets = page.nonce?.offsets ?? [];
  const text = cut(page.body, offsets, nonceLength);
  const copy = page.gzip!;
  // The gzip copy without its 8-byte trailer, cut where each nonce's stored block holds it.
  const body = copy.body.subarray(0, copy.body.byteLength - 8);
  return {
    headers: headersOf(page, (headers) => {
      headers.set('content-encoding', 'gzip');
      headers.delete('content-length');
      varyOnEncoding(headers);
    }),
    stretches: cut(body, copy.nonceAt, nonceLength),
    length: copy.body.byteLength,
    firstCrc: crc32(text[0]!),
    after: text.slice(1).map((stretch) => ({ crc: crc32(stretch), shift: shiftOver(stretch.byteLength) })),
    size: page.body.byteLength >>> 0,
  };
}

function headersOf(page: CachedPage, adjust: (headers: Headers) => void): OutgoingHttpHeaders {
  const headers = new Headers();
  for (const [name, value] of page.headers) headers.append(name, value);
  headers.delete('content-length');
  headers.delete('age');
  adjust(headers);
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of headers) if (name !== 'set-cookie') out[name] = value;
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  return out;
}

/** `bytes` cut around the `length`-byte holes at `offsets`: offsets.length + 1 shared views, no copies. */
function cut(bytes: Uint8Array, offsets: readonly number[], length: number): Buffer[] {
  const out: Buffer[] = [];
  let from = 0;
  for (const at of offsets) {
    out.push(Buffer.from(bytes.buffer, bytes.byteOffset + from, at - from));
    from = at + length;
  }
  out.push(Buffer.from(bytes.buffer, bytes.byteOffset + from, bytes.byteLength - from));
  return out;
}

/**
 * Writes a hit: status 200, the stored headers of the chosen encoding with `extra` (the visitor's own:
 * CSP, request id, Age, a cookie…) and Content-Length, then the body with `nonce` in every hole.
 */
export function writeHit(
  outgoing: ServerResponse,
  wire: PageWire,
  gzip: boolean,
  nonce: Buffer,
  extra: OutgoingHttpHeaders,
): void {
  const body = gzip ? wire.gzip! : wire.identity;
  if (nonce.byteLength !== wire.nonceLength && body.stretches.length > 1)
    throw new Error('page cache: nonces differ in length');
  const headers = { ...body.headers, ...extra, 'content-length': body.length };
  if (extra['set-cookie'] && body.headers['set-cookie']) {
    headers['set-cookie'] = [body.headers['set-cookie'], extra['set-cookie']].flat() as string[];
  }
  outgoing.writeHead(200, headers);
  outgoing.cork();
  const { stretches } = body;
  for (let i = 0; i < stretches.length; i++) {
    if (i > 0) outgoing.write(nonce);
    outgoing.write(stretches[i]!);
  }
  if (gzip) outgoing.write(gzipTrailer(wire.gzip!, nonce));
  outgoing.end();
  outgoing.uncork();
}

/** The gzip trailer for the page with `nonce` in its holes: the CRC from the stored stretches' CRCs. */
function gzipTrailer(gzip: GzipWire, nonce: Buffer): Buffer {
  let crc = gzip.firstCrc;
  for (const { crc: next, shift } of gzip.after) {
    crc = crc32(nonce, crc);
    crc = (crc32Shift(shift, crc) ^ next) >>> 0;
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(gzip.size, 4);
  return trailer;
}
