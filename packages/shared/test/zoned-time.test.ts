import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayBounds,
  daysBetween,
  isTimeZone,
  localDate,
  zonedToEpoch,
} from '../src/zoned-time.js';

describe('zoned time', () => {
  it('reads a local time in a zone as the instant it is', () => {
    expect(zonedToEpoch('2026-11-23 00:00:00', 'Asia/Shanghai')).toBe(
      Date.UTC(2026, 10, 22, 16, 0, 0),
    );
    expect(zonedToEpoch('2026-11-23 23:59:59', 'UTC')).toBe(Date.UTC(2026, 10, 23, 23, 59, 59));
    expect(zonedToEpoch('2026-11-23', 'Asia/Kolkata')).toBe(Date.UTC(2026, 10, 22, 18, 30));
    expect(zonedToEpoch('2026-07-01 12:00', 'America/New_York')).toBe(Date.UTC(2026, 6, 1, 16, 0));
  });

  it('refuses dates and times that do not exist', () => {
    expect(zonedToEpoch('2026-02-30 00:00:00', 'UTC')).toBeUndefined();
    expect(zonedToEpoch('2026-11-23 24:00:00', 'UTC')).toBeUndefined();
    expect(zonedToEpoch('23/11/2026', 'UTC')).toBeUndefined();
  });

  it('gives days of 23 and 25 hours where the clocks change', () => {
    const spring = dayBounds('2026-03-08', 'America/New_York');
    expect(spring.end - spring.start).toBe(23 * 3_600_000);
    const autumn = dayBounds('2026-11-01', 'America/New_York');
    expect(autumn.end - autumn.start).toBe(25 * 3_600_000);
    const shanghai = dayBounds('2026-11-23', 'Asia/Shanghai');
    expect(shanghai.end - shanghai.start).toBe(24 * 3_600_000);
  });

  it('names the local date of an instant in each zone', () => {
    const instant = Date.UTC(2026, 10, 22, 17, 0);
    expect(localDate(instant, 'Asia/Shanghai')).toBe('2026-11-23');
    expect(localDate(instant, 'Europe/London')).toBe('2026-11-22');
    expect(localDate(instant, 'Pacific/Kiritimati')).toBe('2026-11-23');
  });

  it('counts calendar days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-11-29', '2026-12-02')).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
  });

  it('knows real zones from made-up ones', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
