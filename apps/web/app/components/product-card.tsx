// The product card of listings, search, favourites and the home page: picture, price (old price
// struck through with the discount), stickers, rating, stock in the city, favourite and compare toggles.
import { BasketButton } from './basket-button.tsx';
import { useId, type MouseEvent } from 'react';
import { discountPercent, formatNumber, formatPrice, formatRating, type ListingTheme } from '@store/domain';
import type { DisplayCard } from '../lib/display-card.ts';
import { availability, conditionBadge, readableStickerColor, reviewsWord } from '../lib/product-card.ts';
import { useProductList, useToggleProduct } from '../lib/product-lists.tsx';
import { AppLink } from './app-link.tsx';
import { Stars } from './catalog-icons.tsx';
import { ClientButton } from './client-button.tsx';
import { HydrateLater } from './hydrate-later.tsx';

export function Price({ price, old, size = 'md' }: { price: number; old: number | null; size?: 'md' | 'lg' }) {
  const discount = discountPercent(price, old);
  return (
    <div className={`price price--${size}`}>
      <span className={discount > 0 ? 'price-now price-now--sale' : 'price-now'}>{formatPrice(price)}</span>
      {discount > 0 && old !== null ? (
        <span className="price-was">
          <s className="price-old">
            <span className="visually-hidden">Старая цена: </span>
            {formatPrice(old)}
          </s>
          <span className="price-discount">
            <span className="visually-hidden">Скидка </span>−{discount}%
          </span>
        </span>
      ) : null}
    </div>
  );
}

export function Rating({ rating, reviews }: { rating: number; reviews: number }) {
  if (reviews === 0 && rating === 0) return <p className="rating muted">Нет отзывов</p>;
  const value = formatRating(rating);
  // One text node each: «Рейтинг 4,5 из 5» for screen readers, the figure for the eye (a listing
  // hydrates these in every card, so each element and text node counts).
  return (
    <p className="rating">
      <Stars rating={rating} />
      <span className="visually-hidden">{`Рейтинг ${value} из 5`}</span>
      <span className="rating-value" aria-hidden="true">
        {value}
      </span>
      <span className="rating-reviews muted">
        <span className="rating-reviews-count">{formatNumber(reviews)}</span>
        <span className="rating-reviews-word">{` ${reviewsWord(reviews)}`}</span>
      </span>
    </p>
  );
}

/** Whether a product is in the favourites and compare lists, and the toggle for both. */
export function useListMembership(productId: number) {
  const favorites = useProductList('favorites');
  const compare = useProductList('compare');
  const toggle = useToggleProduct();
  return { isFavorite: favorites.includes(productId), isCompared: compare.includes(productId), toggle };
}

/**
 * The favourite and compare toggles of a card. Their icons are drawn by the stylesheet
 * (.card-toggle--favorite / --compare: a mask filled with the text colour), not inline SVG: a listing
 * has 24 cards, and each icon was an <svg> and a <path> in the HTML for React to hydrate.
 */
export function ListToggles({ productId }: { productId: number }) {
  const { isFavorite, isCompared, toggle } = useListMembership(productId);
  return (
    <div className="card-toggles">
      <ClientButton
        className={
          isFavorite ? 'card-toggle card-toggle--favorite card-toggle--on' : 'card-toggle card-toggle--favorite'
        }
        aria-pressed={isFavorite}
        aria-label="В избранное"
        title={isFavorite ? 'Убрать из избранного' : 'Добавить в избранное'}
        onClick={() => toggle('favorites', productId)}
      />
      <ClientButton
        className={isCompared ? 'card-toggle card-toggle--compare card-toggle--on' : 'card-toggle card-toggle--compare'}
        aria-pressed={isCompared}
        aria-label="Сравнить"
        title={isCompared ? 'Убрать из сравнения' : 'Добавить к сравнению'}
        onClick={() => toggle('compare', productId)}
      />
    </div>
  );
}

/**
 * The picture's link goes where the name's link goes. It is a plain <a> rather than a second router link
 * per card (decision 0063: a router link is the costliest thing a card hydrates, and a listing has 24):
 * a plain click is handed to the name's link, which navigates in the app; a click with a modifier key or
 * another button, and any click before hydration, is the browser's own.
 */
function followCardName(event: MouseEvent<HTMLAnchorElement>) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const name = event.currentTarget.closest('.product-card')?.querySelector<HTMLAnchorElement>('.product-card-name');
  if (!name) return;
  event.preventDefault();
  name.click();
}

export function ProductCard({
  product,
  view = 'tile',
  priority = false,
}: {
  product: DisplayCard;
  view?: ListingTheme;
  /** The first cards of a listing are above the fold: load their pictures eagerly. */
  priority?: boolean;
}) {
  const nameId = useId();
  const stock = availability(product);
  const condition = conditionBadge(product);
  return (
    <article className={`product-card product-card--${view}`} aria-labelledby={nameId}>
      <div className="product-card-media">
        <a
          href={product.url}
          tabIndex={-1}
          aria-hidden="true"
          className="product-card-picture"
          onClick={followCardName}
        >
          <img
            src={product.image ?? '/favicon.svg'}
            alt=""
            width={240}
            height={240}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
          />
        </a>
        {product.stickers.length > 0 || condition ? (
          <ul className="stickers" aria-label="Метки">
            {condition ? <li className="sticker sticker--condition">{condition}</li> : null}
            {product.stickers.map((s) => (
              <li key={s.code} className="sticker" style={{ background: readableStickerColor(s.color) }}>
                {s.text}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="product-card-main">
        <AppLink to={product.url} id={nameId} className="product-card-name">
          {product.name}
        </AppLink>
        <Rating rating={product.rating} reviews={product.reviews_count} />
        {view === 'list' && product.specifications_short && product.specifications_short.length > 0 ? (
          <dl className="product-card-specs">
            {product.specifications_short.map((s) => (
              <div key={s.name}>
                <dt>{s.name}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
      <div className="product-card-buy">
        <Price price={product.offer.price} old={product.offer.price_old} />
        {/* The in-stock check mark is the stylesheet's (.product-card .stock--in-stock::before). */}
        <p className={`stock stock--${stock.kind}`}>{stock.text}</p>
        <div className="product-card-actions">
          {stock.kind === 'order' ? (
            // Not in the city's stores: the product page shows how it can be bought (partners, pre-order).
            <AppLink to={product.url} className="button button-primary button-buy">
              Купить
            </AppLink>
          ) : (
            <BasketButton
              productId={product.id}
              label="В корзину"
              ariaLabel={`В корзину: ${product.name}`}
              className="button button-primary button-buy"
            />
          )}
          <ListToggles productId={product.id} />
        </div>
      </div>
    </article>
  );
}

/** Cards a grid hydrates with the rest of the page: the first screen's; the others in a later pass (HydrateLater). */
export const FIRST_HYDRATED_CARDS = 4;

export function ProductGrid({ products, view = 'tile' }: { products: DisplayCard[]; view?: ListingTheme }) {
  const card = (p: DisplayCard, i: number) => (
    <li key={p.id}>
      <ProductCard product={p} view={view} priority={i < FIRST_HYDRATED_CARDS} />
    </li>
  );
  return (
    <ul className={`product-grid product-grid--${view}`}>
      {products.slice(0, FIRST_HYDRATED_CARDS).map(card)}
      {products.length > FIRST_HYDRATED_CARDS ? (
        <HydrateLater>
          {products.slice(FIRST_HYDRATED_CARDS).map((p, i) => card(p, i + FIRST_HYDRATED_CARDS))}
        </HydrateLater>
      ) : null}
    </ul>
  );
}
