// Grouping store pins for the map: the pins whose screen positions fall in one grid cell at the
// current zoom become one cluster (centred on their mean position), so three hundred pins of a big
// city stay readable; zooming in splits them. Pure, so it is tested without a browser.
import { storeGroupOf } from '@store/domain';

export interface MapPoint {
  id: number;
  type: number;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
}

export interface MapCluster {
  points: MapPoint[];
  latitude: number;
  longitude: number;
  /** The group most of its pins belong to (its colour). */
  group: 'multicenter' | 'parcelLocker' | 'pickupPoint' | 'other';
}

/** `project` gives a pin's pixel position at the current zoom; `cell` is the grid's cell size in pixels. */
export function gridClusters(
  points: readonly MapPoint[],
  project: (point: MapPoint) => { x: number; y: number },
  cell: number,
): MapCluster[] {
  const cells = new Map<string, MapPoint[]>();
  for (const point of points) {
    const { x, y } = project(point);
    const key = `${Math.floor(x / cell)}:${Math.floor(y / cell)}`;
    const list = cells.get(key);
    if (list) list.push(point);
    else cells.set(key, [point]);
  }
  return [...cells.values()].map((members) => {
    const counts = new Map<MapCluster['group'], number>();
    for (const p of members) {
      const group = storeGroupOf(p.type) ?? 'other';
      counts.set(group, (counts.get(group) ?? 0) + 1);
    }
    const group = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    return {
      points: members,
      latitude: members.reduce((sum, p) => sum + p.latitude, 0) / members.length,
      longitude: members.reduce((sum, p) => sum + p.longitude, 0) / members.length,
      group,
    };
  });
}
