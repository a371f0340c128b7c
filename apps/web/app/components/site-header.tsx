import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { Form, Link, useLocation } from 'react-router';
import type { City, MenuItem } from '@store/api-client';
import { useListCount } from '../lib/product-lists.tsx';
import { useBasketCount } from '../lib/basket.ts';
import { prefetchCatalogMenu, useCatalogMenu, type CatalogMenuState } from '../lib/catalog-menu.ts';
import { AccountLink, EmployeeMarker } from './account-link.tsx';
import { AppLink } from './app-link.tsx';
import { CityChooser } from './city-chooser.tsx';
import type { CityChoice } from '../lib/city-choice.ts';
import { Icon, type IconName } from './icons.tsx';
import { SuggestionsPanel, useSearchPlaceholder } from './search-suggestions.tsx';
import { ClientButton } from './client-button.tsx';

// The phone menu is a chunk of its own, fetched the first time a shopper opens it: most visits never do.
const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((m) => ({ default: m.MobileMenu })));

export interface HeaderProps {
  city: City;
  cities: CityChoice[];
  /** The A/B branch: the catalogue menu is the branch's, loaded when first opened. */
  branch: string;
  staticMenu: MenuItem[];
  eventsMenu: MenuItem[];
  counters: { favorites: number; compare: number; basket: number };
}

export function Logo() {
  return (
    // The name comes from the text (an aria-label that leaves out the visible text fails «label-content-name-mismatch»).
    <Link to="/" className="logo">
      <span className="logo-mark" aria-hidden="true">
        М
      </span>
      <span className="logo-text">Мультицентр</span>
      <span className="visually-hidden"> — на главную</span>
    </Link>
  );
}

