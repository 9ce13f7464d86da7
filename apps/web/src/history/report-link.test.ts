import { describe, expect, it } from 'vitest';
import { reportDetailsPath, reportLinkOf } from './report-link';

describe('report links', () => {
  it('name a trip or stay by device and times, and read back', () => {
    const link = {
      terminalId: 7,
      type: 'trip',
      startTime: 1_700_000_000_000,
      endTime: 1_700_000_600_000,
    } as const;
    const path = reportDetailsPath(link);
    expect(path).toBe(
      '/pagesDevice/report/details?id=7&type=trip&start=1700000000000&end=1700000600000',
    );
    expect(reportLinkOf(7, new URL(path, 'http://x').searchParams)).toEqual(link);
  });

  it.each([
    { query: 'type=trip&start=1&end=2', terminalId: null, reason: 'no device' },
    { query: 'type=route&start=1&end=2', terminalId: 7, reason: 'another type' },
    { query: 'type=stay&start=1', terminalId: 7, reason: 'no end' },
    { query: 'type=stay&start=2&end=1', terminalId: 7, reason: 'an end before the start' },
    { query: 'type=trip&start=yesterday&end=2', terminalId: 7, reason: 'a start that is no time' },
    { query: 'type=trip&itemId=5', terminalId: 7, reason: 'a row id (the links of before)' },
  ])('are null for $reason', ({ query, terminalId }) => {
    expect(reportLinkOf(terminalId, new URLSearchParams(query))).toBeNull();
  });
});
