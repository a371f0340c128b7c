// Wording of a product card (SPEC §3 Product, §4 Availability, §9 Display).
import { PLURAL, formatCount, pluralize } from '@store/domain';
import type { ProductCard } from '@store/api-client';

export type AvailabilityKind = 'in-stock' | 'order' | 'preorder';

/** Stock in the visitor's city: preorder first, then the stores holding it, else made to order. */
export function availability(card: Pick<ProductCard, 'offer' | 'city_availability'>): {
  kind: AvailabilityKind;
  text: string;
} {
  if (card.offer.preorder || card.offer.order_type === 'preorder') return { kind: 'preorder', text: 'Предзаказ' };
  const stores = card.city_availability.stores;
  if (card.offer.available && stores > 0) {
    return { kind: 'in-stock', text: `В наличии в ${stores} ${pluralize(stores, PLURAL.inStores)}` };
  }
  return { kind: 'order', text: 'Под заказ' };
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
