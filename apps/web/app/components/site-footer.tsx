// The footer loads lazily: its menu is fetched once the placeholder comes within 1000 px of the viewport.
import { useEffect, useRef, useState } from 'react';
import { FOOTER_LAZY_MARGIN_PX } from '@store/domain';
import type { City, MenuItem } from '@store/api-client';
import { AppLink } from './app-link.tsx';

const YEAR = new Date().getFullYear();

export function Copyright() {
  return (
    <p className="copyright">© 2009–{YEAR} ООО «Мультицентр». Цены и наличие на сайте могут отличаться от магазинов.</p>
  );
}

export function LazyFooter({ city, branch }: { city: City; branch: string }) {
  const ref = useRef<HTMLElement>(null);
  const [columns, setColumns] = useState<MenuItem[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let cancelled = false;
    const load = async () => {
      try {
        const response = await fetch(`/api/v3/menu?menu_code=footer&branch=${branch}`, {
          headers: { 'x-requested-with': 'XMLHttpRequest' },
        });
        if (!response.ok) throw new Error(`footer menu ${response.status}`);
        const items = (await response.json()) as MenuItem[];
        if (!cancelled) setColumns(items);
      } catch {
        if (!cancelled) setFailed(true);
      }
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          void load();
        }
      },
      { rootMargin: `${FOOTER_LAZY_MARGIN_PX}px 0px` },
    );
    observer.observe(el);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [branch]);

  return (
    <footer ref={ref} className="site-footer" data-loaded={columns !== null ? 'true' : 'false'}>
      <div className="container footer-grid">
        {columns?.map((column) => (
          <nav key={column.id} aria-label={column.name}>
            <h2>{column.name}</h2>
            <ul>
              {column.children.map((item) => (
                <li key={item.id}>
                  <AppLink to={item.url}>{item.name}</AppLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        {failed ? (
          <nav aria-label="Покупателям">
            <ul>
              <li>
                <AppLink to="/shops">Магазины</AppLink>
              </li>
              <li>
                <AppLink to="/delivery">Доставка</AppLink>
              </li>
            </ul>
          </nav>
        ) : null}
        <div className="footer-contacts">
          <h2>Контакты</h2>
          <p>
            <a href={`tel:${city.phone.replace(/[^\d+]/g, '')}`} className="footer-phone">
              {city.phone}
            </a>
          </p>
          <p>Ежедневно с 8:00 до 22:00</p>
        </div>
      </div>
      <div className="container footer-meta">
        <a href="/sitemap">Карта сайта</a>
        <Copyright />
      </div>
    </footer>
  );
}

export function MiniFooter() {
  return (
    <footer className="mini-footer">
      <div className="container">
        <a href="/prm/personal-data">Политика обработки персональных данных</a>
        <Copyright />
      </div>
    </footer>
  );
}
