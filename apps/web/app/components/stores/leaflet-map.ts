// The Leaflet side of the store map: loaded by a dynamic import once the page has hydrated, so
// Leaflet (about 40 KB compressed) and its stylesheet never weigh on a page's first load, and the
// server never runs it. Pins are grouped on a pixel grid per zoom level (a few hundred pins need no
// plugin); tiles come from MAP_TILE_URL, and without it, or once a tile fails, the pins stand on a
// plain background (offline). docs/decisions/0021.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { storeGroupOf } from '@store/domain';
import { gridClusters, type MapPoint } from './map-clusters.ts';

export interface StoreMapOptions {
  tileUrl: string | null;
  onSelect: (id: number) => void;
  onTilesFailed: () => void;
}

export interface StoreMapState {
  points: readonly MapPoint[];
  selectedId: number | null;
  me: { latitude: number; longitude: number } | null;
}

export interface StoreMapHandle {
  update(state: StoreMapState): void;
  destroy(): void;
}

const CELL_PX = 56;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const PIN_SVG =
  '<svg viewBox="0 0 24 32" width="28" height="36" aria-hidden="true" focusable="false"><path d="M12 31S2 19.6 2 11.5a10 10 0 0 1 20 0C22 19.6 12 31 12 31z"/><circle cx="12" cy="11.5" r="4"/></svg>';

export function createStoreMap(element: HTMLElement, options: StoreMapOptions): StoreMapHandle {
  const map = L.map(element, {
    attributionControl: false,
    zoomControl: true,
    minZoom: 3,
    maxZoom: 18,
    zoomSnap: 1,
  });
  map.zoomControl
    .getContainer()
    ?.querySelectorAll('a')
    .forEach((a) => {
      a.setAttribute('aria-label', a.classList.contains('leaflet-control-zoom-in') ? 'Приблизить' : 'Отдалить');
    });
  let tiles: L.TileLayer | null = null;
  if (options.tileUrl) {
    tiles = L.tileLayer(options.tileUrl, { maxZoom: 19, crossOrigin: false });
    tiles.on('tileerror', () => {
      if (!tiles) return;
      tiles.remove();
      tiles = null;
      options.onTilesFailed();
    });
    tiles.addTo(map);
  }
  const layer = L.layerGroup().addTo(map);
  let state: StoreMapState = { points: [], selectedId: null, me: null };
  let fittedFor = '';

  function draw() {
    layer.clearLayers();
    const zoom = map.getZoom();
    const project = (p: MapPoint) => map.project([p.latitude, p.longitude], zoom);
    const selected = state.points.find((p) => p.id === state.selectedId) ?? null;
    const rest = state.points.filter((p) => p !== selected);
    for (const cluster of gridClusters(rest, project, CELL_PX)) {
      if (cluster.points.length === 1) {
        layer.addLayer(pinMarker(cluster.points[0]!, false));
        continue;
      }
      const group = cluster.group;
      const marker = L.marker([cluster.latitude, cluster.longitude], {
        icon: L.divIcon({
          className: `sm-cluster sm-cluster--${group}`,
          html: `<span aria-hidden="true">${cluster.points.length}</span>`,
          iconSize: [40, 40],
        }),
        keyboard: true,
        title: `${cluster.points.length} пунктов рядом: приблизить`,
      });
      marker.on('add', () =>
        marker.getElement()?.setAttribute('aria-label', `${cluster.points.length} пунктов рядом: приблизить`),
      );
      marker.on('click', () => {
        const bounds = L.latLngBounds(cluster.points.map((p) => [p.latitude, p.longitude] as [number, number]));
        if (bounds.getNorthEast().equals(bounds.getSouthWest()))
          map.setView(bounds.getCenter(), Math.min(zoom + 3, 18));
        else map.fitBounds(bounds, { padding: [40, 40], maxZoom: 18 });
      });
      layer.addLayer(marker);
    }
    if (selected) layer.addLayer(pinMarker(selected, true));
    if (state.me) {
      layer.addLayer(
        L.circleMarker([state.me.latitude, state.me.longitude], {
          radius: 8,
          color: '#fff',
          weight: 3,
          fillColor: '#1a73e8',
          fillOpacity: 1,
          interactive: false,
        }),
      );
    }
  }

  function pinMarker(point: MapPoint, selected: boolean): L.Marker {
    const label = `${point.name}, ${point.address}`;
    const marker = L.marker([point.latitude, point.longitude], {
      icon: L.divIcon({
        className: `sm-pin sm-pin--${storeGroupOf(point.type) ?? 'other'}${selected ? ' is-selected' : ''}`,
        html: PIN_SVG,
        iconSize: [28, 36],
        iconAnchor: [14, 36],
      }),
      keyboard: true,
      title: label,
      zIndexOffset: selected ? 1000 : 0,
    });
    marker.on('add', () => {
      const el = marker.getElement();
      el?.setAttribute('aria-label', label);
      el?.setAttribute('aria-pressed', String(selected));
      // A pin is a button: Enter and Space pick it as a click does.
      el?.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        options.onSelect(point.id);
      });
    });
    marker.on('click', () => options.onSelect(point.id));
    if (selected)
      marker.bindTooltip(`<strong>${escapeHtml(point.name)}</strong><br>${escapeHtml(point.address)}`, {
        direction: 'top',
        offset: [0, -34],
        permanent: true,
        className: 'sm-label',
      });
    return marker;
  }

  function fit() {
    const all = [...state.points.map((p) => [p.latitude, p.longitude] as [number, number])];
    if (state.me) all.push([state.me.latitude, state.me.longitude]);
    if (all.length === 0) return;
    if (all.length === 1) map.setView(all[0]!, 15);
    else map.fitBounds(L.latLngBounds(all), { padding: [30, 30], maxZoom: 15 });
  }

  map.on('zoomend', draw);

  return {
    update(next) {
      const previous = state;
      state = next;
      const key = `${next.points.map((p) => p.id).join(',')}|${next.me ? `${next.me.latitude},${next.me.longitude}` : ''}`;
      if (key !== fittedFor) {
        fittedFor = key;
        fit();
      } else if (next.selectedId !== previous.selectedId && next.selectedId !== null) {
        const chosen = next.points.find((p) => p.id === next.selectedId);
        if (chosen) map.setView([chosen.latitude, chosen.longitude], Math.max(map.getZoom(), 14));
      }
      draw();
    },
    destroy() {
      map.remove();
    },
  };
}