export function SearchBox({ autoFocus = false }: { autoFocus?: boolean }) {
  const inputId = useId();
  const panelId = useId();
  const location = useLocation();
  const current = location.pathname.startsWith('/search') ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [text, setText] = useState(current);
  const [open, setOpen] = useState(false);
  const placeholder = useSearchPlaceholder();
  const boxRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // Focus given back by Escape must not reopen the panel.
  const refocusing = useRef(false);

  // A new page (a suggestion followed, a search made) closes the panel and shows its query.
  // On the first run after hydration, text the shopper typed while scripts were still loading is
  // kept (and its suggestions shown if the box has focus) instead of being reset to the URL's query.
  const hydrated = useRef(false);
  useEffect(() => {
    if (!hydrated.current) {
      hydrated.current = true;
      const typed = inputRef.current?.value ?? current;
      if (typed !== current) {
        setText(typed);
        setOpen(document.activeElement === inputRef.current);
        return;
      }
    }
    setOpen(false);
    setText(current);
  }, [location.pathname, location.search, current]);

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className="search-box"
      ref={boxRef}
      onBlur={(e) => {
        if (!boxRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Поиск по каталогу
      </label>
      <input
        ref={inputRef}
        id={inputId}
        name="q"
        type="search"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => !refocusing.current && setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            const first = panelRef.current?.querySelector<HTMLAnchorElement>('a[href]');
            if (first) {
              e.preventDefault();
              first.focus();
            }
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
        placeholder={`Например: ${placeholder}`}
        autoComplete="off"
        aria-controls={panelId}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only inside the search panel the user just opened
        autoFocus={autoFocus}
        maxLength={200}
      />
      <button type="submit" aria-label="Найти">
        <Icon name="search" size={20} />
      </button>
      <SuggestionsPanel
        id={panelId}
        text={text}
        open={open}
        panelRef={panelRef}
        onEscape={() => {
          setOpen(false);
          refocusing.current = true;
          inputRef.current?.focus();
          refocusing.current = false;
        }}
      />
    </Form>
  );
}

function Counter({ to, icon, label, count }: { to: string; icon: IconName; label: string; count: number }) {
  return (
    <AppLink to={to} className="header-action" aria-label={count > 0 ? `${label}: ${count}` : label}>
      <span className="header-action-icon">
        <Icon name={icon} />
        {count > 0 ? (
          <span className="badge" aria-hidden="true">
            {count}
          </span>
        ) : null}
      </span>
      <span className="header-action-label">{label}</span>
    </AppLink>
  );
}

/** What the catalogue menu shows while it loads, or when it could not load (the catalogue page still lists all). */
export function CatalogMenuStatus({ state, onClose }: { state: CatalogMenuState; onClose: () => void }) {
  if (state.status === 'ready') return null;
  return (
    <p className="catalog-menu-status" role="status">
      {state.status === 'loading' ? (
        'Загружаем каталог…'
      ) : (
        <>
          Не удалось загрузить меню.{' '}
          <AppLink to="/catalog" onClick={onClose}>
            Открыть каталог
          </AppLink>
        </>
      )}
    </p>
  );
}

function CatalogMenu({ branch, onClose }: { branch: string; onClose: () => void }) {
  const state = useCatalogMenu(true, branch);
  return (
    <div className="catalog-menu" id="catalog-menu">
      {state.status === 'ready' ? (
        <CatalogMenuTree items={state.items} onClose={onClose} />
      ) : (
        <CatalogMenuStatus state={state} onClose={onClose} />
      )}
    </div>
  );
}

function CatalogMenuTree({ items, onClose }: { items: MenuItem[]; onClose: () => void }) {
  const [active, setActive] = useState(items[0]?.id ?? null);
  const current = items.find((i) => i.id === active) ?? items[0];
  return (
    <>
      <ul className="catalog-menu-roots">
        {items.map((item) => (
          <li key={item.id}>
            <AppLink
              to={item.url}
              className={item.id === current?.id ? 'active' : undefined}
              onMouseEnter={() => setActive(item.id)}
              onFocus={() => setActive(item.id)}
              onClick={onClose}
            >
              {item.name}
              <Icon name="chevron" size={16} />
            </AppLink>
          </li>
        ))}
      </ul>
      {current ? (
        <div className="catalog-menu-children">
          <p className="catalog-menu-title">
            <AppLink to={current.url} onClick={onClose}>
              {current.name}
            </AppLink>
          </p>
          <ul>
            {current.children.map((child) => (
              <li key={child.id}>
                <AppLink to={child.url} onClick={onClose}>
                  {child.name}
                </AppLink>
                {child.stickers.map((s) => (
                  <span key={s.text} className="menu-sticker" style={{ background: s.color }}>
                    {s.text}
                  </span>
                ))}
                {child.children.length > 0 ? (
                  <ul>
                    {child.children.map((grand) => (
                      <li key={grand.id}>
                        <AppLink to={grand.url} onClick={onClose}>
                          {grand.name}
                        </AppLink>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

export function SiteHeader(props: HeaderProps) {
  const [catalogOpen, setCatalogOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  // Stays true after the first opening, so the menu keeps its panels' state between openings.
  const [mobileMenuWanted, setMobileMenuWanted] = useState(false);
  const favoritesCount = useListCount('favorites', props.counters.favorites);
  const compareCount = useListCount('compare', props.counters.compare);
  const basketCount = useBasketCount(props.counters.basket);
  const location = useLocation();
  useEffect(() => {
    setCatalogOpen(false);
    setMobileOpen(false);
  }, [location.pathname]);
  useEffect(() => {
    if (!catalogOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setCatalogOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [catalogOpen]);

  return (
    <header className="site-header">
      {props.eventsMenu.length > 0 ? (
        <nav className="events-strip" aria-label="Акции и события">
          <div className="container">
            {props.eventsMenu.map((item) => (
              <AppLink key={item.id} to={item.url}>
                {item.name}
              </AppLink>
            ))}
          </div>
        </nav>
      ) : null}
      <div className="header-top container">
        <CityChooser city={props.city} cities={props.cities} />
        <nav aria-label="Информация для покупателей" className="static-menu">
          {props.staticMenu.map((item) => (
            <AppLink key={item.id} to={item.url}>
              {item.name}
            </AppLink>
          ))}
        </nav>
        <EmployeeMarker />
        <a className="header-phone" href={`tel:${props.city.phone.replace(/[^\d+]/g, '')}`}>
          {props.city.phone}
        </a>
      </div>
      <div className="header-main container">
        <ClientButton
          className="icon-button mobile-only"
          aria-label="Меню"
          onClick={() => {
            setMobileMenuWanted(true);
            setMobileOpen(true);
          }}
        >
          <Icon name="menu" />
        </ClientButton>
        <Logo />
        <ClientButton
          className="catalog-button desktop-only"
          aria-expanded={catalogOpen}
          aria-controls="catalog-menu"
          onClick={() => setCatalogOpen((v) => !v)}
          onPointerEnter={() => prefetchCatalogMenu(props.branch)}
        >
          <Icon name={catalogOpen ? 'close' : 'catalog'} size={20} />
          Каталог
        </ClientButton>
        <SearchBox />
        <nav className="header-actions" aria-label="Личное">
          <AccountLink />
          <Counter to="/favorite-products" icon="heart" label="Избранное" count={favoritesCount} />
          <Counter to="/compare" icon="compare" label="Сравнение" count={compareCount} />
          <Counter to="/cart" icon="basket" label="Корзина" count={basketCount} />
        </nav>
      </div>
      {catalogOpen ? <CatalogMenu branch={props.branch} onClose={() => setCatalogOpen(false)} /> : null}
      {mobileMenuWanted ? (
        <Suspense fallback={null}>
          <MobileMenu open={mobileOpen} onClose={() => setMobileOpen(false)} {...props} />
        </Suspense>
      ) : null}
    </header>
  );
}
