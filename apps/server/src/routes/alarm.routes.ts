import { api, type AlarmToggle } from '@xunji/shared';
import type { Services } from '../context.js';
import type { RegisterCall } from '../http/register-call.js';

/** The §4 toggles set by `{id, status}` alone. */
const TOGGLE_CALLS = [
  [api.setFenceAlarm, 'fence'],
  [api.setVibrationAlarm, 'vibration'],
  [api.setSosAlarm, 'sos'],
  [api.setTearAlarm, 'tear'],
  [api.setLowPowerAlarm, 'lowPower'],
  [api.setPowerOffAlarm, 'powerOff'],
  [api.setVoiceAlarm, 'voice'],
  [api.setRestAlarm, 'rest'],
  [api.setOfflineAlarm, 'offline'],
  [api.setTelAlarm, 'tel'],
  [api.setSmsAlarm, 'sms'],
] as const satisfies readonly (readonly [unknown, AlarmToggle | 'tel' | 'sms'])[];

/** Spec §7 "Alarms": messages, settings and the push clients that receive them. */
export function alarmRoutes(registerCall: RegisterCall, services: Services): void {
  const { alarmLogs, alarmSettings, pushClients } = services;

  registerCall(api.alarmLogPage, ({ query }, { caller, request }) =>
    alarmLogs.page(caller.userId, query, request.language),
  );
  registerCall(api.alarmStatistics, ({ query }, { caller }) =>
    alarmLogs.statistics(caller.userId, query.type),
  );
  registerCall(api.latestAlarms, (_, { caller, request }) =>
    alarmLogs.latest(caller.userId, request.language),
  );
  registerCall(api.alarmLogById, ({ params }, { caller, request }) =>
    alarmLogs.one(caller.userId, params.alarmId, request.language),
  );
  registerCall(api.deleteAlarmLog, async ({ params }, { caller }) => {
    await alarmLogs.delete(caller.userId, params.id);
    return null;
  });
  registerCall(api.clearAlarmLogs, async ({ query }, { caller }) => {
    await alarmLogs.clear(caller.userId, query.terminalId);
    return null;
  });

  registerCall(api.terminalAlarmSetting, ({ params }, { caller }) =>
    alarmSettings.ofDevice(caller.userId, params.terminalId),
  );
  registerCall(api.userAlarmSetting, (_input, { caller }) => alarmSettings.ofUser(caller.userId));
  for (const [call, toggle] of TOGGLE_CALLS)
    registerCall(call, ({ body }, { caller }) =>
      alarmSettings.set(caller.userId, body.id, { [`${toggle}Alarm`]: body.status }),
    );
  registerCall(api.setSpeedAlarm, ({ body }, { caller }) =>
    alarmSettings.set(caller.userId, body.id, {
      speedAlarm: body.status,
      ...(body.speed === undefined ? {} : { speedLimit: body.speed }),
    }),
  );
  registerCall(api.setWechatAlarm, ({ body }, { caller }) =>
    alarmSettings.setWechat(caller.userId, body.id, body.status, {
      wechatNickname: body.wechatNickname ?? null,
      wechatHeadimgurl: body.wechatHeadimgurl ?? null,
      // the contract asks for it when turning on
      openId: body.wechatOpenUnionid ?? '',
    }),
  );
  registerCall(api.setTelPhoneNumber, ({ body }, { caller }) =>
    alarmSettings.setPhones(caller.userId, body.id, 'telPhoneNo', body),
  );
  registerCall(api.setSmsPhoneNumber, ({ body }, { caller }) =>
    alarmSettings.setPhones(caller.userId, body.id, 'smsPhoneNo', body),
  );
  registerCall(api.setPushAlarm, ({ body }, { caller }) =>
    alarmSettings.setPush(caller.userId, body.id, body.status, body.pushClientId),
  );

  registerCall(api.pushVapidKey, () => pushClients.vapidKey());
  registerCall(api.registerPushClient, ({ body }, { caller, request }) =>
    pushClients.register(caller.userId, body, request.language),
  );
  registerCall(api.unregisterPushClient, async ({ params }, { caller }) => {
    await pushClients.unregister(caller.userId, params.pushClientId);
    return null;
  });
}
