/** Spec §7 "Alarms": the alarm log, the unread statistics, the alarm settings, push clients. */
import { z } from 'zod';
import { ALARM_TYPES } from '../alarm-types.js';
import { PAGE_SIZE, SPEED_LIMIT_MAX_KMH, SPEED_LIMIT_MIN_KMH } from '../constants.js';
import { isMobile } from '../validators.js';
import {
  AlarmLog,
  AlarmLogPage,
  AlarmSetting,
  AlarmStatistics,
  ALARM_READ_FILTERS,
  phoneSlots,
} from './alarm-entities.js';
import { defineCall } from './define.js';
import { bigId, id, numeric, pageLimit, pageNumber } from './fields.js';
import { time, timeZone } from './history-params.js';
import { routes, type Route } from './routes.js';

const alarmType = z.enum(ALARM_TYPES, { error: 'alarmType' });
/** One type, a comma-separated list or repeated parameters. */
const alarmTypes = z
  .union([z.string(), z.array(z.string())], { error: 'alarmType' })
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(','))
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  )
  .pipe(z.array(alarmType));
const readFilter = z.enum(ALARM_READ_FILTERS, { error: 'alarmReadFilter' });

export const alarmLogPage = defineCall({
  ...routes.alarmLogPage,
  summary:
    "The caller's alarms, newest first: of one device or all it sees, by type(s), read state and time",
  query: z.object({
    terminalId: id.optional(),
    terminalNo: z.string().trim().max(32).optional(),
    page: pageNumber,
    limit: pageLimit(PAGE_SIZE.alarms),
    alarmType: alarmType.optional(),
    alarmTypes: alarmTypes.optional(),
    type: readFilter.default('all'),
    beginTime: time.optional(),
    endTime: time.optional(),
    timeZone,
  }),
  response: AlarmLogPage,
});

export const alarmStatistics = defineCall({
  ...routes.alarmStatistics,
  summary: 'Counts of the caller’s alarms (unread by default) per device and per type',
  query: z.object({ type: readFilter.default('unread') }),
  response: AlarmStatistics,
});

export const latestAlarms = defineCall({
  ...routes.latestAlarms,
  summary:
    'The newest alarm of each device the caller sees (read or not, not removed or cleared), newest first; devices without one are left out',
  response: z.array(AlarmLog),
});

export const alarmLogById = defineCall({
  ...routes.alarmLogById,
  summary: 'One alarm; reading it marks it read for the caller',
  params: z.object({ alarmId: bigId }),
  response: AlarmLog,
});

export const deleteAlarmLog = defineCall({
  ...routes.deleteAlarmLog,
  summary: "Removes an alarm from the caller's list (other users of the device keep theirs)",
  params: z.object({ id: bigId }),
  response: z.null(),
});

export const clearAlarmLogs = defineCall({
  ...routes.clearAlarmLogs,
  summary: "Empties the caller's list: of one device, or of every device when none is given",
  query: z.object({ terminalId: id.optional() }),
  response: z.null(),
});

export const terminalAlarmSetting = defineCall({
  ...routes.terminalAlarmSetting,
  summary: "A device's alarm setting (defaults until first changed)",
  params: z.object({ terminalId: id }),
  query: z.object({ appId: z.string().max(32).optional() }),
  response: AlarmSetting,
});

export const userAlarmSetting = defineCall({
  ...routes.userAlarmSetting,
  summary: 'The alarm settings of every device the caller sees',
  response: z.array(AlarmSetting),
});

const status = z.union([z.literal(0), z.literal(1)], { error: 'status' });

/** A §4 toggle: `{id, status}` where id is the setting's. */
const toggleCall = <R extends Route>(route: R, summary: string) =>
  defineCall({ ...route, summary, body: z.object({ id: bigId, status }), response: AlarmSetting });

export const setFenceAlarm = toggleCall(routes.setFenceAlarm, 'Fence alarms on or off');
export const setVibrationAlarm = toggleCall(routes.setVibrationAlarm, 'Vibration alarms on or off');
export const setSosAlarm = toggleCall(routes.setSosAlarm, 'SOS (and fall) alarms on or off');
export const setTearAlarm = toggleCall(routes.setTearAlarm, 'Tear-off alarms on or off');
export const setLowPowerAlarm = toggleCall(routes.setLowPowerAlarm, 'Low-battery alarms on or off');
export const setPowerOffAlarm = toggleCall(
  routes.setPowerOffAlarm,
  'Power-off and power-cut alarms on or off',
);
export const setVoiceAlarm = toggleCall(routes.setVoiceAlarm, 'Sound alarms on or off');
export const setRestAlarm = toggleCall(routes.setRestAlarm, 'Rest (fatigue) reminders on or off');
export const setOfflineAlarm = toggleCall(routes.setOfflineAlarm, 'Offline alarms on or off');
export const setTelAlarm = toggleCall(
  routes.setTelAlarm,
  'Alarm phone calls on or off (on needs a saved number)',
);
export const setSmsAlarm = toggleCall(
  routes.setSmsAlarm,
  'Alarm text messages on or off (on needs a saved number)',
);

