/**
 * The position a locate reply carries (GT06 `WHERE#`/`DWXX#`/`URL#` answers and their Chinese
 * forms), in WGS-84 as the device's GPS gave it.
 */
export interface ReplyPosition {
  latitude: number;
  longitude: number;
  speedKmh: number | null;
  /** When the fix was taken (epoch ms), only when the reply says in which zone (see replyTime). */
  time: number | null;
  /** The fix time as the device wrote it, when it does not say in which zone. */
  deviceTime: string | null;
}

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;

/** `Lat:N22.571523,Lon:E113.864048` (also `Latitude:…,longitude:…`, hemisphere before or after). */
const LAT_LON = new RegExp(
  String.raw`lat(?:itude)?\s*[:：]\s*([NS])?\s*(${NUMBER})\s*([NS])?\s*[,，]\s*lon(?:gitude)?\s*[:：]\s*([EW])?\s*(${NUMBER})\s*([EW])?`,
  'i',
);
/** `纬度:N23.111143,经度:E114.409233` */
const CHINESE_LAT_LON = new RegExp(
  String.raw`纬度\s*[:：]\s*([NS])?\s*(${NUMBER})\s*([NS])?\s*[,，]\s*经度\s*[:：]\s*([EW])?\s*(${NUMBER})\s*([EW])?`,
  'i',
);
/** `http://maps.google.com/maps?q=N23.111143,E114.409233` (the `URL#` answer). */
const MAP_LINK = new RegExp(
  String.raw`maps\?q=([NS])?(${NUMBER})()\s*,\s*([EW])?(${NUMBER})()`,
  'i',
);
const SPEED = new RegExp(String.raw`(?:speed|速度)\s*[:：]\s*(${NUMBER})`, 'i');
const TIME = /(?:date\s*time|时间|<date)\s*[:：]\s*([0-9][0-9TZ:+\-./ ]*[0-9Z]\s*(?:GMT|UTC)?)/i;

/** An instant with its zone: ISO 8601 with Z or an offset, or a time followed by GMT/UTC. */
const ZONED =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2}|GMT|UTC)$/i;

/**
 * The time of a reply, read only when it is unambiguous. Rule: a time that names its zone
 * (ISO 8601 `…Z` or `…+08:00`, or followed by GMT/UTC) is an instant, shown later in the user's
 * zone. A bare wall time (`DateTime:2015-06-19 02:40:39`, `时间:…`) is in the zone the device was
 * set to with `GMT,E,8#` (Concox firmware; the factory setting differs by market and the platform
 * is not told), so it is not converted: it stays as the device wrote it.
 */
export function replyTime(written: string): { time: number | null; deviceTime: string | null } {
  const text = written.trim();
  const zoned = ZONED.exec(text);
  if (!zoned) return { time: null, deviceTime: text };
  const zone = zoned[3]!.toUpperCase();
  const offset = zone === 'GMT' || zone === 'UTC' ? 'Z' : zone;
  const time = Date.parse(`${zoned[1]}T${zoned[2]}${offset}`);
  return Number.isNaN(time) ? { time: null, deviceTime: text } : { time, deviceTime: null };
}

const signed = (value: string, hemisphere: string | undefined, negative: string): number =>
  (hemisphere?.toUpperCase() === negative ? -1 : 1) * Number(value);

/** The position in a reply text; undefined when it has none (or an impossible one). */
export function replyPosition(text: string): ReplyPosition | undefined {
  const found = LAT_LON.exec(text) ?? CHINESE_LAT_LON.exec(text) ?? MAP_LINK.exec(text);
  if (!found) return undefined;
  const [, latBefore, lat, latAfter, lonBefore, lon, lonAfter] = found;
  const latitude = signed(lat!, latBefore ?? latAfter, 'S');
  const longitude = signed(lon!, lonBefore ?? lonAfter, 'W');
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  const speed = SPEED.exec(text);
  const time = TIME.exec(text);
  return {
    latitude,
    longitude,
    speedKmh: speed ? Number(speed[1]) : null,
    ...(time ? replyTime(time[1]!) : { time: null, deviceTime: null }),
  };
}
