/**
 * Demo pictures as SVG text: pure functions, no I/O, no external resources.
 * Product pictures are flat silhouettes shaped by category kind and tinted with the product colour.
 */

export type PictureKind =
  | 'phone'
  | 'tablet'
  | 'ebook'
  | 'laptop'
  | 'monitor'
  | 'desktop'
  | 'tv'
  | 'soundbar'
  | 'speaker'
  | 'smart-speaker'
  | 'headphones'
  | 'watch'
  | 'band'
  | 'charger'
  | 'powerbank'
  | 'keyboard'
  | 'mouse'
  | 'gpu'
  | 'ssd'
  | 'fridge'
  | 'washer'
  | 'dishwasher'
  | 'vacuum'
  | 'stick-vacuum'
  | 'robot-vacuum'
  | 'aircon'
  | 'heater'
  | 'boiler'
  | 'humidifier'
  | 'iron'
  | 'microwave'
  | 'oven'
  | 'kettle'
  | 'coffee'
  | 'multicooker'
  | 'blender'
  | 'hob'
  | 'hood'
  | 'toaster'
  | 'grinder'
  | 'hairdryer'
  | 'shaver'
  | 'toothbrush'
  | 'scale'
  | 'camera'
  | 'lens'
  | 'drone'
  | 'console'
  | 'gamepad'
  | 'game'
  | 'card'
  | 'software'
  | 'service'
  | 'box';

const KIND_BY_CODE: Record<string, PictureKind> = {
  'smartfony-i-gadzhety': 'phone',
  smartfony: 'phone',
  'chehly-dlya-smartfonov': 'phone',
  'aksessuary-dlya-smartfonov': 'charger',
  'umnye-chasy-i-braslety': 'watch',
  'umnye-chasy': 'watch',
  'fitnes-braslety': 'band',
  naushniki: 'headphones',
  'besprovodnye-naushniki': 'headphones',
  'provodnye-naushniki': 'headphones',
  planshety: 'tablet',
  'elektronnye-knigi': 'ebook',
  'zaryadnye-ustroystva': 'charger',
  'vneshnie-akkumulyatory': 'powerbank',
  'tv-i-audio': 'tv',
  televizory: 'tv',
  saundbary: 'soundbar',
  akustika: 'speaker',
  'portativnye-kolonki': 'speaker',
  'umnye-kolonki': 'smart-speaker',
  'tv-pristavki': 'box',
  'kronshteyny-dlya-tv': 'box',
  'noutbuki-i-kompyutery': 'laptop',
  noutbuki: 'laptop',
  monitory: 'monitor',
  monobloki: 'monitor',
  'sistemnye-bloki': 'desktop',
  periferiya: 'keyboard',
  klaviatury: 'keyboard',
  myshi: 'mouse',
  'veb-kamery': 'camera',
  komplektuyushchie: 'gpu',
  videokarty: 'gpu',
  'ssd-nakopiteli': 'ssd',
  'bytovaya-tehnika': 'fridge',
  holodilniki: 'fridge',
  'morozilnye-kamery': 'fridge',
  'stiralnye-mashiny': 'washer',
  'sushilnye-mashiny': 'washer',
  'posudomoechnye-mashiny': 'dishwasher',
  pylesosy: 'vacuum',
  'pylesosy-dlya-doma': 'vacuum',
  'vertikalnye-pylesosy': 'stick-vacuum',
  'roboty-pylesosy': 'robot-vacuum',
  'klimaticheskaya-tehnika': 'aircon',
  kondicionery: 'aircon',
  obogrevateli: 'heater',
  'uvlazhniteli-vozduha': 'humidifier',
  vodonagrevateli: 'boiler',
  utyugi: 'iron',
  'tehnika-dlya-kuhni': 'microwave',
  'mikrovolnovye-pechi': 'microwave',
  elektrochayniki: 'kettle',
  kofemashiny: 'coffee',
  multivarki: 'multicooker',
  blendery: 'blender',
  'vstraivaemaya-tehnika': 'oven',
  'varochnye-paneli': 'hob',
  'duhovye-shkafy': 'oven',
  vytyazhki: 'hood',
  myasorubki: 'grinder',
  tostery: 'toaster',
  'krasota-i-zdorove': 'hairdryer',
  feny: 'hairdryer',
  elektrobritvy: 'shaver',
  trimmery: 'shaver',
  'elektricheskie-zubnye-shchetki': 'toothbrush',
  'staylery-i-vypryamiteli': 'hairdryer',
  'napolnye-vesy': 'scale',
  'foto-i-video': 'camera',
  fotoapparaty: 'camera',
  'bezzerkalnye-kamery': 'camera',
  'zerkalnye-fotoapparaty': 'camera',
  'ekshn-kamery': 'camera',
  obektivy: 'lens',
  kvadrokoptery: 'drone',
  'igry-i-razvlecheniya': 'gamepad',
  'igrovye-konsoli': 'console',
  geympady: 'gamepad',
  'igry-dlya-konsoley': 'game',
  'vr-garnitury': 'box',
  'cifrovye-tovary': 'card',
  'programmnoe-obespechenie': 'software',
  'podarochnye-karty-i-podpiski': 'card',
  'cifrovye-igry': 'game',
  antivirusy: 'software',
  uslugi: 'service',
  'remont-i-servis': 'service',
  'ustanovka-i-podklyuchenie': 'service',
  'nastroyka-tehniki': 'service',
  'dopolnitelnaya-garantiya': 'service',
};

/** The silhouette used for a category code; 'box' for unknown codes. */
export function pictureKindForCategory(code: string): PictureKind {
  return KIND_BY_CODE[code] ?? 'box';
}

/* ---------- colour helpers ---------- */