export const setSpeedAlarm = defineCall({
  ...routes.setSpeedAlarm,
  summary: 'Overspeed alarms on or off; on needs the limit in km/h (§5)',
  body: z
    .object({
      id: bigId,
      status,
      speed: numeric(
        z
          .number({ error: 'speedLimit' })
          .min(SPEED_LIMIT_MIN_KMH, { error: 'speedLimit' })
          .max(SPEED_LIMIT_MAX_KMH, { error: 'speedLimit' }),
      ).optional(),
    })
    .refine((body) => body.status === 0 || body.speed !== undefined, {
      error: 'speedLimit',
      path: ['speed'],
    }),
  response: AlarmSetting,
});

export const setPushAlarm = defineCall({
  ...routes.setPushAlarm,
  summary: "Push alarms on or off; pushClientId names the caller's browser or app to receive them",
  body: z.object({ id: bigId, status, pushClientId: z.string().max(128).optional() }),
  response: AlarmSetting,
});

const optionalText = (max: number) => z.string().trim().max(max).optional();

export const setWechatAlarm = defineCall({
  ...routes.setWechatAlarm,
  summary: 'WeChat alarms on or off; on names the follower who receives them',
  body: z
    .object({
      id: bigId,
      status,
      wechatNickname: optionalText(64),
      wechatHeadimgurl: optionalText(512),
      wechatOpenUnionid: optionalText(128),
    })
    .refine((body) => body.status === 0 || !!body.wechatOpenUnionid, {
      error: 'wechatUser',
      path: ['wechatOpenUnionid'],
    }),
  response: AlarmSetting,
});

/** Six optional numbers: valid mainland mobiles, none twice (§5, §9). */
function phoneNumbers<P extends string>(prefix: P) {
  const slots = phoneSlots(prefix);
  const number = z
    .string({ error: 'mobile' })
    .trim()
    .transform((value) => (value === '' ? null : value))
    .refine((value) => value === null || isMobile(value), { error: 'mobile' })
    .nullish();
  const shape = Object.fromEntries(slots.map((slot) => [slot, number])) as Record<
    (typeof slots)[number],
    typeof number
  >;
  return z.object({ id: bigId, ...shape }).superRefine((body, context) => {
    const seen = new Set<string>();
    for (const slot of slots) {
      const value = (body as Record<string, string | null | undefined>)[slot];
      if (!value) continue;
      if (seen.has(value))
        context.addIssue({ code: 'custom', message: 'phoneRepeated', path: [slot] });
      seen.add(value);
    }
  });
}

export const setTelPhoneNumber = defineCall({
  ...routes.setTelPhoneNumber,
  summary: 'The up to six numbers called on an alarm',
  body: phoneNumbers('telPhoneNo'),
  response: AlarmSetting,
});

export const setSmsPhoneNumber = defineCall({
  ...routes.setSmsPhoneNumber,
  summary: 'The up to six numbers texted on an alarm',
  body: phoneNumbers('smsPhoneNo'),
  response: AlarmSetting,
});

export const pushVapidKey = defineCall({
  ...routes.pushVapidKey,
  summary: "The server's VAPID public key (base64url), for PushManager.subscribe",
  response: z.object({ publicKey: z.string() }),
});

const base64url = z.string({ error: 'pushSubscription' }).regex(/^[A-Za-z0-9_-]+={0,2}$/, {
  error: 'pushSubscription',
});

export const registerPushClient = defineCall({
  ...routes.registerPushClient,
  summary:
    "Registers the caller's Web Push subscription; answers the pushClientId to pass when signing in and to set-push-alarm",
  body: z.object({
    endpoint: z.url({ protocol: /^https?$/, error: 'pushSubscription' }).max(1024),
    keys: z.object({ p256dh: base64url.max(128), auth: base64url.max(64) }),
  }),
  response: z.object({ pushClientId: z.string() }),
});

export const unregisterPushClient = defineCall({
  ...routes.unregisterPushClient,
  summary: 'Forgets a push client of the caller (push turned off in this browser)',
  params: z.object({ pushClientId: z.string().max(128) }),
  response: z.null(),
});
