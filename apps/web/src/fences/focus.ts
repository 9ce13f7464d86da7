import { offset, type LatLon } from '@xunji/shared';
import type { FenceDraft } from './draft';

/** South-west and north-east corners of the points (for fitting the map). */
export function boundsOf(points: readonly LatLon[]): LatLon[] {
  if (points.length === 0) return [];
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const { latitude, longitude } of points) {
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
  }
  return [
    { latitude: south, longitude: west },
    { latitude: north, longitude: east },
  ];
}

/**
 * What the map should show of the draft: the circle, the corners, the region's outline; the
 * device's position while the shape has nothing yet; [] when there is neither.
 */
export function focusPoints(
  draft: FenceDraft,
  device: LatLon | null,
  outline: readonly LatLon[][] | undefined,
): LatLon[] {
  const fallback = device ? [device] : [];
  switch (draft.type) {
    case 'round':
      if (!draft.centre) return fallback;
      return [
        offset(draft.centre, -draft.radius, -draft.radius),
        offset(draft.centre, draft.radius, draft.radius),
      ];
    case 'polygon':
      return draft.corners.length > 0 ? boundsOf(draft.corners) : fallback;
    case 'district':
      return outline && outline.length > 0 ? boundsOf(outline.flat()) : fallback;
  }
}
