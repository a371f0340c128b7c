// The gzip copy of a cached page, made once at its first hit (decision 0079), so that later hits are not
// compressed again (decision 0015). Every visitor's page carries its own CSP nonce, so the copy is
// built for patching: each nonce is a stored (uncompressed) deflate block whose bytes are written
// over per request, and the gzip trailer's CRC is computed again. The text between nonces is
// compressed with the text before it as a preset dictionary, where the nonces read as 0xFF bytes:
// no UTF-8 text holds 0xFF, so no back-reference ever points into a nonce that will change.
// Brotli cannot be patched this way (Node's encoder cannot be told to leave bytes uncompressed), so
// a cache hit goes out as gzip to every browser that accepts gzip.
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);

/** The deflate window: a back-reference reaches at most this far. */
const WINDOW = 32 * 1024;
const LEVEL = 6;
const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3);

export interface GzipCopy {
  /** The gzip bytes with the render's nonce in place. */
  body: Uint8Array<ArrayBuffer>;
  /** Where each nonce stands in `body` (the stored blocks' contents). */
  nonceAt: number[];
}

/** A stored deflate block (not final) holding `bytes`: BFINAL=0 BTYPE=00, LEN, NLEN, the bytes. */
function storedBlock(bytes: Uint8Array): Uint8Array {
  const block = new Uint8Array(5 + bytes.byteLength);
  const view = new DataView(block.buffer);
  view.setUint16(1, bytes.byteLength, true);
  view.setUint16(3, ~bytes.byteLength & 0xffff, true);
  block.set(bytes, 5);
  return block;
}

/** The gzip copy of a page body whose nonce (of `nonceLength` bytes) stands at `offsets`. */
export async function gzipCopy(body: Uint8Array, offsets: readonly number[] = [], nonceLength = 0): Promise<GzipCopy> {
  const masked = new Uint8Array(body);
  for (const at of offsets) masked.fill(0xff, at, at + nonceLength);
  const bounds: [number, number][] = [];
  let from = 0;
  for (const at of offsets) {
    bounds.push([from, at]);
    from = at + nonceLength;
  }
  bounds.push([from, body.byteLength]);
  // Each stretch of text is compressed on its own (in parallel, on libuv's threads), with the text before it as its dictionary.
  const parts = await Promise.all(
    bounds.map(([start, end], index) =>
      deflateRawAsync(body.subarray(start, end), {
        level: LEVEL,
        ...(index < bounds.length - 1 ? { finishFlush: constants.Z_SYNC_FLUSH } : {}),
        ...(start > 0 ? { dictionary: masked.subarray(Math.max(0, start - WINDOW), start) } : {}),
      }),
    ),
  );
  const chunks: Uint8Array[] = [GZIP_HEADER];
  const nonceAt: number[] = [];
  let length = GZIP_HEADER.byteLength;
  parts.forEach((part, index) => {
    chunks.push(part);
    length += part.byteLength;
    if (index < offsets.length) {
      const at = offsets[index]!;
      chunks.push(storedBlock(body.subarray(at, at + nonceLength)));
      nonceAt.push(length + 5);
      length += 5 + nonceLength;
    }
  });
  const trailer = new Uint8Array(8);
  new DataView(trailer.buffer).setUint32(0, crc32(body) >>> 0, true);
  new DataView(trailer.buffer).setUint32(4, body.byteLength >>> 0, true);
  chunks.push(trailer);
  length += 8;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { body: out, nonceAt };
}

/**
 * The gzip copy with this visitor's nonce written in place of the render's, and the CRC of the text
 * as this visitor gets it (read from the stored identity body and the new nonce, without copying).
 */
export function gzipWithNonce(
  copy: GzipCopy,
  identity: Uint8Array,
  offsets: readonly number[],
  nonce: string,
): Uint8Array<ArrayBuffer> {
  if (copy.nonceAt.length === 0) return copy.body;
  const bytes = Buffer.from(nonce, 'latin1');
  const out = new Uint8Array(copy.body);
  for (const at of copy.nonceAt) out.set(bytes, at);
  let crc = 0;
  let from = 0;
  for (const at of offsets) {
    crc = crc32(identity.subarray(from, at), crc);
    crc = crc32(bytes, crc);
    from = at + bytes.byteLength;
  }
  crc = crc32(identity.subarray(from), crc);
  new DataView(out.buffer).setUint32(out.byteLength - 8, crc >>> 0, true);
  return out;
}

/**
 * The operator that carries a CRC-32 over `length` more bytes (zlib's crc32_combine as a 32×32 bit
 * matrix): crc32(a ‖ b) = crc32Shift(shiftOver(b.length), crc32(a)) ^ crc32(b). Made once per stored
 * page and text stretch, it lets a cache hit compute the CRC of its own nonce's page from the stored
 * stretches' CRCs in a few microseconds, instead of reading the whole page again (decision 0069).
 */
export function shiftOver(length: number): Uint32Array<ArrayBuffer> {
  // One zero bit, then two, then four (zlib's odd and even operators).
  let odd = new Uint32Array(32);
  odd[0] = 0xedb88320;
  for (let n = 1, row = 1; n < 32; n++, row <<= 1) odd[n] = row;
  let even = squared(odd);
  odd = squared(even);
  let result: Uint32Array<ArrayBuffer> | null = null;
  let left = length;
  while (left > 0) {
    even = squared(odd);
    if (left & 1) result = result ? composed(even, result) : even;
    left = Math.floor(left / 2);
    if (left === 0) break;
    odd = squared(even);
    if (left & 1) result = result ? composed(odd, result) : odd;
    left = Math.floor(left / 2);
  }
  if (result) return result;
  const identity = new Uint32Array(32);
  for (let n = 0; n < 32; n++) identity[n] = (1 << n) >>> 0;
  return identity;
}

/** A CRC-32 carried over the bytes `shift` stands for (their own CRC is then XORed in). */
export function crc32Shift(shift: Uint32Array, crc: number): number {
  let sum = 0;
  for (let n = 0, vec = crc >>> 0; vec !== 0; n++, vec >>>= 1) if (vec & 1) sum ^= shift[n]!;
  return sum >>> 0;
}

const squared = (mat: Uint32Array<ArrayBuffer>) => composed(mat, mat);

function composed(a: Uint32Array<ArrayBuffer>, b: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const out = new Uint32Array(32);
  for (let n = 0; n < 32; n++) out[n] = crc32Shift(a, b[n]!);
  return out;
}
