/** Remote-control kinds, free of zod so the app can import them without the schemas (as routes.ts). */

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
