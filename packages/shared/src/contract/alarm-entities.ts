import { z } from 'zod';
import { ALARM_TYPES } from '../alarm-types.js';

/** Which alarms, by the caller's read state. */
export const ALARM_READ_FILTERS = ['all', 'unread', 'read'] as const;
export type AlarmReadFilter = (typeof ALARM_READ_FILTERS)[number];

const flag = z.union([z.literal(0), z.literal(1)]);
const nullableNumber = z.number().nullable();
const nullableText = z.string().nullable();

/** §3 Alarm log: where it began and ended in GCJ-02 (for the map) and WGS-84. */
export const AlarmLog = z.object({
  id: z.number().int(),
  terminalId: z.number().int(),
  terminalNo: z.string(),
  terminalName: z.string(),
  alarmType: z.enum(ALARM_TYPES),
  /** epoch ms */
  alarmTime: z.number().int(),
  beginLng: nullableNumber,
  beginLat: nullableNumber,
  endLng: nullableNumber,
  endLat: nullableNumber,
  beginLngWGS84: nullableNumber,
  beginLatWGS84: nullableNumber,
  endLngWGS84: nullableNumber,
  endLatWGS84: nullableNumber,
  address: nullableText,
  fenceId: z.number().int().nullable(),
  fenceName: nullableText,
  /** The account a membership message is about (memberJoined, memberRequest). */
  member: nullableText,
  /** km/h, two decimals */
  speed: nullableNumber,
  /** read by the caller */
  read: z.boolean(),
});
export type AlarmLog = z.infer<typeof AlarmLog>;

export const AlarmLogPage = z.object({ list: z.array(AlarmLog), count: z.number().int() });
export type AlarmLogPage = z.infer<typeof AlarmLogPage>;

/** Unread alarms of the caller, for the badges of the message tab. */
export const AlarmStatistics = z.object({
  total: z.number().int(),
  byTerminal: z.array(z.object({ terminalId: z.number().int(), count: z.number().int() })),
  byType: z.array(z.object({ alarmType: z.enum(ALARM_TYPES), count: z.number().int() })),
});
export type AlarmStatistics = z.infer<typeof AlarmStatistics>;

type Slot = 1 | 2 | 3 | 4 | 5 | 6;
/** The six number fields of a prefix: telPhoneNo1…telPhoneNo6 (§9: six each). */
export const phoneSlots = <P extends string>(prefix: P) =>
  ([1, 2, 3, 4, 5, 6] as const).map((n) => `${prefix}${n}` as `${P}${Slot}`);

const phones = <P extends string>(prefix: P) =>
  Object.fromEntries(phoneSlots(prefix).map((slot) => [slot, nullableText])) as Record<
    `${P}${Slot}`,
    typeof nullableText
  >;

/** §3 Alarm setting per terminal: the §4 toggles (0/1), the numbers, the WeChat follower. */
export const AlarmSetting = z.object({
  id: z.number().int(),
  terminalId: z.number().int(),
  pushAlarm: flag,
  smsAlarm: flag,
  telAlarm: flag,
  wechatAlarm: flag,
  fenceAlarm: flag,
  vibrationAlarm: flag,
  sosAlarm: flag,
  tearAlarm: flag,
  lowPowerAlarm: flag,
  speedAlarm: flag,
  powerOffAlarm: flag,
  voiceAlarm: flag,
  restAlarm: flag,
  offlineAlarm: flag,
  /** km/h: the overspeed threshold */
  speedLimit: nullableNumber,
  ...phones('telPhoneNo'),
  ...phones('smsPhoneNo'),
  wechatNickname: nullableText,
  wechatHeadimgurl: nullableText,
  wechatOpenUnionid: nullableText,
});
export type AlarmSetting = z.infer<typeof AlarmSetting>;
