/** The OsmAnd / Traccar Client HTTP request a phone sends (speed in knots, as the app does). */
import type { Fix } from '../fix.js';

const KMH_PER_KNOT = 1.852;

export function osmandQuery(deviceId: string, fix: Fix): string {
  const params = new URLSearchParams({
    id: deviceId,
    timestamp: String(fix.time / 1000),
    lat: fix.latitude.toFixed(6),
    lon: fix.longitude.toFixed(6),
    speed: (fix.speedKmh / KMH_PER_KNOT).toFixed(4),
    bearing: String(fix.course),
    altitude: String(fix.altitude),
    batt: String(fix.batteryPercent),
    charge: String(fix.acc),
  });
  if (fix.alarm === 'sos') params.set('alarm', 'sos');
  return `/?${params.toString()}`;
}