function parseHex(hex: string): [number, number, number] {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3)
    h = h
      .split('')
      .map((c) => c + c)
      .join('');
  if (!/^[0-9a-fA-F]{6}$/.test(h)) return [120, 124, 130];
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function toHex([r, g, b]: [number, number, number]): string {
  return (
    '#' +
    [r, g, b]
      .map((v) =>
        Math.round(Math.min(255, Math.max(0, v)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/** Mixes towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const rgb = parseHex(hex);
  const target = amount >= 0 ? 255 : 0;
  const a = Math.abs(amount);
  return toHex(rgb.map((v) => v + (target - v) * a) as [number, number, number]);
}

function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function normalizeHex(colorHex: string): string {
  return toHex(parseHex(colorHex.startsWith('#') ? colorHex : `#${colorHex}`));
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function hashText(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/* ---------- drawing kit ---------- */

interface Paint {
  body: string;
  dark: string;
  darker: string;
  light: string;
  line: string;
  screen: string;
  glass: string;
  shine: string;
  metal: string;
  /** Variation index 0..4 (from n). */
  v: number;
  /** Prefix of gradient ids, unique per picture so inlined SVGs do not share definitions. */
  id: string;
}

function paintFor(colorHex: string, v: number, key: string): Paint {
  const body = normalizeHex(colorHex);
  const lum = luminance(body);
  const id = `p${hashText(`${key}|${body}|${v}`).toString(36)}`;
  return {
    id,
    body,
    dark: shade(body, lum < 0.08 ? 0.18 : -0.22),
    darker: shade(body, lum < 0.08 ? 0.32 : -0.42),
    light: shade(body, lum > 0.7 ? -0.06 : 0.35),
    line: lum > 0.55 ? shade(body, -0.32) : shade(body, -0.45),
    screen: `url(#${id}s)`,
    glass: `url(#${id}g)`,
    shine: `url(#${id}h)`,
    metal: '#c9cdd3',
    v,
  };
}

const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string, extra = ''): string =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = ''): string =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
const path = (d: string, fill: string, extra = ''): string =>
  `<path d="${d}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
const stroke = (c: string, w = 2): string => `stroke="${c}" stroke-width="${w}"`;

const SCREEN_SETS: [string, string, string][] = [
  ['#1e3c72', '#2a5298', '#6dd5ed'],
  ['#41295a', '#2f0743', '#ff7eb3'],
  ['#0f2027', '#203a43', '#2c5364'],
  ['#ff512f', '#dd2476', '#5b2a86'],
  ['#134e5e', '#71b280', '#c6ffdd'],
];

function defs(p: Paint): string {
  const [a, b, c] = SCREEN_SETS[p.v % SCREEN_SETS.length] as [string, string, string];
  return (
    `<defs>` +
    `<linearGradient id="${p.id}s" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="0.55" stop-color="${b}"/><stop offset="1" stop-color="${c}"/></linearGradient>` +
    `<linearGradient id="${p.id}g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b3440"/><stop offset="0.5" stop-color="#11161c"/><stop offset="1" stop-color="#3a4654"/></linearGradient>` +
    `<linearGradient id="${p.id}h" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>` +
    `<radialGradient id="${p.id}b" cx="0.5" cy="0.42" r="0.7"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#eef0f3"/></radialGradient>` +
    `</defs>`
  );
}

/** Each drawing uses a 400×400 canvas; the product stands on y≈350. */
type Draw = (p: Paint) => string;

const DRAW: Record<PictureKind, Draw> = {
  phone: (p) =>
    rect(138, 48, 124, 296, 24, p.body, stroke(p.line)) +
    rect(146, 58, 108, 276, 18, p.screen) +
    rect(182, 66, 36, 9, 4.5, '#0b0f14') +
    rect(160, 110, 80, 12, 6, '#ffffff', 'opacity="0.35"') +
    rect(160, 130, 50, 8, 4, '#ffffff', 'opacity="0.25"') +
    [0, 1, 2, 3].map((i) => rect(160 + i * 21, 280, 16, 16, 5, '#ffffff', 'opacity="0.3"')).join('') +
    rect(262, 120, 4, 40, 2, p.dark),
  tablet: (p) =>
    rect(62, 92, 276, 200, 20, p.body, stroke(p.line)) +
    rect(74, 104, 252, 176, 12, p.screen) +
    circle(200, 98, 2.5, '#0b0f14') +
    [0, 1, 2].map((i) => rect(92 + i * 78, 200, 64, 58, 8, '#ffffff', 'opacity="0.22"')).join('') +
    rect(92, 126, 120, 14, 7, '#ffffff', 'opacity="0.35"'),
  ebook: (p) =>
    rect(122, 52, 156, 292, 16, p.body, stroke(p.line)) +
    rect(136, 68, 128, 226, 4, '#ecebe4') +
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
      .map((i) => rect(148, 86 + i * 18, i % 4 === 3 ? 70 : 104, 6, 3, '#9a9a94'))
      .join('') +
    rect(180, 308, 40, 14, 7, p.dark),
  laptop: (p) =>
    rect(82, 72, 236, 166, 12, p.body, stroke(p.line)) +
    rect(92, 82, 216, 146, 6, p.screen) +
    rect(180, 130, 40, 40, 10, '#ffffff', 'opacity="0.18"') +
    path('M46 244 L354 244 L340 268 Q336 274 326 274 L74 274 Q64 274 60 268 Z', p.body, stroke(p.line)) +
    rect(172, 244, 56, 7, 3.5, p.dark),
  monitor: (p) =>
    rect(52, 64, 296, 186, 10, p.darker, stroke(p.line)) +
    rect(60, 72, 280, 166, 4, p.screen) +
    rect(78, 92, 110, 14, 7, '#ffffff', 'opacity="0.3"') +
    rect(186, 250, 28, 58, 4, p.dark) +
    rect(132, 304, 136, 14, 7, p.dark),
  desktop: (p) =>
    rect(128, 42, 144, 304, 14, p.body, stroke(p.line)) +
    rect(142, 60, 116, 170, 8, p.glass, 'opacity="0.9"') +
    circle(176, 120, 22, 'none', stroke('#7dd3fc', 4)) +
    circle(224, 170, 22, 'none', stroke('#c084fc', 4)) +
    [0, 1, 2, 3, 4].map((i) => rect(148, 250 + i * 14, 104, 5, 2.5, p.dark)).join('') +
    circle(200, 330, 6, '#22c55e'),
  tv: (p) =>
    rect(34, 86, 332, 200, 8, p.darker, stroke(p.line)) +
    rect(42, 94, 316, 184, 3, p.screen) +
    path('M42 278 L150 170 L230 240 L290 190 L358 250 L358 278 Z', '#000000', 'opacity="0.18"') +
    circle(300, 140, 18, '#ffffff', 'opacity="0.35"') +
    path('M96 286 L80 318 L92 318 L110 286 Z', p.dark) +
    path('M304 286 L322 318 L310 318 L290 286 Z', p.dark),
  soundbar: (p) =>
    rect(30, 176, 340, 52, 26, p.body, stroke(p.line)) +
    Array.from(
      { length: 28 },
      (_, i) =>
        circle(64 + i * 10.5, 196, 2.2, p.darker, 'opacity="0.55"') +
        circle(64 + i * 10.5, 208, 2.2, p.darker, 'opacity="0.55"'),
    ).join('') +
    rect(180, 226, 40, 6, 3, p.dark) +
    rect(120, 280, 160, 60, 18, p.body, stroke(p.line) + ' opacity="0.9"') +
    circle(200, 310, 18, p.dark),
  speaker: (p) =>
    rect(70, 130, 260, 150, 75, p.body, stroke(p.line)) +
    rect(100, 150, 200, 110, 55, p.dark, 'opacity="0.55"') +
    Array.from({ length: 7 }, (_, r) =>
      Array.from({ length: 16 }, (_, c) => circle(118 + c * 11, 166 + r * 13, 2, p.darker, 'opacity="0.5"')).join(''),
    ).join('') +
    rect(180, 196, 40, 18, 6, p.light) +
    path('M90 150 Q60 205 90 262', 'none', stroke(p.darker, 8) + ' stroke-linecap="round"'),
  'smart-speaker': (p) =>
    rect(126, 86, 148, 236, 50, p.body, stroke(p.line)) +
    Array.from({ length: 11 }, (_, r) =>
      Array.from({ length: 8 }, (_, c) => circle(150 + c * 14, 150 + r * 14, 2, p.darker, 'opacity="0.4"')).join(''),
    ).join('') +
    `<ellipse cx="200" cy="100" rx="58" ry="10" fill="${p.dark}"/>` +
    `<ellipse cx="200" cy="100" rx="40" ry="6" fill="none" stroke="#a78bfa" stroke-width="3"/>`,
  headphones: (p) =>
    path('M108 230 Q100 76 200 70 Q300 76 292 230', 'none', stroke(p.body, 20) + ' stroke-linecap="round"') +
    path('M108 230 Q100 76 200 70 Q300 76 292 230', 'none', stroke(p.line, 2) + ' opacity="0.4"') +
    rect(78, 190, 66, 116, 30, p.body, stroke(p.line)) +
    rect(256, 190, 66, 116, 30, p.body, stroke(p.line)) +
    rect(122, 200, 26, 96, 12, p.darker) +
    rect(252, 200, 26, 96, 12, p.darker),
  watch: (p) =>
    rect(164, 34, 72, 332, 22, p.dark) +
    rect(126, 114, 148, 172, 42, p.body, stroke(p.line, 3)) +
    rect(138, 126, 124, 148, 32, '#0b0f14') +
    `<text x="200" y="210" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="40" font-weight="600" fill="#ffffff">10:09</text>` +
    circle(200, 242, 12, 'none', stroke('#22c55e', 4)) +
    rect(274, 170, 10, 34, 4, p.dark),
  band: (p) =>
    rect(170, 30, 60, 340, 28, p.body) +
    rect(150, 130, 100, 140, 46, p.darker, stroke(p.line, 2)) +
    rect(162, 144, 76, 112, 36, '#0b0f14') +
    `<text x="200" y="206" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="26" font-weight="600" fill="#ffffff">10:09</text>` +
    rect(180, 220, 40, 8, 4, '#f97316'),
  charger: (p) =>
    rect(176, 70, 14, 60, 4, p.metal) +
    rect(210, 70, 14, 60, 4, p.metal) +
    rect(126, 120, 148, 180, 30, p.body, stroke(p.line)) +
    rect(182, 250, 36, 12, 6, p.darker) +
    rect(176, 210, 48, 14, 7, p.darker) +
    rect(140, 136, 120, 10, 5, '#ffffff', 'opacity="0.18"'),
  powerbank: (p) =>
    rect(120, 64, 160, 276, 30, p.body, stroke(p.line)) +
    [0, 1, 2, 3].map((i) => circle(170 + i * 20, 300, 5, i < 3 ? '#22c55e' : p.darker)).join('') +
    rect(178, 64, 44, 10, 5, p.darker) +
    rect(136, 84, 16, 200, 8, '#ffffff', 'opacity="0.15"'),
  keyboard: (p) =>
    rect(24, 140, 352, 124, 14, p.body, stroke(p.line)) +
    Array.from({ length: 5 }, (_, r) =>
      Array.from({ length: 15 }, (_, c) =>
        rect(38 + c * 22, 154 + r * 20, 18, 16, 3, p.light, stroke(p.line, 0.6)),
      ).join(''),
    ).join('') +
    rect(104, 234, 170, 16, 3, p.light, stroke(p.line, 0.6)),
  mouse: (p) =>
    path(
      'M200 70 C270 70 290 150 288 220 C286 300 250 340 200 340 C150 340 114 300 112 220 C110 150 130 70 200 70 Z',
      p.body,
      stroke(p.line),
    ) +
    path('M200 72 L200 170', 'none', stroke(p.line, 2)) +
    rect(192, 106, 16, 36, 8, p.darker) +
    path('M118 200 Q200 220 282 200', 'none', stroke(p.line, 1.5) + ' opacity="0.6"'),
  gpu: (p) =>
    rect(40, 130, 320, 136, 14, p.darker, stroke(p.line)) +
    [130, 270]
      .map(
        (cx) =>
          circle(cx, 198, 52, p.dark) +
          circle(cx, 198, 18, p.body) +
          Array.from(
            { length: 7 },
            (_, i) =>
              `<path d="M${cx} ${198} l${Math.round(44 * Math.cos((i * 2 * Math.PI) / 7))} ${Math.round(44 * Math.sin((i * 2 * Math.PI) / 7))}" stroke="${p.body}" stroke-width="6" stroke-linecap="round"/>`,
          ).join(''),
      )
      .join('') +
    rect(60, 266, 220, 14, 3, '#d4a72c') +
    rect(24, 120, 16, 170, 3, p.metal),
  ssd: (p) =>
    rect(60, 170, 280, 70, 8, p.darker, stroke(p.line)) +
    rect(96, 180, 110, 50, 4, p.body) +
    rect(218, 182, 44, 44, 4, '#111827') +
    rect(272, 182, 44, 44, 4, '#111827') +
    Array.from({ length: 10 }, (_, i) =>
      rect(322 + (i % 2) * 8, 178 + Math.floor(i / 2) * 12, 6, 8, 1, '#d4a72c'),
    ).join(''),
  fridge: (p) =>
    rect(118, 34, 164, 322, 16, p.body, stroke(p.line)) +
    path('M118 232 L282 232', 'none', stroke(p.line, 2.5)) +
    rect(132, 90, 9, 100, 4.5, p.dark) +
    rect(132, 250, 9, 70, 4.5, p.dark) +
    rect(206, 60, 56, 24, 6, p.darker, 'opacity="0.85"') +
    `<text x="234" y="77" text-anchor="middle" font-family="system-ui, sans-serif" font-size="13" fill="#7dd3fc">+4°</text>` +
    rect(150, 40, 30, 310, 10, p.shine),
  washer: (p) =>
    rect(96, 62, 208, 276, 16, p.body, stroke(p.line)) +
    path('M96 118 L304 118', 'none', stroke(p.line, 2)) +
    rect(114, 80, 70, 24, 6, p.darker) +
    circle(266, 91, 15, p.light, stroke(p.line)) +
    circle(228, 91, 6, p.dark) +
    circle(200, 228, 82, p.dark, stroke(p.line, 3)) +
    circle(200, 228, 62, p.glass) +
    path('M166 210 Q200 186 234 210', 'none', stroke('#ffffff', 4) + ' opacity="0.25" stroke-linecap="round"'),
  dishwasher: (p) =>
    rect(104, 58, 192, 284, 14, p.body, stroke(p.line)) +
    rect(104, 58, 192, 44, 14, p.dark) +
    rect(120, 70, 64, 20, 5, '#0b0f14') +
    `<text x="152" y="85" text-anchor="middle" font-family="system-ui, sans-serif" font-size="13" fill="#34d399">1:45</text>` +
    [0, 1, 2].map((i) => circle(214 + i * 22, 80, 6, p.light)).join('') +
    rect(140, 118, 120, 10, 5, p.darker) +
    rect(150, 40, 26, 296, 10, p.shine),
  vacuum: (p) =>
    path('M150 232 C150 120 260 110 262 70', 'none', stroke(p.darker, 12) + ' stroke-linecap="round"') +
    path('M262 70 L300 330', 'none', stroke(p.metal, 9) + ' stroke-linecap="round"') +
    rect(258, 326, 96, 18, 8, p.darker) +
    rect(72, 214, 190, 116, 58, p.body, stroke(p.line)) +
    rect(100, 232, 90, 40, 20, p.glass, 'opacity="0.75"') +
    circle(110, 330, 16, p.darker) +
    circle(226, 330, 16, p.darker),
  'stick-vacuum': (p) =>
    path('M214 150 L190 326', 'none', stroke(p.metal, 10) + ' stroke-linecap="round"') +
    rect(140, 322, 110, 24, 10, p.darker) +
    rect(176, 54, 80, 120, 36, p.body, stroke(p.line)) +
    rect(188, 90, 40, 64, 18, p.glass, 'opacity="0.7"') +
    path('M250 70 Q300 70 296 120 Q292 160 248 150', 'none', stroke(p.dark, 12) + ' stroke-linecap="round"'),
  'robot-vacuum': (p) =>
    `<ellipse cx="200" cy="220" rx="150" ry="112" fill="${p.body}" ${stroke(p.line)}/>` +
    `<ellipse cx="200" cy="212" rx="118" ry="86" fill="${p.dark}" opacity="0.35"/>` +
    `<ellipse cx="200" cy="176" rx="34" ry="22" fill="${p.darker}"/>` +
    path('M70 246 Q200 330 330 246', 'none', stroke(p.darker, 6) + ' opacity="0.6"') +
    circle(248, 226, 7, '#22c55e'),
  aircon: (p) =>
    rect(34, 132, 332, 112, 24, p.body, stroke(p.line)) +
    rect(60, 212, 280, 12, 6, p.darker, 'opacity="0.8"') +
    rect(276, 154, 56, 22, 6, '#0b0f14') +
    `<text x="304" y="170" text-anchor="middle" font-family="system-ui, sans-serif" font-size="14" fill="#38bdf8">22°</text>` +
    path(
      'M120 262 Q130 292 112 318 M200 262 Q210 292 192 318 M280 262 Q290 292 272 318',
      'none',
      stroke('#93c5fd', 4) + ' stroke-linecap="round" opacity="0.8"',
    ),
  heater: (p) =>
    Array.from({ length: 7 }, (_, i) => rect(84 + i * 34, 86, 28, 236, 14, p.body, stroke(p.line))).join('') +
    rect(80, 300, 242, 18, 8, p.dark) +
    rect(312, 150, 40, 70, 10, p.dark) +
    circle(104, 336, 10, p.darker) +
    circle(300, 336, 10, p.darker),
  boiler: (p) =>
    rect(124, 40, 152, 300, 70, p.body, stroke(p.line)) +
    circle(200, 210, 30, p.light, stroke(p.line)) +
    path('M200 190 L200 210 L214 220', 'none', stroke(p.darker, 4) + ' stroke-linecap="round"') +
    rect(168, 338, 12, 24, 3, p.metal) +
    rect(220, 338, 12, 24, 3, p.metal) +
    rect(150, 48, 24, 280, 12, p.shine),
  humidifier: (p) =>
    path('M130 330 L142 130 Q200 108 258 130 L270 330 Z', p.body, stroke(p.line)) +
    rect(150, 170, 100, 110, 30, '#bfe3f5', 'opacity="0.7"') +
    path('M186 120 Q176 90 192 66 M214 120 Q224 92 208 62', 'none', stroke('#cbd5e1', 6) + ' stroke-linecap="round"') +
    circle(200, 306, 8, '#38bdf8'),
  iron: (p) =>
    path('M70 292 L330 292 Q342 258 308 242 L156 218 Q86 220 70 292 Z', p.body, stroke(p.line)) +
    rect(70, 292, 262, 14, 6, p.metal, stroke(p.line, 1)) +
    path('M150 224 Q164 142 240 150 Q286 156 300 240', 'none', stroke(p.dark, 18) + ' stroke-linecap="round"') +
    circle(230, 250, 10, p.light),
  microwave: (p) =>
    rect(52, 104, 296, 192, 14, p.body, stroke(p.line)) +
    rect(68, 120, 206, 160, 8, p.glass) +
    rect(84, 136, 90, 10, 5, '#ffffff', 'opacity="0.15"') +
    rect(284, 124, 52, 26, 6, '#0b0f14') +
    `<text x="310" y="142" text-anchor="middle" font-family="system-ui, sans-serif" font-size="14" fill="#34d399">12:00</text>` +
    [0, 1, 2, 3]
      .map((i) => circle(298 + (i % 2) * 24, 178 + Math.floor(i / 2) * 26, 8, p.light, stroke(p.line, 1)))
      .join('') +
    circle(310, 254, 14, p.light, stroke(p.line, 1)),
  oven: (p) =>
    rect(76, 56, 248, 288, 12, p.body, stroke(p.line)) +
    rect(76, 56, 248, 50, 12, p.dark) +
    circle(112, 81, 13, p.light) +
    circle(288, 81, 13, p.light) +
    rect(170, 70, 60, 22, 5, '#0b0f14') +
    rect(108, 128, 184, 10, 5, p.metal) +
    rect(98, 150, 204, 170, 10, p.glass),
  kettle: (p) =>
    path('M128 318 L142 140 Q200 118 258 140 L272 318 Z', p.body, stroke(p.line)) +
    rect(118, 316, 164, 24, 10, p.dark) +
    path('M262 160 Q330 170 322 240 Q316 290 270 296', 'none', stroke(p.body, 18) + ' stroke-linecap="round"') +
    path('M142 160 L96 136 L104 126 L146 146 Z', p.body, stroke(p.line)) +
    `<ellipse cx="200" cy="134" rx="54" ry="10" fill="${p.dark}"/>` +
    rect(192, 118, 16, 14, 6, p.darker) +
    rect(154, 180, 12, 100, 6, '#9fd3f5', 'opacity="0.6"'),
  coffee: (p) =>
    rect(116, 52, 168, 288, 18, p.body, stroke(p.line)) +
    rect(116, 52, 168, 56, 18, p.darker) +
    rect(140, 128, 120, 140, 10, '#20252c') +
    rect(186, 128, 28, 26, 6, p.metal) +
    path('M176 212 L224 212 L220 252 Q200 262 180 252 Z', '#f8fafc') +
    path('M224 220 Q238 224 232 240 Q228 246 221 244', 'none', stroke('#f8fafc', 4)) +
    rect(132, 276, 136, 14, 5, p.dark) +
    circle(160, 82, 8, p.light) +
    circle(240, 82, 8, p.light),
  multicooker: (p) =>
    rect(96, 150, 208, 166, 56, p.body, stroke(p.line)) +
    path('M104 176 Q110 110 200 106 Q290 110 296 176 Z', p.dark, stroke(p.line)) +
    rect(168, 220, 64, 32, 8, '#0b0f14') +
    `<text x="200" y="242" text-anchor="middle" font-family="system-ui, sans-serif" font-size="15" fill="#f59e0b">0:35</text>` +
    rect(180, 94, 40, 14, 7, p.darker),
  blender: (p) =>
    path('M142 70 L258 70 L242 250 L158 250 Z', '#dbeaf5', 'opacity="0.85" ' + stroke('#94a3b8', 2)) +
    path('M158 180 L242 180 L238 250 L162 250 Z', '#f59e0b', 'opacity="0.55"') +
    rect(134, 58, 132, 20, 8, p.dark) +
    rect(136, 248, 128, 88, 18, p.body, stroke(p.line)) +
    circle(200, 292, 16, p.light, stroke(p.line)),
  hob: (p) =>
    rect(52, 52, 296, 296, 18, '#15181c', stroke(p.body, 6)) +
    [
      [132, 132, 46],
      [268, 132, 36],
      [132, 268, 36],
      [268, 268, 46],
    ]
      .map(
        ([x, y, r]) =>
          circle(x as number, y as number, r as number, 'none', stroke('#6b7280', 3)) +
          circle(x as number, y as number, (r as number) - 14, 'none', stroke('#4b5563', 2)),
      )
      .join('') +
    rect(160, 316, 80, 14, 6, '#2a2f36'),
  hood: (p) =>
    rect(168, 30, 64, 130, 4, p.body, stroke(p.line)) +
    path('M84 240 L316 240 L262 156 L138 156 Z', p.body, stroke(p.line)) +
    rect(84, 238, 232, 18, 4, p.dark) +
    circle(140, 247, 4, '#fde68a') +
    circle(260, 247, 4, '#fde68a') +
    path('M130 280 L270 280', 'none', stroke('#fde68a', 2) + ' opacity="0.5"'),
  toaster: (p) =>
    rect(74, 136, 252, 178, 44, p.body, stroke(p.line)) +
    rect(118, 136, 60, 10, 5, p.darker) +
    rect(222, 136, 60, 10, 5, p.darker) +
    rect(314, 190, 22, 40, 8, p.dark) +
    circle(200, 256, 14, p.light, stroke(p.line)) +
    rect(96, 300, 208, 16, 8, p.dark),
  grinder: (p) =>
    rect(86, 200, 150, 120, 30, p.body, stroke(p.line)) +
    rect(226, 176, 96, 56, 18, p.metal, stroke(p.line)) +
    rect(248, 120, 44, 66, 12, p.metal, stroke(p.line)) +
    circle(322, 204, 20, p.darker) +
    rect(110, 318, 110, 14, 6, p.dark),
  hairdryer: (p) =>
    rect(66, 106, 232, 96, 48, p.body, stroke(p.line)) +
    rect(44, 120, 40, 68, 14, p.dark) +
    circle(280, 154, 34, p.dark) +
    circle(280, 154, 22, p.darker) +
    path('M214 196 L250 330 Q254 344 240 346 L214 346 Q202 346 200 334 L186 200 Z', p.body, stroke(p.line)) +
    rect(210, 236, 14, 30, 6, p.light),
  shaver: (p) =>
    rect(146, 122, 108, 226, 48, p.body, stroke(p.line)) +
    rect(132, 58, 136, 78, 24, p.metal, stroke(p.line)) +
    [160, 200, 240]
      .map((x) => circle(x, 97, 16, '#d1d5db', stroke('#6b7280', 2)) + circle(x, 97, 6, '#9ca3af'))
      .join('') +
    circle(200, 196, 14, p.light, stroke(p.line, 1.5)) +
    rect(186, 260, 28, 60, 12, p.dark, 'opacity="0.4"'),
  toothbrush: (p) =>
    rect(170, 140, 60, 210, 28, p.body, stroke(p.line)) +
    rect(186, 64, 28, 90, 12, '#f8fafc', stroke('#cbd5e1', 2)) +
    rect(180, 34, 40, 44, 14, '#f8fafc', stroke('#cbd5e1', 2)) +
    Array.from({ length: 3 }, (_, r) =>
      Array.from({ length: 3 }, (_, c) => circle(190 + c * 10, 46 + r * 10, 3.5, '#60a5fa')).join(''),
    ).join('') +
    circle(200, 200, 12, p.light, stroke(p.line, 1.5)) +
    circle(200, 236, 4, '#22c55e'),
  scale: (p) =>
    rect(64, 70, 272, 272, 42, p.body, stroke(p.line)) +
    rect(150, 96, 100, 42, 10, '#0b0f14') +
    `<text x="200" y="126" text-anchor="middle" font-family="system-ui, sans-serif" font-size="24" font-weight="600" fill="#e5e7eb">72,4</text>` +
    rect(100, 240, 70, 80, 22, p.dark, 'opacity="0.25"') +
    rect(230, 240, 70, 80, 22, p.dark, 'opacity="0.25"'),
  camera: (p) =>
    rect(54, 122, 292, 190, 22, p.body, stroke(p.line)) +
    path('M150 122 L168 86 L232 86 L250 122 Z', p.body, stroke(p.line)) +
    rect(54, 150, 52, 160, 20, p.dark) +
    circle(214, 218, 76, p.darker, stroke(p.line)) +
    circle(214, 218, 58, p.dark) +
    circle(214, 218, 40, p.glass) +
    circle(200, 204, 10, '#ffffff', 'opacity="0.25"') +
    rect(288, 100, 34, 18, 6, p.dark) +
    circle(318, 148, 8, '#ef4444'),
  lens: (p) =>
    rect(120, 96, 160, 224, 20, p.body, stroke(p.line)) +
    [130, 180, 250].map((y) => rect(120, y, 160, 26, 6, p.darker)).join('') +
    Array.from({ length: 20 }, (_, i) => rect(124 + i * 8, 184, 3, 18, 1.5, p.dark)).join('') +
    `<ellipse cx="200" cy="96" rx="80" ry="18" fill="${p.darker}"/>` +
    `<ellipse cx="200" cy="96" rx="62" ry="12" fill="${p.glass}"/>`,
  drone: (p) =>
    [
      [92, 120],
      [308, 120],
      [92, 290],
      [308, 290],
    ]
      .map(
        ([x, y]) =>
          path(`M200 205 L${x} ${y}`, 'none', stroke(p.dark, 14) + ' stroke-linecap="round"') +
          `<ellipse cx="${x}" cy="${(y as number) - 14}" rx="62" ry="9" fill="${p.darker}" opacity="0.55"/>` +
          circle(x as number, y as number, 12, p.dark),
      )
      .join('') +
    rect(146, 160, 108, 96, 30, p.body, stroke(p.line)) +
    circle(200, 262, 18, p.glass),
  console: (p) =>
    path('M150 50 Q176 40 190 60 L190 346 L146 346 Q134 346 136 332 L140 70 Q142 56 150 50 Z', p.body, stroke(p.line)) +
    path('M250 50 Q224 40 210 60 L210 346 L254 346 Q266 346 264 332 L260 70 Q258 56 250 50 Z', p.body, stroke(p.line)) +
    rect(188, 56, 24, 290, 8, '#111827') +
    circle(200, 300, 4, '#60a5fa'),
  gamepad: (p) =>
    path(
      'M104 160 Q124 118 200 124 Q276 118 296 160 L334 276 Q342 318 304 320 Q282 322 266 292 L248 258 L152 258 L134 292 Q118 322 96 320 Q58 318 66 276 Z',
      p.body,
      stroke(p.line),
    ) +
    circle(156, 218, 22, p.darker) +
    circle(244, 218, 22, p.darker) +
    circle(156, 218, 12, p.dark) +
    circle(244, 218, 12, p.dark) +
    rect(112, 164, 12, 36, 3, p.darker) +
    rect(100, 176, 36, 12, 3, p.darker) +
    [
      [288, 166, '#22c55e'],
      [306, 184, '#ef4444'],
      [270, 184, '#3b82f6'],
      [288, 202, '#eab308'],
    ]
      .map(([x, y, c]) => circle(x as number, y as number, 8, c as string))
      .join(''),
  game: (p) =>
    rect(112, 52, 176, 290, 10, p.body, stroke(p.line)) +
    rect(112, 52, 176, 40, 10, p.darker) +
    `<text x="200" y="79" text-anchor="middle" font-family="system-ui, sans-serif" font-size="18" font-weight="700" fill="#ffffff">GAME</text>` +
    rect(128, 106, 144, 180, 6, p.screen) +
    path('M140 270 L180 190 L210 240 L232 214 L262 270 Z', '#000000', 'opacity="0.25"') +
    rect(128, 300, 80, 10, 5, p.light) +
    rect(244, 296, 28, 28, 4, '#ffffff'),
  card: (p) =>
    rect(58, 112, 284, 178, 20, p.body, stroke(p.line)) +
    rect(58, 112, 284, 178, 20, p.shine) +
    rect(86, 160, 44, 34, 6, '#e5c76b', stroke('#b8963e', 1.5)) +
    circle(288, 248, 20, '#ffffff', 'opacity="0.45"') +
    circle(264, 248, 20, '#ffffff', 'opacity="0.3"') +
    rect(86, 222, 130, 12, 6, '#ffffff', 'opacity="0.55"') +
    rect(86, 244, 80, 10, 5, '#ffffff', 'opacity="0.4"'),
  software: (p) =>
    path('M110 110 L230 80 L300 110 L180 140 Z', p.light, stroke(p.line)) +
    path('M110 110 L180 140 L180 340 L110 310 Z', p.body, stroke(p.line)) +
    path('M180 140 L300 110 L300 310 L180 340 Z', p.dark, stroke(p.line)) +
    path('M210 190 L270 175 L270 235 L210 250 Z', '#ffffff', 'opacity="0.3"') +
    circle(240, 212, 16, '#ffffff', 'opacity="0.6"'),
  service: (p) =>
    circle(200, 200, 140, p.light, 'opacity="0.45"') +
    `<g transform="rotate(-45 200 200)">` +
    rect(186, 170, 28, 170, 14, p.body, stroke(p.line)) +
    circle(200, 130, 50, p.body, stroke(p.line)) +
    rect(186, 72, 28, 58, 6, '#f4f5f7') +
    circle(200, 316, 6, p.dark) +
    `</g>` +
    `<g transform="rotate(45 200 200)">` +
    rect(194, 70, 12, 150, 4, p.metal, stroke('#9ca3af', 1)) +
    path('M194 70 L200 56 L206 70 Z', p.metal) +
    rect(178, 214, 44, 120, 16, p.dark, stroke(p.line)) +
    rect(188, 232, 6, 84, 3, '#ffffff', 'opacity="0.25"') +
    `</g>`,
  box: (p) =>
    path('M96 130 L200 90 L304 130 L200 170 Z', p.light, stroke(p.line)) +
    path('M96 130 L200 170 L200 330 L96 290 Z', p.body, stroke(p.line)) +
    path('M200 170 L304 130 L304 290 L200 330 Z', p.dark, stroke(p.line)) +
    path('M148 110 L252 150 L252 190 L240 184 L240 156 L136 116 Z', '#ffffff', 'opacity="0.35"'),
};

/* ---------- forms: distinct drawings within a category ---------- */

const label = (x: number, y: number, text: string, fill: string, size = 13): string =>
  `<text x="${x}" y="${y}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${size}" fill="${fill}">${text}</text>`;

function phoneFront(p: Paint, cutout: string, rx = 24): string {
  return (
    rect(138, 48, 124, 296, rx, p.body, stroke(p.line)) +
    rect(145, 55, 110, 282, rx - 6, p.screen) +
    cutout +
    rect(160, 110, 80, 12, 6, '#ffffff', 'opacity="0.35"') +
    rect(160, 130, 50, 8, 4, '#ffffff', 'opacity="0.25"') +
    [0, 1, 2, 3].map((i) => rect(160 + i * 21, 280, 16, 16, 5, '#ffffff', 'opacity="0.3"')).join('') +
    rect(262, 120, 4, 40, 2, p.dark)
  );
}

const lens = (cx: number, cy: number, r: number, p: Paint): string =>
  circle(cx, cy, r, p.glass, stroke(p.darker, 2)) +
  circle(cx - r * 0.3, cy - r * 0.3, r * 0.25, '#ffffff', 'opacity="0.35"');

function tvDraw(inches: number, width: number, stand: 'feet' | 'center' | 'pedestal', bezel: number): Draw {
  const x = 200 - width / 2;
  const height = Math.round(width * 0.58);
  const y = 300 - height;
  return (p) =>
    rect(x, y, width, height, 6, p.darker, stroke(p.line)) +
    rect(x + bezel, y + bezel, width - bezel * 2, height - bezel * 2, 2, p.screen) +
    path(
      `M${x + bezel} ${y + height - bezel} L${x + width * 0.3} ${y + height * 0.45} L${x + width * 0.55} ${y + height * 0.75} L${x + width * 0.75} ${y + height * 0.5} L${x + width - bezel} ${y + height * 0.8} L${x + width - bezel} ${y + height - bezel} Z`,
      '#000000',
      'opacity="0.18"',
    ) +
    circle(x + width * 0.78, y + height * 0.28, height * 0.09, '#ffffff', 'opacity="0.35"') +
    (stand === 'feet'
      ? path(`M${x + 30} ${y + height} L${x + 18} 336 L${x + 30} 336 L${x + 44} ${y + height} Z`, p.dark) +
        path(
          `M${x + width - 30} ${y + height} L${x + width - 18} 336 L${x + width - 30} 336 L${x + width - 44} ${y + height} Z`,
          p.dark,
        )
      : stand === 'center'
        ? rect(190, y + height, 20, 336 - y - height - 8, 3, p.dark) + rect(150, 328, 100, 10, 5, p.dark)
        : rect(120, y + height, 160, 6, 3, p.dark) +
          path(`M130 ${y + height + 6} L270 ${y + height + 6} L280 338 L120 338 Z`, p.darker)) +
    label(x + width - 26, y + height - 6, `${inches}"`, '#ffffff', 11);
}

/** Drawings of a form; the key is the `form` segment of the picture address. */
const FORM_DRAW: Record<string, Draw> = {
  'single-door': (p) =>
    rect(128, 150, 144, 206, 14, p.body, stroke(p.line)) +
    rect(128, 150, 144, 26, 12, p.dark) +
    circle(252, 163, 5, '#22c55e') +
    rect(142, 200, 9, 70, 4.5, p.dark) +
    rect(160, 156, 26, 196, 10, p.shine),
  'top-freezer': (p) =>
    rect(118, 34, 164, 322, 16, p.body, stroke(p.line)) +
    path('M118 128 L282 128', 'none', stroke(p.line, 2.5)) +
    rect(132, 60, 9, 50, 4.5, p.dark) +
    rect(132, 150, 9, 110, 4.5, p.dark) +
    rect(150, 40, 30, 310, 10, p.shine),
  'two-door': (p) => DRAW.fridge(p),
  'side-by-side': (p) =>
    rect(62, 40, 276, 316, 14, p.body, stroke(p.line)) +
    path('M200 40 L200 356', 'none', stroke(p.line, 3)) +
    rect(186, 110, 8, 150, 4, p.dark) +
    rect(206, 110, 8, 150, 4, p.dark) +
    rect(96, 100, 64, 92, 8, p.darker, stroke(p.line, 1.5)) +
    rect(110, 150, 36, 30, 4, '#0b0f14') +
    label(128, 122, '−18°', '#7dd3fc', 12) +
    rect(78, 46, 24, 304, 10, p.shine) +
    rect(222, 46, 24, 304, 10, p.shine),
  'french-door': (p) =>
    rect(80, 40, 240, 316, 14, p.body, stroke(p.line)) +
    path('M200 40 L200 214 M80 214 L320 214 M80 286 L320 286', 'none', stroke(p.line, 2.5)) +
    rect(188, 90, 7, 100, 3.5, p.dark) +
    rect(205, 90, 7, 100, 3.5, p.dark) +
    rect(150, 226, 100, 8, 4, p.dark) +
    rect(150, 298, 100, 8, 4, p.dark) +
    rect(226, 60, 62, 24, 6, p.darker) +
    label(257, 77, '+3°', '#7dd3fc', 13) +
    rect(96, 46, 24, 304, 10, p.shine),
  'built-in': (p) =>
    // A kitchen column with the fridge behind its furniture door, the door ajar on the white interior.
    rect(70, 20, 260, 336, 4, '#c9a27e', stroke('#8d6a4b')) +
    rect(84, 34, 160, 150, 3, '#d8b894', stroke('#8d6a4b', 1.5)) +
    rect(84, 194, 160, 148, 3, '#d8b894', stroke('#8d6a4b', 1.5)) +
    rect(226, 90, 6, 50, 3, '#5b4636') +
    rect(226, 250, 6, 50, 3, '#5b4636') +
    path('M244 34 L316 20 L316 356 L244 342 Z', shade(p.body, 0.1), stroke(p.line)) +
    [0, 1, 2, 3].map((i) => path(`M250 ${80 + i * 62} L310 ${72 + i * 64}`, 'none', stroke(p.line, 2))).join('') +
    label(278, 60, '+4°', '#2563eb', 12),
  'top-load': (p) =>
    rect(130, 70, 140, 270, 14, p.body, stroke(p.line)) +
    rect(130, 70, 140, 46, 12, p.dark) +
    rect(146, 82, 56, 20, 5, '#0b0f14') +
    label(174, 97, '1:20', '#34d399', 12) +
    circle(244, 92, 11, p.light, stroke(p.line)) +
    path('M140 124 L260 124', 'none', stroke(p.line, 2)) +
    rect(150, 140, 100, 6, 3, p.dark),
  iphone: (p) => phoneFront(p, rect(180, 64, 40, 12, 6, '#0b0f14'), 26),
  galaxy: (p) => phoneFront(p, circle(200, 68, 5, '#0b0f14'), 16),
  'round-camera': (p) => phoneFront(p, circle(160, 68, 5, '#0b0f14'), 22),
  'square-camera': (p) => phoneFront(p, circle(200, 66, 4, '#0b0f14'), 20),
  'pill-camera': (p) => phoneFront(p, path('M186 55 Q200 74 214 55 Z', '#0b0f14'), 24),
  'tv-32': tvDraw(32, 200, 'feet', 9),
  'tv-43': tvDraw(43, 260, 'feet', 8),
  'tv-55': tvDraw(55, 310, 'center', 6),
  'tv-75': tvDraw(75, 360, 'pedestal', 4),
};

const FORM_BACK: Record<string, Draw> = {
  iphone: (p) =>
    rect(138, 48, 124, 296, 26, p.body, stroke(p.line)) +
    rect(148, 58, 66, 66, 18, p.dark, stroke(p.line, 1.5)) +
    lens(166, 76, 11, p) +
    lens(196, 76, 11, p) +
    lens(166, 106, 11, p) +
    circle(196, 106, 5, '#fef3c7') +
    circle(200, 196, 16, p.dark, 'opacity="0.5"'),
  galaxy: (p) =>
    rect(138, 48, 124, 296, 16, p.body, stroke(p.line)) +
    lens(164, 76, 11, p) +
    lens(164, 106, 11, p) +
    lens(164, 136, 11, p) +
    circle(190, 76, 4, '#fef3c7') +
    label(200, 318, 'SAMSUNG', p.dark, 10),
  'round-camera': (p) =>
    rect(138, 48, 124, 296, 22, p.body, stroke(p.line)) +
    circle(200, 110, 44, p.dark, stroke(p.line, 2)) +
    lens(184, 96, 12, p) +
    lens(216, 96, 12, p) +
    lens(200, 126, 12, p) +
    circle(236, 128, 4, '#fef3c7'),
  'square-camera': (p) =>
    rect(138, 48, 124, 296, 20, p.body, stroke(p.line)) +
    rect(148, 58, 80, 80, 14, p.darker, stroke(p.line, 1.5)) +
    lens(170, 80, 13, p) +
    lens(206, 80, 13, p) +
    lens(170, 116, 13, p) +
    lens(206, 116, 8, p),
  'pill-camera': (p) =>
    rect(138, 48, 124, 296, 24, p.body, stroke(p.line)) +
    rect(150, 60, 34, 96, 17, p.dark, stroke(p.line, 1.5)) +
    lens(167, 80, 11, p) +
    lens(167, 112, 11, p) +
    circle(167, 140, 4, '#fef3c7'),
};

/** Where the detail view looks (x, y on the 400×400 drawing). */
const FORM_FOCUS: Record<string, [number, number]> = {
  'single-door': [200, 190],
  'top-freezer': [160, 120],
  'two-door': [234, 90],
  'side-by-side': [128, 150],
  'french-door': [257, 90],
  'built-in': [280, 120],
  'top-load': [190, 95],
  iphone: [185, 90],
  galaxy: [170, 105],
  'round-camera': [200, 110],
  'square-camera': [188, 98],
  'pill-camera': [167, 110],
};
const KIND_FOCUS: Partial<Record<PictureKind, [number, number]>> = {
  fridge: [234, 90],
  washer: [200, 100],
  phone: [200, 90],
  laptop: [200, 250],
  tv: [300, 250],
};

/** The picture forms the seed gives products (pictureFormOf in seed/products.ts). */
export const PICTURE_FORMS: readonly string[] = Object.keys(FORM_DRAW);

/** Alternative (back) views where they exist. */
const BACK: Partial<Record<PictureKind, Draw>> = {
  phone: (p) =>
    rect(138, 48, 124, 296, 24, p.body, stroke(p.line)) +
    rect(150, 62, 60, 74, 16, p.dark, stroke(p.line, 1.5)) +
    circle(166, 82, 11, p.glass, stroke(p.darker, 2)) +
    circle(194, 82, 11, p.glass, stroke(p.darker, 2)) +
    circle(166, 114, 11, p.glass, stroke(p.darker, 2)) +
    circle(194, 114, 5, '#fef3c7') +
    rect(150, 60, 18, 270, 9, p.shine),
  tablet: (p) =>
    rect(62, 92, 276, 200, 20, p.body, stroke(p.line)) +
    rect(78, 106, 40, 40, 12, p.dark) +
    circle(92, 120, 7, p.glass) +
    circle(106, 134, 5, p.glass),
  laptop: (p) =>
    rect(82, 72, 236, 200, 14, p.body, stroke(p.line)) +
    circle(200, 172, 22, p.light, 'opacity="0.6"') +
    rect(96, 84, 30, 176, 12, p.shine),
  tv: (p) =>
    rect(34, 86, 332, 200, 8, p.darker, stroke(p.line)) +
    rect(120, 130, 160, 110, 12, p.dark) +
    [0, 1, 2].map((i) => rect(140 + i * 44, 214, 30, 10, 3, '#111')).join('') +
    path('M96 286 L80 318 L92 318 L110 286 Z', p.dark) +
    path('M304 286 L322 318 L310 318 L290 286 Z', p.dark),
  band: (p) =>
    rect(170, 30, 60, 340, 28, p.body) +
    rect(150, 130, 100, 140, 46, p.darker, stroke(p.line, 2)) +
    circle(200, 200, 22, '#111827') +
    circle(192, 200, 4, '#22c55e') +
    circle(208, 200, 4, '#ef4444'),
  watch: (p) =>
    rect(164, 34, 72, 332, 22, p.dark) +
    rect(126, 114, 148, 172, 42, p.body, stroke(p.line, 3)) +
    circle(200, 200, 46, p.darker) +
    circle(200, 200, 20, '#0b0f14'),
};

/** The drawing turned by about 30° (side 1 right, −1 left): it leans and narrows, its depth drawn behind it. */
function turned(draw: Draw, p: Paint, side: 1 | -1): string {
  const flat = (c: string): Paint => ({ ...p, body: c, light: c, screen: c, glass: c, shine: 'none' });
  return (
    `<g transform="translate(200 205) matrix(0.84 ${0.07 * side} 0 1 0 0) scale(0.92) translate(-200 -205)">` +
    `<g transform="translate(${16 * side} -10)">${draw(flat(p.darker))}</g>` +
    `<g transform="translate(${8 * side} -5)">${draw(flat(p.dark))}</g>` +
    draw(p) +
    `</g>`
  );
}

/**
 * View `n` of the gallery: 1 front, 2 at an angle (the front turned, with its side), 3 the back where
 * the drawing has one, else turned the other way, 4 the detail (a close-up of the handle, display or cameras),
 * 5 the front on a tinted disc; further numbers repeat.
 */
function view(kind: PictureKind, form: string, p: Paint, n: number): string {
  const v = (((n - 1) % 5) + 5) % 5;
  const draw = FORM_DRAW[form] ?? DRAW[kind];
  const front = draw(p);
  const [fx, fy] = FORM_FOCUS[form] ?? KIND_FOCUS[kind] ?? [200, 160];
  const detail = `<g transform="translate(200 200) scale(2.3) translate(${-fx} ${-fy})">${front}</g>`;
  switch (v) {
    case 1:
      return turned(draw, p, 1);
    case 2: {
      // The back where the drawing has one (a form without its own back has none), else turned the other way.
      const back = FORM_BACK[form] ?? (FORM_DRAW[form] ? undefined : BACK[kind]);
      return back ? back(p) : turned(draw, p, -1);
    }
    case 3:
      return detail;
    case 4:
      return `<circle cx="200" cy="200" r="150" fill="${shade(p.body, 0.82)}"/><g transform="translate(200 205) scale(0.84) translate(-200 -205)">${front}</g>`;
    default:
      return front;
  }
}

/**
 * A product picture: 400×400, light background, the drawing of the category kind, or of the product's
 * form within it (`form`: 'side-by-side', 'iphone', 'tv-55' …), in the product colour.
 */
export function renderProductPicture(categoryCode: string, colorHex: string, n: number, form = ''): string {
  const kind = pictureKindForCategory(categoryCode);
  const variant = Number.isFinite(n) ? Math.max(1, Math.floor(n)) : 1;
  const known = FORM_DRAW[form] ? form : '';
  const p = paintFor(colorHex, variant - 1, `${categoryCode}/${known}`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">` +
    defs(p) +
    `<rect width="400" height="400" fill="url(#${p.id}b)"/>` +
    `<clipPath id="${p.id}c"><rect width="400" height="400"/></clipPath>` +
    `<ellipse cx="200" cy="356" rx="150" ry="12" fill="#0f172a" opacity="0.08"/>` +
    `<g clip-path="url(#${p.id}c)">${view(kind, known, p, variant)}</g>` +
    `</svg>`
  );
}

const CATEGORY_COLORS: Partial<Record<PictureKind, string>> = {
  phone: '#2f5fb3',
  tablet: '#6e7480',
  ebook: '#3b3f46',
  laptop: '#9aa0a8',
  monitor: '#2a2d33',
  desktop: '#2a2d33',
  tv: '#1f2023',
  soundbar: '#2a2d33',
  speaker: '#1f4e8c',
  'smart-speaker': '#7b5ea7',
  headphones: '#2a2d33',
  watch: '#3c3c3e',
  band: '#1f2023',
  charger: '#f4f4f2',
  powerbank: '#2f5fb3',
  keyboard: '#3a3d44',
  mouse: '#3a3d44',
  gpu: '#2a2d33',
  ssd: '#1f2023',
  fridge: '#e9eaec',
  washer: '#f1f2f3',
  dishwasher: '#c5c8cc',
  vacuum: '#7b5ea7',
  'stick-vacuum': '#9b6fd1',
  'robot-vacuum': '#f4f4f2',
  aircon: '#f4f4f2',
  heater: '#f4f4f2',
  boiler: '#f4f4f2',
  humidifier: '#f4f4f2',
  iron: '#2f5fb3',
  microwave: '#2a2d33',
  oven: '#2a2d33',
  kettle: '#d23a3a',
  coffee: '#2a2d33',
  multicooker: '#c5c8cc',
  blender: '#2a2d33',
  hob: '#c5c8cc',
  hood: '#b8bcc0',
  toaster: '#d23a3a',
  grinder: '#f4f4f2',
  hairdryer: '#c13584',
  shaver: '#2a2d33',
  toothbrush: '#8ab6e0',
  scale: '#f4f4f2',
  camera: '#2a2d33',
  lens: '#2a2d33',
  drone: '#74777d',
  console: '#f4f4f2',
  gamepad: '#f4f4f2',
  game: '#1d4ed8',
  card: '#e4002b',
  software: '#00a88e',
  service: '#f97316',
  box: '#6e7480',
};

/** A category tile: 240×240 with the category's silhouette. */
export function renderCategoryPicture(code: string): string {
  const kind = pictureKindForCategory(code);
  const color = CATEGORY_COLORS[kind] ?? '#6e7480';
  const p = paintFor(color, hashText(code) % 5, `category:${code}`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240">` +
    defs(p) +
    `<rect width="240" height="240" rx="28" fill="${shade(color, luminance(color) > 0.6 ? -0.06 : 0.86)}"/>` +
    `<g transform="translate(20 20) scale(0.5)">${DRAW[kind](p)}</g>` +
    `</svg>`
  );
}

/**
 * Several category tiles in one file, one under the other, each also a `<view id="tile-{code}">` of its own
 * 240×240 square: a page of tiles shows `…svg#tile-{code}` in each `<img>` and the browser makes one SVG
 * document for them all instead of one per file (decision 0083).
 */
export function renderCategorySprite(codes: readonly string[]): string {
  const tiles = codes.map((code, i) => {
    const y = i * 240;
    const picture = renderCategoryPicture(code);
    const body = picture.slice(picture.indexOf('>') + 1, -'</svg>'.length);
    return (
      `<view id="tile-${code}" viewBox="0 ${y} 240 240"/>` +
      `<svg x="0" y="${y}" width="240" height="240" viewBox="0 0 240 240">${body}</svg>`
    );
  });
  const height = 240 * codes.length;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 ${height}" width="240" height="${height}">` +
    tiles.join('') +
    `</svg>`
  );
}

