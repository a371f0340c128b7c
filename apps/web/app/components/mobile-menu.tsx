// Mobile menu panels of SPEC §2: menu, more, contacts, catalogue, city choice, search, services.
// The catalogue panel keeps the opened category ids as a stack, so «Назад» goes one level up.
import { useEffect, useRef, useState } from 'react';
import type { City, MenuItem } from '@store/api-client';
import { AppLink } from './app-link.tsx';
import { CitySearch } from './city-chooser.tsx';
import type { CityChoice } from '../lib/city-choice.ts';
import { Icon, type IconName } from './icons.tsx';
import { useCatalogMenu } from '../lib/catalog-menu.ts';
import { CatalogMenuStatus, SearchBox } from './site-header.tsx';

type Panel = 'menu' | 'more' | 'contacts' | 'catalog' | 'city' | 'search' | 'services';

const PANEL_TITLES: Record<Panel, string> = {
  menu: 'Меню',
  more: 'Ещё',
  contacts: 'Контакты',
  catalog: 'Каталог',
  city: 'Выбор города',
  search: 'Поиск',
  services: 'Сервисы',
};

/** The first panel: each entry opens another panel (the city entry shows the current city). */
const MENU_ENTRIES: { panel: Exclude<Panel, 'menu'>; icon: IconName; label: string }[] = [
  { panel: 'catalog', icon: 'catalog', label: 'Каталог товаров' },
  { panel: 'search', icon: 'search', label: 'Поиск' },
  { panel: 'city', icon: 'pin', label: 'Город' },
  { panel: 'services', icon: 'service', label: 'Сервисы' },
  { panel: 'contacts', icon: 'phone', label: 'Контакты' },
  { panel: 'more', icon: 'more', label: 'Ещё' },
];

const SERVICES = [
  { name: 'Сервисный центр', url: '/service' },
  { name: 'Trade-in', url: '/service/trade-in' },
  { name: 'Ремонт техники', url: '/service/repair' },
  { name: 'Страхование', url: '/insurance/osago' },
  { name: 'Финансовые услуги', url: '/finance/deposit' },
  { name: 'Подарочные сертификаты', url: '/certificate' },
];

function findItem(items: MenuItem[], id: number): MenuItem | null {
  for (const item of items) {
    if (item.id === id) return item;
    const found = findItem(item.children, id);
    if (found) return found;
  }
  return null;
}

export function MobileMenu({
  open,
  onClose,
  city,
  cities,
  branch,
  staticMenu,
}: {
  open: boolean;
  onClose: () => void;
  city: City;
  cities: CityChoice[];
  branch: string;
  staticMenu: MenuItem[];
}) {
  // Asked when the menu first opens, so the catalogue panel is usually ready by the time it is chosen.
  const catalog = useCatalogMenu(open, branch);
  const catalogMenu = catalog.status === 'ready' ? catalog.items : [];
  const ref = useRef<HTMLDialogElement>(null);
  const [panels, setPanels] = useState<Panel[]>(['menu']);
  const [catalogStack, setCatalogStack] = useState<number[]>([]);
  const panel = panels.at(-1) ?? 'menu';

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setPanels(['menu']);
      setCatalogStack([]);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const push = (p: Panel) => setPanels((s) => [...s, p]);
  const back = () => {
    if (panel === 'catalog' && catalogStack.length > 0) setCatalogStack((s) => s.slice(0, -1));
    else setPanels((s) => (s.length > 1 ? s.slice(0, -1) : s));
  };
  const openedCategory = catalogStack.length > 0 ? findItem(catalogMenu, catalogStack.at(-1)!) : null;
  const catalogItems = openedCategory ? openedCategory.children : catalogMenu;

  return (
    <dialog ref={ref} className="mobile-menu" aria-labelledby="mobile-menu-title" onClose={onClose}>
      <div className="mobile-menu-head">
        {panels.length > 1 || catalogStack.length > 0 ? (
          <button type="button" className="icon-button" aria-label="Назад" onClick={back}>
            <Icon name="back" />
          </button>
        ) : null}
        <h2 id="mobile-menu-title">
          {panel === 'catalog' && openedCategory ? openedCategory.name : PANEL_TITLES[panel]}
        </h2>
        <button type="button" className="icon-button" aria-label="Закрыть меню" onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      <div className="mobile-menu-body">
        {panel === 'menu' ? (
          <ul className="panel-list">
            {MENU_ENTRIES.map((entry) => (
              <li key={entry.panel}>
                <button type="button" onClick={() => push(entry.panel)}>
                  <Icon name={entry.icon} size={20} /> {entry.panel === 'city' ? city.name : entry.label}{' '}
                  <Icon name="chevron" size={16} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {panel === 'catalog' ? <CatalogMenuStatus state={catalog} onClose={onClose} /> : null}
        {panel === 'catalog' && catalog.status === 'ready' ? (
          <ul className="panel-list">
            {openedCategory ? (
              <li>
                <AppLink to={openedCategory.url} onClick={onClose}>
                  Все товары раздела
                </AppLink>
              </li>
            ) : null}
            {catalogItems.map((item) => (
              <li key={item.id}>
                {item.children.length > 0 ? (
                  <button type="button" onClick={() => setCatalogStack((s) => [...s, item.id])}>
                    {item.name} <Icon name="chevron" size={16} />
                  </button>
                ) : (
                  <AppLink to={item.url} onClick={onClose}>
                    {item.name}
                  </AppLink>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {/* The user opened the search panel on purpose, so focus goes straight to the field. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        {panel === 'search' ? <SearchBox autoFocus /> : null}
        {panel === 'city' ? <CitySearch initial={cities} onChoose={onClose} /> : null}
        {panel === 'services' ? (
          <ul className="panel-list">
            {SERVICES.map((s) => (
              <li key={s.url}>
                <AppLink to={s.url} onClick={onClose}>
                  {s.name}
                </AppLink>
              </li>
            ))}
          </ul>
        ) : null}
        {panel === 'contacts' ? (
          <div className="panel-text">
            <p>
              Телефон в городе {city.name}: <a href={`tel:${city.phone.replace(/[^\d+]/g, '')}`}>{city.phone}</a>
            </p>
            <p>Ежедневно с 8:00 до 22:00</p>
            <p>
              <AppLink to="/shops" onClick={onClose}>
                Адреса магазинов
              </AppLink>
            </p>
          </div>
        ) : null}
        {panel === 'more' ? (
          <ul className="panel-list">
            {staticMenu.map((item) => (
              <li key={item.id}>
                <AppLink to={item.url} onClick={onClose}>
                  {item.name}
                </AppLink>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </dialog>
  );
}
