import { MOVING_SPEED_KMH } from '@xunji/shared';

/** How stops and trips are told apart; documented in docs/history.md, set in config. */
export interface SegmentRules {
  /** A stop is the device staying within this distance of where it came to rest. */
  stopRadiusM: number;
  /** …for at least this long. */
  minStopMs: number;
  /** A trip shorter than this along its fixes is no trip: the stops on either side merge. */
  minTripDistanceM: number;
  /** Silence longer than this, and a fix somewhere else after it, is a stop and then a trip. */
  maxGapMs: number;
  /** A trip needs this many fixes at walking speed or more… */
  movingSpeedKmh: number;
  minMovingFixes: number;
  /** …or to end this far from where it started (a device that reports no speed). */
  driftDisplacementM: number;
}

export const DEFAULT_SEGMENT_RULES: SegmentRules = {
  stopRadiusM: 200,
  minStopMs: 180_000,
  minTripDistanceM: 300,
  maxGapMs: 3_600_000,
  movingSpeedKmh: MOVING_SPEED_KMH,
  minMovingFixes: 2,
  driftDisplacementM: 400,
};
