import { ALARM_TYPES } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { today } from '../history/day';
import { ALARM_GROUPS, ALARM_TYPE_GROUPS } from './groups';
import { EMPTY_SEARCH, isFiltered, searchDays, searchQuery } from './search';

/** Noon of 2025-03-10 in the test's zone. */
const NOW = new Date(2025, 2, 10, 12).getTime();

describe('alarm search (§3 alarmTypes, beginTime, endTime)', () => {
  it('asks for every type at any time when nothing is chosen', () => {
    expect(isFiltered(EMPTY_SEARCH)).toBe(false);
    expect(searchQuery(EMPTY_SEARCH, NOW)).toEqual({ timeZone: expect.any(String) as unknown });
  });

  it('sends the chosen types comma-separated', () => {
    const search = { ...EMPTY_SEARCH, alarmTypes: ['sos' as const, 'overspeed' as const] };
    expect(isFiltered(search)).toBe(true);
    expect(searchQuery(search, NOW)).toMatchObject({ alarmTypes: 'sos,overspeed' });
  });

  it('today and the last 7 days follow the calendar; they end at 23:59:59 today', () => {
    expect(today(NOW)).toBe('2025-03-10');
    expect(searchQuery({ ...EMPTY_SEARCH, range: 'today' }, NOW)).toMatchObject({
      beginTime: '2025-03-10 00:00:00',
      endTime: '2025-03-10 23:59:59',
    });
    expect(searchDays({ ...EMPTY_SEARCH, range: 'week' }, NOW)).toEqual([
      '2025-03-04',
      '2025-03-10',
    ]);
  });

  it('a custom range covers its days; without both days it does not filter', () => {
    const custom = {
      ...EMPTY_SEARCH,
      range: 'custom' as const,
      beginTime: '2025-01-02',
      endTime: '2025-01-05',
    };
    expect(searchQuery(custom, NOW)).toMatchObject({
      beginTime: '2025-01-02 00:00:00',
      endTime: '2025-01-05 23:59:59',
    });
    const half = { ...custom, endTime: null };
    expect(isFiltered(half)).toBe(false);
    expect(searchQuery(half, NOW)).not.toHaveProperty('beginTime');
  });

  it('the filter groups hold every alarm type exactly once', () => {
    const grouped = ALARM_GROUPS.flatMap((group) => ALARM_TYPE_GROUPS[group]);
    expect([...grouped].sort()).toEqual([...ALARM_TYPES].sort());
  });
});
