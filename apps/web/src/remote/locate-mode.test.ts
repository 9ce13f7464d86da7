import { describe, expect, it } from 'vitest';
import { draftOf, draftProblem, settingOf, withTime } from './locate-mode';

describe('locate mode editor (§5)', () => {
  it('starts from the device setting', () => {
    expect(draftOf({ mode: 'week', days: [1, 3], times: ['08:00'] })).toMatchObject({
      mode: 'week',
      days: [1, 3],
      times: ['08:00'],
    });
    expect(draftOf(null).mode).toBe('timing');
  });

  it('week mode needs days, then times', () => {
    const week = { ...draftOf(null), mode: 'week' as const };
    expect(draftProblem(week)).toBe('weekDays');
    expect(draftProblem({ ...week, days: [2] })).toBe('weekTimes');
    expect(draftProblem({ ...week, days: [2], times: ['07:30'] })).toBeNull();
  });

  it('alarm clock mode needs at least one alarm', () => {
    const clock = { ...draftOf(null), mode: 'alarmClock' as const };
    expect(draftProblem(clock)).toBe('alarmClocks');
    expect(draftProblem({ ...clock, alarms: ['06:00'] })).toBeNull();
  });

  it('timing needs one of the §9 intervals', () => {
    expect(draftProblem({ ...draftOf(null), intervalSeconds: 60 })).toBe('locationInterval');
    expect(draftProblem({ ...draftOf(null), intervalSeconds: 3600 })).toBeNull();
  });

  it('the modes without fields need nothing', () => {
    for (const mode of ['intelligent', 'powerSaving', 'trace'] as const)
      expect(draftProblem({ ...draftOf(null), mode })).toBeNull();
  });

  it('adds a time once, in order, only HH:mm, up to the limit', () => {
    expect(withTime(['09:00'], '07:15', 8)).toEqual(['07:15', '09:00']);
    expect(withTime(['09:00'], '09:00', 8)).toEqual(['09:00']);
    expect(withTime([], '25:00', 8)).toEqual([]);
    expect(withTime(['01:00'], '02:00', 1)).toEqual(['01:00']);
  });

  it('sends only the fields of the chosen mode', () => {
    const draft = {
      mode: 'week' as const,
      intervalSeconds: 3600,
      days: [5, 1],
      times: ['08:00'],
      alarms: ['06:00'],
    };
    expect(settingOf(draft)).toEqual({ mode: 'week', days: [1, 5], times: ['08:00'] });
    expect(settingOf({ ...draft, mode: 'trace' })).toEqual({ mode: 'trace' });
    expect(settingOf({ ...draft, mode: 'timing' })).toEqual({
      mode: 'timing',
      intervalSeconds: 3600,
    });
  });
});
