import {
  byteLength,
  FENCE_NAME_MAX_BYTES,
  FENCE_POLYGON_MIN_POINTS,
  FENCE_RADIUS_MAX_M,
  FENCE_RADIUS_MIN_M,
  isSimplePolygon,
  type LatLon,
  type ValidationMessageKey,
} from '@xunji/shared';
import type { FenceDraft } from './draft';

const lngLat = ({ latitude, longitude }: LatLon) => ({ lng: longitude, lat: latitude });

/** Whether the corners drawn so far cross (or touch) themselves: nothing to say under three. */
export const cornersCross = (corners: readonly LatLon[]): boolean =>
  corners.length >= FENCE_POLYGON_MIN_POINTS && !isSimplePolygon(corners.map(lngLat));

/**
 * The first §5 rule the draft breaks, as the key of the message the server would answer with
 * (name first, then the shape of the chosen type); null when it can be saved.
 */
export function draftProblem(draft: FenceDraft): ValidationMessageKey | null {
  const name = byteLength(draft.name.trim());
  if (name < 1 || name > FENCE_NAME_MAX_BYTES) return 'fenceName';
  switch (draft.type) {
    case 'round':
      if (!draft.centre) return 'fenceCentre';
      if (draft.radius < FENCE_RADIUS_MIN_M || draft.radius > FENCE_RADIUS_MAX_M)
        return 'fenceRadius';
      return null;
    case 'polygon':
      if (draft.corners.length < FENCE_POLYGON_MIN_POINTS) return 'fencePoints';
      return cornersCross(draft.corners) ? 'fenceCrossing' : null;
    case 'district':
      return draft.region ? null : 'fenceRegion';
  }
}
