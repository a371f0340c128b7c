// The store map of the availability tab, checkout's pickup step, /shops and a store page: Leaflet,
// imported only after hydration and once the map nears the screen (never in the server render or a
// page's first scripts). Until it loads, and without JavaScript, the box keeps its size with a plain
// background and a line saying the list is beside it. Picking a pin selects the point in the list.
import { useEffect, useId, useRef, useState } from 'react';
import { PLURAL, formatCount } from '@store/domain';
import type { StoreMapHandle } from './leaflet-map.ts';
import type { MapPoint } from './map-clusters.ts';

export type { MapPoint };

export function StoreMap({
  points,
  selectedId,
  onSelect,
  me,
  tileUrl,
  attribution,
  label,
}: {
  /** In the list's order. */
  points: readonly MapPoint[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** The shopper's position, once known. */
  me: { latitude: number; longitude: number } | null;
  tileUrl: string | null;
  attribution: string | null;
  /** What the map shows, for screen readers; «Карта: N пунктов» by default. */
  label?: string;
}) {
  const hintId = useId();
  const box = useRef<HTMLDivElement>(null);
  const handle = useRef<StoreMapHandle | null>(null);
  const select = useRef(onSelect);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    select.current = onSelect;
  });

  useEffect(() => {
    let cancelled = false;
    const load = () =>
      import('./leaflet-map.ts').then(
        ({ createStoreMap }) => {
          if (cancelled || !box.current) return;
          handle.current = createStoreMap(box.current, {
            tileUrl,
            onSelect: (id) => select.current(id),
            onTilesFailed: () => setTilesFailed(true),
          });
          setStatus('ready');
        },
        (error: unknown) => {
          console.error('store map: Leaflet did not load', error);
          if (!cancelled) setStatus('failed');
        },
      );
    // Leaflet's evaluation is one task of 20–25 ms of CPU (80–100 ms on a phone): it waits until the map
    // comes near the screen, so a phone that opens the availability tab (the map below the list's first
    // points) does not pay it while the page hydrates (decision 0075).
    let observer: IntersectionObserver | null = null;
    if (typeof IntersectionObserver === 'undefined' || !box.current) void load();
    else {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer?.disconnect();
          void load();
        },
        { rootMargin: '100px' },
      );
      observer.observe(box.current);
    }
    return () => {
      cancelled = true;
      observer?.disconnect();
      handle.current?.destroy();
      handle.current = null;
    };
  }, [tileUrl]);

  useEffect(() => {
    handle.current?.update({ points, selectedId, me });
  }, [points, selectedId, me, status]);

  const withTiles = Boolean(tileUrl) && !tilesFailed;
  return (
    <div className="sm-map">
      <div
        className={`sm-canvas${withTiles ? ' has-tiles' : ''}`}
        role="group"
        aria-label={label ?? `Карта: ${formatCount(points.length, PLURAL.pickupPoint)}`}
        aria-describedby={hintId}
      >
        <div ref={box} className="sm-leaflet" data-map-status={status} />
        {status !== 'ready' ? (
          <p className="sm-placeholder">
            {status === 'failed' ? 'Карта не загрузилась: все пункты есть в списке.' : 'Карта загружается…'}
          </p>
        ) : null}
      </div>
      <p id={hintId} className="sm-hint">
        Нажмите на точку, чтобы найти пункт в списке; число — несколько пунктов рядом.
      </p>
      {withTiles && attribution ? <p className="sm-credit">{attribution}</p> : null}
    </div>
  );
}
