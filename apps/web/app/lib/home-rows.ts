// The home page's product rows in the first paint (issue 12): each row's first cards are in the server's
// HTML and loader data; the rest of the row (off screen to the right on every width) is named by id only
// and comes from the API when the row nears the viewport (components/home-blocks.tsx `ProductRow`).
// Home drew 48 cards in its HTML (about 1.7 KB of loader JSON and 40 elements each); it now draws 24.
import type { ProductCard } from '@store/api-client';
import { displayCards, type DisplayCard } from './display-card.ts';

/** Cards a row draws in the server's HTML: five fill a 1,280 px row, the sixth shows there is more. */
export const FIRST_PAINT_CARDS = 6;

export interface FirstPaintRow {
  /** What the first cards draw (lib/display-card.ts), not the API's whole cards. */
  products: DisplayCard[];
  /** The rest of the row, in order: loaded by the browser. */
  moreIds: number[];
}

/**
 * A row's first cards and the ids of the rest. `moreIds`: the rest the API already answered by id only
 * (main page `first_cards`), after any of `cards` beyond the first.
 */
export function firstPaintRow(
  cards: readonly ProductCard[],
  moreIds: readonly number[] = [],
  first = FIRST_PAINT_CARDS,
): FirstPaintRow {
  return {
    products: displayCards(cards.slice(0, first)),
    moreIds: [...cards.slice(first).map((card) => card.id), ...moreIds],
  };
}

/** The cards of `ids` in that order; a product the API no longer answers is left out. */
export function inOrder(ids: readonly number[], cards: readonly ProductCard[]): ProductCard[] {
  const byId = new Map(cards.map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
