// The buy column of the product page (SPEC §3 Product offer, §4 Product loading, Availability):
// price with the old one struck and the discount, special and super prices, credit teaser, stock in
// the visitor's city, «Купить», favourite and compare; or the partners' offers when they replace it.
import { ProductBonuses } from './loyalty/product-bonuses.tsx';
import { Suspense } from 'react';
import { Await } from 'react-router';
import type { ProductDetail } from '@store/api';
import {
  conditionLabel,
  conditionScore,
  discountPercent,
  formatPrice,
  isBuyAllowed,
  isPreorderOffer,
  PLURAL,
  formatCount,
  pluralize,
  usedOrDemoWarrantyDays,
  visibleCreditSections,
} from '@store/domain';
import { BasketButton } from './basket-button.tsx';
import { ClientButton } from './client-button.tsx';
import { formatRuDate, piecesText, stockSummary, type CreditOfferSummary, type Warranty } from '../lib/product.ts';
import { useListMembership } from './product-card.tsx';
import { AppLink } from './app-link.tsx';
import { CatalogIcon } from './catalog-icons.tsx';
import { Icon } from './icons.tsx';

type Offer = ProductDetail['offer'];

export function ProductPrice({ offer, onlinePrice }: { offer: Offer; onlinePrice: number | null }) {
  const old = offer.price_old ?? offer.before_discount_price;
  const discount = discountPercent(offer.price, old);
  return (
    <div className="pp-price">
      <p className="pp-price-main">
        <span className="visually-hidden">Цена: </span>
        <span className={discount > 0 ? 'pp-price-now pp-price-now--sale' : 'pp-price-now'}>
          {formatPrice(offer.price)}
        </span>
        {discount > 0 && old !== null ? (
          <>
            <s className="pp-price-old">
              <span className="visually-hidden">Старая цена: </span>
              {formatPrice(old)}
            </s>
            <span className="price-discount">
              <span className="visually-hidden">Скидка </span>−{discount}%
            </span>
          </>
        ) : null}
      </p>
      {offer.pink_price && offer.pink_price.price < offer.price ? (
        <p className="pp-price-pink">
          <span className="pp-price-label">Спеццена</span>
          <strong>{formatPrice(offer.pink_price.price)}</strong>
        </p>
      ) : null}
      {onlinePrice !== null && onlinePrice < offer.price ? (
        <p className="pp-price-online">
          <span className="pp-price-label pp-price-label--online">Онлайн</span>
          <strong>{formatPrice(onlinePrice)}</strong>
          <span className="muted">при оплате на сайте</span>
        </p>
      ) : null}
      {offer.super_price ? <SuperPrice superPrice={offer.super_price} /> : null}
    </div>
  );
}

function SuperPrice({ superPrice }: { superPrice: NonNullable<Offer['super_price']> }) {
  const actions = superPrice.conditions.map((c) => c.action_id);
  return (
    <div className="pp-price-super">
      <p>
        <span className="pp-price-label pp-price-label--super">Суперцена</span>
        <strong>{formatPrice(superPrice.final_price)}</strong>
        {superPrice.final_discount > 0 ? <span className="muted">−{superPrice.final_discount}%</span> : null}
      </p>
      <p className="pp-price-super-note">
        Выгода {formatPrice(superPrice.discount)} при выполнении условий акции
        {actions.length > 0 ? (
          <>
            {': '}
            {actions.map((id, i) => (
              <span key={id}>
                {i > 0 ? ', ' : null}
                <AppLink to={`/special-offers/${id}`}>условия акции{actions.length > 1 ? ` ${i + 1}` : ''}</AppLink>
              </span>
            ))}
          </>
        ) : null}
      </p>
    </div>
  );
}

export function ConditionNote({ product }: { product: ProductDetail }) {
  const warranty = usedOrDemoWarrantyDays(product);
  const grade = conditionLabel(product.markdown_grade);
  const score = product.is_markdown ? conditionScore(product.markdown_grade) : null;
  const title = product.is_used
    ? 'Б/у товар'
    : product.is_demo
      ? 'Витринный образец'
      : product.is_markdown
        ? 'Уценённый товар'
        : null;
  if (!title) return null;
  return (
    <div className="pp-condition" role="note">
      <p className="pp-condition-title">
        <span className="sticker sticker--condition">{title}</span>
        {grade ? (
          <span>
            Состояние: <strong>{grade}</strong>
            {score ? <span className="muted"> ({score})</span> : null}
          </span>
        ) : null}
      </p>
      {warranty !== null ? <p className="pp-condition-warranty">Гарантия {formatCount(warranty, PLURAL.day)}</p> : null}
    </div>
  );
}

