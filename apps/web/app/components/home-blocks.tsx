// Blocks of the home page (SPEC §2 Home, §3 Home page state): the main slider, the product of the
// day with its countdown, the brands strip and horizontal product rows.
import { BasketButton } from './basket-button.tsx';
import { startTransition, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { MainPage, ProductCard as Card } from '@store/api-client';
import type { DisplayCard } from '../lib/display-card.ts';
import { browserApi } from '../lib/browser-api.ts';
import { inOrder } from '../lib/home-rows.ts';
import { AppLink } from './app-link.tsx';
import { CatalogIcon } from './catalog-icons.tsx';
import { ListToggles, Price, ProductCard } from './product-card.tsx';

/** Scroll buttons for a horizontal track; without JavaScript the track still scrolls by swipe or wheel. */
function useTrack() {
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: 'smooth' });
  };
  return { track, scroll };
}

export function MainSlider({ slides }: { slides: MainPage['mainSlider'] }) {
  const [current, setCurrent] = useState(0);
  const track = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const onScroll = () => setCurrent(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  const go = (index: number) => {
    const el = track.current;
    if (!el) return;
    const next = (index + slides.length) % slides.length;
    el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    setCurrent(next);
  };

  if (slides.length === 0) return null;
  return (
    <section className="slider" aria-roledescription="карусель" aria-label="Акции">
      <ul className="slider-track" ref={track}>
        {slides.map((s, i) => (
          <li
            key={s.id}
            className="slide"
            aria-roledescription="слайд"
            aria-label={`${i + 1} из ${slides.length}`}
            style={{ background: s.background ?? undefined }}
          >
            <AppLink to={s.link ?? '/special-offers'} className="slide-link">
              <img
                src={s.image}
                alt={s.image_alt}
                width={1200}
                height={400}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
              />
            </AppLink>
          </li>
        ))}
      </ul>
      {slides.length > 1 ? (
        <>
          <button
            type="button"
            className="slider-arrow slider-arrow--prev"
            aria-label="Предыдущий слайд"
            onClick={() => go(current - 1)}
          >
            <CatalogIcon name="chevronLeft" />
          </button>
          <button
            type="button"
            className="slider-arrow slider-arrow--next"
            aria-label="Следующий слайд"
            onClick={() => go(current + 1)}
          >
            <CatalogIcon name="chevronRight" />
          </button>
          <div className="slider-dots">
            {slides.map((s, i) => (
              <button
                key={s.id}
                type="button"
                aria-label={`Слайд ${i + 1}: ${s.title}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Time left as 'Д ЧЧ:ММ:СС' parts; null once the offer has ended. */
export function timeLeft(endsAt: number, now: number) {
  const total = Math.floor((endsAt - now) / 1000);
  if (total <= 0) return null;
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/**
 * A live countdown. The first render uses the loader's clock (`serverNow`), so the server and
 * hydration agree; after mount it ticks on the browser's clock.
 */
export function Countdown({ endsAt, serverNow }: { endsAt: string; serverNow: number }) {
  const [now, setNow] = useState(serverNow);
  const end = Date.parse(endsAt);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = timeLeft(end, now);
  if (!left) return <p className="countdown countdown--over">Предложение завершилось</p>;
  const label = `${left.days > 0 ? `${left.days} д ` : ''}${pad(left.hours)} ч ${pad(left.minutes)} мин`;
  return (
    <div className="countdown">
      <span className="countdown-label">
        <CatalogIcon name="clock" size={16} />
        <span className="visually-hidden">До конца акции</span>
      </span>
      <time className="countdown-clock" dateTime={endsAt} role="timer" aria-label={`До конца акции ${label}`}>
        {left.days > 0 ? <span>{left.days}д</span> : null}
        <span>{pad(left.hours)}</span>:<span>{pad(left.minutes)}</span>:<span>{pad(left.seconds)}</span>
      </time>
    </div>
  );
}

export function ProductOfDay({
  offer,
  serverNow,
}: {
  offer: { product: DisplayCard; ends_at: string };
  serverNow: number;
}) {
  const p = offer.product;
  return (
    <section className="product-of-day" aria-labelledby="product-of-day-title">
      <div className="product-of-day-head">
        <h2 id="product-of-day-title">Товар дня</h2>
        <Countdown endsAt={offer.ends_at} serverNow={serverNow} />
      </div>
      <div className="product-of-day-body">
        <AppLink to={p.url} className="product-of-day-picture" tabIndex={-1} aria-hidden="true">
          <img src={p.image ?? '/favicon.svg'} alt="" width={240} height={240} />
        </AppLink>
        <div className="product-of-day-info">
          <AppLink to={p.url} className="product-of-day-name">
            {p.name}
          </AppLink>
          <Price price={p.offer.price} old={p.offer.price_old} size="lg" />
          <div className="product-of-day-actions">
            <BasketButton productId={p.id} ariaLabel={`Купить: ${p.name}`} />
            <ListToggles productId={p.id} />
          </div>
        </div>
      </div>
    </section>
  );
}

export function BrandsStrip({ brands }: { brands: MainPage['brands'] }) {
  const { track, scroll } = useTrack();
  if (brands.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-brands">
      <div className="section-head">
        <h2 id="home-brands">Популярные бренды</h2>
        <ScrollButtons onScroll={scroll} label="брендов" />
      </div>
      <ul className="brands-strip" ref={track}>
        {brands.map((b) => (
          <li key={b.id}>
            <AppLink to={b.url} className="brand-tile">
              <img src={b.logo} alt={b.name} width={120} height={48} loading="lazy" />
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ScrollButtons({ onScroll, label }: { onScroll: (direction: 1 | -1) => void; label: string }) {
  return (
    <div className="scroll-buttons">
      <button
        type="button"
        className="icon-button"
        aria-label={`Прокрутить список ${label} назад`}
        onClick={() => onScroll(-1)}
      >
        <CatalogIcon name="chevronLeft" />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={`Прокрутить список ${label} вперёд`}
        onClick={() => onScroll(1)}
      >
        <CatalogIcon name="chevronRight" />
      </button>
    </div>
  );
}

/**
 * Whether the row's track, once `watch` is true, shows its last screen or is scrolled within one screen of
 * its end (once true, stays true). A product page's related rows ask for the rest of their cards then, not
 * as soon as the row nears the viewport: on a phone the first six cards are three screens of swiping, and a
 * tab route scrolls to the tabs on load, which brought both rows near at once and drew their remaining
 * cards (750 elements) in the FAQ tab's first seconds (decision 0064).
 */
function useTrackNearEnd(track: RefObject<HTMLUListElement | null>, watch: boolean) {
  const [nearEnd, setNearEnd] = useState(false);
  useEffect(() => {
    const el = track.current;
    if (!watch || nearEnd || !el) return;
    const check = () => {
      if (el.scrollWidth - el.scrollLeft - el.clientWidth > el.clientWidth) return false;
      startTransition(() => setNearEnd(true));
      return true;
    };
    if (check()) return;
    el.addEventListener('scroll', check, { passive: true });
    return () => el.removeEventListener('scroll', check);
  }, [track, watch, nearEnd]);
  return nearEnd;
}

/** Whether `section` has come within a screen of the viewport (once true, stays true). */
function useNearViewport(section: RefObject<HTMLElement | null>, watch: boolean) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = section.current;
    if (!watch || near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        // A transition: the cards that join render in slices between frames, not in one long task.
        startTransition(() => setNear(true));
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [section, watch, near]);
  return near;
}

/**
 * The rest of a row (`moreIds`), asked from the API once the row comes within a screen of the viewport:
 * the cards join the track off screen to the right, and a row keeps its height (names take three lines).
 * A failed call leaves the first cards and the row's «Смотреть все» link.
 */
function useMoreCards(near: boolean, moreIds: readonly number[]) {
  const [more, setMore] = useState<Card[]>([]);
  const key = moreIds.join(',');
  useEffect(() => {
    setMore([]);
    const ids = key ? key.split(',').map(Number) : [];
    if (!near || ids.length === 0) return;
    let live = true;
    browserApi.products.byIds(ids).then(
      (cards) => {
        if (live) startTransition(() => setMore(inOrder(ids, cards)));
      },
      (error: unknown) => console.warn('home row: more cards failed', error),
    );
    return () => {
      live = false;
    };
  }, [near, key]);
  return more;
}

export function ProductRow({
  id,
  title,
  link,
  products,
  moreIds = [],
  moreAtTrackEnd = false,
}: {
  id: string;
  title: string;
  link?: { to: string; text: string };
  products: DisplayCard[];
  /** The rest of the row by id, loaded in the browser near the viewport (lib/home-rows.ts). */
  moreIds?: readonly number[];
  /**
   * Ask for `moreIds` only once the track is scrolled within a screen of its end, not when the row nears
   * the viewport (a product page's related rows: useTrackNearEnd says why).
   */
  moreAtTrackEnd?: boolean;
}) {
  const { track, scroll } = useTrack();
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section, moreIds.length > 0);
  const atTrackEnd = useTrackNearEnd(track, moreAtTrackEnd && near);
  const more = useMoreCards(moreAtTrackEnd ? atTrackEnd : near, moreIds);
  if (products.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby={id} ref={section}>
      <div className="section-head">
        <h2 id={id}>{title}</h2>
        {link ? (
          <AppLink to={link.to} className="section-link">
            {link.text}
          </AppLink>
        ) : null}
        <ScrollButtons onScroll={scroll} label={`«${title}»`} />
      </div>
      <ul className="product-row" ref={track}>
        {[...products, ...more].map((p) => (
          <li key={p.id}>
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ServiceTiles({ services, children }: { services: MainPage['services']; children?: ReactNode }) {
  if (services.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-services">
      <h2 id="home-services">Сервисы и услуги</h2>
      <ul className="service-tiles">
        {services.map((s) => (
          <li key={s.id}>
            <AppLink to={s.link ?? '/service'}>
              <strong>{s.title}</strong>
              {s.text ? <span className="muted">{s.text}</span> : null}
            </AppLink>
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}
