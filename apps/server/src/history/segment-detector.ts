import { distanceMetres, type LatLon } from '@xunji/shared';
import type { SegmentRules } from './segment-rules.js';

/** A valid GPS fix, the only kind that moves the detector (network fixes are hundreds of m off). */
export interface MotionPoint extends LatLon {
  time: number;
  /** km/h as the device reported it */
  speed: number;
  /** null when the device does not report ACC */
  acc: boolean | null;
}

export interface Located extends LatLon {
  time: number;
}

/** Where the device stayed. The fields after `endTime` let detection resume from this stop. */
export interface DetectedStop {
  kind: 'stop';
  /** Where and when the stay began. */
  start: Located;
  /** The last fix of the stay. */
  last: Located;
  /** `last.time`, or the first fix after a data gap (the device is taken to have stayed until then). */
  endTime: number;
  /** The first fix of the cluster the next fix is measured against (a merged stop's latest part). */
  anchor: Located;
  /** The cluster began or went on with ACC off: drift cannot break it. */
  accOff: boolean;
  /** A stop only because the device has been silent for the gap time: a later fix may undo it. */
  provisional: boolean;
}

export interface DetectedTrip {
  kind: 'trip';
  start: Located;
  end: Located;
  /** metres along the fixes */
  distance: number;
  /** km/h, the highest the device reported */
  maxSpeed: number;
}

export type DetectedSegment = DetectedStop | DetectedTrip;

interface Cluster {
  anchor: MotionPoint;
  last: MotionPoint;
  /** Its fixes, which become part of a trip when the cluster is too short to be a stop. */
  points: MotionPoint[];
  accOff: boolean;
  /** A stop already (detection resumed from it): it can grow or close, never dissolve. */
  resumed?: DetectedStop;
}

const located = ({ time, latitude, longitude }: Located): Located => ({
  time,
  latitude,
  longitude,
});

/**
 * Stops and trips from fixes in time order (see docs/history.md for the rules). Pass `resume` —
 * the latest stored stop that is not provisional — and only the fixes after its last fix: the
 * answer then starts with that stop (grown, closed or merged) and equals what detection over
 * every fix would give from there on. Fixes after the last stop that do not end in one yet (a
 * trip under way) give no segment. `now` decides whether a silent device has stopped.
 */
