// Wording of a product card (SPEC §3 Product, §4 Availability, §9 Display).
import { PLURAL, formatCount, pluralize } from '@store/domain';
import type { ProductCard } from '@store/api-client';
import cardIcons from '../styles/card-icons.svg?url';

export type AvailabilityKind = 'in-stock' | 'order' | 'preorder' | 'none';

/** How the product is bought in the visitor's city, as the API's purchase rule says (decision 0010). */
export function availability(card: { purchase: Pick<ProductCard['purchase'], 'way' | 'label'> }): {
  kind: AvailabilityKind;
  text: string;
} {
  const { way, label } = card.purchase;
  const kind: AvailabilityKind =
    way === 'in-stock' ? 'in-stock' : way === 'preorder' ? 'preorder' : way === 'unavailable' ? 'none' : 'order';
  return { kind, text: label };
}

export const reviewsWord = (n: number) => pluralize(n, PLURAL.review);
export const productsText = (n: number) => formatCount(n, PLURAL.product);

/** Condition badges: markdown grade wording of SPEC §4 Product loading. */
export function conditionBadge(card: Pick<ProductCard, 'is_markdown' | 'markdown_grade' | 'is_used' | 'is_demo'>) {
  if (card.is_used) return 'Б/у';
  if (card.is_demo) return 'Витринный образец';
  if (card.is_markdown) {
    const grade = { perfect: 'как новый', best: 'отличное', good: 'хорошее' }[card.markdown_grade ?? ''];
    return grade ? `Уценка: ${grade}` : 'Уценка';
  }
  return null;
}

function luminance([r, g, b]: [number, number, number]): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/**
 * A sticker background on which white text stays readable (WCAG AA, 4.5:1): the colour the
 * catalogue gives, darkened as little as needed. Anything that is not #rrggbb gets the brand blue.
 */
export function readableStickerColor(hex: string): string {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return '#1747d1';
  const n = parseInt(match[1]!, 16);
  let rgb: [number, number, number] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  for (let i = 0; i < 40 && 1.05 / (luminance(rgb) + 0.05) < 4.6; i++) {
    rgb = rgb.map((c) => Math.floor(c * 0.94)) as [number, number, number];
  }
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The preload of the cards' and ratings' mask icons (styles/card-icons.svg), for the routes whose first screen
 * shows cards or stars. Masks are fetched in CORS mode, so the preload is too (`crossOrigin`), or the browser
 * would fetch the file twice. Fetched beside the stylesheets, the file is in before the first paint, and its
 * SVG document is built in a task of its own instead of inside the first paint's style (decision 0081).
 */
export const cardIconsPreload = {
  rel: 'preload',
  href: cardIcons,
  as: 'image',
  type: 'image/svg+xml',
  crossOrigin: 'anonymous',
} as const;