function wrapTitle(title: string, maxChars: number, maxLines: number): string[] {
  const words = title.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length > maxChars && current) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${(kept[maxLines - 1] as string).replace(/[\s,.;:—-]+$/, '')}…`;
    return kept;
  }
  return lines;
}

/** A wide promo banner: 1200×400 with the title in system-ui. */
export function renderBannerPicture(id: number, title: string, background: string): string {
  const bg = normalizeHex(background || '#334155');
  const dark = luminance(bg) < 0.35;
  const ink = dark ? '#ffffff' : '#111827';
  const h = hashText(`${id}`);
  const accent = shade(bg, dark ? 0.25 : -0.15);
  const accent2 = shade(bg, dark ? 0.45 : -0.3);
  const lines = wrapTitle(title, 26, 3);
  const size = lines.length >= 3 ? 56 : 66;
  const top = 200 - ((lines.length - 1) * size * 1.12) / 2 + size * 0.34;
  const text = lines
    .map(
      (line, i) =>
        `<text x="80" y="${Math.round(top + i * size * 1.12)}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" font-size="${size}" font-weight="700" fill="${ink}">${escapeXml(line)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" width="1200" height="400">` +
    `<defs><linearGradient id="b${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${shade(bg, dark ? 0.12 : -0.08)}"/></linearGradient></defs>` +
    `<rect width="1200" height="400" fill="url(#b${id})"/>` +
    `<circle cx="${960 + (h % 80)}" cy="${120 + (h % 60)}" r="${210 + (h % 40)}" fill="${accent}" opacity="0.55"/>` +
    `<circle cx="${1080 - (h % 50)}" cy="${330 - (h % 40)}" r="${120 + (h % 30)}" fill="${accent2}" opacity="0.5"/>` +
    `<rect x="820" y="${150 + (h % 30)}" width="180" height="120" rx="24" fill="${ink}" opacity="0.08" transform="rotate(-12 910 210)"/>` +
    `<rect x="80" y="${Math.round(top - size - 26)}" width="64" height="8" rx="4" fill="${ink}" opacity="0.7"/>` +
    text +
    `</svg>`
  );
}

