// The receiving points on a map: a self-drawn Web Mercator view of the pins' bounding box. Tiles
// come from MAP_TILE_URL when set; without it, or when a tile fails, the pins stand on a plain
// background, so the map works offline. Pins are buttons in one tab stop (arrow keys move between
// them, in the list's order); picking one selects the point in the list.
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { PLURAL, formatCount, storeGroupOf } from '@store/domain';
import { mapPosition, mapTiles, mapView } from '../lib/availability.ts';
import { useHydrated } from '../lib/hydrated.ts';

export interface MapPoint {
  id: number;
  type: number;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
}

export function StoreMap({
  points,
  selectedId,
  onSelect,
  me,
  tileUrl,
  attribution,
}: {
  /** In the list's order. */
  points: readonly MapPoint[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** The shopper's position, once known. */
  me: { latitude: number; longitude: number } | null;
  tileUrl: string | null;
  attribution: string | null;
}) {
  const hintId = useId();
  const view = useMemo(() => mapView(me ? [...points, me] : points), [points, me]);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [focusId, setFocusId] = useState<number | null>(null);
  const pins = useRef(new Map<number, HTMLButtonElement>());
  // False on the server and while hydrating: tiles load only where their errors can be heard.
  const hydrated = useHydrated();

  // The one pin in the tab order: the focused one, else the selected one, else the first.
  const tabbableId =
    points.find((p) => p.id === focusId)?.id ?? points.find((p) => p.id === selectedId)?.id ?? points[0]?.id;

  // A pin chosen from the list becomes the map's tab stop too (state adjusted while rendering).
  const [seenSelectedId, setSeenSelectedId] = useState(selectedId);
  if (selectedId !== seenSelectedId) {
    setSeenSelectedId(selectedId);
    setFocusId(selectedId);
  }

  if (!view) return null;
  const tiles = tileUrl && hydrated && !tilesFailed ? mapTiles(view, tileUrl) : [];
  const mine = me ? mapPosition(view, me) : null;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const target = event.key === 'Home' ? 0 : event.key === 'End' ? points.length - 1 : step ? index + step : undefined;
    if (target === undefined) return;
    event.preventDefault();
    const next = points[(target + points.length) % points.length];
    if (!next) return;
    setFocusId(next.id);
    pins.current.get(next.id)?.focus();
  }

  return (
    <div className="pp-map">
      <div
        className={tiles.length > 0 ? 'pp-map-canvas has-tiles' : 'pp-map-canvas'}
        role="group"
        aria-label={`Карта: ${formatCount(points.length, PLURAL.pickupPoint)}`}
        aria-describedby={hintId}
      >
        {tiles.length > 0 ? (
          <div className="pp-map-tiles" aria-hidden="true">
            {tiles.map((t) => (
              <img
                key={t.key}
                src={t.src}
                alt=""
                width={256}
                height={256}
                decoding="async"
                draggable={false}
                style={{ left: `${t.x}%`, top: `${t.y}%`, width: `${t.width}%`, height: `${t.height}%` }}
                onError={() => setTilesFailed(true)}
              />
            ))}
          </div>
        ) : null}
        {mine ? (
          <span className="pp-map-me" style={{ left: `${mine.x}%`, top: `${mine.y}%` }} title="Вы здесь">
            <span className="visually-hidden">Вы здесь</span>
          </span>
        ) : null}
        {points.map((p, index) => {
          const at = mapPosition(view, p);
          if (!at) return null;
          const selected = p.id === selectedId;
          return (
            <button
              key={p.id}
              ref={(el) => {
                if (el) pins.current.set(p.id, el);
                else pins.current.delete(p.id);
              }}
              type="button"
              className={`pp-map-pin pp-map-pin--${storeGroupOf(p.type) ?? 'other'}${selected ? ' is-selected' : ''}`}
              style={{ left: `${at.x}%`, top: `${at.y}%` }}
              aria-label={`${p.name}, ${p.address}`}
              aria-pressed={selected}
              tabIndex={p.id === tabbableId ? 0 : -1}
              onClick={() => onSelect(p.id)}
              onFocus={() => setFocusId(p.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              <svg viewBox="0 0 24 32" width="24" height="32" aria-hidden="true" focusable="false">
                <path d="M12 31S2 19.6 2 11.5a10 10 0 0 1 20 0C22 19.6 12 31 12 31z" />
                <circle cx="12" cy="11.5" r="4" />
              </svg>
            </button>
          );
        })}
        {(() => {
          const chosen = points.find((p) => p.id === selectedId);
          const at = chosen ? mapPosition(view, chosen) : null;
          if (!chosen || !at) return null;
          return (
            <div
              className={`pp-map-label${at.x > 60 ? ' is-left' : ''}`}
              style={{ left: `${at.x}%`, top: `${at.y}%` }}
              aria-hidden="true"
            >
              <strong>{chosen.name}</strong>
              <span>{chosen.address}</span>
            </div>
          );
        })()}
      </div>
      <p id={hintId} className="pp-map-hint">
        Нажмите на точку, чтобы найти пункт в списке. Стрелки переключают точки.
      </p>
      {tiles.length > 0 && attribution ? <p className="pp-map-credit">{attribution}</p> : null}
    </div>
  );
}
