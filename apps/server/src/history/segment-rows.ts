import type { NewTrackSegment, TrackSegmentRow } from '../db/schema.js';
import type { DetectedSegment, DetectedStop } from './segment-detector.js';

/** A detected stop or trip as a row of track_segments. */
export function toSegmentRow(deviceId: number, segment: DetectedSegment): NewTrackSegment {
  if (segment.kind === 'trip') {
    return {
      deviceId,
      kind: 'trip',
      startTime: segment.start.time,
      endTime: segment.end.time,
      startLat: segment.start.latitude,
      startLon: segment.start.longitude,
      endLat: segment.end.latitude,
      endLon: segment.end.longitude,
      distance: segment.distance,
      maxSpeed: segment.maxSpeed,
      accOff: 0,
      provisional: 0,
    };
  }
  return {
    deviceId,
    kind: 'stop',
    startTime: segment.start.time,
    endTime: segment.endTime,
    startLat: segment.start.latitude,
    startLon: segment.start.longitude,
    endLat: segment.last.latitude,
    endLon: segment.last.longitude,
    distance: 0,
    maxSpeed: 0,
    lastTime: segment.last.time,
    anchorTime: segment.anchor.time,
    anchorLat: segment.anchor.latitude,
    anchorLon: segment.anchor.longitude,
    accOff: segment.accOff ? 1 : 0,
    provisional: segment.provisional ? 1 : 0,
  };
}

/** A stored stop as detection's resume state. */
export function toDetectedStop(row: TrackSegmentRow): DetectedStop {
  return {
    kind: 'stop',
    start: { time: row.startTime, latitude: row.startLat, longitude: row.startLon },
    last: { time: row.lastTime ?? row.endTime, latitude: row.endLat, longitude: row.endLon },
    endTime: row.endTime,
    anchor: {
      time: row.anchorTime ?? row.startTime,
      latitude: row.anchorLat ?? row.startLat,
      longitude: row.anchorLon ?? row.startLon,
    },
    accOff: row.accOff === 1,
    provisional: row.provisional === 1,
  };
}
