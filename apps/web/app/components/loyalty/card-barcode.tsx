// The «Мультионы» card's EAN-13 barcode, drawn as SVG. JsBarcode (a maintained library) encodes the
// number into bars; given a plain object instead of a DOM node it only encodes, so the same markup
// renders on the server and in the browser and no inline script or style is needed (CSP).
import JsBarcode from 'jsbarcode';

interface Encoding {
  data: string;
  text: string;
}

/** The bar pattern of each part of the code (guards and the two halves), as JsBarcode encodes it. */
export function encodeEan13(ean: string): Encoding[] {
  const target: { encodings?: Encoding[] } = {};
  let valid = true;
  JsBarcode(target, ean, { format: 'EAN13', flat: false, valid: (ok: boolean) => (valid = ok) });
  if (!valid || !target.encodings) throw new RangeError(`not an EAN-13 number: ${ean}`);
  return target.encodings;
}

const MODULE = 2;
const BAR_HEIGHT = 64;
const GUARD_EXTRA = 8;
const QUIET = 12;

export function CardBarcode({ ean }: { ean: string }) {
  const encodings = encodeEan13(ean);
  const rects: { x: number; w: number; guard: boolean }[] = [];
  let x = QUIET;
  for (const part of encodings) {
    const guard = part.text === '';
    let run = 0;
    for (let i = 0; i <= part.data.length; i++) {
      if (part.data[i] === '1') run += 1;
      else if (run > 0) {
        rects.push({ x: x + (i - run) * MODULE, w: run * MODULE, guard });
        run = 0;
      }
    }
    x += part.data.length * MODULE;
  }
  const width = x + QUIET;
  return (
    <figure className="loyalty-barcode">
      <svg
        viewBox={`0 0 ${width} ${BAR_HEIGHT + GUARD_EXTRA}`}
        role="img"
        aria-label={`Штрихкод карты ${ean}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <rect x="0" y="0" width={width} height={BAR_HEIGHT + GUARD_EXTRA} fill="#fff" />
        {rects.map((r) => (
          <rect
            key={r.x}
            x={r.x}
            y="0"
            width={r.w}
            height={r.guard ? BAR_HEIGHT + GUARD_EXTRA : BAR_HEIGHT}
            fill="#14171f"
          />
        ))}
      </svg>
      <figcaption className="loyalty-barcode-number">
        {ean[0]} {ean.slice(1, 7)} {ean.slice(7)}
      </figcaption>
    </figure>
  );
}
