// What a product card in the server's HTML draws (components/product-card.tsx, the home rows, a
// product page's related rows), and the loaders' copy of an API card holding only that. The API's card
// carries the category, the brand, the city's stock figures, the offer's and the purchase rule's other
// fields (about 1 KB of JSON each); the page reads none of them, yet every field in loader data is
// encoded into the HTML (React Router's turbo-stream, 8–10 % of a render; decision 0065) and decoded
// again in the browser. A card the browser loads itself (the rest of a home row) is the API's full
// card, which is a DisplayCard too.
import type { ProductCard } from '@store/api-client';

export type DisplayCard = Pick<
  ProductCard,
  | 'id'
  | 'name'
  | 'url'
  | 'image'
  | 'rating'
  | 'reviews_count'
  | 'stickers'
  | 'is_markdown'
  | 'markdown_grade'
  | 'is_used'
  | 'is_demo'
> & {
  offer: Pick<ProductCard['offer'], 'price' | 'price_old'>;
  purchase: Pick<ProductCard['purchase'], 'way' | 'label'>;
  /** Drawn only in a listing's list view; left out where a card is always a tile (`specifications: false`). */
  specifications_short?: ProductCard['specifications_short'];
};

/**
 * The fields of `card` a drawn card reads. `specifications`: keep the short specifications (a
 * listing, whose visitor may switch to the list view without a new request).
 */
export function displayCard(card: ProductCard, { specifications = false } = {}): DisplayCard {
  const shown: DisplayCard = {
    id: card.id,
    name: card.name,
    url: card.url,
    image: card.image,
    rating: card.rating,
    reviews_count: card.reviews_count,
    stickers: card.stickers,
    is_markdown: card.is_markdown,
    markdown_grade: card.markdown_grade,
    is_used: card.is_used,
    is_demo: card.is_demo,
    offer: { price: card.offer.price, price_old: card.offer.price_old },
    purchase: { way: card.purchase.way, label: card.purchase.label },
  };
  if (specifications) shown.specifications_short = card.specifications_short;
  return shown;
}

/** `displayCard` of each card, in order. */
export const displayCards = (cards: readonly ProductCard[], options?: { specifications?: boolean }) =>
  cards.map((card) => displayCard(card, options));
