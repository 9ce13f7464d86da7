/** Remote-control kinds, free of zod so the app can import them without the schemas (as routes.ts). */
import { LOCATION_INTERVALS_S } from '../constants.js';

/** §4 locate modes. */
export const LOCATE_MODES = [
  'timing',
  'intelligent',
  'powerSaving',
  'trace',
  'week',
  'alarmClock',
] as const;
export type LocateModeName = (typeof LOCATE_MODES)[number];
export const POSITIONING_PRIORITIES = ['wifi', 'gps'] as const;

/** "HH:mm" */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Upload intervals by kind of device: a vehicle tracker has mains power and reports from seconds
 * to minutes; a watch or battery tracker saves its battery with the §9 location intervals.
 */
export const UPLOAD_INTERVAL_PLANS = {
  vehicle: [10, 30, 60, 180, 300, 600],
  battery: LOCATION_INTERVALS_S,
} as const;
export type UploadIntervalPlan = keyof typeof UPLOAD_INTERVAL_PLANS;
/** Every interval some device may be set to, in seconds. */
export const UPLOAD_INTERVALS_S: readonly number[] = [
  ...new Set(Object.values(UPLOAD_INTERVAL_PLANS).flat()),
];

/**
 * The plan of a model category (terminalTypeInfo.category): wired trackers are vehicle trackers;
 * wireless trackers, watches and pet trackers run on a battery; a phone app sets its own.
 */
export function uploadIntervalPlan(category: string): UploadIntervalPlan | null {
  if (category === 'wired') return 'vehicle';
  return ['wireless', 'watch', 'pet'].includes(category) ? 'battery' : null;
}

/** Above this the map no longer follows a moving device (a fix every 3 min at most). */
export const LIVE_TRACKING_MAX_INTERVAL_S = 180;
