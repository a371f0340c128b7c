// City choice (SPEC §4 City): links carry ?city_id=N, which the server turns into the city
// cookie and a redirect, so choosing works without JavaScript too. cityConfirmed in browser
// storage hides the confirm prompt. The server's HTML always holds the prompt (the page is the same
// for every visitor, and on phones it is a row of the header: showing it only after hydration moved
// the whole page down); an inline head script marks <html> before paint when it was confirmed.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { BROWSER_STORAGE_KEY, TIMINGS } from '@store/domain';
import type { City } from '@store/api-client';
import type { CityChoice } from '../lib/city-choice.ts';
import { Icon } from './icons.tsx';
import { ClientButton } from './client-button.tsx';

function markConfirmed() {
  try {
    localStorage.setItem(BROWSER_STORAGE_KEY.cityConfirmed, '1');
  } catch {
    // Storage disabled (private mode): the prompt simply shows again next time.
  }
}

export function cityHref(pathname: string, search: string, cityId: number) {
  const params = new URLSearchParams(search);
  params.set('city_id', String(cityId));
  return `${pathname}?${params.toString()}`;
}

export function CityList({ cities, onChoose }: { cities: CityChoice[]; onChoose?: () => void }) {
  const location = useLocation();
  return (
    <ul className="city-list">
      {cities.map((c) => (
        <li key={c.id}>
          <a
            href={cityHref(location.pathname, location.search, c.id)}
            onClick={() => {
              markConfirmed();
              onChoose?.();
            }}
          >
            {c.name}
            {c.territory_name && c.territory_name !== c.name ? <small>{c.territory_name}</small> : null}
          </a>
        </li>
      ))}
    </ul>
  );
}

export const cityConfirmScript = () =>
  `try{if(localStorage.getItem(${JSON.stringify(BROWSER_STORAGE_KEY.cityConfirmed)})!==null)document.documentElement.classList.add('city-confirmed')}catch(e){document.documentElement.classList.add('city-confirmed')}`;

/** Search over /v2/cities, debounced; the previous request is cancelled. */
export function CitySearch({ initial, onChoose }: { initial: CityChoice[]; onChoose?: () => void }) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<City[] | null>(null);
  const [failed, setFailed] = useState(false);
  const inputId = useId();

  useEffect(() => {
    const text = query.trim();
    if (text === '') {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/v2/cities?per_page=30&query=${encodeURIComponent(text)}`, {
          signal: controller.signal,
          headers: { 'x-requested-with': 'XMLHttpRequest' },
        });
        if (!response.ok) throw new Error(String(response.status));
        setResults((await response.json()) as City[]);
        setFailed(false);
      } catch (error) {
        if ((error as Error).name !== 'AbortError') setFailed(true);
      }
    }, TIMINGS.fetchMinDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const shown = results ?? initial;
  return (
    <div className="city-search">
      <label htmlFor={inputId} className="visually-hidden">
        Поиск города
      </label>
      <input
        id={inputId}
        type="search"
        placeholder="Найти город"
        autoComplete="off"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {failed ? <p role="alert">Не удалось загрузить города, попробуйте ещё раз.</p> : null}
      {results !== null && results.length === 0 ? (
        <p>Город не найден</p>
      ) : (
        <CityList cities={shown} onChoose={onChoose} />
      )}
    </div>
  );
}

export function CityDialog({ open, onClose, cities }: { open: boolean; onClose: () => void; cities: CityChoice[] }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="modal" aria-labelledby="city-dialog-title" onClose={onClose}>
      <div className="modal-head">
        <h2 id="city-dialog-title">Выберите город</h2>
        <button type="button" className="icon-button" aria-label="Закрыть" onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      {open ? <CitySearch initial={cities} onChoose={onClose} /> : null}
    </dialog>
  );
}

export function CityChooser({ city, cities }: { city: City; cities: CityChoice[] }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [askConfirm, setAskConfirm] = useState(true);

  useEffect(() => {
    try {
      setAskConfirm(localStorage.getItem(BROWSER_STORAGE_KEY.cityConfirmed) === null);
    } catch {
      setAskConfirm(false);
    }
  }, []);

  return (
    <div className="city-chooser">
      <ClientButton className="city-button" onClick={() => setDialogOpen(true)} aria-haspopup="dialog">
        <Icon name="pin" size={18} />
        <span>{city.name}</span>
      </ClientButton>
      {askConfirm && !dialogOpen ? (
        <div className="city-confirm" role="dialog" aria-label="Подтверждение города">
          <p>
            Ваш город — <strong>{city.name}</strong>?
          </p>
          <div className="row">
            <ClientButton
              className="button button-primary"
              onClick={() => {
                markConfirmed();
                setAskConfirm(false);
              }}
            >
              Да, верно
            </ClientButton>
            <ClientButton
              className="button"
              onClick={() => {
                setAskConfirm(false);
                setDialogOpen(true);
              }}
            >
              Выбрать другой
            </ClientButton>
          </div>
        </div>
      ) : null}
      <CityDialog open={dialogOpen} onClose={() => setDialogOpen(false)} cities={cities} />
    </div>
  );
}
