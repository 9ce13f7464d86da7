import type { CommandRecord, LatLon, Terminal } from '@xunji/shared';

/** The fix a locate-now command got: where, and when (an instant, or the device's own clock). */
export interface LocatedFix {
  point: LatLon;
  time: number | null;
  deviceTime: string | null;
}

/**
 * The position a locate-now answered: the one its reply text carries (GT06), else the device's
 * newest fix once it is newer than the command (JT/T 808 0x0201 and watches report it as a
 * position); undefined while there is none yet.
 */
export function locatedFix(
  record: CommandRecord,
  device: Pick<Terminal, 'latWGS84' | 'lonWGS84' | 'locateTime'> | undefined,
): LocatedFix | undefined {
  const meaning = record.replyMeaning;
  if (meaning?.kind === 'position') {
    const { latitude, longitude, time, deviceTime } = meaning;
    return { point: { latitude, longitude }, time, deviceTime };
  }
  if (!device || device.latWGS84 === null || device.lonWGS84 === null) return undefined;
  if (device.locateTime === null || device.locateTime < record.createTime) return undefined;
  return {
    point: { latitude: device.latWGS84, longitude: device.lonWGS84 },
    time: device.locateTime,
    deviceTime: null,
  };
}
