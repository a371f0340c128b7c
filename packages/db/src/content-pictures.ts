// Pictures of the content pages (issue 14), drawn on request as SVG like the product pictures:
// article covers in three sizes, promo banners, advent calendar windows and the /honor portraits
// and award cups. Nothing is loaded from outside hosts.

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const esc = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (next.length > maxChars && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[,.:;!?]?$/, '')}…`;
    return kept;
  }
  return lines;
}

const PALETTES: Record<string, [string, string][]> = {
  special_offer: [
    ['#d1001f', '#ff6a3d'],
    ['#1747d1', '#4f8bff'],
    ['#b45309', '#f59e0b'],
    ['#7c3aed', '#c084fc'],
    ['#0f766e', '#2dd4bf'],
  ],
  news: [
    ['#0f349e', '#1747d1'],
    ['#0e7490', '#22d3ee'],
    ['#1e3a8a', '#6366f1'],
  ],
  press: [
    ['#1f2937', '#475569'],
    ['#334155', '#64748b'],
  ],
  review: [
    ['#6d28d9', '#a78bfa'],
    ['#047857', '#34d399'],
    ['#be185d', '#f472b6'],
    ['#9a3412', '#fb923c'],
  ],
};

const LABELS: Record<string, string> = {
  special_offer: 'АКЦИЯ',
  news: 'НОВОСТИ',
  press: 'ПРЕСС-РЕЛИЗ',
  review: 'ОБЗОР',
};

/** Gadget silhouettes drawn on the right of a cover, chosen by the title's hash. */
function gadget(kind: number, x: number, y: number, s: number): string {
  const f = 'fill="#ffffff" fill-opacity="0.92"';
  const d = 'fill="#0b1020" fill-opacity="0.85"';
  switch (kind % 4) {
    case 0: // phone
      return `<rect x="${x}" y="${y}" width="${0.5 * s}" height="${s}" rx="${0.07 * s}" ${f}/><rect x="${x + 0.04 * s}" y="${y + 0.06 * s}" width="${0.42 * s}" height="${0.86 * s}" rx="${0.04 * s}" ${d}/>`;
    case 1: // tv
      return `<rect x="${x - 0.3 * s}" y="${y + 0.1 * s}" width="${1.1 * s}" height="${0.66 * s}" rx="${0.03 * s}" ${f}/><rect x="${x - 0.27 * s}" y="${y + 0.13 * s}" width="${1.04 * s}" height="${0.58 * s}" ${d}/><rect x="${x + 0.15 * s}" y="${y + 0.78 * s}" width="${0.2 * s}" height="${0.08 * s}" ${f}/>`;
    case 2: // laptop
      return `<rect x="${x - 0.2 * s}" y="${y + 0.15 * s}" width="${0.9 * s}" height="${0.56 * s}" rx="${0.03 * s}" ${f}/><rect x="${x - 0.17 * s}" y="${y + 0.18 * s}" width="${0.84 * s}" height="${0.5 * s}" ${d}/><path d="M${x - 0.32 * s} ${y + 0.74 * s}h${1.14 * s}l-${0.06 * s} ${0.06 * s}h-${1.02 * s}z" ${f}/>`;
    default: // gift box
      return `<rect x="${x - 0.1 * s}" y="${y + 0.3 * s}" width="${0.8 * s}" height="${0.6 * s}" rx="${0.04 * s}" ${f}/><rect x="${x - 0.15 * s}" y="${y + 0.18 * s}" width="${0.9 * s}" height="${0.16 * s}" rx="${0.03 * s}" ${f}/><rect x="${x + 0.25 * s}" y="${y + 0.18 * s}" width="${0.1 * s}" height="${0.72 * s}" fill="#d1001f"/>`;
  }
}

export type CoverSize = 'listing' | 'detail' | 'preview';

const SIZES: Record<CoverSize | 'promo', [number, number]> = {
  listing: [600, 400],
  detail: [1200, 480],
  preview: [400, 400],
  promo: [1200, 400],
};

/** An article's cover: gradient of its type, a label, the title and a gadget. */
export function renderArticleCover(id: number, type: string, title: string, size: CoverSize | 'promo'): string {
  const [w, h] = SIZES[size];
  const palette = PALETTES[type] ?? PALETTES.special_offer!;
  const [c1, c2] = palette[hash(`${id}`) % palette.length]!;
  const narrow = size === 'preview';
  const fontSize = size === 'detail' || size === 'promo' ? 52 : narrow ? 34 : 32;
  // The text keeps left of the gadget drawn on the right.
  const lines = wrap(title, narrow ? 16 : size === 'listing' ? 15 : 24, narrow ? 4 : 3);
  const top = narrow ? 120 : h / 2 - ((lines.length - 1) * fontSize * 1.15) / 2 + fontSize * 0.2;
  const text = lines
    .map(
      (line, i) =>
        `<text x="${narrow ? 32 : 56}" y="${Math.round(top + i * fontSize * 1.15)}" font-family="${FONT}" font-size="${fontSize}" font-weight="700" fill="#fff">${esc(line)}</text>`,
    )
    .join('');
  const s = narrow ? 120 : h * 0.55;
  const gx = narrow ? w - 150 : w - s * 0.95;
  const gy = narrow ? h - 150 : h / 2 - s / 2;
  const label = LABELS[type] ?? '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">` +
    `<defs><linearGradient id="g${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g${id})"/>` +
    `<circle cx="${w * 0.85}" cy="${h * 0.2}" r="${h * 0.45}" fill="#fff" opacity="0.08"/>` +
    `<circle cx="${w * 0.95}" cy="${h * 0.95}" r="${h * 0.35}" fill="#000" opacity="0.07"/>` +
    (label
      ? `<rect x="${narrow ? 32 : 56}" y="${narrow ? 36 : 40}" width="${label.length * 11 + 28}" height="32" rx="16" fill="#fff" opacity="0.95"/><text x="${(narrow ? 32 : 56) + 14}" y="${narrow ? 58 : 62}" font-family="${FONT}" font-size="15" font-weight="700" letter-spacing="1" fill="${c1}">${label}</text>`
      : '') +
    gadget(hash(title), gx, gy, s) +
    text +
    `</svg>`
  );
}