function ListButtons({ productId }: { productId: number }) {
  const { isFavorite, isCompared, toggle } = useListMembership(productId);
  return (
    <div className="pp-list-buttons">
      <ClientButton
        className="pp-list-button pp-list-button--favorite"
        aria-pressed={isFavorite}
        onClick={() => toggle('favorites', productId)}
      >
        <Icon name="heart" size={20} fill={isFavorite ? 'currentColor' : 'none'} />
        <span>В избранное</span>
      </ClientButton>
      <ClientButton className="pp-list-button" aria-pressed={isCompared} onClick={() => toggle('compare', productId)}>
        <Icon name="compare" size={20} />
        <span>Сравнить</span>
      </ClientButton>
    </div>
  );
}

function Stock({ product, availabilityHref }: { product: ProductDetail; availabilityHref: string | null }) {
  const stock = stockSummary(product);
  const preorderDate = stock.kind === 'preorder' ? formatRuDate(product.offer.preorder_date, false) : '';
  return (
    <div className={`pp-stock pp-stock--${stock.kind}`}>
      <p className="pp-stock-text">
        {stock.kind === 'in-stock' ? <CatalogIcon name="check" size={18} /> : null}
        {stock.kind === 'preorder' ? <CatalogIcon name="clock" size={18} /> : null}
        <span>{stock.text}</span>
      </p>
      {preorderDate ? <p className="pp-stock-note">Поступление ожидается {preorderDate}</p> : null}
      {product.purchase.way === 'transfer' ? (
        <p className="pp-stock-note">
          Привезём из другого города за {product.purchase.lead_days} {pluralize(product.purchase.lead_days, PLURAL.day)}
        </p>
      ) : null}
      {product.purchase.way === 'supplier' ? (
        <p className="pp-stock-note">
          Закажем у поставщика, около {product.purchase.lead_days}{' '}
          {pluralize(product.purchase.lead_days, PLURAL.dayGenitive)}
        </p>
      ) : null}
      {availabilityHref ? (
        <AppLink to={availabilityHref} preventScrollReset className="pp-stock-link">
          Наличие в магазинах
        </AppLink>
      ) : null}
    </div>
  );
}

