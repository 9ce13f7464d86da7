import {
  routes,
  type AlarmChannel,
  type AlarmSetting,
  type AlarmToggle,
  type Route,
} from '@xunji/shared';
import { call } from '../api/call';

/** Every §4 on/off of an alarm setting: which alarms (toggles) and how they reach people. */
export type SwitchKey = AlarmToggle | AlarmChannel;

/** `{id, status}` of every switch call, with what some of them add when turned on. */
export interface SwitchBody {
  /** The setting's id, not the device's. */
  id: number;
  status: 0 | 1;
  /** Overspeed: the limit, km/h. */
  speed?: number;
  /** Push: the browser that receives the alarms. */
  pushClientId?: string;
  /** WeChat: the follower who receives them. */
  wechatNickname?: string;
  wechatHeadimgurl?: string;
  wechatOpenUnionid?: string;
}

const SWITCH_ROUTES = {
  fence: routes.setFenceAlarm,
  vibration: routes.setVibrationAlarm,
  sos: routes.setSosAlarm,
  tear: routes.setTearAlarm,
  lowPower: routes.setLowPowerAlarm,
  speed: routes.setSpeedAlarm,
  powerOff: routes.setPowerOffAlarm,
  voice: routes.setVoiceAlarm,
  rest: routes.setRestAlarm,
  offline: routes.setOfflineAlarm,
  push: routes.setPushAlarm,
  sms: routes.setSmsAlarm,
  tel: routes.setTelAlarm,
  wechat: routes.setWechatAlarm,
} as const satisfies Record<SwitchKey, Route>;

/** POST /terminal-alarm-setting/set-<key>-alarm; answers the whole setting as saved. */
export function sendSwitch(key: SwitchKey, body: SwitchBody): Promise<AlarmSetting> {
  return call(SWITCH_ROUTES[key], { body });
}
