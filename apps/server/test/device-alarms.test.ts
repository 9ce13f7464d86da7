import type { AlarmType as DeviceAlarm } from '@xunji/protocols';
import { describe, expect, it } from 'vitest';
import { decodeStatusWord } from '../../../packages/protocols/src/h02/status.js';
import { alarmTypes } from '../../../packages/protocols/src/jt808/location.js';
import { WATCH_ALARM_BITS } from '../../../packages/protocols/src/watch/decoder.js';
import { ALARM_OF_DEVICE_ALARM } from '../src/alarms/device-alarms.js';

const logged = (alarms: DeviceAlarm[]) => alarms.map((alarm) => ALARM_OF_DEVICE_ALARM[alarm]);

describe('device alarms become alarm log types', () => {
  it('maps the JT/T 808 alarm bits', () => {
    const cases: [number, string][] = [
      [0, 'sos'],
      [1, 'overspeed'],
      [2, 'rest'],
      [7, 'lowPower'],
      [8, 'powerCut'],
      [15, 'vibration'],
      [16, 'tearOff'],
    ];
    for (const [bit, type] of cases)
      expect(logged(alarmTypes(2 ** bit)), `bit ${bit}`).toEqual([type]);
    // The device's own fences and unnamed bits are not ours to report.
    expect(logged(alarmTypes(2 ** 20, 0))).toEqual([null]);
    expect(logged(alarmTypes(2 ** 31))).toEqual([null]);
  });

  it('maps the H02 status word (active low)', () => {
    const all = 0xffffffff;
    expect(logged(decodeStatusWord(all & ~(1 << 1)).alarms)).toEqual(['sos']);
    expect(logged(decodeStatusWord(all & ~1).alarms)).toEqual(['vibration']);
    expect(logged(decodeStatusWord((all & ~(1 << 19)) >>> 0).alarms)).toEqual(['powerCut']);
    expect(logged(decodeStatusWord(all & ~(1 << 2)).alarms)).toEqual(['overspeed']);
  });

  it('maps the watch alarm bits (its own fences and unnamed bits left out)', () => {
    const types = Object.fromEntries(
      WATCH_ALARM_BITS.map(([bit, alarm]) => [bit, ALARM_OF_DEVICE_ALARM[alarm]]),
    );
    expect(types).toEqual({
      16: 'sos',
      17: 'lowPower',
      18: null,
      19: null,
      20: 'tearOff',
      21: 'fall',
      22: null,
    });
  });
});
