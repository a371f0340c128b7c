import { describe, expect, it } from 'vitest';
import { mercator } from '../../lib/availability.ts';
import { gridClusters, type MapPoint } from './map-clusters.ts';

const point = (id: number, type: number, latitude: number, longitude: number): MapPoint => ({
  id,
  type,
  name: `Пункт ${id}`,
  address: `Адрес ${id}`,
  latitude,
  longitude,
});

/** Pixel position at a zoom, as Leaflet's map.project gives it. */
const at = (zoom: number) => (p: MapPoint) => {
  const w = mercator(p.latitude, p.longitude);
  const scale = 256 * 2 ** zoom;
  return { x: w.x * scale, y: w.y * scale };
};

describe('gridClusters', () => {
  // Two pickup points 150 m apart in central Kazan, a multicenter 5 km away.
  const points = [point(1, 10, 55.7961, 49.1064), point(2, 13, 55.7965, 49.1084), point(3, 1, 55.83, 49.06)];

  it('groups pins that fall in one cell and keeps distant ones apart', () => {
    const clusters = gridClusters(points, at(11), 56);
    expect(clusters.map((c) => c.points.map((p) => p.id))).toEqual([[1, 2], [3]]);
    expect(clusters[0]!.group).toBe('pickupPoint');
    expect(clusters[0]!.latitude).toBeCloseTo(55.7963, 4);
  });

  it('splits every pin once zoomed in close enough', () => {
    expect(gridClusters(points, at(17), 56).map((c) => c.points.length)).toEqual([1, 1, 1]);
  });

  it('folds three hundred pins of a city into a few dozen markers at city zoom', () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      point(i + 1, [1, 9, 10, 12, 13, 14][i % 6]!, 55.7 + ((i * 37) % 100) / 500, 37.4 + ((i * 53) % 100) / 250),
    );
    const clusters = gridClusters(many, at(10), 56);
    expect(clusters.length).toBeLessThan(60);
    expect(clusters.reduce((n, c) => n + c.points.length, 0)).toBe(300);
  });
});
