/**
 * Positions sent as text in a string message (0x15 / 0x21), the replies to a location query:
 * - `Current position!Lat:N54.739332,Lon:E25.273270,Course:126.53,Speed:0.0000,DateTime:2017-05-26
 *   10:27:47` (Traccar `PATTERN_LOCATION`);
 * - `DWXX=Lat:N23.111682,Lon:E114.409217,Course:0.00,Speed:0.3518,DateTime:11-11-15 11:53:43`, and
 *   the degree-minute form `Lat:N23d5.1708m,Lon: E114d23.6212m` (Concox GT06 protocol v1.8 §6.3,
 *   appendix B);
 * - a map link `http://maps.google.com/maps?q=N22.57705,E113.91664` (Concox `WHERE#` reply).
 * Speed is km/h (Concox). A reply without a date (a bare map link) is the position now. A reply
 * whose fields are empty (`DWXX=Lat:,Lon:,…`: no fix) gives no position.
 */
import type { Position } from '../types.js';

const COORDINATE = String.raw`\s*([NSEW])\s*(\d+(?:\.\d+)?)(?:d(\d+(?:\.\d+)?)m)?`;
const LAT_LON = new RegExp(String.raw`Lat:${COORDINATE},\s*Lon:${COORDINATE}`, 'i');
const MAP_LINK = /maps\?q=(?:loc:)?([NS-]?)\s*(\d+(?:\.\d+)?),\s*([EW-]?)\s*(\d+(?:\.\d+)?)/i;
const COURSE = /Course:\s*(\d+(?:\.\d+)?)/i;
const SPEED = /Speed:\s*(\d+(?:\.\d+)?)/i;
/** `2017-05-26 10:27:47`, `11-11-15 11:53:43`, or ISO 8601 (`2017-05-26T10:27:47.000Z`: UTC). */
const DATE_TIME =
  /(\d{4}|\d{2})-(\d{1,2})-(\d{1,2})(?:\s+|T)(\d{1,2}):\s*(\d{1,2}):\s*(\d{1,2})(?:\.\d+)?(Z)?/;

function degrees(hemisphere: string, whole: string, minutes: string | undefined): number {
  const value = Number(whole) + (minutes === undefined ? 0 : Number(minutes) / 60);
  return hemisphere === 'S' || hemisphere === 'W' || hemisphere === '-' ? -value : value;
}

function timeOf(text: string, offsetMinutes: number): number | undefined {
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as number[];
  const fullYear = year! < 100 ? 2000 + year! : year!;
  const offset = m[7] ? 0 : offsetMinutes;
  return Date.UTC(fullYear, month! - 1, day, hour, minute, second) - offset * 60_000;
}

/**
 * The position a string message states, or undefined when it states none. `offsetMinutes` is the
 * device zone of the text's date; `now` stands for a reply without a date.
 */
export function positionInText(
  text: string,
  offsetMinutes: number,
  now: () => number,
): Position | undefined {
  let latitude: number;
  let longitude: number;
  const latLon = LAT_LON.exec(text);
  if (latLon) {
    latitude = degrees(latLon[1]!.toUpperCase(), latLon[2]!, latLon[3]);
    longitude = degrees(latLon[4]!.toUpperCase(), latLon[5]!, latLon[6]);
  } else {
    const link = MAP_LINK.exec(text);
    if (!link) return undefined;
    latitude = degrees(link[1]!.toUpperCase(), link[2]!, undefined);
    longitude = degrees(link[3]!.toUpperCase(), link[4]!, undefined);
  }
  const course = COURSE.exec(text);
  const speed = SPEED.exec(text);
  return {
    fixTime: timeOf(text, offsetMinutes) ?? now(),
    valid: true,
    latitude,
    longitude,
    speedKmh: speed ? Number(speed[1]) : 0,
    course: course ? Number(course[1]) : 0,
    lbsMode: 'gps',
  };
}