const FACADES = ['#e4002b', '#1d4ed8', '#0f766e', '#7c3aed', '#ea580c', '#334155'];

/**
 * A store photo, 800×500, varied by store id: view 1 the storefront, 2 the sales hall with its
 * display tables, 3 the order pickup desk.
 */
export function renderStorePicture(id: number, view = 1): string {
  if (view === 2) return renderStoreHall(id);
  if (view === 3) return renderPickupDesk(id);
  const h = hashText(`store-${id}`);
  const brand = FACADES[h % FACADES.length] as string;
  const wall = ['#f1f5f9', '#e7e5e4', '#e2e8f0', '#f5f5f4'][(h >> 3) % 4] as string;
  const sky = ['#dbeafe', '#e0f2fe', '#fef3c7', '#ede9fe'][(h >> 5) % 4] as string;
  const shelves = Array.from({ length: 3 }, (_, r) =>
    Array.from({ length: 6 }, (_, c) =>
      rect(
        212 + c * 64,
        250 + r * 52,
        44,
        34,
        4,
        ['#1f2023', '#c5c8cc', '#2f5fb3', '#f4f4f2', '#d23a3a'][(h + r * 6 + c) % 5] as string,
        'opacity="0.85"',
      ),
    ).join(''),
  ).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500">` +
    `<rect width="800" height="500" fill="${sky}"/>` +
    rect(60, 70, 680, 400, 8, wall, stroke('#cbd5e1')) +
    rect(60, 70, 680, 86, 8, brand) +
    `<text x="400" y="128" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="44" font-weight="800" fill="#ffffff" letter-spacing="1">МУЛЬТИЦЕНТР</text>` +
    Array.from({ length: 10 }, (_, i) =>
      path(
        `M${60 + i * 68} 156 L${128 + i * 68} 156 L${122 + i * 68} 196 L${66 + i * 68} 196 Z`,
        i % 2 === 0 ? brand : '#ffffff',
        'opacity="0.95"',
      ),
    ).join('') +
    rect(190, 220, 420, 200, 6, '#cfe3f1', stroke('#94a3b8', 3)) +
    shelves +
    rect(90, 240, 80, 230, 4, '#94a3b8') +
    rect(96, 246, 68, 224, 3, '#bfdbfe', 'opacity="0.8"') +
    circle(156, 360, 4, '#475569') +
    rect(630, 240, 80, 230, 4, '#94a3b8') +
    rect(636, 246, 68, 224, 3, '#bfdbfe', 'opacity="0.8"') +
    circle(644, 360, 4, '#475569') +
    rect(0, 470, 800, 30, 0, '#9ca3af') +
    `<text x="400" y="448" text-anchor="middle" font-family="system-ui, sans-serif" font-size="18" fill="#475569">№ ${id}</text>` +
    `</svg>`
  );
}

