import type { LatLon } from '@xunji/shared';
import type { NewFence } from '../../apps/server/src/db/schema.js';
import type { DistrictIndex } from '../../apps/server/src/geo/districts.js';
import { homeOf } from './route.js';

type AlarmOn = NewFence['alarmOn'];
/** A fence as bench/fences makes it, before it has a device id. */
export type PlannedFence = Omit<NewFence, 'deviceId' | 'createdAt' | 'updatedAt'>;

export interface DeviceLayout {
  home: LatLon;
  away: LatLon;
  /** Five fences; each is on one side at home and on the other away. */
  fences: PlannedFence[];
  /** The side of each fence at home (the state kept before a run). */
  insideAtHome: boolean[];
}

const RADIUS_M = 300;
/** Half the side of the square polygon around home (~440 m north–south). */
const HALF_SIDE_DEGREES = 0.004;
/** Away points tried in turn until one lies in another district (~4–9 km from home). */
const AWAY_OFFSETS: [number, number][] = [
  [0.03, 0.03],
  [-0.03, 0.03],
  [0.03, -0.03],
  [-0.03, -0.03],
  [0.06, 0],
  [-0.06, 0],
  [0, 0.06],
  [0, -0.06],
];
const ALARM_ON: AlarmOn[] = ['access', 'out', 'enter'];

const lngLat = ({ latitude, longitude }: LatLon) => [longitude, latitude];

/**
 * The fences of device `index`: round, square and district around home (inside there), and the
 * district and a round fence of its away point (outside at home). Alarm on enter, out or both
 * in turn, so a trip away and back crosses all five and raises one alarm or two for each.
 */
export function layoutOf(index: number, districts: DistrictIndex): DeviceLayout {
  const home = homeOf(index);
  const homeDistrict = districts.locateWgs84(home)?.adcode;
  if (!homeDistrict) throw new Error(`home of device ${index} is in no district`);
  const away = AWAY_OFFSETS.map(([dLat, dLon]) => ({
    latitude: home.latitude + dLat,
    longitude: home.longitude + dLon,
  })).find((point) => {
    const adcode = districts.locateWgs84(point)?.adcode;
    return adcode !== undefined && adcode !== homeDistrict;
  });
  if (!away) throw new Error(`no away point in another district for device ${index}`);
  const alarmOn = (fence: number) => ALARM_ON[(index + fence) % ALARM_ON.length]!;
  const { latitude: lat, longitude: lon } = home;
  const square = [
    { latitude: lat - HALF_SIDE_DEGREES, longitude: lon - HALF_SIDE_DEGREES },
    { latitude: lat - HALF_SIDE_DEGREES, longitude: lon + HALF_SIDE_DEGREES },
    { latitude: lat + HALF_SIDE_DEGREES, longitude: lon + HALF_SIDE_DEGREES },
    { latitude: lat + HALF_SIDE_DEGREES, longitude: lon - HALF_SIDE_DEGREES },
  ];
  const shapes: Pick<PlannedFence, 'type' | 'radius' | 'points' | 'regionCode'>[] = [
    { type: 'round', radius: RADIUS_M, points: JSON.stringify([lngLat(home)]), regionCode: null },
    { type: 'polygon', radius: null, points: JSON.stringify(square.map(lngLat)), regionCode: null },
    { type: 'district', radius: null, points: '[]', regionCode: homeDistrict },
    {
      type: 'district',
      radius: null,
      points: '[]',
      regionCode: districts.locateWgs84(away)!.adcode,
    },
    { type: 'round', radius: RADIUS_M, points: JSON.stringify([lngLat(away)]), regionCode: null },
  ];
  const fences: PlannedFence[] = shapes.map((fence, f) => ({
    ...fence,
    name: `bench ${f + 1}`,
    alarmOn: alarmOn(f),
    status: 1,
  }));
  return { home, away, fences, insideAtHome: [true, true, true, false, false] };
}

/** The alarms a trip away and back raises: each fence crosses twice, alarming per its setting. */
export const alarmsOfTrip = (layout: DeviceLayout) =>
  layout.fences.reduce((n, fence) => n + (fence.alarmOn === 'access' ? 2 : 1), 0);
