import {
  FENCE_POLYGON_MAX_POINTS,
  FENCE_RADIUS_MAX_M,
  FENCE_RADIUS_MIN_M,
  type Fence,
  type FenceAlarmOn,
  type FenceType,
  type LatLon,
} from '@xunji/shared';

/** A chosen administrative region (district fence). */
export interface RegionChoice {
  code: string;
  name: string;
}

/**
 * The fence being drawn, in WGS-84. Every type keeps its own shape, so switching the type and
 * back loses nothing; only the shape of the chosen type is saved.
 */
export interface FenceDraft {
  type: FenceType;
  name: string;
  alarmType: FenceAlarmOn;
  status: 0 | 1;
  /** Round fence: its centre, null until placed (see withDefaultCentre). */
  centre: LatLon | null;
  /** Round fence, metres. */
  radius: number;
  /** Polygon fence: the corners in the order tapped. */
  corners: LatLon[];
  region: RegionChoice | null;
}

export const DEFAULT_RADIUS_M = 500;

export const emptyDraft: FenceDraft = {
  type: 'round',
  name: '',
  alarmType: 'access',
  status: 1,
  centre: null,
  radius: DEFAULT_RADIUS_M,
  corners: [],
  region: null,
};

export type DraftAction =
  | { kind: 'setType'; type: FenceType }
  | { kind: 'setName'; name: string }
  | { kind: 'setAlarmType'; alarmType: FenceAlarmOn }
  /** A tap on the map: the centre of a round fence, the next corner of a polygon. */
  | { kind: 'tap'; point: LatLon }
  | { kind: 'setRadius'; radius: number }
  | { kind: 'undoCorner' }
  | { kind: 'clearCorners' }
  | { kind: 'chooseRegion'; region: RegionChoice }
  /** An existing fence (as read, WGS-84) replaces the draft. */
  | { kind: 'load'; fence: Fence };

/** Whole metres within the allowed range. */
export const clampRadius = (radius: number): number =>
  Math.min(FENCE_RADIUS_MAX_M, Math.max(FENCE_RADIUS_MIN_M, Math.round(radius)));

const toLatLon = ({ lng, lat }: { lng: number; lat: number }): LatLon => ({
  latitude: lat,
  longitude: lng,
});

export function draftOf(fence: Fence): FenceDraft {
  const points = fence.fenceData.map(toLatLon);
  return {
    ...emptyDraft,
    type: fence.type,
    name: fence.name,
    alarmType: fence.alarmType,
    status: fence.status,
    centre: fence.type === 'round' ? (points[0] ?? null) : null,
    radius: fence.type === 'round' && fence.radius !== null ? fence.radius : DEFAULT_RADIUS_M,
    corners: fence.type === 'polygon' ? points : [],
    region:
      fence.type === 'district' && fence.regionCode
        ? { code: fence.regionCode, name: fence.regionName ?? fence.regionCode }
        : null,
  };
}

export function draftReducer(draft: FenceDraft, action: DraftAction): FenceDraft {
  switch (action.kind) {
    case 'setType':
      return { ...draft, type: action.type };
    case 'setName':
      return { ...draft, name: action.name };
    case 'setAlarmType':
      return { ...draft, alarmType: action.alarmType };
    case 'tap':
      if (draft.type === 'round') return { ...draft, centre: action.point };
      if (draft.type === 'polygon' && draft.corners.length < FENCE_POLYGON_MAX_POINTS)
        return { ...draft, corners: [...draft.corners, action.point] };
      return draft;
    case 'setRadius':
      return { ...draft, radius: clampRadius(action.radius) };
    case 'undoCorner':
      return { ...draft, corners: draft.corners.slice(0, -1) };
    case 'clearCorners':
      return { ...draft, corners: [] };
    case 'chooseRegion':
      // An unnamed fence is named after its region.
      return {
        ...draft,
        region: action.region,
        name: draft.name.trim() ? draft.name : action.region.name,
      };
    case 'load':
      return draftOf(action.fence);
  }
}

/**
 * The draft as shown and saved: a round fence whose centre has not been placed is centred on
 * the device (`position`, WGS-84) while it has one.
 */
export function withDefaultCentre(draft: FenceDraft, position: LatLon | null): FenceDraft {
  return draft.centre || !position ? draft : { ...draft, centre: position };
}
