import type L from 'leaflet';

/**
 * Our panes among Leaflet's (tile 200, overlay 400, shadow 500, marker 600, tooltip 650,
 * popup 700): the offline outline under the tiles and the borders over its land, the user's
 * position above tracks and fences, the device markers above everything drawn on the map.
 */
export const PANES = {
  outline: { name: 'xjOutline', zIndex: 150 },
  borders: { name: 'xjBorders', zIndex: 160 },
  userLocation: { name: 'xjUserLocation', zIndex: 450 },
  devices: { name: 'xjDevices', zIndex: 610 },
} as const;

export function createPanes(map: L.Map): void {
  for (const { name, zIndex } of Object.values(PANES)) {
    const pane = map.getPane(name) ?? map.createPane(name);
    pane.style.zIndex = String(zIndex);
    pane.style.pointerEvents = 'none';
  }
}
