import { encodeTrack } from '@xunji/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../stores/account';
import { useAppStore } from '../stores/app';
import { dayWindow } from './day';
import { fetchTrackInfo, prefetchTrack } from './track-request';
import { preparedView } from './track-view-client';

const fetchMock = vi.fn<typeof fetch>();
const summary = { distance: 1200 };
const answer = () =>
  new Response(
    JSON.stringify({ code: 0, message: 'ok', data: { summary, points: encodeTrack([]) } }),
  );
const sentQuery = (call: number) =>
  Object.fromEntries(new URL(String(fetchMock.mock.calls[call]![0]), 'http://x').searchParams);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(() => Promise.resolve(answer()));
  useAccountStore.setState({ isAuthenticated: true, access_token: 'tok' });
  useAppStore.setState({ mapSource: 'amap' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the track of a track page, sent at launch', () => {
  it("asks for the page's window at once", () => {
    prefetchTrack(new URLSearchParams('id=7&date=2026-11-20&from=08:00'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentQuery(0)).toMatchObject({
      terminalId: '7',
      startTime: '2026-11-20 08:00:00',
      endTime: '2026-11-20 23:59:59',
    });
  });

  it('is the answer the page gets for the same window, without asking again', async () => {
    prefetchTrack(new URLSearchParams('id=7&date=2026-11-20&from=08:00'));
    const info = await fetchTrackInfo(7, dayWindow('2026-11-20', '08:00'));
    expect(info.summary).toEqual(summary);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Used once: the next read (a refresh) asks the server.
    await fetchTrackInfo(7, dayWindow('2026-11-20', '08:00'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not used for another window', async () => {
    prefetchTrack(new URLSearchParams('id=7&date=2026-11-20'));
    await fetchTrackInfo(7, dayWindow('2026-11-21'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentQuery(1)).toMatchObject({ startTime: '2026-11-21 00:00:00' });
  });

  it('is not sent without a device', () => {
    prefetchTrack(new URLSearchParams('date=2026-11-20'));
    prefetchTrack(new URLSearchParams('id=abc'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('a track answer', () => {
  it('keeps its points for the worker, prepared for the stored base map with all shown', async () => {
    const { points } = await fetchTrackInfo(7, dayWindow('2026-11-20'));
    expect(points).toMatchObject({ count: 0, hasNetworkFixes: false });
    expect(points.bytes.byteLength).toBeGreaterThan(0);
    expect(preparedView(points, { hideNetworkFixes: false, crs: 'gcj02' })).toBeDefined();
    expect(preparedView(points, { hideNetworkFixes: false, crs: 'wgs84' })).toBeUndefined();
  });
});
