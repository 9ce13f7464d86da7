import { z } from 'zod';

const nullableText = z.string().nullable();

/** What trips and stopovers share: their times and ends, GCJ-02 (lon/lat) and WGS-84. */
const SegmentEnds = z.object({
  id: z.number().int(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  startLon: z.number(),
  startLat: z.number(),
  endLon: z.number(),
  endLat: z.number(),
  startLonWGS84: z.number(),
  startLatWGS84: z.number(),
  endLonWGS84: z.number(),
  endLatWGS84: z.number(),
  /** seconds */
  duration: z.number().int(),
});

/** §3 Trip item, with its numbers. */
export const TripItem = SegmentEnds.extend({
  startAddress: nullableText,
  endAddress: nullableText,
  /** metres */
  distance: z.number().int(),
  /** km/h, two decimals */
  maxSpeed: z.number(),
  averageSpeed: z.number(),
});
export type TripItem = z.infer<typeof TripItem>;

/** §3 Stopover item: where the device stayed, from when to when. */
export const StopoverItem = SegmentEnds.extend({
  address: nullableText,
  /** true while the device is still there */
  ongoing: z.boolean(),
});
export type StopoverItem = z.infer<typeof StopoverItem>;

/** A range's driving, from its trips: each counted for its part inside the range. */
export const TripTotals = z.object({
  /** metres */
  distance: z.number().int(),
  /** seconds */
  drivingTime: z.number().int(),
});
export type TripTotals = z.infer<typeof TripTotals>;

/** A page of trips; `count` is the number of trips of the whole range, `totals` their driving. */
export const TripPage = z.object({
  list: z.array(TripItem),
  count: z.number().int(),
  totals: TripTotals,
});
export type TripPage = z.infer<typeof TripPage>;
export const StopoverPage = z.object({ list: z.array(StopoverItem), count: z.number().int() });
export type StopoverPage = z.infer<typeof StopoverPage>;

const column = z.array(z.number());

/** See track-encoding.ts. */
export const EncodedTrackSchema = z.object({
  count: z.number().int(),
  time: column,
  lat: column,
  lon: column,
  gcjLat: column,
  gcjLon: column,
  speed: column,
  course: column,
  mode: column,
  flags: column,
  /** The lowest zoom level drawing each point, per coordinate system (track-levels.ts). */
  levels: z.object({ wgs84: z.string(), gcj02: z.string() }),
});

/** Totals of a time range: trips for distance and moving time, stopovers for stopped time. */
export const TrackSummary = z.object({
  /** metres */
  distance: z.number().int(),
  /** seconds */
  movingTime: z.number().int(),
  stoppedTime: z.number().int(),
  /** km/h, two decimals */
  maxSpeed: z.number(),
  averageSpeed: z.number(),
});
export type TrackSummary = z.infer<typeof TrackSummary>;

export const TrackInfo = z.object({
  terminalId: z.number().int(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  points: EncodedTrackSchema,
  summary: TrackSummary,
  /** The stopovers of the range (without addresses: the app asks for one when it is tapped). */
  stopovers: z.array(StopoverItem),
});
export type TrackInfo = z.infer<typeof TrackInfo>;
