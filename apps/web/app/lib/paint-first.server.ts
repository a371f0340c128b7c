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
const PRELOAD = 'rel="modulepreload"';
const MODULE = 'type="module" async=""';
const LONGEST = Math.max(PRELOAD.length, MODULE.length);

/**
 * Rewrites the HTML as it streams: every module preload and the module script up to the module script,
 * then nothing more (the rest of the stream, streamed Suspense content and loader data, passes as it is).
 * A chunk may end inside an attribute string, so the last characters that could start one wait for the
 * next chunk.
 */
export class PaintFirstRewriter {
  private pending = '';
  private done = false;

  /** The part of `text` (after what was held back) that can be sent now. */
  push(text: string): string {
    if (this.done) return text;
    const inert = (part: string) => part.replaceAll(PRELOAD, `rel="${INERT_PRELOAD_REL}"`);
    const html = this.pending + text;
    const module = html.indexOf(MODULE);
    if (module >= 0) {
      this.done = true;
      this.pending = '';
      return inert(html.slice(0, module)) + `type="${INERT_MODULE_TYPE}" async=""` + html.slice(module + MODULE.length);
    }
    // Hold back only a tail that is the start of an attribute string still to be matched.
    const keep = heldBack(html);
    this.pending = html.slice(html.length - keep);
    return inert(html.slice(0, html.length - keep));
  }

  /** What was held back, at the end of the stream. */
  end(): string {
    const rest = this.pending;
    this.pending = '';
    return rest;
  }
}

/** How many characters at the end of `html` are a proper prefix of one of the attribute strings. */
function heldBack(html: string): number {
  for (let n = Math.min(LONGEST - 1, html.length); n > 0; n--) {
    const tail = html.slice(html.length - n);
    if (PRELOAD.startsWith(tail) || MODULE.startsWith(tail)) return n;
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
