import {
  ALARM_CLOCK_MAX,
  CLOCK_TIME,
  LOCATION_INTERVALS_S,
  WEEK_MODE_MAX_TIMES,
  type LocateModeName,
  type LocateModeSetting,
  type ValidationMessageKey,
} from '@xunji/shared';

/** The locate-mode editor: every mode's fields at once, so switching modes loses nothing typed. */
export interface LocateModeDraft {
  mode: LocateModeName;
  intervalSeconds: number | null;
  /** 1 Monday … 7 Sunday */
  days: number[];
  times: string[];
  alarms: string[];
}

/** The days of week mode, 1 Monday … 7 Sunday, with the name of their words. */
export const WEEK_DAYS = [
  [1, 'mon'],
  [2, 'tue'],
  [3, 'wed'],
  [4, 'thu'],
  [5, 'fri'],
  [6, 'sat'],
  [7, 'sun'],
] as const;
/** At most this many times in each list. */
export const TIME_LIMITS = { times: WEEK_MODE_MAX_TIMES, alarms: ALARM_CLOCK_MAX } as const;

/** The draft of the device's current setting (timing every hour when it has none). */
export function draftOf(setting: LocateModeSetting | null): LocateModeDraft {
  const draft: LocateModeDraft = {
    mode: setting?.mode ?? 'timing',
    intervalSeconds: null,
    days: [],
    times: [],
    alarms: [],
  };
  if (setting?.mode === 'timing') draft.intervalSeconds = setting.intervalSeconds;
  if (setting?.mode === 'week') Object.assign(draft, { days: setting.days, times: setting.times });
  if (setting?.mode === 'alarmClock') draft.alarms = setting.alarms;
  return draft;
}

/** A sorted list with `time` added once; unchanged when it is not HH:mm or the list is full. */
export function withTime(list: readonly string[], time: string, max: number): string[] {
  if (!CLOCK_TIME.test(time) || list.includes(time) || list.length >= max) return [...list];
  return [...list, time].sort();
}

/** The first §5 rule the draft breaks, as the server's message key; null when it can be sent. */
export function draftProblem(draft: LocateModeDraft): ValidationMessageKey | null {
  switch (draft.mode) {
    case 'timing':
      return (LOCATION_INTERVALS_S as readonly number[]).includes(draft.intervalSeconds ?? -1)
        ? null
        : 'locationInterval';
    case 'week':
      if (draft.days.length === 0) return 'weekDays';
      return draft.times.length === 0 ? 'weekTimes' : null;
    case 'alarmClock':
      return draft.alarms.length === 0 ? 'alarmClocks' : null;
    default:
      return null;
  }
}

/** The setting to send (check `draftProblem` first). */
export function settingOf(draft: LocateModeDraft): LocateModeSetting {
  switch (draft.mode) {
    case 'timing':
      return { mode: 'timing', intervalSeconds: draft.intervalSeconds ?? 0 };
    case 'week':
      return { mode: 'week', days: [...draft.days].sort((a, b) => a - b), times: draft.times };
    case 'alarmClock':
      return { mode: 'alarmClock', alarms: draft.alarms };
    default:
      return { mode: draft.mode };
  }
}
