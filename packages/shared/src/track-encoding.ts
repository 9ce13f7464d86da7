import { wgs84ToGcj02Columns } from './gcj02.js';
import { zoomLevels } from './track-levels.js';

export * from './track-levels.js';

/**
 * A day at 1 Hz is 86,400 points: `/v2/track/info` sends them as column arrays of small integers
 * (delta-encoded where neighbours are close), which gzip/brotli shrink to a fraction of one
 * object per point. Server and app share this file, so both ends agree by construction.
 */
export const LBS_MODES = ['gps', 'lbs', 'wifi', 'mixed'] as const;
export type TrackLbsMode = (typeof LBS_MODES)[number];

export interface TrackPoint {
  /** epoch ms */
  time: number;
  /** WGS-84 */
  latitude: number;
  longitude: number;
  /** GCJ-02 (equal to WGS-84 outside mainland China) */
  gcjLatitude: number;
  gcjLongitude: number;
  /** km/h, two decimals */
  speed: number;
  /** degrees from north */
  course: number;
  lbsMode: TrackLbsMode;
  valid: boolean;
  /** null when the device does not report ACC */
  acc: boolean | null;
  /** sent again after a loss of signal */
  reupload: boolean;
}

export interface EncodedTrack {
  count: number;
  /** epoch ms, delta-encoded (the first is absolute) */
  time: number[];
  /** WGS-84 in micro-degrees, delta-encoded */
  lat: number[];
  lon: number[];
  /** GCJ-02 minus WGS-84 in micro-degrees, delta-encoded (it changes slowly along a track) */
  gcjLat: number[];
  gcjLon: number[];
  /** km/h × 100 */
  speed: number[];
  course: number[];
  /** index into LBS_MODES */
  mode: number[];
  /** bit 0 valid, bit 1 ACC on, bit 2 ACC reported, bit 3 re-upload */
  flags: number[];
  /**
   * The lowest zoom level drawing each point, every point shown (track-levels.ts), one letter a
   * point ('a' is 0): far smaller compressed than an array, and the two nearly equal texts
   * compress as one.
   */
  levels: TrackLevels<string>;
}

/** Per coordinate system of the base maps: simplification differs a little between them. */
export interface TrackLevels<T> {
  wgs84: T;
  gcj02: T;
}

const MICRO = 1e6;
const LEVEL_A = 97;

/** Per 8,192 letters: the arguments of one fromCharCode call stay far below any engine's limit. */
function levelText(levels: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < levels.length; i += 8192)
    parts.push(
      String.fromCharCode(...levels.subarray(i, i + 8192).map((level) => level + LEVEL_A)),
    );
  return parts.join('');
}

/** The levels of `EncodedTrack.levels` as numbers. */
export function decodeLevels(text: string): Uint8Array {
  const levels = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) levels[i] = text.charCodeAt(i) - LEVEL_A;
  return levels;
}
const FLAG = { valid: 1, accOn: 2, accKnown: 4, reupload: 8 } as const;

function undelta(values: number[]): Float64Array {
  const out = new Float64Array(values.length);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    out[i] = sum;
  }
  return out;
}

const micro = (degrees: number): number => Math.round(degrees * MICRO);

function flagsOf(point: TrackPoint): number {
  let flags = point.valid ? FLAG.valid : 0;
  if (point.acc !== null) flags |= FLAG.accKnown | (point.acc ? FLAG.accOn : 0);
  if (point.reupload) flags |= FLAG.reupload;
  return flags;
}

/**
 * Fills the columns point by point, with no object or array per point (a day is 86,400), then
 * the simplification levels from the coordinates exactly as `decodeTrack` gives them.
 */
class TrackWriter {
  private readonly track: Omit<EncodedTrack, 'levels'>;
  /** Decoded, as the app has them. */
  private readonly wgs84: { latitude: Float64Array; longitude: Float64Array };
  private readonly gcj02: { latitude: Float64Array; longitude: Float64Array };
  private index = 0;
  private time = 0;
  private lat = 0;
  private lon = 0;
  private gcjLat = 0;
  private gcjLon = 0;

  constructor(count: number) {
    const column = () => new Array<number>(count);
    this.track = {
      count,
      time: column(),
      lat: column(),
      lon: column(),
      gcjLat: column(),
      gcjLon: column(),
      speed: column(),
      course: column(),
      mode: column(),
      flags: column(),
    };
    const coordinates = () => ({
      latitude: new Float64Array(count),
      longitude: new Float64Array(count),
    });
    this.wgs84 = coordinates();
    this.gcj02 = coordinates();
  }

  write(
    time: number,
    latitude: number,
    longitude: number,
    gcjLatitude: number,
    gcjLongitude: number,
    speed: number,
    course: number,
    mode: number,
    flags: number,
  ): void {
    const { track } = this;
    const i = this.index++;
    const lat = micro(latitude);
    const lon = micro(longitude);
    const gcjLat = micro(gcjLatitude) - lat;
    const gcjLon = micro(gcjLongitude) - lon;
    track.time[i] = time - this.time;
    track.lat[i] = lat - this.lat;
    track.lon[i] = lon - this.lon;
    track.gcjLat[i] = gcjLat - this.gcjLat;
    track.gcjLon[i] = gcjLon - this.gcjLon;
    track.speed[i] = Math.round(speed * 100);
    track.course[i] = Math.round(course) % 360;
    track.mode[i] = mode;
    track.flags[i] = flags;
    this.wgs84.latitude[i] = lat / MICRO;
    this.wgs84.longitude[i] = lon / MICRO;
    this.gcj02.latitude[i] = (lat + gcjLat) / MICRO;
    this.gcj02.longitude[i] = (lon + gcjLon) / MICRO;
    this.time = time;
    this.lat = lat;
    this.lon = lon;
    this.gcjLat = gcjLat;
    this.gcjLon = gcjLon;
  }