export function detectSegments(
  points: readonly MotionPoint[],
  rules: SegmentRules,
  now: number,
  resume?: DetectedStop,
): DetectedSegment[] {
  const segments: DetectedSegment[] = [];
  /** The stop the next one merges into when the trip between them does not count. */
  let lastStop: DetectedStop | undefined;
  /** Fixes since the last stop that are not in the current cluster. */
  let moving: MotionPoint[] = [];
  let cluster: Cluster | undefined = resume && {
    anchor: { ...resume.anchor, speed: 0, acc: null },
    last: { ...resume.last, speed: 0, acc: null },
    points: [],
    accOff: resume.accOff,
    resumed: resume,
  };

  const isStill = (p: MotionPoint): boolean => p.speed < rules.movingSpeedKmh;

  /**
   * The part of a cluster the device stood still in: fixes at speed as it arrived and left are
   * within the radius too, and belong to the trips on either side.
   */
  const stillPart = (c: Cluster) => {
    const first = c.resumed ? 0 : c.points.findIndex(isStill);
    const last = c.points.findLastIndex(isStill);
    if (c.resumed && last < 0)
      return { start: c.resumed.start, last: c.resumed.last, arriving: [], leaving: c.points };
    if (first < 0 || last < 0)
      return { start: located(c.anchor), last: located(c.last), arriving: [], leaving: [] };
    return {
      start: c.resumed ? c.resumed.start : located(c.points[first]!),
      last: located(c.points[last]!),
      arriving: c.points.slice(0, first),
      leaving: c.points.slice(last + 1),
    };
  };

  const isStop = (c: Cluster): boolean => {
    if (c.resumed || c.accOff) return true;
    const part = stillPart(c);
    return (
      part.arriving.length + part.leaving.length < c.points.length &&
      part.last.time - part.start.time >= rules.minStopMs
    );
  };

  const tripBetween = (from: Located | undefined, via: MotionPoint[], to: DetectedStop) => {
    const path: LatLon[] = from ? [from, ...via, to.start] : [...via, to.start];
    let distance = 0;
    for (let i = 1; i < path.length; i++) distance += distanceMetres(path[i - 1]!, path[i]!);
    const movingFixes = via.filter((p) => p.speed >= rules.movingSpeedKmh).length;
    const origin = from ?? via[0];
    const displaced =
      origin !== undefined && distanceMetres(origin, to.start) >= rules.driftDisplacementM;
    const counts =
      distance >= rules.minTripDistanceM && (movingFixes >= rules.minMovingFixes || displaced);
    const trip: DetectedTrip = {
      kind: 'trip',
      start: from ?? located(via[0] ?? to.start),
      end: located(to.start),
      distance,
      maxSpeed: via.reduce((max, p) => Math.max(max, p.speed), 0),
    };
    return { trip, counts };
  };

  const addStop = (stop: DetectedStop): void => {
    if (!lastStop) {
      if (moving.length > 0) {
        const { trip, counts } = tripBetween(undefined, moving, stop);
        if (counts) segments.push(trip);
      }
      segments.push(stop);
      lastStop = stop;
    } else {
      const from = { ...lastStop.last, time: lastStop.endTime };
      const { trip, counts } = tripBetween(from, moving, stop);
      if (counts) {
        segments.push(trip, stop);
        lastStop = stop;
      } else {
        // Drift or a hop too short to be a trip: one stay from the first stop's start.
        Object.assign(lastStop, {
          last: stop.last,
          endTime: stop.endTime,
          anchor: stop.anchor,
          accOff: stop.accOff,
          provisional: stop.provisional,
        });
      }
    }
    moving = [];
  };

  /** Adds the cluster as a stop: trimmed to its still part, or whole after a data gap. */
  const addCluster = (c: Cluster, ending: { gapEnd?: number; provisional?: boolean } = {}) => {
    const whole = ending.gapEnd !== undefined || ending.provisional === true;
    const part = whole
      ? {
          start: c.resumed?.start ?? located(c.anchor),
          last: located(c.last),
          arriving: [],
          leaving: [],
        }
      : stillPart(c);
    moving.push(...part.arriving);
    addStop({
      kind: 'stop',
      start: part.start,
      last: part.last,
      endTime: ending.gapEnd ?? part.last.time,
      anchor: located(c.anchor),
      accOff: c.accOff,
      provisional: ending.provisional === true,
    });
    moving = [...part.leaving];
  };

  /** The cluster ends; `gapEnd` is the fix after a long silence somewhere else. */
  const close = (c: Cluster, gapEnd?: number): void => {
    if (gapEnd !== undefined) addCluster(c, { gapEnd });
    else if (isStop(c)) addCluster(c);
    else moving.push(...c.points);
  };

  const open = (p: MotionPoint, accOff: boolean): Cluster => ({
    anchor: p,
    last: p,
    points: [p],
    accOff,
  });

  for (const p of points) {
    if (!cluster) {
      cluster = open(p, p.acc === false);
      continue;
    }
    const near = distanceMetres(cluster.anchor, p) <= rules.stopRadiusM;
    const accOff = p.acc === false;
    if (!near && p.time - cluster.last.time > rules.maxGapMs) {
      close(cluster, p.time);
      cluster = open(p, accOff);
    } else if (near || (accOff && cluster.accOff)) {
      cluster.last = p;
      cluster.points.push(p);
      if (accOff) cluster.accOff = true;
    } else {
      close(cluster);
      cluster = open(p, accOff);
    }
  }

  if (cluster) {
    if (isStop(cluster)) addCluster(cluster);
    else if (now - cluster.last.time > rules.maxGapMs) addCluster(cluster, { provisional: true });
  }
  return segments;
}
