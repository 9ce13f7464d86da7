/**
 * H02 status word (8 hex digits). Bits are ACTIVE-LOW (vendor: "Bit = 0 indicates activity");
 * the mapping is Traccar's (protocols.md §2.4), the only one the documents give:
 * bit0 = 0 vibration; bit1 = 0 or bit18 = 0 SOS; bit2 = 0 overspeed; bit19 = 0 power cut;
 * bit10 = 1 ignition (ACC) on. The full vendor table is a known gap, so no other bit is read.
 */
import type { AlarmType } from '../types.js';

export interface H02Status {
  alarms: AlarmType[];
  acc: boolean;
}

const low = (status: number, bit: number) => ((status >>> bit) & 1) === 0;

export function decodeStatusWord(status: number): H02Status {
  const alarms: AlarmType[] = [];
  if (low(status, 0)) alarms.push('vibration');
  if (low(status, 1) || low(status, 18)) alarms.push('sos');
  if (low(status, 2)) alarms.push('overspeed');
  if (low(status, 19)) alarms.push('powerCut');
  return { alarms, acc: !low(status, 10) };
}
