import type { AlarmType as DeviceAlarm } from '@xunji/protocols';
import type { DeviceAlarmType } from '@xunji/shared';

/**
 * The alarm log type of each alarm a device reports; null for the ones this platform decides
 * itself (fences are ours, not the device's) or cannot name.
 */
export const ALARM_OF_DEVICE_ALARM: Record<DeviceAlarm, DeviceAlarmType | null> = {
  sos: 'sos',
  fall: 'fall',
  lowBattery: 'lowPower',
  powerCut: 'powerCut',
  powerOff: 'powerOff',
  vibration: 'vibration',
  tearOff: 'tearOff',
  overspeed: 'overspeed',
  fatigue: 'rest',
  sound: 'voice',
  geofenceEnter: null,
  geofenceExit: null,
  displacement: null,
  other: null,
};