function renderStoreHall(id: number): string {
  const h = hashText(`hall-${id}`);
  const brand = FACADES[h % FACADES.length] as string;
  const floor = ['#e5e7eb', '#d6d3d1', '#e2e8f0'][(h >> 2) % 3] as string;
  const tables = Array.from({ length: 3 }, (_, i) => {
    const x = 120 + i * 210;
    const devices = Array.from({ length: 4 }, (_, k) =>
      rect(x + 12 + k * 40, 318, 26, 40, 4, ['#1f2023', '#2f5fb3', '#c5c8cc', '#d23a3a'][(h + i + k) % 4] as string),
    ).join('');
    return rect(x, 360, 180, 22, 4, '#f8fafc', stroke('#94a3b8')) + rect(x + 20, 382, 140, 60, 2, '#cbd5e1') + devices;
  }).join('');
  const wall = Array.from({ length: 8 }, (_, i) =>
    rect(
      70 + i * 84,
      150,
      70,
      120,
      4,
      ['#1f2023', '#f4f4f2', '#334155', '#c5c8cc'][(h + i) % 4] as string,
      'opacity="0.9"',
    ),
  ).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500">` +
    rect(0, 0, 800, 300, 0, '#f8fafc') +
    rect(0, 300, 800, 200, 0, floor) +
    rect(40, 60, 720, 60, 6, brand) +
    `<text x="400" y="102" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="30" font-weight="800" fill="#ffffff">Торговый зал</text>` +
    wall +
    rect(40, 280, 720, 12, 2, '#94a3b8') +
    tables +
    `<text x="760" y="480" text-anchor="end" font-family="system-ui, sans-serif" font-size="16" fill="#475569">№ ${id}</text>` +
    `</svg>`
  );
}

