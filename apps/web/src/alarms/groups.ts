import type { AlarmType } from '@xunji/shared';

export const ALARM_GROUPS = [
  'emergency',
  'power',
  'device',
  'driving',
  'fence',
  'members',
] as const;
export type AlarmGroup = (typeof ALARM_GROUPS)[number];

/** The alarm types of the filter page, grouped; every type of ALARM_TYPES once. */
export const ALARM_TYPE_GROUPS: Record<AlarmGroup, AlarmType[]> = {
  emergency: ['sos', 'fall'],
  power: ['lowPower', 'powerOff', 'powerCut'],
  device: ['tearOff', 'vibration', 'voice', 'offline'],
  driving: ['overspeed', 'rest'],
  fence: ['fenceEnter', 'fenceOut'],
  members: ['memberJoined', 'memberRequest'],
};

/** The group of an alarm type. */
export const groupOf = (type: AlarmType): AlarmGroup =>
  ALARM_GROUPS.find((group) => ALARM_TYPE_GROUPS[group].includes(type)) ?? 'device';