  finish(): EncodedTrack {
    const all = Uint32Array.from({ length: this.track.count }, (_, i) => i);
    const levels = ({ latitude, longitude }: typeof this.wgs84) =>
      levelText(zoomLevels(latitude, longitude, all));
    return { ...this.track, levels: { wgs84: levels(this.wgs84), gcj02: levels(this.gcj02) } };
  }
}

const modeOf = (lbsMode: string): number =>
  Math.max(0, (LBS_MODES as readonly string[]).indexOf(lbsMode));

export function encodeTrack(points: readonly TrackPoint[]): EncodedTrack {
  const writer = new TrackWriter(points.length);
  for (const p of points)
    writer.write(
      p.time,
      p.latitude,
      p.longitude,
      p.gcjLatitude,
      p.gcjLongitude,
      p.speed,
      p.course,
      modeOf(p.lbsMode),
      flagsOf(p),
    );
  return writer.finish();
}

/**
 * A stored track as column arrays, as the database reads it (one array per column, no object
 * per point): WGS-84 only; 0 or 1 for the flags, ACC null when unknown.
 */
export interface StoredTrackColumns {
  fixTime: number[];
  latitude: number[];
  longitude: number[];
  speed: number[];
  course: number[];
  lbsMode: string[];
  valid: number[];
  acc: (number | null)[];
  reupload: number[];
}

/** `encodeTrack` of stored columns, with their GCJ-02 exactly as `wgs84ToGcj02` gives it. */
export function encodeStoredTrack(stored: StoredTrackColumns): EncodedTrack {
  const count = stored.fixTime.length;
  const writer = new TrackWriter(count);
  const gcj = wgs84ToGcj02Columns(stored.longitude, stored.latitude);
  for (let i = 0; i < count; i++) {
    const acc = stored.acc[i] ?? null;
    let flags = stored.valid[i] === 1 ? FLAG.valid : 0;
    if (acc !== null) flags |= FLAG.accKnown | (acc === 1 ? FLAG.accOn : 0);
    if (stored.reupload[i] === 1) flags |= FLAG.reupload;
    writer.write(
      stored.fixTime[i]!,
      stored.latitude[i]!,
      stored.longitude[i]!,
      gcj.latitude[i]!,
      gcj.longitude[i]!,
      stored.speed[i]!,
      stored.course[i]!,
      modeOf(stored.lbsMode[i]!),
      flags,
    );
  }
  return writer.finish();
}

/** Column arrays of the decoded track: what the app draws from, without an object per point. */
export interface TrackColumns {
  count: number;
  time: Float64Array;
  latitude: Float64Array;
  longitude: Float64Array;
  gcjLatitude: Float64Array;
  gcjLongitude: Float64Array;
  speed: Float32Array;
  course: Uint16Array;
  mode: Uint8Array;
  flags: Uint8Array;
  /** As sent: only those of the map's coordinate system are decoded (decodeLevels). */
  levels: TrackLevels<string>;
}

export function decodeTrack(track: EncodedTrack): TrackColumns {
  const { count } = track;
  const lat = undelta(track.lat);
  const lon = undelta(track.lon);
  const gcjLat = undelta(track.gcjLat);
  const gcjLon = undelta(track.gcjLon);
  const columns: TrackColumns = {
    count,
    time: undelta(track.time),
    latitude: new Float64Array(count),
    longitude: new Float64Array(count),
    gcjLatitude: new Float64Array(count),
    gcjLongitude: new Float64Array(count),
    speed: new Float32Array(count),
    course: Uint16Array.from(track.course),
    mode: Uint8Array.from(track.mode),
    flags: Uint8Array.from(track.flags),
    levels: track.levels,
  };
  for (let i = 0; i < count; i++) {
    columns.latitude[i] = lat[i]! / MICRO;
    columns.longitude[i] = lon[i]! / MICRO;
    columns.gcjLatitude[i] = (lat[i]! + gcjLat[i]!) / MICRO;
    columns.gcjLongitude[i] = (lon[i]! + gcjLon[i]!) / MICRO;
    columns.speed[i] = track.speed[i]! / 100;
  }
  return columns;
}

/** One decoded point, for the values shown at the playback marker. */
export function trackPointAt(columns: TrackColumns, index: number): TrackPoint {
  const flags = columns.flags[index]!;
  return {
    time: columns.time[index]!,
    latitude: columns.latitude[index]!,
    longitude: columns.longitude[index]!,
    gcjLatitude: columns.gcjLatitude[index]!,
    gcjLongitude: columns.gcjLongitude[index]!,
    speed: Math.round(columns.speed[index]! * 100) / 100,
    course: columns.course[index]!,
    lbsMode: LBS_MODES[columns.mode[index]!] ?? 'gps',
    valid: (flags & FLAG.valid) !== 0,
    acc: (flags & FLAG.accKnown) !== 0 ? (flags & FLAG.accOn) !== 0 : null,
    reupload: (flags & FLAG.reupload) !== 0,
  };
}

/** Whether a point is a network fix (LBS, Wi-Fi or mixed), which the track page can hide. */
export const isNetworkFix = (columns: TrackColumns, index: number): boolean =>
  columns.mode[index] !== 0;
