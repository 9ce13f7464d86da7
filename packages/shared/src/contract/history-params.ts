import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone, zonedToEpoch } from '../zoned-time.js';

export const HISTORY_TYPES = ['track', 'trip', 'stopover'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

/** The user's IANA zone; local times and days are read in it. */
export const timeZone = z
  .string({ error: 'timeZone' })
  .refine(isTimeZone, { error: 'timeZone' })
  .default(DEFAULT_TIME_ZONE);
/** "YYYY-MM-DD HH:mm:ss" in the user's zone, or epoch milliseconds. */
export const time = z
  .string({ error: 'time' })
  .trim()
  .regex(/^(\d{10,13}|\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?)$/, { error: 'time' });
export const date = z
  .string({ error: 'date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date' })
  .refine((value) => zonedToEpoch(value, 'UTC') !== undefined, { error: 'date' });

/** A time parameter as an instant (undefined when the local time does not exist). */
export function instantOf(value: string, zone: string): number | undefined {
  return /^\d+$/.test(value) ? Number(value) : zonedToEpoch(value, zone);
}