function renderPickupDesk(id: number): string {
  const h = hashText(`desk-${id}`);
  const brand = FACADES[h % FACADES.length] as string;
  const boxes = Array.from({ length: 12 }, (_, i) =>
    rect(
      420 + (i % 4) * 80,
      150 + Math.floor(i / 4) * 70,
      68,
      58,
      3,
      ['#d6b38a', '#c8a173', '#e0c29c'][(h + i) % 3] as string,
      stroke('#a47c52', 1),
    ),
  ).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500">` +
    rect(0, 0, 800, 500, 0, '#eef2f7') +
    rect(400, 130, 340, 230, 4, '#cbd5e1') +
    boxes +
    rect(60, 300, 680, 40, 6, brand) +
    rect(60, 340, 680, 140, 0, '#f8fafc', stroke('#cbd5e1')) +
    rect(90, 180, 220, 100, 8, '#ffffff', stroke('#94a3b8')) +
    `<text x="200" y="222" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="24" font-weight="800" fill="${brand}">Выдача</text>` +
    `<text x="200" y="254" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="24" font-weight="800" fill="${brand}">заказов</text>` +
    rect(150, 250 + 60, 60, 24, 3, '#1f2023') +
    `<text x="760" y="480" text-anchor="end" font-family="system-ui, sans-serif" font-size="16" fill="#475569">№ ${id}</text>` +
    `</svg>`
  );
}

const BRAND_INKS = ['#111827', '#1d4ed8', '#b91c1c', '#0f766e', '#7c3aed', '#c2410c', '#0369a1', '#be185d'];

/** A brand wordmark: 240×96, the brand name in system-ui on white. */
export function renderBrandPicture(name: string): string {
  const ink = BRAND_INKS[hashText(name) % BRAND_INKS.length] as string;
  const size = name.length > 12 ? 22 : name.length > 8 ? 28 : 34;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 96" width="240" height="96">` +
    `<rect width="240" height="96" rx="14" fill="#ffffff"/>` +
    `<text x="120" y="${48 + size * 0.35}" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" font-size="${size}" font-weight="800" letter-spacing="0.5" fill="${ink}">${escapeXml(name)}</text>` +
    `</svg>`
  );
}
export * from './content-pictures.ts';