/** An advent calendar window: the day's number on its colour, a ribbon and snowflakes. */
export function renderAdventWindow(day: number, colour: string, mobile: boolean): string {
  const [w, h] = mobile ? [300, 180] : [300, 300];
  const bg = /^#[0-9a-f]{6}$/i.test(colour) ? colour : '#c8102e';
  const flakes = Array.from({ length: 7 }, (_, i) => {
    const x = (hash(`${day}-${i}`) % (w - 20)) + 10;
    const y = (hash(`${i}-${day}`) % (h - 20)) + 10;
    return `<circle cx="${x}" cy="${y}" r="${2 + (i % 3)}" fill="#fff" opacity="0.6"/>`;
  }).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">` +
    `<rect width="${w}" height="${h}" fill="${bg}"/>${flakes}` +
    `<rect x="${w / 2 - 12}" y="0" width="24" height="${h}" fill="#f5c542" opacity="0.9"/>` +
    `<rect x="0" y="${h / 2 - 12}" width="${w}" height="24" fill="#f5c542" opacity="0.9"/>` +
    `<circle cx="${w / 2}" cy="${h / 2}" r="${mobile ? 52 : 70}" fill="#fff"/>` +
    `<text x="${w / 2}" y="${h / 2 + (mobile ? 18 : 24)}" text-anchor="middle" font-family="${FONT}" font-size="${mobile ? 52 : 68}" font-weight="800" fill="${bg}">${day}</text>` +
    `</svg>`
  );
}

/** /honor: an employee's portrait placeholder (initials on a colour) or an award cup. */
export function renderHonorPicture(id: number, kind: 'award' | 'employee', name: string): string {
  const colours = ['#1747d1', '#0f766e', '#7c3aed', '#b45309', '#be185d', '#0e7490'];
  const bg = colours[hash(name) % colours.length]!;
  if (kind === 'award') {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320" width="320" height="320">` +
      `<rect width="320" height="320" rx="24" fill="#fff7e0"/>` +
      `<path d="M110 70h100v50a50 50 0 0 1-100 0z" fill="#f5b301"/>` +
      `<path d="M110 85H80a30 30 0 0 0 30 40M210 85h30a30 30 0 0 1-30 40" stroke="#f5b301" stroke-width="10" fill="none"/>` +
      `<rect x="150" y="168" width="20" height="50" fill="#d99a00"/><rect x="115" y="218" width="90" height="22" rx="6" fill="#8a5a00"/>` +
      `<text x="160" y="282" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="700" fill="#8a5a00">${esc(String(id).padStart(2, '0'))}</text>` +
      `</svg>`
    );
  }
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((p) => p[0] ?? '')
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320" width="320" height="320">` +
    `<rect width="320" height="320" fill="${bg}"/>` +
    `<circle cx="160" cy="128" r="62" fill="#fff" opacity="0.9"/><path d="M60 320a100 90 0 0 1 200 0z" fill="#fff" opacity="0.9"/>` +
    `<text x="160" y="146" text-anchor="middle" font-family="${FONT}" font-size="52" font-weight="700" fill="${bg}">${esc(initials)}</text>` +
    `</svg>`
  );
}
