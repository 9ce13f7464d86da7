import {
  alarmNames,
  isMemberNotice,
  type AlarmLog,
  type AlarmType,
  type Language,
  type LatLon,
} from '@xunji/shared';
import type { TFunction } from 'i18next';
import { formatSpeed } from '../devices/format';

/** The alarm's name in the app's language (the shared table the server's texts use too). */
export const alarmName = (type: AlarmType, language: Language): string =>
  alarmNames[type][language];

export const isFenceAlarm = (type: AlarmType): boolean =>
  type === 'fenceEnter' || type === 'fenceOut';

/** Where the alarm began (WGS-84), when the device reported a position. */
export const beginOf = (alarm: AlarmLog): LatLon | null =>
  alarm.beginLatWGS84 === null || alarm.beginLngWGS84 === null
    ? null
    : { latitude: alarm.beginLatWGS84, longitude: alarm.beginLngWGS84 };

/** Where it ended, when that is known. */
export const endOf = (alarm: AlarmLog): LatLon | null =>
  alarm.endLatWGS84 === null || alarm.endLngWGS84 === null
    ? null
    : { latitude: alarm.endLatWGS84, longitude: alarm.endLngWGS84 };

/** The address, else the coordinates, else "no position"; none for a message about members. */
export function alarmPlace(alarm: AlarmLog, t: TFunction): string | null {
  if (isMemberNotice(alarm.alarmType)) return null;
  if (alarm.address?.trim()) return alarm.address;
  const begin = beginOf(alarm);
  return begin
    ? t('alarms.coordinates', {
        latitude: begin.latitude.toFixed(6),
        longitude: begin.longitude.toFixed(6),
      })
    : t('alarms.noPosition');
}

/** The speed of an overspeed alarm, two decimals (§9). */
const alarmSpeed = (alarm: AlarmLog, t: TFunction): string =>
  t('alarms.speedValue', { value: formatSpeed(alarm.speed) });

/** The fence of a fence alarm, the speed of an overspeed alarm: [label, value]. */
export function alarmDetail(alarm: AlarmLog, t: TFunction): [string, string] | null {
  if (isFenceAlarm(alarm.alarmType) && alarm.fenceName) return [t('alarms.fence'), alarm.fenceName];
  if (alarm.member) return [t('alarms.member'), alarm.member];
  if (alarm.alarmType === 'overspeed' && alarm.speed !== null)
    return [t('alarms.speed'), alarmSpeed(alarm, t)];
  return null;
}

/** A badge's unread count, capped at 99+. */
export const unreadBadge = (count: number): string => (count > 99 ? '99+' : String(count));
