import type { Language } from './codes.js';

/** What an alarm log row can be (spec §3 alarmType); fence alarms carry the fence's name. */
export const ALARM_TYPES = [
  'sos',
  'fall',
  'lowPower',
  'powerOff',
  'powerCut',
  'tearOff',
  'vibration',
  'voice',
  'overspeed',
  'rest',
  'offline',
  'fenceEnter',
  'fenceOut',
  'memberJoined',
  'memberRequest',
] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];

/**
 * Messages to a device's owner about its accounts (someone bound it, someone asks to): in the
 * message list with the alarms, pushed to the owner alone, governed by no §4 toggle.
 */
export const MEMBER_NOTICES = ['memberJoined', 'memberRequest'] as const satisfies AlarmType[];
export type MemberNotice = (typeof MEMBER_NOTICES)[number];
/** What a device or the alarm engine raises. */
export type DeviceAlarmType = Exclude<AlarmType, MemberNotice>;
export const isMemberNotice = (type: AlarmType): type is MemberNotice =>
  (MEMBER_NOTICES as readonly AlarmType[]).includes(type);

/** §4 toggles deciding which alarms a device raises. */
export const ALARM_TOGGLES = [
  'fence',
  'vibration',
  'sos',
  'tear',
  'lowPower',
  'speed',
  'powerOff',
  'voice',
  'rest',
  'offline',
] as const;
export type AlarmToggle = (typeof ALARM_TOGGLES)[number];

/** §4 toggles deciding how alarms reach people. */
export const ALARM_CHANNELS = ['push', 'sms', 'tel', 'wechat'] as const;
export type AlarmChannel = (typeof ALARM_CHANNELS)[number];

/** The §4 toggle that governs each alarm (a fall is an emergency: it follows SOS). */
export const TOGGLE_OF_ALARM: Record<DeviceAlarmType, AlarmToggle> = {
  sos: 'sos',
  fall: 'sos',
  lowPower: 'lowPower',
  powerOff: 'powerOff',
  powerCut: 'powerOff',
  tearOff: 'tear',
  vibration: 'vibration',
  voice: 'voice',
  overspeed: 'speed',
  rest: 'rest',
  offline: 'offline',
  fenceEnter: 'fence',
  fenceOut: 'fence',
};

/** The setting field of a toggle or channel in the §3 alarm setting (`sosAlarm`, `pushAlarm`…). */
export const alarmField = <T extends AlarmToggle | AlarmChannel>(toggle: T) =>
  `${toggle}Alarm` as const;

type Names = Record<Language, string>;

/** Alarm names in both languages: the app's lists and the server's SMS, call and push texts. */
export const alarmNames: Record<AlarmType, Names> = {
  sos: { 'zh-CN': 'SOS 求救', en: 'SOS' },
  fall: { 'zh-CN': '跌倒报警', en: 'Fall detected' },
  lowPower: { 'zh-CN': '低电报警', en: 'Low battery' },
  powerOff: { 'zh-CN': '关机报警', en: 'Powered off' },
  powerCut: { 'zh-CN': '断电报警', en: 'Power cut' },
  tearOff: { 'zh-CN': '拆除报警', en: 'Removed (tear-off)' },
  vibration: { 'zh-CN': '震动报警', en: 'Vibration' },
  voice: { 'zh-CN': '声控报警', en: 'Sound detected' },
  overspeed: { 'zh-CN': '超速报警', en: 'Overspeed' },
  rest: { 'zh-CN': '疲劳驾驶提醒', en: 'Time to rest' },
  offline: { 'zh-CN': '离线报警', en: 'Offline' },
  fenceEnter: { 'zh-CN': '进入围栏', en: 'Entered fence' },
  fenceOut: { 'zh-CN': '离开围栏', en: 'Left fence' },
  memberJoined: { 'zh-CN': '新成员绑定了设备', en: 'New member bound the device' },
  memberRequest: { 'zh-CN': '有人申请绑定设备', en: 'Someone asks to bind the device' },
};