function CreditOffers({ offers, flags }: { offers: CreditOfferSummary[]; flags: CreditFlags }) {
  const sections = visibleCreditSections({ hasCredit: true, offers, flags });
  const shown = offers.filter((o) => sections[o.kind]);
  if (shown.length === 0) return null;
  return (
    <div className="pp-credit">
      <p className="pp-credit-title">Кредит и рассрочка</p>
      <ul>
        {shown.map((o) => (
          <li key={`${o.kind}-${o.title}`}>
            <span>{o.title}</span>
            <span>
              <strong>{formatPrice(o.payment)}</strong>&nbsp;×&nbsp;{o.months}&nbsp;мес.
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Warranties({ productId, warranties }: { productId: number; warranties: Warranty[] }) {
  if (warranties.length === 0) return null;
  return (
    <div className="pp-warranties">
      <p className="pp-credit-title">Дополнительная гарантия</p>
      <ul>
        {warranties.map((w) => (
          <li key={w.id}>
            <span>
              +{w.years} {pluralize(w.years, PLURAL.year)}
            </span>
            <strong>{formatPrice(w.price)}</strong>
            <BasketButton
              productId={productId}
              warrantyId={w.id}
              label="Купить"
              ariaLabel={`Купить с гарантией на ${w.years} ${pluralize(w.years, PLURAL.year)}`}
              className="button pp-warranty-buy"
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface CreditFlags {
  bankInstallment: boolean;
  bnpl: boolean;
}

export function BuyBox({
  product,
  credit,
  warranties,
  creditFlags,
  availabilityHref,
}: {
  product: ProductDetail;
  credit: Promise<CreditOfferSummary[]>;
  warranties: Promise<Warranty[]>;
  creditFlags: CreditFlags;
  availabilityHref: string | null;
}) {
  const { offer } = product;
  // Receiving (delivery) data is not part of this page, so the credit clause of the rule never blocks;
  // whether it can be bought in the city at all is the purchase rule's (decision 0010).
  const canBuy =
    product.purchase.buyable &&
    isBuyAllowed({
      price: offer.price,
      offer,
      receivingLoaded: false,
      creditPossible: offer.has_credit,
    });
  const preorder = isPreorderOffer(offer);
  const tradeIn = offer.discountTradein ?? 0;
  return (
    <section className="pp-buy" aria-label="Покупка">
      <ProductPrice offer={offer} onlinePrice={product.special_offer?.price_online ?? null} />
      <ProductBonuses productId={product.id} price={offer.price} categoryPath={product.category.path} />
      {tradeIn > 0 || product.trade_in_sticker ? (
        <p className="pp-tradein">
          {tradeIn > 0 ? (
            <>
              С Trade-in — <strong>{formatPrice(offer.price - tradeIn)}</strong>, если сдать старое устройство.{' '}
            </>
          ) : (
            <>
              Выгода до <strong>{formatPrice(product.trade_in_sticker!.price)}</strong> при обмене старого
              устройства.{' '}
            </>
          )}
          <AppLink to={`/service/trade-in?product=${product.id}`}>Оценить старое устройство</AppLink>
        </p>
      ) : null}
      <div className="pp-buy-actions">
        {canBuy ? (
          <BasketButton
            productId={product.id}
            label={preorder ? 'Оформить предзаказ' : 'Купить'}
            className="button button-primary pp-buy-button"
          />
        ) : (
          <button type="button" className="button pp-buy-button" disabled>
            Купить
          </button>
        )}
        <ListButtons productId={product.id} />
      </div>
      {canBuy && !preorder ? (
        // One click (decision 0008): one unit of this product, the basket left as it is.
        <AppLink to={`/cart/one-click?product=${product.id}`} className="pp-one-click" rel="nofollow">
          Купить в 1 клик
        </AppLink>
      ) : null}
      <Stock product={product} availabilityHref={availabilityHref} />
      {canBuy ? (
        <>
          {offer.has_credit ? (
            <Suspense fallback={null}>
              <Await resolve={credit} errorElement={null}>
                {(offers) => <CreditOffers offers={offers} flags={creditFlags} />}
              </Await>
            </Suspense>
          ) : null}
          <Suspense fallback={null}>
            <Await resolve={warranties} errorElement={null}>
              {(list) => <Warranties productId={product.id} warranties={list} />}
            </Await>
          </Suspense>
        </>
      ) : null}
    </section>
  );
}

/** SPEC §4 Product loading: unavailable, not orderable, with partners' offers: their offers replace ours. */
export function SupplierOffers({ product }: { product: ProductDetail }) {
  const offers = [...product.supplier_offers].sort((a, b) => a.price - b.price);
  return (
    <section className="pp-buy" aria-labelledby="pp-suppliers">
      <h2 id="pp-suppliers" className="pp-buy-title">
        Предложения партнёров
      </h2>
      <p className="muted pp-suppliers-note">В магазинах Мультицентра товара нет, его продают наши партнёры.</p>
      <ul className="pp-suppliers">
        {offers.map((o) => (
          <li key={o.supplier_id}>
            <div>
              <p className="pp-supplier-price">
                {formatPrice(o.price)}
                {o.price_old !== null && o.price_old > o.price ? (
                  <s className="pp-price-old">
                    <span className="visually-hidden">Старая цена: </span>
                    {formatPrice(o.price_old)}
                  </s>
                ) : null}
              </p>
              <p className="muted">
                Партнёр №{o.supplier_id}, в наличии {piecesText(o.qty)}
              </p>
            </div>
            <BasketButton
              productId={product.id}
              supplierId={o.supplier_id}
              ariaLabel={`Купить у партнёра №${o.supplier_id} за ${formatPrice(o.price)}`}
            />
          </li>
        ))}
      </ul>
      <ListButtons productId={product.id} />
    </section>
  );
}
