// pg_trgm's word similarity in JavaScript, trigram for trigram: the suggestion index answers typos the
// way `$1 <% lower(name) order by word_similarity($1, lower(name)) desc` does in the database, without
// a query. Words are runs of letters and digits, lower-cased, padded with two spaces before and one
// after; a trigram of three one-byte characters is kept as its bytes, any other is reduced to three
// bytes of PostgreSQL's legacy CRC-32, as pg_trgm does, so two trigrams are equal exactly when the
// database thinks so (the tests compare with the database).

/** pg_trgm.word_similarity_threshold (0.6 as a float4, compared as a double by PostgreSQL). */
export const WORD_SIMILARITY_THRESHOLD = Math.fround(0.6);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

const step = (c: number, byte: number) => (CRC_TABLE[((c >>> 24) ^ byte) & 0xff]! ^ (c << 8)) >>> 0;

/** PostgreSQL's COMP_LEGACY_CRC32 over one character's UTF-8 bytes: the reflected table driven the non-reflected way. */
function crcChar(crc: number, cp: number): number {
  if (cp < 0x80) return step(crc, cp);
  if (cp < 0x800) return step(step(crc, 0xc0 | (cp >> 6)), 0x80 | (cp & 0x3f));
  if (cp < 0x10000) {
    return step(step(step(crc, 0xe0 | (cp >> 12)), 0x80 | ((cp >> 6) & 0x3f)), 0x80 | (cp & 0x3f));
  }
  crc = step(step(crc, 0xf0 | (cp >> 18)), 0x80 | ((cp >> 12) & 0x3f));
  return step(step(crc, 0x80 | ((cp >> 6) & 0x3f)), 0x80 | (cp & 0x3f));
}

/** A trigram of three characters (code points) as the three bytes pg_trgm keeps, in one number. */
function trigramKey(a: number, b: number, c: number): number {
  if (a < 0x80 && b < 0x80 && c < 0x80) return (a << 16) | (b << 8) | c;
  // The first three bytes of the CRC as it lies in memory (little-endian), as show_trgm prints them.
  const crc = (crcChar(crcChar(crcChar(0xffffffff, a), b), c) ^ 0xffffffff) >>> 0;
  return ((crc & 0xff) << 16) | (((crc >>> 8) & 0xff) << 8) | ((crc >>> 16) & 0xff);
}

const SPACE = 0x20;

/** Whether a code point below 0x10000 is a letter or digit: 0 not asked yet, 1 yes, 2 no. */
const WORD_CHAR = new Uint8Array(0x10000);
const ONE_WORD_CHAR = /^[\p{L}\p{N}]$/u;

function isWordChar(cp: number): boolean {
  if (cp >= 0x10000) return ONE_WORD_CHAR.test(String.fromCodePoint(cp));
  let known = WORD_CHAR[cp]!;
  if (known === 0) WORD_CHAR[cp] = known = ONE_WORD_CHAR.test(String.fromCharCode(cp)) ? 1 : 2;
  return known === 1;
}

/**
 * The trigrams of a text in order, repeats kept (generate_trgm_only): each word (a run of letters
 * and digits) padded with two spaces before and one after. One pass over the code points, no arrays
 * but the answer (the suggestion index calls it for every product name).
 */
export function trigramSequence(text: string): number[] {
  const out: number[] = [];
  const lower = text.toLowerCase();
  let a = SPACE;
  let b = SPACE;
  let inWord = false;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.codePointAt(i)!;
    if (c > 0xffff) i++;
    if (isWordChar(c)) {
      out.push(trigramKey(a, b, c));
      a = b;
      b = c;
      inWord = true;
    } else if (inWord) {
      out.push(trigramKey(a, b, SPACE));
      a = b = SPACE;
      inWord = false;
    }
  }
  if (inWord) out.push(trigramKey(a, b, SPACE));
  return out;
}

/**
 * A text prepared for similarity checks: its trigram sequence as small local ids (one per distinct
 * trigram) and the distinct trigram keys themselves.
 */
export interface PreparedText {
  sequence: Uint16Array | number[];
  distinct: Int32Array | number[];
}

export function prepareText(text: string): PreparedText {
  const keys = trigramSequence(text);
  const local = new Map<number, number>();
  const sequence: number[] = [];
  for (const key of keys) {
    let id = local.get(key);
    if (id === undefined) local.set(key, (id = local.size));
    sequence.push(id);
  }
  return { sequence, distinct: [...local.keys()] };
}

const sml = (count: number, len1: number, len2: number) => Math.fround(count / (len1 + len2 - count));

/**
 * word_similarity(query, text): the greatest similarity between the query's trigram set and any
 * continuous extent of the text's trigrams (iterate_word_similarity, without the strict word bounds).
 */
export function wordSimilarity(query: ReadonlySet<number>, text: PreparedText): number {
  const ulen1 = query.size;
  const { sequence, distinct } = text;
  const found = new Uint8Array(distinct.length);
  let any = false;
  for (let j = 0; j < distinct.length; j++) {
    if (query.has(distinct[j]!)) {
      found[j] = 1;
      any = true;
    }
  }
  if (!any || ulen1 === 0) return 0;
  const lastpos = new Int32Array(distinct.length).fill(-1);
  let lower = -1;
  let upper = -1;
  let ulen2 = 0;
  let count = 0;
  let smlrMax = 0;
  for (let i = 0; i < sequence.length; i++) {
    const trg = sequence[i]!;
    if (lower >= 0 || found[trg]) {
      if (lastpos[trg]! < 0) {
        ulen2++;
        if (found[trg]) count++;
      }
      lastpos[trg] = i;
    }
    if (!found[trg]) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let smlrCur = sml(count, ulen1, ulen2);
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const smlrTmp = sml(tmpCount, ulen1, tmpUlen2);
      if (smlrTmp > smlrCur) {
        smlrCur = smlrTmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const t = sequence[tmpLower]!;
      if (lastpos[t] === tmpLower) {
        tmpUlen2--;
        if (found[t]) tmpCount--;
      }
    }
    if (smlrCur > smlrMax) smlrMax = smlrCur;
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const t = sequence[tmpLower]!;
      if (lastpos[t] === tmpLower) lastpos[t] = -1;
    }
  }
  return smlrMax;
}

/** The distinct trigram keys of a query (the first argument of word_similarity and `<%`). */
export function queryTrigrams(text: string): Set<number> {
  return new Set(trigramSequence(text));
}
