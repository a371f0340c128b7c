// Paint first, then fetch the JavaScript (decision 0060). On a phone's connection the page's 140–150 KB of
// compressed modules shared the bandwidth with the HTML's stylesheets and the LCP picture, so the first paint
// waited for code the server's HTML does not need: every button works before hydration (a form that posts, or
// disabled until hydrated). The server leaves React Router's module preloads and its module script inert
// (`PaintFirstRewriter`, used by entry.server); `paintFirstScript`, the last script of the body (its text reaches
// root.tsx through lib/paint-first.tsx, so the browser's bundle does not carry it), turns them on
// once the LCP picture has arrived and a frame has been painted.

/** The `rel` React Router's `<link rel="modulepreload">` gets until the first paint. */
export const INERT_PRELOAD_REL = 'paint-first-modulepreload';
/** The `type` React Router's `<script type="module">` gets until the first paint (a type no browser runs). */
export const INERT_MODULE_TYPE = 'paint-first/module';

// What React renders for React Router's <Scripts />: the preloads are hoisted into <head>, the module script
// (`async` after `type`, in the order of its props) is the shell's last script. Nothing else in a page has
// these attribute strings: text and attribute values are escaped, JSON in scripts escapes its quotes.
const PRELOAD = Buffer.from('rel="modulepreload"');
const MODULE = Buffer.from('type="module" async=""');
const INERT_PRELOAD = Buffer.from(`rel="${INERT_PRELOAD_REL}"`);
const INERT_MODULE = Buffer.from(`type="${INERT_MODULE_TYPE}" async=""`);
const LONGEST = Math.max(PRELOAD.length, MODULE.length);

/**
 * Rewrites the HTML as it streams, on its bytes (the attribute strings are ASCII, so a match never splits a
 * character, and nothing is decoded or encoded again): every module preload and the module script up to the
 * module script, then nothing more (the rest of the stream, streamed Suspense content and loader data, passes
 * as it is). A chunk may end inside an attribute string, so the last bytes that could start one wait for the
 * next chunk. `push` gives the pieces to send now: views of the chunk and the replacement strings, no copy but
 * for a held-back tail (React's chunks are its own fresh buffers or strings, never reused after a write).
 */
export class PaintFirstRewriter {
  private pending: Buffer | null = null;
  private done = false;

  /** The pieces of `chunk` (after what was held back) that can be sent now. */
  push(chunk: string | Uint8Array): Buffer[] {
    let bytes =
      typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.done) return bytes.length > 0 ? [bytes] : [];
    if (this.pending) {
      bytes = Buffer.concat([this.pending, bytes]);
      this.pending = null;
    }
    const pieces: Buffer[] = [];
    const module = bytes.indexOf(MODULE);
    const limit = module >= 0 ? module : bytes.length;
    let from = 0;
    for (let at = bytes.indexOf(PRELOAD); at !== -1 && at < limit; at = bytes.indexOf(PRELOAD, from)) {
      if (at > from) pieces.push(bytes.subarray(from, at));
      pieces.push(INERT_PRELOAD);
      from = at + PRELOAD.length;
    }
    if (module >= 0) {
      this.done = true;
      if (module > from) pieces.push(bytes.subarray(from, module));
      pieces.push(INERT_MODULE);
      if (module + MODULE.length < bytes.length) pieces.push(bytes.subarray(module + MODULE.length));
      return pieces;
    }
    // Hold back only a tail that is the start of an attribute string still to be matched.
    const keep = heldBack(bytes, from);
    if (bytes.length - keep > from) pieces.push(bytes.subarray(from, bytes.length - keep));
    if (keep > 0) this.pending = Buffer.from(bytes.subarray(bytes.length - keep));
    return pieces;
  }

  /** What was held back, at the end of the stream. */
  end(): Buffer[] {
    const rest = this.pending;
    this.pending = null;
    return rest ? [rest] : [];
  }
}

/** How many bytes at the end of `bytes` (after `from`) are a proper prefix of one of the attribute strings. */
function heldBack(bytes: Buffer, from: number): number {
  for (let n = Math.min(LONGEST - 1, bytes.length - from); n > 0; n--) {
    const at = bytes.length - n;
    // Most tails fail on their first byte: compare whole prefixes only after it matches.
    if (bytes[at] === PRELOAD[0] && n < PRELOAD.length && bytes.compare(PRELOAD, 0, n, at) === 0) return n;
    if (bytes[at] === MODULE[0] && n < MODULE.length && bytes.compare(MODULE, 0, n, at) === 0) return n;
  }
  return 0;
}

/**
 * The inline script after React Router's scripts. It waits for the first contentful paint to be on screen
 * (the paint entry, which the browser reports once the frame is presented; where paint timing is missing,
 * two animation frames) and for the LCP picture (the first `fetchpriority="high"` image, if still loading,
 * then two more frames to paint it), then turns the preloads back on and puts a live copy of the module
 * script (same text, same nonce) in the inert one's place, so hydration finds the elements the client
 * renders. A background tab paints nothing: after 3 s it starts anyway.
 */
export const paintFirstScript = () =>
  `(function(){var d=document,w=window,started=false;` +
  `function start(){if(started)return;started=true;` +
  `d.querySelectorAll('link[rel="${INERT_PRELOAD_REL}"]').forEach(function(l){l.rel='modulepreload'});` +
  // The module script in a task of its own: starting 10–17 preloads and then the module script in one task
  // was 60–170 ms on a 4×-slowed phone (decision 0067).
  `setTimeout(function(){d.querySelectorAll('script[type="${INERT_MODULE_TYPE}"]').forEach(function(o){var s=d.createElement('script');` +
  `s.type='module';s.async=true;s.nonce=o.nonce;s.textContent=o.textContent;o.replaceWith(s)})},0)}` +
  `function frames(f){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(f,0)})})}` +
  `var lcp=d.querySelector('img[fetchpriority="high"]'),painted=false;` +
  `function afterPaint(){if(painted)return;painted=true;` +
  `if(lcp&&!lcp.complete){lcp.addEventListener('load',function(){frames(start)});lcp.addEventListener('error',start)}else setTimeout(start,0)}` +
  `if('PerformancePaintTiming' in w){new PerformanceObserver(function(list,o){` +
  `if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();afterPaint()}}).observe({type:'paint',buffered:true})}` +
  `else frames(afterPaint);` +
  `setTimeout(start,3000)})()`;
