import { wgs84ToGcj02, type Api, type CallInput, type LatLon } from '@xunji/shared';
import type { FenceDraft } from './draft';

export type FenceBody = CallInput<Api['createFence']>['body'];

/** A point as the fence calls take it: GCJ-02 inside China (§3), WGS-84 elsewhere. */
function gcj02Point(point: LatLon) {
  const { latitude, longitude } = wgs84ToGcj02(point);
  return { lng: longitude, lat: latitude };
}

/** The body of createFence / updateFence for a draft that passed draftProblem(). */
export function fenceBody(terminalId: number, draft: FenceDraft): FenceBody {
  const common = {
    terminalId,
    name: draft.name.trim(),
    type: draft.type,
    alarmType: draft.alarmType,
    status: draft.status,
  };
  switch (draft.type) {
    case 'round':
      return {
        ...common,
        radius: draft.radius,
        fenceData: draft.centre ? [gcj02Point(draft.centre)] : [],
        regionCode: null,
      };
    case 'polygon':
      return {
        ...common,
        radius: null,
        fenceData: draft.corners.map(gcj02Point),
        regionCode: null,
      };
    case 'district':
      return { ...common, radius: null, fenceData: [], regionCode: draft.region?.code ?? null };
  }
}
